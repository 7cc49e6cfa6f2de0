"""`ast.literal_eval`, the same algorithm on the built-in `_ast` node classes, without
importing `ast`.

The `ast` module (and the `enum` it imports) costs ~3.5 ms of a short `oomdoc explain`,
paid by every log that prints its config as a Python dict (verl's pprint dump, reprs,
vLLM's engine line; most logs) for one function (issue 12). This is CPython's own
`literal_eval` over `compile(..., PyCF_ONLY_AST)`: the same values, and the same
exception types (ValueError, SyntaxError, TypeError, MemoryError, RecursionError) on
what it refuses; only the messages' node reprs may read differently. Tested against
`ast.literal_eval` (tests/test_pyliteral.py).
"""
from __future__ import annotations

from _ast import (PyCF_ONLY_AST, Add, BinOp, Call, Constant, Dict, Expression, List, Name, Set, Sub, Tuple,
                  UAdd, UnaryOp, USub)


def literal_eval(text: str):
    """The value of a Python literal (strings, bytes, numbers, tuples, lists, dicts, sets,
    booleans, None, Ellipsis), as `ast.literal_eval(text)` gives it."""
    node = compile(text.lstrip(" \t"), "<unknown>", "eval", PyCF_ONLY_AST)
    if isinstance(node, Expression):
        node = node.body
    return _convert(node)


def _malformed(node):
    msg = "malformed node or string"
    lno = getattr(node, "lineno", None)
    if lno:
        msg += f" on line {lno}"
    raise ValueError(msg + f": {node!r}")


def _num(node):
    if not isinstance(node, Constant) or type(node.value) not in (int, float, complex):
        _malformed(node)
    return node.value


def _signed_num(node):
    if isinstance(node, UnaryOp) and isinstance(node.op, (UAdd, USub)):
        operand = _num(node.operand)
        return +operand if isinstance(node.op, UAdd) else -operand
    return _num(node)


def _convert(node):
    if isinstance(node, Constant):
        return node.value
    if isinstance(node, Tuple):
        return tuple(map(_convert, node.elts))
    if isinstance(node, List):
        return list(map(_convert, node.elts))
    if isinstance(node, Set):
        return set(map(_convert, node.elts))
    if isinstance(node, Call) and isinstance(node.func, Name) and node.func.id == "set" \
            and node.args == node.keywords == []:
        return set()
    if isinstance(node, Dict):
        if len(node.keys) != len(node.values):
            _malformed(node)
        return dict(zip(map(_convert, node.keys), map(_convert, node.values)))
    if isinstance(node, BinOp) and isinstance(node.op, (Add, Sub)):
        left = _signed_num(node.left)
        right = _num(node.right)
        if isinstance(left, (int, float)) and isinstance(right, complex):
            return left + right if isinstance(node.op, Add) else left - right
    return _signed_num(node)
