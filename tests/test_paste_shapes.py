"""The same log pasted in the shapes people paste it gives the same diagnosis.

Issue reports quote logs as indented code blocks, Markdown `> ` quotes, with
Windows line ends, behind a timestamp a log shipper added, `srun --label` task
ids, Kubernetes' container-log prefix or docker compose's service column. None of these may
change the cause oomdoc names (a whole-paste indent or quote is stripped; CRLF
and timestamps are ordinary prefixes).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import _paste_indent

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
# one case per cause family, different frameworks
CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "expected.yaml").is_file())[::9]


def _shapes(text: str) -> dict[str, str]:
    lines = text.split("\n")
    return {
        "indented": "\n".join("    " + ln for ln in lines),
        "quoted": "\n".join("> " + ln for ln in lines),
        "crlf": text.replace("\n", "\r\n"),
        "timestamped": "\n".join(f"2025-01-01T12:00:{i % 60:02d}Z " + ln for i, ln in enumerate(lines)),
        "srun --label": "\n".join("0: " + ln for ln in lines),
        "kubectl logs (CRI)": "\n".join(f"2025-01-01T12:00:{i % 60:02d}.123456789Z stderr F " + ln
                                         for i, ln in enumerate(lines)),
        "docker compose": "\n".join("trainer-1  | " + ln for ln in lines),
    }


@pytest.fixture(scope="module")
def rules():
    from oomdoc.rules_engine.loader import load_rules

    return load_rules(()).rules


@pytest.mark.parametrize("case", CASES)
def test_pasted_shapes_keep_the_cause(case, rules):
    d = CORPUS / case
    configs = [str(p) for p in sorted(d.iterdir())
               if p.suffix in (".yaml", ".json", ".sh", ".toml") and p.name != "expected.yaml"]
    text = (d / "train.log").read_text(encoding="utf-8")
    base = explain(text.encode(), config_paths=configs, rules=rules, similar=False)
    want = base.diagnoses[0].cause if base.diagnoses else None
    for shape, pasted in _shapes(text).items():
        rep = explain(pasted.encode(), config_paths=configs, rules=rules, similar=False)
        got = rep.diagnoses[0].cause if rep.diagnoses else None
        assert got == want, f"{case} {shape}: {got} != {want}"


def test_paste_prefix_detection():
    body = [b"    line %d" % i for i in range(30)]
    assert _paste_indent(body) == "    "
    assert _paste_indent([b"> x"] * 25) == "> "
    # a real log: tracebacks and headers start at column 0
    assert _paste_indent([b"Traceback (most recent call last):"] + [b"  File x"] * 30) == ""
    assert _paste_indent(body[:5]) == ""          # too few lines to tell
