"""Per-framework data (frameworks/*.json): neutral knob <-> own keys, and how to recognise it.

Each file: `cli`/`file` (how a change is written and where; `file.named_by`:
the launch flags that name the file, e.g. `--deepspeed`), optional `extends`
(inherit another mapping's knobs), `knobs`: knob -> spec with `keys` (first =
preferred spelling; older spellings after it), `default`, `renamed` (old key
-> note), `transform`, `flag` ("store_true") and `note`; `log_triggers`
(literals that mark its config printed in a log, for the scanner); and
`detect` (see detect.py): `tier`, `packages`, `entries` (launch entry points;
with a Hydra `cli` they take Hydra overrides), `launchers`, `text`, `actors`,
`names` (class names, matched as whole identifiers), `paths` (source files only its
tree has), `keys`, `forks`, `fork_of`/`contradicts`, `parsers`, `repos` (the repositories
whose catalogue families only it prints: a signature's `source.repo`), `component`, `ray`.

Adding a framework is adding its file: detection, Hydra entry points, launcher
programs, the Ray family and the scanner's config triggers are derived from
these files (a new trigger literal also needs `python3 bench/make_anchors.py`).
Files are JSON; a warm run reads them all from one cache file keyed by every file's
name, mtime and size (`_framework_files`), without importing a JSON decoder.
"""
from __future__ import annotations

from functools import lru_cache
import os

from .. import re_cache

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: importing typing costs start-up time (issue 12)
    from typing import Any

HERE = os.path.dirname(os.path.abspath(__file__))     # str paths: pathlib costs start-up time
FRAMEWORK_DIR = os.path.join(HERE, "frameworks")
COMPONENTS = ("deepspeed", "accelerate", "vllm", "env", "launcher")


def json_stems(directory) -> list[str]:
    """Names (without `.json`) of the JSON files in `directory`, in file-name order."""
    if directory == FRAMEWORK_DIR:
        return list(_framework_files(os.fspath(directory)))
    return [n[:-5] for n in sorted(os.listdir(directory)) if n.endswith(".json")
            and os.path.isfile(os.path.join(directory, n))]


@lru_cache(maxsize=4)
def _framework_files(directory: str) -> dict[str, dict | None]:
    """stem -> the parsed <directory>/<stem>.json (None: not a JSON object), in file-name order.

    Parsed once into the user's cache (`datafiles.read_cache`: quicker than JSON and
    no decoder to import); the cache is keyed by the directory and every file's name,
    mtime and size, and a cache that cannot be read or written is only a slower run."""
    import stat

    from ..datafiles import cache_bytes, cache_dir, checksum, read_cache, write_cache

    names, parts = [], [f"1:{os.path.realpath(directory)}"]
    for n in sorted(os.listdir(directory)):
        if not n.endswith(".json"):
            continue
        try:
            st = os.stat(os.path.join(directory, n))
        except OSError:
            continue
        if stat.S_ISREG(st.st_mode):
            names.append(n[:-5])
            parts.append(f"{n}:{st.st_mtime_ns}:{st.st_size}")
    key = "\x00".join(parts)
    raw = key.encode("utf-8", "surrogateescape")
    cache = os.path.join(cache_dir(), f"frameworks-{checksum(raw)}.marshal")
    got = read_cache(cache, key)
    if isinstance(got, dict):
        return got
    import json

    files: dict[str, dict | None] = {}
    for stem in names:
        try:
            with open(os.path.join(directory, f"{stem}.json"), encoding="utf-8") as fh:
                data = json.loads(fh.read())
        except (OSError, ValueError):
            data = None
        files[stem] = data if isinstance(data, dict) else None
    write_cache(cache, cache_bytes(key, files))
    return files


@lru_cache(maxsize=None)
def mapping(name: str | None) -> dict:
    """The merged mapping of a framework or component; {} when there is none."""
    if not name:
        return {}
    data = _framework_files(os.fspath(FRAMEWORK_DIR)).get(name)
    if data is None:
        return {}
    data = dict(data)     # the cached file stays as read: merged copies are handed out
    base = mapping(data.get("extends"))
    if base:
        knobs = dict(base.get("knobs", {}))
        knobs.update(data.get("knobs", {}))
        data = {**base, **data, "knobs": knobs}
    return data


@lru_cache(maxsize=None)
def index(name: str | None) -> dict[str, list[tuple[str, int, dict]]]:
    """own key -> [(knob, position of the key in the knob's list, spec)]."""
    out: dict[str, list] = {}
    for knob, spec in mapping(name).get("knobs", {}).items():
        for pos, key in enumerate(spec.get("keys", ())):
            out.setdefault(key, []).append((knob, pos, spec))
    return out


@lru_cache(maxsize=1)
def known_keys() -> frozenset[str]:
    """Every key some framework's or component's mapping reads (its own vocabulary)."""
    return frozenset(k for name in json_stems(FRAMEWORK_DIR) for k in index(name))


def all_ids() -> list[str]:
    return sorted(s for s in json_stems(FRAMEWORK_DIR) if s not in COMPONENTS)


@lru_cache(maxsize=1)
def detect_profiles() -> dict[str, dict]:
    """framework id -> the `detect` section of its JSON (how to recognise it in a log)."""
    out = {}
    for fw in sorted(json_stems(FRAMEWORK_DIR)):
        section = mapping(fw).get("detect")
        if section:
            out[fw] = section
    return out


def hydra_entries() -> tuple[str, ...]:
    """Launch entry points whose `key=value` arguments are Hydra overrides (accept +key / ~key)."""
    return tuple(e for fw, d in detect_profiles().items() if mapping(fw).get("cli", {}).get("style") == "hydra"
                 for e in d.get("entries", {}))


def launchers() -> tuple[str, ...]:
    """Programs that start a run (`llamafactory-cli`, `deepspeed`, ...), as the frameworks declare them."""
    return tuple(x for d in detect_profiles().values() for x in d.get("launchers", ()))


def ray_family() -> frozenset[str]:
    """Frameworks that run on Ray (Ray-only defaults apply to them)."""
    return frozenset(fw for fw, d in detect_profiles().items() if d.get("ray"))


_KNOB_LINE = re_cache.lazy(r'^([\w.]+):\s*\{type:\s*(\w+),\s*doc:\s*"(.*)"\}\s*$')


@lru_cache(maxsize=1)
def knob_types() -> dict[str, str]:
    """knob -> type, read from knobs.yaml without importing yaml (start-up time)."""
    out: dict[str, str] = {}
    with open(os.path.join(HERE, "knobs.yaml"), encoding="utf-8") as fh:
        text = fh.read()
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        m = _KNOB_LINE.match(line)
        if not m:   # a knob written in another YAML shape: fall back to the YAML parser
            from . import known_knobs

            return {k: v.get("type", "str") for k, v in known_knobs().items()}
        out[m.group(1)] = m.group(2)
    return out


# -- value transforms between a framework's own value and the knob value -----

def to_knob(value: Any, transform: Any) -> Any:
    if transform is None:
        return value
    if transform == "not":
        return None if value is None else not _truthy(value)
    if transform == "device":
        return value is not None and str(value).strip().lower() not in ("none", "", "false", "null")
    if transform == "positive":
        try:
            return float(value) > 0
        except (TypeError, ValueError):
            return None
    if transform == "set":
        return value is not None and str(value).lower() not in ("none", "null", "")
    if transform == "expandable":
        return expandable(value)
    if transform == "server_if_set":   # a device of its own for the engine (TRL <= 0.17 vllm_device)
        return "server" if value is not None and str(value).strip().lower() not in ("none", "", "false", "null") \
            else None
    if isinstance(transform, dict) and "map" in transform:
        return transform["map"].get(str(value), value)
    if isinstance(transform, dict) and "pattern" in transform:
        # a setting named inside another value (LLaMA-Factory's `deepspeed: .../ds_z3_config.json`)
        m = re_cache.compile(transform["pattern"]).search(str(value)) if value is not None else None
        return coerce_key(m.group(1)) if m else None
    return value


def from_knob(value: Any, transform: Any, current_raw: Any = None) -> Any:
    """The framework's own value that gives the knob `value`."""
    if transform is None:
        return value
    if transform == "not":
        return not _truthy(value)
    if transform == "device":
        return "cpu" if _truthy(value) else "none"
    if transform == "positive":
        return 0.04 if _truthy(value) else 0.0
    if transform == "set":
        return "full" if _truthy(value) else None
    if transform == "expandable":
        return set_expandable(current_raw, _truthy(value))
    if isinstance(transform, dict) and "map" in transform:
        for k, v in transform["map"].items():
            if v == value:
                return coerce_key(k)
    if isinstance(transform, dict) and "pattern" in transform:
        m = re_cache.compile(transform["pattern"]).search(current_raw) if isinstance(current_raw, str) else None
        if m:
            return current_raw[:m.start(1)] + str(value) + current_raw[m.end(1):]
        return transform["template"].format(value)
    return value


def coerce_key(k: str) -> Any:
    return {"True": True, "False": False}.get(k, k)


def _truthy(v: Any) -> bool:
    if isinstance(v, str):
        return v.strip().lower() in ("true", "1", "yes", "on")
    return bool(v)


def expandable(conf: Any) -> bool | None:
    if conf is None:
        return None
    for part in str(conf).split(","):
        k, _, v = part.partition(":")
        if k.strip() == "expandable_segments":
            return v.strip().lower() == "true"
    return False


def set_expandable(conf: Any, on: bool) -> str:
    parts = [p for p in str(conf or "").split(",") if p.strip()
             and p.split(":", 1)[0].strip() != "expandable_segments"]
    parts.append(f"expandable_segments:{'True' if on else 'False'}")
    return ",".join(parts)
