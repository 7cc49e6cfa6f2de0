"""`oomdoc new-incident LOG [--config F]... [--rules DIR]... > incidents/2025-04-02-rollout-oom.md`.

Prints a filled-in incident report: front matter (cause and framework from
the diagnosis), the log excerpt around the failure, embedded config files,
and the marked diagnosis section; secrets masked. The output passes
`oomdoc check` as is. Exit 0, or 2 on input/usage errors.
"""
from __future__ import annotations

import click

from ._common import check_configs, input_errors


@click.command(name="new-incident")
@click.argument("log", metavar="LOG")
@click.option("--config", "configs", multiple=True, metavar="F",
              help="run config file (yaml/json/sh/toml), embedded in the report; repeatable")
@click.option("--rules", "rules_dirs", multiple=True, metavar="DIR",
              help="extra rule directory or file; repeatable (also OOMDOC_RULES)")
def command(log, configs, rules_dirs) -> None:
    """Print a filled-in incident report for a log."""
    from ..incident.checks import Context
    from ..incident.skeleton import build
    from ._common import rule_errors

    check_configs(configs)
    if log == "-":
        raise click.UsageError("new-incident needs a log file (the excerpt is read back from it)")
    ctx = Context(rules_dirs=tuple(rules_dirs))
    with input_errors(), rule_errors():
        ctx.load()
        text = build(log, configs, ctx)
    click.echo(text, nl=False)
