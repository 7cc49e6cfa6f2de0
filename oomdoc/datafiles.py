"""Where the package's data lives: `rules/` and `corpus/`.

In a checkout they are the top-level directories; an installed wheel carries
copies under `oomdoc/_data/` (pyproject.toml force-include). Every layer may
ask, so this module imports nothing of oomdoc. Paths are plain strings on the
start-up path (importing pathlib costs ~3 ms, issue 12); `PKG_DIR`, `CHECKOUT`
and `data_dir` give `Path`s to everyone else.
"""
from __future__ import annotations

import os

PKG_PATH = os.path.dirname(os.path.realpath(__file__))    # oomdoc/
CHECKOUT_PATH = os.path.dirname(PKG_PATH)                # repo root in a checkout


def __getattr__(name: str):
    if name in ("PKG_DIR", "CHECKOUT"):
        from pathlib import Path

        return Path(PKG_PATH if name == "PKG_DIR" else CHECKOUT_PATH)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def data_path(name: str) -> str | None:
    """`rules` or `corpus`: the checkout's top-level dir, else the wheel's copy."""
    top = os.path.join(CHECKOUT_PATH, name)
    for cand in (top, os.path.join(PKG_PATH, "_data", name)):
        if os.path.isdir(cand) and (cand != top or os.path.isfile(os.path.join(CHECKOUT_PATH, "pyproject.toml"))):
            return cand
    return None


def data_dir(name: str):
    """`data_path` as a `Path` (or None)."""
    from pathlib import Path

    found = data_path(name)
    return None if found is None else Path(found)


def checksum(raw: bytes) -> str:
    """16 hex digits naming a cache file after its key (the full key is stored inside and
    compared, so two keys that share a name only miss). Plain integer arithmetic: no
    hashing module to load at start-up (zlib costs ~0.3 ms, hashlib ~4 ms; issue 12)."""
    return f"{int.from_bytes(raw, 'little') % 0xFFFFFFFFFFFFFFC5:016x}"   # the largest 64-bit prime


def cache_dir() -> str:
    """The user's cache directory for oomdoc (OOMDOC_CACHE_DIR, else XDG's, else ~/.cache/oomdoc)."""
    return os.environ.get("OOMDOC_CACHE_DIR") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "oomdoc")


def write_cache(path, doc) -> None:
    """Write a cache file (a str or a Path; JSON for a dict, bytes as given, nothing for None)
    atomically (a concurrent reader sees the old or the new file, never half of one); a cache
    that cannot be written is only a slower next run."""
    if doc is None:
        return
    if not isinstance(doc, bytes):
        import json

        doc = json.dumps(doc).encode("utf-8")
    path = os.fspath(path)
    try:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        tmp = f"{os.path.splitext(path)[0]}.{os.getpid()}.tmp"
        with open(tmp, "wb") as fh:
            fh.write(doc)
        os.replace(tmp, path)
    except OSError:
        pass


# Caches are `marshal` files: marshal is built into the interpreter (nothing to import)
# and reads plain data several times faster than JSON (issue 12). It is confined to
# the functions below, which read and write only plain data (no code object is ever
# written, and nothing read is run); the files live in the user's own cache dir, as
# trusted as the interpreter's own marshal files in __pycache__.

def cache_bytes(key, payload) -> bytes | None:
    """A cache file's bytes: `payload` (plain data) under `key`; None when marshal cannot
    write the data (then no cache is written: `write_cache(path, None)` does nothing)."""
    return pack((key, payload))


def read_cache(path: str, key):
    """The payload a cache file holds under `key`; None when the file is missing, unreadable,
    damaged, of another format or written for another key."""
    try:
        with open(path, "rb") as fh:
            got = unpack(fh.read())
    except OSError:
        return None
    if type(got) is tuple and len(got) == 2 and got[0] == key:
        return got[1]
    return None


def pack(value) -> bytes | None:
    """Plain data as bytes for an entry of a cache file (`unpack` reads it back only
    when a run asks for that entry); None for what marshal cannot write."""
    import marshal

    try:
        return marshal.dumps(value)
    except ValueError:
        return None


def unpack(blob, default=None):
    """What `pack` packed, or `default` for anything else (damaged, not bytes)."""
    import marshal

    if type(blob) is not bytes:
        return default
    try:
        return marshal.loads(blob)
    except (ValueError, EOFError, TypeError):
        return default
