"""Line numbers of byte offsets in a scanned region, from newline counts per 64 KiB step.

Every line of a log is numbered, so every byte is looked at once for newlines
(`bytes.count`, ~3 GB/s). The counts are taken per STEP right after the
scanner searched the piece holding it, while it is still in the CPU cache:
counting the cold 8 MiB region afterwards costs ~0.25 s more per GiB on the
bench machine, and a `find` loop per line costs a Python round trip per line
(1.4 M of them in a GiB of verl log). A hit's number is then its step's
running total plus a count of at most half a step.
"""
from __future__ import annotations

STEP = 1 << 16
# `bytes.count` costs ~17 us a hot 64 KiB step on the bench machine (CPython <= 3.12 counts
# byte by byte); hopping from newline to newline with `find` (memchr) costs ~140 ns a line.
# A step with fewer lines than this (lines longer than ~550 bytes: a dense verl log of ~3 KB
# metric lines) is counted by hops; the previous step's count predicts the next one's.
HOP_LINES = 120


def step_counts(buf, a: int, b: int) -> list[int]:
    """Newlines in buf[a:b] per STEP from a."""
    count = buf.count
    find = buf.find
    out = []
    hop = True       # the first step is tried by hops, given up after HOP_LINES
    for s in range(a, b, STEP):
        e = min(b, s + STEP)
        if not hop:
            n = count(b"\n", s, e)
        else:
            n = 0
            q = find(b"\n", s, e)
            while q >= 0:
                n += 1
                if n >= HOP_LINES:      # denser than hops pay for: count the rest
                    n += count(b"\n", q + 1, e)
                    break
                q = find(b"\n", q + 1, e)
        out.append(n)
        hop = n < HOP_LINES
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
        count = self.buf.count
        if a <= self._pos <= pos:
            line = self._line + count(b"\n", self._pos, pos)
        elif pos - a <= STEP // 2 or k + 1 >= len(self.marks):
            line = self.marks[k] + count(b"\n", a, pos)
        else:   # nearer the step's end: count back from there
            line = self.marks[k + 1] - count(b"\n", pos, min(self.r1, a + STEP))
        self._pos, self._line = pos, line
        return line
