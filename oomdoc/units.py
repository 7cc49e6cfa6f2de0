"""Numbers and sizes as ML libraries print them, converted to bytes.

ML libraries print "GB" for 2**30 (Ray, DeepSpeed, verl, old vLLM), "MB" for
2**20 (Megatron, HF) and the kernel prints "kB" for 2**10, so every unit here is
binary. Callers that know a producer uses decimal units must say so.
"""
from __future__ import annotations

from . import re_cache

# Tolerant number: thousands separators, exponents, numpy reprs handled by callers.
NUMBER = r"[-+]?(?:\d[\d,]*(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?"
UNIT = r"(?:bytes|byte|B|KiB|MiB|GiB|TiB|PiB|KB|MB|GB|TB|kB|kb|mb|gb|K|M|G|T)"
SIZE = rf"(?P<num>{NUMBER})\s*(?P<unit>{UNIT})\b"
SIZE_RE = re_cache.lazy(SIZE)

_SCALE = {
    "b": 1, "byte": 1, "bytes": 1,
    "k": 2**10, "kb": 2**10, "kib": 2**10,
    "m": 2**20, "mb": 2**20, "mib": 2**20,
    "g": 2**30, "gb": 2**30, "gib": 2**30,
    "t": 2**40, "tb": 2**40, "tib": 2**40,
    "p": 2**50, "pib": 2**50,
}

# NVML's "not available" value rendered by PyTorch (2**64 bytes), and anything
# beyond any real device: treat as missing.
ABSURD_BYTES = 2**60


def number(text: str) -> float | None:
    """Parse a printed number: '1,024', '1.02e+3', '512.', 'np.float64(61.2)'."""
    t = text.strip().strip("'\"")
    if t.startswith(("np.float", "np.int", "numpy.float")) and t.endswith(")"):
        t = t[t.index("(") + 1 : -1]
    t = t.replace(",", "")
    if t.endswith("%"):
        t = t[:-1]
    try:
        return float(t)
    except ValueError:
        return None


def to_bytes(num: str | float, unit: str) -> int | None:
    """'1.43', 'GiB' -> 1535450398. None when the unit or number is unknown."""
    value = number(num) if isinstance(num, str) else float(num)
    scale = _SCALE.get(unit.strip().lower())
    if value is None or scale is None:
        return None
    result = int(round(value * scale))
    if abs(result) >= ABSURD_BYTES:
        return None
    return result


def size(text: str) -> int | None:
    """First 'number unit' in text, in bytes."""
    m = SIZE_RE.search(text)
    return to_bytes(m["num"], m["unit"]) if m else None


def gib(value: float) -> int:
    return int(round(value * 2**30))


def human(nbytes: int | float | None) -> str:
    """Bytes as people read them: '1.43 GiB'."""
    if nbytes is None:
        return "?"
    n = float(nbytes)
    sign = "-" if n < 0 else ""
    n = abs(n)
    for unit, scale in (("TiB", 2**40), ("GiB", 2**30), ("MiB", 2**20), ("KiB", 2**10)):
        if n >= scale:
            return f"{sign}{n / scale:.2f} {unit}"
    return f"{sign}{int(n)} bytes"
