"""`oomdoc facts` without click: the run itself, shared by the click command, and the argv
reader of the fast path (`cli.main`), as `explain_core` does for explain.

Only `facts FILE [--format text|json] [-q]` is read here; anything else, or any doubt, returns
None and click reads the line: same output, same exit codes (tests/test_cli_fast.py).
"""
from __future__ import annotations

import os

from .explain_core import plain_path

FORMATS = ("text", "json")


def fast_args(argv: list[str]) -> dict | None:
    """The arguments of `run` for a plain `facts FILE ...` line, else None (use click)."""
    if len(argv) < 2 or argv[0] != "facts" or "_OOMDOC_COMPLETE" in os.environ:
        return None
    got: dict = {"log": None, "fmt": "text", "quiet": False}
    fmt_seen = False
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
        if name != "--format" or fmt_seen:
            return None                 # --help, "-", "--", typos, a repeated option
        if not eq:
            if i >= len(argv):
                return None
            value = argv[i]
            i += 1
        if value not in FORMATS:
            return None
        got["fmt"] = value
        fmt_seen = True
    return got if got["log"] and plain_path(got["log"]) else None


def run(log: str, fmt: str = "text", quiet: bool = False) -> None:
    """Print the events and facts of `log` in `fmt`; input errors exit 2 (`_common.fail`)."""
    from ._common import dump_json, echo, input_errors

    if quiet:
        from .. import progress

        progress.quiet = True
    from .. import __version__
    from ..pipeline import read_events

    with input_errors():
        analysis = read_events(log)
    if fmt == "json":
        from ..render import redact

        dump_json(redact.obj(analysis.facts_json(__version__)))
        return
    from ..render.facts_text import render

    echo(render(analysis), nl=False)
