"""`re.compile` whose work survives the process (start-up time, issue 12).

Python compiles a pattern in Python code (parse, then emit the engine's code),
and a short `oomdoc explain` compiles ~100 of them: a sixth of its run. The
engine's code for each pattern is kept in the user cache (one marshal file per
Python build, `datafiles.read_cache`: several times faster to read than JSON,
which a warm run then need not import; each entry stays packed bytes until a
run asks for it, `datafiles.unpack`), and the next process hands it straight
to the engine.

Safe by construction: a code is stored only when the pattern built from it
compares equal to `re.compile`'s own (CPython compares the flags, the pattern
and the code); any surprise in the interpreter's internals means a plain
`re.compile`. A cache that cannot be read or written is only a slower run.

A warm run never imports `re` itself (with `enum`, its parser and compiler: ~3 ms,
issue 12): the engine (`_sre`) is built in, `escape` and the flags are here, and
what is derived from patterns (by `re`'s parser, or the parsers' key tables) is
cached too (`derived`).
"""
from __future__ import annotations

import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only
    import re

# re's flag values (re._constants SRE_FLAG_*; unchanged since Python 2), as plain ints
IGNORECASE = I = 2
MULTILINE = M = 8
DOTALL = S = 16
VERBOSE = X = 64
ASCII = A = 256

MAX_ENTRIES = 2000     # beyond this the file starts over (patterns built from user input)
# ... and beyond this many bytes: the derived tables are keyed by the code's mtime, so every
# upgrade (or edit of a checkout) leaves the old ones behind; a file grown to 6 MB cost every
# run ~5 ms to read (issue 12). It then keeps what the run that found it too big used.
MAX_BYTES = 1 << 20

_loaded: dict | None = None
_new: dict = {}
_used: set = set()     # entries this process read: what a file that starts over keeps
_oversized: list = []  # set when the file read was over MAX_BYTES: rewritten at exit
_made: dict = {}       # (pattern, flags) -> the pattern made in this process, as re keeps them
MAX_MADE = 512


def compile(pattern, flags: int = 0) -> re.Pattern:   # noqa: A001 - the name of what it stands for
    """`re.compile(pattern, flags)`, from the engine code cached by an earlier run when there is one."""
    return _compiled(pattern, flags)


def _compiled(pattern, flags: int) -> re.Pattern:
    try:
        return _made[type(pattern), pattern, flags]
    except KeyError:
        pass
    except TypeError:       # an unhashable argument: re.compile says what is wrong
        return _cached(pattern, flags)
    got = _cached(pattern, flags)
    if len(_made) >= MAX_MADE:
        _made.clear()
    _made[type(pattern), pattern, flags] = got
    return got


class LazyPattern:
    """A compiled regex, compiled (through the cache) on first use.

    oomdoc declares a few hundred patterns at module level; a log needs a few of
    them, so compiling at import was much of a short `oomdoc explain` (issue 12).
    `compiled()` is the pattern itself (to compare with a match's `re`).
    """

    # The pattern's methods are bound here once it is compiled: later calls find them
    # at once instead of going through __getattr__ (hundreds per log, issue 12).
    _BOUND = ("search", "match", "fullmatch", "finditer", "findall", "sub", "split")
    __slots__ = ("_args", "_rx", *_BOUND)

    def __init__(self, pattern, flags: int = 0):
        self._args = (pattern, flags)
        self._rx = None

    def compiled(self) -> re.Pattern:
        if self._rx is None:
            rx = self._rx = _compiled(*self._args)
            for name in self._BOUND:
                setattr(self, name, getattr(rx, name))
        return self._rx

    def __getattr__(self, name):
        return getattr(self.compiled(), name)


def lazy(pattern, flags: int = 0) -> LazyPattern:
    """`compile(pattern, flags)`, done when the pattern is first used."""
    return LazyPattern(pattern, flags)


def _cached(pattern, flags: int) -> re.Pattern:
    key = _key(pattern, int(flags))
    hit = _get(key)
    if hit is not None:
        try:
            flags_, code, groups, groupindex, indexgroup = hit
            return _engine().compile(pattern, flags_, _unpack(code), groups, groupindex, indexgroup)
        except Exception:         # a cache from another build of the engine: compile afresh
            pass
    import re

    compiled = re.compile(pattern, flags)
    args = _engine_args(pattern, int(flags))
    if args is not None and _same(pattern, args, compiled):
        _put(key, (args[0], _pack(args[1]), *args[2:]))
    return compiled


def _get(entry: str):
    """The value stored under `entry` (unpacked now: the file keeps each entry packed,
    so reading it costs little however many patterns it holds), or None."""
    blob = _store().get(entry)
    if blob is None:
        return None
    _used.add(entry)
    from .datafiles import unpack

    return unpack(blob)


def _put(entry: str, value) -> None:
    """Store `value` under `entry`; the file is written when the process exits (`save`)."""
    from .datafiles import pack

    blob = pack(value)
    if blob is None:
        return
    if not _new and not _oversized:
        import atexit

        atexit.register(save)
    _new[entry] = blob


# what re.escape backslashes (Python >= 3.7)
_SPECIAL = {i: "\\" + chr(i) for i in b"()[]{}?*+-|^$\\.&~# \t\n\r\v\f"}


def escape(pattern):
    """`re.escape(pattern)`, without importing `re`."""
    if isinstance(pattern, str):
        return pattern.translate(_SPECIAL)
    return str(pattern, "latin1").translate(_SPECIAL).encode("latin1")


def search(pattern, string, flags: int = 0):
    """`re.search(pattern, string, flags)` through the cache."""
    return _compiled(pattern, flags).search(string)


def derived(kind: str, text: str, build):
    """`build()` -- plain data (marshal's types) derived from patterns or literals, e.g. by
    `re`'s parser -- kept in the cache file (per Python build, as the parser is) under
    (kind, text): a warm run need not build it again. `kind` names the builder and its
    version, and `kind` and `text` together must name everything the data depends on."""
    entry = f"d{kind}:{text}"
    hit = _get(entry)
    if type(hit) is tuple and len(hit) == 1:
        return hit[0]
    value = build()
    _put(entry, (value,))
    return value


def _pack(code: list[int]):
    """The engine's code as bytes, one C unsigned int per opcode (unpacked in one call,
    `_unpack`), or the list itself where the engine's code unit is not that."""
    from array import array

    try:
        import _sre

        if _sre.CODESIZE == array("I").itemsize:
            return array("I", code).tobytes()
    except (ImportError, AttributeError, OverflowError, TypeError):
        pass
    return list(code)


def _unpack(code) -> list[int]:
    return memoryview(code).cast("I").tolist() if isinstance(code, bytes) else code


def compile_built(key: str, build, flags: int = 0) -> re.Pattern:
    """`compile(build(), flags)`, where building the pattern text costs time too (a trie of
    many words): the text is cached under `key`, which must name everything the text
    depends on (the words and the builder's version)."""
    entry = "t" + key
    text = _get(entry)
    if not isinstance(text, str):
        text = build()
        if not isinstance(text, str):
            return _cached(text, flags)
        _put(entry, text)
    return _cached(text, flags)


def _key(pattern, flags: int) -> str:
    """The entry for (pattern, flags): bytes patterns marked and kept byte for byte."""
    if isinstance(pattern, bytes):
        return f"b{flags}:{pattern.decode('latin-1')}"
    return f"s{flags}:{pattern}"


def _same(pattern, args: tuple, compiled: re.Pattern) -> bool:
    try:
        return _engine().compile(pattern, *args) == compiled
    except Exception:
        return False


def _engine():
    import _sre

    return _sre


def _engine_args(pattern, flags: int) -> tuple | None:
    """What `re._compiler.compile` hands the engine (3.10-3.13), else None."""
    try:
        if sys.version_info >= (3, 11):
            from re import _compiler, _parser
        else:
            import sre_compile as _compiler
            import sre_parse as _parser
        p = _parser.parse(pattern, flags)
        code = _compiler._code(p, flags)
        groupindex = dict(p.state.groupdict)
        indexgroup = [None] * p.state.groups
        for k, i in groupindex.items():
            indexgroup[i] = k
        return (int(flags | p.state.flags), [int(c) for c in code], p.state.groups - 1, groupindex,
                tuple(indexgroup))   # plain ints: the opcodes are an int subclass
    except Exception:
        return None


def _tag() -> str:
    import _sre

    return f"{sys.implementation.cache_tag}-{sys.hexversion:x}-{_sre.MAGIC}"


FORMAT = 2      # the file's key: a file of another format is not read (then replaced)


def _file_key() -> str:
    return f"{FORMAT}:{_tag()}"


def cache_file() -> str:
    from .datafiles import cache_dir

    return os.path.join(cache_dir(), f"regex-{_tag()}.marshal")


def _read(path: str) -> dict:
    from .datafiles import read_cache

    got = read_cache(path, _file_key())
    return got if isinstance(got, dict) else {}


def _store() -> dict:
    global _loaded
    if _loaded is None:
        _loaded = {} if os.environ.get("OOMDOC_NO_REGEX_CACHE") else _read(cache_file())
        if _size(_loaded) > MAX_BYTES and not _oversized:
            _oversized.append(True)
            if not _new:
                import atexit

                atexit.register(save)
    return _loaded


def _size(entries: dict) -> int:
    return sum(len(k) + len(v) for k, v in entries.items() if isinstance(v, (bytes, str)))


def save() -> None:
    """Write the codes this process added (merged with the file's current ones), atomically;
    a file grown past MAX_ENTRIES or MAX_BYTES starts over with what this process used."""
    if not _new and not _oversized:
        return
    path = cache_file()
    merged = _read(path)
    merged.update(_new)
    if len(merged) > MAX_ENTRIES or _size(merged) > MAX_BYTES:
        merged = {k: v for k, v in merged.items() if k in _used or k in _new}
    from .datafiles import cache_bytes

    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        data = cache_bytes(_file_key(), merged)     # str keys keep lone surrogates (marshal: surrogatepass)
        if data is None:
            return
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except (OSError, ValueError):
        try:
            os.unlink(tmp)
        except OSError:
            pass
        return
    _store().update(_new)
    _new.clear()
    _oversized.clear()
