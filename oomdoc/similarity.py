"""The closest known corpus cases, for logs no rule is confident about.

A log's *signature* is its failure lines with the volatile parts masked
(numbers, hex ids, paths, pids, timestamps), prefixed by the event kinds; the
corpus cases' signatures are compared with rapidfuzz, offline. Corpus
signatures are cached beside the rule cache, keyed by the case files' mtimes.
"""
from __future__ import annotations

import json
import os
import re
import zlib
from pathlib import Path

from .rules_engine.vocab import OOM_KINDS, SYMPTOM_KINDS

_MASKS = [
    (re.compile(r"(?:/[\w.@+-]+)+"), "/P"),
    (re.compile(r"\b0x[0-9a-fA-F]+\b|\b[0-9a-f]{16,}\b"), "H"),
    (re.compile(r"\d+(?:[.,:]\d+)*"), "N"),
    (re.compile(r"\s+"), " "),
]
_ERRORISH = re.compile(r"error|exception|killed|out of memory|oom|fail", re.I)


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


INDEX = Path(__file__).with_name("similarity_index.json")   # shipped in the wheel
INDEX_FORMAT = 1


def _fingerprint(case: Path) -> str:
    """A case's files' contents (crc32): installed files have fresh mtimes, so no stat key."""
    crc = 0
    for name in ("train.log", "expected.yaml"):
        crc = zlib.crc32((case / name).read_bytes(), crc)
    return f"{crc:08x}"


def _case_signature(case: Path) -> tuple[str, str, str] | None:
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


def _load_index(path: Path) -> dict:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return data["cases"] if data.get("format") == INDEX_FORMAT else {}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def build_index(corpus: Path) -> dict:
    """The precomputed signatures of a corpus (written by `python -m oomdoc.similarity`)."""
    cases = {}
    for case in _cases(corpus):
        got = _case_signature(case)
        cases[case.name] = {"fp": _fingerprint(case), "sig": got[1] if got else "", "cause": got[2] if got else ""}
    return {"format": INDEX_FORMAT, "cases": cases}


def _cases(corpus: Path) -> list[Path]:
    return sorted(p for p in corpus.iterdir() if (p / "expected.yaml").is_file() and (p / "train.log").is_file())


# (corpus dir, index file) -> signatures: the corpus is package data, read once
# per process (stamping its ~250 files costs ~10 ms, paid per log by a fleet worker)
_SIGNATURES: dict[tuple[str, str], list[tuple[str, str, str]]] = {}


def _corpus_signatures(corpus: Path, index: Path | None = None) -> list[tuple[str, str, str]]:
    """Every case's signature, memoised per process (see `_read_corpus_signatures`)."""
    key = (str(corpus), str(index or INDEX))
    if key not in _SIGNATURES:
        _SIGNATURES[key] = _read_corpus_signatures(corpus, index)
    return _SIGNATURES[key]


def _read_corpus_signatures(corpus: Path, index: Path | None = None) -> list[tuple[str, str, str]]:
    """Every case's signature: from the user cache (stat key), else the shipped index
    (content key), reading only the cases it does not hold or holds stale."""
    from .rules_engine.loader import cache_key

    cases = _cases(corpus)
    stamp_files = [p / n for p in cases for n in ("train.log", "expected.yaml")]
    cache, key = cache_key(stamp_files) or (None, None)
    if cache is not None:
        folder, name = os.path.split(cache)
        cache = os.path.join(folder, name.replace("rules-", "corpus-"))
        try:
            with open(cache, encoding="utf-8") as fh:
                data = json.loads(fh.read())
            if data.get("key") == key:
                return [tuple(x) for x in data["sigs"]]
        except (OSError, ValueError, KeyError, AttributeError):
            pass
    shipped = _load_index(index or INDEX)
    out = []
    for case in cases:
        entry = shipped.get(case.name)
        try:
            fresh = isinstance(entry, dict) and entry.get("fp") == _fingerprint(case)
        except OSError:
            continue
        if fresh:
            if entry.get("sig"):
                out.append((case.name, entry["sig"], entry.get("cause", "")))
            continue
        got = _case_signature(case)
        if got:
            out.append(got)
    if cache is not None:
        from .datafiles import write_cache

        write_cache(cache, {"key": key, "sigs": out})
    return out


def closest(analysis, corpus: Path | None = None, limit: int = 3, min_score: float = 55.0):
    """[(case name, score 0-100, its first cause)] best first."""
    from rapidfuzz import fuzz

    from .datafiles import data_dir

    corpus = corpus or data_dir("corpus")
    sig = signature(analysis)
    if corpus is None or not sig:
        return []
    scored = [(name, fuzz.token_set_ratio(sig, other), cause)
              for name, other, cause in _corpus_signatures(corpus)]
    scored = [s for s in scored if s[1] >= min_score]
    scored.sort(key=lambda s: -s[1])
    return scored[:limit]


def main(argv=None) -> int:
    """Rewrite the shipped index from the checkout's corpus (run after changing corpus cases or parsers)."""
    from .datafiles import data_dir

    corpus = data_dir("corpus")
    if corpus is None:
        print("no corpus directory found")
        return 2
    data = build_index(corpus)
    INDEX.write_text(json.dumps(data, indent=0, sort_keys=True) + "\n", encoding="utf-8")
    print(f"{INDEX}: {len(data['cases'])} cases")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
