"""`oomdoc` command line: a lazy click group over `oomdoc.commands.*`.

Subcommands are imported only when invoked, so `oomdoc explain` does not pay
for the pre-commit checker or the rule linter at start-up.
"""
from __future__ import annotations

import sys
from importlib import import_module

import click

from . import __version__

# name -> (module under oomdoc.commands, one-line help). Explicit registry.
COMMANDS = {
    "explain": ("explain", "Name the cause of an OOM in a log and print ranked fixes."),
    "facts": ("facts", "Print the memory events and facts extracted from a log."),
    "config": ("config", "Print the run configuration recovered from a log and config files."),
    "watch": ("watch", "Follow a growing log file and diagnose each incident as it happens."),
    "rules": ("rules", "List, show, lint and test the knowledge-base rules."),
    "schema": ("schema", "Print the JSON Schema of `explain --format json`."),
    "check": ("check", "Check incident reports (the pre-commit hook)."),
    "new-incident": ("new_incident", "Print a filled-in incident report for a log."),
    "examples": ("examples", "List the bundled example logs."),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return [n for n, (mod, _) in COMMANDS.items() if _exists(mod)]

    def get_command(self, ctx, name):
        entry = COMMANDS.get(name)
        if entry is None or not _exists(entry[0]):
            return None
        return import_module(f"oomdoc.commands.{entry[0]}").command

    def format_commands(self, ctx, formatter):
        rows = [(n, COMMANDS[n][1]) for n in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)


def _exists(mod: str) -> bool:
    from importlib.util import find_spec

    try:
        return find_spec(f"oomdoc.commands.{mod}") is not None
    except (ImportError, ValueError):
        return False


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="oomdoc")
def cli():
    """oomdoc - the out-of-memory doctor for large-model training logs."""


def main(argv=None) -> int:
    try:
        rv = cli.main(args=argv, prog_name="oomdoc", standalone_mode=False)
    except click.exceptions.Abort:
        return 130
    except click.UsageError as exc:
        msg = exc.format_message()
        click.echo(f"oomdoc: {msg}", err=True)
        return 2
    except click.ClickException as exc:
        click.echo(f"oomdoc: {exc.format_message()}", err=True)
        return exc.exit_code if exc.exit_code != 1 else 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        from .commands import quiet_broken_pipe

        quiet_broken_pipe()
        return 0
    return rv if isinstance(rv, int) else 0


def entry() -> None:
    sys.exit(main())


if __name__ == "__main__":
    entry()
