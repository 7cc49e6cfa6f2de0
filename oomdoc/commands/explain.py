"""`oomdoc explain FILE|- [--config F]... [--rules DIR]... [--format text|json|jsonl|markdown|html] [--top N]`.

Exit 0 when it ran (whether or not a cause was found), 2 on input or usage
errors (unreadable log, broken rule files, unknown example).
"""
from __future__ import annotations

import click

from ._common import fail
from .explain_core import FORMATS, run


def _example_names(ctx, param, incomplete):
    """Shell completion for --example: the bundled case names."""
    from click.shell_completion import CompletionItem

    from .examples import cases

    return [CompletionItem(c.name) for c in cases() if c.name.startswith(incomplete)]


@click.command(name="explain")
@click.argument("log", metavar="FILE|-", required=False, type=click.Path(dir_okay=True, allow_dash=True))
@click.option("--config", "configs", multiple=True, metavar="F", type=click.Path(),
              help="run config file (yaml/json/sh/toml); repeatable")
@click.option("--rules", "rules_dirs", multiple=True, metavar="DIR", type=click.Path(),
              help="extra rule directory or file; repeatable (also OOMDOC_RULES)")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
              help="jsonl: one JSON object per incident; html: one self-contained page")
@click.option("--flush-after", type=click.FloatRange(min=0), default=0.5, show_default=True,
              help="live mode: seconds of silence that close an open record")
@click.option("--exit-on-oom", is_flag=True, help="live mode: exit 1 after the first diagnosed incident")
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True,
              help="diagnoses to show")
@click.option("--example", metavar="NAME", shell_complete=_example_names,
              help="explain a bundled example case (see `oomdoc examples`)")
@click.option("--quiet", "-q", is_flag=True, help="no progress line on stderr for big files")
def command(log, configs, rules_dirs, fmt, top, example, flush_after, exit_on_oom, quiet=False) -> None:
    """Name the cause of an OOM in a log and print ranked fixes."""
    configs = list(configs)
    if example:
        from .examples import find_case

        if log is not None:
            raise click.UsageError(f"give either a log FILE or --example {example}, not both")
        case = find_case(example)
        if case is None:
            fail(f"no example named {example!r} (see `oomdoc examples`)")
        log = str(case / "train.log")
        configs += [str(p) for p in sorted(case.iterdir())
                    if p.suffix in (".yaml", ".yml", ".json", ".sh", ".toml") and p.name != "expected.yaml"]
    if log is None:
        raise click.UsageError("give a log FILE, '-' for stdin, or --example NAME")
    run(log, configs, rules_dirs, fmt, top, quiet, flush_after, exit_on_oom)
