"""Secrets in a report or a linked log: one finding per secret, value masked.

Detection is `oomdoc.secrets` (shared with every other output); this module
only turns offsets into report lines and never prints the secret itself.
"""
from __future__ import annotations

import bisect

from ..secrets import find_secrets
from . import Finding


def findings(path: str, text: str, level: str = "error") -> list[Finding]:
    secrets = find_secrets(text)
    if not secrets:
        return []
    starts = _line_starts(text)
    out = []
    for s in secrets:
        line = bisect.bisect_right(starts, s.start)
        out.append(Finding(path, line, level, "secret",
                           f"{s.kind} {s.masked(text)} must not be committed: run `oomdoc check --fix` "
                           "to mask it in place, and rotate it if it was ever pushed or shared"))
    return out


def _line_starts(text: str) -> list[int]:
    starts, i = [0], text.find("\n")
    while i >= 0:
        starts.append(i + 1)
        i = text.find("\n", i + 1)
    return starts
