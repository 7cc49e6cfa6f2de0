"""The `oomdoc-rules` pre-commit hook: lint a team's rule files, run its corpus.

    python -m oomdoc.incident.rules_hook [--rules-dir DIR] [--corpus DIR]

Runs `oomdoc rules check DIR` (schema, ids, fixes, references) and, when the
corpus dir exists, `oomdoc rules test CORPUS --rules DIR` (every case against
the packaged rules plus the team's). Defaults: `oomdoc-rules/` and
`oomdoc-corpus/` at the repo root. Exit 0 when both pass, 1 on lint problems
or failing cases, 2 on usage errors (missing rules dir).
"""
from __future__ import annotations

import argparse
import os
import sys


def _run(args: list[str]) -> int:
    from ..commands.rules import command

    try:
        rv = command.main(args=args, prog_name="oomdoc rules", standalone_mode=False)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except Exception as exc:  # click usage errors: one line, never a traceback
        print(f"oomdoc: {exc}", file=sys.stderr)
        return 2
    return rv if isinstance(rv, int) else 0


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="oomdoc-rules", description=__doc__.splitlines()[0])
    p.add_argument("--rules-dir", default="oomdoc-rules")
    p.add_argument("--corpus", default="oomdoc-corpus")
    p.add_argument("files", nargs="*", help="ignored: the whole rule dir is linted (ids must be unique)")
    a = p.parse_args(argv)
    if not os.path.isdir(a.rules_dir):
        print(f"oomdoc: {a.rules_dir}: no such rule directory (pass --rules-dir)", file=sys.stderr)
        return 2
    print(f"oomdoc rules check {a.rules_dir}", flush=True)
    codes = [_run(["check", a.rules_dir])]
    if os.path.isdir(a.corpus):
        print(f"oomdoc rules test {a.corpus} --rules {a.rules_dir}", flush=True)
        codes.append(_run(["test", a.corpus, "--rules", a.rules_dir]))
    return 2 if 2 in codes else (1 if any(codes) else 0)


if __name__ == "__main__":
    sys.exit(main())
