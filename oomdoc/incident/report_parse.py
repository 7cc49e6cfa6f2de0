"""Parse an incident report: front matter, fenced blocks, links, override, markers.

Only the structure the checks need, with 1-based line numbers of the report
so every finding can point at a line. Fences follow CommonMark: ``` or ~~~,
three or more, closed by the same character at least as long; indentation is
tolerated (fences inside list items). An unclosed fence runs to the end.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

START = "<!-- oomdoc:diagnosis:start -->"
END = "<!-- oomdoc:diagnosis:end -->"

_FENCE = re.compile(r"^\s*(`{3,}|~{3,})\s*(.*?)\s*$")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+[\"'][^\"']*[\"'])?\s*\)")
_REF_LINK = re.compile(r"^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+[\"'(].*)?$")
# `oomdoc: disagree — reason` (also `-`, `--`, `–`, `:`), optionally in an HTML comment.
OVERRIDE = re.compile(r"(?i)\boomdoc\s*:\s*disagree\b\s*(?:(?:—|–|--(?!>)|-(?!->)|:)\s*)?(.*?)\s*(?:-->)?\s*$")


@dataclass
class Block:
    """A fenced code block. `line` is the opening fence's line; `lines` the body."""

    line: int
    lang: str
    info: str
    lines: list[str]
    heading: str = ""
    closed: bool = True

    @property
    def body_line(self) -> int:
        return self.line + 1


@dataclass
class Link:
    line: int
    target: str


@dataclass
class Override:
    line: int
    reason: str


@dataclass
class Doc:
    lines: list[str]
    front: str | None = None          # front matter text (without the --- lines)
    front_line: int = 0               # line of the opening ---, 0 when none
    front_closed: bool = True
    blocks: list[Block] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    overrides: list[Override] = field(default_factory=list)
    section: tuple[int, int] | None = None   # (start marker line, end marker line)
    marker_errors: list[tuple[int, str]] = field(default_factory=list)


def parse(text: str) -> Doc:
    lines = text.splitlines()
    doc = Doc(lines=lines)
    i = _front_matter(doc)
    heading = ""
    open_block: Block | None = None
    fence = ""
    start = None
    while i < len(lines):
        s = lines[i]
        no = i + 1
        i += 1
        if open_block is not None:
            m = _FENCE.match(s)
            if m and m.group(1)[0] == fence[0] and len(m.group(1)) >= len(fence) and not m.group(2):
                doc.blocks.append(open_block)
                open_block = None
            else:
                open_block.lines.append(s)
            continue
        m = _FENCE.match(s)
        if m and not (m.group(1)[0] == "`" and "`" in m.group(2)):
            fence = m.group(1)
            info = m.group(2)
            open_block = Block(line=no, lang=(info.split() or [""])[0].lower().strip("{}."),
                               info=info, lines=[], heading=heading)
            continue
        stripped = s.strip()
        if stripped == START:
            if start is not None or doc.section is not None:
                doc.marker_errors.append((no, "a second diagnosis start marker"))
            start = no
            continue
        if stripped == END:
            if start is None:
                doc.marker_errors.append((no, "a diagnosis end marker without a start marker"))
            elif doc.section is None:
                doc.section = (start, no)
            start = None
            continue
        if start is not None:
            continue  # generated text: not the author's evidence, links or override
        h = _HEADING.match(s)
        if h:
            heading = h.group(1)
        for lm in _LINK.finditer(s):
            doc.links.append(Link(no, lm.group(1)))
        rm = _REF_LINK.match(s)
        if rm:
            doc.links.append(Link(no, rm.group(1)))
        om = OVERRIDE.search(s)
        if om:
            doc.overrides.append(Override(no, om.group(1).strip().rstrip("-").strip()))
    if open_block is not None:
        open_block.closed = False
        doc.blocks.append(open_block)
    if start is not None:
        doc.marker_errors.append((start, "the diagnosis start marker is never closed "
                                         f"(add {END})"))
    return doc


def _front_matter(doc: Doc) -> int:
    lines = doc.lines
    if not lines or lines[0].strip() != "---":
        return 0
    doc.front_line = 1
    for j in range(1, len(lines)):
        if lines[j].strip() in ("---", "..."):
            doc.front = "\n".join(lines[1:j])
            return j + 1
    doc.front = "\n".join(lines[1:])
    doc.front_closed = False
    return len(lines)
