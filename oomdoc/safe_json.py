"""Bounded JSON loading for text written by strangers (`--config` files, dumps in logs).

The stdlib decoder recurses, so 10 000 `[` end in a RecursionError; here that, and
nesting deeper than MAX_DEPTH, raise `LimitError` (a ValueError) with one readable
sentence. Apart from `safe_yaml` (which shares the limit and the error), so that a JSON
config does not import PyYAML and `typing` (~9 ms of a short run, issue 12); and text is
decoded by the C scanner `json` itself uses, so `json` (which imports `re` and `enum`,
~5 ms) is imported only for broken JSON, which `json.loads` then reads again to raise its
own error (the scanner reports errors inside a document through `json.decoder`).
"""
from __future__ import annotations

MAX_DEPTH = 100


class LimitError(ValueError):
    """Input within the format but beyond what oomdoc agrees to expand."""


def load_json(text: str):
    """`json.loads` with a depth limit; raises ValueError (incl. LimitError)."""
    try:
        obj = loads(text)
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


def loads(text: str):
    """`json.loads(text)` for a str: the same value, or the same JSONDecodeError."""
    scan = _scanner()
    if scan is None:
        import json

        return json.loads(text)
    if text.startswith("\ufeff"):
        _fail("Unexpected UTF-8 BOM (decode using utf-8-sig)", text, 0)
    try:
        obj, end = scan(text, _blank_end(text, 0))
    except StopIteration as err:
        _fail("Expecting value", text, err.value)
    except Exception:    # noqa: BLE001 - broken inside: the scanner reports that through json.decoder,
        import json      # which it expects loaded (else a SystemError); json.loads raises json's own error

        return json.loads(text)
    end = _blank_end(text, end)
    if end != len(text):
        _fail("Extra data", text, end)
    return obj


class _Decoding:
    """What the C scanner reads from `json.JSONDecoder()` with its defaults."""
    strict = True
    object_hook = None
    object_pairs_hook = None
    parse_float = float
    parse_int = int
    parse_constant = {"-Infinity": float("-inf"), "Infinity": float("inf"), "NaN": float("nan")}.__getitem__


_SCAN: list = []


def _scanner():
    """The C scanner (`_json.make_scanner`), made once; None where `_json` is missing."""
    if not _SCAN:
        try:
            from _json import make_scanner
            _SCAN.append(make_scanner(_Decoding()))
        except ImportError:
            _SCAN.append(None)
    return _SCAN[0]


def _blank_end(text: str, i: int) -> int:
    """Past the JSON whitespace (space, tab, newline, carriage return: json's WHITESPACE) from `i`."""
    n = len(text)
    while i < n and text[i] in " \t\n\r":
        i += 1
    return i


def _fail(msg: str, text: str, pos: int):
    from json import JSONDecodeError    # only for broken input: the error json.loads raises

    raise JSONDecodeError(msg, text, pos) from None
