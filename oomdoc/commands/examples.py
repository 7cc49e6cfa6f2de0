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
    first = ", ".join(first) if isinstance(first, list) else str(first or "?")
    return first, str(exp.get("description") or "").strip()


@click.command(name="examples")
def command() -> None:
    """List the bundled example logs."""
    found = cases()
    if not found:
        click.echo("no bundled examples found")
        return
    width = max(len(c.name) for c in found)
    for c in found:
        cause, desc = describe(c)
        click.echo(f"{c.name:<{width}}  {cause:<28}  {desc[:80]}")
    click.echo(f"\n{len(found)} examples; run one with `oomdoc explain --example NAME`")
