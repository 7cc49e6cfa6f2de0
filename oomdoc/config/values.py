"""Turning config text into values without ever executing it.

`Entry` is one raw setting as a source wrote it; `coerce` turns text into a
typed value; `parse_kv` reads the `Name(key=value, ...)` reprs that Python
programs print (argparse `Namespace`, dataclasses, HF `TrainingArguments`,
vLLM's engine config line) with `literal_eval` (`pyliteral`: ast's) and nothing stronger.
"""
from __future__ import annotations

from ..records import dataclass

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: importing typing costs start-up time (issue 12)
    from typing import Any

# Precedence ranks, lowest first (see the package docstring).
DEFAULT, FILE, SCRIPT, DUMP, COMMAND = 0, 1, 2, 3, 4
RANK_NAMES = {DEFAULT: "default", FILE: "config file", SCRIPT: "launch script",
              DUMP: "printed config", COMMAND: "command line"}


@dataclass(slots=True)
class Entry:
    key: str            # dotted path in the writer's own vocabulary
    value: Any
    source: str         # "run.yaml:3", "log:120"
    rank: int
    ns: str = "main"    # which mapping reads it: main | deepspeed | accelerate | vllm | env | launcher
    style: str = ""     # how it was written: hydra | kv | flag | yaml | json | toml | env | dump
    removed: bool = False   # Hydra `~key`
    path: str | None = None  # file the entry came from (for edits)
    line: int | None = None


_WORDS = {"true": True, "false": False, "none": None, "null": None, "~": None}


def coerce(text: Any) -> Any:
    """'0.5' -> 0.5, 'True' -> True, "'x'" -> 'x', 'null' -> None; else the text."""
    if not isinstance(text, str):
        return text
    s = text.strip()
    if len(s) >= 2 and s[0] == s[-1] and s[0] in "'\"":
        return s[1:-1]
    low = s.lower()
    if low in _WORDS:
        return _WORDS[low]
    try:
        return int(s)
    except ValueError:
        pass
    try:
        if any(c.isdigit() for c in s):
            return float(s)
    except ValueError:
        pass
    if s[:1] in "[{(" and len(s) < 10000:
        try:
            from .pyliteral import literal_eval   # not ast's: start-up time (issue 12)
            return literal_eval(s)
        except (ValueError, SyntaxError, MemoryError, RecursionError):
            return s
    return s


def literal(text: str) -> Any:
    """A Python literal if the text is one, else `coerce`."""
    s = text.strip()
    if not s:
        return ""
    if len(s) < 100000 and (s[0] in "'\"[{(-" or s[0].isdigit() or s in ("True", "False", "None")):
        try:
            from .pyliteral import literal_eval   # not ast's: start-up time (issue 12)
            return literal_eval(s)
        except (ValueError, SyntaxError, MemoryError, RecursionError, TypeError):
            pass
    return coerce(s)


def to_type(value: Any, typ: str) -> tuple[Any, bool]:
    """Convert to a knob type; (value, ok)."""
    if value is None:
        return None, True
    try:
        if typ == "bool":
            if isinstance(value, bool):
                return value, True
            if isinstance(value, (int, float)):
                return bool(value), True
            low = str(value).strip().lower()
            if low in ("true", "1", "yes", "on"):
                return True, True
            if low in ("false", "0", "no", "off", ""):
                return False, True
            return value, False
        if typ == "int":
            if isinstance(value, bool):
                return int(value), True
            if isinstance(value, float) and value.is_integer():
                return int(value), True
            if isinstance(value, int):
                return value, True
            f = float(str(value).strip())
            return (int(f), True) if f.is_integer() else (value, False)
        if typ == "float":
            if isinstance(value, bool):
                return value, False
            return float(str(value).strip()) if not isinstance(value, (int, float)) else float(value), True
        if typ == "str":
            return value if isinstance(value, str) else str(value), True
    except (ValueError, TypeError, OverflowError):
        return value, False
    return value, True


def split_top(text: str, seps: str = ",") -> list[str]:
    """Split at separators outside brackets and quotes."""
    out, depth, quote, cur = [], 0, "", []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if quote:
            cur.append(c)
            if c == "\\" and i + 1 < n:
                cur.append(text[i + 1])
                i += 1
            elif c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
            cur.append(c)
        elif c in "([{":
            depth += 1
            cur.append(c)
        elif c in ")]}":
            depth -= 1
            cur.append(c)
        elif c in seps and depth <= 0:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(c)
        i += 1
    if cur:
        out.append("".join(cur))
    return out


def bracket_depth(text: str, depth: int = 0) -> int:
    """The bracket depth after `text`, starting at `depth`, counting brackets outside quotes."""
    quote, i, n = "", 0, len(text)
    while i < n:
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "'\"":
            quote = c
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        i += 1
    return depth


def parse_kv(body: str) -> dict[str, Any]:
    """`a=1, b='x', c=namespace(d=2)` -> {'a': 1, 'b': 'x', 'c': {'d': 2}}."""
    out: dict[str, Any] = {}
    for piece in split_top(body, ",\n"):
        key, eq, val = piece.partition("=")
        key = key.strip()
        if not eq or not key.replace(".", "").replace("_", "").isalnum():
            continue
        val = val.strip()
        head = val.split("(", 1)[0]
        if head and val.endswith(")") and head.replace("_", "").isalnum() and head[0].isalpha() \
                and head not in ("dict", "set", "tuple", "frozenset"):
            inner = val[len(head) + 1:-1]
            if "=" in inner:
                out[key] = parse_kv(inner)
                continue
        out[key] = literal(val)
    return out


def flatten(obj: Any, prefix: str = "") -> list[tuple[str, Any]]:
    """Nested dicts -> [(dotted.key, leaf value)]; lists stay leaves."""
    if isinstance(obj, dict) and obj:
        out = []
        for k, v in obj.items():
            out.extend(flatten(v, f"{prefix}.{k}" if prefix else str(k)))
        return out
    return [(prefix, obj)] if prefix else []
