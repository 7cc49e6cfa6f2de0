#!/usr/bin/env python3
"""Is `oomdoc explain` still saying exactly what it said? (start-up work, issue 12)

Runs `oomdoc explain --format json` and `--format text` (the `oomdoc` on PATH) on
every corpus case (with its config files, as the corpus test passes them), every
example log (alone and with the example configs) and the logs under any extra
directories given, and either records the outputs (`--record FILE`) or compares
them with a recording (`--check FILE`), printing each case that differs.
Speed work must leave every byte alone: record before, check after.

usage: same_output.py --record before.json [DIR ...]
       same_output.py --check before.json [DIR ...]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CONFIG_SUFFIXES = {".yaml", ".yml", ".json", ".sh", ".toml"}


def runs(extra: list[str]) -> list[tuple[str, list[str]]]:
    """(name, arguments after `explain`) for every case."""
    out = []
    for case in sorted((ROOT / "corpus").iterdir()):
        if not (case / "expected.yaml").is_file():
            continue
        configs = [str(p) for p in sorted(case.iterdir())
                   if p.suffix in CONFIG_SUFFIXES and p.name != "expected.yaml"]
        out.append((case.name, [str(case / "train.log"), *[a for c in configs for a in ("--config", c)]]))
    examples = ROOT / "examples" / "incidents"
    configs = sorted((examples / "configs").glob("*"))
    for log in sorted((examples / "logs").glob("*")):
        out.append((f"examples/{log.name}", [str(log)]))
        out.append((f"examples/{log.name}+configs", [str(log), *[a for c in configs for a in ("--config", str(c))]]))
    for d in extra:
        for log in sorted(Path(d).rglob("*.log")):
            out.append((str(log), [str(log)]))
    return out


def outputs(extra: list[str]) -> dict[str, dict]:
    got = {}
    for name, args in runs(extra):
        for fmt in ("json", "text"):
            p = subprocess.run(["oomdoc", "explain", "--format", fmt, *args], capture_output=True, text=True)
            got[f"{name} [{fmt}]"] = {"rc": p.returncode, "stdout": p.stdout, "stderr": p.stderr}
    return got


def main() -> int:
    ap = argparse.ArgumentParser()
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument("--record")
    mode.add_argument("--check")
    ap.add_argument("dirs", nargs="*", help="more directories of *.log files")
    args = ap.parse_args()
    got = outputs(args.dirs)
    if args.record:
        Path(args.record).write_text(json.dumps(got, indent=0, sort_keys=True))
        print(f"recorded {len(got)} outputs")
        return 0
    want = json.loads(Path(args.check).read_text())
    bad = sorted(k for k in want.keys() | got.keys() if want.get(k) != got.get(k))
    for k in bad:
        print(f"DIFFERS: {k}")
    print(f"{len(got) - len(bad)} of {len(want.keys() | got.keys())} outputs identical")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
