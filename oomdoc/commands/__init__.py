"""One module per subcommand; each exposes `command` (a click command)."""
from __future__ import annotations


def quiet_broken_pipe() -> None:
    """The reader went away (`| head`): point stdout at /dev/null so the exit flush is silent."""
    import os
    import sys

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except OSError:
        pass
