"""`oomdoc check FILE|DIR... [--fix] [--format text|json|github] [--top N] [--rules DIR] [--strict]`.

Checks incident reports (see `oomdoc.incident.checks` for the check ids); the
`oomdoc-incident` pre-commit hook runs it on the staged reports. Directories
are searched for `*.md`. All reports run in one process with the rules
loaded once: a hook's cost is mostly start-up.

Exit 0: no errors (warnings and notes alone pass; `--strict` fails on
warnings too). Exit 1: errors, or `--fix` changed a file (re-stage it, as
pre-commit expects). Exit 2: usage error (missing file, broken rule files),
one line on stderr.
"""
from __future__ import annotations

import os
import sys

import click



def _expand(paths) -> list[str]:
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs[:] = sorted(d for d in dirs if not d.startswith("."))
                out += [os.path.join(root, f) for f in sorted(files) if f.endswith(".md")]
        elif os.path.isfile(p):
            out.append(p)
        else:
            click.echo(f"oomdoc: {p}: no such file or directory", err=True)
            sys.exit(2)
    return out


def summary(n_files: int, counts: dict, paths) -> str:
    """The one line `check` always ends with, even when all is well or there was nothing to check."""
    if n_files == 0:
        return f"oomdoc: no incident reports (*.md) found in {', '.join(paths)}; nothing to check"
    reports = f"{n_files} report{'s' if n_files != 1 else ''}"
    if not any(counts.values()):
        return f"oomdoc: {reports} checked: all clean"
    return f"oomdoc: {reports}: {counts['error']} errors, {counts['warning']} warnings, {counts['note']} notes"


def _read(path: str) -> str:
    try:
        with open(path, "rb") as fh:
            return fh.read().decode("utf-8", "surrogateescape")
    except OSError as exc:
        click.echo(f"oomdoc: {path}: cannot read ({exc.strerror or exc})", err=True)
        sys.exit(2)


def _write(path: str, text: str) -> None:
    with open(path, "wb") as fh:
        fh.write(text.encode("utf-8", "surrogateescape"))


@click.command(name="check")
@click.argument("paths", nargs=-1, metavar="FILE|DIR...")
@click.option("--fix", is_flag=True, help="mask secrets in place and write/refresh the diagnosis section")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "github"]), default="text",
              show_default=True)
@click.option("--top", type=click.IntRange(min=1), default=3, show_default=True,
              help="the recorded cause must be among oomdoc's top N diagnoses")
@click.option("--rules", "rules_dirs", multiple=True, metavar="DIR",
              help="extra rule directory or file; repeatable (also OOMDOC_RULES)")
@click.option("--strict", is_flag=True, help="warnings fail too (exit 1)")
def command(paths, fix, fmt, top, rules_dirs, strict) -> None:
    """Check incident reports (the pre-commit hook)."""
    from ..incident import checks, fix as fixer, output
    from ._common import rule_errors

    if not paths:
        raise click.UsageError("give incident report files or directories")
    files = _expand(paths)
    ctx = checks.Context(top=top, rules_dirs=tuple(rules_dirs))
    with rule_errors():
        ctx.load()
    findings, fixed = [], []
    for path in files:
        text = _read(path)
        if fix:
            new, res = fixer.fix_text(path, text, ctx)
            changed = fixer.mask_linked(res)
            if new != text:
                _write(path, new)
                changed.insert(0, path)
            fixed += changed
            findings += [checks.Finding(p, 1, "note", "fixed", "rewritten by --fix (secrets masked, "
                                        "diagnosis section refreshed): review and re-stage it")
                         for p in changed]
        else:
            res = checks.check_text(path, text, ctx)
            cur = fixer.current_section(res)
            if cur is not None and res.holds_oom and cur != fixer.section(res):
                res.add(res.doc.section[0], "note", "diagnosis-stale",
                        "the diagnosis section differs from a fresh one: `oomdoc check --fix` refreshes it")
        findings += res.findings
    findings = output.ordered(findings)
    c = output.counts(findings)
    if fmt == "json":
        click.echo(output.as_json(findings, len(files), fixed))
    else:
        for f in findings:
            click.echo(output.github(f) if fmt == "github" else output.text(f))
        if fmt == "text":
            click.echo(summary(len(files), c, paths), err=True)
    failed = c["error"] > 0 or (strict and c["warning"] > 0) or bool(fixed)
    sys.exit(1 if failed else 0)
