#!/usr/bin/env python3
"""Is a memory failure still noticed when only the start of its message is pasted? (issue 11, item 2)

Every catalogue entry's sample and `more:` rendering, cut to its first N characters (a paste
of one message that stopped short, no ellipsis), explained alone: counts the renderings whose
first cause is no OOM cause any more (DETECTION lost), per width. Lookalike families are not
in the catalogue, so this counts detection only; bench/paste_shapes.py counts false alarms.

usage: message_cuts.py [WIDTH ...]      (default 100 200; N=rows of examples shown)
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from oomdoc import signatures  # noqa: E402
from oomdoc.diagnose import explain  # noqa: E402
from oomdoc.rules_engine.loader import load_rules  # noqa: E402


def _detected(text: str, rules) -> bool:
    rep = explain(text.encode(), rules=rules, similar=False)
    return bool(rep.diagnoses) and rep.diagnoses[0].cause != "not-oom"


def main() -> int:
    widths = [int(a) for a in sys.argv[1:]] or [100, 200]
    rules = load_rules(()).rules
    renderings = []
    for e in signatures.catalogue().entries:
        renderings.append((e.id, e.sample))
        renderings += [(f"{e.id}#{i}", m["sample"]) for i, m in enumerate(e.more) if m.get("sample")]
    whole = [(name, s) for name, s in renderings if _detected(s, rules)]
    show = int(os.environ.get("N", "8"))
    print(f"{len(whole)} of {len(renderings)} renderings get an OOM cause first when whole")
    for w in widths:
        lost = [name for name, s in whole if len(s.strip()) > w and not _detected(s.strip()[:w], rules)]
        cut = sum(1 for _, s in whole if len(s.strip()) > w)
        print(f"first {w:>4} chars: detection lost {len(lost)} of {cut} cut")
        for name in lost[:show]:
            print("     ", name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
