"""Running and linting the regexes of users' rule files, which are untrusted.

A team rule's `log_regex`, `text` or `regex` pattern runs with the `regex`
module under a timeout: at most `CALL_TIMEOUT_S` (100 ms) per search and
`RULE_BUDGET_S` (1 s) for all searches of one rule while one log is
evaluated. A pattern over either limit raises `RegexTimeout`; the engine skips
that rule and warns with its id. Packaged rules' patterns are reviewed (and
linted by the test suite with the same checks) and run with stdlib `re`.

`problems(pattern)` is the linter behind `oomdoc rules check`:

* a static check on a small parse of the pattern: a repeated group whose body
  can split the same text in many ways — a repeat directly inside a repeat
  with nothing else required (`(a+)+`, `(\\w+\\s?)*`), or alternatives of
  which one, repeated, matches another (`(a|aa)*`, `(\\w|\\d)+`); and counted
  repeats nesting to more than `MAX_COPIES` copies (slow even to compile);
* a dynamic probe: the pattern is searched in adversarial 2,000-character
  lines built from its own repeated parts (`'a' * 2000 + '!'` and friends);
  a search slower than `PROBE_TIMEOUT_S` (200 ms, twice) is reported. The
  `regex` module's own guards turn textbook exponential cases into
  high-degree polynomials, so length matters: at 2,000 characters `(a+)+$`
  takes seconds while an ordinary quadratic pattern such as `\\w+\\s` takes
  ~20 ms (at 5,000 characters the latter would take ~110 ms).
"""
from __future__ import annotations

import sys
import time
from functools import lru_cache

from ..records import dataclass, field

CALL_TIMEOUT_S = 0.1        # one search of one line
RULE_BUDGET_S = 1.0         # every search of one rule over one log
PROBE_LEN = 2000            # adversarial line length for the dynamic probe
PROBE_TIMEOUT_S = 0.2       # a probe line slower than this flags the pattern
MAX_COPIES = 100_000        # nested counted repeats beyond this take seconds to compile


class RegexTimeout(Exception):
    def __init__(self, pattern: str, reason: str = f"took over {CALL_TIMEOUT_S * 1000:.0f} ms on one line"):
        super().__init__(pattern, reason)
        self.pattern = pattern
        self.reason = reason

    def __str__(self) -> str:
        return f"regex '{self.pattern}' {self.reason}"


@lru_cache(maxsize=1024)
def compile_user(pattern: str):
    import regex

    return regex.compile(pattern)


class Guard:
    """The time budget of one rule's user patterns during one evaluation."""

    def __init__(self, budget: float = RULE_BUDGET_S):
        self.budget = budget
        self.left = budget

    def search(self, pattern: str, text: str):
        rx = compile_user(pattern)
        t0 = time.perf_counter()
        try:
            return rx.search(text, timeout=max(0.001, min(CALL_TIMEOUT_S, self.left)))
        except TimeoutError:
            raise RegexTimeout(pattern) from None
        finally:
            self.left -= time.perf_counter() - t0
            if self.left <= 0:
                raise RegexTimeout(pattern, f"spent over {self.budget:g} s in total on this log")


_WARNED: set[str] = set()


def warn_once(message: str) -> None:
    """Print a warning to stderr once per process (live mode re-runs the rules per incident)."""
    if message not in _WARNED:
        _WARNED.add(message)
        print(f"oomdoc: warning: {message}", file=sys.stderr)


# -- where a rule's patterns are ------------------------------------------------

def rule_patterns(rule: dict) -> list[tuple[str, str]]:
    """Every regex of a rule (validated JSON data) as (location, pattern)."""
    out: list[tuple[str, str]] = []

    def cond(c: dict, loc: str) -> None:
        for key in ("text", "log_regex", "regex"):
            if isinstance(c.get(key), str):
                out.append((f"{loc}.{key}", c[key]))
        for i, t in enumerate(c.get("where") or []):
            if isinstance(t, dict) and isinstance(t.get("regex"), str):
                out.append((f"{loc}.where.{i}.regex", t["regex"]))
        for part in ("all", "any", "none"):
            for i, sub in enumerate(c.get(part) or []):
                cond(sub, f"{loc}.{part}.{i}")

    for part, conds in (rule.get("when") or {}).items():
        for i, c in enumerate(conds or []):
            cond(c, f"when.{part}.{i}")
    for j, fix in enumerate(rule.get("fixes") or []):
        for i, c in enumerate(fix.get("unless") or []):
            cond(c, f"fixes.{j}.unless.{i}")
    return out


# -- a small parse: groups, alternatives, atoms, quantifiers -----------------------

class Unsupported(Exception):
    """Syntax this parse does not model (verbose mode, conditionals, recursion)."""


@dataclass
class Node:
    start: int
    end: int                      # span without the quantifier
    alts: list[list["Node"]] | None = None   # a group's alternatives; None for an atom
    alt_spans: list[tuple[int, int]] = field(default_factory=list)
    qmin: int = 1
    qmax: int | None = 1          # None: unbounded
    qend: int = 0                 # span end with the quantifier
    possessive: bool = False
    atomic: bool = False          # (?>...) and lookarounds never backtrack into
    zero_width: bool = False

    @property
    def repeats(self) -> bool:
        return not self.possessive and (self.qmax is None or self.qmax > 1)

    @property
    def variable(self) -> bool:
        return self.repeats and (self.qmax is None or self.qmax > self.qmin)


_ZERO_WIDTH_ESCAPES = set("bBAZzGmM")


class _Parser:
    def __init__(self, p: str):
        self.p = p
        self.i = 0

    def parse(self) -> tuple[list[list[Node]], list[tuple[int, int]]]:
        alts, spans = self._alts()
        if self.i < len(self.p):
            raise Unsupported("unbalanced ')'")
        return alts, spans

    def _alts(self):
        p = self.p
        alts, spans, seq, start = [], [], [], self.i
        while self.i < len(p):
            c = p[self.i]
            if c == ")":
                break
            if c == "|":
                alts.append(seq)
                spans.append((start, self.i))
                self.i += 1
                seq, start = [], self.i
                continue
            node = self._atom()
            if node is not None:
                self._quantifier(node)
                seq.append(node)
        alts.append(seq)
        spans.append((start, self.i))
        return alts, spans

    def _atom(self) -> Node | None:
        p, i = self.p, self.i
        c = p[i]
        if c == "(":
            return self._group()
        if c == "[":
            self.i = self._class_end(i + 1)
            return Node(i, self.i)
        if c == "\\":
            self.i = self._escape_end(i)
            zw = p[i + 1:i + 2] in _ZERO_WIDTH_ESCAPES if i + 1 < len(p) else False
            return Node(i, self.i, zero_width=zw)
        self.i += 1
        return Node(i, self.i, zero_width=c in "^$")

    def _group(self) -> Node | None:
        p, i = self.p, self.i
        j = i + 1
        atomic = zero_width = False
        if p.startswith("?", j):
            rest = p[j + 1:]
            if rest.startswith("#"):
                end = p.find(")", j)
                if end < 0:
                    raise Unsupported("unterminated comment")
                self.i = end + 1
                return None
            if rest[:1] in ("(", "R", "&", "|") or rest[:1].isdigit() or rest[:2] in ("P>", "+1", "-1"):
                raise Unsupported("conditional, recursion or branch reset")
            if rest.startswith("P="):
                end = p.find(")", j)
                self.i = end + 1 if end > 0 else len(p)
                return Node(i, self.i)          # a back-reference: one atom
            if rest[:1] in ("=", "!") or rest[:2] in ("<=", "<!"):
                atomic = zero_width = True
                j += 2 if rest[:1] in "=!" else 3
            elif rest.startswith(">"):
                atomic = True
                j += 2
            elif rest.startswith(("P<", "<", "'")):
                close = {"P": ">", "<": ">", "'": "'"}[rest[0]]
                end = p.find(close, j + 2)
                if end < 0:
                    raise Unsupported("bad group name")
                j = end + 1
            else:
                k = j + 1
                while k < len(p) and (p[k].isalpha() or p[k] in "-^"):
                    k += 1
                flags = p[j + 1:k]
                if "x" in flags.split("-")[0]:
                    raise Unsupported("verbose mode")
                if p[k:k + 1] == ")":          # inline flags, no group
                    self.i = k + 1
                    return None
                if p[k:k + 1] != ":":
                    raise Unsupported(f"group syntax at {i}")
                j = k + 1
        self.i = j
        alts, spans = self._alts()
        if self.i >= len(p) or p[self.i] != ")":
            raise Unsupported("missing ')'")
        self.i += 1
        return Node(i, self.i, alts=alts, alt_spans=spans, atomic=atomic, zero_width=zero_width)

    def _class_end(self, j: int) -> int:
        p, depth = self.p, 1
        if p[j:j + 1] == "^":
            j += 1
        if p[j:j + 1] == "]":
            j += 1
        while j < len(p):
            c = p[j]
            if c == "\\":
                j = self._escape_end(j)
                continue
            if c == "[" and p[j + 1:j + 2] == ":":
                end = p.find(":]", j + 2)
                j = end + 2 if end > 0 else j + 1
                continue
            if c == "]":
                depth -= 1
                if depth == 0:
                    return j + 1
            j += 1
        raise Unsupported("unterminated character class")

    def _escape_end(self, i: int) -> int:
        p = self.p
        if i + 1 >= len(p):
            raise Unsupported("trailing backslash")
        c = p[i + 1]
        if c in "pPNgk" and p[i + 2:i + 3] in ("{", "<"):
            end = p.find("}" if p[i + 2] == "{" else ">", i + 3)
            return end + 1 if end > 0 else len(p)
        if c == "x":
            if p[i + 2:i + 3] == "{":
                end = p.find("}", i + 3)
                return end + 1 if end > 0 else len(p)
            return min(len(p), i + 4)
        if c == "u":
            return min(len(p), i + 6)
        if c == "U":
            return min(len(p), i + 10)
        return i + 2

    def _quantifier(self, node: Node) -> None:
        p, i = self.p, self.i
        node.qend = node.end
        if i >= len(p):
            return
        c = p[i]
        if c in "*+?":
            node.qmin, node.qmax = {"*": (0, None), "+": (1, None), "?": (0, 1)}[c]
            i += 1
        elif c == "{":
            end = p.find("}", i)
            body = p[i + 1:end] if end > 0 else ""
            lo, comma, hi = body.partition(",")
            if end < 0 or not (lo.isdigit() or (comma and lo == "")) or (hi and not hi.isdigit()):
                return                       # a literal '{'
            node.qmin = int(lo or 0)
            node.qmax = int(hi) if hi else (None if comma else node.qmin)
            i = end + 1
        else:
            return
        if i < len(p) and p[i] == "?":
            i += 1
        elif i < len(p) and p[i] == "+":
            node.possessive = True
            i += 1
        self.i = i
        node.qend = i


def parse(pattern: str) -> list[list[Node]]:
    return _Parser(pattern).parse()[0]


# -- static checks -------------------------------------------------------------------

def _walk(seqs: list[list[Node]]):
    for seq in seqs:
        for n in seq:
            yield n
            if n.alts:
                yield from _walk(n.alts)


def _nullable(n: Node) -> bool:
    if n.zero_width or n.qmin == 0:
        return True
    if n.alts is None:
        return False
    return any(all(_nullable(x) for x in alt) for alt in n.alts)


def _flatten(seq: list[Node]) -> list[Node]:
    """Unwrap plain groups `(...)` that are matched exactly once and hold one alternative."""
    out = []
    for n in seq:
        if n.alts and len(n.alts) == 1 and n.qmin == n.qmax == 1 and not n.atomic:
            out += _flatten(n.alts[0])
        else:
            out.append(n)
    return out


def _copies(seqs, mult: int = 1) -> int:
    worst = mult
    for seq in seqs:
        for n in seq:
            m = mult * max(1, n.qmax if n.qmax is not None else n.qmin)
            worst = max(worst, m)
            if n.alts:
                worst = max(worst, _copies(n.alts, m))
    return worst


def compile_bomb(pattern: str) -> str | None:
    """Why compiling `pattern` would be slow, or None (checked before compiling)."""
    try:
        tree = parse(pattern)
    except Unsupported:
        return None
    n = _copies(tree)
    if n > MAX_COPIES:
        return f"nested counted repeats expand to {n:,} copies (limit {MAX_COPIES:,})"
    return None


def static_problems(pattern: str) -> list[str]:
    try:
        tree = parse(pattern)
    except Unsupported:
        return []
    out = []
    bomb = compile_bomb(pattern)
    if bomb:
        out.append(bomb)
    span = lambda n: pattern[n.start:n.qend]  # noqa: E731
    for n in _walk(tree):
        if not (n.alts and n.repeats) or n.atomic:
            continue
        for alt in n.alts:
            items = _flatten(alt)
            for k, inner in enumerate(items):
                rest = items[:k] + items[k + 1:]
                if inner.variable and not inner.atomic and all(_nullable(x) for x in rest):
                    out.append(f"nested quantifier '{span(n)}': '{span(inner)}' repeated inside a repeat "
                               "can split the same text in very many ways (catastrophic backtracking)")
                    break
            else:
                continue
            break
        else:
            clash = _overlapping_alternatives(pattern, n)
            if clash:
                out.append(f"overlapping alternation under a quantifier '{span(n)}': "
                           f"'{clash[0]}' repeated also matches what '{clash[1]}' matches")
    return out


def _overlapping_alternatives(pattern: str, n: Node) -> tuple[str, str] | None:
    import regex

    groups = [n]
    if len(n.alts) == 1:           # (?:(a|aa)\s?)* : the alternation inside, the rest optional
        items = _flatten(n.alts[0])
        groups = [x for x in items if x.alts and len(x.alts) > 1 and x.qmin == x.qmax == 1 and not x.atomic
                  and all(_nullable(y) for y in items if y is not x)]
    for g in groups:
        if len(g.alts) < 2:
            continue
        srcs = [pattern[a:b] for a, b in g.alt_spans]
        examples = [_example(pattern, alt) for alt in g.alts]
        for i, src in enumerate(srcs):
            for j, ex in enumerate(examples):
                if i == j or not ex or not src:
                    continue
                try:
                    if regex.fullmatch(f"(?:{src})+", ex, timeout=CALL_TIMEOUT_S):
                        return src, srcs[j]
                except TimeoutError:
                    return src, srcs[j]
                except regex.error:
                    continue
    return None


_ALPHABET = "a0 _-./:#!,=AZz9\t" + "".join(chr(c) for c in range(0x21, 0x7F)) + "é\n"


@lru_cache(maxsize=4096)
def _sample_char(src: str) -> str:
    """A character the single-character pattern `src` matches ('' if none found)."""
    import regex

    try:
        rx = regex.compile(src)
    except regex.error:
        return ""
    for ch in _ALPHABET:
        if rx.fullmatch(ch):
            return ch
    return ""


def _example(pattern: str, seq: list[Node], minimal: bool = False) -> str:
    """A short text `seq` matches, approximately (back-references and lookarounds give '')."""
    out = []
    for n in seq:
        if n.zero_width:
            continue
        if n.alts is None:
            one = _sample_char(pattern[n.start:n.end])
        else:
            one = next((e for e in (_example(pattern, a, minimal) for a in n.alts) if e), "")
        times = n.qmin if minimal else max(1, n.qmin)
        out.append(one * min(times, 64))
    return "".join(out)


# -- dynamic probe --------------------------------------------------------------------

_GENERIC_UNITS = ("a", "0", " ", "a ", "a1", "#", ".", "-", "/", "\t", "a,", "=")


def attack_strings(pattern: str) -> list[str]:
    """Adversarial lines: a long run of one of the pattern's repeated parts, then a
    character that fails it, then what the pattern needs after it (so a required
    literal later in the pattern does not reject the line at once)."""
    units: list[tuple[str, str, str]] = [("", u, "") for u in _GENERIC_UNITS]
    try:
        tree = parse(pattern)
    except Unsupported:
        tree = []

    def visit(seq: list[Node], prefix: str, suffix: str) -> None:
        for k, n in enumerate(seq):
            before = prefix + _example(pattern, seq[:k])
            after = _example(pattern, seq[k + 1:]) + suffix
            if n.repeats and not n.atomic:
                body = [n] if n.alts is None else [Node(n.start, n.end, alts=n.alts)]
                for minimal in (False, True):
                    pump = _example(pattern, body, minimal)
                    if pump:
                        units.append((before, pump, after))
            if n.alts and not n.zero_width:
                for alt in n.alts:
                    visit(alt, before, after)

    for alt in tree:
        visit(alt, "", "")
    out, seen = [], set()
    for prefix, pump, after in units:
        for tail in ("!", "\x00", "!" + after[:200]):
            s = prefix[:200] + pump * max(1, PROBE_LEN // len(pump)) + tail
            if s not in seen:
                seen.add(s)
                out.append(s)
    return out


def probe(pattern: str, timeout: float = PROBE_TIMEOUT_S) -> str | None:
    """How the pattern is slow on an adversarial line, or None."""
    import regex

    try:
        rx = compile_user(pattern)
    except regex.error:
        return None
    for s in attack_strings(pattern):
        slow = 0
        for _ in range(2):           # a busy machine may stall one run: both must time out
            try:
                rx.search(s, timeout=timeout)
                break
            except TimeoutError:
                slow += 1
        if slow == 2:
            shown = repr(s[:24]) + ("…" if len(s) > 24 else "")
            return f"searching a {len(s):,}-character line {shown} takes over {timeout * 1000:.0f} ms"
    return None


def problems(pattern: str) -> list[str]:
    """Every reason `pattern` is unsafe to run on log lines (static, then the probe)."""
    out = static_problems(pattern)
    if any(p.startswith("nested counted") for p in out):
        return out                   # do not compile it
    slow = probe(pattern)
    if slow:
        out.append(slow)
    return out
