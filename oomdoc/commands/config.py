"""`oomdoc config FILE|- [--config F]...`: the run configuration, with provenance.

Values are masked (`render.redact`): a token in a launch command or a config
dump is shown as `hf_****`, and any value under a credential-named key too."""
from __future__ import annotations

import click

from ._common import check_configs, dump_json, input_errors


@click.command(name="config")
@click.argument("log", metavar="FILE|-")
@click.option("--config", "configs", multiple=True, metavar="F",
              help="A config file of the run (YAML, JSON, TOML or a launch script); repeatable.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--all", "show_all", is_flag=True, help="Also list framework defaults and unmapped raw keys.")
def command(log: str, configs: tuple[str, ...], fmt: str, show_all: bool) -> None:
    """Print the run configuration recovered from a log and config files."""
    from ..config import load_run_config
    from ..pipeline import read_events

    check_configs(configs)
    with input_errors():
        analysis = read_events(log)
    rc = load_run_config(analysis, list(configs))
    if fmt == "json":
        from ..render import redact

        dump_json(redact.obj(rc.report_json()))
        return
    click.echo(render_text(rc, show_all), nl=False)


def render_text(rc, show_all: bool = False) -> str:
    fw = rc.framework
    out = []
    if fw.id:
        extra = "".join(f", {k} {v}" for k, v in (("fork", fw.fork), ("version", fw.version)) if v)
        out.append(f"framework: {fw.id} (confidence {fw.confidence:.2f}{extra})")
    else:
        out.append("framework: unknown")
    out += [f"  - {e}" for e in fw.evidence]
    rows = [(k, s) for k, s in sorted(rc.settings.items()) if show_all or not s.default]
    out.append("")
    out.append("settings:" if rows else "settings: none found in the log or the given files")
    width = max((len(k) for k, _ in rows), default=0)
    for k, s in rows:
        src = "default" if s.default else s.source
        key = f"  [{s.raw_key}]" if s.raw_key and s.raw_key != k else ""
        out.append(f"  {k:<{width}}  {_show(s.value, s.raw_key or k)}  ({src}){key}")
    defaults = sum(1 for s in rc.settings.values() if s.default)
    if defaults and not show_all:
        out.append(f"  ... and {defaults} framework defaults (--all to list)")
    if show_all and rc.raw:
        out.append("")
        out.append("other keys (not mapped to a knob):")
        for k, s in sorted(rc.raw.items()):
            out.append(f"  {k} = {_show(s.value, k)}  ({s.source})")
    if rc.warnings:
        out.append("")
        out.append("warnings:")
        out += [f"  {w}" for w in rc.warnings]
    from ..render import redact

    return redact.text("\n".join(out) + "\n")


def _show(v, key: str | None = None) -> str:
    from ..render import redact

    s = "null" if v is None else redact.value(str(v), key)   # masked before it is cut
    return s if len(s) <= 120 else s[:117] + "..."
