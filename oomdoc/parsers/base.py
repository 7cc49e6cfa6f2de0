"""Small helpers shared by the parser families."""
from __future__ import annotations

import re

from ..model import Event, Record
from ..units import SIZE, to_bytes

WS_RE = re.compile(r"\s+")


class LazyPattern:
    """A compiled regex, compiled on first use.

    Parser modules declare ~200 patterns; a log usually needs a few families,
    so compiling at import would be most of `oomdoc explain`'s start-up.
    """

    __slots__ = ("_args", "_rx")

    def __init__(self, pattern, flags: int = 0):
        self._args = (pattern, flags)
        self._rx = None

    def _compiled(self) -> re.Pattern:
        if self._rx is None:
            self._rx = re.compile(*self._args)
        return self._rx

    def __getattr__(self, name):
        return getattr(self._compiled(), name)


def lazy(pattern, flags: int = 0) -> LazyPattern:
    return LazyPattern(pattern, flags)


def joined_variants(text: str) -> list[str]:
    """A message wrapped over several lines, joined two ways.

    An editor re-wraps at spaces (join with a space); a terminal cuts at the
    column, even mid-word (join with nothing). Parsers try both and keep the
    reading with more facts.
    """
    if "\n" not in text:
        return [text]
    spaced = WS_RE.sub(" ", text.replace("\n", " "))
    tight = WS_RE.sub(" ", "".join(text.split("\n")))
    return [spaced] if spaced == tight else [spaced, tight]


def size_after(pattern: str) -> re.Pattern:
    """Compile `pattern` (lazily) where `{size}` stands for a captured number+unit."""
    return LazyPattern(pattern.replace("{size}", SIZE))


def grab(rx: re.Pattern, text: str) -> int | None:
    m = rx.search(text)
    return to_bytes(m["num"], m["unit"]) if m else None


def event(kind: str, record: Record, facts: dict, text: str | None = None) -> Event:
    return Event(kind=kind, source=record.source, line=record.line,
                 end_line=record.end_line, facts={k: v for k, v in facts.items() if v is not None},
                 text=text if text is not None else _evidence(record),
                 count=record.repeat, sources=[record.source], frames=record.frames())


def _evidence(record: Record, limit: int = 2000) -> str:
    """The most telling line of a record: its last non-frame line."""
    for ln in reversed(record.lines):
        t = ln.text.strip()
        if t and not t.startswith(("File \"", "^", "~")):
            return t[:limit]
    return record.lines[0].text[:limit]
