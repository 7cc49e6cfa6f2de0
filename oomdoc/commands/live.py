"""Live mode behind `oomdoc explain -` (stdin is a pipe) and `oomdoc watch FILE`.

Each incident is diagnosed and printed (and flushed) as soon as it is
complete; the stream is followed until EOF. Ctrl-C and a closed downstream
pipe end quietly.
"""
from __future__ import annotations

import json
import sys


def _printer(configs, rules, fmt, top, state):
    from ..diagnose import explain, reportable

    switched_off: dict[str, str] = {}    # rules whose patterns ran too long stay off for the stream

    def on_incident(view) -> None:
        report = explain(None, config_paths=configs, rules=rules, analysis=view, top=top, similar=False,
                         switched_off=switched_off)
        if not reportable(report):
            return  # a crash no rule explains; an OOM is always reported, cause or not
        state["diagnosed"] += 1
        print_report(report, fmt)
        if state["exit_on_oom"]:
            raise _Stop()

    return on_incident


def print_report(report, fmt: str) -> None:
    """One report, flushed: jsonl/json as one line (live), markdown, or text."""
    if fmt in ("json", "jsonl"):
        from ..render.explain_json import render

        sys.stdout.write(json.dumps(render(report), ensure_ascii=False, default=str) + "\n")
    elif fmt == "markdown":
        from ..render.explain_markdown import render

        sys.stdout.write(render(report))
    else:
        from ..render.explain_text import render
        from ._common import color_wanted

        color = color_wanted()
        sys.stdout.write(render(report, color=color))
    sys.stdout.flush()


class _Stop(Exception):
    pass


class _Decoded:
    """The session, fed through `reader.Decoder`: a pipe is sniffed like a file
    (gzip unpacked, UTF-16 decoded, binary refused with `InputError`)."""

    def __init__(self, session, name: str):
        from ..reader import Decoder

        self.session, self.decoder = session, Decoder(name, 1 << 20)

    def feed(self, data: bytes) -> None:
        for out in self.decoder.feed(data):
            self.session.feed(out)

    def feed_whole(self, data: bytes) -> None:
        """All of the input in one piece: decoded whole, and a paste's wraps joined (unwrap.py)."""
        from ..unwrap import unwrap

        out = b"".join(self.decoder.feed(data)) + b"".join(self.decoder.finish())
        self.decoder = None          # finished
        out, self.session.pipe.renumber = unwrap(out)
        self.session.feed(out)

    def close(self) -> None:
        if self.decoder is not None:
            for out in self.decoder.finish():
                self.session.feed(out)
        self.session.close()

    def __getattr__(self, name):
        return getattr(self.session, name)


def _rules(rules_dirs):
    from .rules import load_or_exit

    return load_or_exit(rules_dirs).rules


def _warm_up(configs, rules, fmt) -> None:
    """Import and compile the diagnosis path before the stream starts: the first
    incident would otherwise wait ~0.1 s for it."""
    from ..diagnose import explain
    from ..pipeline import Analysis

    if fmt in ("json", "jsonl"):
        from ..render import explain_json  # noqa: F401
    elif fmt == "markdown":
        from ..render import explain_markdown  # noqa: F401
    else:
        from ..render import explain_text  # noqa: F401
    explain(None, config_paths=configs, rules=rules, analysis=Analysis(name="warm-up"), similar=False)


def run_live(configs, rules_dirs, fmt, top, flush_after, exit_on_oom, follower=None) -> int:
    from ..stream import LiveSession, follow_fd, follow_file

    rules = _rules(rules_dirs)
    _warm_up(list(configs), rules, fmt)
    state = {"diagnosed": 0, "exit_on_oom": exit_on_oom}
    name = follower.path if follower else "<stdin>"
    session = LiveSession(name, _printer(list(configs), rules, fmt, top, state), flush_after=flush_after)
    try:
        if follower is None:
            follow_fd(_Decoded(session, name), sys.stdin.fileno())
        else:
            follow_file(session, follower)
    except _Stop:
        return 1
    except KeyboardInterrupt:
        return 130 if not state["diagnosed"] else 0
    except BrokenPipeError:
        from . import quiet_broken_pipe

        quiet_broken_pipe()
        return 0
    if state["diagnosed"] == 0 and fmt in ("json", "jsonl"):
        # the same report object as file mode: no diagnoses, the stats, the warnings
        from ..diagnose import explain

        print_report(explain(None, config_paths=list(configs), rules=rules, analysis=session.summary(),
                             top=top, similar=False), fmt)
    elif state["diagnosed"] == 0 and fmt == "text":
        sys.stdout.write(f"oomdoc: {name}: no out-of-memory incident found "
                         f"({session.pipe.analysis.lines_read} lines read)\n")
    return 0
