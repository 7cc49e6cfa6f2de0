"""Where the package's data lives: `rules/` and `corpus/`.

In a checkout they are the top-level directories; an installed wheel carries
copies under `oomdoc/_data/` (pyproject.toml force-include). Every layer may
ask, so this module imports nothing of oomdoc.
"""
from __future__ import annotations

from pathlib import Path

PKG_DIR = Path(__file__).resolve().parent          # oomdoc/
CHECKOUT = PKG_DIR.parent                          # repo root in a checkout


def data_dir(name: str) -> Path | None:
    """`rules` or `corpus`: the checkout's top-level dir, else the wheel's copy."""
    for cand in (CHECKOUT / name, PKG_DIR / "_data" / name):
        if cand.is_dir() and (cand != CHECKOUT / name or (CHECKOUT / "pyproject.toml").is_file()):
            return cand
    return None
