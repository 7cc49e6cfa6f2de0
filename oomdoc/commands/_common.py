"""What every subcommand shares: reading the log, failing cleanly."""
from __future__ import annotations

import os
import sys
from contextlib import contextmanager

# click's ANSI sequence (click._compat): stripped from output that is not for a terminal
_ANSI = r"\033\[[0-?]*[ -/]*[@-~]"


def echo(message: str = "", nl: bool = True, err: bool = False, color: bool | None = None) -> None:
    """`click.echo` for text, without importing click (start-up time, issue 12): ANSI
    codes stripped unless `color` (None: unless the stream is a terminal), then flushed."""
    stream = sys.stderr if err else sys.stdout
    if stream is None:
        return
    out = message + "\n" if nl else message
    if not out:
        stream.flush()
        return
    if (not _isatty(stream)) if color is None else not color:
        if "\033" in out:
            import re

            out = re.sub(_ANSI, "", out)
    stream.write(out)
    stream.flush()


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except Exception:
        return False


def fail(message: str, code: int = 2):
    """One line on stderr, then exit (2: usage or input error)."""
    echo(f"oomdoc: {message}", err=True)
    sys.exit(code)


@contextmanager
def input_errors():
    """Turn input problems (and broken rule files) into lines on stderr and exit status 2."""
    from ..reader import InputError
    from ..rules_engine.loader import RuleError

    try:
        yield
    except InputError as exc:
        fail(str(exc))
    except RuleError as exc:
        for e in exc.errors:
            echo(f"oomdoc: {e}", err=True)
        sys.exit(2)
    except MemoryError:
        fail("ran out of memory reading the input")


def check_configs(paths) -> None:
    """`--config` files: refused at once when missing, a directory or binary."""
    from ..reader import GZIP_MAGIC, looks_binary

    for c in paths:
        if os.path.isdir(c):
            fail(f"{c}: is a directory, expected a config file")
        if not os.path.isfile(c):
            fail(f"{c}: no such config file")
        try:
            with open(c, "rb") as fh:
                head = fh.read(65536)
        except OSError as exc:
            fail(f"{c}: cannot read ({exc.strerror or exc})")
        if head[:2] == GZIP_MAGIC or looks_binary(head):
            fail(f"{c}: looks like a binary file, not a config file")


def color_wanted(stream=None) -> bool:
    """Colour on a terminal, unless NO_COLOR or TERM=dumb; FORCE_COLOR forces it anywhere."""
    env = os.environ
    if env.get("NO_COLOR"):
        return False
    if env.get("FORCE_COLOR", "") not in ("", "0"):
        return True
    if env.get("TERM") == "dumb":
        return False
    stream = stream or sys.stdout
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


@contextmanager
def rule_errors():
    """Rule files that do not validate: every error on stderr (`file:line: rule ...`), exit 2.
    The one way commands report them."""
    from ..rules_engine.loader import RuleError

    try:
        yield
    except RuleError as exc:
        for e in exc.errors:
            echo(f"oomdoc: {e}", err=True)
        sys.exit(2)


def dump_json(obj) -> None:
    """`json.dumps(obj, indent=2, ensure_ascii=False, default=str)` and a newline, without
    importing json (and with it re): `render.json_text`."""
    from ..render.json_text import dumps

    sys.stdout.write(dumps(obj, indent=2))
    sys.stdout.write("\n")
    sys.stdout.flush()
