"""Framework detection on the shared devset logs (read in place, never copied).

Hit = the label's `framework` equals the detected id or the detected fork.
Two devset logs carry no framework evidence at all (a bare Ray kill of
`main_task` for EasyR1; an optimizer-step OOM for LLaMA-Factory), so the
bar is below 100 %.
"""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from oomdoc.config import load_run_config
from oomdoc.pipeline import read_events

DEVSET = Path(__file__).resolve().parents[2] / "shared" / "devset"
CASES = sorted(p.parent for p in DEVSET.glob("*/label.yaml"))


def detect(case: Path):
    extra = [str(case / n) for n in ("run.sh", "accelerate.yaml") if (case / n).exists()]
    rc = load_run_config(read_events(str(case / "train.log")), extra)
    return rc.framework


@pytest.mark.skipif(not CASES, reason="shared devset not available")
def test_devset_detection_hit_rate(capsys):
    hits, rows = 0, []
    for case in CASES:
        label = yaml.safe_load((case / "label.yaml").read_text()).get("framework")
        fw = detect(case)
        ok = label in (fw.id, (fw.fork or "").lower())
        hits += ok
        rows.append(f"{'ok  ' if ok else 'MISS'} {case.name}: label={label} got={fw.id} fork={fw.fork} "
                    f"conf={fw.confidence:.2f}")
    rate = hits / len(CASES)
    with capsys.disabled():
        print(f"\ndevset framework detection: {hits}/{len(CASES)} = {rate:.0%}")
        for r in rows:
            print("  " + r)
    assert rate >= 0.85, rows
