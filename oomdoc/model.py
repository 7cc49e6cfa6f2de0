"""The records that flow through oomdoc: lines, multi-line records, events.

Plain classes with `__slots__` (not pydantic) because millions of lines may pass
through the hot path and start-up time matters; pydantic is used where input is
untrusted and rare (rule files, config files). Their methods are written out
(what `@dataclass(slots=True)` would make: init, repr, eq; Source frozen and
hashable): one is made per line, and making the classes costs nothing at start-up.
"""
from __future__ import annotations

from .records import FrozenInstanceError

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: importing typing costs start-up time (issue 12)
    from typing import Any


class Source:
    """Who printed a line: a rank, a Ray actor, a vLLM engine, a container...

    `kind` is one of: "" (plain/unknown), "rank", "ray", "vllm", "compose",
    "raylet", "kernel", "pod" (kubectl --prefix), "host" (pdsh; the node in `ip`).
    """

    __slots__ = ("kind", "rank", "pid", "actor", "ip", "key")
    kind: str
    rank: int | None
    pid: int | None
    actor: str | None
    ip: str | None

    def __init__(self, kind: str = "", rank: int | None = None, pid: int | None = None,
                 actor: str | None = None, ip: str | None = None):
        _set = object.__setattr__
        _set(self, "kind", kind)
        _set(self, "rank", rank)
        _set(self, "pid", pid)
        _set(self, "actor", actor)
        _set(self, "ip", ip)
        # (kind, rank, pid, actor, ip): what identifies it; asked several times per line
        _set(self, "key", (kind, rank, pid, actor, ip))

    def __setattr__(self, name, value):
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name):
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self.key == other.key
        return NotImplemented

    def __hash__(self):
        return hash(self.key)

    def __repr__(self):
        return (f"Source(kind={self.kind!r}, rank={self.rank!r}, pid={self.pid!r}, actor={self.actor!r}, "
                f"ip={self.ip!r})")

    def __reduce__(self):
        return Source, self.key

    def label(self) -> str:
        parts = []
        if self.actor:
            parts.append(self.actor)
        if self.rank is not None:
            parts.append(f"rank{self.rank}")
        if self.pid is not None:
            parts.append(f"pid={self.pid}")
        if self.ip:
            parts.append(f"ip={self.ip}")
        return " ".join(parts) or (self.kind or "main")

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind or None, "rank": self.rank, "pid": self.pid,
                "actor": self.actor, "ip": self.ip}


MAIN = Source()


class Line:
    """One logical line after clean-up and prefix peeling.

    `text` is what parsers see; `raw` keeps the cleaned line with its prefixes
    for evidence. `header` is True when a log-record header (timestamp, level,
    logger location) was peeled: such a line starts a new record.
    """

    __slots__ = ("no", "text", "raw", "source", "repeat", "header", "level", "cuts")
    no: int
    text: str
    raw: str
    source: Source
    repeat: int
    header: bool
    level: str | None

    def __init__(self, no: int, text: str, raw: str, source: Source = MAIN, repeat: int = 1,
                 header: bool = False, level: str | None = None):
        self.no = no
        self.text = text
        self.raw = raw
        self.source = source
        self.repeat = repeat
        self.header = header
        self.level = level
        self.cuts: tuple[int, ...] = ()     # offsets in `text` where a wrapped line's pieces were joined

    def _fields(self) -> tuple:
        return (self.no, self.text, self.raw, self.source, self.repeat, self.header, self.level)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._fields() == other._fields()
        return NotImplemented

    __hash__ = None     # mutable, compared by value

    def __repr__(self):
        return (f"Line(no={self.no!r}, text={self.text!r}, raw={self.raw!r}, source={self.source!r}, "
                f"repeat={self.repeat!r}, header={self.header!r}, level={self.level!r})")


def _spaced(text: str, cuts: tuple[int, ...]) -> str:
    out, last = [], 0
    for c in cuts:
        if 0 < c < len(text) and not text[c - 1].isspace() and not text[c].isspace():
            out.append(text[last:c])
            last = c
    out.append(text[last:])
    return " ".join(out)


class Record:
    """Lines of one source that belong together: a traceback with its chained
    exceptions, a Ray report with its table, or a single (possibly wrapped) line."""

    __slots__ = ("kind", "lines")
    kind: str  # "traceback" | "line" | "block"
    lines: list[Line]

    def __init__(self, kind: str, lines: list[Line]):
        self.kind = kind
        self.lines = lines

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return (self.kind, self.lines) == (other.kind, other.lines)
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        return f"Record(kind={self.kind!r}, lines={self.lines!r})"

    @property
    def source(self) -> Source:
        return self.lines[0].source

    @property
    def line(self) -> int:
        return self.lines[0].no

    @property
    def end_line(self) -> int:
        return self.lines[-1].no

    @property
    def text(self) -> str:
        lines = self.lines
        if len(lines) == 1:     # most records: asked for by every parser offered the record
            return lines[0].text
        return "\n".join([ln.text for ln in lines])

    @property
    def spaced_text(self) -> str | None:
        """`text` with a space where the pieces of a wrapped line were joined between two
        words: an editor's word wrap dropped the space a terminal's cut never had, and
        which of the two cut a line is not always known (`Ran out|of memory`). None when
        no line was joined from pieces."""
        sp = self.spaced()
        return None if sp is None else sp.text

    def spaced(self) -> Record | None:
        """This record read as an editor's word wrap: each line joined from pieces (`cuts`) with a
        space put back at its joins (`Tried to allocate|2.00 GiB`); None when no line was joined.
        Lines without cuts are the record's own; joined lines are copies."""
        if not any(ln.cuts for ln in self.lines):
            return None
        lines = []
        for ln in self.lines:
            if ln.cuts:
                ln = Line(ln.no, _spaced(ln.text, ln.cuts), ln.raw, ln.source, ln.repeat, ln.header, ln.level)
            lines.append(ln)
        return Record(self.kind, lines)

    @property
    def repeat(self) -> int:
        return max(ln.repeat for ln in self.lines)

    def frames(self) -> list[str]:
        """`file:function` of each traceback frame (for the phase of a failure)."""
        out = []
        for ln in self.lines:
            t = ln.text.lstrip()
            if t.startswith('File "'):
                q = t.find('"', 6)
                fn = t.rsplit(" in ", 1)[-1] if " in " in t else ""
                # Windows paths read like POSIX ones (`site-packages\torch\nn\modules\module.py`)
                out.append(t[6:q].replace("\\", "/") + ":" + fn.strip())
        return out


class Event:
    """A typed fact-bearing event. Sizes are ints in bytes, fractions floats.

    `count` is how many copies were merged (ranks, Ray repeats, re-raises);
    `sources` lists the distinct sources that printed it.
    """

    __slots__ = ("kind", "source", "line", "end_line", "facts", "text", "count", "sources", "frames", "sig")
    kind: str
    source: Source
    line: int
    end_line: int
    facts: dict[str, Any]
    text: str
    count: int
    sources: list[Source]
    frames: list[str]
    # identity of the failure for merging copies (pipeline._signature), cached; not compared nor shown
    sig: tuple | None

    def __init__(self, kind: str, source: Source, line: int, end_line: int, facts: dict[str, Any],
                 text: str = "", count: int = 1, sources: list[Source] | None = None,
                 frames: list[str] | None = None, sig: tuple | None = None):
        self.kind = kind
        self.source = source
        self.line = line
        self.end_line = end_line
        self.facts = facts
        self.text = text
        self.count = count
        self.sources = [] if sources is None else sources
        self.frames = [] if frames is None else frames
        self.sig = sig

    def _fields(self) -> tuple:
        return (self.kind, self.source, self.line, self.end_line, self.facts, self.text, self.count,
                self.sources, self.frames)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return self._fields() == other._fields()
        return NotImplemented

    __hash__ = None

    def __repr__(self):
        return (f"Event(kind={self.kind!r}, source={self.source!r}, line={self.line!r}, "
                f"end_line={self.end_line!r}, facts={self.facts!r}, text={self.text!r}, count={self.count!r}, "
                f"sources={self.sources!r}, frames={self.frames!r})")

    def replace(self, **changes) -> Event:
        """A copy with some fields changed (what `dataclasses.replace` did)."""
        kw = {name: getattr(self, name) for name in Event.__slots__}
        kw.update(changes)
        return Event(**kw)

    def to_json(self) -> dict[str, Any]:
        srcs = self.sources or [self.source]
        ranks = sorted({s.rank for s in srcs if s.rank is not None})
        return {
            "kind": self.kind,
            "source": self.source.to_json(),
            "line": self.line,
            "end_line": self.end_line,
            "facts": self.facts,
            "count": self.count,
            "ranks": ranks,
            "text": self.text,
        }
