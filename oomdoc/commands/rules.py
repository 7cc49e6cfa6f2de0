"""`oomdoc rules list|show ID|check [PATH]...|test [DIR]|docs|hook`: the knowledge base."""
from __future__ import annotations

import sys
import textwrap

import click

from ._common import fail

_rules_opt = click.option("--rules", "rules_dirs", multiple=True, metavar="DIR",
                          help="extra rule directory or file; repeatable (also OOMDOC_RULES)")


def load_or_exit(rules_dirs):
    """The rule set, or every rule error on stderr and exit 2 (`_common.rule_errors`)."""
    from ..rules_engine.loader import RuleError, load_rules
    from ._common import rule_errors

    with rule_errors():
        rs = load_rules(rules_dirs)
        if rs.errors:
            raise RuleError(rs.errors)
    return rs


def _rule_or_cause_names(ctx, param, incomplete):
    """Shell completion for `rules show`: rule ids and cause ids."""
    from click.shell_completion import CompletionItem

    from ..rules_engine.loader import load_rules

    try:
        rules = load_rules(()).rules
    except Exception:   # completion must never print a traceback into the shell
        return []
    names = sorted({r["id"] for r in rules} | {r["cause"] for r in rules})
    return [CompletionItem(n) for n in names if n.startswith(incomplete)]


def table(rows: list[tuple], last_free: bool = True) -> list[str]:
    """Rows as aligned columns (each column as wide as its widest cell; the last one free)."""
    if not rows:
        return []
    n = len(rows[0])
    widths = [max(len(str(r[i])) for r in rows) for i in range(n)]
    out = []
    for r in rows:
        cells = [f"{str(c):<{widths[i]}}" if i < n - 1 or not last_free else str(c) for i, c in enumerate(r)]
        out.append("  ".join(cells).rstrip())
    return out


@click.group(name="rules")
def command() -> None:
    """List, show, lint and test the knowledge-base rules."""


@command.command(name="list")
@_rules_opt
def list_rules(rules_dirs) -> None:
    """List every rule: id, cause, status, title."""
    rs = load_or_exit(rules_dirs)
    rows = sorted(rs.rules, key=lambda r: (r["cause"], r["id"]))
    for line in table([(r["id"], r["cause"], r["status"], r["title"]) for r in rows]):
        click.echo(line)
    click.echo(f"\n{len(rows)} rules, {len({r['cause'] for r in rows})} causes")


def _cond_text(c: dict) -> str:
    keys = [k for k in c if k not in ("weight", "label")]
    body = ", ".join(f"{k}: {c[k]}" for k in keys if c[k] not in (None, [], False))
    return f"{body}  (weight {c.get('weight', 0)})" + (f" — {c['label']}" if c.get("label") else "")


@command.command(name="show")
@click.argument("rule_id", metavar="RULE_ID|CAUSE_ID", shell_complete=_rule_or_cause_names)
@_rules_opt
def show(rule_id, rules_dirs) -> None:
    """Render one rule's documentation, or list the rules of a cause."""
    rs = load_or_exit(rules_dirs)
    r = rs.by_id(rule_id)
    if r is None:
        of_cause = sorted((x for x in rs.rules if x["cause"] == rule_id), key=lambda x: x["id"])
        if of_cause:
            click.echo(f"cause {rule_id}: {len(of_cause)} rule{'s' if len(of_cause) != 1 else ''}")
            for line in table([(x["id"], x["status"], x["title"]) for x in of_cause]):
                click.echo(f"  {line}")
            click.echo("\n(`oomdoc rules show RULE_ID` for one rule's documentation)")
            return
        from difflib import get_close_matches

        names = sorted({x["id"] for x in rs.rules} | {x["cause"] for x in rs.rules})
        near = get_close_matches(rule_id, names, n=1, cutoff=0.6)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        fail(f"no rule or cause {rule_id!r}{hint}")
    wrap = lambda t: textwrap.fill(" ".join(str(t).split()), 88, initial_indent="  ", subsequent_indent="  ")  # noqa: E731
    click.echo(f"{r['id']}  ({r['status']})")
    click.echo(f"cause: {r['cause']}\n{r['title']}\n")
    for sec, key in (("What it detects", "what"), ("Why it happens", "why"),
                     ("How to confirm", "confirm"), ("False positives", "false_positives")):
        if r.get(key):
            click.echo(f"## {sec}\n{wrap(r[key])}\n")
    click.echo("## Evidence")
    for part in ("all", "any", "none", "support", "against"):
        for c in r["when"].get(part, []):
            click.echo(f"  {part:<8} {_cond_text(c)}")
    if r.get("fixes"):
        click.echo("\n## Fixes")
        for f in r["fixes"]:
            v = f["value"]
            v = f"{v['helper']}({', '.join(f'{k}={x}' for k, x in v.get('args', {}).items())})" \
                if isinstance(v, dict) else v
            click.echo(f"  - {f['knob']} → {v}: {' '.join(f['why'].split())}")
            if f.get("cost"):
                click.echo(f"      cost: {' '.join(f['cost'].split())}")
    if r.get("references"):
        click.echo("\n## References")
        for u in r["references"]:
            click.echo(f"  - {u}")
    click.echo(f"\n(file: {r.get('file')})")


@command.command(name="check")
@click.argument("paths", nargs=-1)
def check(paths) -> None:
    """Lint rule files (default: every rule oomdoc loads). Exit 1 on errors.

    Besides the schema, every regex is checked for catastrophic backtracking
    (nested quantifiers, overlapping alternatives under a quantifier, and a timed
    probe on adversarial lines)."""
    sys.exit(lint(paths))


def lint(paths) -> int:
    """`rules check`: print every problem; 0 clean, 1 problems, 2 unusable paths."""
    from ..rules_engine.loader import RuleError, rule_dirs, rule_files, validate_files

    try:
        files = rule_files(paths or rule_dirs())
    except RuleError as exc:
        for e in exc.errors:
            click.echo(f"oomdoc: {e}", err=True)
        return 2
    rs = validate_files(files)
    ids: dict[str, str] = {}
    errors = list(rs.errors)
    for r in rs.rules:
        if not r.get("fixes") and r["cause"] not in ("not-oom", "memory-leak") and not r.get("symptom"):
            errors.append(f"{r['file']}: rule {r['id']!r}: fixes: a cause rule should offer a fix")
        if not r.get("references") and r["status"] == "stable":
            errors.append(f"{r['file']}: rule {r['id']!r}: references: a stable rule cites a source")
        errors += _unsafe_patterns(r)
    for f in files:
        import yaml

        from ..safe_yaml import load_yaml

        try:
            doc = load_yaml(f.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError, yaml.YAMLError):   # reported by validation above
            continue
        rid = doc.get("id") if isinstance(doc, dict) else None
        if rid and rid in ids:
            errors.append(f"{f}: rule {rid!r}: id: duplicate of {ids[rid]}")
        elif rid:
            ids[rid] = str(f)
    for e in errors:
        click.echo(e)
    click.echo(f"{len(files)} files, {len(rs.rules)} valid rules, {len(errors)} problems")
    return 1 if errors else 0


def _unsafe_patterns(rule: dict) -> list[str]:
    """Patterns that could hang on a log line: static check plus a timed probe."""
    from ..rules_engine.safe_regex import problems, rule_patterns

    out = []
    for loc, pattern in rule_patterns(rule):
        for why in problems(pattern):
            out.append(f"{rule['file']}: rule {rule['id']!r}: {loc}: unsafe regex '{pattern}': {why}")
    return out


@command.command(name="test")
@click.argument("corpus", required=False)
@_rules_opt
@click.option("-v", "--verbose", is_flag=True, help="print passing cases too")
def test(corpus, rules_dirs, verbose) -> None:
    """Run a corpus dir (default: the bundled corpus) against the rules. Exit 1 on failures."""
    sys.exit(run_corpus(corpus, rules_dirs, verbose))


def run_corpus(corpus, rules_dirs=(), verbose=False) -> int:
    """`rules test`: 0 when every case passes (or is xfail), 1 on failures, 2 without a corpus."""
    from pathlib import Path

    from ..corpus_check import case_dirs, check_case
    from ..datafiles import data_dir

    rs = load_or_exit(rules_dirs)
    root = Path(corpus) if corpus else data_dir("corpus")
    if root is None or not root.is_dir():
        click.echo(f"oomdoc: no corpus dir {corpus or '(bundled)'}", err=True)
        return 2
    cases = case_dirs(root)
    failed = xfailed = 0
    for case in cases:
        res = check_case(case, rules=rs.rules)
        if res.ok:
            if verbose:
                click.echo(f"ok     {res.name}")
            if res.xfail:
                click.echo(f"XPASS  {res.name}: {res.xfail}")
            continue
        if res.xfail:
            xfailed += 1
            if verbose:
                click.echo(f"xfail  {res.name}: {res.xfail}")
            continue
        failed += 1
        click.echo(f"FAIL   {res.name}: said {res.causes[:3]}")
        for f in res.failures:
            click.echo(f"         {f}")
    click.echo(f"{len(cases)} cases, {len(cases) - failed - xfailed} passed, {failed} failed, "
               f"{xfailed} xfailed")
    return 1 if failed else 0


@command.command(name="docs")
@click.option("--out", default="docs/rules", show_default=True, metavar="DIR", help="where the pages go")
@click.option("--check", "check_only", is_flag=True, help="write nothing; exit 1 when a page is stale")
def docs(out, check_only) -> None:
    """Write one Markdown page per packaged rule (what, why, confirm, fixes, a corpus example)."""
    from pathlib import Path

    from ..datafiles import data_dir
    from ..rule_pages import render_all, stale
    from ..rules_engine.loader import rule_files, validate_files

    corpus, packaged = data_dir("corpus"), data_dir("rules")
    if corpus is None or packaged is None:
        click.echo("oomdoc: no bundled rules and corpus to document", err=True)
        sys.exit(2)
    rules = validate_files(rule_files([packaged])).rules
    pages = render_all(rules, corpus)
    out_dir = Path(out)
    bad = stale(pages, out_dir)
    if check_only:
        for name in bad:
            click.echo(f"{out_dir / name}: stale (run `oomdoc rules docs`)")
        sys.exit(1 if bad else 0)
    out_dir.mkdir(parents=True, exist_ok=True)
    for name in bad:
        if name in pages:
            (out_dir / name).write_text(pages[name], encoding="utf-8")
        else:
            (out_dir / name).unlink()
    click.echo(f"{len(pages)} pages in {out_dir}, {len(bad)} written or removed")


@command.command(name="hook")
@click.option("--rules-dir", default="oomdoc-rules", show_default=True, metavar="DIR",
              help="the team's rule directory")
@click.option("--corpus", default="oomdoc-corpus", show_default=True, metavar="DIR",
              help="the team's corpus (run when it exists)")
@click.argument("files", nargs=-1)
def hook(rules_dir, corpus, files) -> None:
    """The `oomdoc-rules` pre-commit hook: lint a team's rules, run its corpus.

    Runs `rules check DIR` and, when the corpus dir exists, `rules test CORPUS
    --rules DIR` (every case against the packaged rules plus the team's). FILES
    are ignored: the whole rule dir is linted (ids must be unique across it).
    Exit 0 when both pass, 1 on problems or failing cases, 2 without a rule dir.
    """
    import os

    if not os.path.isdir(rules_dir):
        click.echo(f"oomdoc: {rules_dir}: no such rule directory (pass --rules-dir)", err=True)
        sys.exit(2)
    click.echo(f"oomdoc rules check {rules_dir}")
    codes = [lint([rules_dir])]
    if os.path.isdir(corpus):
        click.echo(f"oomdoc rules test {corpus} --rules {rules_dir}")
        codes.append(_exit_code(run_corpus, corpus, (rules_dir,)))
    sys.exit(2 if 2 in codes else (1 if any(codes) else 0))


def _exit_code(fn, *args) -> int:
    """fn's return code, or the code of the SystemExit it raised (a rule error exits 2)."""
    try:
        return fn(*args)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
