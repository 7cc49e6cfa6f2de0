"""Where the package's data lives: `rules/` and `corpus/`.

In a checkout they are the top-level directories; an installed wheel carries
copies under `oomdoc/_data/` (pyproject.toml force-include). Every layer may
ask, so this module imports nothing of oomdoc.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

PKG_DIR = Path(__file__).resolve().parent          # oomdoc/
CHECKOUT = PKG_DIR.parent                          # repo root in a checkout


def data_dir(name: str) -> Path | None:
    """`rules` or `corpus`: the checkout's top-level dir, else the wheel's copy."""
    for cand in (CHECKOUT / name, PKG_DIR / "_data" / name):
        if cand.is_dir() and (cand != CHECKOUT / name or (CHECKOUT / "pyproject.toml").is_file()):
            return cand
    return None


def cache_dir() -> Path:
    """$OOMDOC_CACHE_DIR, else $XDG_CACHE_HOME/oomdoc, else ~/.cache/oomdoc."""
    return Path(os.environ.get("OOMDOC_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "oomdoc"))


def write_cache(path: Path, doc: dict | bytes) -> None:
    """Write a cache file (JSON, or bytes as given) atomically: a concurrent reader sees the
    old or the new file, never half of one; a cache that cannot be written is only a slower
    next run."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(doc if isinstance(doc, bytes) else json.dumps(doc).encode("utf-8"))
        os.replace(tmp, path)
    except OSError:
        pass
