"""The parsers' key search (`pipeline.KeyIndex`): each key found by its rarest character
(`scan.key_anchors`) must offer a record to exactly the parsers whose keys occur in it."""
from __future__ import annotations

import random
from pathlib import Path

from oomdoc import parsers
from oomdoc.corpus_check import case_dirs
from oomdoc.pipeline import _key_index
from oomdoc.scan import anchored_candidates, anchored_pattern, key_anchors

ROOT = Path(__file__).resolve().parent.parent


def _brute(index, text: str) -> frozenset:
    got = set(index.always)
    for key, owners in zip(index._keys, index._owners):
        if key in text:
            got |= owners
    return frozenset(got)


def test_offered_is_every_parser_whose_key_occurs():
    index = _key_index(tuple(parsers.modules()))
    keys = list(index._keys)
    texts = []
    for case in case_dirs(ROOT / "corpus"):
        text = (case / "train.log").read_text("utf-8", "replace").lower()
        texts += text.splitlines()[:300]
        texts.append(text[:20000].replace("\n", " "))
    rnd = random.Random(5)
    for _ in range(2000):
        # keys glued, cut, overlapping, at the very start and end: a hit may stand where
        # another key's anchor is, or a key may end where the next begins
        parts = [rnd.choice(keys + ["x", " ", "o", ":", "é"]) for _ in range(rnd.randint(0, 7))]
        texts.append("".join(p[rnd.randint(0, len(p) - 1):] if rnd.random() < 0.2 else
                             p[: rnd.randint(1, len(p))] if rnd.random() < 0.2 else p for p in parts))
    offered_some = 0
    for t in texts:
        got = index.offered(t)
        assert got == _brute(index, t), t
        offered_some += got != index.always
    assert offered_some > 1000


def test_anchors_and_candidates():
    words = ["oom", "oom-kill:", "out of memory", "step:", "len=", "error", "kill", "killed", "gib"]
    anchors = key_anchors(words)
    assert set(anchors) == set(words)
    assert all(0 <= j < len(w) for w, j in anchors.items())
    assert anchors["len="] == 3 and anchors["oom-kill:"] != 0      # rare characters are anchors
    # a word holding a character other words are searched by is searched by it too
    assert len({w[j] for w, j in anchors.items()}) < len(words)
    import re

    rx = re.compile(anchored_pattern(anchors))
    cands = anchored_candidates(anchors)
    text = "xx oom-kill: killed, out of memory at step:3 len=4 gib"
    found = set()
    m = rx.search(text)
    while m is not None:
        for w, j in cands[m.group()]:
            if m.start() >= j and text.startswith(w, m.start() - j):
                found.add(w)
        m = rx.search(text, m.start() + 1)
    assert found == {w for w in words if w in text}
