"""`config.pyliteral.literal_eval` gives what `ast.literal_eval` gives, and refuses what it
refuses with the same exception type: on hand-picked text, generated values' reprs and
generated near-literals."""
from __future__ import annotations

import ast
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oomdoc.config.pyliteral import literal_eval

ERRORS = (ValueError, SyntaxError, TypeError, MemoryError, RecursionError)
pytestmark = pytest.mark.filterwarnings("ignore::SyntaxWarning")   # compile() warns on `1j+1x` alike for both


def _outcome(fn, text):
    try:
        value = fn(text)
    except ERRORS as exc:
        return type(exc)
    return ("value", repr(value), type(value))


CASES = [
    "1", "-1", "+1", "--1", "1.5e-3", "-inf", "1+2j", "-1-2j", "1j+1", "(1+2j)", "0x1f", "1_000", "True", "None",
    "...", "'s'", "b'x'", "r'\\d'", "'a' 'b'", "f'x'", "[1, 2, [3]]", "(1,)", "()", "{}", "{1, 2}", "set()", "set([])",
    "{'a': 1, 'b': [1, {'c': None}]}", "{**{'a': 1}}", "{[1]: 2}", "{{1}}", "[1, x]", "x", "1 + 1", "2 * 3",
    "(1, 2) + (3,)", "-'a'", "not True", "lambda: 0", "__import__('os')", "  \t 1", "\n1", "1\n", "[1,\n 2]",
    "{'actor_rollout_ref': {'actor': {'ppo_micro_batch_size_per_gpu': 8, 'strategy': 'fsdp'}}, 'lr': 1e-06}",
    "Namespace(a=1)", "[", "'unterminated", "1 if 1 else 2", "[i for i in ()]", "{'a': 1, 'a': 2}", "-(1)", "+-1",
    "1e400", "-1e400", "[" * 50 + "]" * 50, "(" * 2000 + ")" * 2000, "\x00", "'\\x00'", "'é'",
]


@pytest.mark.parametrize("text", CASES)
def test_hand_picked_text_reads_as_ast_reads_it(text):
    assert _outcome(literal_eval, text) == _outcome(ast.literal_eval, text)


values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8),
              st.binary(max_size=4), st.complex_numbers(allow_nan=False, allow_infinity=False)),
    lambda kids: st.one_of(st.lists(kids, max_size=4), st.tuples(kids, kids),
                           st.dictionaries(st.one_of(st.integers(), st.text(max_size=5)), kids, max_size=4),
                           st.frozensets(st.integers(), max_size=3).map(set)),
    max_leaves=20)


@settings(max_examples=1500, deadline=None, derandomize=True)
@given(values)
def test_generated_values_read_back_as_ast_reads_them(value):
    text = repr(value)
    assert _outcome(literal_eval, text) == _outcome(ast.literal_eval, text)


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.text(alphabet=st.sampled_from(list("0123456789.ej+-*/ ()[]{}:,'\"xTruNoneFalsb\\\n")), max_size=24))
def test_generated_near_literals_read_as_ast_reads_them(text):
    assert _outcome(literal_eval, text) == _outcome(ast.literal_eval, text)


def test_the_same_types_and_special_floats():
    got = literal_eval("[1e400, -1e400, (1, [2]), {3}]")
    assert got[0] == math.inf and got[1] == -math.inf
    assert type(got[2]) is tuple and type(got[2][1]) is list and type(got[3]) is set
