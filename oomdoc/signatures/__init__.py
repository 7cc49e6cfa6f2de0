"""The signature catalogue: every memory-failure message family, as data.

`catalogue.yaml` (next to this file, then `catalogue.d/*.yaml` in name order)
holds one entry per message family: the
event kind it becomes, its memory class (gpu, host, shm, kv-cache,
object-store), how sure the message is (certain, likely, possible), the
literal anchors the scanner needs, a tolerant pattern, optional fact
patterns, the versions and source it was read from and a real sample.

Three consumers, one list:

* the scanner: `trigger_groups(parser)` builds each parser family's
  `TRIGGERS` from the anchors of its entries (plus a group's `extra` context
  literals), so a new family is one catalogue entry;
* every failure event: `tag(kind, facts, text)` names the entry that printed
  it (`signature`, `memory`, `certainty`) and fills facts the strict parser
  left behind;
* the fallback family (`parsers/signature.py`): a catalogue hit that no strict
  parser turned into an event still becomes one.

Patterns are tolerant: a space in a pattern matches any run of whitespace
(an editor's re-wrap), a word cut by a terminal is matched in the tight join
of the lines, and only the head of a message is required, so a message cut
short still matches; one cut inside its pattern, after an anchor and most of
the pattern, is still its family's (`Signature.search_cut`, marked truncated). `unless` names text that makes a hit no hit (a Ray
summary of zero kills prints the same suggestions as one of many). Placeholders:
`{size}` a number and unit; in fact patterns `{size:NAME}` (to bytes),
`{int:NAME}`, `{kib:NAME}` (kernel kB, to bytes), `{gib:NAME}` (a bare number of GB as ML
libraries print it, 2**30, to bytes), `{num:NAME}`, `{word:NAME}`.
"""
from __future__ import annotations

import os
from functools import lru_cache

from .. import re_cache
from ..records import dataclass, field
from ..units import NUMBER, number, to_bytes

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: a warm run never imports re (re_cache)
    import re

PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "catalogue.yaml")   # str: pathlib costs start-up
# More entries, one file per batch of families (`entries:` only), appended after PATH's in file-name
# order: families added side by side by several people stay in separate files.
MORE_DIR = os.path.join(os.path.dirname(PATH), "catalogue.d")
MEMORY = ("gpu", "host", "shm", "kv-cache", "object-store")
CERTAINTY = ("certain", "likely", "possible")
_UNIT = r"(?:bytes|byte|KiB|MiB|GiB|TiB|PiB|KB|MB|GB|TB|kB|B|K|M|G|T)"
CUT_MIN = 24          # characters of a pattern a cut message must keep to be read as one
_SQUEEZE = re_cache.lazy(r"\s+")
_PLACE = re_cache.lazy(r"\{(size|int|num|word|kib|gib)(?::(\w+))?\}")
_WS = re_cache.lazy(r"\s+")


def _placeholder(m: re.Match) -> str:
    kind, name = m.group(1), m.group(2)
    if kind == "size":
        if name is None:
            return rf"(?:{NUMBER})\s*{_UNIT}"
        return rf"(?P<{name}__num>{NUMBER})\s*(?P<{name}__unit>{_UNIT})"
    body = {"int": r"\d[\d,]*", "kib": r"\d+", "gib": NUMBER, "num": NUMBER, "word": r"[\w.:/<>\-]+"}[kind]
    return rf"(?P<{name}__{kind}>{body})" if name else f"(?:{body})"


def compile_pattern(pattern: str) -> re.Pattern:
    """A catalogue pattern: a space matches any run of whitespace (a line break
    too), placeholders expand. A word a terminal cut in two is whole again in the
    tight join of `variants`; 'Out Of Memory' never matches 'OutOfMemoryError'."""
    out = []
    pos = 0
    for m in _PLACE.finditer(pattern):
        out.append(pattern[pos:m.start()].replace(" ", r"\s+"))
        out.append(_placeholder(m))
        pos = m.end()
    out.append(pattern[pos:].replace(" ", r"\s+"))
    return re_cache.compile("".join(out))


@dataclass
class Signature:
    id: str
    family: str
    kind: str
    memory: str
    certainty: str
    group: str
    anchors: tuple[str, ...]
    pattern_text: str
    parser: str | None = None
    fact_texts: tuple[str, ...] = ()
    set_facts: dict = field(default_factory=dict)
    expect: dict = field(default_factory=dict)
    versions: str = ""
    source: dict = field(default_factory=dict)
    sample: str = ""
    default: bool = False
    unless_text: str = ""
    more: tuple = ()        # other renderings of the family: ({"sample": …, "expect": {…}}, …)
    _rx: re.Pattern | None = field(default=None, repr=False)
    _cut: tuple | None = field(default=None, repr=False)
    _facts: list | None = field(default=None, repr=False)

    @property
    def pattern(self) -> re.Pattern:
        if self._rx is None:
            self._rx = compile_pattern(self.pattern_text)
        return self._rx

    def search(self, variants: list[str]) -> re.Match | None:
        if self.unless_text and any(re_cache.search(self.unless_text, v) for v in variants):
            return None
        for v in variants:
            m = self.pattern.search(v)
            if m:
                return m
        return None

    def search_cut(self, lines: list[str]) -> bool:
        """Whether one of `lines` stops inside this entry's pattern: a message cut short
        (`...`, or mid-word with no mark) after most of its pattern and one of its anchors.
        A line that merely ends in an anchor, or in a short head of the pattern, is no cut
        message: at least CUT_MIN characters and half of what the pattern matches in the
        sample must have survived. And what survived must be the head of the sample's
        message (numbers aside): a pattern's open part (`.{0,80}`) also runs into the end
        of a whole line that is some other message."""
        if self._cut is None:
            import regex    # partial matches: re has none (regex is a dependency already)

            m = self.pattern.search(self.sample)
            self._cut = (regex.compile(self.pattern.pattern, regex.I if self.pattern.flags & re_cache.I else 0),
                         max(CUT_MIN, (m.end() - m.start()) // 2 if m else CUT_MIN),
                         tuple(_SQUEEZE.sub("", a) for a in self.anchors),
                         _shape_of(m.group(0)) if m else None)
        rx, least, anchors, head = self._cut
        if head is None:
            return False
        for ln in lines:
            end = ln.rstrip().removesuffix("...").removesuffix("\u2026").rstrip()
            if len(end) < least:
                continue
            m = rx.search(end, partial=True)
            if m is None or not m.partial or m.end() - m.start() < least \
                    or not any(a in _SQUEEZE.sub("", m.group(0)) for a in anchors):
                continue
            kept = _shape_of(m.group(0))
            # cut with a mark, or inside a word of the message: a message may end at a word's end
            # where the pattern goes on (`CUDA Error: out of memory` and `... out of memory at`)
            inside = kept[-1:].isalnum() and head[len(kept):len(kept) + 1].isalnum()
            if head.startswith(kept) and (inside or len(end) < len(ln.rstrip())):
                return True
        return False

    def read_facts(self, variants: list[str]) -> dict:
        """Facts its fact patterns read (the variant with the most wins), plus its constant facts."""
        if self._facts is None:
            self._facts = [compile_pattern(p) for p in self.fact_texts]
        best: dict = {}
        for v in variants:
            got: dict = {}
            for rx in self._facts:
                m = rx.search(v)
                if m:
                    got.update(_values(m))
            if len(got) > len(best):
                best = got
        return {**self.set_facts, **best}


_DIGITS = re_cache.lazy(r"\d+")


def _shape_of(text: str) -> str:
    """A message's words with each number as 0 and each run of blanks as one space."""
    return _DIGITS.sub("0", _SQUEEZE.sub(" ", text)).lower()


def _values(m: re.Match) -> dict:
    out: dict = {}
    for key, raw in m.groupdict().items():
        if raw is None:
            continue
        name, _, kind = key.rpartition("__")
        if kind == "num" and f"{name}__unit" in m.groupdict():
            v = to_bytes(raw, m[f"{name}__unit"])
        elif kind == "unit":
            continue
        elif kind == "int":
            v = int(raw.replace(",", ""))
        elif kind == "kib":          # the kernel's `kB` is KiB
            v = int(raw) * 1024
        elif kind == "gib":          # SGLang's / Ray's bare "GB" numbers are GiB
            v = number(raw)
            v = None if v is None else int(round(v * 2**30))
        elif kind == "num":
            v = number(raw)
        else:
            v = raw
        if v is None or (name.endswith("_bytes") and isinstance(v, (int, float)) and v < 0):
            continue        # no size is negative
        out[name] = v
    return out


@dataclass
class Group:
    name: str
    parser: str
    before: int = 0
    after: int = 0
    extra: tuple[str, ...] = ()


@dataclass
class Catalogue:
    groups: dict[str, Group]
    entries: list[Signature]

    def by_id(self, sid: str) -> Signature:
        for e in self.entries:
            if e.id == sid:
                return e
        raise KeyError(sid)


def _load_yaml(text: str):
    import yaml

    # libyaml's CSafeLoader when built (~10x faster), else the pure-Python SafeLoader
    if hasattr(yaml, "CSafeLoader"):
        return yaml.load(text, Loader=yaml.CSafeLoader)
    return yaml.load(text, Loader=yaml.SafeLoader)


def _paths() -> list[str]:
    """catalogue.yaml, then the entry files of catalogue.d/ by name."""
    try:
        more = sorted(n for n in os.listdir(MORE_DIR) if n.endswith(".yaml"))
    except OSError:
        more = []
    return [PATH] + [os.path.join(MORE_DIR, n) for n in more]


@lru_cache(maxsize=1)
def _data_key() -> str | None:
    """What the cached catalogue data depends on: the files' paths, mtimes and sizes (None
    when one cannot be read: nothing is cached then)."""
    try:
        stats = [(p, os.stat(p)) for p in _paths()]
    except OSError:
        return None
    # the paths as found (absolute: PATH is): resolving links cost a run ~1M instructions
    return "3:" + "|".join(f"{p}:{st.st_mtime_ns}:{st.st_size}" for p, st in stats)


def _cached_rows() -> tuple[list, list]:
    """The catalogue as rows ready to make its records (`_rows`); parsed YAML is cached that
    way (importing and parsing YAML costs ~20 ms of every run's start-up, and making 174
    entries from dicts ~4M instructions; `datafiles.read_cache`), keyed by the files'
    paths, mtimes and sizes."""
    from ..datafiles import cache_dir, checksum, read_cache

    paths = _paths()
    key = _data_key()
    cache = None
    if key is not None:
        key = f"rows1:{key}"
        cache = os.path.join(cache_dir(),
                             f"signatures-{checksum(key.encode('utf-8', 'surrogateescape'))}.marshal")
        got = read_cache(cache, key)
        if type(got) is tuple and len(got) == 2:
            return got
    with open(PATH, encoding="utf-8") as fh:
        data = _load_yaml(fh.read())
    for extra in paths[1:]:
        with open(extra, encoding="utf-8") as fh:
            data["entries"].extend((_load_yaml(fh.read()) or {}).get("entries") or [])
    rows = _rows(data)
    if cache is not None:
        from ..datafiles import cache_bytes, write_cache

        write_cache(cache, cache_bytes(key, rows))   # None (nothing written) for what marshal cannot hold
    return rows


def _rows(data: dict) -> tuple[list, list]:
    """(`Group` fields, `Signature` fields) of the catalogue's groups and entries, in order."""
    groups = [(g["name"], g["parser"], g.get("before", 0), g.get("after", 0), tuple(g.get("extra", ())))
              for g in data["groups"]]
    entries = [(e["id"], e["family"], e["kind"], e["memory"], e["certainty"], e["group"],
                tuple(e["anchors"]), e["pattern"], e.get("parser"), tuple(e.get("facts", ())),
                dict(e.get("set", {})), dict(e.get("expect", {})), str(e.get("versions", "")),
                dict(e.get("source", {})), e.get("sample", ""), bool(e.get("default", False)),
                e.get("unless", ""), tuple(e.get("more", ())), None, None)
               for e in data["entries"]]
    return groups, entries


def derived(kind: str, build):
    """`build()`: plain data derived from the catalogue alone (trigger literals, a family's
    keys), kept in the user cache (`re_cache.derived`) while the catalogue file and this
    module are unchanged, so a run need not derive it again (start-up time, issue 12).
    `kind` names the table and its builder's version."""
    key = _data_key()
    try:
        st = os.stat(__file__)
    except (OSError, TypeError):
        key = None
    if key is None:
        return build()
    return re_cache.derived(f"sig-{kind}", f"{st.st_mtime_ns}:{st.st_size}:{key}", build)


@lru_cache(maxsize=1)
def catalogue() -> Catalogue:
    groups, entries = _cached_rows()
    # every field given in order: a record's quickest construction (174 entries per run)
    return Catalogue(groups={row[0]: Group(*row) for row in groups}, entries=[Signature(*row) for row in entries])


def trigger_groups(parser: str) -> tuple:
    """The scanner's `TriggerGroup`s of one parser family: its entries' anchors."""
    from ..scan import TriggerGroup

    return tuple(TriggerGroup(name, tuple(lits), before=before, after=after)
                 for name, lits, before, after in derived(f"groups1:{parser}", lambda: _trigger_groups(parser)))


def _trigger_groups(parser: str) -> list:
    cat = catalogue()
    out = []
    for g in cat.groups.values():
        if g.parser != parser:
            continue
        lits: list[str] = []
        for e in cat.entries:
            if e.group == g.name:
                lits.extend(a for a in e.anchors if a not in lits)
        lits.extend(a for a in g.extra if a not in lits)
        out.append((g.name, lits, g.before, g.after))
    return out


@lru_cache(maxsize=1)
def _by_kind() -> dict[str, list[Signature]]:
    out: dict[str, list[Signature]] = {}
    for e in catalogue().entries:
        out.setdefault(e.kind, []).append(e)
    return out


@lru_cache(maxsize=1)
def kinds() -> frozenset[str]:
    """Event kinds that have catalogue entries (failure kinds)."""
    return frozenset(derived("kinds1", lambda: sorted(_by_kind())))


def anchor_keys() -> tuple[str, ...]:
    """Every entry's anchors, lowercased, sorted: the `signature` family's KEYS."""
    return tuple(derived("keys1", lambda: sorted({a.lower() for e in catalogue().entries for a in e.anchors})))


@lru_cache(maxsize=1)
def squeezed_anchors() -> list[tuple[str, ...]]:
    """Each entry's anchors with all whitespace taken out, in entry order (what a wrapped
    message's squeezed text is searched for); derived once, not by every run."""
    return [tuple(a) for a in derived("squeezed1", lambda: [[_WS.sub("", a) for a in e.anchors]
                                                           for e in catalogue().entries])]


TAG_FACTS = {
    "signature": "id of the catalogue entry (message family) behind a failure event (docs/signatures.md)",
    "memory": "which memory ran out, from the catalogue: gpu, host, shm, kv-cache, object-store",
    "certainty": "how sure the message is: certain (an OOM), likely, possible (a kill with no memory report)",
    "truncated": "the message was cut short or abridged: its strict parser could not read all its facts",
}
_FACT_NAME = re_cache.lazy(r"\{(?:size|int|num|word|kib|gib):(\w+)\}|\(\?P<(\w+?)__\w+>")


def tag_facts(kinds) -> dict[str, str]:
    """Facts `tag` may add to events of `kinds`: the three tags and what entries read.
    Six families declare theirs when imported: kept in the user cache (`derived`), as
    walking the catalogue six times cost every run ~1.5 % (issue 12)."""
    wanted = sorted(kinds)
    return derived(f"tagfacts1:{chr(0).join(wanted)}", lambda: _tag_facts(wanted))


def _tag_facts(kinds) -> dict[str, str]:
    out = dict(TAG_FACTS)
    for e in catalogue().entries:
        if e.kind not in kinds:
            continue
        names = [a or b for p in e.fact_texts for a, b in _FACT_NAME.findall(p)] + list(e.set_facts)
        for n in names:
            out.setdefault(n, f"read from the message by catalogue entry {e.id}")
    return out


def variants(text: str) -> list[str]:
    """The text, and a wrapped message joined two ways (at spaces, and tightly)."""
    if "\n" not in text:
        return [text]
    spaced = _WS.sub(" ", text.replace("\n", " "))
    tight = _WS.sub(" ", "".join(text.split("\n")))
    return [text, spaced] if spaced == tight else [text, spaced, tight]


def tag(kind: str, facts: dict, text: str) -> dict:
    """Name the catalogue entry behind a `kind` event whose record text is `text`.

    Adds `signature`, `memory`, `certainty` and the entry's facts the strict
    parser did not read. An event whose kind has no entry is left alone; one
    whose text matches no entry of its kind takes the kind's default entry.
    """
    entries = _by_kind().get(kind)
    if not entries:
        return facts
    sid = facts.get("signature")
    found = None
    vs = None
    if sid:
        found = next((e for e in entries if e.id == sid), None)
    if found is None:
        vs = variants(text)
        found = next((e for e in entries if e.search(vs)), None) \
            or next((e for e in entries if e.default), None)
    if found is None:
        return facts
    if found.fact_texts or found.set_facts:
        dropped = facts.get("dropped") or ()
        for k, v in found.read_facts(vs or variants(text)).items():
            if k not in dropped:
                facts.setdefault(k, v)
    facts["signature"] = found.id
    facts["memory"] = found.memory
    facts["certainty"] = found.certainty
    return facts


def markdown() -> str:
    """docs/signatures.md, generated from the catalogue."""
    cat = catalogue()
    lines = ["# Memory-failure signatures",
             "",
             "Generated from `oomdoc/signatures/catalogue.yaml` (and `catalogue.d/*.yaml`) by `python -m oomdoc.signatures`;",
             "do not edit by hand (a test fails when this file is stale).",
             "",
             "Every failure event oomdoc reports carries the facts `signature` (the id below),",
             "`memory` (which memory ran out) and `certainty` (how sure the message is:",
             "`certain` it is an out-of-memory, `likely`, or `possible`: a kill with no memory report).",
             "",
             f"{len(cat.entries)} families.",
             "",
             "| id | family | event kind | memory | certainty | versions | source |",
             "|---|---|---|---|---|---|---|"]
    for e in cat.entries:
        src = e.source
        where = " ".join(x for x in (src.get("repo", ""), src.get("path", ""), src.get("version", "")) if x)
        lines.append(f"| `{e.id}` | {e.family} | `{e.kind}` | {e.memory} | {e.certainty} | "
                     f"{e.versions} | {where} |".replace("\n", " "))
    lines.append("")
    lines.append("## Samples")
    for e in cat.entries:
        lines += ["", f"### `{e.id}`", "", f"Pattern: `{e.pattern_text}`", "", "```", e.sample.rstrip("\n"), "```"]
        for m in e.more:
            lines += ["", "```", m["sample"].rstrip("\n"), "```"]
    lines.append("")
    return "\n".join(lines)
