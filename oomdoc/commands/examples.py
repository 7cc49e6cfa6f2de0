"""`oomdoc examples`: the bundled corpus cases, runnable with `explain --example NAME`."""
from __future__ import annotations

from pathlib import Path

import click


def cases() -> list[Path]:
    from ..datafiles import data_dir

    corpus = data_dir("corpus")
    if corpus is None:
        return []
    return sorted(p for p in corpus.iterdir() if (p / "train.log").is_file())


def find_case(name: str) -> Path | None:
    all_cases = cases()
    exact = [c for c in all_cases if c.name == name]
    if exact:
        return exact[0]
    prefix = [c for c in all_cases if c.name.startswith(name)]
    return prefix[0] if len(prefix) == 1 else None


def describe(case: Path) -> tuple[str, str]:
    import yaml

    try:
        exp = yaml.safe_load((case / "expected.yaml").read_text(encoding="utf-8")) or {}
    except (OSError, yaml.YAMLError):
        exp = {}
    first = exp.get("first_cause")
    if isinstance(first, list):   # several accepted causes: the first, and how many more
        first = str(first[0]) + (f" (+{len(first) - 1})" if len(first) > 1 else "") if first else "?"
    else:
        first = str(first or "?")
    return first, str(exp.get("description") or "").strip()


@click.command(name="examples")
def command() -> None:
    """List the bundled example logs."""
    found = cases()
    if not found:
        click.echo("no bundled examples found")
        return
    from .rules import table

    rows = []
    for c in found:
        cause, desc = describe(c)
        desc = " ".join(desc.split())
        rows.append((c.name, cause, desc if len(desc) <= 80 else desc[:79] + "…"))
    for line in table(rows):
        click.echo(line)
    click.echo(f"\n{len(found)} examples; run one with `oomdoc explain --example NAME`")
