"""Bounded JSON loading for text written by strangers (`--config` files, dumps in logs).

The stdlib decoder recurses, so 10 000 `[` end in a RecursionError; here that, and
nesting deeper than MAX_DEPTH, raise `LimitError` (a ValueError) with one readable
sentence. Apart from `safe_yaml` (which shares the limit and the error), so that a JSON
config does not import PyYAML and `typing` (~9 ms of a short run, issue 12).
"""
from __future__ import annotations

MAX_DEPTH = 100


class LimitError(ValueError):
    """Input within the format but beyond what oomdoc agrees to expand."""


def load_json(text: str):
    """`json.loads` with a depth limit; raises ValueError (incl. LimitError)."""
    import json

    try:
        obj = json.loads(text)
    except RecursionError:
        raise LimitError("nested too deeply to read") from None
    if nesting_depth(obj) > MAX_DEPTH:
        raise LimitError(f"nested deeper than {MAX_DEPTH} levels")
    return obj


def nesting_depth(obj) -> int:
    """How deep dicts and lists nest in `obj` (counting stops past MAX_DEPTH)."""
    deepest = 0
    stack = [(obj, 1)]
    while stack:
        o, d = stack.pop()
        if isinstance(o, dict):
            deepest = max(deepest, d)
            stack.extend((v, d + 1) for v in o.values())
        elif isinstance(o, list):
            deepest = max(deepest, d)
            stack.extend((v, d + 1) for v in o)
        if deepest > MAX_DEPTH:
            break
    return deepest
