"""PATH arguments -> the logs to scan, each with the config files beside it.

An argument is a file, a directory (walked recursively, hidden directories
skipped), a glob (`runs/*/train.log`, `**` allowed), `@manifest` (one such
argument per line, `#` comments) or `-` (the same, read from stdin). Explicit
files are taken whatever their name; in directories and globs only log names
count. What cannot be found is returned as a problem, never raised: a scan
reports it as an error row and goes on.
"""
from __future__ import annotations

import glob
import os
import sys
from dataclasses import dataclass, field

LOG_SUFFIXES = (".log", ".txt", ".out", ".err")
CONFIG_SUFFIXES = (".yaml", ".yml", ".json", ".sh", ".toml")
# Files with config suffixes that are not a run's config.
NOT_CONFIG = frozenset({"expected.yaml"})          # a corpus case's labels
MAX_CONFIG_BYTES = 4 << 20                         # a metrics dump is not a config


class UsageError(Exception):
    """A problem with the command line itself (exit 2)."""


@dataclass
class Found:
    logs: list[str] = field(default_factory=list)
    problems: list[tuple[str, str]] = field(default_factory=list)   # (path, reason)


def is_log_name(name: str) -> bool:
    name = name.lower()
    if name.endswith(".gz"):
        name = name[:-3]
        return name.endswith(LOG_SUFFIXES) or "." not in name
    return name.endswith(LOG_SUFFIXES)


def find_logs(args, since: float | None = None, stdin=None) -> Found:
    found = Found()
    seen: set[str] = set()
    for arg in _expand_lists(args, stdin):
        for path, problem in _expand(arg):
            if problem:
                found.problems.append((path, problem))
                continue
            key = os.path.realpath(path)
            if key in seen:
                continue
            seen.add(key)
            if since is not None and _mtime(path) < since:
                continue
            found.logs.append(path)
    return found


def _expand_lists(args, stdin):
    for arg in args:
        if arg == "-":
            yield from _lines((stdin or sys.stdin).read().splitlines())
        elif arg.startswith("@") and len(arg) > 1:
            try:
                with open(arg[1:], encoding="utf-8", errors="surrogateescape") as fh:
                    text = fh.read()
            except OSError as exc:
                raise UsageError(f"{arg[1:]}: cannot read manifest ({exc.strerror or exc})") from None
            yield from _lines(text.splitlines())
        else:
            yield arg


def _lines(lines):
    for line in lines:
        line = line.strip()
        if line and not line.startswith("#"):
            yield line


def _expand(arg: str):
    if os.path.isdir(arg):
        yield from ((p, None) for p in _walk(arg))
    elif os.path.lexists(arg):
        yield arg, None                  # a file named explicitly, whatever its name
    elif glob.has_magic(arg):
        hits = sorted(glob.glob(arg, recursive=True))
        files = [p for p in hits if os.path.isfile(p) and is_log_name(os.path.basename(p))]
        for d in (p for p in hits if os.path.isdir(p)):
            files += _walk(d)
        if not files:
            yield arg, f"{arg}: no log matches"
        yield from ((p, None) for p in files)
    else:
        yield arg, f"{arg}: no such file or directory"


def _walk(root: str) -> list[str]:
    out = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        out += [os.path.join(dirpath, f) for f in sorted(filenames) if is_log_name(f)]
    return out


def _mtime(path: str) -> float:
    try:
        return os.stat(path).st_mtime
    except OSError:
        return float("inf")              # let the worker report it


def configs_beside(log: str, memo: dict | None = None) -> tuple[str, ...]:
    """`*.yaml|yml|json|sh|toml` in the log's directory, as `explain --config` takes them.
    `memo` (one per scan) lists a directory once however many logs it holds."""
    d = os.path.dirname(log) or "."
    if memo is None:
        return _configs_in(d)
    if d not in memo:
        memo[d] = _configs_in(d)
    return memo[d]


def _configs_in(d: str) -> tuple[str, ...]:
    try:
        names = sorted(os.listdir(d))
    except OSError:
        return ()
    out = []
    for n in names:
        if n in NOT_CONFIG or not n.lower().endswith(CONFIG_SUFFIXES):
            continue
        p = os.path.join(d, n)
        try:
            if os.path.isfile(p) and os.path.getsize(p) <= MAX_CONFIG_BYTES:
                out.append(p)
        except OSError:
            continue
    return tuple(out)


def parse_since(text: str, now: float) -> float:
    """`7d`, `12h`, `30m`, `2026-11-17` or an ISO date-time -> a POSIX time."""
    from datetime import datetime

    t = text.strip()
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
    if t[:-1].replace(".", "", 1).isdigit() and t[-1:].lower() in units:
        return now - float(t[:-1]) * units[t[-1].lower()]
    try:
        return datetime.fromisoformat(t).timestamp()
    except ValueError:
        raise UsageError(f"--since {text!r}: give a duration (7d, 12h, 30m) or a date (2026-11-17)") from None
