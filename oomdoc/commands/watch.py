"""`oomdoc watch FILE`: follow a log by name (like `tail -F`) and diagnose each
incident as it happens; survives truncation and rotation, waits for a file
that does not exist yet. A directory, a binary or a .gz file, or a missing
parent directory are refused at once, like `explain` refuses them."""
from __future__ import annotations

import sys

import click

from ._common import check_configs, input_errors


@click.command(name="watch")
@click.argument("path", metavar="FILE", type=click.Path())
@click.option("--config", "configs", multiple=True, metavar="F", type=click.Path())
@click.option("--rules", "rules_dirs", multiple=True, metavar="DIR", type=click.Path())
@click.option("--format", "fmt", type=click.Choice(["text", "jsonl", "markdown"]), default="text",
              show_default=True)
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True)
@click.option("--from-start", is_flag=True, help="read the existing content first")
@click.option("--flush-after", type=click.FloatRange(min=0), default=0.5, show_default=True)
@click.option("--exit-on-oom", is_flag=True, help="exit 1 after the first diagnosed incident")
def command(path, configs, rules_dirs, fmt, top, from_start, flush_after, exit_on_oom) -> None:
    """Follow a growing log file and diagnose each incident as it happens."""
    from ..reader import check_followable
    from ..stream import FileFollower
    from .live import run_live

    check_configs(configs)
    with input_errors():
        exists = check_followable(path)
    if sys.stderr.isatty():
        if not exists:
            status = f"waiting for {path} to appear; it will be read from its start"
        elif from_start:
            status = f"watching {path} from its start"
        else:
            status = f"watching {path} from the end; --from-start to read it all"
        click.echo(f"oomdoc: {status} (Ctrl-C to stop)", err=True)
    with input_errors():
        sys.exit(run_live(configs, rules_dirs, fmt, top, flush_after, exit_on_oom,
                          follower=FileFollower(path, from_start=from_start)))
