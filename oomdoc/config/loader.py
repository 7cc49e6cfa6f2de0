"""Gather every source, detect the framework, map to knobs with precedence."""
from __future__ import annotations

from ..records import replace
from . import RunConfig, Setting
from . import detect as _detect
from .mapping import COMPONENTS, all_ids, index, knob_types, mapping, ray_family, to_knob
from .values import DEFAULT, DUMP, FILE, RANK_NAMES, Entry, to_type


def load(analysis=None, config_paths=()) -> RunConfig:
    rc = RunConfig()
    warn = rc.warnings.append
    entries: list[Entry] = []
    commands = []
    file_kinds = {}
    if config_paths:
        from . import files    # only with --config files (start-up time, issue 12)

    for path in config_paths or ():
        es, cmds, kind = files.read(str(path), warn)
        entries.extend(es)
        commands.extend(cmds)
        file_kinds[str(path)] = (kind, es)
    lines = getattr(analysis, "lines", None) or []
    if lines:
        es, cmds = _read_log(lines, warn)
        entries.extend(es)
        commands.extend(cmds)
    rc.framework = _detect_once(lines, getattr(analysis, "events", None), entries, commands)
    rc.commands = commands
    _other_framework_files(rc, file_kinds, warn)
    resolve(rc, entries)
    from . import printed

    printed.apply(rc, getattr(analysis, "events", None))
    return rc


# The incidents of one log share its kept lines: what the config layer reads from them, and
# the framework it detects from them, are computed once per log, not once per incident
# (5 incidents of a 1 GiB log cost 0.3-0.65 s each before). One slot; it holds the lines
# list itself, so its identity cannot be reused while cached.
_LOG_SLOT: list = [None, None, None]      # [lines, its length, (entries, commands, warnings)]
_DETECT_SLOT: list = [None, None, None]   # [lines, key, Framework]


def forget_log() -> None:
    """Drop the per-log reads (tests compare them with a fresh read)."""
    _LOG_SLOT[:] = [None, None, None]
    _DETECT_SLOT[:] = [None, None, None]


def _read_log(lines, warn):
    from . import logsrc

    # what logsrc builds is never changed after the read: sharing it between incidents is safe
    if _LOG_SLOT[0] is lines and _LOG_SLOT[1] == len(lines):
        es, cmds, warnings = _LOG_SLOT[2]
    else:
        warnings: list[str] = []
        es, cmds = logsrc.read(lines, warnings.append)
        _LOG_SLOT[:] = [lines, len(lines), (es, cmds, warnings)]
    for w in warnings:
        warn(w)
    return es, cmds


def _detect_once(lines, events, entries, commands):
    """`detect.detect`, reused for another incident of the same log when everything it reads
    is the same: the lines, the events' frames and kinds, the entries and the commands."""
    key = (len(lines), tuple(sorted({e.kind for e in events or ()})),
           tuple(f for e in events or () for f in (getattr(e, "frames", None) or ())),
           tuple((e.key, e.ns, repr(e.value), e.source) for e in entries), tuple(c.text for c in commands))
    if _DETECT_SLOT[0] is not lines or _DETECT_SLOT[1] != key:
        _DETECT_SLOT[:] = [lines, key, _detect.detect(lines, events, entries, commands)]
    fw = _DETECT_SLOT[2]
    return replace(fw, evidence=list(fw.evidence))   # each report owns its framework


def resolve(rc: RunConfig, entries: list[Entry]) -> None:
    fw = rc.framework.id
    types = knob_types()
    warn = rc.warnings.append
    order = sorted(range(len(entries)), key=lambda i: (entries[i].rank, i))
    chosen: dict[str, tuple[Entry, int]] = {}
    used_ns: set[str] = set()
    unknown_typed: list[Entry] = []
    for i in order:
        e = entries[i]
        ns = fw if e.ns == "main" else e.ns
        if e.ns != "main":
            used_ns.add(e.ns)
        hits = index(ns).get(e.key) if ns else None
        if not hits:
            _keep_raw(rc, e)
            if e.ns == "main" and e.rank != DUMP and e.style not in ("positional",):
                unknown_typed.append(e)
            continue
        key_tf = [spec.get("key_transform", {}).get(e.key) for _, _, spec in hits]
        if isinstance(e.value, str) and e.value.strip().lower() == "auto" and not any(key_tf):
            _keep_raw(rc, e)   # HF/DeepSpeed "auto": resolved elsewhere at run time
            continue
        for knob, pos, spec in hits:
            prev = chosen.get(knob)
            if prev is not None:
                pe, ppos = prev
                if pe.source == e.source and ppos < pos:
                    continue   # same block names the knob twice: the preferred spelling wins
                if pe.source != e.source and e.value is None and pe.value is not None and not e.removed:
                    continue   # null = "unset/auto" in a dump; keep the concrete value
            if e.removed:
                rc.settings.pop(knob, None)
                chosen.pop(knob, None)
                continue
            value = to_knob(e.value, spec.get("key_transform", {}).get(e.key) or spec.get("transform"))
            typ = types.get(knob, "str")
            value, ok = to_type(value, typ)
            if not ok:
                warn(f"{e.source}: {e.key}={e.value!r} is not a {typ}; kept as written")
            if prev is not None and prev[0].source != e.source:
                old = rc.settings.get(knob)
                if old is not None and old.value is not None and value is not None and old.value != value \
                        and prev[0].rank != DEFAULT:
                    warn(f"{e.source}: {knob} conflict: {old.value!r} ({old.source}, {RANK_NAMES[prev[0].rank]}) "
                         f"vs {value!r} ({RANK_NAMES[e.rank]}); using {value!r}")
            rc.settings[knob] = Setting(knob=knob, value=value, source=e.source, raw_key=e.key,
                                        raw_value=None if e.value == value else e.value)
            rc.origins[knob] = e
            chosen[knob] = (e, pos)
    _defaults(rc, fw, used_ns)
    if unknown_typed and fw:
        _near_misses(rc, unknown_typed, fw)


def _keep_raw(rc: RunConfig, e: Entry) -> None:
    if e.removed:
        rc.raw.pop(e.key, None)
        return
    prev = rc.raw.get(e.key)
    if prev is not None and e.value is None and prev.value is not None:
        return
    rc.raw[e.key] = Setting(knob=e.key, value=e.value, source=e.source, raw_key=e.key)


def _defaults(rc: RunConfig, fw: str | None, used_ns: set[str]) -> None:
    if fw is None:
        return
    names = [fw] + [c for c in COMPONENTS if c in used_ns and c != "env"] + ["env"]
    types = knob_types()
    ray_run = fw in ray_family()
    for name in names:
        for knob, spec in mapping(name).get("knobs", {}).items():
            if knob in rc.settings or "default" not in spec:
                continue
            if spec.get("ray") and not ray_run:
                continue
            if spec.get("default_when") and not _run_mentions(rc, spec["default_when"]):
                continue   # e.g. a vLLM default in a run that never starts vLLM
            value, _ = to_type(spec["default"], types.get(knob, "str"))
            keys = spec.get("keys") or [None]
            rc.settings[knob] = Setting(knob=knob, value=value, source="default", raw_key=keys[0], default=True)


def _run_mentions(rc: RunConfig, needles) -> bool:
    hay = list(rc.raw) + [s.raw_key or "" for s in rc.settings.values()] \
        + [c.entry or "" for c in rc.commands] + rc.framework.evidence
    return any(n in h for h in hay for n in needles)


def _near_misses(rc: RunConfig, unknown: list[Entry], fw: str) -> None:
    known = list(index(fw))
    by_parent: dict[str, list[str]] = {}
    for k in known:
        by_parent.setdefault(k.rpartition(".")[0], []).append(k)
    seen = set()
    for e in unknown[:500]:
        # a dump printed by the framework holds real keys; typos are typed by people
        if e.key in seen or e.style == "dump":
            continue
        seen.add(e.key)
        parent, _, leaf = e.key.rpartition(".")
        cands = by_parent.get(parent)
        if not cands or len(leaf) < 5:
            continue
        # compare leaf names: `rollout.name` is not a typo of `rollout.mode`
        leaves = {k.rpartition(".")[2]: k for k in cands}
        # a warning needs a leaf an edit or two away (below): rapidfuzz (with typing and re,
        # ~15 ms of start-up, issue 12) is imported only when some leaf may be
        if not any(c != leaf and _maybe_typo(leaf, c) and _within_two_edits(leaf, c) for c in leaves):
            continue
        from rapidfuzz import fuzz, process
        from rapidfuzz.distance import Levenshtein

        best = process.extractOne(leaf, list(leaves), scorer=fuzz.ratio, score_cutoff=85)
        # a typo is an edit or two, not another word (`ref_num_gpus` vs `actor_num_gpus`)
        if best and best[0] != leaf and Levenshtein.distance(leaf, best[0]) <= 2:
            rc.warnings.append(f"{e.source}: unknown key '{e.key}' - did you mean '{leaves[best[0]]}'?")


def _maybe_typo(a: str, b: str) -> bool:
    """False when `b` is surely more than two edits from `a`: an edit changes the length by at
    most one and the letter counts by at most two."""
    if abs(len(a) - len(b)) > 2:
        return False
    counts: dict[str, int] = {}
    for ch in a:
        counts[ch] = counts.get(ch, 0) + 1
    for ch in b:
        counts[ch] = counts.get(ch, 0) - 1
    return sum(map(abs, counts.values())) <= 4


def _within_two_edits(a: str, b: str) -> bool:
    """Levenshtein distance(a, b) <= 2, exactly (rows of the edit-distance table, each cut
    off once it holds nothing under 3). A warning needs its best match this close, so a leaf
    with no key this close needs no rapidfuzz (the check itself costs microseconds)."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        if min(cur) > 2:
            return False
        prev = cur
    return prev[-1] <= 2


def _other_framework_files(rc: RunConfig, file_kinds, warn) -> None:
    """A --config file whose keys belong to another framework than the detected one."""
    fw = rc.framework.id
    if not fw:
        return
    for path, (kind, es) in file_kinds.items():
        main = [e for e in es if e.ns == "main"]
        if not main or kind == "script":
            continue
        mine = sum(1 for e in main if e.key in index(fw))
        for other in all_ids():
            if other == fw or mapping(other).get("extends") == fw or mapping(fw).get("extends") == other:
                continue
            theirs = sum(1 for e in main if e.key in index(other))
            if theirs >= 2 and theirs > 2 * mine:
                warn(f"{main[0].source}: {path} looks like a {mapping(other).get('name', other)} config "
                     f"but the run is {mapping(fw).get('name', fw)}; its keys are kept raw")
                for e in main:
                    e.ns = "foreign"
                break


__all__ = ["load", "resolve", "FILE"]
