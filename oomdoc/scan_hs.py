"""Hyperscan engine for the scanner: every trigger literal in one pass.

One block-mode database per literal set (cached): rare triggers report every
match (offset and pattern id); one-line (metric) literals are single-match, so
a log with a metric line on every line costs one callback per literal per
1 MiB piece, not one per line. Pieces are memoryview slices overlapping by the
longest literal, so nothing is copied or line-aligned. Where metric lines are
already being sampled, a region may be searched with the rare literals alone
(`scan(rare_only=True)`: one-line literals cost ~a fifth of the pass on log
text); the sampler then asks for the next metric line after each probe point
(`first_line`, a scan that stops at its first match) and the exact tail asks
which pieces hold any (`lines_in`).

Optional: the `hyperscan` wheel (Vectorscan statically linked) is missing on
some platforms; `matcher()` then returns None and the scanner uses its
pydantic-core prefilter path. `OOMDOC_SCAN_ENGINE=fallback` forces that path,
`hyperscan` or `auto` (default) use this one when it loads.

Compiling the database costs 40-70 ms a process; the compiled bytes are cached
(`hs.dumpb`, in the oomdoc cache dir, keyed by the literal set, its flags and
the hyperscan version; the full key is stored inside, so a file-name collision
is only a miss) and loaded in microseconds. Hyperscan refuses a database built
for another version or CPU; that is a miss too.

Traps of the 0.9 bindings avoided here: the match handler is a bound method
kept alive by its object (an inline lambda handed to a stream segfaults), it
returns None (a truthy return stops the scan with ScanTerminated: only
`first_line` wants that), no streams (`Stream.size()` segfaults), patterns are
compiled as literals (no regex escaping), and a loaded database gets its
scratch set explicitly (`loadb` leaves none: its first scan fails).
"""
from __future__ import annotations

import os
from functools import lru_cache

from .scan_lines import step_counts

ENGINE_ENV = "OOMDOC_SCAN_ENGINE"
PIECE = 1 << 20      # a multiple of scan_lines.STEP

# A 3-byte literal no UTF-8 text holds (0xff never occurs there), added to every big literal set.
# Measured (bench/bench_literals.py): with ~470 literals all 6 bytes or longer, Hyperscan's literal
# compiler picks a model that confirms false candidates on log text at ~0.5 s a GiB; one literal of
# 3 bytes makes it pick another, at ~0.3-0.37 s a GiB on verl text (HF Trainer and Megatron text
# the same or cheaper). Sets under ~64 literals use another matcher, which it does not change.
SHAPER = b"\xff\xfe\xfd"
SHAPER_ID = (1 << 31) - 1   # its pattern id: every match handler drops it
SHAPE_MIN = 64


def wanted() -> bool:
    """False when the fallback engine is forced by the environment."""
    return os.environ.get(ENGINE_ENV, "auto").strip().lower() not in ("fallback", "prefilter", "off", "0")


class Matcher:
    """Rare-trigger matches and the pieces holding one-line literals, in one pass."""

    def __init__(self, rare: tuple[bytes, ...], line: tuple[bytes, ...]):
        import hyperscan as hs

        self.rare = rare
        self.line = line
        # The pass searches only the rare literals containing no other: a line holding any rare
        # literal holds one of those. Which literal won a line (its context window) is then
        # decided by the full set on the candidate lines alone (`_confirm`), exactly as before.
        self.cover = cover(rare)
        self._n = len(self.cover)
        self._lens = [len(x) for x in self.cover]
        self._rare_lens = [len(x) for x in rare]
        self.overlap = max((len(x) for x in rare + line), default=1)
        self._hs = hs
        self._db = _database(hs, self.cover, line)
        self._db_full = None     # every rare literal, reporting every match: the candidate lines' test
        self._db_rare = None     # the rare literals alone, built when first asked for
        self._db_line = None     # the one-line literals alone, likewise
        self._db_line_all = None
        self._line_lens = [len(x) for x in line]
        self._sets: dict[tuple[bytes, ...], object] = {}   # one-line literal subsets (`occurrences`)
        self._found: list[tuple[int, int]] = []
        self._on_match = self._record  # one bound method, referenced for the db's lifetime
        self._on_first = self._stop    # likewise

    def _record(self, pid: int, start: int, end: int, flags: int, ctx) -> None:
        if pid != SHAPER_ID:
            self._found.append((pid, end))
        # returning None (falsy) lets the scan go on

    def _stop(self, pid: int, start: int, end: int, flags: int, ctx) -> bool | None:
        if pid == SHAPER_ID:
            return None
        self._found.append((pid, end))
        return True     # stops the scan (hyperscan raises ScanTerminated)

    def _rare_db(self):
        if self._db_rare is None and self.cover:
            self._db_rare = _database(self._hs, self.cover, ())
        return self._db_rare

    def _full_db(self):
        if self._db_full is None:
            self._db_full = _database(self._hs, self.rare, ())
        return self._db_full

    def _line_db(self):
        if self._db_line is None:
            self._db_line = _database(self._hs, (), self.line)
        return self._db_line

    def _line_all_db(self):
        """The one-line literals reporting every match (as rare ones do)."""
        if self._db_line_all is None:
            self._db_line_all = _database(self._hs, self.line, ())
        return self._db_line_all

    def first_line(self, buf, q: int, b: int) -> int:
        """Start of the leftmost one-line literal in buf[q:b], or -1.

        The one-line database stops at its first reported match, at some start s;
        Hyperscan does not promise to report in offset order, so the leftmost start
        is then taken from every match in buf[q:s + longest], found by a second
        scan of that window (which reports each match, not once per literal).
        """
        found = self._found
        found.clear()
        mv = memoryview(buf)
        try:
            self._line_db().scan(mv[q:b], match_event_handler=self._on_first)
        except self._hs.ScanTerminated:
            pass
        if not found:
            return -1
        pid, end = found[0]
        found.clear()
        lens = self._line_lens
        e = min(b, q + end - lens[pid] + max(lens))
        self._line_all_db().scan(mv[q:e], match_event_handler=self._on_match)
        best = min(end - lens[pid] for pid, end in found)
        found.clear()
        return q + best

    def occurrences(self, buf, a: int, b: int, lits: tuple[bytes, ...]) -> dict[bytes, list[int]]:
        """Every start of each of these one-line literals in buf[a:b], in order, per literal.

        One database per literal set (one literal, usually: Hyperscan's memchr-like
        path, ~5x `bytes.find`'s speed on metric lines far apart)."""
        db = self._sets.get(lits)
        if db is None:
            db = self._sets[lits] = _database(self._hs, lits, ())
        found = self._found
        found.clear()
        db.scan(memoryview(buf)[a:b], match_event_handler=self._on_match)
        out: dict[bytes, list[int]] = {x: [] for x in lits}
        for pid, end in found:
            lit = lits[pid]
            out[lit].append(a + end - len(lit))
        found.clear()
        for starts in out.values():
            starts.sort()
        return out

    def lines_in(self, buf, a: int, b: int) -> tuple[bytes, ...]:
        """The one-line literals occurring in buf[a:b] (in their order)."""
        found = self._found
        found.clear()
        self._line_db().scan(memoryview(buf)[a:b], match_event_handler=self._on_match)
        present = {pid for pid, _ in found}
        found.clear()
        return tuple(x for i, x in enumerate(self.line) if i in present)

    def scan(self, buf, r0: int, r1: int, want_blocks: bool,
             rare_only: bool = False) -> tuple[list[tuple[int, int]], list, list[int]]:
        """([(start, rare id)] leftmost-longest, non-overlapping; [(a, b, line literals present)];
        newlines per scan_lines.STEP from r0, counted while each piece is in the cache).

        `rare_only` searches the rare literals alone (no blocks): one-line literals
        cost a fifth of the pass on log text (false candidates the literal matcher
        must confirm), and a sampled stretch of metric lines needs only where the
        next one after a probe is (`first_line`).

        The rare matches are the ones one left-to-right pass of the fallback's
        trie regex over r0:r1 finds: every match of every literal is reported
        (no single-match flag on these), so after sorting by (start, -length)
        the first candidate at or after the end of the last kept match is the
        leftmost start there and the longest literal at it. Pieces only decide
        who reports a match (its start), never which one wins.
        """
        mv = memoryview(buf)
        found = self._found
        n, lens = self._n, self._lens
        starts: list[int] = []     # candidate starts (cover literals)
        blocks: list = []
        counts: list[int] = []
        step = PIECE if want_blocks else max(PIECE, r1 - r0)
        db = self._rare_db() if rare_only else self._db
        for a in range(r0, r1, step):
            b = min(r1, a + step + self.overlap)
            own = min(r1, a + step)          # matches starting at or after `own` belong to the next piece
            found.clear()
            if db is not None:
                db.scan(mv[a:b], match_event_handler=self._on_match)
            counts += step_counts(buf, a, own)
            if not found:
                continue
            present = []
            for pid, end in found:
                if pid >= n:
                    present.append(self.line[pid - n])
                    continue
                s = a + end - lens[pid]
                if s < own:
                    starts.append(s)
            if present and want_blocks:
                blocks.append((a, b, tuple(x for x in self.line if x in present)))
        found.clear()
        return (self._confirm(buf, r0, r1, starts) if starts else []), blocks, counts

    def _confirm(self, buf, r0: int, r1: int, candidates: list[int]) -> list[tuple[int, int]]:
        """[(start, rare id)] leftmost-longest, non-overlapping, of the full rare set on the
        lines of buf[r0:r1] holding a candidate. No literal holds a newline (see `cover`), so
        a line's matches depend on that line alone and every line with a match has a candidate."""
        mv = memoryview(buf)
        found = self._found
        lens = self._rare_lens
        db = self._full_db()
        matches: list[tuple[int, int, int]] = []
        line_end = -1
        for c in sorted(candidates):
            if c < line_end:
                continue     # this line is done
            ls = buf.rfind(b"\n", r0, c) + 1 or r0
            line_end = buf.find(b"\n", c, r1)
            line_end = r1 if line_end < 0 else line_end + 1
            found.clear()
            db.scan(mv[ls:line_end], match_event_handler=self._on_match)
            matches += [(ls + end - lens[pid], -lens[pid], pid) for pid, end in found]
        found.clear()
        matches.sort()
        out: list[tuple[int, int]] = []
        stop = -1
        for s, neg_len, pid in matches:
            if s < stop:
                continue
            out.append((s, pid))
            stop = s - neg_len
        return out


class Presence:
    """Which of these literals occur in a text: one block scan, one callback per literal present
    (all single-match). The parsers' KEYS over a record's text: ~1 us where Python's regex
    walks a 3 KB verl metric line in ~60 us."""

    def __init__(self, words: tuple[bytes, ...]):
        import hyperscan as hs

        self._db = _database(hs, (), words)
        self._found: list[int] = []
        self._on_match = self._record  # one bound method, referenced for the db's lifetime

    def _record(self, pid: int, start: int, end: int, flags: int, ctx) -> None:
        if pid != SHAPER_ID:
            self._found.append(pid)

    def __call__(self, data: bytes) -> list[int]:
        """Ids (positions in `words`) of the literals occurring in data."""
        found = self._found
        found.clear()
        if data:
            self._db.scan(data, match_event_handler=self._on_match)
        out = found[:]
        found.clear()
        return out


def cover(rare: tuple[bytes, ...]) -> tuple[bytes, ...]:
    """The literals containing no other literal of the set (all of them if one holds a newline:
    then a match's line would not decide it alone). Measured (bench/bench_pass.py, session 11):
    ~0.03 s a GiB less pass on verl text, the same on HF Trainer and Megatron."""
    if any(b"\n" in x for x in rare):
        return rare
    kept: list[bytes] = []
    for x in sorted(set(rare), key=len):
        if not any(k in x for k in kept):
            kept.append(x)
    return tuple(sorted(kept))


CACHE_FORMAT = b"oomdoc-hs-2"


def _database(hs, rare: tuple[bytes, ...], line: tuple[bytes, ...]):
    """The block-mode database for these literals: from the cache, else compiled (and cached)."""
    import zlib

    from .datafiles import cache_dir, write_cache

    exprs = list(rare) + list(line)
    flags = [0] * len(rare) + [hs.HS_FLAG_SINGLEMATCH] * len(line)
    ids = list(range(len(exprs)))
    if len(exprs) >= SHAPE_MIN and min(map(len, exprs)) > len(SHAPER):
        exprs.append(SHAPER)
        flags.append(hs.HS_FLAG_SINGLEMATCH)
        ids.append(SHAPER_ID)
    # length-prefixed literals: two literal sets never share a key
    key = b"\0".join([CACHE_FORMAT, str(getattr(hs, "__version__", "?")).encode(), str(len(rare)).encode(),
                      *(str(len(x)).encode() + b":" + x for x in exprs)])
    path = os.path.join(cache_dir(), f"hyperscan-{zlib.crc32(key):08x}{zlib.adler32(key):08x}.db")
    try:
        with open(path, "rb") as fh:
            raw = fh.read()
        if raw[:len(key)] == key and raw[len(key):len(key) + 1] == b"\n":
            db = hs.loadb(raw[len(key) + 1:], mode=hs.HS_MODE_BLOCK)
            db.scratch = hs.Scratch(db)
            return db
    except Exception:   # no file, another version's or platform's database: compile
        pass
    db = hs.Database(mode=hs.HS_MODE_BLOCK)
    db.compile(expressions=exprs, ids=ids, elements=len(exprs),
               flags=flags, literal=True)
    try:
        write_cache(path, key + b"\n" + hs.dumpb(db))
    except Exception:   # a database that cannot be serialised is only not cached
        pass
    return db


@lru_cache(maxsize=4)
def _build(rare: tuple[bytes, ...], line: tuple[bytes, ...]) -> Matcher | None:
    try:
        return Matcher(rare, line)
    except Exception:   # no wheel for this platform, or the database does not compile
        return None


def matcher(rare: tuple[bytes, ...], line: tuple[bytes, ...]) -> Matcher | None:
    """A matcher for these literals (cached per literal set), or None: use the fallback."""
    if not wanted() or not (rare or line):
        return None
    return _build(rare, line)


@lru_cache(maxsize=4)
def _presence(words: tuple[bytes, ...]) -> Presence | None:
    try:
        return Presence(words)
    except Exception:   # no wheel for this platform, or the database does not compile
        return None


def presence(words: tuple[bytes, ...]) -> Presence | None:
    """A presence test for these literals (cached per set), or None: search another way."""
    if not wanted() or not words:
        return None
    return _presence(words)
