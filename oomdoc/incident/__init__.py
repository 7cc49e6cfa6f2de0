"""Incident reports: the checks behind `oomdoc check` and the pre-commit hook.

A report is a Markdown file (`incidents/*.md`): YAML front matter, prose,
pasted log excerpts in fenced blocks, config in ```yaml blocks, links to
`.log`/`.log.gz` files. Modules, in the order data flows:

  markdown    parse the file: front matter, fenced blocks, links, override, markers
  frontmatter the documented front-matter schema and its findings
  evidence    logs and configs a report carries (line map back to the report)
  complete    is the pasted evidence whole enough to diagnose?
  checks      run the diagnosis once per report and produce `Finding`s
  fix         `--fix`: mask secrets, write the marked diagnosis section
  output      text / json / github formats
  skeleton    `oomdoc new-incident`
"""
from __future__ import annotations

from dataclasses import dataclass

LEVELS = ("error", "warning", "note")


@dataclass(frozen=True)
class Finding:
    path: str
    line: int
    level: str      # error | warning | note
    check: str      # check id, e.g. "cause-disagrees"
    message: str

    def to_json(self) -> dict:
        return {"path": self.path, "line": self.line, "level": self.level,
                "check": self.check, "message": self.message}
