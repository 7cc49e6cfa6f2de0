"""The records that flow through oomdoc: lines, multi-line records, events.

Plain dataclasses (not pydantic) because millions of lines may pass through the
hot path and start-up time matters; pydantic is used where input is untrusted
and rare (rule files, config files).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True, frozen=True)
class Source:
    """Who printed a line: a rank, a Ray actor, a vLLM engine, a container...

    `kind` is one of: "" (plain/unknown), "rank", "ray", "vllm", "compose",
    "raylet", "kernel".
    """

    kind: str = ""
    rank: int | None = None
    pid: int | None = None
    actor: str | None = None
    ip: str | None = None

    @property
    def key(self) -> tuple:
        return (self.kind, self.rank, self.pid, self.actor, self.ip)

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


@dataclass(slots=True)
class Line:
    """One logical line after clean-up and prefix peeling.

    `text` is what parsers see; `raw` keeps the cleaned line with its prefixes
    for evidence. `header` is True when a log-record header (timestamp, level,
    logger location) was peeled: such a line starts a new record.
    """

    no: int
    text: str
    raw: str
    source: Source = MAIN
    repeat: int = 1
    header: bool = False
    level: str | None = None


@dataclass(slots=True)
class Record:
    """Lines of one source that belong together: a traceback with its chained
    exceptions, a Ray report with its table, or a single (possibly wrapped) line."""

    kind: str  # "traceback" | "line" | "block"
    lines: list[Line]

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
        return "\n".join(ln.text for ln in self.lines)

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
                out.append(f"{t[6:q]}:{fn.strip()}")
        return out


@dataclass(slots=True)
class Event:
    """A typed fact-bearing event. Sizes are ints in bytes, fractions floats.

    `count` is how many copies were merged (ranks, Ray repeats, re-raises);
    `sources` lists the distinct sources that printed it.
    """

    kind: str
    source: Source
    line: int
    end_line: int
    facts: dict[str, Any]
    text: str = ""
    count: int = 1
    sources: list[Source] = field(default_factory=list)
    frames: list[str] = field(default_factory=list)
    # identity of the failure for merging copies (pipeline._signature), cached
    sig: tuple | None = field(default=None, repr=False, compare=False)

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
