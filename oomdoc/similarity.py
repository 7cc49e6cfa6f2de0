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


def _corpus_signatures(corpus: Path) -> list[tuple[str, str, str]]:
    from .pipeline import read_events
    from .reader import InputError
    from .rules_engine.loader import cache_key

    cases = sorted(p for p in corpus.iterdir() if (p / "expected.yaml").is_file() and (p / "train.log").is_file())
    stamp_files = [p / n for p in cases for n in ("train.log", "expected.yaml")]
    cache, key = cache_key(stamp_files) or (None, None)
    if cache is not None:
        cache = cache.with_name(cache.name.replace("rules-", "corpus-"))
        try:
            data = json.loads(cache.read_text(encoding="utf-8"))
            if data.get("key") == key:
                return [tuple(x) for x in data["sigs"]]
        except (OSError, ValueError, KeyError, AttributeError):
            pass
    import yaml

    out = []
    for case in cases:
        try:
            exp = yaml.safe_load((case / "expected.yaml").read_text(encoding="utf-8")) or {}
            first = exp.get("first_cause")
            first = first[0] if isinstance(first, list) and first else first
            sig = signature(read_events(case / "train.log"))
        except (OSError, yaml.YAMLError, InputError):   # a broken case must not break the hint
            continue
        if sig:
            out.append((case.name, sig, str(first or "")))
    if cache is not None:
        try:
            cache.parent.mkdir(parents=True, exist_ok=True)
            tmp = cache.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps({"key": key, "sigs": out}), encoding="utf-8")
            os.replace(tmp, cache)
        except OSError:
            pass
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
