"""Where the package's data lives: `rules/` and `corpus/`.

In a checkout they are the top-level directories; an installed wheel carries
copies under `oomdoc/_data/` (pyproject.toml force-include). Every layer may
ask, so this module imports nothing of oomdoc. Paths are plain strings on the
start-up path (importing pathlib costs ~3 ms, issue 12); `PKG_DIR`, `CHECKOUT`
and `data_dir` give `Path`s to everyone else.
"""
from __future__ import annotations

import json
import os

PKG_PATH = os.path.dirname(os.path.realpath(__file__))    # oomdoc/
CHECKOUT_PATH = os.path.dirname(PKG_PATH)                # repo root in a checkout


def __getattr__(name: str):
    if name in ("PKG_DIR", "CHECKOUT"):
        from pathlib import Path

        return Path(PKG_PATH if name == "PKG_DIR" else CHECKOUT_PATH)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def data_path(name: str) -> str | None:
    """`rules` or `corpus`: the checkout's top-level dir, else the wheel's copy."""
    top = os.path.join(CHECKOUT_PATH, name)
    for cand in (top, os.path.join(PKG_PATH, "_data", name)):
        if os.path.isdir(cand) and (cand != top or os.path.isfile(os.path.join(CHECKOUT_PATH, "pyproject.toml"))):
            return cand
    return None


def data_dir(name: str):
    """`data_path` as a `Path` (or None)."""
    from pathlib import Path

    found = data_path(name)
    return None if found is None else Path(found)


def cache_dir() -> str:
    """The user's cache directory for oomdoc (OOMDOC_CACHE_DIR, else XDG's, else ~/.cache/oomdoc)."""
    return os.environ.get("OOMDOC_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "oomdoc")


def write_cache(path, doc) -> None:
    """Write a cache file (a str or a Path; JSON for a dict, bytes as given) atomically (a
    concurrent reader sees the old or the new file, never half of one); a cache that cannot
    be written is only a slower next run."""
    path = os.fspath(path)
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        tmp = f"{os.path.splitext(path)[0]}.{os.getpid()}.tmp"
        with open(tmp, "wb") as fh:
            fh.write(doc if isinstance(doc, bytes) else json.dumps(doc).encode("utf-8"))
        os.replace(tmp, path)
    except OSError:
        pass
