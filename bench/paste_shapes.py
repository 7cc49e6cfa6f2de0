#!/usr/bin/env python3
"""Do first causes and failure facts survive the ways people paste a log? (issue 11, item 2 and 7)

Re-renders every labelled case (`DIR/*/train.log`) in each paste shape, explains both and
counts, per shape, the cases whose first cause changed and those whose failure event lost
a fact (a fact of the plain log's failure event missing or different in the shape's).
Reads this source tree's oomdoc, not the one installed.

usage: paste_shapes.py DIR[,DIR...] [SHAPE ...] [--json OUT]     (N=rows of examples shown)
"""
from __future__ import annotations

import glob
import html
import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from oomdoc.diagnose import explain  # noqa: E402
from oomdoc.rules_engine.loader import load_rules  # noqa: E402

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _per_line(f):
    return lambda t: "\n".join(f(i, ln) for i, ln in enumerate(t.split("\n")))


def _cut(width):
    def shape(t):
        t = _ANSI.sub("", t)
        return "\n".join("\n".join([ln[i:i + width] for i in range(0, len(ln), width)] or [""])
                         for ln in t.split("\n"))
    return shape


def _textwrap(width, **kw):
    def shape(t):
        t = _ANSI.sub("", t)
        return "\n".join("\n".join(textwrap.wrap(ln, width, break_on_hyphens=False, **kw) or [""])
                         for ln in t.split("\n"))
    return shape


def _fold80(t):
    t = _ANSI.sub("", t)
    return subprocess.run(["fold", "-s", "-w", "80"], input=t.encode(), capture_output=True).stdout.decode(
        "utf-8", "replace")


_PODS = ["verl-head-0 ray-head", "verl-worker-1 ray-worker"]
SHAPES = {
    "stern": _per_line(lambda i, ln: f"trainer-7d9f8c-x2b4k main {ln}"),
    "stern2": _per_line(lambda i, ln: f"{_PODS[i % 2]} {ln}"),
    "fold80": _fold80,
    "tw80": _textwrap(80),
    "tw100": _textwrap(100),
    "hard80": _cut(80),
    "hard100": _cut(100),
    "dockerjson": _per_line(lambda i, ln: json.dumps({"log": ln + "\n", "stream": "stderr",
                                                        "time": "2025-01-01T12:00:00.000000000Z"})),
    "journald": _per_line(lambda i, ln: f"Nov 24 12:00:{i % 60:02d} gpu-node-3 python3[4242]: {ln}"),
    "pylogging": _per_line(lambda i, ln: f"2025-01-01 12:00:00,123 - train - ERROR - {ln}"),
    "loguru": _per_line(lambda i, ln: f"2025-01-01 12:00:00.123 | ERROR    | __main__:main:42 - {ln}"),
    "nbsp": lambda t: t.replace(" ", "\u00a0"),
    "htmlesc": html.escape,
    "doublespace": lambda t: "\n\n".join(t.split("\n")),
    "fence": lambda t: "```\n" + t + "\n```",
    "wrap80": lambda t: "\n".join("\n".join(textwrap.wrap(ln, 80, drop_whitespace=False, break_on_hyphens=False)
                                            or [""]) for ln in t.split("\n")),
    "tabs": _per_line(lambda i, ln: "\t" + ln),
    "ellipsis": _per_line(lambda i, ln: (ln[:150] + "…") if len(ln) > 160 else ln),
    "lineno": _per_line(lambda i, ln: f"{i + 1:>5}  {ln}"),
    "cat_n": _per_line(lambda i, ln: f"{i + 1:6}\t{ln}"),
}
# facts that describe where or how often, not the failure
_NOT_FACTS = {"truncated"}


def _same(a, b) -> bool:
    if isinstance(a, float) or isinstance(b, float):
        return isinstance(a, (int, float)) and isinstance(b, (int, float)) and abs(a - b) <= max(1e-6, abs(b) * 1e-6)
    return a == b


def _reading(text: str, rules):
    rep = explain(text.encode(), rules=rules, similar=False)
    ev = rep.failure
    return (rep.diagnoses[0].cause if rep.diagnoses else None), (dict(ev.facts) if ev is not None else {})


def main() -> int:
    args = sys.argv[1:]
    out_json = None
    if "--json" in args:
        i = args.index("--json")
        out_json = args[i + 1]
        del args[i:i + 2]
    dirs, only = args[0], args[1:] or list(SHAPES)
    rules = load_rules(()).rules
    cases = [c for d in dirs.split(",") for c in sorted(glob.glob(d.rstrip("/") + "/*/train.log"))]
    changed = {s: [] for s in only}
    lost = {s: [] for s in only}
    n = 0
    for c in cases:
        text = Path(c).read_text(encoding="utf-8", errors="replace")
        if len(text) > 200_000:
            continue
        n += 1
        name = f"{Path(c).parent.parent.name}/{Path(c).parent.name[:40]}"
        want, facts = _reading(text, rules)
        for s in only:
            got, got_facts = _reading(SHAPES[s](text), rules)
            if got != want:
                changed[s].append(f"{name}: {want}->{got}")
            gone = sorted(k for k, v in facts.items() if k not in _NOT_FACTS
                          and not (k in got_facts and _same(got_facts[k], v)))
            if gone:
                lost[s].append(f"{name}: {','.join(gone)}")
    show = int(os.environ.get("N", "6"))
    print(f"{'shape':12} {'cause changed':>14} {'facts lost':>11}   (of {n} cases)")
    for s in only:
        print(f"{s:12} {len(changed[s]):>14} {len(lost[s]):>11}")
        for f in changed[s][:show]:
            print("      cause", f)
        for f in lost[s][:show]:
            print("      facts", f)
    if out_json:
        Path(out_json).write_text(json.dumps({"cases": n, "changed": changed, "lost": lost}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
