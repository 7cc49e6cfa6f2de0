"""The hot path: find the few interesting lines of a huge log, fast.

A 1 GiB training log is millions of ordinary lines. Running every parser on
every line in Python is ~30x slower than `grep`, so the scanner works on big
byte chunks:

* rare triggers (OOM words, tracebacks, config dumps) are first tested per
  1 MiB block with pydantic-core's Rust regex (SIMD multi-literal search at
  GB/s); only blocks that hit are searched line by line, and a window of
  context lines around each hit is emitted (tracebacks start far above their
  exception line);
* frequent one-line triggers (per-step metric lines) are found with
  `bytes.find` and emitted alone;
* the head of the log (start-up banners, config dumps, the launch command) is
  emitted whole.

Everything else is counted (for line numbers) and dropped. Emitted lines go on
to prefix peeling, assembly and the parsers.
"""
from __future__ import annotations

import os
from collections import deque
from functools import lru_cache

from .records import dataclass, field
from . import re_cache
from .scan_lines import LineIndex, step_counts

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: a warm run never imports re (re_cache), nor scan_hs
    import re

    from . import scan_hs

BLOCK = 1 << 20      # a multiple of scan_lines.STEP (newlines are counted per step, per block)
SUBBLOCK = 1 << 16
SMALL = 4096  # below this, one Python regex pass is cheaper than building anything
BACK_CAP = 256 << 10   # backward context kept from the region before: at most this many bytes
KEEP_TAILS = 3   # sampled regions kept for the exact tail (8 MiB each when reading a file)


@dataclass
class _Tail:
    """The last big region whose metric lines were only probed: its exact tail is read lazily."""
    buf: bytes
    r0: int
    r1: int
    first: int                          # line number of buf[r0]
    blocks: list | None                 # (start, end, literals) of blocks holding one-line triggers;
                                        # None: not searched for (see Scanner._sparse_pass), found lazily
    reported: list                      # offsets of the hits already reported
    emitted: list = field(default_factory=list)  # line ranges emitted whole (parsed there)
    lines: LineIndex | None = None      # set once the region is numbered
    floor: int = 0                      # the tail is searched from here (lines before were read exactly)


@dataclass(frozen=True)
class TriggerGroup:
    name: str
    literals: tuple[str, ...]
    before: int = 0   # context lines emitted before a hit
    after: int = 0    # context lines emitted after a hit


class _Prefilter:
    """'Does this block contain any of these literals?' at C/Rust speed.

    pydantic-core's Rust regex finds a few dozen literals with SIMD (Teddy) at
    several GB/s; beyond ~60 it falls back to a ~10x slower automaton, so
    the literals are split into balanced groups of at most GROUP and searched
    one group after the other.
    """

    GROUP = 44   # measured: ~44 literals per group is the cheapest split (2 groups of 61: slower)

    def __init__(self, literals: list[str]):
        self._validators = []
        try:
            from pydantic_core import SchemaValidator, ValidationError, core_schema
        except Exception:  # pragma: no cover - pydantic-core always ships a Rust engine
            return
        self._error = ValidationError
        lits = sorted(literals)  # neighbours share prefixes: cheaper Teddy buckets
        groups = -(-len(lits) // self.GROUP) or 1
        size = -(-len(lits) // groups) or 1      # balanced: 122 -> 3 x 41, not 2 x 44 + 34
        for i in range(0, len(lits), size):
            pattern = "|".join(re_cache.escape(x) for x in lits[i:i + size])
            self._validators.append(SchemaValidator(
                core_schema.str_schema(pattern=pattern, regex_engine="rust-regex")))

    def __call__(self, block) -> bool:
        if not self._validators:
            return True
        # str(memoryview) decodes without first copying the slice
        text = block if isinstance(block, str) else str(block, "latin-1")
        for v in self._validators:
            try:
                v.validate_python(text)
                return True
            except self._error:
                continue
        return False


_IDENTIFIER = re_cache.lazy(r"_|[a-z][A-Z]|\(|^[A-Z0-9 ]+$")


def case_variants(lit: str) -> set[str]:
    """A prose literal as written, lowercased and Capitalised; an identifier as written.

    `out of memory` is printed as `Out of memory` too, but nobody prints
    `outofmemoryerror` or `cublas_status_alloc_failed`; fewer variants keep
    the prefilter on its fast path.
    """
    if _IDENTIFIER.search(lit):
        return {lit}
    return {lit, lit.lower(), lit[:1].upper() + lit[1:]}


# Characters by how often they occur in lowercased logs, commonest first (counted on the
# corpus, session 10); a character not listed is rarer than all of these.
LOG_CHAR_ORDER = " er0tanois_.ml:cp/1-2gd4365fu789h',by()=vk[xw|]\"zq*<%{}j>^+?#`\\;$&@~!"


def _commonness(ch: str) -> int:
    i = LOG_CHAR_ORDER.find(ch)
    return len(LOG_CHAR_ORDER) - i if i >= 0 else 0


def key_anchors(words) -> dict[str, int]:
    """Each word -> the offset of the character it is searched by (`anchored_pattern`).

    A regex search tries a match at every character that may start one, and a
    trie of ~280 keys starts with most letters: ~200 ns a character. Searched by
    its rarest character instead, a key is tried at few places of a line; a
    character another key is searched by already costs nothing more, so each key
    moves to one of those when it holds one (until nothing moves)."""
    words = sorted(set(words))
    pick = {w: min(range(len(w)), key=lambda j: (_commonness(w[j]), j)) for w in words}
    uses: dict[str, int] = {}
    for w, j in pick.items():
        uses[w[j]] = uses.get(w[j], 0) + 1
    for _ in range(20):     # settles in two or three rounds
        changed = False
        for w in words:
            def cost(j, w=w):
                shared = uses.get(w[j], 0) - (w[j] == w[pick[w]]) > 0
                return (0 if shared else _commonness(w[j]), _commonness(w[j]), j)
            best = min(range(len(w)), key=cost)
            if cost(best) < cost(pick[w]):
                uses[w[pick[w]]] -= 1
                uses[w[best]] = uses.get(w[best], 0) + 1
                pick[w] = best
                changed = True
        if not changed:
            break
    return pick


def anchored_pattern(anchors: dict[str, int]) -> str:
    """A regex matching at the anchor character (`key_anchors`) of any of the words:
    `c(?:rest(?<=word)|...)`, the rest of the word after its anchor, then the whole word
    behind. A match's text (the anchor and that rest) tells which words may stand there
    (`anchored_candidates`)."""
    groups: dict[str, list[str]] = {}
    for w, j in sorted(anchors.items()):
        esc = re_cache.escape
        groups.setdefault(w[j], []).append(esc(w[j + 1:]) + (f"(?<={esc(w)})" if j else ""))
    return "|".join(re_cache.escape(c) + "(?:" + "|".join(sorted(alts)) + ")" for c, alts in sorted(groups.items()))


def anchored_candidates(anchors: dict[str, int]) -> dict[str, tuple[tuple[str, int], ...]]:
    """A match of `anchored_pattern` (its text) -> the (word, anchor offset) pairs that may
    occur at its position: those searched by the same character whose text from the anchor
    on agrees with the match's (one holds the other at its start)."""
    by_char: dict[str, list[str]] = {}
    for w, j in sorted(anchors.items()):
        by_char.setdefault(w[j], []).append(w)
    out = {}
    for w, j in anchors.items():
        tail = w[j:]
        out[tail] = tuple((v, anchors[v]) for v in by_char[w[j]]
                          if v[anchors[v]:].startswith(tail) or tail.startswith(v[anchors[v]:]))
    return out


def trie_pattern(words) -> str:
    """A regex matching any of `words`, longest first, shaped as a prefix trie."""
    trie: dict = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = True

    escaped: dict[str, str] = {}   # re.escape per character is most of the build time

    def esc(ch: str) -> str:
        if ch not in escaped:
            escaped[ch] = re_cache.escape(ch)
        return escaped[ch]

    def emit(node: dict) -> str:
        end = "" in node
        alts = [esc(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if end else body

    return emit(trie)


# Built once per process (`oomdoc check` makes a scanner per report), keyed by the triggers.
@lru_cache(maxsize=2)
def _trie_regex(words: tuple[str, ...]) -> re.Pattern:
    import re    # big inputs only

    return re.compile(trie_pattern(words).encode("latin-1"))


@lru_cache(maxsize=2)
def _prefilters(words: tuple[str, ...], line_literals: tuple[bytes, ...]) -> tuple:
    """(every trigger, the anchors, the one-line triggers) as block prefilters."""
    return (_Prefilter(cover_set(words)), _Prefilter(anchor_set(words)),
            _Prefilter([x.decode("latin-1") for x in line_literals]))


@lru_cache(maxsize=4)
def _contexts(windows: tuple[TriggerGroup, ...]) -> dict[str, tuple[int, int]]:
    """Every searched variant -> (lines before, lines after) to emit around a hit.

    Case-sensitive search is ~10x faster in the Rust engine than (?i), so
    prose literals are searched as written, lowercased and Capitalised. Built
    once per process (a fleet worker makes a scanner per log), and kept in the
    regex cache, keyed by the groups and this file's version; callers copy it.
    """
    groups = [(g.literals, g.before, g.after) for g in windows]
    try:
        st = os.stat(__file__)
    except (OSError, TypeError):
        return _variant_windows(windows)
    return re_cache.derived("contexts1", f"{st.st_mtime_ns}:{st.st_size}:{groups!r}",
                            lambda: _variant_windows(windows))


def _variant_windows(windows: tuple[TriggerGroup, ...]) -> dict[str, tuple[int, int]]:
    ctx: dict[str, tuple[int, int]] = {}
    for g in windows:
        for lit in g.literals:
            for var in case_variants(lit):
                # searched in bytes: a non-ASCII literal as its UTF-8 bytes (one char per byte)
                var = var.encode("utf-8").decode("latin-1")
                b, a = ctx.get(var, (0, 0))
                ctx[var] = (max(b, g.before), max(a, g.after))
    return ctx


def cover_set(variants) -> list[str]:
    """The variants that contain no other variant: enough to answer "any hit?"."""
    cover: list[str] = []
    for lit in sorted(set(variants), key=len):
        if not any(c in lit for c in cover):
            cover.append(lit)
    return cover


def anchor_set(variants) -> list[str]:
    """First-tier anchors (see bench/make_anchors.py) plus any variant they miss."""
    try:
        from .scan_anchors import ANCHORS
    except ImportError:  # pragma: no cover
        ANCHORS = ()
    cover = cover_set(variants)
    used = [a for a in ANCHORS if any(a in v for v in cover)]
    missed = [v for v in cover if not any(a in v for a in used)]
    return used + missed


class Scanner:
    """Incremental: `feed(bytes)` returns [(line_no, line_bytes)], `finish()` the rest.

    Line numbers are 1-based and count every line of the input, emitted or not.
    Lines longer than `max_line` are cut (the cut is counted in `cut_lines`).
    """

    def __init__(self, windows: list[TriggerGroup], line_literals: list[bytes],
                 head_lines: int = 4000, head_bytes: int = 4 << 20,
                 max_line: int = 1 << 20, emit_all: bool = False,
                 sample_exact: int = 1 << 62, sample_period: int = 256, ring: int = 256):
        self.line_literals = [lit for lit in line_literals if lit]
        self.head_lines = head_lines
        self.head_bytes = head_bytes
        self.max_line = max_line
        self.emit_all = emit_all
        # `_ctx`, `_max_before`, `_overlap`, `_has_triggers`: made on first use (`__getattr__`):
        # a small file is read whole (emit_all) and never searched for triggers
        self._windows = tuple(windows)
        # A trie-shaped regex: Python's re tries a flat alternation branch by
        # branch at every position (~4 MB/s with 250 literals); a trie checks
        # one branch per character.
        self._re_compiled = None  # compiled on first use (small inputs never need it)
        # Two tiers: few anchors per 1 MiB block (fast SIMD path), then every
        # trigger per 64 KiB sub-block of the blocks that hit.
        self._prefilter: _Prefilter | None = None  # built on first big region
        # the one-pass engine (Hyperscan), looked up on the first region worth it
        self._matcher: scan_hs.Matcher | None = None
        self._matcher_tried = False
        self._anchors: _Prefilter | None = None
        self.pending = b""
        self.skipping = False
        self.next_line = 1          # number of the first line of the next region
        self.bytes_read = 0
        self.cut_lines = 0
        self.emit_until = 0         # forward-window carry (line number, inclusive)
        self.last_emitted = 0
        self.prev = b""             # complete lines before the current region
        self.prev_first = 1
        # (buf, r0, r1, next line) of the regions `prev` is still to be cut from (_keep_tail)
        self._prev_parts: list[tuple] = []
        # (line_no, bytes) of LINE_TRIGGERS hits, drained by the caller: frequent
        # one-line facts (metric lines) skip the per-line slow path entirely
        self.line_hits: list[tuple[int, bytes]] = []
        # Sampling of one-line hits (an endless stream of metric lines must not
        # cost a Python round trip each): the first `sample_exact` are reported,
        # then `sample_period` per doubling of the count; of the rest only the
        # last `ring` are kept (in `line_ring`) for an exact tail.
        self.sample_exact = sample_exact
        self.sample_period = sample_period
        self.line_ring: deque[tuple[int, bytes]] = deque(maxlen=ring)
        self.line_seen = 0
        self._period_end = sample_exact
        self._stride = 1
        self._line_blocks: list[tuple[int, int, tuple[bytes, ...]]] | None = None
        self._blocks_known = True   # False: a big region searched for rare triggers only
        self._lines_dense = False   # the last big region held one-line triggers nearly everywhere
        self.sparse_regions = 0     # regions searched for rare triggers only (a statistic, for tests)
        self._step_counts: list[int] | None = None
        self._consumed = 0          # stream offset of the current region's start
        self._probe = 0             # stream offset of the next sampling probe
        # the last big sampled regions, newest last, for the exact ring: the last
        # region alone may hold fewer than `ring` metric lines (a short last chunk)
        self._tails: list[_Tail] = []

    # -- public -------------------------------------------------------------
    def feed(self, data: bytes) -> list[tuple[int, bytes]]:
        self.bytes_read += len(data)
        out: list[tuple[int, bytes]] = []
        pos = 0
        if self.skipping:
            nl = data.find(b"\n")
            if nl < 0:
                return out
            pos = nl + 1
            self.skipping = False
        if self.pending:
            nl = data.find(b"\n", pos)
            if nl < 0:
                self.pending += data[pos:]
                return self._cut_long()
            # finish the pending line on its own; the rest is scanned in place
            line = self.pending + data[pos: nl + 1]
            self.pending = b""
            out.extend(self._region(line, 0, len(line)))
            pos = nl + 1
        cut = data.rfind(b"\n", pos)
        if cut < 0:
            self.pending = data[pos:]
            out.extend(self._cut_long())
            return out
        self.pending = data[cut + 1:]
        out.extend(self._region(data, pos, cut + 1))
        if len(self.pending) > self.max_line:
            out.extend(self._cut_long())
        return out

    def finish(self) -> list[tuple[int, bytes]]:
        if not self.pending:
            return []
        tail, self.pending = self.pending + b"\n", b""
        return self._region(tail, 0, len(tail))

    def __getattr__(self, name: str):
        if name in ("_ctx", "_max_before", "_overlap", "_has_triggers") and "_windows" in self.__dict__:
            ctx = self._ctx = dict(_contexts(self._windows))
            self._max_before = max((b for b, _ in ctx.values()), default=0)
            self._overlap = max((len(k) for k in ctx), default=1)
            self._has_triggers = bool(ctx)
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def variants(self) -> list[str]:
        """Every trigger literal as searched (as written, lowercased, Capitalised)."""
        return list(self._ctx)

    @property
    def lines_read(self) -> int:
        return self.next_line - 1

    # -- internals ----------------------------------------------------------
    def _cut_long(self) -> list[tuple[int, bytes]]:
        if len(self.pending) <= self.max_line:
            return []
        line = self.pending[: self.max_line] + b"\n"
        self.pending = b""
        self.skipping = True
        self.cut_lines += 1
        return self._region(line, 0, len(line))

    def _build_prefilters(self) -> None:
        if self._prefilter is None:
            self._prefilter, self._anchors, self._line_pf = _prefilters(
                tuple(sorted(self._ctx)), tuple(self.line_literals))

    @property
    def engine(self) -> str:
        """"hyperscan" once the one-pass engine is in use, else "prefilter"."""
        return "hyperscan" if self._matcher is not None else "prefilter"

    def _fast_matcher(self) -> scan_hs.Matcher | None:
        from . import scan_hs   # big inputs only (start-up time, issue 12)

        if not self._matcher_tried:
            self._matcher_tried = True
            keys = sorted(self._ctx)
            self._matcher = scan_hs.matcher(tuple(k.encode("latin-1") for k in keys),
                                            tuple(self.line_literals))
            self._rare_ctx = [self._ctx[k] for k in keys]
        return self._matcher

    def _hits(self, buf: bytes, r0: int, r1: int, rare_only: bool = False) -> list[tuple[int, int, int]]:
        """(offset, before, after) of every rare-trigger match in buf[r0:r1].

        Big regions also record in `_line_blocks` the 1 MiB blocks that hold a
        one-line trigger (and which), so sampling need not search the others.
        """
        self._line_blocks = None
        self._blocks_known = True
        self._step_counts = None
        big = r1 - r0 > SUBBLOCK and not self.emit_all
        # a small region (a line straddling two chunks) uses the matcher once it is built:
        # compiling the fallback's trie regex for it cost ~45 ms a big file
        worth = r1 - r0 > SMALL or (self._matcher_tried and self._matcher is not None)
        if worth and not self.emit_all and self._fast_matcher() is not None:
            rare_only = rare_only and big and bool(self.line_literals)
            found, blocks, self._step_counts = self._matcher.scan(buf, r0, r1, big and bool(self.line_literals),
                                                                  rare_only)
            if big:
                self._line_blocks = blocks
                self._blocks_known = not rare_only
            ctx = self._rare_ctx
            return [(s, *ctx[pid]) for s, pid in found]
        spans: list[tuple[int, int]] = []
        if not big:
            if not self._has_triggers:
                return []
            # a live stream arrives in small pieces: Python's regex runs at
            # ~20 MB/s, so ask the Rust prefilter first unless the piece is tiny
            if r1 - r0 > SMALL and not self.emit_all:
                self._build_prefilters()
                if not self._prefilter(memoryview(buf)[r0:r1]):
                    return []
            spans.append((r0, r1))
        else:
            self._build_prefilters()
            mv = memoryview(buf)
            line_blocks = []
            counts: list[int] = []
            for a in range(r0, r1, BLOCK):
                b = min(r1, a + BLOCK + self._overlap)
                text = str(mv[a:b], "latin-1")
                counts += step_counts(buf, a, min(r1, a + BLOCK))   # while the block is in the cache
                if self.line_literals and self._line_pf(text):
                    line_blocks.append((a, b, tuple(self.line_literals)))
                if not self._has_triggers or not self._anchors(text):
                    continue
                for s in range(a, min(r1, a + BLOCK), SUBBLOCK):
                    e = min(r1, s + SUBBLOCK + self._overlap)
                    if self._prefilter(mv[s:e]):
                        spans.append((s, e))
            self._line_blocks = line_blocks
            self._step_counts = counts
        hits = []
        if spans and self._re_compiled is None:
            self._re_compiled = _trie_regex(tuple(sorted(self._ctx)))
        # Leftmost-longest, non-overlapping over the whole region, as one
        # finditer from r0 would give: each span resumes at the end of the last
        # match (a match may straddle into it), and leaves matches starting in
        # its overlap to the next span (cut by the span's end, a longer literal
        # at that start would lose to a shorter one).
        stop = r0
        for s, e in spans:
            own = e if e >= r1 else min(e, s + SUBBLOCK)
            for m in self._re_compiled.finditer(buf, max(s, stop), e):
                if m.start() >= own:
                    break
                stop = m.end()
                b, a = self._ctx.get(m.group(0).decode("latin-1"), (0, 0))
                hits.append((m.start(), b, a))
        return hits

    def _sample(self, positions: list[int], head_end: int = -1) -> list[tuple[int, int, int]]:
        """(pos, -1, 0) for hits to report now, (pos, -2, 0) for ring candidates,
        (pos, -3, 0) for hits sampled away inside the head (kept out of its emission)."""
        out = []
        rest = []
        for p in positions:
            self.line_seen += 1
            seen = self.line_seen
            if seen > self._period_end:
                self._period_end *= 2
                self._stride = max(1, self._period_end // 2 // self.sample_period)
            if seen <= self.sample_exact or seen % self._stride == 0:
                out.append((p, -1, 0))
            else:
                rest.append(p)
        ring = self.line_ring.maxlen or 0
        keep = len(rest) - ring if ring else len(rest)
        out += [(p, -3, 0) for p in rest[:keep] if p < head_end]
        out += [(p, -2, 0) for p in rest[keep:]] if ring else []
        return out

    def _line_hits(self, buf: bytes, r0: int, r1: int, lits, limit: int = 1 << 62) -> list[int]:
        """The first `limit` one-line trigger hits in buf[r0:r1] (each literal once per line)."""
        out = []
        for lit in lits:
            p = buf.find(lit, r0, r1)
            n = 0
            while p >= 0 and n < limit:
                out.append(p)
                n += 1
                nl = buf.find(b"\n", p, r1)
                p = buf.find(lit, nl + 1, r1) if nl >= 0 else -1
        if len(lits) > 1:
            out.sort()
        return out[:limit]

    def _found_hits(self, buf: bytes, r0: int, r1: int, lits, limit: int) -> list[int]:
        """`_line_hits` from every occurrence, found by one Hyperscan scan (no `find` per line)."""
        out = []
        for lit, starts in self._matcher.occurrences(buf, r0, r1, lits).items():
            n = 0
            nxt = r0
            for p in starts:
                if p < nxt:
                    continue          # the literal again on a line already counted
                if n >= limit:
                    break
                out.append(p)
                n += 1
                nl = buf.find(b"\n", p, r1)
                if nl < 0:
                    break
                nxt = nl + 1
        if len(lits) > 1:
            out.sort()
        return out[:limit]

    def _block_hits(self, buf: bytes, blocks, lo: int, hi: int, limit: int = 1 << 62) -> list[int]:
        """The first `limit` hits in buf[lo:hi], searched only in the blocks known to hold one."""
        pos: list[int] = []
        hits = self._found_hits if self._matcher is not None else self._line_hits
        for a, b, lits in blocks:
            a, b = max(a, lo, pos[-1] + 1 if pos else lo), min(b, hi)
            if a < b:
                pos += hits(buf, a, b, lits, limit - len(pos))
                if len(pos) >= limit:
                    break
        return sorted(set(pos))[:limit]

    @staticmethod
    def _next_line_hit(buf: bytes, pos: int, end: int, lits) -> int:
        """The first one-line trigger in buf[pos:end]; each literal searched only up to the best so far."""
        best = -1
        for lit in lits:
            p = buf.find(lit, pos, end if best < 0 else min(end, best + len(lit)))
            if p >= 0 and (best < 0 or p < best):
                best = p
        return best

    @staticmethod
    def _last_line_hit(buf: bytes, start: int, end: int, lits) -> int:
        """The last one-line trigger in buf[start:end] (the same bound, backwards)."""
        best = -1
        for lit in lits:
            p = buf.rfind(lit, max(start, best), end)
            if p > best:
                best = p
        return best

    def _line_events(self, buf: bytes, r0: int, r1: int, first: int,
                     head_end: int = -1) -> list[tuple[int, int, int]]:
        """One-line trigger hits to report: (pos, -1, 0) now, (pos, -2, 0) for the ring.

        The first `sample_exact` hits are found one by one (and so are those
        in the head, where the unsampled must stay out of the emission); a
        small region's hits are all found and sampled by count. Past those, a
        big region is probed at byte-spaced points (about `sample_period` per
        doubling of the stream), searching only the blocks known to hold a hit;
        its exact tail is read lazily by `drain_ring`, so an endless stream of
        metric lines costs no search -- from the first region on (a 8 MiB
        region of Trainer loss lines holds ~50,000).
        """
        blocks = self._line_blocks
        if blocks is None:
            return self._sample(self._line_hits(buf, r0, r1, self.line_literals), head_end)
        if not self._blocks_known:
            return self._probe_unknown(buf, r0, r1, first)
        out: list[tuple[int, int, int]] = []
        reported: list[int] = []
        base = self._consumed - r0          # stream offset = base + buffer offset
        floor = r0
        if self.line_seen < self.sample_exact:
            need = self.sample_exact - self.line_seen
            pos = self._block_hits(buf, blocks, r0, r1, need)
            floor = r1
            if len(pos) >= need:
                nl = buf.find(b"\n", pos[-1], r1)
                floor = nl + 1 if nl >= 0 else r1
            if head_end > floor:
                pos += self._block_hits(buf, blocks, floor, head_end)
                floor = head_end
            out = self._sample(pos, head_end)
            if floor >= r1:
                return out
            reported = [p for p, kind, _ in out if kind == -1]
            self._probe = max(self._probe, base + floor + max(4096, (base + floor) // self.sample_period))
        for a, b, lits in blocks:
            a, b = max(a, floor), min(b, r1)
            while True:
                q = max(a, self._probe - base)
                if q >= b:
                    break
                p = self._next_line_hit(buf, q, b, lits)
                if p < 0:
                    break
                self._sampled(buf, p, r1, base, out, reported)
        # most pieces hold a one-line trigger: the next region may leave them out of its pass
        self._lines_dense = sum(min(b, r1) - a for a, b, _ in blocks) >= 0.75 * (r1 - r0)
        self._keep(_Tail(buf, r0, r1, first, blocks, reported, floor=floor))
        return out

    def _sampled(self, buf: bytes, p: int, r1: int, base: int, out: list, reported: list) -> None:
        """A probe found a one-line trigger at `p`: report it and move the probe a sampling
        period past its line's end."""
        out.append((p, -1, 0))
        reported.append(p)
        self.line_seen += 1
        nl = buf.find(b"\n", p, r1)
        eol = nl + 1 if nl >= 0 else r1
        self._probe = base + eol + max(4096, (base + eol) // self.sample_period)

    def _keep(self, tail: _Tail) -> None:
        self._tails.append(tail)
        if len(self._tails) > KEEP_TAILS:
            del self._tails[0]
            self.line_ring.clear()   # ring candidates older than the dropped region: no longer contiguous

    def _sparse_pass(self, head_end: int) -> bool:
        """Whether this region's pass may leave the one-line triggers out (rare triggers only).

        Only the Hyperscan engine, past the exact first hits and the head, and while
        the last region held them nearly everywhere: probes then find the next one
        after each probe point in a few hundred bytes, where keeping them in the pass
        costs ~0.09 s a GiB. A region that holds few sends the next back to the full
        pass (a probe that finds nothing searches to the region's end).
        """
        return (self._lines_dense and head_end < 0 and self.line_seen >= self.sample_exact
                and self._matcher is not None and not self.emit_all)

    def _probe_unknown(self, buf: bytes, r0: int, r1: int, first: int) -> list[tuple[int, int, int]]:
        """`_line_events` for a region searched for rare triggers only: the same probes, each
        finding the first one-line trigger after it by a scan that stops there."""
        self.sparse_regions += 1
        out: list[tuple[int, int, int]] = []
        reported: list[int] = []
        base = self._consumed - r0
        missed = 0
        while True:
            q = max(r0, self._probe - base)
            if q >= r1:
                break
            p = self._matcher.first_line(buf, q, r1)
            if p < 0:
                missed = r1 - q
                break
            self._sampled(buf, p, r1, base, out, reported)
        self._lines_dense = missed < (r1 - r0) // 4
        self._keep(_Tail(buf, r0, r1, first, None, reported, floor=r0))
        return out

    def drain_ring(self) -> list[tuple[int, bytes]]:
        """The exact last one-line hits not yet reported, oldest first; empties the ring."""
        want = self.line_ring.maxlen or 0
        hits: list[tuple[int, bytes]] = []
        for t in reversed(self._tails):          # newest region first, until enough
            if len(hits) >= want:
                break
            hits += self._tail_hits(t, want - len(hits))
        self._tails = []
        hits += list(self.line_ring)
        self.line_ring.clear()
        hits.sort()
        return hits[-want:] if want else []

    def _tail_hits(self, t: _Tail, want: int) -> list[tuple[int, bytes]]:
        """Up to `want` last one-line hits of a sampled region that were not reported."""
        buf, r0, r1 = t.buf, t.r0, t.r1
        done = {buf.rfind(b"\n", r0, p) + 1 for p in t.reported}
        starts: list[int] = []
        for a, b, lits in self._blocks_back(t):
            a = max(a, t.floor)
            end = min(b, r1)
            if end <= a:
                continue
            while len(starts) < want:
                p = self._last_line_hit(buf, a, end, lits)
                if p < 0:
                    break
                ls = buf.rfind(b"\n", r0, p) + 1
                if ls not in done and (not starts or ls < starts[-1]):
                    starts.append(ls)
                end = ls - 1 if ls > a else a
                if end <= a:
                    break
            if len(starts) >= want:
                break
        out: list[tuple[int, bytes]] = []
        lines = t.lines or LineIndex(buf, r0, r1, t.first)
        for ls in sorted(starts):
            line = lines.line_at(ls)
            if any(lo <= line <= hi for lo, hi in t.emitted):
                continue  # emitted with a window: parsed there already
            nl = buf.find(b"\n", ls, r1)
            out.append((line, buf[ls:nl if nl >= 0 else r1][: self.max_line]))
        return out

    def _blocks_back(self, t: _Tail):
        """A region's blocks holding one-line triggers, last first; searched for now when unknown."""
        if t.blocks is not None:
            yield from reversed(t.blocks)
            return
        from .scan_hs import PIECE

        m = self._matcher
        for a in reversed(range(t.r0, t.r1, PIECE)):
            b = min(t.r1, a + PIECE + m.overlap)
            lits = m.lines_in(t.buf, a, b)
            if lits:
                yield a, b, lits

    def _region(self, buf: bytes, r0: int, r1: int) -> list[tuple[int, bytes]]:
        """Emit the wanted lines of buf[r0:r1] (complete lines) and advance.

        Newlines are counted once, by a cursor moving forward over the hits;
        every emitted range carries the number of its first line.
        """
        first = self.next_line
        ranges: list[tuple[int, int, int]] = []  # (start, end, first line) of buf to emit

        def skip_lines(pos: int, k: int) -> int:
            """Offset just after the k-th newline at or after pos (or region end)."""
            for _ in range(k):
                nl = buf.find(b"\n", pos, r1)
                if nl < 0:
                    return r1
                pos = nl + 1
            return pos

        head_end = -1
        if self.emit_all:
            ranges.append((r0, r1, first))
        elif first <= self.head_lines and self.bytes_read <= self.head_bytes + (r1 - r0):
            head_end = skip_lines(r0, self.head_lines - first + 1)
            ranges.append((r0, head_end, first))
        if self.emit_until >= first:
            ranges.append((r0, skip_lines(r0, self.emit_until - first + 1), first))

        hit_lines: set[int] = set()
        carry_back: tuple[int, int] | None = None  # lines wanted from self.prev
        self._step_counts = None    # newlines per STEP, when the search counted them
        # reading everything: trigger windows add nothing
        events = self._hits(buf, r0, r1, self._sparse_pass(head_end)) if not self.emit_all else []
        if not self.emit_all and self.line_literals:
            # metric lines the sample drops stay out of the head too: parsing
            # each as a record would cost more than the rest of a big file
            events += self._line_events(buf, r0, r1, first, head_end)
        events.sort()
        lines = LineIndex(buf, r0, r1, first, self._step_counts)
        for pos, before, after in events:
            start = buf.rfind(b"\n", r0, pos) + 1 or r0
            start = max(start, r0)
            line_no = lines.line_at(start)
            if before == -3:  # sampled away: neither reported nor emitted
                hit_lines.add(line_no)
                continue
            if before < 0:  # a one-line trigger: reported apart, not emitted
                end = buf.find(b"\n", start, r1)
                hit = (line_no, buf[start:end if end >= 0 else r1][: self.max_line])
                (self.line_hits if before == -1 else self.line_ring).append(hit)
                hit_lines.add(line_no)
                continue
            lo = start
            need = before
            while need and lo > r0:
                lo = max(buf.rfind(b"\n", r0, lo - 1) + 1, r0)
                need -= 1
            if need and lo == r0:
                carry_back = (max(line_no - before, 1), first - 1)
            hi = skip_lines(start, after + 1)
            if after and hi == r1:
                self.emit_until = max(self.emit_until, line_no + after)
            ranges.append((lo, hi, line_no - (before - need)))

        out: list[tuple[int, bytes]] = []
        emitted: list[tuple[int, int]] = []  # line ranges emitted whole (parsed there)
        if carry_back:
            self._take_prev()
        if carry_back and self.prev:
            lo_line = max(carry_back[0], self.last_emitted + 1, self.prev_first)
            if lo_line <= carry_back[1]:
                for i, ln in enumerate(self.prev.split(b"\n")[:-1]):
                    no = self.prev_first + i
                    # one-line triggers belong to the metric path (reported, in
                    # the ring, or sampled away), never to a context window
                    if lo_line <= no <= carry_back[1] and not any(x in ln for x in self.line_literals):
                        out.append((no, ln))
        if ranges:
            ranges.sort()
            merged = [list(ranges[0])]
            for s, e, ln0 in ranges[1:]:
                if s <= merged[-1][1]:
                    merged[-1][1] = max(merged[-1][1], e)
                else:
                    merged.append([s, e, ln0])
            for s, e, line in merged:
                piece = buf[s:e]
                emitted.append((line, line + piece.count(b"\n")))
                for ln in piece.split(b"\n")[:-1] if piece.endswith(b"\n") else piece.split(b"\n"):
                    if line > self.last_emitted and line not in hit_lines:
                        if len(ln) > self.max_line:
                            ln = ln[: self.max_line]
                            self.cut_lines += 1
                        out.append((line, ln))
                    line += 1
        self.next_line = lines.end
        self._consumed += r1 - r0
        if self._tails and self._tails[-1].buf is buf and self._tails[-1].r0 == r0:
            self._tails[-1].emitted = emitted
            self._tails[-1].lines = lines
        if out:
            self.last_emitted = max(self.last_emitted, out[-1][0])
        self._keep_tail(buf, r0, r1)
        return out

    def _keep_tail(self, buf: bytes, r0: int, r1: int) -> None:
        """Keep the last lines as backward context for a hit early in the next region.

        Only noted here (`_take_prev` cuts them when a hit wants them): cutting them after
        every region cost ~75 us for a big one, and as much again for the line straddling
        each chunk's end (a small region of its own, joined to what the big one left)."""
        if self.emit_all or not self._max_before:
            return      # (every line is emitted: no hit ever wants lines back)
        if r1 - r0 >= BACK_CAP:     # what is kept of it never depends on what came before
            self._prev_parts = [(buf, r0, r1, self.next_line)]
            return
        self._prev_parts.append((buf, r0, r1, self.next_line))
        if len(self._prev_parts) > 64:     # a live stream's small pieces: keep the list short
            self._take_prev()

    def _take_prev(self) -> None:
        """Cut `prev` from the regions noted by `_keep_tail` since it was last cut, in order."""
        parts, self._prev_parts = self._prev_parts, []
        for buf, r0, r1, next_line in parts:
            keep = self._back(buf, r0, r1)
            if keep == r0 and r1 - r0 < BACK_CAP:
                lines = (self.prev + buf[r0:r1]).split(b"\n")[:-1]
                drop = max(0, len(lines) - self._max_before)
                self.prev = b"\n".join(lines[drop:]) + b"\n" if lines[drop:] else b""
                self.prev_first = next_line - (len(lines) - drop)
            else:
                self.prev = buf[keep:r1]
                self.prev_first = next_line - sum(step_counts(self.prev, 0, len(self.prev)))

    def _back(self, buf: bytes, r0: int, r1: int) -> int:
        """Start of the last `_max_before` lines of buf[r0:r1], at most BACK_CAP bytes back
        (what is kept is cut there anyway: lines stop being counted back there)."""
        keep = r1
        cap = r1 - BACK_CAP
        for _ in range(self._max_before):
            p = buf.rfind(b"\n", r0, keep - 1)
            if p < 0:
                return max(r0, cap)
            keep = p + 1
            if keep <= cap:
                return cap
        return keep
