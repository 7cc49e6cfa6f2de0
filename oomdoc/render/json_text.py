"""The text `json.dumps(obj, indent=N, ensure_ascii=False, default=str)` writes, byte for byte,
without importing `json`.

`import json` imports `re` (and with it `enum` and re's parser and compiler): ~3 ms
of a short `oomdoc explain --format json`, whose oomdoc code never needs `re` (issue
12). With an indent, `json` encodes in Python anyway (its C encoder is for compact
output only); this writer takes 0.8 ms where it took 1.1 on a 48 KB report. Strings go
through the same C function (`_json.encode_basestring`); where that module is missing,
`json` itself is used.
Tested against `json.dumps` on every corpus report and on odd values (tests/test_json_text.py).
"""
from __future__ import annotations

try:
    from _json import encode_basestring as _string
except ImportError:      # not CPython: json's own encoder, whatever it costs
    _string = None

_INF = float("inf")


def dumps(obj, indent: int = 2) -> str:
    """`json.dumps(obj, indent=indent, ensure_ascii=False, default=str)`."""
    if _string is None:
        import json

        return json.dumps(obj, indent=indent, ensure_ascii=False, default=str)
    out: list[str] = []
    _write(obj, out, "\n", " " * indent, set())
    return "".join(out)


def _float(x: float) -> str:
    if x != x:
        return "NaN"
    if x == _INF:
        return "Infinity"
    if x == -_INF:
        return "-Infinity"
    return float.__repr__(x)


def _scalar(x) -> str | None:
    """The text of a str, None, bool, int or float (json's checks, in json's order), else None."""
    if isinstance(x, str):
        return _string(x)
    if x is None:
        return "null"
    if x is True:
        return "true"
    if x is False:
        return "false"
    if isinstance(x, int):
        return int.__repr__(x)
    if isinstance(x, float):
        return _float(x)
    return None


def _key(k) -> str:
    """A key's text: a str as it is, a scalar as its JSON text (json's coercion of keys)."""
    if isinstance(k, str):
        return k
    text = _scalar(k)
    if text is None:
        raise TypeError(f"keys must be str, int, float, bool or None, not {k.__class__.__name__}")
    return text


def _write(x, out: list[str], nl: str, step: str, seen: set) -> None:
    """Append `x`'s text; `nl` is the newline and indent of the level `x` is at."""
    text = _scalar(x)
    if text is not None:
        out.append(text)
        return
    if isinstance(x, (list, tuple)):
        if not x:
            out.append("[]")
            return
        _enter(x, seen)
        inner = nl + step
        out.append("[" + inner)
        first = True
        for item in x:
            if not first:
                out.append("," + inner)
            first = False
            _write(item, out, inner, step, seen)
        out.append(nl + "]")
        seen.discard(id(x))
        return
    if isinstance(x, dict):
        if not x:
            out.append("{}")
            return
        _enter(x, seen)
        inner = nl + step
        out.append("{" + inner)
        first = True
        for k, v in x.items():
            key = _key(k)
            if not first:
                out.append("," + inner)
            first = False
            out.append(_string(key) + ": ")
            _write(v, out, inner, step, seen)
        out.append(nl + "}")
        seen.discard(id(x))
        return
    _enter(x, seen)               # default=str: the object's str, as a JSON string
    _write(str(x), out, nl, step, seen)
    seen.discard(id(x))


def _enter(x, seen: set) -> None:
    if id(x) in seen:
        raise ValueError("Circular reference detected")
    seen.add(id(x))
