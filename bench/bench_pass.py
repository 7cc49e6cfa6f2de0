#!/usr/bin/env python3
"""Why the Hyperscan search pass costs what it costs: each factor apart (issue 12).

CPU seconds a GiB, medians of REPEAT passes over MIB MiB from the middle of LOG,
in memory, 1 MiB pieces (unless said), callbacks counting only. Rows:

* (a)(b) the real sets: rare + one-line (the full pass), rare alone (the sparse
  pass), one-line alone; with the shaping literal (`scan_hs.SHAPER`) unless said;
* (c) case-folded with HS_FLAG_CASELESS;
* (d) literal count and length: without the literals under N bytes; leave-one-
  group-out (G random groups of the rare literals: the largest and smallest
  change); shaping literals of 1-5 bytes;
* (e) piece size; (f) stream mode against block mode;
* (g) callbacks a GiB for each set (a Python callback costs ~0.2 us);
* the same rare set over bytes no literal can match (>= 0x80) and over random
  lowercase text: if it costs as much there, the pass is the matcher's own
  throughput, not false candidates a different literal set could avoid;
* `--file`: the rare pass over the whole file, memory-mapped in 8 MiB chunks as
  the reader does, and read into a reused 1 MiB buffer, against the in-memory rows
  (the difference is mapping and first-touch page faults).

`grep -c -E` over the whole file is printed for scale (wall, s a GiB).

usage: bench_pass.py LOG [--mib 32] [--repeat 3] [--groups 12] [--file] [--quick]
"""
from __future__ import annotations

import argparse
import mmap
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
from bench_facts import GREP_PATTERN  # noqa: E402

PIECE = 1 << 20


class Count:
    """A match handler kept alive by its owner (the 0.9 bindings' trap: see scan_hs)."""

    def __init__(self):
        self.n = 0
        self.on_match = self._on_match

    def _on_match(self, pid, start, end, flags, ctx):
        self.n += 1


def database(hs, lits, single=(), shaper: bytes | None = None, flags=0, mode=None):
    from oomdoc.scan_hs import SHAPER

    shaper = SHAPER if shaper is None else shaper
    exprs = list(lits) + list(single) + ([shaper] if shaper else [])
    fl = [flags] * len(lits) + [flags | hs.HS_FLAG_SINGLEMATCH] * len(single) + [hs.HS_FLAG_SINGLEMATCH] * bool(shaper)
    db = hs.Database(mode=hs.HS_MODE_BLOCK if mode is None else mode)
    db.compile(expressions=exprs, ids=list(range(len(exprs))), elements=len(exprs), flags=fl, literal=True)
    return db


def per_gib(db, data: bytes, repeat: int, piece: int = PIECE) -> tuple[float, float]:
    """(CPU seconds a GiB, callbacks a GiB) of block scans of data in pieces."""
    mv = memoryview(data)
    count = Count()
    runs = []
    for _ in range(repeat):
        count.n = 0
        t = time.process_time()
        for a in range(0, len(data), piece):
            db.scan(mv[a:a + piece + 64], match_event_handler=count.on_match)
        runs.append(time.process_time() - t)
    scale = (1 << 30) / len(data)
    return statistics.median(runs) * scale, count.n * scale


def stream_per_gib(db, data: bytes, repeat: int) -> float:
    mv = memoryview(data)
    count = Count()
    runs = []
    for _ in range(repeat):
        t = time.process_time()
        with db.stream(match_event_handler=count.on_match) as st:
            for a in range(0, len(data), PIECE):
                st.scan(mv[a:a + PIECE])
        runs.append(time.process_time() - t)
    return statistics.median(runs) * (1 << 30) / len(data)


def file_pass(path: str, db, how: str) -> float:
    """CPU seconds a GiB of the rare pass over the whole file, mapped or read into a reused buffer."""
    count = Count()
    fd = os.open(path, os.O_RDONLY)
    size = os.fstat(fd).st_size
    t = time.process_time()
    try:
        if how == "mmap":
            chunk = 8 << 20
            for off in range(0, size, chunk):
                n = min(chunk, size - off)
                with mmap.mmap(fd, n, access=mmap.ACCESS_READ, offset=off) as m:
                    mv = memoryview(m)
                    for a in range(0, n, PIECE):
                        db.scan(mv[a:min(n, a + PIECE + 64)], match_event_handler=count.on_match)
                    mv.release()
        else:
            buf = bytearray(PIECE)
            mv = memoryview(buf)
            with open(fd, "rb", buffering=0, closefd=False) as fh:
                while n := fh.readinto(mv):
                    db.scan(mv[:n], match_event_handler=count.on_match)
    finally:
        os.close(fd)
    return (time.process_time() - t) * (1 << 30) / size


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("log")
    ap.add_argument("--mib", type=int, default=32)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--groups", type=int, default=12)
    ap.add_argument("--file", action="store_true", help="also the pass over the whole file, mapped and read")
    ap.add_argument("--quick", action="store_true", help="rows (a)-(c) only")
    args = ap.parse_args()
    import hyperscan as hs

    from oomdoc.pipeline import Pipeline
    from oomdoc.scan import cover_set

    size = os.path.getsize(args.log)
    with open(args.log, "rb") as fh:
        fh.seek(max(0, size // 2 - (args.mib << 19)))     # the middle: past the head's banners
        data = fh.read(args.mib << 20)
    scanner = Pipeline("pass").scanner
    rare = sorted(v.encode("latin-1") for v in scanner.variants())
    line = list(scanner.line_literals)
    t = time.perf_counter()
    subprocess.run(["grep", "-c", "-E", GREP_PATTERN, args.log], stdout=subprocess.PIPE)
    grep = (time.perf_counter() - t) * (1 << 30) / size
    print(f"{args.log}: {args.mib} MiB from the middle, {args.repeat} runs, load {os.getloadavg()[0]:.1f}; "
          f"{len(rare)} rare + {len(line)} one-line literals; grep -c -E on the whole file {grep:.3f} s a GiB (wall)")

    def row(name, seconds, calls=None):
        extra = f"  {calls:10.0f} callbacks a GiB" if calls is not None else ""
        print(f"  {name:<56} {seconds:6.3f} s a GiB{extra}", flush=True)

    rare_db = database(hs, rare)
    print("(a)(b)(g) the real sets")
    row(f"rare + one-line ({len(rare)} + {len(line)}), the full pass", *per_gib(database(hs, rare, line), data, args.repeat))
    row("  the same without the shaping literal", *per_gib(database(hs, rare, line, shaper=b""), data, args.repeat))
    row(f"rare alone ({len(rare)}), the sparse pass", *per_gib(rare_db, data, args.repeat))
    row("  the same without the shaping literal", *per_gib(database(hs, rare, shaper=b""), data, args.repeat))
    row(f"one-line alone ({len(line)}, single-match)", *per_gib(database(hs, [], line, shaper=b""), data, args.repeat))
    row("one literal no text holds", *per_gib(database(hs, [b"\xff\xfe\xfd\xfc\xfb"], shaper=b""), data, args.repeat))
    print("(c) case, and literals containing another left out")
    folded = sorted({x.lower() for x in rare})
    row(f"rare case-folded, HS_FLAG_CASELESS ({len(folded)})",
        *per_gib(database(hs, folded, flags=hs.HS_FLAG_CASELESS), data, args.repeat))
    cover = sorted(x.encode("latin-1") for x in cover_set(v.decode("latin-1") for v in rare))
    row(f"rare, none containing another ({len(cover)})", *per_gib(database(hs, cover), data, args.repeat))
    folded_cover = sorted(x.encode("latin-1") for x in cover_set(v.decode("latin-1") for v in folded))
    row(f"  the same case-folded, HS_FLAG_CASELESS ({len(folded_cover)})",
        *per_gib(database(hs, folded_cover, flags=hs.HS_FLAG_CASELESS), data, args.repeat))
    if args.quick:
        return 0
    print("(d) literal count and length")
    for m in (8, 10, 12, 16):
        sub = [x for x in rare if len(x) >= m]
        row(f"rare of {m} bytes or more ({len(sub)})", *per_gib(database(hs, sub), data, args.repeat))
    order = list(range(len(rare)))
    random.Random(2).shuffle(order)
    base = per_gib(rare_db, data, args.repeat)[0]
    changes = []
    for g in range(args.groups):
        drop = set(order[g::args.groups])
        changes.append(per_gib(database(hs, [x for i, x in enumerate(rare) if i not in drop]), data, args.repeat)[0] - base)
    print(f"  leave one of {args.groups} random groups out (~{len(rare) // args.groups} literals each): "
          f"change {min(changes):+.3f} .. {max(changes):+.3f} s a GiB")
    for shaper in (b"\xff", b"\xff\xfe", b"\xff\xfe\xfd", b"\xff\xfe\xfd\xfc", b"\xff\xfe\xfd\xfc\xfb"):
        row(f"rare with a {len(shaper)}-byte shaping literal", *per_gib(database(hs, rare, shaper=shaper), data, args.repeat))
    print("(e) piece size, (f) mode")
    for piece in (64 << 10, 256 << 10, 1 << 20, 4 << 20):
        row(f"rare, {piece >> 10} KiB pieces", *per_gib(rare_db, data, args.repeat, piece))
    row("rare, stream mode (1 MiB writes)", stream_per_gib(database(hs, rare, mode=hs.HS_MODE_STREAM), data, args.repeat))
    print("throughput or false candidates?")
    junk = bytes(range(128, 256)) * (len(data) // 128)
    letters = bytes(random.Random(1).choice(b"abcdefghijklmnopqrstuvwxyz ") for _ in range(PIECE)) * (len(data) // PIECE)
    row("rare over bytes >= 0x80 (nothing can match)", *per_gib(rare_db, junk, args.repeat))
    row("rare over random lowercase letters and spaces", *per_gib(rare_db, letters, args.repeat))
    if args.file:
        print("reading (the whole file)")
        row("rare, file mapped in 8 MiB chunks (as the reader does)",
            statistics.median(file_pass(args.log, rare_db, "mmap") for _ in range(args.repeat)))
        row("rare, file read into a reused 1 MiB buffer",
            statistics.median(file_pass(args.log, rare_db, "read") for _ in range(args.repeat)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
