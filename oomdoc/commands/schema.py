"""`oomdoc schema`: the JSON Schema of `oomdoc explain --format json`."""
from __future__ import annotations

import click

from ._common import dump_json


@click.command(name="schema")
def command() -> None:
    """Print the JSON Schema of `explain --format json`."""
    from ..render.explain_json import SCHEMA

    dump_json(SCHEMA)
