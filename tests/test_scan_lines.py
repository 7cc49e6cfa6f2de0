"""Line numbering of the scanner: newline counts per step, whatever the line lengths."""
from __future__ import annotations

import random

from oomdoc.scan_lines import STEP, LineIndex, step_counts


def _log(rnd: random.Random, size: int) -> bytes:
    """Runs of long lines, of short ones and of empty ones, mixed."""
    out = bytearray()
    while len(out) < size:
        width = rnd.choice([1, 3, 40, 200, 900, 3000, STEP + 7])
        for _ in range(rnd.randint(1, 400)):
            out += b"x" * rnd.randint(0, width) + b"\n"
    return bytes(out[:size])


def test_step_counts_equal_bytes_count_on_every_step():
    rnd = random.Random(12)
    for _ in range(40):
        buf = _log(rnd, rnd.randint(0, 5 * STEP))
        a = rnd.randint(0, len(buf))
        b = rnd.randint(a, len(buf))
        want = [buf.count(b"\n", s, min(b, s + STEP)) for s in range(a, b, STEP)]
        assert step_counts(buf, a, b) == want


def test_steps_of_every_density_and_a_short_last_step():
    sparse = (b"y" * 2000 + b"\n") * (STEP // 2001) + b"y" * (STEP % 2001)
    dense = b"\n" * STEP
    buf = sparse + dense + b"z" * STEP + sparse[:100] + b"\n"
    want = [sparse.count(b"\n"), STEP, 0, 1]
    assert step_counts(buf, 0, len(buf)) == want
    assert step_counts(buf, 0, 0) == []


def test_line_index_numbers_every_offset():
    rnd = random.Random(7)
    buf = _log(rnd, 3 * STEP + 123)
    r1 = buf.rfind(b"\n") + 1
    idx = LineIndex(buf, 0, r1, 10)
    for pos in sorted(rnd.randrange(r1) for _ in range(200)):
        assert idx.line_at(pos) == 10 + buf.count(b"\n", 0, pos)
    assert idx.end == 10 + buf.count(b"\n", 0, r1)
