"""Evaluating rule conditions against a log's events, config and metrics.

Conditions are plain JSON data (validated by `schema.py`). `evaluate(cond, ctx)`
returns a `Hit` (the evidence that made it true) or None. Events first get
*derived* facts (`derive`), e.g. shortfall = requested - free, so rules can
compare numbers the libraries never print directly.

User regexes run with the `regex` module under a timeout (`safe_regex`: 100 ms
per search, 1 s per rule); a pattern that takes too long raises `RegexTimeout`,
and the engine skips that rule. Which way a rule's patterns run travels in its
`Context` (`Context.for_rule`), never in module state.
"""
from __future__ import annotations

from functools import lru_cache
from collections.abc import Callable

from .. import re_cache
from ..records import dataclass, field, replace
from .fallback import memory_of

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: importing typing costs start-up time (issue 12)
    from typing import Any

# A knob value that is only the framework's default is weaker evidence than one
# the user wrote (the default may not even apply, e.g. vLLM knobs without vLLM).
DEFAULT_WEIGHT = 0.5
LOG_REGEX_LINES = 50_000


@dataclass
class Hit:
    weight: float = 0.0
    evidence: list[tuple[int | None, str]] = field(default_factory=list)
    events: list[int] = field(default_factory=list)      # indexes into ctx.events
    labels: list[str] = field(default_factory=list)
    factor: float = 1.0                                  # < 1 for default-valued knobs


class Cited(tuple):
    """Evidence `(line, text)` from a multi-line record: `line` is the line that holds
    `text` (the exception, not the `Traceback` header far above it); `start`/`end`
    are the whole record's lines. Unpacks and compares like the plain pair."""

    start: int | None = None
    end: int | None = None

    def __new__(cls, line, text, start=None, end=None):
        self = super().__new__(cls, (line, text))
        self.start, self.end = start, end
        return self


def _cite(ev, ctx) -> tuple:
    first = ev.text.strip().splitlines()[0].strip() if ev.text.strip() else ""
    if not first:
        return (ev.line, ev.kind)
    if ev.end_line == ev.line:
        return (ev.line, _clip(first))
    import bisect

    nos = ctx.line_numbers()
    i = bisect.bisect_left(nos, ev.line)
    at = ev.line
    while i < len(nos) and nos[i] <= ev.end_line:
        if first in ctx.lines[i].text:
            at = nos[i]
            break
        i += 1
    return Cited(at, _clip(first), ev.line, ev.end_line)


@dataclass
class Context:
    events: list                      # model.Event
    facts: list[dict]                 # derived facts, aligned with events
    cfg: Any                          # config.RunConfig
    metrics: Any                      # metrics_store.MetricStore
    lines: list = field(default_factory=list)
    _trend_cache: dict = field(default_factory=dict)
    _joined: dict = field(default_factory=dict)       # the kept lines as one text, their numbers; shared by
                                                      # `for_rule` copies

    def line_numbers(self) -> list[int]:
        """`lines`' numbers, ascending (the kept lines are in log order), for bisecting;
        kept in `_joined`, which `for_rule` copies share (each rule's copy made the list again)."""
        nos = self._joined.get("numbers")
        if nos is None:
            nos = self._joined["numbers"] = [ln.no for ln in self.lines]
        return nos

    # how the rule being evaluated runs its patterns (see `for_rule`)
    search: Callable[[str, str], Any] | None = None

    def for_rule(self, rule: dict) -> "Context":
        """This context for one rule: packaged rules' patterns are trusted (stdlib
        `re`, reviewed and linted by the tests); any other rule's run under its own
        `safe_regex.Guard` (a timeout per search and a budget per rule)."""
        if rule.get("packaged"):
            return replace(self, search=re_cache.search)   # `re.search`, through the cache
        from .safe_regex import Guard

        return replace(self, search=Guard().search)

    def find(self, pattern: str, text: str):
        return (self.search or _untrusted)(pattern, text)

    @property
    def framework(self) -> str | None:
        fw = getattr(self.cfg, "framework", None)
        return getattr(fw, "id", None)


# -- derived facts ------------------------------------------------------------

def derive(ev, cfg=None) -> dict:
    f = dict(ev.facts)
    mem = memory_of(ev.kind, f)
    if mem:
        f["memory"] = mem
    if cfg is not None and ev.kind in ("gpu_oom", "accelerator_oom"):
        from .estimate import annotate

        annotate(f, cfg)
    req, free, total = f.get("requested_bytes"), f.get("free_bytes"), f.get("total_bytes")
    if isinstance(total, int) and isinstance(free, int):
        f.setdefault("used_bytes", total - free)
    if isinstance(req, int) and isinstance(free, int):
        f.setdefault("shortfall_bytes", req - free)
    used, ntotal, thr = f.get("node_used_bytes"), f.get("node_total_bytes"), f.get("threshold")
    if isinstance(used, (int, float)) and isinstance(ntotal, (int, float)) and isinstance(thr, (int, float)):
        f.setdefault("shortfall_bytes", int(used - thr * ntotal))
    procs = f.get("processes")
    if isinstance(procs, dict) and procs:
        sizes = sorted((v for v in procs.values() if isinstance(v, (int, float))), reverse=True)
        f.setdefault("process_count", len(sizes))
        mine = _own_process(f, procs)
        others = [v for pid, v in procs.items() if pid != mine and isinstance(v, (int, float))]
        f.setdefault("other_process_count", len(others))
        used, rb = f.get("used_bytes"), f.get("reserved_bytes")
        if len(procs) >= 2 and not any(sizes) and not f.get("process_bytes") \
                and isinstance(used, int) and isinstance(rb, int):
            # "Process N has 0 bytes memory in use" for every process: NVML cannot read them
            # (a container's PID namespace). They are unknown, not empty: what the device has in
            # use beyond this process's PyTorch reserve is theirs.
            f.setdefault("process_sizes_unreadable", True)
            f.setdefault("other_processes_bytes", max(0, used - rb))
        f.setdefault("other_processes_bytes", int(sum(others)))
    pb, rb = f.get("process_bytes"), f.get("reserved_bytes")
    if isinstance(pb, int) and isinstance(rb, int):
        f.setdefault("non_pytorch_bytes", max(0, pb - rb))
    used = f.get("used_bytes")
    if pb is None and not procs and isinstance(used, int) and isinstance(rb, int):
        # a message that names neither this process's use nor other processes (torch < 2.1):
        # what the device has in use beyond the reserve is this process's context and buffers
        # (about a GiB) or another process's
        f.setdefault("outside_reserve_bytes", max(0, used - rb))
    users = f.get("top_memory_users")
    if isinstance(users, list) and users:
        sizes = [u.get("bytes") for u in users if isinstance(u, dict) and isinstance(u.get("bytes"), (int, float))]
        f.setdefault("top_user_count", len(users))
        if sizes:
            top = max((u for u in users if isinstance(u, dict) and isinstance(u.get("bytes"), (int, float))),
                      key=lambda u: u["bytes"])
            f.setdefault("top_user_bytes", int(top["bytes"]))
            f.setdefault("top_users_sum_bytes", int(sum(sizes)))
            f.setdefault("top_user_command", str(top.get("command") or ""))
            base = f.get("node_used_bytes") or sum(sizes)
            if base:
                f.setdefault("top_user_share", top["bytes"] / base)
    gp = f.get("gpu_processes")
    if isinstance(gp, list) and gp:
        f.setdefault("foreign_process_bytes", _foreign_bytes(gp))
    f.setdefault("oom_count", ev.count)
    return f


# Processes no training run starts: notebook kernels and desktop sessions.
_FOREIGN = re_cache.lazy(r"ipykernel|jupyter|\bX(?:org|wayland)\b|gnome-shell|kwin|plasmashell|firefox|chrom(?:e|ium)",
                      re_cache.I)


def _foreign_bytes(procs: list) -> int:
    """nvidia-smi rows: the most memory notebook/desktop processes hold on one GPU."""
    per_gpu: dict = {}
    for p in procs:
        if isinstance(p, dict) and isinstance(p.get("used_bytes"), int) and _FOREIGN.search(str(p.get("name", ""))):
            per_gpu[p.get("gpu")] = per_gpu.get(p.get("gpu"), 0) + p["used_bytes"]
    return max(per_gpu.values(), default=0)


def _own_process(f: dict, procs: dict):
    """The failing process among 'Process N has X' entries, or None.

    PyTorch prints its own process as "this process has X" (`process_bytes`)
    and every other one as "Process N has X"; older messages printed every
    process, ours included, as "Process N has X": ours then holds at least what
    PyTorch reserved. Messages whose numbers exceed the device (a vLLM cumem
    pool counted twice) cannot say which entry is ours: assume the largest.
    """
    if f.get("process_bytes") is not None:
        return None
    items = [(k, v) for k, v in procs.items() if isinstance(v, (int, float))]
    if not items:
        return None
    reserved, total = f.get("reserved_bytes"), f.get("total_bytes")
    if isinstance(reserved, (int, float)) and (not total or reserved <= total):
        mine = [kv for kv in items if kv[1] >= 0.9 * reserved]
        if not mine:
            return None
        return min(mine, key=lambda kv: kv[1])[0]
    return max(items, key=lambda kv: kv[1])[0]


# -- comparisons ----------------------------------------------------------------

def _as_num(v):
    if isinstance(v, bool):
        return None
    return v if isinstance(v, (int, float)) else None


def _untrusted(pattern: str, text: str):
    """A pattern of unknown origin: under a fresh guard."""
    from .safe_regex import Guard

    return Guard().search(pattern, text)


def compare(value: Any, c: dict, search: Callable[[str, str], Any] = _untrusted) -> bool:
    """Apply the comparison fields of `c` to `value` (all must hold)."""
    if "exists" in c and (value is not None) != c["exists"]:
        return False
    if value is None:
        return c.get("exists") is False
    if "is" in c and (not isinstance(value, bool) or value != c["is"]):
        return False
    if "eq" in c and not _eq(value, c["eq"]):
        return False
    if "ne" in c and _eq(value, c["ne"]):
        return False
    if "in" in c and not any(_eq(value, x) for x in c["in"]):
        return False
    n = _as_num(value)
    for op in ("gt", "gte", "lt", "lte"):
        if op in c:
            if n is None or not _cmp(n, op, c[op]):
                return False
    if "contains" in c:
        needle = str(c["contains"]).lower()
        hay = value if isinstance(value, (list, dict)) else [value]
        if not any(needle in str(x).lower() for x in hay):
            return False
    if "regex" in c and not search(c["regex"], str(value)):
        return False
    return True


def _eq(a, b) -> bool:
    if isinstance(a, str) and isinstance(b, str):
        return a.lower() == b.lower()
    return a == b


def _cmp(n: float, op: str, ref: float) -> bool:
    return {"gt": n > ref, "gte": n >= ref, "lt": n < ref, "lte": n <= ref}[op]


def __getattr__(name: str):
    # safe_regex is imported only when a user rule runs (start-up time)
    if name in ("RegexTimeout", "Guard", "REGEX_TIMEOUT_S"):
        from . import safe_regex

        return getattr(safe_regex, {"REGEX_TIMEOUT_S": "CALL_TIMEOUT_S"}.get(name, name))
    raise AttributeError(name)


def fact_test(t: dict, facts: dict, search: Callable[[str, str], Any] = _untrusted) -> bool:
    value = facts.get(t["fact"])
    if "of" in t:
        base = _as_num(facts.get(t["of"]))
        n = _as_num(value)
        value = n / base if n is not None and base else None
    for op in ("gt", "gte", "lt", "lte"):
        other = t.get(f"{op}_fact")
        if other is not None:
            a, b = _as_num(value), _as_num(facts.get(other))
            if a is None or b is None or not _cmp(a, op, b):
                return False
    return compare(value, t, search)


# -- conditions -----------------------------------------------------------------

def evaluate(c: dict, ctx: Context) -> Hit | None:
    w = float(c.get("weight", 0.0))
    label = c.get("label")
    hit = _subject(c, ctx)
    if hit is None:
        return None
    hit.weight = w * hit.factor
    if label:
        hit.labels.append(label)
    return hit


def _subject(c: dict, ctx: Context) -> Hit | None:
    if "event" in c:
        return _event(c, ctx)
    if "knob" in c:
        return _knob(c, ctx)
    if "framework" in c:
        want = c["framework"]
        want = [want] if isinstance(want, str) else want
        fw = ctx.framework
        return Hit(evidence=[(None, f"framework: {fw}")]) if fw in want else None
    if "metric" in c:
        return _metric(c, ctx)
    if "log_regex" in c:
        if not _may_match_a_line(c["log_regex"], ctx):
            return None
        for ln in ctx.lines[:LOG_REGEX_LINES]:
            if ctx.find(c["log_regex"], ln.text):
                return Hit(evidence=[(ln.no, _clip(ln.raw.strip()))])
        return None
    return group(c, ctx)


def _may_match_a_line(pattern: str, ctx: Context) -> bool:
    """False only when no kept line holds any literal a match must contain: a few
    C-speed substring tests instead of a regex pass per line (a pattern led by
    `\\b` gets none of `re`'s literal fast paths: ~4 ms on a 100 KiB head)."""
    needed = required_literals(pattern) if ctx.search is re_cache.search else None
    if not needed:
        return True
    joined, present = _kept_text(ctx.lines)
    for lit in needed:
        got = present.get(lit)
        if got is None:
            got = present[lit] = lit in joined
        if got:
            return True
    return False


# The incidents of one log share its kept lines (grouping.incident_views): their joined text and
# whether it holds each literal are worked out once per log, not once per incident and rule (a
# dense verl log keeps ~2.5 MB: ~12 searches of it per incident). One slot; it holds the list
# itself, so its identity cannot be reused while cached (live mode hands a new list each time).
_KEPT: list = [None, -1, "", {}]     # [lines, their count, joined text, {literal: present}]


def _kept_text(lines: list) -> tuple[str, dict[str, bool]]:
    if _KEPT[0] is not lines or _KEPT[1] != len(lines):
        _KEPT[:] = [lines, len(lines), "\n".join(ln.text for ln in lines[:LOG_REGEX_LINES]), {}]
    return _KEPT[2], _KEPT[3]


@lru_cache(maxsize=256)
def required_literals(pattern: str) -> frozenset[str] | None:
    """Strings one of which every match of `pattern` contains, or None when unsure
    (case-insensitive, unparsable or literal-free patterns). Kept in the regex cache
    (keyed by this file's version too): a warm run does not import `re`'s parser for it."""
    stamp = _own_stamp()
    if stamp is None:
        return _required_literals(pattern)
    return re_cache.derived(f"literals1:{stamp}", pattern, lambda: _required_literals(pattern))


@lru_cache(maxsize=1)
def _own_stamp() -> str | None:
    import os

    try:
        st = os.stat(__file__)
    except (OSError, TypeError):
        return None
    return f"{st.st_mtime_ns}:{st.st_size}"


def _required_literals(pattern: str) -> frozenset[str] | None:
    import re

    sre_c, sre_parse = _sre_modules()
    try:
        parsed = sre_parse.parse(pattern)
    except (re.error, RecursionError, OverflowError):
        return None
    if parsed.state.flags & re.IGNORECASE:
        return None
    return _seq_literals(list(parsed), sre_c)


def _sre_modules():
    """The stdlib's own regex parser and its constants (named sre_* before Python 3.11)."""
    try:
        import re._constants as sre_c
        import re._parser as sre_parse
    except ImportError:  # pragma: no cover
        import sre_constants as sre_c
        import sre_parse
    return sre_c, sre_parse


def _seq_literals(items: list, sre_c) -> frozenset[str] | None:
    """The best literal set of any one item of a sequence (all of them must match)."""
    best: frozenset[str] | None = None
    run: list[str] = []

    def consider(got):
        nonlocal best
        if got and (best is None or min(map(len, got)) > min(map(len, best))):
            best = got

    for op, av in items + [(None, None)]:
        if op is sre_c.LITERAL:
            run.append(chr(av))
            continue
        if run:
            consider(frozenset(["".join(run)]))
            run = []
        if op is sre_c.SUBPATTERN:
            _, add_flags, del_flags, sub = av
            if not (add_flags | del_flags) & re_cache.IGNORECASE:
                consider(_seq_literals(list(sub), sre_c))
        elif op is sre_c.BRANCH:
            alts = [_seq_literals(list(alt), sre_c) for alt in av[1]]
            if all(alts):
                consider(frozenset().union(*alts))
        elif op in (sre_c.MAX_REPEAT, sre_c.MIN_REPEAT) and av[0] >= 1:
            consider(_seq_literals(list(av[2]), sre_c))
    return best


def _clip(text: str, n: int = 300) -> str:
    """Evidence cut to `n` characters, never through a secret: renderers mask
    secrets, and a cut one no longer looks like one."""
    if len(text) <= n:
        return text
    from ..secrets import find_secrets

    for s in find_secrets(text):
        if s.start < n < s.end:
            return text[:s.end]
    return text[:n]


def group(c: dict, ctx: Context) -> Hit | None:
    """A nested all/any/none group: evidence of the members that held."""
    out = Hit()
    if "all" in c:
        for sub in c["all"]:
            h = evaluate(sub, ctx)
            if h is None:
                return None
            _absorb(out, h)
    if "any" in c:
        hits = [h for h in (evaluate(sub, ctx) for sub in c["any"]) if h is not None]
        if not hits:
            return None
        for h in hits:
            _absorb(out, h)
    if "none" in c:
        if any(evaluate(sub, ctx) is not None for sub in c["none"]):
            return None
    return out


def _absorb(out: Hit, h: Hit) -> None:
    out.factor = min(out.factor, h.factor)
    out.evidence += h.evidence
    out.events += h.events
    out.labels += h.labels


def _event(c: dict, ctx: Context) -> Hit | None:
    kinds = c["event"]
    kinds = {kinds} if isinstance(kinds, str) else set(kinds)
    tests = c.get("where") or []
    hit = Hit()
    count = 0
    for i, ev in enumerate(ctx.events):
        if ev.kind not in kinds:
            continue
        facts = ctx.facts[i]
        if not all(fact_test(t, facts, ctx.find) for t in tests):
            continue
        if "text" in c and not ctx.find(c["text"], ev.text):
            continue
        count += ev.count
        hit.events.append(i)
        hit.evidence.append(_cite(ev, ctx))
    if not hit.events or count < int(c.get("min_count") or 1):
        return None
    return hit


def _knob(c: dict, ctx: Context) -> Hit | None:
    s = ctx.cfg.get(c["knob"]) if ctx.cfg is not None else None
    value = None if s is None else s.value
    if value is None:
        if c.get("missing_ok"):
            return Hit(evidence=[(None, f"{c['knob']}: not set (assumed default)")])
        return Hit(evidence=[]) if c.get("exists") is False else None
    if not compare(value, c, ctx.find):
        return None
    line = None
    src = getattr(s, "source", "") or ""
    if src.startswith("log:"):
        try:
            line = int(src[4:])
        except ValueError:
            line = None
    is_default = bool(getattr(s, "default", False)) or src == "default"
    if is_default and c.get("explicit"):
        return None
    where = f" ({src})" if src and not src.startswith("log:") and src != "default" else ""
    dflt = " (framework default)" if is_default else ""
    factor = float(c.get("default_weight", DEFAULT_WEIGHT)) if is_default else 1.0
    raw = getattr(s, "raw_value", None)
    shown = f"{raw!r}" if isinstance(raw, str) else (value if raw is None else raw)
    return Hit(evidence=[(line, f"{getattr(s, 'raw_key', None) or c['knob']} = {shown}{dflt}{where}")],
               factor=factor)


# -- metric trends ----------------------------------------------------------------

def _metric(c: dict, ctx: Context) -> Hit | None:
    names = c["metric"]
    names = [names] if isinstance(names, str) else names
    for name in names:
        pts = ctx.metrics.points(name) if ctx.metrics is not None else []
        if not pts:
            continue
        vals = [v for _, v, _ in pts]
        if c.get("trend") is None:
            ok = compare(vals[-1], c, ctx.find)
            desc = f"{name} = {vals[-1]:g} (last of {len(vals)})"
        else:
            ok, desc = trend(vals, c["trend"], c.get("min_ratio"), c.get("min_points"))
            desc = f"{name} {desc}"
            if ok and any(k in c for k in ("gt", "gte", "lt", "lte")):
                ok = compare(max(vals), c, ctx.find)
        if ok:
            return Hit(evidence=[(pts[-1][2], desc)])
    return None


def trend(vals: list[float], kind: str, min_ratio: float | None = None,
          min_points: int | None = None) -> tuple[bool, str]:
    """Whether a series rises/falls/stays flat/spikes; and a one-line description."""
    n = len(vals)
    if n < (min_points or 4):
        return False, f"has only {n} points"
    k = max(1, n // 4)
    head = sum(vals[:k]) / k
    tail = sum(vals[-k:]) / k
    ratio = tail / head if head > 0 else (float("inf") if tail > 0 else 1.0)
    desc = f"went {_g(vals[0])} → {_g(vals[-1])} (×{ratio:.2f} first→last quarter, {n} points)"
    if kind == "rising":
        return ratio >= (min_ratio or 1.5), desc
    if kind == "falling":
        return ratio <= 1 / (min_ratio or 1.5), desc
    if kind == "flat":
        return abs(ratio - 1) <= (min_ratio or 1.1) - 1, desc
    if kind == "spike":
        med = sorted(vals)[n // 2]
        r = max(vals[-k:]) / med if med > 0 else 1.0
        return r >= (min_ratio or 1.5), f"spiked to {_g(max(vals[-k:]))} (×{r:.2f} the median)"
    # steady_rise: most steps go up and the whole series rises
    deltas = [b - a for a, b in zip(vals, vals[1:]) if b != a]
    ups = sum(d > 0 for d in deltas) / len(deltas) if deltas else 0.0
    return (ups >= 0.7 and ratio >= (min_ratio or 1.1)), desc + f", rising in {ups:.0%} of steps"


def _g(v: float) -> str:
    if abs(v) >= 2**30:
        return f"{v / 2**30:.1f} GiB"
    return f"{v:g}"
