"""`oomdoc` command line: a lazy click group over `oomdoc.commands.*`.

Subcommands are imported only when invoked, so `oomdoc explain` does not pay
for the pre-commit checker or the rule linter at start-up. The common
`oomdoc explain FILE ...` line does not even import click (`explain_core`).
"""
from __future__ import annotations

import os
import sys

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
    "scan": ("scan", "Diagnose many logs at once (dirs, globs, manifests; local pool or Ray) and group them."),
}


def build_cli():
    """The click group (built on first use: importing click is most of a short run's start-up)."""
    import click

    class LazyGroup(click.Group):
        def list_commands(self, ctx):
            return [n for n, (mod, _) in COMMANDS.items() if _exists(mod)]

        def resolve_command(self, ctx, args):
            """An unknown command gets a "did you mean" from the registry's names."""
            name = args[0] if args else ""
            if name and not name.startswith("-") and self.get_command(ctx, name) is None:
                from difflib import get_close_matches

                near = get_close_matches(name, self.list_commands(ctx), n=1, cutoff=0.5)
                hint = f"; did you mean `{near[0]}`?" if near else ""
                raise click.UsageError(f"no such command `{name}`{hint} (see `oomdoc --help`)", ctx)
            return super().resolve_command(ctx, args)

        def get_command(self, ctx, name):
            entry = COMMANDS.get(name)
            if entry is None or not _exists(entry[0]):
                return None
            from importlib import import_module

            return import_module(f"oomdoc.commands.{entry[0]}").command

        def format_commands(self, ctx, formatter):
            rows = [(n, COMMANDS[n][1]) for n in self.list_commands(ctx)]
            if rows:
                with formatter.section("Commands"):
                    formatter.write_dl(rows)

    @click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
    @click.version_option(__version__, "-V", "--version", prog_name="oomdoc", message="%(prog)s %(version)s")
    def cli():
        """oomdoc - the out-of-memory doctor for large-model training logs.

        Shell completion (bash; zsh and fish alike with zsh_source / fish_source):
        eval "$(_OOMDOC_COMPLETE=bash_source oomdoc)"
        """

    return cli


def _exists(mod: str) -> bool:
    from importlib.util import find_spec

    try:
        return find_spec(f"oomdoc.commands.{mod}") is not None
    except (ImportError, ValueError):
        return False


def __getattr__(name: str):
    if name == "cli":
        return _cli()
    raise AttributeError(name)


_group: list = []


def _cli():
    """The click group, built once per process."""
    if not _group:
        _group.append(build_cli())
    return _group[0]


def main(argv=None, *, fast: bool = True, restore_gc: bool = True) -> int:
    """Run one command line; `fast=False` always goes through click (the tests compare).
    `restore_gc=False`: after the fast path (the process then ends at once, `entry`) the
    raised collector threshold is kept."""
    import gc

    # A short run allocates a few hundred thousand long-lived objects (modules, rules,
    # the catalogue) and almost no cyclic garbage: the default collector spends ~5 %
    # of it scanning them again and again (issue 12). Restored on the way out -- unless
    # the process ends at once: the restored threshold makes the next allocation scan
    # every object of the run (~1 ms), for nothing.
    threshold = gc.get_threshold()
    gc.set_threshold(max(threshold[0], GC_THRESHOLD), *threshold[1:])
    try:
        return _main(argv, fast)
    finally:
        if restore_gc or not _ran_fast:
            gc.set_threshold(*threshold)


GC_THRESHOLD = 50_000


def _main(argv, fast: bool) -> int:
    if fast:
        from .commands.explain_core import fast_args

        args = sys.argv[1:] if argv is None else list(argv)
        got = fast_args(args)
        if got is not None:
            return _run_fast(got)
        if args[:1] == ["facts"]:
            from .commands import facts_core

            got = facts_core.fast_args(args)
            if got is not None:
                return _run_fast(got, facts_core.run)
    import click

    try:
        rv = _cli().main(args=argv, prog_name="oomdoc", standalone_mode=False)
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
    except SystemExit as exc:
        if exc.code == 1 and _pipe_closed_by_reader():
            return 0   # `oomdoc examples | head`: the reader had enough; not a failure
        raise
    return rv if isinstance(rv, int) else 0


_ran_fast: list = []    # set when the click-free path ran: `entry` may then leave at once


def _run_fast(args: dict, run=None) -> int:
    """`explain_core.run` (or another click-free `run`) with the exit statuses click's path
    gives (`main`)."""
    if run is None:
        from .commands.explain_core import run

    _ran_fast.append(True)
    try:
        run(**args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        from .commands import quiet_broken_pipe

        quiet_broken_pipe()
        return 0
    return 0


def _pipe_closed_by_reader() -> bool:
    """click turns a write into a closed pipe (EPIPE) into exit 1 and wraps stdout
    in its pacifying wrapper; that wrapper is how we know it happened."""
    return type(sys.stdout).__name__.endswith("PacifyFlushWrapper")


def entry() -> None:
    rc = main(restore_gc=False)
    if _ran_fast:
        _leave(rc)
    sys.exit(rc)


def _leave(rc: int) -> None:
    """End the process as soon as its output is out: flush, run the exit handlers
    (caches are saved there), then skip the interpreter's teardown of ~130 modules,
    ~10 % of a short run (issue 12). Only after the fast path, whose process holds
    nothing else to clean up (no click, no third-party module)."""
    import atexit

    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)
    if run_exit_handlers is None:    # not CPython: leave the usual way
        return
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (BrokenPipeError, ValueError):
            from .commands import quiet_broken_pipe

            quiet_broken_pipe()
    run_exit_handlers()
    os._exit(rc)


if __name__ == "__main__":
    entry()
