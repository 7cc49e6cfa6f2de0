"""`oomdoc scan PATH... [--jobs N] [--engine local|ray] [--format text|json|jsonl|csv|markdown]`.

Every log diagnosed exactly as `oomdoc explain` would, grouped by cause,
framework and key settings. Exit 0 when the scan ran (whatever it found or
failed to read: bad logs are error rows), 2 on usage errors, 130 when
interrupted (after printing what was finished).
"""
from __future__ import annotations

import sys
import time

import click

FORMATS = ["text", "json", "jsonl", "csv", "markdown"]


@click.command(name="scan")
@click.argument("paths", nargs=-1, metavar="PATH...")
@click.option("--corpus", is_flag=True, help="also scan the bundled corpus of example cases")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="worker processes (local engine)  [default: all cores]")
@click.option("--engine", type=click.Choice(["local", "ray"]), default="local", show_default=True,
              help="ray: run each log as a Ray task (pip install 'oomdoc[ray]')")
@click.option("--address", metavar="ADDR", default=None,
              help="ray engine: cluster to join (auto, ray://host:10001); default: the running one or a new local one")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)
@click.option("--cache", "cache_dir", metavar="DIR", help="remember results; re-read only new or changed logs")
@click.option("--since", metavar="WHEN", help="only logs modified since: 7d, 12h, 30m or a date")
@click.option("--no-configs", is_flag=True, help="do not use the config files beside each log")
@click.option("--rules", "rules_dirs", multiple=True, metavar="DIR",
              help="extra rule directory or file; repeatable (also OOMDOC_RULES)")
@click.option("--top", type=click.IntRange(min=1), default=5, show_default=True,
              help="diagnoses kept per log (as explain --top)")
@click.option("--progress/--no-progress", default=None, help="progress bar on stderr  [default: when a terminal]")
def command(paths, corpus, jobs, engine, address, fmt, cache_dir, since, no_configs, rules_dirs, top,
            progress) -> None:
    """Diagnose many logs (files, directories, globs, @manifest, - for stdin) and group them."""
    from ..fleet import discovery
    from ..fleet.work import Job

    started = time.monotonic()
    args = list(paths)
    if corpus:
        from ..datafiles import data_dir

        found_corpus = data_dir("corpus")
        if found_corpus is None:
            _usage("the bundled corpus is not installed")
        args.append(str(found_corpus))
    if not args:
        raise click.UsageError("give PATH... (files, directories, globs, @manifest, - for stdin) or --corpus")
    if engine == "ray":
        from ..fleet.engines import RAY_HINT

        try:
            import ray  # noqa: F401  (checked before any work; the engine uses it)
        except ImportError:
            _usage(RAY_HINT)
    elif address:
        _usage("--address is for --engine ray")
    try:
        since_ts = discovery.parse_since(since, time.time()) if since else None
        found = discovery.find_logs(args, since=since_ts)
    except discovery.UsageError as exc:
        _usage(str(exc))
    _check_rules(rules_dirs)

    from ..fleet.engines import error_row
    from ..fleet.outputs import Sink

    sink = Sink(fmt, sys.stdout)
    for path, reason in found.problems:
        sink.add(error_row(Job(path), reason))
    memo: dict = {}
    todo = [Job(p, () if no_configs else discovery.configs_beside(p, memo), tuple(rules_dirs), top)
            for p in found.logs]
    cache, keys = None, {}
    if cache_dir:
        todo, keys, cache = _from_cache(todo, cache_dir, rules_dirs, sink)
    bar = _progress(progress, len(todo))
    complete, not_scanned = True, 0
    try:
        for row in _engine_rows(engine, todo, jobs, address):
            row["cached"] = False
            if cache is not None:
                cache.put(row["path"], keys.get(row["path"]), row)
            sink.add(row)
            bar.update(row)
    except KeyboardInterrupt:
        complete, not_scanned = False, len(todo) - bar.done
    finally:
        bar.close()
    _finish(sink, complete, not_scanned, time.monotonic() - started)
    if not complete:
        click.echo(f"oomdoc: interrupted; {not_scanned} logs not scanned", err=True)
        raise click.exceptions.Exit(130)


def _usage(message: str):
    raise click.UsageError(message)


def _check_rules(rules_dirs) -> None:
    from ..fleet.work import rules_for
    from ..rules_engine.loader import RuleError

    try:
        rules_for(tuple(rules_dirs))
    except RuleError as exc:
        for e in exc.errors:
            click.echo(f"oomdoc: {e}", err=True)
        raise click.exceptions.Exit(2) from None


def _from_cache(todo, cache_dir, rules_dirs, sink):
    from ..fleet.cache import ResultCache, rules_salt

    try:
        cache = ResultCache(cache_dir, rules_salt(rules_dirs))
    except OSError as exc:
        _usage(f"--cache {cache_dir}: cannot use it ({exc.strerror or exc})")
    left, keys = [], {}
    for job in todo:
        key = cache.key(job.path, job.configs, job.top)
        hit = cache.get(job.path, key)
        if hit is not None and hit.get("path") == job.path:
            hit["cached"] = True
            sink.add(hit)
        else:
            keys[job.path] = key
            left.append(job)
    return left, keys, cache


def _progress(flag, total):
    from ..fleet.progress import Progress

    return Progress(total, enabled=flag)


def _engine_rows(engine, todo, jobs, address):
    from ..fleet import engines

    if engine == "ray":
        try:
            yield from engines.ray_rows(todo, address)
        except engines.EngineUnavailable as exc:
            _usage(str(exc))
    else:
        yield from engines.local_rows(todo, jobs or engines.default_workers())


def _finish(sink, complete, not_scanned, seconds) -> None:
    from ..fleet import outputs
    from ..fleet.grouping import summarise

    if sink.fmt == "jsonl":
        return
    if sink.fmt == "csv":
        sys.stdout.write(outputs.to_csv(sink.rows))
        return
    doc = outputs.head(summarise(sink.rows), complete=complete, not_scanned=not_scanned)
    if sink.fmt == "json":
        outputs.write_document(sys.stdout, doc, sink.texts)
    elif sink.fmt == "markdown":
        click.echo(outputs.markdown(doc), nl=False)
    else:
        click.echo(outputs.table(doc, seconds), nl=False)
