"""A one-line progress bar on stderr, drawn only when stderr is a terminal."""
from __future__ import annotations

import sys
import time


class Progress:
    def __init__(self, total: int, enabled: bool | None = None, stream=None):
        self.stream = stream or sys.stderr
        self.total = total
        self.enabled = (self.stream.isatty() if enabled is None else enabled) and total > 1
        self.started = time.monotonic()
        self.last = 0.0
        self.done = self.errors = 0

    def update(self, row: dict) -> None:
        self.done += 1
        self.errors += row.get("status") == "error"
        now = time.monotonic()
        if self.enabled and (now - self.last > 0.1 or self.done == self.total):
            self.last = now
            width = 30
            filled = int(width * self.done / max(self.total, 1))
            err = f", {self.errors} errors" if self.errors else ""
            self.stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} logs"
                              f"{err}  {now - self.started:.1f} s ")
            self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r\033[K")
            self.stream.flush()
