"""`oomdoc facts FILE|-`: the extracted events, as text or the JSON contract."""
from __future__ import annotations

import click

from ._common import dump_json, input_errors


@click.command(name="facts")
@click.argument("log", metavar="FILE|-")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--quiet", "-q", is_flag=True, help="no progress line on stderr for big files")
def command(log: str, fmt: str, quiet=False) -> None:
    """Print the memory events and facts extracted from a log."""
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

    click.echo(render(analysis), nl=False)
