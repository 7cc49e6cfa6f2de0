"""Findings as text (`path:line: level [check-id] message`), JSON or GitHub
workflow commands (`::error file=…,line=…,title=…::message`)."""
from __future__ import annotations

import json

from . import LEVELS, Finding

_GH = {"error": "error", "warning": "warning", "note": "notice"}


def ordered(findings: list[Finding]) -> list[Finding]:
    seen, out = set(), []
    for f in sorted(findings, key=lambda f: (f.path, f.line, LEVELS.index(f.level), f.check)):
        if f not in seen:
            seen.add(f)
            out.append(f)
    return out


def counts(findings: list[Finding]) -> dict[str, int]:
    return {lv: sum(1 for f in findings if f.level == lv) for lv in LEVELS}


def text(f: Finding) -> str:
    return f"{f.path}:{f.line}: {f.level} [{f.check}] {f.message}"


def _gh_data(s: str) -> str:
    return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_prop(s: str) -> str:
    return _gh_data(s).replace(":", "%3A").replace(",", "%2C")


def github(f: Finding) -> str:
    return (f"::{_GH[f.level]} file={_gh_prop(f.path)},line={f.line},"
            f"title={_gh_prop('oomdoc ' + f.check)}::{_gh_data(f.message)}")


def as_json(findings: list[Finding], reports: int, fixed: list[str]) -> str:
    c = counts(findings)
    return json.dumps({"version": 1, "reports": reports, "errors": c["error"], "warnings": c["warning"],
                       "notes": c["note"], "fixed": fixed, "findings": [f.to_json() for f in findings]},
                      indent=2, ensure_ascii=False)
