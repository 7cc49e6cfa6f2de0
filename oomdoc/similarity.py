"""The closest known corpus cases, for logs no rule is confident about.

A log's *signature* is its failure lines with the volatile parts masked
(numbers, hex ids, paths, pids, timestamps), prefixed by the event kinds; the
corpus cases' signatures are compared with rapidfuzz, offline. Corpus
signatures are cached beside the rule cache, keyed by the case files' mtimes.

A warm run reads them with one stat per case file and one marshal file: no
pathlib, json or zlib (start-up time, issue 12); those serve only a cold cache
(the shipped index, a case read afresh) and `python -m oomdoc.similarity`.
"""
from __future__ import annotations

import os

from . import __version__, re_cache
from .rules_engine.vocab import OOM_KINDS, SYMPTOM_KINDS

_MASKS = [
    (re_cache.lazy(r"(?:/[\w.@+-]+)+"), "/P"),
    (re_cache.lazy(r"\b0x[0-9a-fA-F]+\b|\b[0-9a-f]{16,}\b"), "H"),
    (re_cache.lazy(r"\d+(?:[.,:]\d+)*"), "N"),
    (re_cache.lazy(r"\s+"), " "),
]
_ERRORISH = re_cache.lazy(r"error|exception|killed|out of memory|oom|fail", re_cache.I)


def mask(text: str) -> str:
    for rx, rep in _MASKS:
        text = rx.sub(rep, text)
    return text.strip()


def signature(analysis) -> str:
    parts = []
    for ev in analysis.events:
        if ev.kind in OOM_KINDS or ev.kind in SYMPTOM_KINDS or ev.kind == "crash":
            first = ev.text.strip().splitlines()[0] if ev.text.strip() else ""
            parts.append(f"{ev.kind} {mask(first)[:300]}")
    if not parts:
        lines = [ln.text for ln in analysis.lines if _ERRORISH.search(ln.text)]
        parts = [mask(t)[:300] for t in lines[-5:]]
    return "\n".join(parts[:8])


INDEX_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "similarity_index.json")  # in the wheel
INDEX_FORMAT = 1
CASE_FILES = ("train.log", "expected.yaml")


def __getattr__(name: str):
    if name == "INDEX":     # the shipped index as a Path, for callers that want one
        from pathlib import Path

        return Path(INDEX_PATH)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _index_path() -> str:
    """The shipped index: `INDEX` when a caller set one (tests), else the package's."""
    return os.fspath(globals().get("INDEX") or INDEX_PATH)


def _fingerprint(case) -> str:
    """A case's files' contents (crc32): installed files have fresh mtimes, so no stat key."""
    import zlib

    crc = 0
    for name in CASE_FILES:
        with open(os.path.join(case, name), "rb") as fh:
            crc = zlib.crc32(fh.read(), crc)
    return f"{crc:08x}"


def _case_signature(case) -> tuple[str, str, str] | None:
    import yaml

    from .pipeline import read_events
    from .reader import InputError

    try:
        exp = yaml.safe_load((case / "expected.yaml").read_text(encoding="utf-8")) or {}
        first = exp.get("first_cause")
        first = first[0] if isinstance(first, list) and first else first
        sig = signature(read_events(case / "train.log"))
    except (OSError, yaml.YAMLError, InputError):   # a broken case must not break the hint
        return None
    return (case.name, sig, str(first or "")) if sig else None


def _load_index(path) -> dict:
    import json

    try:
        with open(path, encoding="utf-8") as fh:
            data = json.loads(fh.read())
        return data["cases"] if data.get("format") == INDEX_FORMAT else {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def build_index(corpus) -> dict:
    """The precomputed signatures of a corpus (written by `python -m oomdoc.similarity`)."""
    cases = {}
    for case in _cases(corpus):
        got = _case_signature(case)
        cases[case.name] = {"fp": _fingerprint(case), "sig": got[1] if got else "", "cause": got[2] if got else ""}
    return {"format": INDEX_FORMAT, "cases": cases}


def _cases(corpus) -> list:
    """The corpus's cases as Paths (a directory holding both case files), in name order."""
    from pathlib import Path

    return [Path(corpus, name) for name, _ in _case_stats(os.fspath(corpus))]


def _case_stats(corpus: str) -> list[tuple[str, list]]:
    """(case name, its files' stat results) for every case of `corpus`, in name order:
    one stat per file tells both that it is a file and its version."""
    import stat

    out = []
    for name in sorted(os.listdir(corpus)):
        try:
            sts = [os.stat(os.path.join(corpus, name, f)) for f in CASE_FILES]
        except OSError:
            continue
        if all(stat.S_ISREG(st.st_mode) for st in sts):
            out.append((name, sts))
    return out


# (corpus dir, index file) -> signatures: the corpus is package data, read once
# per process (stamping its ~250 files costs ~10 ms, paid per log by a fleet worker)
_SIGNATURES: dict[tuple[str, str], list[tuple[str, str, str]]] = {}


def _corpus_signatures(corpus, index=None) -> list[tuple[str, str, str]]:
    """Every case's signature, memoised per process (see `_read_corpus_signatures`)."""
    key = (os.fspath(corpus), os.fspath(index or _index_path()))
    if key not in _SIGNATURES:
        _SIGNATURES[key] = _read_corpus_signatures(corpus, index)
    return _SIGNATURES[key]


def _code_stamp() -> str | None:
    """What a case's signature depends on besides its files: oomdoc's version, this module
    and the code that reads the case into events (mtime and size of each); None when unknown."""
    here = os.path.dirname(os.path.abspath(__file__))
    parsers = os.path.join(here, "parsers")
    try:
        files = [os.path.abspath(__file__), *(os.path.join(here, n) for n in ("pipeline.py", "assemble.py",
                                                                            "prefixes.py")),
                 *(os.path.join(parsers, n) for n in sorted(os.listdir(parsers)) if n.endswith(".py"))]
        return ";".join(f"{os.path.basename(f)}:{st.st_mtime_ns}:{st.st_size}" for f, st in
                        zip(files, map(os.stat, files)))
    except OSError:
        return None


def _read_corpus_signatures(corpus, index=None) -> list[tuple[str, str, str]]:
    """Every case's signature: from the user cache (stat key), else the shipped index
    (content key), reading only the cases it does not hold or holds stale."""
    from .datafiles import cache_bytes, cache_dir, checksum, read_cache, write_cache

    corpus = os.fspath(corpus)
    cases = _case_stats(corpus)
    code = _code_stamp()
    cache = key = None
    if code is not None:
        key = f"corpus1:{__version__}:{code}|{os.path.realpath(corpus)}|" + "|".join(
            f"{name}:{a.st_mtime_ns}:{a.st_size}:{b.st_mtime_ns}:{b.st_size}" for name, (a, b) in cases)
        cache = os.path.join(cache_dir(), f"corpus-{checksum(key.encode('utf-8', 'surrogateescape'))}.marshal")
        got = read_cache(cache, key)
        if isinstance(got, list):
            return [tuple(x) for x in got]
    from pathlib import Path

    shipped = _load_index(index or _index_path())
    out = []
    for name, _ in cases:
        entry = shipped.get(name)
        try:
            fresh = isinstance(entry, dict) and entry.get("fp") == _fingerprint(os.path.join(corpus, name))
        except OSError:
            continue
        if fresh:
            if entry.get("sig"):
                out.append((name, entry["sig"], entry.get("cause", "")))
            continue
        got = _case_signature(Path(corpus, name))
        if got:
            out.append(got)
    if cache is not None:
        write_cache(cache, cache_bytes(key, out))
    return out


def closest(analysis, corpus=None, limit: int = 3, min_score: float = 55.0):
    """[(case name, score 0-100, its first cause)] best first."""
    from .datafiles import data_path

    corpus = corpus or data_path("corpus")
    sig = signature(analysis)
    if corpus is None or not sig:
        return []
    return rank(sig, _corpus_signatures(corpus), limit, min_score)


def rank(sig: str, cases, limit: int = 3, min_score: float = 55.0) -> list[tuple[str, float, str]]:
    """[(case name, score, cause)] of `cases` ((name, signature, cause), corpus order) closest to
    `sig` by rapidfuzz's `token_set_ratio`, best first (ties in corpus order)."""
    scored = _contained(sig, cases, limit) if min_score <= 100 else None
    if scored is None:
        # ~70M instructions, a fifth of a small run, with the typing and re it imports (issue 12)
        from rapidfuzz import fuzz

        scored = [(name, fuzz.token_set_ratio(sig, other), cause) for name, other, cause in cases]
    scored = [s for s in scored if s[1] >= min_score]
    scored.sort(key=lambda s: -s[1])
    return scored[:limit]


def _contained(sig: str, cases, limit: int) -> list[tuple[str, float, str]] | None:
    """The first `limit` cases, in corpus order, whose words all occur in `sig` or that hold all
    of its words: rapidfuzz's `token_set_ratio` is then exactly 100.0, and no other pair
    scores 100 (that needs words on both sides the other lacks), so they are `closest`'s
    answer and no score needs computing. None when fewer than `limit` are, or when a
    signature is not ASCII, where `str.split` and rapidfuzz differ on what a space is."""
    if not sig.isascii():
        return None
    words = set(sig.split())
    out = []
    for name, other, cause in cases:
        if not other.isascii():
            return None
        theirs = set(other.split())
        if words and theirs and (words <= theirs or theirs <= words):
            out.append((name, 100.0, cause))
            if len(out) == limit:
                return out
    return None


def main(argv=None) -> int:
    """Rewrite the shipped index from the checkout's corpus (run after changing corpus cases or parsers)."""
    import json

    from .datafiles import data_path

    corpus = data_path("corpus")
    if corpus is None:
        print("no corpus directory found")
        return 2
    data = build_index(corpus)
    with open(_index_path(), "w", encoding="utf-8") as fh:
        fh.write(json.dumps(data, indent=0, sort_keys=True) + "\n")
    print(f"{_index_path()}: {len(data['cases'])} cases")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
