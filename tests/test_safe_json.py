"""`safe_json.loads` is `json.loads` for text: the same values, and for broken text the same
JSONDecodeError (message, line, column), by the C scanner json uses, without importing json."""
from __future__ import annotations

import json
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oomdoc import safe_json


def _outcome(fn, text):
    try:
        value = fn(text)
    except json.JSONDecodeError as exc:
        return ("error", exc.msg, exc.pos, exc.lineno, exc.colno)
    except RecursionError:
        return "recursion"
    return ("value", json.dumps(value, sort_keys=True, default=repr), repr(value))


CASES = [
    "", " ", "0", "-0", "1.5e-3", "1E400", "-1e400", "NaN", "Infinity", "-Infinity", "nan", "true", "null",
    '"s"', '"\\u00e9\\n"', '"\\ud800"', '"tab\there"', '"bad \\x"', "[]", "{}", "[1, 2,]", '{"a": 1,}', '{"a" 1}',
    '{"a": 1} x', '{"a": 1}\n\n', '\n {"a": [1, {"b": null}]} \t', "\ufeff{}", "01", "[1] [2]", "{'a': 1}",
    '{"a": 1, "a": 2}', '{"zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"}}}',
    "[" * 50 + "]" * 50, "[" * 100000 + "]" * 100000, '"\x00"', " \x0c1", "1 \x0c",
]


@pytest.mark.parametrize("text", CASES)
def test_hand_picked_text_decodes_as_json_decodes_it(text):
    assert _outcome(safe_json.loads, text) == _outcome(json.loads, text)


docs = st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8)),
                    lambda kids: st.one_of(st.lists(kids, max_size=4), st.dictionaries(st.text(max_size=5), kids,
                                                                                       max_size=4)),
                    max_leaves=20)


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(docs, st.sampled_from([None, 0, 2]))
def test_generated_documents_decode_as_json_decodes_them(doc, indent):
    text = json.dumps(doc, indent=indent)
    assert _outcome(safe_json.loads, text) == _outcome(json.loads, text)


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.text(alphabet=st.sampled_from(list('{}[]:,"\\ \t\n\r0123456789.eE+-truefalsnNIfiy\ufeff')), max_size=24))
def test_generated_near_json_decodes_as_json_decodes_it(text):
    assert _outcome(safe_json.loads, text) == _outcome(json.loads, text)


def test_the_special_constants_are_json_s():
    got = safe_json.loads("[NaN, Infinity, -Infinity, 1.0, 1]")
    assert math.isnan(got[0]) and got[1:3] == [math.inf, -math.inf]
    assert type(got[3]) is float and type(got[4]) is int


def test_broken_and_too_deep_documents_fail_as_in_json_before_json_is_loaded():
    """The scanner reports an error inside a document through json.decoder: in a process
    that has not loaded json, the error must still be json's (not a SystemError)."""
    import subprocess
    import sys

    code = ("import sys\nfrom oomdoc import safe_json\nassert 'json' not in sys.modules\n"
            "for text in ['{\"a\" 1}', '[1, 2', '[' * 100000 + ']' * 100000, '{\"a\": [1, }']:\n"
            "    try:\n        safe_json.loads(text)\n    except Exception as exc:\n"
            "        print(type(exc).__name__, getattr(exc, 'msg', ''))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.splitlines() == ["JSONDecodeError Expecting ':' delimiter", "JSONDecodeError Expecting ',' delimiter",
                                       "RecursionError ", "JSONDecodeError Expecting value"]
