"""`render.json_text.dumps` writes exactly what `json.dumps(..., indent, ensure_ascii=False,
default=str)` writes: on real reports and on the values json treats specially."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from oomdoc.render import json_text

ROOT = Path(__file__).resolve().parent.parent


def _json(obj, indent=2) -> str:
    return json.dumps(obj, indent=indent, ensure_ascii=False, default=str)


class Shown:
    def __str__(self) -> str:
        return "shown\n\"quoted\""


ODD = {
    "floats": [0.0, -0.0, 1e-300, 1e300, 3.14159, float("nan"), math.inf, -math.inf, 1 / 3],
    "ints": [0, -1, 2**70, -(2**70), True, False],
    "text": ["", "plain", "é ü 中文 😀", "ctrl \x00\x01\x1f \t\n\r\"\\/", "\ud800 lone surrogate", "\u2028\u2029"],
    "empty": [[], {}, (), [[]], {"a": {}}],
    "tuple": (1, "two", (3, [4])),
    "keys": {1: "int", 2.5: "float", True: "true", False: "false", None: "null", "s": "str", -0.0: "negzero"},
    "other": [Shown(), Path("/tmp/x.log"), {3, 4} and frozenset({5}), b"bytes", complex(1, 2)],
    "nested": {"a": [{"b": [1, {"c": None}]}, []], "d": ""},
    "nan_key": {float("nan"): 1, math.inf: 2},
}


@pytest.mark.parametrize("indent", [0, 1, 2, 4])
def test_odd_values_are_written_as_json_writes_them(indent):
    assert json_text.dumps(ODD, indent=indent) == _json(ODD, indent)


@pytest.mark.parametrize("value", [None, True, False, 0, 1.5, float("nan"), "top", [], {}, Shown(), (1,)])
def test_a_bare_value_is_written_as_json_writes_it(value):
    assert json_text.dumps(value) == _json(value)


def test_bad_keys_and_cycles_fail_as_in_json():
    with pytest.raises(TypeError) as ours:
        json_text.dumps({"ok": 1, (1, 2): 3})
    with pytest.raises(TypeError) as theirs:
        _json({"ok": 1, (1, 2): 3})
    assert str(ours.value) == str(theirs.value)
    loop: list = [1]
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference detected"):
        json_text.dumps(loop)
    d: dict = {}
    d["self"] = [d]
    with pytest.raises(ValueError, match="Circular reference detected"):
        json_text.dumps(d)


def test_a_shared_but_acyclic_value_is_no_cycle():
    shared = {"x": [1, 2]}
    doc = {"a": shared, "b": [shared, shared]}
    assert json_text.dumps(doc) == _json(doc)


def test_real_reports_are_written_as_json_writes_them():
    """Every corpus case's `explain --format json` document (the CLI's, `dump_json`)."""
    from oomdoc.diagnose import explain_incidents
    from oomdoc.render.explain_json import render

    cases = sorted(p for p in (ROOT / "corpus").iterdir() if (p / "train.log").is_file())
    assert len(cases) > 50
    for case in cases:
        reports = explain_incidents(str(case / "train.log"))
        doc = render(reports[0])
        doc["more_incidents"] = [render(r) for r in reports[1:]]
        assert json_text.dumps(doc) == _json(doc), case.name
