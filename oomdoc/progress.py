"""A progress line on stderr while a big log is read (bytes, rate, ETA).

Only on a terminal, only for inputs over `MIN_SIZE`, never with `--quiet`;
cleared before the answer is printed, so a pipe or a redirected stderr never
sees it and the terminal keeps only the answer.
"""
from __future__ import annotations

import os
import sys
import time

MIN_SIZE = 64 << 20
INTERVAL = 0.25    # seconds between redraws

quiet = False      # set by `--quiet`


def _size(n: float) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n:.0f} {unit}" if unit in ("B", "KiB") else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n:.1f} GiB"


class Progress:
    def __init__(self, name: str, total: int, stream) -> None:
        self.name = os.path.basename(name)
        self.total = total
        self.stream = stream
        self.start = time.monotonic()
        self.next_draw = self.start        # first draw at once: the user sees it is working
        self.width = 0

    def update(self, done: int) -> None:
        now = time.monotonic()
        if now < self.next_draw:
            return
        self.next_draw = now + INTERVAL
        rate = done / max(now - self.start, 1e-6)
        eta = (self.total - done) / rate if rate > 0 and done < self.total else 0
        pct = 100 * done / self.total if self.total else 100
        line = (f"oomdoc: reading {self.name}  {_size(done)} / {_size(self.total)} ({pct:.0f}%)"
                f"  {_size(rate)}/s  ETA {eta:.0f} s")
        self._write("\r" + line.ljust(self.width))
        self.width = max(self.width, len(line))

    def clear(self) -> None:
        if self.width:
            self._write("\r" + " " * self.width + "\r")
            self.width = 0

    def _write(self, text: str) -> None:
        try:
            self.stream.write(text)
            self.stream.flush()
        except (OSError, ValueError):   # a closed or broken terminal: stop drawing
            self.width = 0
            self.next_draw = float("inf")


def for_input(name: str, fh, stream=None) -> Progress | None:
    """A Progress for this open input, or None (quiet, not a terminal, small or unknown size)."""
    stream = stream if stream is not None else sys.stderr
    if quiet:
        return None
    try:
        if not stream.isatty():
            return None
        total = os.fstat(fh.fileno()).st_size
    except (OSError, ValueError, AttributeError):
        return None
    if total <= MIN_SIZE:
        return None
    return Progress(name, total, stream)
