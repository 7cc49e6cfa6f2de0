"""Finding, validating and caching rule files.

Rule directories, in order: the packaged rules (top-level `rules/` in a
checkout, `oomdoc/_data/rules` in an installed wheel), then `OOMDOC_RULES`
(os.pathsep-separated), then each `--rules DIR`. A later rule with the same id
replaces an earlier one, so a team can override a packaged rule.

Validating ~20 YAML files with pydantic costs more than the rest of a small
`oomdoc explain` run, so the validated rules are cached as JSON in the user's
cache dir, keyed by every rule file's path, mtime and size (plus the oomdoc
version and the vocabulary files). pydantic, yaml and rapidfuzz are imported
only when the cache misses. An unwritable cache dir just means no cache.
"""
from __future__ import annotations

import zlib
import json
import os
from pathlib import Path

from ..records import dataclass, field
from ..datafiles import PKG_DIR, data_dir

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
    dirs = []
    packaged = data_dir("rules")
    if packaged is not None:
        dirs.append(packaged)
    env = os.environ.get("OOMDOC_RULES", "")
    dirs += [Path(p) for p in env.split(os.pathsep) if p.strip()]
    dirs += [Path(p) for p in extra]
    return dirs


def rule_files(paths) -> list[Path]:
    out: list[Path] = []
    for p in paths:
        p = Path(p)
        if p.is_file():
            out.append(p)
        elif p.is_dir():
            out += sorted(q for q in p.iterdir() if q.suffix in (".yaml", ".yml") and q.is_file())
        else:
            raise RuleError([f"{p}: no such rule file or directory"])
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


def cache_key(files: list[Path]) -> tuple[Path, str] | None:
    """(cache file, full key): the key names every rule file's path, mtime and size.

    The file name is a cheap checksum of the key (hashlib costs ~4 ms of start-up);
    the full key is stored inside and compared, so a collision is only a miss.
    """
    from .. import __version__

    parts = [f"{CACHE_FORMAT}:{__version__};"]
    stamp = [PKG_DIR / "config" / "knobs.yaml", Path(__file__).with_name("schema.py"),
             Path(__file__).with_name("vocab.py"), Path(__file__).with_name("helpers.py"),
             Path(__file__).with_name("safe_regex.py"), Path(__file__),
             *sorted((PKG_DIR / "parsers").glob("*.py"))]    # the kinds and facts rules may name
    real_dirs: dict[Path, Path] = {}   # resolving each file's directory once: ~1.5 ms of start-up
    for f in [*stamp, *files]:
        try:
            st = f.stat()
            if f.parent not in real_dirs:
                real_dirs[f.parent] = f.parent.resolve()
            real = f.resolve() if f.is_symlink() else real_dirs[f.parent] / f.name
        except OSError:
            return None
        parts.append(f"{real}:{st.st_mtime_ns}:{st.st_size};")
    key = "".join(parts)
    raw = key.encode("utf-8", "surrogateescape")
    base = os.environ.get("OOMDOC_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "oomdoc")
    return Path(base) / f"rules-{zlib.crc32(raw):08x}{zlib.adler32(raw):08x}.json", key


def load_rules(extra=(), *, use_cache: bool = True) -> RuleSet:
    """Every rule from the packaged dir, OOMDOC_RULES and `extra` dirs/files."""
    files = rule_files(rule_dirs(extra))
    cache, key = (cache_key(files) if use_cache else None) or (None, None)
    if cache is not None:
        try:
            data = json.loads(cache.read_text(encoding="utf-8"))
            if data.get("key") == key:
                return RuleSet(rules=data["rules"], errors=data["errors"], files=data["files"])
        except (OSError, ValueError, KeyError, AttributeError):
            pass
    rs = validate_files(files)
    if cache is not None:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"key": key, "rules": rs.rules, "errors": rs.errors, "files": rs.files}),
                           encoding="utf-8")
            os.replace(tmp, cache)
        except OSError:
            pass
    return rs


def validate_files(files: list[Path]) -> RuleSet:
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
