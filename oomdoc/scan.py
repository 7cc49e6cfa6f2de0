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

import re
from dataclasses import dataclass

BLOCK = 1 << 20
SUBBLOCK = 1 << 16


@dataclass(frozen=True)
class TriggerGroup:
    name: str
    literals: tuple[str, ...]
    before: int = 0   # context lines emitted before a hit
    after: int = 0    # context lines emitted after a hit


class _Prefilter:
    """'Does this block contain any trigger?' at C/Rust speed."""

    def __init__(self, pattern: str):
        self._validator = None
        try:
            from pydantic_core import SchemaValidator, ValidationError, core_schema

            self._validator = SchemaValidator(
                core_schema.str_schema(pattern=pattern, regex_engine="rust-regex")
            )
            self._error = ValidationError
        except Exception:  # pragma: no cover - pydantic-core always ships a Rust engine
            self._validator = None

    def __call__(self, block: bytes) -> bool:
        if self._validator is None:
            return True
        try:
            self._validator.validate_python(block.decode("latin-1"))
            return True
        except self._error:
            return False


class Scanner:
    """Incremental: `feed(bytes)` returns [(line_no, line_bytes)], `finish()` the rest.

    Line numbers are 1-based and count every line of the input, emitted or not.
    Lines longer than `max_line` are cut (the cut is counted in `cut_lines`).
    """

    def __init__(self, windows: list[TriggerGroup], line_literals: list[bytes],
                 head_lines: int = 4000, head_bytes: int = 4 << 20,
                 max_line: int = 1 << 20, emit_all: bool = False):
        self.line_literals = [lit for lit in line_literals if lit]
        self.head_lines = head_lines
        self.head_bytes = head_bytes
        self.max_line = max_line
        self.emit_all = emit_all
        self._ctx: dict[str, tuple[int, int]] = {}
        # Case-sensitive search is ~10x faster in the Rust engine than (?i), so
        # each literal is searched as written, lowercased and Capitalised.
        for g in windows:
            for lit in g.literals:
                for var in {lit, lit.lower(), lit[:1].upper() + lit[1:]}:
                    b, a = self._ctx.get(var, (0, 0))
                    self._ctx[var] = (max(b, g.before), max(a, g.after))
        alts = sorted((re.escape(v) for v in self._ctx), key=len, reverse=True)
        self._max_before = max((b for b, _ in self._ctx.values()), default=0)
        self._overlap = max((len(k) for k in self._ctx), default=1)
        pattern = "|".join(alts) or r"(?!)"
        self._re = re.compile(pattern.encode("latin-1"))
        # The block prefilter's cost grows with the number of literals; a
        # literal containing another one adds nothing to "any hit here?".
        cover: list[str] = []
        for lit in sorted(self._ctx, key=len):
            if not any(c in lit for c in cover):
                cover.append(lit)
        self._pattern = "|".join(re.escape(c) for c in cover) if cover else None
        self._prefilter: _Prefilter | None = None  # built on first big region
        self.pending = b""
        self.skipping = False
        self.next_line = 1          # number of the first line of the next region
        self.bytes_read = 0
        self.cut_lines = 0
        self.emit_until = 0         # forward-window carry (line number, inclusive)
        self.last_emitted = 0
        self.prev = b""             # complete lines before the current region
        self.prev_first = 1
        # (line_no, bytes) of LINE_TRIGGERS hits, drained by the caller: frequent
        # one-line facts (metric lines) skip the per-line slow path entirely
        self.line_hits: list[tuple[int, bytes]] = []

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

    def _hits(self, buf: bytes, r0: int, r1: int) -> list[tuple[int, int, int]]:
        """(offset, before, after) of every rare-trigger match in buf[r0:r1]."""
        if self._pattern is None:
            return []
        spans: list[tuple[int, int]] = []
        if r1 - r0 <= SUBBLOCK or self.emit_all:
            spans.append((r0, r1))
        else:
            if self._prefilter is None:
                self._prefilter = _Prefilter(self._pattern)
            for a in range(r0, r1, BLOCK):
                b = min(r1, a + BLOCK + self._overlap)
                if not self._prefilter(buf[a:b]):
                    continue
                for s in range(a, min(r1, a + BLOCK), SUBBLOCK):
                    e = min(r1, s + SUBBLOCK + self._overlap)
                    if self._prefilter(buf[s:e]):
                        spans.append((s, e))
        hits = []
        seen = -1
        for s, e in spans:
            for m in self._re.finditer(buf, s, e):
                if m.start() <= seen:
                    continue
                seen = m.start()
                b, a = self._ctx.get(m.group(0).decode("latin-1"), (0, 0))
                hits.append((m.start(), b, a))
        return hits

    def _line_hits(self, buf: bytes, r0: int, r1: int) -> list[int]:
        out = []
        for lit in self.line_literals:
            p = buf.find(lit, r0, r1)
            while p >= 0:
                out.append(p)
                nl = buf.find(b"\n", p, r1)
                p = buf.find(lit, nl + 1, r1) if nl >= 0 else -1
        return out

    def _region(self, buf: bytes, r0: int, r1: int) -> list[tuple[int, bytes]]:
        """Emit the wanted lines of buf[r0:r1] (complete lines) and advance."""
        first = self.next_line
        ranges: list[tuple[int, int]] = []  # byte ranges of buf to emit

        def skip_lines(pos: int, k: int) -> int:
            """Offset just after the k-th newline at or after pos (or region end)."""
            for _ in range(k):
                nl = buf.find(b"\n", pos, r1)
                if nl < 0:
                    return r1
                pos = nl + 1
            return pos

        if self.emit_all:
            ranges.append((r0, r1))
        elif first <= self.head_lines and self.bytes_read <= self.head_bytes + (r1 - r0):
            ranges.append((r0, skip_lines(r0, self.head_lines - first + 1)))
        if self.emit_until >= first:
            ranges.append((r0, skip_lines(r0, self.emit_until - first + 1)))

        cursor_pos, cursor_line = r0, first
        hit_lines: set[int] = set()
        carry_back: tuple[int, int] | None = None  # lines wanted from self.prev
        events = self._hits(buf, r0, r1)
        if not self.emit_all:
            events += [(p, -1, 0) for p in self._line_hits(buf, r0, r1)]
        events.sort()
        for pos, before, after in events:
            start = buf.rfind(b"\n", r0, pos) + 1 or r0
            start = max(start, r0)
            cursor_line += buf.count(b"\n", cursor_pos, start)
            cursor_pos = start
            if before < 0:  # a one-line trigger: reported apart, not emitted
                end = buf.find(b"\n", start, r1)
                self.line_hits.append((cursor_line, buf[start:end if end >= 0 else r1][: self.max_line]))
                hit_lines.add(cursor_line)
                continue
            lo = start
            need = before
            while need and lo > r0:
                lo = max(buf.rfind(b"\n", r0, lo - 1) + 1, r0)
                need -= 1
            if need and lo == r0:
                carry_back = (max(cursor_line - before, 1), first - 1)
            hi = skip_lines(start, after + 1)
            if after and hi == r1:
                self.emit_until = max(self.emit_until, cursor_line + after)
            ranges.append((lo, hi))

        out: list[tuple[int, bytes]] = []
        if carry_back and self.prev:
            lo_line = max(carry_back[0], self.last_emitted + 1, self.prev_first)
            if lo_line <= carry_back[1]:
                for i, ln in enumerate(self.prev.split(b"\n")[:-1]):
                    no = self.prev_first + i
                    if lo_line <= no <= carry_back[1]:
                        out.append((no, ln))
        if ranges:
            ranges.sort()
            merged = [list(ranges[0])]
            for s, e in ranges[1:]:
                if s <= merged[-1][1]:
                    merged[-1][1] = max(merged[-1][1], e)
                else:
                    merged.append([s, e])
            pos, line = r0, first
            for s, e in merged:
                line += buf.count(b"\n", pos, s)
                piece = buf[s:e]
                for ln in piece.split(b"\n")[:-1] if piece.endswith(b"\n") else piece.split(b"\n"):
                    if line > self.last_emitted and line not in hit_lines:
                        if len(ln) > self.max_line:
                            ln = ln[: self.max_line]
                            self.cut_lines += 1
                        out.append((line, ln))
                    line += 1
                pos = e
        self.next_line = first + buf.count(b"\n", r0, r1)
        if out:
            self.last_emitted = max(self.last_emitted, out[-1][0])
        self._keep_tail(buf, r0, r1)
        return out

    def _keep_tail(self, buf: bytes, r0: int, r1: int) -> None:
        """Keep the last lines as backward context for a hit early in the next region."""
        if not self._max_before:
            return
        keep = r1
        for _ in range(self._max_before):
            p = buf.rfind(b"\n", r0, keep - 1)
            if p < 0:
                keep = r0
                break
            keep = p + 1
        if keep == r0 and r1 - r0 < (256 << 10):
            lines = (self.prev + buf[r0:r1]).split(b"\n")[:-1]
            drop = max(0, len(lines) - self._max_before)
            self.prev = b"\n".join(lines[drop:]) + b"\n" if lines[drop:] else b""
            self.prev_first = self.next_line - (len(lines) - drop)
        else:
            self.prev = buf[max(keep, r1 - (256 << 10)):r1]
            self.prev_first = self.next_line - self.prev.count(b"\n")
