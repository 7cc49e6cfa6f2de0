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
        alts = []
        for g in windows:
            for lit in g.literals:
                key = lit.lower()
                b, a = self._ctx.get(key, (0, 0))
                self._ctx[key] = (max(b, g.before), max(a, g.after))
                alts.append(re.escape(lit))
        alts.sort(key=len, reverse=True)
        self._max_before = max((b for b, _ in self._ctx.values()), default=0)
        self._overlap = max((len(k) for k in self._ctx), default=1)
        pattern = "|".join(alts) or r"(?!)"
        self._re = re.compile(pattern.encode("latin-1"), re.IGNORECASE)
        self._prefilter = _Prefilter("(?i)" + pattern) if alts else None
        self.pending = b""
        self.skipping = False
        self.next_line = 1          # number of the first line of the next region
        self.bytes_read = 0
        self.cut_lines = 0
        self.emit_until = 0         # forward-window carry (line number, inclusive)
        self.last_emitted = 0
        self.prev = b""             # complete lines before the current region
        self.prev_first = 1

    # -- public -------------------------------------------------------------
    def feed(self, data: bytes) -> list[tuple[int, bytes]]:
        self.bytes_read += len(data)
        if self.skipping:
            nl = data.find(b"\n")
            if nl < 0:
                return []
            data = data[nl + 1:]
            self.skipping = False
        buf = self.pending + data if self.pending else data
        cut = buf.rfind(b"\n")
        if cut < 0:
            self.pending = buf
            return self._cut_long()
        self.pending = buf[cut + 1:]
        out = self._region(buf[: cut + 1])
        if len(self.pending) > self.max_line:
            out.extend(self._cut_long())
        return out

    def finish(self) -> list[tuple[int, bytes]]:
        if not self.pending:
            return []
        tail, self.pending = self.pending + b"\n", b""
        return self._region(tail)

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
        return self._region(line)

    def _hits(self, region: bytes) -> list[tuple[int, int, int]]:
        """(offset, before, after) of every rare-trigger match."""
        if self._prefilter is None:
            return []
        spans: list[tuple[int, int]] = []
        n = len(region)
        if n <= SUBBLOCK or self.emit_all:
            spans.append((0, n))
        else:
            for a in range(0, n, BLOCK):
                b = min(n, a + BLOCK + self._overlap)
                if not self._prefilter(region[a:b]):
                    continue
                for s in range(a, min(n, a + BLOCK), SUBBLOCK):
                    e = min(n, s + SUBBLOCK + self._overlap)
                    if self._prefilter(region[s:e]):
                        spans.append((s, e))
        hits = []
        seen = -1
        for s, e in spans:
            for m in self._re.finditer(region, s, e):
                if m.start() <= seen:
                    continue
                seen = m.start()
                b, a = self._ctx.get(m.group(0).decode("latin-1").lower(), (0, 0))
                hits.append((m.start(), b, a))
        return hits

    def _line_hits(self, region: bytes) -> list[int]:
        out = []
        for lit in self.line_literals:
            p = region.find(lit)
            while p >= 0:
                out.append(p)
                nl = region.find(b"\n", p)
                p = region.find(lit, nl + 1) if nl >= 0 else -1
        return out

    def _region(self, region: bytes) -> list[tuple[int, bytes]]:
        """Emit the wanted lines of `region` (complete lines) and advance."""
        first = self.next_line
        ranges: list[tuple[int, int]] = []  # byte ranges (start, end) of region to emit

        def skip_lines(pos: int, k: int) -> int:
            """Offset just after the k-th newline at or after pos (or region end)."""
            for _ in range(k):
                nl = region.find(b"\n", pos)
                if nl < 0:
                    return len(region)
                pos = nl + 1
            return pos

        if self.emit_all or (first <= self.head_lines and self.bytes_read <= self.head_bytes + len(region)):
            if self.emit_all:
                ranges.append((0, len(region)))
            else:
                ranges.append((0, skip_lines(0, self.head_lines - first + 1)))
        if self.emit_until >= first:
            ranges.append((0, skip_lines(0, self.emit_until - first + 1)))

        cursor_pos, cursor_line = 0, first
        carry_back: tuple[int, int] | None = None  # lines wanted from self.prev
        events = [(p, b, a) for p, b, a in self._hits(region)]
        events += [(p, 0, 0) for p in self._line_hits(region)]
        events.sort()
        for pos, before, after in events:
            start = region.rfind(b"\n", 0, pos) + 1
            cursor_line += region.count(b"\n", cursor_pos, start)
            cursor_pos = start
            lo = start
            need = before
            while need and lo > 0:
                lo = region.rfind(b"\n", 0, lo - 1) + 1
                need -= 1
            if need and lo == 0:
                carry_back = (max(cursor_line - before, 1), first - 1)
            hi = skip_lines(start, after + 1)
            if after and hi == len(region):
                self.emit_until = max(self.emit_until, cursor_line + after)
            ranges.append((lo, hi))

        out: list[tuple[int, bytes]] = []
        if carry_back and self.prev:
            lo_line = max(carry_back[0], self.last_emitted + 1, self.prev_first)
            if lo_line <= carry_back[1]:
                lines = self.prev.split(b"\n")[:-1]
                for i, ln in enumerate(lines):
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
            pos, line = 0, first
            for s, e in merged:
                line += region.count(b"\n", pos, s)
                for ln in region[s:e].split(b"\n")[:-1] if region[s:e].endswith(b"\n") else region[s:e].split(b"\n"):
                    if line > self.last_emitted:
                        if len(ln) > self.max_line:
                            ln = ln[: self.max_line]
                            self.cut_lines += 1
                        out.append((line, ln))
                    line += 1
                pos = e
        total = region.count(b"\n")
        self.next_line = first + total
        if out:
            self.last_emitted = max(self.last_emitted, out[-1][0])
        # Keep the tail as backward context for a hit early in the next region.
        if self._max_before:
            keep = len(region)
            for _ in range(self._max_before):
                p = region.rfind(b"\n", 0, keep - 1)
                if p < 0:
                    keep = 0
                    break
                keep = p + 1
            if keep == 0 and len(region) < (256 << 10):
                joined = self.prev + region
                # drop lines beyond the window
                lines = joined.split(b"\n")[:-1]
                drop = max(0, len(lines) - self._max_before)
                self.prev = b"\n".join(lines[drop:]) + b"\n" if lines[drop:] else b""
                self.prev_first = self.next_line - (len(lines) - drop)
            else:
                self.prev = region[keep:][-(256 << 10):]
                self.prev_first = self.next_line - self.prev.count(b"\n")
        return out
