#!/usr/bin/env python3
"""Do first causes and failure facts survive the ways people paste a log? (issue 11, item 2 and 7)

Re-renders every labelled case (`DIR/*/train.log`) in each paste shape, explains both and
counts, per shape, the cases whose first cause changed, those whose failure event lost
a fact (a fact of the plain log's failure event missing or different in the shape's), and
what the judge's bars count: OOM cases (by their label) detected plain whose first cause is
no OOM cause in the shape (DETECTION lost), and lookalikes clean plain that the shape makes
name an OOM cause (false alarm). Reads this source tree's oomdoc, not the one installed.

usage: paste_shapes.py DIR[,DIR...] [SHAPE ...] [--json OUT] [-j N]   (N=rows of examples shown)
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


def _details(t):
    # a GitHub issue template: the log folded in <details> inside a fence with a language tag
    return ("### Error logs\n\n<details>\n<summary>Full traceback</summary>\n\n```shell\n" + t
            + "\n```\n\n</details>\n")


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
    "quote": _per_line(lambda i, ln: f"> {ln}"),
    "quote2": _per_line(lambda i, ln: f"> > {ln}"),
    "details": _details,
    "cut150": _per_line(lambda i, ln: ln[:150] if len(ln) > 160 else ln),
    "crlf": lambda t: t.replace("\n", "\r\n"),
    "gutter": _per_line(lambda i, ln: f"{i + 1:>4} | {ln}"),
    "msg100": None,  # the failure line alone, cut to 100 / 200 characters (see _message_cut)
    "msg200": None,
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
    causes = [d.cause for d in rep.diagnoses]
    return causes, (dict(ev.facts) if ev is not None else {}), (ev.text if ev is not None else None)


def _label_is_oom(case: Path) -> bool | None:
    """What the case's label says: an OOM (True), a lookalike (False), unknown (None)."""
    import yaml

    for name, key in (("label.yaml", "top_causes"), ("expected.yaml", "first_cause")):
        f = case.parent / name
        if f.exists():
            lab = yaml.safe_load(f.read_text()) or {}
            want = lab.get(key)
            want = set(want) if isinstance(want, list) else {want}
            return None if want == {None} else want != {"not-oom"}
    return None


def _message_cut(message: str | None, width: int) -> str | None:
    """The failure's message alone (as the plain reading's event holds it), cut to `width`."""
    return _ANSI.sub("", message).strip()[:width] if message else None


def _one_case(job):
    c, only = job
    rules = _RULES
    text = Path(c).read_text(encoding="utf-8", errors="replace")
    if len(text) > 200_000:
        return None
    name = f"{Path(c).parent.parent.name}/{Path(c).parent.name[:40]}"
    is_oom = _label_is_oom(Path(c))
    want_all, facts, message = _reading(text, rules)
    want = want_all[0] if want_all else None
    plain_detects = bool(want_all) and want_all[0] != "not-oom"
    plain_clean = all(x == "not-oom" for x in want_all)
    out = {}
    for s in only:
        if s in ("msg100", "msg200"):
            shaped = _message_cut(message, int(s[3:]))
            if shaped is None:
                continue
        else:
            shaped = SHAPES[s](text)
        got_all, got_facts, _ = _reading(shaped, rules)
        got = got_all[0] if got_all else None
        r = {}
        if got != want:
            r["changed"] = f"{name}: {want}->{got}"
        gone = sorted(k for k, v in facts.items() if k not in _NOT_FACTS
                      and not (k in got_facts and _same(got_facts[k], v)))
        if gone:
            r["lost"] = f"{name}: {','.join(gone)}"
        if is_oom and plain_detects and not (got_all and got_all[0] != "not-oom"):
            r["undetected"] = f"{name}: {want}->{got}"
        if is_oom is False and plain_clean and not all(x == "not-oom" for x in got_all):
            r["alarm"] = f"{name}: {want}->{got}"
        out[s] = r
    return out


_RULES = None


def main() -> int:
    args = sys.argv[1:]
    out_json = None
    if "--json" in args:
        i = args.index("--json")
        out_json = args[i + 1]
        del args[i:i + 2]
    jobs = 1
    if "-j" in args:
        i = args.index("-j")
        jobs = int(args[i + 1])
        del args[i:i + 2]
    dirs, only = args[0], args[1:] or list(SHAPES)
    global _RULES
    _RULES = load_rules(()).rules
    cases = [c for d in dirs.split(",") for c in sorted(glob.glob(d.rstrip("/") + "/*/train.log"))]
    kinds = ("undetected", "alarm", "changed", "lost")
    found = {k: {s: [] for s in only} for k in kinds}
    work = [(c, only) for c in cases]
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            results = pool.map(_one_case, work, chunksize=4)
    else:
        results = [_one_case(w) for w in work]
    n = 0
    for res in results:
        if res is None:
            continue
        n += 1
        for s, r in res.items():
            for k in kinds:
                if k in r:
                    found[k][s].append(r[k])
    show = int(os.environ.get("N", "6"))
    print(f"{'shape':12} {'detect lost':>11} {'false alarm':>11} {'cause changed':>14} {'facts lost':>11}"
          f"   (of {n} cases)")
    for s in only:
        print(f"{s:12} {len(found['undetected'][s]):>11} {len(found['alarm'][s]):>11}"
              f" {len(found['changed'][s]):>14} {len(found['lost'][s]):>11}")
        for k, tag in (("undetected", "UNDET"), ("alarm", "ALARM"), ("changed", "cause"), ("lost", "facts")):
            for f in found[k][s][:show if k in ("changed", "lost") else 10**6]:
                print(f"      {tag}", f)
    if out_json:
        Path(out_json).write_text(json.dumps({"cases": n, **found}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
