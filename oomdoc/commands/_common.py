"""What every subcommand shares: reading the log, failing cleanly."""
from __future__ import annotations

import json
import sys
from contextlib import contextmanager

import click


class Exit(Exception):
    def __init__(self, code: int):
        self.code = code


@contextmanager
def input_errors():
    """Turn input problems into one line on stderr and exit status 2."""
    from ..reader import InputError

    try:
        yield
    except InputError as exc:
        click.echo(f"oomdoc: {exc}", err=True)
        sys.exit(2)
    except MemoryError:
        click.echo("oomdoc: ran out of memory reading the input", err=True)
        sys.exit(2)


@contextmanager
def rule_errors():
    """Rule files that do not validate: every error on stderr (`file:line: rule ...`), exit 2.
    The one way commands report them."""
    from ..rules_engine.loader import RuleError

    try:
        yield
    except RuleError as exc:
        for e in exc.errors:
            click.echo(f"oomdoc: {e}", err=True)
        sys.exit(2)


def dump_json(obj) -> None:
    sys.stdout.write(json.dumps(obj, indent=2, ensure_ascii=False, default=str))
    sys.stdout.write("\n")
    sys.stdout.flush()
