"""`oomdoc facts FILE|-`: the extracted events, as text or the JSON contract."""
from __future__ import annotations

import click


@click.command(name="facts")
@click.argument("log", metavar="FILE|-")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--quiet", "-q", is_flag=True, help="no progress line on stderr for big files")
def command(log: str, fmt: str, quiet=False) -> None:
    """Print the memory events and facts extracted from a log."""
    from .facts_core import run

    run(log, fmt, quiet)
