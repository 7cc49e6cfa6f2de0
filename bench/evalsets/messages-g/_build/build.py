"""Build bench/evalsets/messages-g: one host / process / cluster / data-side OOM message format per case.

Written blind (before running oomdoc on it); each case names the source it was read from.
Run from the repository root: python bench/evalsets/messages-g/_build/build.py
"""
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))
from _build_messages import build  # noqa: E402  (one builder for every messages-* set)

# Cases the suite's evalset test fails, kept with their labels and marked `xfail: reason` (never deleted).
# The blind run's nineteen (detection misses 01 08 09 10 12 13 15 16 18 26 27 28 29 31 34, false alarms L02 L10 L12
# L15) were fixed by family in session 8 (README.md, "After"); none is left.
XFAIL: dict[str, str] = {}

if __name__ == "__main__":
    build(HERE, XFAIL)
