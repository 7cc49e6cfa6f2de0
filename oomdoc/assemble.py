"""Per-source assembly of lines into records.

Two ranks' tracebacks interleave line by line, so lines are first split by
their source and each source has its own small state machine:

  idle -> frames -> exception -> (chain banner -> frames)* -> closed

A traceback closes on a new record header, a new traceback without a chaining
banner, too many continuation lines, or `flush()` (idle interval / EOF).
A plain line stays open so that parsers can claim the next lines as its
continuation (a wrapped OOM message, Ray's report and its table).

Terminal wraps: a terminal cuts a long line every W columns (80-120), even
mid-word, and the pieces after the first carry none of its prefixes (no
`[rank7]:`, no `(raylet)`, no dmesg time). Such a piece (`_wrap_piece`) joins
the record of the line it continues, with that line's source, and when the
record closes it is joined back onto that line before any parser reads it
(`unwrap`).
"""
from __future__ import annotations

import itertools
from collections.abc import Callable

from . import re_cache
from .model import MAIN, Line, Record

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: a warm run never imports re (re_cache)
    import re

TB_HEADER = "Traceback (most recent call last)"
CHAIN_BANNERS = ("During handling of the above exception",
                 "The above exception was the direct cause")
MAX_RECORD_LINES = 400
MAX_CONTINUATION = 12
MAX_GAP = 200       # lines of other sources between two lines of one record, at most
_HEADLESS = re_cache.lazy(r'File "[^"]+", line \d+, in ')
_ERROR_LEVELS = ("ERROR", "CRITICAL", "FATAL")
_OOM_WORDS = re_cache.lazy(r"(?i)out of memory|OutOfMemory")
_LOG_CALL = re_cache.lazy(r"\[([\w.-]+\.py:\d+)(?::(\w+))?\]")
_RERAISE = re_cache.lazy(r"(?:Error|Exception)(?:\([\w.]+\))?: ray::\w")
# Training progress is never part of an exception message: a tqdm bar or a
# per-step metrics dict/line after the exception line starts a new record
# (a caught, logged exception is followed by more steps).
_PROGRESS = re_cache.lazy(r"\s*(?:\{'[\w/.\-]+': |step:\d+ - |.*?\d+%\|[^|\n]*\|\s*\d+/\d+ \[)")
# What a person who cut frames out of a pasted traceback put in their place (`...`, `[...]`,
# `<snip>`, `# (truncated)`, `... 30 more lines ...`): the frames go on after it.
_ELISION = re_cache.lazy(r"(?i)(?:#\s*)?[\[(<]?\s*(?:\.{3,}|…+|snip(?:ped)?|truncated|omitted|(?:(?:\.{3}|…)\s*)?"
                            r"\d*\s*(?:more\s+)?(?:lines?|frames?)(?:\s+(?:omitted|truncated|skipped|removed|hidden))?"
                            r"(?:\s*(?:\.{3}|…))?)\s*[\])>]?\s*$")
# Nor is a box table's top border (an nvidia-smi pasted after the traceback).
_TABLE_TOP = re_cache.lazy(r"\s*\+-{20,}\+?\s*$")

# continues(record_text, next_line_text) -> True when next line belongs to it
Continues = Callable[[str, str], bool]


class _Open:
    __slots__ = ("state", "lines", "cont", "blank", "pieces")

    def __init__(self, state: str, line: Line):
        self.state = state          # "line" | "frames" | "exc" | "chain"
        self.lines = [line]
        self.cont = 0
        self.blank = 0
        self.pieces: set = set()    # ids of lines that are pieces of a terminal-wrapped line


def _is_frame(text: str) -> bool:
    return text[:1] in (" ", "\t") or text.startswith('File "')


WRAP_MIN = 79        # the narrowest terminal people wrap at is 80 columns
WRAP_FIRST_MAX = 250  # a longer line is a whole line, not a terminal's first piece
WORD_WRAP_MIN = 60   # an editor's word wrap at 80 columns leaves a first piece this long or longer


def _sentence_end(prev: str, nxt: str) -> bool:
    """`prev` ends a sentence (or a clause): the next line is a line of its own. A
    trailing space is no end: a terminal that cut right after a space left it there."""
    return prev[-1:] not in (" ", "\t") and prev.rstrip()[-1:] in (".", "!", "?", ")")


_LEVEL_WORD = re_cache.lazy(r"(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)\b")
_STANDALONE = re_cache.lazy(r"\s*(?:Killed|MemoryError|Aborted|Segmentation fault|Bus error)\b")
# `slurmstepd: error:`, `wandb: Waiting` (a cut word before a colon is shorter: `…memo` + `ry: you`)
_LINE_START = re_cache.lazy(r"[A-Za-z_][\w\-]{2,}: ")
_EXC_LINE = re_cache.lazy(r"\s*[\w.]+(?:Error|Exception)(?:\([\w.]+\))?:")
_WS = re_cache.lazy(r"\s+")
# the last frame's source line (and 3.11's caret line under it), pasted without its
# `File "..."` line: indented code with a call in it, or a line of carets
_SOURCE_TAIL = re_cache.lazy(r"\s{2,}(?:(?:[\w.,\[\] ]+[-+*/]?=\s*)?(?:return\s+|await\s+)?[\w.]+\(.*|[\^~][\s^~]*)$")
# a parenthesis a sentence ends with, alone on the piece a word wrap left (`memory.|(out of memory)`)
_PARENTHETICAL = re_cache.lazy(r"\([^()]*\)[.:]?\s*$")


def _anchors() -> re.Pattern:
    global _ANCHORS
    if _ANCHORS is None:
        from . import signatures

        lits = {a for anchors in signatures.squeezed_anchors() for a in anchors}
        # longest first; ties by text, so every process builds the same pattern (re_cache)
        _ANCHORS = re_cache.compile("|".join(re_cache.escape(x) for x in sorted(lits, key=lambda x: (-len(x), x))))
    return _ANCHORS


_ANCHORS: re.Pattern | None = None


LONG_WORD = 25       # an id, a path, a hash: a word this long leaves the piece before it short


def _before_long_word(prev: Line, line: Line) -> bool:
    """A word wrap left `prev` short (half the width or more) because `line`'s first word, a long
    one, would not have fitted after it (`Failed to put object|ffff…0100 in object store`)."""
    if not WRAP_MIN // 2 <= len(prev.raw) < WORD_WRAP_MIN or len(line.raw) <= LONG_WORD:
        return False      # most lines: no split on the hot path
    word = line.raw.split(" ", 1)[0]
    # a word: an id, a path, a quoted name; not a rule of one repeated mark (`=====`)
    return len(word) > LONG_WORD and len(prev.raw) + 1 + len(word) > WRAP_MIN + 1 \
        and (word[:1].isalnum() or word[:1] in "([{\"'/<$.~_") and len(set(word)) > 2


def _indent(text: str) -> str:
    return text[:len(text) - len(text.lstrip())]


def _next_word_fits(prev: Line, line: Line) -> bool:
    """`line`'s first word would have fitted after `prev` at 80 columns: no word wrap broke there."""
    return len(prev.raw) + 1 + len(line.raw.split(" ", 1)[0]) <= WRAP_MIN + 1


def _anchor_near(head: str, tail: str):
    """A catalogue anchor in the end of `head` and the start of `tail` joined (blanks aside)."""
    return _anchors().search(_WS.sub("", head[-200:] + tail[:80]))


def _anchor_across(head: str, tail: str) -> bool:
    """A catalogue anchor starts in `head` and ends in `tail` (blanks aside)."""
    a, b = _WS.sub("", head), _WS.sub("", tail)
    start = max(0, len(a) - 80)
    return any(m.start() < len(a) - start < m.end() for m in _anchors().finditer(a[start:] + b))


def _wrap_piece(prev: Line | None, line: Line, chained: int, context: str, words: bool = False) -> bool:
    """`line` is the rest of `prev`, which a terminal cut at its width: right after a
    line a terminal wide or more, no longer than it, no prefix of its own (or the
    same), not a record start; and `prev` belongs to a memory-failure message
    (a catalogue anchor, also one the cut split) or an exception line. `words`: the
    pieces so far are an editor's word wrap, whose pieces are of any length up to
    its width (`chained` is then the first piece's length)."""
    if prev is None or line.no != prev.no + 1:
        return False
    if line.header and not _LEVEL_WORD.match(line.raw):   # a cut before 'ERROR …' looks like a level
        return False
    terminal = bool(chained) and len(prev.raw) == chained and len(line.raw) <= chained
    if chained and words and not terminal:
        # a word wrap goes on while each piece is nearly full and the next word would not have
        # fitted after it; the message is known (its first join had an anchor), so no anchor is needed
        if not (WORD_WRAP_MIN <= len(prev.raw) <= WRAP_MIN + 1 or _before_long_word(prev, line)) \
                or len(line.raw) > WRAP_MIN + 1 or _next_word_fits(prev, line):
            return False
    elif chained:     # every piece but the last is exactly the terminal's width
        if len(prev.raw) != chained or len(line.raw) > chained:
            return False
    elif not (WORD_WRAP_MIN <= len(prev.raw) <= WRAP_FIRST_MAX or _before_long_word(prev, line)):
        return False
    # shorter than any terminal: an editor's word wrap at 80 columns, if the piece's first word would
    # not have fitted after it (the piece itself may be the longer: up to 80 columns); only where a
    # catalogue anchor runs across the break
    word_wrap = not chained and len(prev.raw) < WRAP_MIN
    if word_wrap and (_next_word_fits(prev, line)
                      or len(line.raw) > WRAP_MIN + 1):
        return False
    if not word_wrap and not words and len(line.raw) > len(prev.raw):
        return False
    if line.source is not MAIN and line.source != prev.source:
        return False
    t = line.text
    if not t.strip() or t.lstrip().startswith((TB_HEADER, 'File "')):
        return False
    # an indented line is a line of its own, unless the paste indented both alike (then an anchor
    # must be near, checked last: the search is the costly part)
    indented = t.startswith(("  ", "\t")) and (not chained or (words and not terminal))
    if indented and _indent(t) != _indent(prev.text):
        return False
    if line.raw[:4] == prev.raw[:4] or _PROGRESS.match(t) or _PROGRESS.match(prev.text) or _TABLE_TOP.match(t):
        return False      # starts like the line before, or training progress: a new line
    if prev.text.lstrip().startswith('File "') and _EXC_LINE.match(t):
        return False      # a compiled (Cython, C) frame prints no source line: its exception follows it
    lost_prefix = prev.source is not MAIN and line.source is MAIN   # the strongest sign of a wrap
    if indented and not _anchor_near(prev.text, t):
        return False
    if chained and words and not terminal:
        # within a word-wrapped message a piece may end a sentence (`not possible.|There are 6.78G
        # free`) or start like a log line (`alloc|size: 2147483648B.`), but not both, and a new
        # exception or a shell's own line is no piece
        return not (_sentence_end(prev.text, t) and _LINE_START.match(t)) and not _EXC_LINE.match(t) \
            and not _STANDALONE.match(t)
    if not chained and not lost_prefix and (_sentence_end(prev.text, t) and not _PARENTHETICAL.match(t)
                                            or _LINE_START.match(t)):
        # a first piece: the line before ended, or this one starts like a log line; unless a
        # catalogue anchor runs across the break (`device|buffer: Attempting`)
        return _anchor_across(prev.text[-200:], t[:80])
    if word_wrap:       # a catalogue anchor across the break, or an exception's message broken
        return _anchor_near(prev.text, t) is not None \
            or (_EXC_LINE.match(prev.text) is not None and not _EXC_LINE.match(t))
    if chained or _EXC_LINE.match(prev.text):
        return True
    # an anchor in the record, in its last line or in the piece (also one the cut split),
    # unless the new line is a whole message of its own (a shell's bare `Killed`)
    if _STANDALONE.match(t):
        return False
    return _anchors().search(_WS.sub("", context + prev.text[-200:] + t[:80])) is not None


def unwrap(lines: list[Line], pieces: set) -> list[Line]:
    """Join the pieces a terminal cut off (`pieces`: ids of those lines) back onto
    the line they continue. A piece stays in the record with empty text, so that
    line numbers still span the whole message."""
    if not pieces:
        return lines
    head = lines[0]
    for ln in lines[1:]:
        if id(ln) in pieces:
            head.cuts += (len(head.text),)
            head.text += ln.text
            head.repeat = max(head.repeat, ln.repeat)
            ln.text = ""
        else:
            head = ln
    return lines


_RUNS = itertools.count(1)
_RUN = 0


def current_run() -> int:
    """Which log is being assembled (each Assembler is one log): events of another
    log are no evidence about this one."""
    return _RUN


class Assembler:
    def __init__(self, continues: Continues):
        global _RUN
        _RUN = next(_RUNS)
        self._continues = continues
        self._open: dict[tuple, _Open] = {}
        self._prev: Line | None = None
        self._chained = 0           # the terminal width while pieces of one line arrive, else 0
        self._words = False         # those pieces are an editor's word wrap (see `_wrap_piece`)

    def push(self, line: Line) -> list[Record]:
        prev, self._prev = self._prev, line
        if prev is not None:
            cur = self._open.get(prev.source.key)
            if cur is not None and cur.lines[-1] is prev and _wrap_piece(
                    prev, line, self._chained, cur.lines[0].text[:300] if len(cur.lines) > 1 else "", self._words):
                line.source = prev.source       # the piece lost the prefixes: it is prev's
                if line.header:                 # nothing was a prefix
                    line.text, line.header, line.level = line.raw, False, None
                cur.lines.append(line)
                cur.pieces.add(id(line))
                if not self._chained:
                    # shorter than any terminal, or 80 columns: a terminal's or an editor's
                    self._words = len(prev.raw) <= WRAP_MIN + 1
                    self._chained = len(prev.raw)
                return []
        self._chained, self._words = 0, False
        if prev is not None and line.source is MAIN and prev.source is not MAIN and not line.header:
            # a logger prefixes only the first line of a message that holds newlines (Ray's C++
            # log, glog, Python logging): the next bare line is that message's, if its family says so
            cur = self._open.get(prev.source.key)
            if cur is not None and cur.state == "line" and cur.lines[-1] is prev and line.text.strip() \
                    and self._continues(_join(cur.lines), line.text):
                line.source = prev.source
                cur.lines.append(line)
                return []
        key = line.source.key
        cur = self._open.get(key)
        if cur is None:
            return self._start(key, line)
        text = line.text
        stripped = text.strip()
        if len(cur.lines) >= MAX_RECORD_LINES:
            return self._close(key) + self._start(key, line)
        if line.no - cur.lines[-1].no > MAX_GAP:
            return self._close(key) + self._start(key, line)   # far apart: not one message
        if cur.state == "line":
            # blank lines are offered too: a report may set its table off by one
            # (Ray's legacy "top 10 memory consumers are:\n\nPID MEM COMMAND");
            # so is a logger record from the same logging function as the open
            # one (DeepSpeed's see_memory_usage logs label, numbers, CPU apart)
            if (not line.header or _same_log_call(cur.lines[-1], line)) \
                    and not stripped.startswith(TB_HEADER) \
                    and self._continues(_join(cur.lines), text):
                cur.lines.append(line)
                return []
            if len(cur.lines) == 1 and cur.lines[0].level in _ERROR_LEVELS and stripped.startswith(TB_HEADER) \
                    and _OOM_WORDS.search(cur.lines[0].text):
                # `logger.exception(msg)` / `exc_info=True` with an OOM's text: the message, then its
                # traceback (a launcher's own `failed (exitcode: -9)` line is followed by its own)
                cur.lines.append(line)
                cur.state = "frames"
                return []
            if len(cur.lines) <= 3 and cur.lines[0].text.startswith("  ") and not line.header \
                    and _EXC_LINE.match(text) and all(_SOURCE_TAIL.match(ln.text) for ln in cur.lines):
                # a traceback's tail pasted from its last source line: the frame's code names
                # the operation that failed (attention, logits), so it stays with the exception
                cur.lines.append(line)
                cur.state = "exc"
                return []
            return self._close(key) + self._start(key, line)
        # inside a traceback, a line from the same logging call is not a new record
        header = line.header and not _same_log_call(cur.lines[-1], line)
        if cur.state == "frames":
            if header:
                return self._close(key) + self._start(key, line)
            cur.lines.append(line)
            if stripped and not _is_frame(text) and not stripped.startswith(TB_HEADER) \
                    and not _ELISION.match(stripped):
                cur.state = "exc"
            return []
        if cur.state == "chain":
            cur.lines.append(line)
            if stripped.startswith(TB_HEADER):
                cur.state = "frames"
            elif stripped and not any(stripped.startswith(b) for b in CHAIN_BANNERS):
                cur.state = "exc"
            return []
        # state == "exc": the exception line has come; what follows?
        if any(stripped.startswith(b) for b in CHAIN_BANNERS):
            cur.lines.append(line)
            cur.state = "chain"
            cur.blank = 0
            return []
        if not stripped:
            cur.blank += 1
            if cur.blank >= 2:
                return self._close(key)
            cur.lines.append(line)
            return []
        if _is_frame(text) and not header and _reraises(cur.lines[-1].text):
            cur.lines.append(line)  # Ray embeds the remote traceback after its header line
            cur.state = "frames"
            return []
        if header or stripped.startswith(TB_HEADER) or _is_frame(text) \
                or cur.cont >= MAX_CONTINUATION or _PROGRESS.match(text) or _TABLE_TOP.match(text):
            return self._close(key) + self._start(key, line)
        cur.blank = 0
        cur.cont += 1
        cur.lines.append(line)
        return []

    def flush(self) -> list[Record]:
        out: list[Record] = []
        for key in list(self._open):
            out.extend(self._close(key))
        out.sort(key=lambda r: r.line)
        return out

    def open_sources(self) -> list[tuple]:
        return list(self._open)

    def close_source(self, key: tuple) -> list[Record]:
        return self._close(key)

    # -- internals ----------------------------------------------------------
    def _start(self, key: tuple, line: Line) -> list[Record]:
        stripped = line.text.strip()
        if stripped.startswith(TB_HEADER) or _HEADLESS.match(stripped):
            # a traceback whose header was cut off (pasted excerpt, scan window)
            self._open[key] = _Open("frames", line)
        elif stripped:
            self._open[key] = _Open("exc" if _reraises(stripped) else "line", line)
        return []

    def _close(self, key: tuple) -> list[Record]:
        cur = self._open.pop(key, None)
        if cur is None:
            return []
        lines = cur.lines
        while len(lines) > 1 and not lines[-1].text.strip():
            lines.pop()
        kind = "line" if cur.state == "line" and len(lines) == 1 else (
            "block" if cur.state == "line" else "traceback")
        return [Record(kind=kind, lines=unwrap(lines, cur.pieces))]


def _reraises(text: str) -> bool:
    """`ray.exceptions.RayTaskError(X): ray::Actor.method() (pid=…)` is followed by
    the remote frames and the remote exception: one record, not two."""
    return "ray::" in text and _RERAISE.search(text) is not None


def _same_log_call(prev: Line, line: Line) -> bool:
    """Both lines carry one logger location: the same `[file.py:N:function]` function
    (DeepSpeed logs a report's parts apart), or the same `[file.py:N]` call (vLLM's
    `logger.exception` prefixes every line of the traceback it prints)."""
    if not prev.header or not line.header:
        return False
    a, b = _LOG_CALL.search(prev.raw, 0, 200), _LOG_CALL.search(line.raw, 0, 200)
    if a is None or b is None:
        return False
    if a.group(2) and b.group(2):
        return a.group(2) == b.group(2)
    return a.group(1) == b.group(1)


def _join(lines: list[Line]) -> str:
    return "\n".join(ln.text for ln in lines)
