"""bytes -> lines -> records -> events, for whole files and for live streams.

`Pipeline` is incremental (feed bytes, get the events of records that closed),
so `explain FILE` and `tail -f | oomdoc explain -` share one code path.
"""
from __future__ import annotations

import os
from functools import lru_cache
from collections.abc import Callable, Iterable

from .records import dataclass, field
from . import ipython, parsers, progress, re_cache, strict
from .assemble import Assembler
from .config.triggers import config_trigger_literals
from .metrics_store import MetricStore
from .model import Event, Line, Record
from .prefixes import clean, host_prefix, peel, with_host
from .reader import InputError, chunks, file_chunks, open_input, web_fixer
from .scan import Scanner, TriggerGroup
from .unwrap import unwrap

# Config dumps and launch commands are printed at start-up but also by
# relaunches; keep a window after each so the config layer can read them.
CONFIG_TRIGGERS = TriggerGroup("config", config_trigger_literals(), before=2, after=400)
MAX_KEPT_LINES = 50_000
MAX_KEPT_BYTES = 16 << 20
METRIC_EXACT = 1024    # metric lines parsed one by one before sampling starts
METRIC_PERIOD = 256    # then this many per doubling of the count (a log-spaced sample)
METRIC_RING = 256      # the last metric lines, parsed exactly when a diagnosis needs them
MERGE_WINDOW = 5_000   # lines: copies of one OOM from many ranks arrive close together


@dataclass
class Analysis:
    name: str
    events: list[Event] = field(default_factory=list)
    metrics: MetricStore = field(default_factory=MetricStore)
    lines: list[Line] = field(default_factory=list)   # emitted lines, for the config layer
    lines_read: int = 0
    bytes_read: int = 0
    cut_lines: int = 0
    warnings: list[str] = field(default_factory=list)

    def facts_json(self, version: str) -> dict:
        return {
            "oomdoc_version": version,
            "source": self.name,
            "events": [e.to_json() for e in self.events],
            "metrics": self.metrics.to_json(),
            "stats": {"lines": self.lines_read, "bytes": self.bytes_read,
                      "cut_lines": self.cut_lines},
            "warnings": self.warnings,
        }


def _triggers() -> tuple[list[TriggerGroup], list[bytes]]:
    groups = [CONFIG_TRIGGERS]
    lits: list[bytes] = []
    for m in parsers.modules():
        line = list(getattr(m, "LINE_TRIGGERS", ()))
        for g in getattr(m, "TRIGGERS", ()):
            # a metric family's context-free triggers are per-step lines too:
            # sampled like LINE_TRIGGERS (an HF Trainer log has one on every line)
            if line and not g.before and not g.after:
                line.extend(lit.encode() for lit in g.literals)
            else:
                groups.append(g)
        lits.extend(line)
    return groups, lits


DEDENT_SAMPLE = 200


def _paste_indent(lines: list[bytes]) -> str:
    """The prefix every line of a pasted log shares (an indented or `> ` quoted block), else "".

    A real log has lines at column 0 (headers, `Traceback`, exception lines);
    when 20+ lines all start with the same spaces or a Markdown quote mark,
    the whole paste was indented or quoted.
    """
    body = [b for b in lines if b.strip()]
    # a `> ` on every line of even a short paste is a Markdown quote (no log writes that): one or
    # two quoted lines are a message quoted in a reply; a bare `>` needs more lines; an indent
    # needs more to tell it from a block of indented frames
    quoted = len(body) >= 3 or body and all(b.startswith(b"> ") for b in body)
    if quoted and all(b.startswith(b">") for b in body) and not any(b.startswith(b">>") for b in body):
        # a reply quoting a quote (`> > `) takes every level off
        for mark in ("> > > ", "> > "):
            if all(b.startswith(mark.encode()) or b.strip() == mark.strip().encode() for b in body):
                return mark
        return "> " if all(b.startswith(b"> ") or b.strip() == b">" for b in body) else ">"
    if len(body) >= 3 and all(b.startswith(b"\t") for b in body):
        return "\t"      # no log starts every line with a tab; an editor or a mail client does
    if len(body) < 20:
        return ""
    w = min(len(b) - len(b.lstrip(b" ")) for b in body)
    return " " * w if 2 <= w <= 8 else ""


_FENCE = re_cache.lazy(r"(?:```+|~~~+)\s*[\w+.-]*")
# HTML a GitHub issue or forum post wraps a log in: only tags (and a summary's title) on the line
_HTML_MARKUP = re_cache.lazy(r"(?:</?(?:details|summary|pre|code|p|br|div|blockquote)(?:\s[^>]*)?/?>"
                                r"|(?<=<summary>)[^<]{0,80}(?=</summary>)|\s)+")
# the number, then a tab, spaces, or a bar (an editor's or a code view's `  12 | `, bat's `│`)
_GUTTER = re_cache.lazy(rb"( *)(\d{1,7})(\t| *(?:\||\xe2\x94\x82)(?: |$)| +)")
_BARS = (b"|", b"\xe2\x94\x82")


def _paste_gutter(lines: list[bytes]) -> int | str:
    """The line-number gutter of a paste (`cat -n`, `less -N`, an editor's numbers): the
    separator after the number (a tab, a bar, or how many spaces), else 0.

    Numbers that count up by one from line to line are a gutter; a Ray table's PIDs or
    `srun --label` task ids are not."""
    body = lines[:DEDENT_SAMPLE]
    if len(body) < 2:
        return 0
    nums, seps = [], []
    for b in body:
        m = _GUTTER.match(b)
        if m is None:
            return 0
        nums.append(int(m.group(2)))
        seps.append(m.group(3))
    steps = sum(1 for a, b in zip(nums, nums[1:]) if b == a + 1)
    tab = all(s.startswith(b"\t") for s in seps)
    bar = next((b for b in _BARS if all(b in s for s in seps)), None)
    width = min(len(s) for s in seps)
    # a short paste must count up without a gap and set its numbers clearly apart
    if steps < (0.9 * (len(nums) - 1) if len(nums) >= 5 else len(nums) - 1) or \
            (len(nums) < 5 and not tab and not bar and width < 2):
        return 0
    return "\t" if tab else bar.decode() if bar else min(2, width)


class KeyIndex:
    """Which parsers a record is offered to: those with a KEY in its lowercased text.

    One search for every parser's keys, each found by its rarest character
    (`scan.key_anchors`) and restarted one character past each hit: a hit names
    the few keys that may stand there, checked in place. So one pass gives
    exactly what a search per parser would, trying a match at few places of a
    line (a trie of the keys, searched from their first letters, tried most
    characters: twice the cost on a metric line, issue 12).
    """

    def __init__(self, mods: tuple):
        from . import re_cache
        from .scan import anchored_pattern, key_anchors

        keys = tuple(tuple(getattr(m, "KEYS", ())) for m in mods)
        stamp = _source_stamp()
        # derived from the keys alone: kept in the regex cache (start-up time, issue 12)
        owners, self._candidates = _key_tables(keys) if stamp is None else \
            re_cache.derived("keyindex2", f"{stamp}:{keys!r}", lambda: _key_tables(keys))
        # a family with no keys reads every record; one with no `parse` (it only judges the
        # events after the read, like `bars`) reads none
        self.always = frozenset(i for i, m in enumerate(mods)
                                if hasattr(m, "parse") and not any(i in o for o in owners.values()))
        key = _pattern_key(owners)

        def build() -> str:
            return anchored_pattern(key_anchors(owners))

        self._search = None if not owners else re_cache.compile(build()).search if key is None \
            else re_cache.compile_built(key, build).search
        # the same answer from a presence test of every key (the search finds every key
        # that occurs: at each hit, all those searched by the character hit)
        self._keys = tuple(owners)
        self._owners = [frozenset(owners[k]) for k in self._keys]
        self._present = None     # built on first use by a big input (start-up pays nothing)

    def offered(self, lower: str, fast: bool = False) -> frozenset[int]:
        """Positions (in the module list) of the parsers whose keys occur in `lower`;
        `fast`: by Hyperscan when its wheel loads (what the scanner's engine uses)."""
        got = self.always
        if fast and self._keys:
            if self._present is None:
                from . import scan_hs
                self._present = scan_hs.presence(tuple(k.encode("utf-8") for k in self._keys)) or False
            if self._present:
                owners = self._owners
                for pid in self._present(lower.encode("utf-8", "surrogatepass")):
                    got = got | owners[pid]
                return got
        search = self._search
        m = search(lower) if search is not None else None
        while m is not None:
            at = m.start()
            for key, offset, owners in self._candidates[m.group()]:
                if at >= offset and lower.startswith(key, at - offset):
                    got = got | owners
            m = search(lower, at + 1)
        return got


def _key_tables(keys: tuple) -> tuple[dict, dict]:
    """(key -> positions of the parsers that own it, a hit's text -> the (key, its anchor's
    offset, its owners) that may stand there) for the parsers' KEYS (`keys`, in module order)."""
    from .scan import anchored_candidates, cover_set, key_anchors

    owners: dict[str, frozenset[int]] = {}
    for i, own in enumerate(keys):
        # a key holding another key of its parser adds nothing (a smaller regex to compile)
        for key in cover_set(k for k in own if k):
            owners[key] = owners.get(key, frozenset()) | {i}
    candidates = {hit: tuple((key, offset, owners[key]) for key, offset in pairs)
                  for hit, pairs in anchored_candidates(key_anchors(owners)).items()}
    return owners, candidates


def _source_stamp() -> str | None:
    """The version (mtime and size) of this file and of scan.py, whose code `_key_tables`
    runs; None when it cannot be told (the tables are then built afresh)."""
    from . import scan

    try:
        return ":".join(f"{st.st_mtime_ns}:{st.st_size}" for st in map(os.stat, (__file__, scan.__file__)))
    except (OSError, TypeError):
        return None


def _pattern_key(words) -> str | None:
    """What `scan.anchored_pattern` of the words depends on: the words and scan.py's version
    (None when that cannot be told: the pattern is then built afresh)."""
    from . import scan

    try:
        st = os.stat(scan.__file__)
    except (OSError, TypeError):
        return None
    return f"anchored-keys:{st.st_mtime_ns}:{st.st_size}:" + "\x00".join(sorted(words))


@lru_cache(maxsize=4)
def _key_index(mods: tuple) -> KeyIndex:
    return KeyIndex(mods)   # built once per process, not per log


class KeepFirst:
    """Line retention for a whole file: the first lines, bounded in count and
    bytes, kept in `lines` for the config layer (live mode retains differently)."""

    def __init__(self, lines: list[Line], max_lines: int = MAX_KEPT_LINES, max_bytes: int = MAX_KEPT_BYTES):
        self.lines, self.max_lines, self.max_bytes = lines, max_lines, max_bytes
        self.size = 0

    def add(self, line: Line) -> None:
        if len(self.lines) < self.max_lines and self.size < self.max_bytes:
            self.lines.append(line)
            self.size += len(line.raw)


class Pipeline:
    """Feed bytes, get events. Its seams are constructor arguments:

    * `assembler(continues) -> Assembler` — how lines become records (live mode
      closes a record when its own source goes quiet);
    * `retain` — an object whose `add(line)` keeps lines for the config layer
      (default: the first lines, into `analysis.lines`);
    * `may_merge(prev, ev) -> bool` — whether a copy of a recent event folds
      into it (live mode: only while they arrive close together in time).

    `flush()` closes every open record; `parse(records)` turns records the
    caller closed into events; `after_read(analysis)` lets families judge
    events by what followed them (run by `finish()`, and by live mode before
    each report).
    """

    def __init__(self, name: str = "<text>", emit_all: bool = False, keep_lines: int = MAX_KEPT_LINES, *,
                 assembler: Callable[[Callable[[str, str], bool]], Assembler] = Assembler,
                 retain=None, may_merge: Callable[[Event, Event], bool] | None = None):
        groups, lits = _triggers()
        parsers.start_log()
        self.mods = parsers.modules()
        self._keys = _key_index(tuple(self.mods))
        self._cont = [m for m in self.mods if hasattr(m, "continues")]
        self._after_read = [m for m in self.mods if hasattr(m, "after_read")]
        self.scanner = Scanner(groups, lits, emit_all=emit_all, sample_exact=METRIC_EXACT,
                               sample_period=METRIC_PERIOD, ring=METRIC_RING)
        self.assembler = assembler(self.continues)
        self.analysis = Analysis(name=name)
        self.retain = retain if retain is not None else KeepFirst(self.analysis.lines, max_lines=keep_lines)
        self.may_merge = may_merge
        self._metric_mods = [m for m in self.mods if getattr(m, "LINE_TRIGGERS", ())]
        self._indent: str | None = None   # decided on the first lines (see _paste_indent)
        self._gutter: int | str = 0         # and a line-number gutter (see _paste_gutter)
        self._hosts = None                  # pdsh's `host: ` / stern's `pod container ` on every line
        self._ipython = False               # IPython's tracebacks seen (ipython.py)
        # a joined line's number -> its number in the input (unwrap.py), when lines were joined
        self.renumber: Callable[[int], int] | None = None

    # -- feeding ------------------------------------------------------------
    def feed(self, data: bytes) -> list[Event]:
        out = self._lines(self.scanner.feed(data))
        self._line_hits()
        return out

    def finish(self) -> list[Event]:
        events = self._lines(self.scanner.finish())
        self._line_hits()
        events += self.flush()
        self.sync_metrics()
        self.after_read(self.analysis)
        self.refresh_stats()
        return events

    def after_read(self, analysis: Analysis) -> None:
        """Families that judge an event by what followed it (crash: a run that went on)."""
        for mod in self._after_read:
            mod.after_read(analysis)

    def sync_metrics(self) -> None:
        """Parse the exact tail of metric lines (call before diagnosing)."""
        hits = self.scanner.drain_ring()
        if not hits:
            return
        for no, b in hits:
            self._metric_line(no, b)
        self.analysis.metrics.sort()

    def _line_hits(self) -> None:
        """Frequent one-line facts (per-step metric lines), already sampled by the scanner."""
        hits = self.scanner.line_hits
        if not hits:
            return
        self.scanner.line_hits = []
        for no, b in hits:
            self._metric_line(no, b)

    def _metric_line(self, no: int, b: bytes) -> None:
        if self.renumber is not None:
            no = self.renumber(no)
        text = b.decode("utf-8", "replace")
        for piece in clean(text):
            rec = Record(kind="line", lines=[Line(no=no, text=piece, raw=piece)])
            for mod in self._metric_mods:
                try:
                    for ev in mod.parse(rec):
                        if ev.kind == "metrics":
                            self.analysis.metrics.add(ev)
                except Exception as exc:   # the input boundary: see strict.py
                    self._parser_failed(mod, no, exc)

    def _parser_failed(self, mod, line: int | None, exc: Exception) -> None:
        """One odd line costs a warning, not the diagnosis; in strict mode (tests) it is a bug."""
        if strict.on():
            raise exc
        where = f" on line {line}" if line is not None else ""
        msg = f"parser {mod.NAME} failed{where}: {type(exc).__name__}"
        if msg not in self.analysis.warnings:
            self.analysis.warnings.append(msg)

    def flush(self) -> list[Event]:
        """Close every open record (end of input, or the stream went quiet)."""
        return self.parse(self.assembler.flush())

    def refresh_stats(self) -> None:
        a = self.analysis
        a.lines_read = self.scanner.lines_read
        a.bytes_read = self.scanner.bytes_read
        a.cut_lines = self.scanner.cut_lines

    def continues(self, text: str, nxt: str) -> bool:
        """Whether a parser claims `nxt` as the continuation of the open record `text`."""
        for m in self._cont:
            try:
                if m.continues(text, nxt):
                    return True
            except Exception as exc:   # the input boundary: see strict.py
                self._parser_failed(m, None, exc)
        return False

    def _ungutter(self, b: bytes) -> bytes:
        if not self._gutter:
            return b
        m = self._gutter_re.match(b)
        return b[m.end():] if m else b

    def _lines(self, raw: Iterable[tuple[int, bytes]]) -> list[Event]:
        out: list[Event] = []
        if self._indent is None:
            raw = list(raw)
        # decided on the first lines there are: a one-line paste with no newline comes only at the end
        if self._indent is None and raw:
            self._gutter = _paste_gutter([b for _, b in raw[:DEDENT_SAMPLE]])
            if self._gutter:
                sep = (rb"\t" if self._gutter == "\t" else rb" {1,%d}" % self._gutter if isinstance(self._gutter, int)
                       else rb" *%s(?: |$)" % re_cache.escape(self._gutter.encode()))
                self._gutter_re = re_cache.compile(rb" *\d{1,7}" + sep)
            self._indent = _paste_indent([self._ungutter(b) for _, b in raw[:DEDENT_SAMPLE]])
            self._hosts = host_prefix([b.decode("utf-8", "replace") for _, b in raw[:DEDENT_SAMPLE]])
        cut = self._indent
        if self.renumber is not None:
            raw = [(self.renumber(no), b) for no, b in raw]
        for no, b in raw:
            text = self._ungutter(b).decode("utf-8", "replace")
            for piece in clean(text):
                if cut and piece.startswith(cut):
                    piece = piece[len(cut):]   # a log pasted as an indented or quoted block
                elif cut and piece.strip() == cut.strip():
                    piece = ""
                # one-character tests first: a 3-character `in` costs 1-2 us on a 1.4 KB metric line
                if ("`" in piece and "```" in piece or "~" in piece and "~~~" in piece) \
                        and _FENCE.fullmatch(piece.strip()):
                    piece = ""                 # a Markdown code fence around the paste
                elif "<" in piece and _HTML_MARKUP.fullmatch(piece.strip()):
                    piece = ""                 # an issue's `<details><summary>Log</summary>`, `</pre>`
                host = self._hosts.match(piece) if self._hosts else None
                if host:
                    line = with_host(peel(no, piece[host.end():]), host.group(1))
                    line.raw = piece
                else:
                    line = peel(no, piece)
                if self._ipython or ipython.starts(line.text):
                    self._ipython = True       # a notebook's traceback: read as Python prints it
                    line.text = ipython.to_python(line.text)
                self.retain.add(line)
                out.extend(self.parse(self.assembler.push(line)))
        self.refresh_stats()
        return out

    def parse(self, records: list[Record]) -> list[Event]:
        """Events of closed records; metric events go to the metric store."""
        out: list[Event] = []
        if not records:
            return out
        from .parsers.base import read_joined      # here: a warm run that parses nothing never imports it

        fast = self.scanner.engine == "hyperscan"
        for rec in records:
            # newlines read as spaces: a key a terminal wrapped ("low on\nmemory") still offers its
            # parser, and no key holds a newline, so nothing the lines hold is lost
            offered = self._keys.offered(_spaced_lower(rec.text), fast)
            spaced = rec.spaced()
            if spaced is not None:      # a word wrap's pieces joined tightly: the key as written too
                offered = offered | self._keys.offered(_spaced_lower(spaced.text), fast)
            for i in sorted(offered):         # in module order
                mod = self.mods[i]
                try:
                    evs = read_joined(mod.parse, rec, spaced)
                except Exception as exc:   # the input boundary: see strict.py
                    self._parser_failed(mod, rec.line, exc)
                    continue
                for ev in evs:
                    if ev.kind == "metrics":
                        self.analysis.metrics.add(ev)
                    else:
                        merged = self._merge(ev)
                        if merged is None:
                            self.analysis.events.append(ev)
                            out.append(ev)
            if rec.kind == "traceback":
                _frames_after_message(self.analysis.events, rec)
        return out

    def _merge(self, ev: Event) -> Event | None:
        """Fold a copy of a recent event (another rank, a Ray re-raise) into it."""
        sig = _signature(ev)
        for prev in reversed(self.analysis.events[-64:]):
            if ev.line - prev.end_line > MERGE_WINDOW:
                break
            if prev.kind == ev.kind and _signature(prev) == sig and sig \
                    and (self.may_merge is None or self.may_merge(prev, ev)):
                prev.count += ev.count
                for s in ev.sources:
                    if s not in prev.sources:
                        prev.sources.append(s)
                if len(ev.facts) > len(prev.facts):
                    prev.facts = ev.facts
                    prev.text = ev.text
                prev.end_line = max(prev.end_line, ev.end_line)
                return prev
        return None


# A traceback pasted AFTER the error it belongs to: reporters often put the message first and
# the frames below it (an issue's "Error Log" block, a logger that prints the message and then the
# stack). A frames-only block (no exception line of its own) right below a device-OOM event that
# names no phase is that event's stack: its phase and failing op (logits, attention) are read from it.
_EXC_LINE = re_cache.lazy(r"^\s*(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Exit|Interrupt|Warning)\b")
_FRAMES_GAP = 3


def _frames_after_message(events: list, rec: Record) -> None:
    if not events or any(_EXC_LINE.match(ln.text) for ln in rec.lines):
        return
    ev = events[-1]
    if ev.kind not in ("gpu_oom", "accelerator_oom") or ev.source != rec.source \
            or not 0 < rec.line - ev.end_line <= _FRAMES_GAP or "phase" in ev.facts or "op" in ev.facts:
        return
    frames = rec.frames()
    if not frames:
        return
    from .parsers.pytorch import phase_of
    for k, v in phase_of(rec).items():
        ev.facts.setdefault(k, v)
    if not ev.frames:
        ev.frames = frames


def _spaced_lower(text: str) -> str:
    """`text` lowercased, newlines as spaces (`replace` costs ~2 us on a 1.4 KB line even with none)."""
    low = text.lower()
    return low.replace("\n", " ") if "\n" in low else low


_PER_COPY: frozenset | None = None


def _per_copy() -> frozenset:
    global _PER_COPY
    if _PER_COPY is None:
        _PER_COPY = parsers.per_copy_facts()
    return _PER_COPY


def _signature(ev: Event) -> tuple:
    """What makes two copies 'the same failure': kind-specific identity facts.

    Ranks print their own free/allocated numbers, so those are left out;
    requested size and capacity identify a GPU OOM across ranks.
    """
    if ev.sig is None:
        items = tuple(sorted((k, str(v)) for k, v in ev.facts.items() if k not in _per_copy()))
        ev.sig = items or (("text", ev.text[:200]),)
    return ev.sig


def _line_ended(data: bytes) -> bytes:
    """A whole paste with its last line ended, so the paste's shape (a quote, a host prefix) is
    judged on every line of it, not on all but a last line the scanner holds back."""
    return data if not data or data.endswith(b"\n") else data + b"\n"


def read_events(src: str | os.PathLike | bytes, *, name: str | None = None,
                emit_all: bool | None = None) -> Analysis:
    """Read a log (a path, '-' for stdin, or the log's bytes/text) into an Analysis.

    `src` as `str` is a path unless it contains a newline; pass bytes for
    literal log text.
    """
    if isinstance(src, (bytes, bytearray)) or (isinstance(src, str) and "\n" in src):
        data = src.encode("utf-8", "surrogateescape") if isinstance(src, str) else bytes(src)
        fix = web_fixer(data[:1 << 20])
        if fix is not None:
            data = fix(data)
        pipe = Pipeline(name or "<text>", emit_all=True if emit_all is None else emit_all)
        data, pipe.renumber = unwrap(data)
        pipe.feed(_line_ended(data))
        pipe.finish()
        return pipe.analysis
    label, fh = open_input(os.fspath(src))
    small = False
    try:
        small = label != "<stdin>" and os.stat(label).st_size <= (4 << 20)
    except OSError:
        pass
    pipe = Pipeline(name or label, emit_all=small if emit_all is None else emit_all)
    bar = progress.for_input(label, fh)   # None unless a big input and stderr a terminal
    try:
        if small:       # a paste-sized file: one piece, so a terminal's hard wraps can be joined
            data, pipe.renumber = unwrap(b"".join(chunks(label, fh)))
            pipe.feed(_line_ended(data))
        else:
            for chunk in (chunks(label, fh) if label == "<stdin>" else file_chunks(label, fh)):
                pipe.feed(chunk)
                if bar is not None:
                    bar.update(fh.tell())     # the file's offset: compressed bytes for a .gz
    finally:
        if bar is not None:
            bar.clear()
        if label != "<stdin>":
            fh.close()
    pipe.finish()
    if pipe.analysis.bytes_read == 0:
        raise InputError(f"{label}: is empty, nothing to diagnose")
    return pipe.analysis


__all__ = ["Analysis", "Pipeline", "read_events", "InputError"]
