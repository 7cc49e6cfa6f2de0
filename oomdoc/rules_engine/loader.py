"""Finding, validating and caching rule files.

Rule directories, in order: the packaged rules (top-level `rules/` in a
checkout, `oomdoc/_data/rules` in an installed wheel), then `OOMDOC_RULES`
(os.pathsep-separated), then each `--rules DIR`. A later rule with the same id
replaces an earlier one, so a team can override a packaged rule.

Validating ~20 YAML files with pydantic costs more than the rest of a small
`oomdoc explain` run, so the validated rules are cached as JSON in the user's
cache dir (`datafiles.read_cache`: marshal, quick to read, and a warm run
imports no JSON decoder), keyed by every rule file's path, mtime and size (plus the oomdoc
version and the vocabulary files). pydantic, yaml and rapidfuzz are imported
only when the cache misses. An unwritable cache dir just means no cache.
"""
from __future__ import annotations

import os

from ..datafiles import PKG_PATH, cache_bytes, cache_dir, checksum, data_path, read_cache
from ..records import dataclass, field

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: the hot path below uses str paths (pathlib costs start-up time)
    from pathlib import Path

CACHE_FORMAT = 1


class RuleError(Exception):
    """Rule files that do not validate; `errors` name file, rule id and field."""

    def __init__(self, errors: list[str]):
        super().__init__("\n".join(errors))
        self.errors = errors


@dataclass
class RuleSet:
    rules: list[dict] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)

    def by_id(self, rule_id: str) -> dict | None:
        return next((r for r in self.rules if r["id"] == rule_id), None)


def rule_dirs(extra=()) -> list[Path]:
    from pathlib import Path

    return [Path(p) for p in _rule_dir_names(extra)]


def rule_files(paths) -> list[Path]:
    from pathlib import Path

    return [Path(p) for p in _rule_file_names(paths)]


def _rule_dir_names(extra=()) -> list[str]:
    dirs = []
    packaged = data_path("rules")
    if packaged is not None:
        dirs.append(packaged)
    env = os.environ.get("OOMDOC_RULES", "")
    dirs += [p for p in env.split(os.pathsep) if p.strip()]
    dirs += [os.fspath(p) for p in extra]
    return dirs


def _rule_file_names(paths) -> list[str]:
    """The rule files of `paths` (files, or directories of *.yaml/*.yml, in name order)."""
    out: list[str] = []
    for p in map(os.fspath, paths):
        if os.path.isfile(p):
            out.append(p)
        elif os.path.isdir(p):
            out += [os.path.join(p, n) for n in sorted(os.listdir(p))
                    if os.path.splitext(n)[1] in (".yaml", ".yml") and os.path.isfile(os.path.join(p, n))]
        else:
            from pathlib import Path

            raise RuleError([f"{Path(p)}: no such rule file or directory"])
    return out


# -- validation ---------------------------------------------------------------

def vocabulary() -> dict:
    from ..config import known_knobs
    from . import helpers, vocab

    return {"kinds": set(vocab.kinds()), "facts": set(vocab.facts()),
            "metrics": set(vocab.metrics()), "knobs": set(known_knobs()),
            "value_helpers": set(helpers.VALUE_HELPERS), "frees_helpers": set(helpers.FREES_HELPERS),
            "causes": set(vocab.CAUSES)}


def validate_file(path: Path, ctx: dict | None = None) -> tuple[list[dict], list[str]]:
    """Validate one rule file: (rules as JSON data, error lines)."""
    import yaml
    from pydantic import ValidationError

    from .schema import Rule, json_ready

    ctx = ctx if ctx is not None else vocabulary()
    from ..safe_yaml import LimitError, compose_yaml, construct_yaml

    try:
        root = compose_yaml(path.read_text(encoding="utf-8"))
        data = construct_yaml(root)
    except (OSError, UnicodeDecodeError) as exc:
        return [], [f"{path}: cannot read: {exc}"]
    except LimitError as exc:
        return [], [f"{path}: YAML {exc}"]
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f"{path}:{mark.line + 1}" if mark is not None else str(path)
        return [], [f"{at}: broken YAML: {' '.join(str(exc).split())}"]
    docs = data if isinstance(data, list) else [data]
    nodes = root.value if isinstance(data, list) else [root]
    rules, errors = [], []
    for doc, node in zip(docs, nodes):
        if not isinstance(doc, dict):
            where = f"{path}:{node.start_mark.line + 1}" if node is not None else str(path)
            errors.append(f"{where}: a rule file holds a mapping (id, cause, when, ...), got {type(doc).__name__}")
            continue
        rid = doc.get("id", "?")
        try:
            rule = Rule.model_validate(doc, context=ctx)
        except ValidationError as exc:
            for err in exc.errors():
                loc = ".".join(str(x) for x in err["loc"]) or "(rule)"
                msg = err["msg"].removeprefix("Value error, ")
                errors.append(f"{path}:{line_of(node, err['loc'])}: rule {rid!r}: {loc}: {msg}")
            continue
        data = json_ready(rule)
        data["file"] = str(path)
        rules.append(data)
    return rules, errors


def line_of(node, loc) -> int:
    """1-based line of the YAML node at pydantic's error location (as deep as it resolves)."""
    import yaml

    for key in loc:
        if isinstance(node, yaml.MappingNode):
            child = next((v for k, v in node.value if getattr(k, "value", None) == str(key)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            child = node.value[key]
        else:
            child = None
        if child is None:
            break
        node = child
    return node.start_mark.line + 1


def cache_key(files) -> tuple[str, str] | None:
    """(cache file, full key): the key names every rule file's path, mtime and size.

    The file name is a cheap checksum of the key (hashlib costs ~4 ms of start-up);
    the full key is stored inside and compared, so a collision is only a miss.
    `files` are str or Path; paths are handled as strings (pathlib costs start-up).
    """
    from .. import __version__

    here = os.path.dirname(os.path.abspath(__file__))
    parsers = os.path.join(PKG_PATH, "parsers")
    parts = [f"{CACHE_FORMAT}:{__version__};"]
    stamp = [os.path.join(PKG_PATH, "config", "knobs.yaml"),
             *(os.path.join(here, n) for n in ("schema.py", "vocab.py", "helpers.py", "safe_regex.py", "loader.py")),
             *(os.path.join(parsers, n) for n in sorted(_names(parsers)) if n.endswith(".py"))]   # kinds, facts
    real_dirs: dict[str, str] = {}   # resolving each file's directory once: ~1.5 ms of start-up
    for f in [*stamp, *map(os.fspath, files)]:
        try:
            st = os.stat(f)
            parent, name = os.path.split(f)
            if parent not in real_dirs:
                real_dirs[parent] = os.path.realpath(parent or ".")
            real = os.path.realpath(f) if os.path.islink(f) else os.path.join(real_dirs[parent], name)
        except OSError:
            return None
        parts.append(f"{real}:{st.st_mtime_ns}:{st.st_size};")
    key = "".join(parts)
    raw = key.encode("utf-8", "surrogateescape")
    return os.path.join(cache_dir(), f"rules-{checksum(raw)}.marshal"), key


def _names(directory: str) -> list[str]:
    try:
        return os.listdir(directory)
    except OSError:
        return []


def load_rules(extra=(), *, use_cache: bool = True) -> RuleSet:
    """Every rule from the packaged dir, OOMDOC_RULES and `extra` dirs/files."""
    from ..datafiles import write_cache

    files = _rule_file_names(_rule_dir_names(extra))
    cache, key = (cache_key(files) if use_cache else None) or (None, None)
    if cache is not None:
        data = read_cache(cache, key)
        if isinstance(data, tuple) and len(data) == 3:
            return RuleSet(rules=data[0], errors=data[1], files=data[2])
    from pathlib import Path

    rs = validate_files([Path(f) for f in files])
    # a result with errors is not kept: a process whose parser modules were replaced under it
    # (an upgrade, a checkout) validates against its old vocabulary and would pin that verdict
    if cache is not None and not rs.errors:
        write_cache(cache, cache_bytes(key, (rs.rules, rs.errors, rs.files)))
    return rs


def validate_files(files: list[Path]) -> RuleSet:
    from pathlib import Path

    from ..datafiles import data_dir

    ctx = vocabulary()
    by_id: dict[str, dict] = {}
    errors: list[str] = []
    packaged = data_dir("rules")
    for f in files:
        rules, errs = validate_file(f, ctx)
        errors += errs
        for r in rules:
            # packaged rules' regexes are reviewed: they may skip the timeout guard
            r["packaged"] = packaged is not None and Path(f).resolve().parent == packaged.resolve()
            by_id[r["id"]] = r     # later dirs override packaged rules
    return RuleSet(rules=list(by_id.values()), errors=errors, files=[str(f) for f in files])
