"""Line numbers of byte offsets in a scanned region, from newline counts per 64 KiB step.

Every line of a log is numbered, so every byte is looked at once for newlines
(see `step_counts`). The counts are taken per STEP right after the
scanner searched the piece holding it, while it is still in the CPU cache:
counting the cold 8 MiB region afterwards costs ~0.25 s more per GiB on the
bench machine, and a `find` loop per line costs a Python round trip per line
(1.4 M of them in a GiB of verl log). A hit's number is then its step's
running total plus a count of at most half a step.
"""
from __future__ import annotations

STEP = 1 << 16


def step_counts(buf, a: int, b: int) -> list[int]:
    """Newlines in buf[a:b] per STEP from a.

    Not `buf.count(b"\\n", s, e)`: CPython <= 3.12 counts a byte at a time
    (~17 us a hot 64 KiB step on the bench machine), while `replace` of one
    byte by nothing first counts it with a memchr loop, then copies: the
    length it drops is the count, ~2-3x cheaper on every log shape (a dense
    verl log's ~3 KB lines most).
    """
    out = []
    for s in range(a, b, STEP):
        piece = buf[s:min(b, s + STEP)]
        out.append(len(piece) - len(piece.replace(b"\n", b"")))
    return out


class LineIndex:
    """The number of the line holding any offset of buf[r0:r1] (complete lines)."""

    def __init__(self, buf, r0: int, r1: int, first: int, counts: list[int] | None = None):
        if counts is None:
            counts = step_counts(buf, r0, r1)
        marks = [first]
        n = first
        for c in counts:
            n += c
            marks.append(n)
        self.buf, self.r0, self.r1, self.first = buf, r0, r1, first
        self.marks = marks        # marks[k]: number of the line holding buf[r0 + k*STEP]
        self.end = n              # number of the first line after the region
        self._pos, self._line = r0, first   # a cursor: hits come in order

    def line_at(self, pos: int) -> int:
        k = (pos - self.r0) // STEP
        a = self.r0 + k * STEP
        if a <= self._pos <= pos:
            line = self._line + newlines(self.buf, self._pos, pos)
        elif pos - a <= STEP // 2 or k + 1 >= len(self.marks):
            line = self.marks[k] + newlines(self.buf, a, pos)
        else:   # nearer the step's end: count back from there
            line = self.marks[k + 1] - newlines(self.buf, pos, min(self.r1, a + STEP))
        self._pos, self._line = pos, line
        return line


def newlines(buf, a: int, b: int) -> int:
    """Newlines in buf[a:b] (at most a step): counted as `step_counts` does, which also
    serves a buffer with no `count` (a memory-mapped file)."""
    piece = buf[a:b]
    return len(piece) - len(piece.replace(b"\n", b""))
