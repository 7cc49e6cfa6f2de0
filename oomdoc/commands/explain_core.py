"""`oomdoc explain` without click: the run itself, shared by the click command, and
the argv reader of the fast path (`cli.main`).

Importing click costs a short run a fifth of its time (issue 12), so the common
call -- `explain FILE [--format F] [--config F]... [--rules DIR]... [--top N] [-q]`
-- is read here by hand. Anything else, or any doubt (an unknown option, a value
that looks like an option, `-` for stdin, help, completion), returns None and
click reads the line as always: same output, same exit codes.
"""
from __future__ import annotations

import os
import sys

FORMATS = ["text", "json", "jsonl", "markdown", "html"]


def _choice(choices):
    return lambda value: value if value in choices else None


def _positive_int(value: str) -> int | None:
    return int(value) if value.isascii() and value.isdigit() and int(value) >= 1 else None


def fast_args(argv: list[str]) -> dict | None:
    """The arguments of `run` for a plain `explain FILE ...` line, else None (use click)."""
    got = {"log": None, "configs": [], "rules_dirs": [], "fmt": "text", "top": 5, "quiet": False}
    return read_plain_argv(argv, "explain", got, multi={"--config": "configs", "--rules": "rules_dirs"},
                           single={"--format": ("fmt", _choice(FORMATS)), "--top": ("top", _positive_int)})


def read_plain_argv(argv: list[str], command: str, got: dict, multi: dict, single: dict) -> dict | None:
    """`got` filled from a plain `command FILE [options] [-q]` line, else None (use click).

    `multi`: repeatable option -> list key (paths); `single`: option -> (key, convert), where
    `convert` returns the value or None for one click should judge. Any other token, or any
    doubt (a value that looks like an option, `-` for stdin, help, completion), returns None."""
    if len(argv) < 2 or argv[0] != command or "_OOMDOC_COMPLETE" in os.environ:
        return None
    seen: set[str] = set()
    i = 1
    while i < len(argv):
        tok = argv[i]
        i += 1
        if tok in ("-q", "--quiet"):
            got["quiet"] = True
            continue
        if not tok.startswith("-"):
            if got["log"] is not None:
                return None             # two FILEs: click says what is wrong
            got["log"] = tok
            continue
        name, eq, value = tok.partition("=")
        if name not in multi and name not in single:
            return None                 # --help, --example, live-mode options, "-", "--", typos
        if not eq:
            if i >= len(argv):
                return None
            value = argv[i]
            i += 1
        if not value or value.startswith("-"):
            return None
        if name in multi:
            got[multi[name]].append(value)
            continue
        if name in seen:
            return None                 # click keeps the last one; no need to mimic it here
        seen.add(name)
        key, convert = single[name]
        value = convert(value)
        if value is None:
            return None
        got[key] = value
    paths = [got["log"], *(p for key in multi.values() for p in got[key])]
    return got if got["log"] and all(map(plain_path, paths)) else None


def plain_path(path: str) -> bool:
    """A path click's `Path()` type passes through unchanged: absent, or readable."""
    try:
        os.stat(path)
    except (OSError, ValueError):
        return True
    return os.access(path, os.R_OK)


def run(log: str, configs: list[str], rules_dirs, fmt: str = "text", top: int = 5, quiet: bool = False,
        flush_after: float = 0.5, exit_on_oom: bool = False) -> None:
    """Diagnose `log` and print every incident in `fmt`; input errors exit 2 (`_common.fail`)."""
    from ._common import check_configs, color_wanted, dump_json, echo, input_errors, rule_errors

    if quiet:
        from .. import progress

        progress.quiet = True
    check_configs(configs)
    if log == "-" and _is_stream(sys.stdin) and fmt != "html":   # one page: read the stream to its end
        from .live import run_live

        with input_errors(), rule_errors():
            sys.exit(run_live(configs, rules_dirs, fmt, top, flush_after, exit_on_oom))
    from ..diagnose import explain_incidents

    with input_errors(), rule_errors():
        reports = explain_incidents(log, config_paths=configs, rules_dirs=rules_dirs, top=top)
    if fmt == "jsonl":        # one object per incident per line, as in live mode
        from .live import print_report

        for report in reports:
            print_report(report, fmt)
    elif fmt == "json":       # one document: the first incident, the later ones within it
        from ..render.explain_json import render

        doc = render(reports[0])
        if len(reports) > 1:
            doc["more_incidents"] = [render(r) for r in reports[1:]]
        dump_json(doc)
    elif fmt == "markdown":
        from ..render.explain_markdown import render

        echo("\n".join(render(r) for r in reports), nl=False)
    elif fmt == "html":       # one page: the first incident (later ones are in the text/JSON forms)
        from ..render.explain_html import render

        echo(render(reports[0]), nl=False)
    else:
        from ..render.explain_text import render

        color = color_wanted()
        for i, report in enumerate(reports):
            if len(reports) > 1:
                echo(_incident_header(i, reports), color=color)
            echo(render(report, color=color), nl=False, color=color)


def _incident_header(i: int, reports) -> str:
    failure = reports[i].failure
    where = f", line {failure.line}" if failure is not None else ""
    return f"{'' if i == 0 else chr(10)}── incident {i + 1} of {len(reports)}{where} ──"


def _is_stream(fh) -> bool:
    """A pipe or terminal on stdin means a live run; a redirected file does not."""
    import stat

    try:
        return not stat.S_ISREG(os.fstat(fh.fileno()).st_mode)
    except (OSError, ValueError):
        return False
