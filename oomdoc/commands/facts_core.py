"""`oomdoc facts` without click: the run itself, shared by the click command, and the argv
reader of the fast path (`cli.main`), as `explain_core` does for explain.

Only `facts FILE [--format text|json] [-q]` is read here; anything else, or any doubt, returns
None and click reads the line: same output, same exit codes (tests/test_cli_fast.py).
"""
from __future__ import annotations

from .explain_core import read_plain_argv

FORMATS = ("text", "json")


def fast_args(argv: list[str]) -> dict | None:
    """The arguments of `run` for a plain `facts FILE ...` line, else None (use click)."""
    return read_plain_argv(argv, "facts", {"log": None, "fmt": "text", "quiet": False}, multi={},
                           single={"--format": ("fmt", lambda v: v if v in FORMATS else None)})


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
