"""A paste hard-wrapped by a terminal (long lines cut into pieces of exactly its
width), or double-spaced by a web page (a blank line after every line).

tmux and screen copy-mode, Windows consoles and `script` keep the newline a
terminal inserted at its right edge, so a 300-character OOM message arrives
as three lines of 120, 120 and 60 characters, cut mid-word. Every message
pattern, config dump and metric line is written for whole lines, so a paste
that shows this shape is rejoined before it is scanned.

The shape: the longest lines all have one length W (60-400 columns), several
lines have exactly that length, and at least one of them was cut inside a word
(a program formatting fixed-width lines ends them at a word's end). A full
line is joined with the line after it, and line numbers are mapped back to
the paste's own. A paste whose every second line is blank, from a web view that
turned each line into a paragraph, loses those blanks the same way: a blank line
between a message and its report would otherwise split them.
"""
from __future__ import annotations

from . import re_cache

MIN_WIDTH, MAX_WIDTH = 60, 400
MIN_FULL = 2          # lines exactly at the width
TERMINAL_MIN = 79     # the narrowest terminal people wrap at is 80 columns
MAX_BYTES = 16 << 20  # a paste; a program's log is never wrapped
_DATED = re_cache.lazy(r"\[?\d{4}-\d\d-\d\d[ T]\d\d:")
_BAR = re_cache.lazy(r"^[^|]{0,80}\b\d{1,3}%\|")


def _terminal_width(texts: list[str], w: int) -> bool:
    """Lines of exactly the widest length `w` are a terminal's cuts: several of them, and at
    least one cut inside a word."""
    full = [i for i, t in enumerate(texts) if len(t) == w and i + 1 < len(texts)]
    if len(full) < MIN_FULL:
        return False
    # cut inside a word: the full line ends with, and the next begins with, a word character;
    # with only two full lines (a coincidence in a short paste) the cut must split a word of
    # letters (`memo|ry`), not a number from what follows it (`1024|step`)
    # (or before a mark no word wrap breaks before: a number's point, `_`, `.`, a closing bracket)
    cuts = [i for i in full if texts[i][-1].isalnum() and texts[i + 1][:1].isalnum()
            or texts[i][-1:].strip() and texts[i + 1][:1] and texts[i + 1][0] in "._),;:]"]
    if len(full) == MIN_FULL:
        cuts = [i for i in cuts if texts[i][-1].isalpha() and texts[i + 1][:1].islower()]
    return bool(cuts)


MIN_DOUBLED = 6      # text lines, each followed by a blank one


def unwrap(data: bytes):
    """(`data` with a double-spaced paste closed up and terminal hard wraps joined, a function
    from a line's number to its number in `data`), or (`data`, None) when neither was done."""
    if len(data) > MAX_BYTES or b"\n" not in data:
        return data, None
    raw = data.split(b"\n")
    undoubled = _undouble(raw)
    joined = _join(raw if undoubled is None else undoubled)
    if undoubled is None:
        return (data, None) if joined is None else joined
    if joined is None:
        return b"\n".join(undoubled), _doubled
    out, renumber = joined
    return out, lambda no: _doubled(renumber(no))


def _doubled(no: int) -> int:
    return 2 * no - 1


def _undouble(raw: list[bytes]) -> list[bytes] | None:
    """The text lines of a paste whose every second line is blank, else None."""
    tail = bool(raw) and not raw[-1].strip()       # the text ended with a newline
    body = raw[:-1] if tail else raw
    if len(body) < 2 * MIN_DOUBLED - 1:
        return None
    text, blank = body[0::2], body[1::2]
    # every second line blank; the others mostly text (a blank line of the log itself sits
    # among them, doubled too)
    if any(b.strip(b" \t\r") for b in blank) or sum(1 for b in text if not b.strip()) > max(1, len(text) // 10):
        return None
    return text + [b""] if tail else text


def _join(raw: list[bytes]):
    """(the lines with wrapped ones joined, `_renumber` of them), or None: nothing wrapped."""
    texts = [b.decode("utf-8", "replace").rstrip("\r") for b in raw]
    # a terminal wraps what it shows: colour codes take no column, also those a log store
    # wrote out (`#033[33m` from rsyslog, `^[[33m`)
    if any("\x1b" in t or "[" in t for t in texts):
        from .prefixes import ANSI_RE, VISIBLE_ANSI_RE

        visible = [VISIBLE_ANSI_RE.sub("", ANSI_RE.sub("", t) if "\x1b" in t else t) if "[" in t else t
                   for t in texts]
    else:
        visible = texts
    w = max(map(len, visible), default=0)
    if not MIN_WIDTH <= w <= MAX_WIDTH:
        return None
    # lines clipped at the width went on past it, not onto the next line: neither a terminal's
    # cut nor a word wrap joins them (other lines of the paste may still be word-wrapped)
    clipped = _clipped(visible, w)
    wrapped = {i for i, t in enumerate(visible) if len(t) == w} \
        if not clipped and _terminal_width(visible, w) else set()
    sep = b""
    few = len(wrapped) <= 0.5 * len(_nearly_full(visible, w))
    if few or (len(wrapped) <= MIN_FULL and w < TERMINAL_MIN):
        # no terminal wrap, or lines of exactly the width are the few a word wrap leaves (two
        # lines of one length narrower than any terminal are a coincidence in a short paste: a
        # word wrap broke them too)
        words = _word_wrapped(visible, w)
        if clipped:
            words = {i for i in words if len(visible[i]) < w}
        if len(words) > len(wrapped) and (few or wrapped <= words):
            wrapped, sep = words, b" "
    if not wrapped:
        return None
    out: list[bytes] = []
    starts: list[int] = []       # for each joined line, the 1-based number of its first piece
    i = 0
    while i < len(raw):
        piece, joined = raw[i].rstrip(b"\r"), 0
        while i + joined in wrapped and i + joined + 1 < len(raw) and _continues(texts[i + joined + 1]):
            # a word wrap broke at a space, or after a word's hyphen (`non-|PyTorch`): no space then;
            # nor where a word longer than the width was cut at it (`fold -s`, textwrap: a long path)
            hyphen = piece[-1:] == b"-" and piece[-2:-1].isalpha()
            cut = len(visible[i + joined]) == w and _long_word_cut(visible[i + joined], visible[i + joined + 1], w)
            joined += 1
            nxt = raw[i + joined].rstrip(b"\r")
            piece += (sep if sep and not hyphen and not cut and not piece.endswith(b" ") and not nxt.startswith(b" ")
                      else b"") + nxt
        out.append(piece)
        starts.append(i + 1)
        i += joined + 1
    return b"\n".join(out), _renumber(starts)


def _clipped(texts: list[str], w: int) -> bool:
    """Long lines cut at one width with nothing carried down (`cut -c`, a viewer that clips, a
    paste cut at the end of each line), not wrapped: most long lines stop at exactly the width,
    what follows most of those is a line of its own (a timestamp, a prefix, a bar, a traceback),
    and hardly any of the others goes on inside the word the line broke (a terminal's cut)."""
    full = [i for i, t in enumerate(texts) if len(t) == w and i + 1 < len(texts)]
    if len(full) < MIN_FULL or len(full) < 0.5 * len(_nearly_full(texts, w)):
        return False
    goes_on = [i for i in full if _continues(texts[i + 1]) and not texts[i + 1].startswith(_TRACEBACK)]
    in_word = sum(1 for i in goes_on if texts[i][-1].isalnum() and texts[i + 1][:1].isalnum())
    return len(full) - len(goes_on) > 0.5 * len(full) and in_word < MIN_FULL


_TRACEBACK = "Traceback (most recent call last)"
MIN_WORD_WRAPS = 3
NEAR_FULL = 25        # columns short of the width that a word wrap may leave
_WORD_START = "([{\"'-/<$.~_"
# a traceback's code line (indented, maybe behind a rank or Ray prefix) that closes its call:
# a statement ends there, whatever the next line's first word
_EXCEPTION_HEAD = re_cache.lazy(r"^[A-Za-z_][\w.]*(?:Error|Exception)\b")
# a rank or Ray prefix alone: its message (an indented dump line) went to the line below
_BARE_PREFIX = re_cache.lazy(r"^(?:\([\w.:-]+ pid=\d+(?:, ip=[\d.]+)?\)|\[(?:rank|default)\d+\]:)\s*$")
_CODE_END = re_cache.lazy(r"^(?:\([^)]*\)|\[[^\]]*\]:?)?\s{4,}\S.*[)\]}]\s*$")


# a tqdm bar broken at its padding: `Train:  18%|████` and `| 88/494 [04:04<18:48, 2.78s/it]`
_BAR_HEAD = re_cache.lazy(r"\d{1,3}%\|[\u2588\u2589\u258a\u258b\u258c\u258d\u258e\u258f#]*\s*$")
_BAR_TAIL = re_cache.lazy(r"\|\s*\d+(?:\.\d+)?[kMG]?/\d+(?:\.\d+)?[kMG]?\s*\[")


def _nearly_full(texts: list[str], w: int) -> list[int]:
    """Lines within NEAR_FULL columns of the width followed by a line at column 0 (an
    indented line is a line of its own), other than code lines that close their call."""
    return [i for i, t in enumerate(texts) if len(t) >= w - NEAR_FULL and i + 1 < len(texts)
            and texts[i + 1].strip() and not _indented(texts[i + 1], t) and not _CODE_END.match(t)]


def _word_wrapped(texts: list[str], w: int) -> set[int]:
    """Lines an editor or mail client broke at a space to fit width `w`: nearly full, and the
    next line's first word would not have fitted. Several such lines, and most nearly full
    lines being such, are a word-wrapped paste; else nothing is joined."""
    # a line followed by one with its own rank or Ray prefix ended there: no evidence either way
    near = [i for i in _nearly_full(texts, w) if not _prefixed(texts[i + 1]) and not _ends_itself(texts[i])]
    wraps, strict = set(), 0
    for i in near:
        word = _first_word(texts[i + 1])
        # words of prose or a message, not a table's borders (`|`, `+---`)
        if (word[:1].isalnum() or word[:1] in _WORD_START) and texts[i].rstrip()[-1:] not in "|+":
            # an editor drops the blanks at the break; `fold -s` keeps them (a prefix followed
            # by a long run of indentation is broken after the run)
            over = max(len(texts[i].rstrip()) + 1, len(texts[i])) + len(word) - w
            # `fold -s` also breaks where the word fits but the blank after it does not (`over`
            # 0); only lines the word overflows count as evidence of the shape
            # a new exception line (`RuntimeError: ...`) is a line of its own: a wrap before an
            # exception's `Name:` would have to split a message right there
            if over >= 0 and not (word.endswith(":") and _EXCEPTION_HEAD.match(word)):
                wraps.add(i)
                strict += over > 0
    if strict < MIN_WORD_WRAPS or len(wraps) < 0.8 * len(near):
        return set()
    # in a paste known to be word-wrapped, two more kinds of short line were wrapped too
    for i, t in enumerate(texts[:-1]):
        word = _first_word(texts[i + 1])
        if i not in wraps and word and (_BARE_PREFIX.match(t) or _before_long_word(t.rstrip(), word, w)
                                        or texts[i + 1].rstrip() == "\\"     # a shell continuation pushed down
                                        or (_BAR_HEAD.search(t) and _BAR_TAIL.match(texts[i + 1]))):
            wraps.add(i)
    return wraps


def _ends_itself(text: str) -> bool:
    """A line no wrap breaks: a rule of one repeated mark (IPython's `-----` above a traceback)
    or a traceback's header (`OutOfMemoryError   Traceback (most recent call last)`)."""
    t = text.strip()
    return (len(t) >= 10 and len(set(t)) == 1 and t[0] in "-=*_~#") or t.endswith(
        ("(most recent call last)", "(most recent call last):"))


def _indented(text: str, before: str) -> bool:
    """`text` starts indented: a line of its own. One blank before a word, after a line that
    ends in none, is the blank a word wrap that keeps blanks (textwrap) carried down instead."""
    return text[:1].isspace() and not (text[:1] == " " and text[1:2].strip() and before[-1:].strip()
                                       and not _BAR.search(text))     # tqdm's bar starts with a blank


def _first_word(text: str) -> str:
    """The text up to its first blank: a tab ends a word too (a table's columns); after the one
    blank a word wrap carried down (`_indented`)."""
    parts = text.split(None, 1)
    return parts[0] if parts and (not text[:1].isspace() or (text[:1] == " " and text[1:2].strip())) else ""


def _before_long_word(end: str, word: str, w: int) -> bool:
    """A line left short by a long word (an id, a path, a hash) that would not have fitted
    after it; not a line that ends a statement (`raise f()`, indented code) nor a word that
    starts one (`ray.exceptions.RayTaskError(...):`). A traceback's `  File` before a long
    path is the one very short line so left."""
    return len(word) > NEAR_FULL and (len(end) >= w // 5 or end == "File" or end.endswith((" File", "\tFile"))) \
        and len(end) + 1 + len(word) >= w and (word[:1].isalnum() or word[:1] in _WORD_START) \
        and not _EXCEPTION_HEAD.match(word) and end[-1] not in ")]}\"'" and not end.startswith("    ")


def _continues(text: str) -> bool:
    """A piece a terminal cut off: not blank, and not a line of its own (a rank, Ray
    or timestamp prefix starts a new line, even one that follows a full one)."""
    if not text or _DATED.match(text):
        return False
    if _BAR.search(text):      # a progress bar redrawn after a message is a line of its own
        return False
    from .prefixes import clean

    pieces = clean(text)
    return len(pieces) == 1 and not _own_source(pieces[0])


def _prefixed(text: str) -> bool:
    """A line behind its own source prefix (`[rank3]:`, `(WorkerDict pid=...)`)."""
    from .prefixes import clean

    pieces = clean(text)
    return bool(pieces) and _own_source(pieces[0])


def _own_source(piece: str) -> bool:
    from .model import MAIN
    from .prefixes import peel

    return peel(0, piece).source is not MAIN


def _long_word_cut(line: str, nxt: str, w: int) -> bool:
    """A word wrap cuts a word only when it is longer than the width: `line` ends inside such a word."""
    tail = line.rsplit(None, 1)[-1] if line.strip() else ""
    head = nxt.split(None, 1)[0] if nxt.strip() and not nxt[:1].isspace() else ""
    return bool(tail) and bool(head) and not line[-1:].isspace() and len(tail) + len(head) > w


def _renumber(starts: list[int]):
    def line_in_paste(no: int) -> int:
        return starts[no - 1] if 1 <= no <= len(starts) else no
    return line_in_paste
