"""`oomdoc watch FILE`: follow a log by name (like `tail -F`) and diagnose each
incident as it happens; survives truncation and rotation, waits for a file
that does not exist yet."""
from __future__ import annotations

import sys

import click


@click.command(name="watch")
@click.argument("path", metavar="FILE")
@click.option("--config", "configs", multiple=True, metavar="F")
@click.option("--rules", "rules_dirs", multiple=True, metavar="DIR")
@click.option("--format", "fmt", type=click.Choice(["text", "jsonl", "markdown"]), default="text",
              show_default=True)
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True)
@click.option("--from-start", is_flag=True, help="read the existing content first")
@click.option("--flush-after", type=float, default=0.5, show_default=True)
@click.option("--exit-on-oom", is_flag=True, help="exit 1 after the first diagnosed incident")
def command(path, configs, rules_dirs, fmt, top, from_start, flush_after, exit_on_oom) -> None:
    """Follow a growing log file and diagnose each incident as it happens."""
    from ..stream import FileFollower
    from .live import run_live

    sys.exit(run_live(configs, rules_dirs, fmt, top, flush_after, exit_on_oom,
                      follower=FileFollower(path, from_start=from_start)))
