"""Users' rule regexes are untrusted: they run under a timeout and a per-rule
budget, a slow one is skipped with a warning naming the rule, and
`oomdoc rules check` flags catastrophic patterns before they are used."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from oomdoc.cli import main
from oomdoc.diagnose import explain
from oomdoc.rules_engine import conditions as C
from oomdoc.rules_engine import safe_regex as S
from oomdoc.rules_engine import scoring
from oomdoc.rules_engine.loader import load_rules

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "corpus" / "allocator-fragmentation-search-r1-grpo-step4"

CATASTROPHIC = [r"(a+)+$", r"(\w+\s?)*$", r"^(\w+\s?)*$", r"(a|aa)*$", r"^(a|a)*$", r"(\w|\d)+$",
                r"(#+)+\|x", r"((token )+)+x", r"error: (\w+ ?)+:"]
SAFE = [r"(?:\s*,\s*\w+)*", r"(?:error|exception)+", r"\d{1,3}(?:,\d{3})*", r"(?:[a-z]{1,20}\.){1,50}",
        r"(?>a+)+$", r"(a++)+$", r"[\w.]+@[\w.]+", r"\w+\s*=\s*\d+", r"\w+\s+\w+", r"(?i)taskrunner|main_\w+",
        r"CUDA out of memory\. Tried to allocate ([\d.]+) ([GM]iB)", r"(?P<x>ab)(?P=x)", r"\p{L}+\s",
        r"(\d+\.)+\d+", r"(?x) a b  # verbose"]


def _rule_file(path: Path, rid: str, cond: str, cause: str = "micro-batch-too-large") -> None:
    path.write_text(f"id: {rid}\ncause: {cause}\ntitle: team rule {rid}\nstatus: experimental\n"
                    f"what: w\nwhy: y\nwhen:\n  any:\n    - {cond}\n", encoding="utf-8")


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path / "cache"))


@pytest.mark.parametrize("pattern", CATASTROPHIC)
def test_catastrophic_patterns_are_flagged(pattern):
    found = S.problems(pattern)
    assert found, pattern
    assert any(w in " ".join(found) for w in ("nested quantifier", "overlapping alternation", "takes over"))


@pytest.mark.parametrize("pattern", SAFE)
def test_ordinary_patterns_pass(pattern):
    assert S.problems(pattern) == []


def test_static_check_names_the_offending_part():
    (msg,) = S.static_problems(r"^step (\w+\s?)*$")
    assert r"'(\w+\s?)*'" in msg and r"'\w+'" in msg
    (msg,) = S.static_problems(r"x(?:a|ab|a)+y")
    assert "overlapping alternation" in msg and "'(?:a|ab|a)+'" in msg


def test_dynamic_probe_catches_what_the_static_check_cannot():
    assert S.static_problems(r"^(.*a){12}$") == []
    slow = S.probe(r"^(.*a){12}$")
    assert slow and "2,001-character line" in slow


def test_attack_strings_reach_the_repeat_after_a_required_prefix():
    lines = S.attack_strings(r"loss: (\d+ ?)+ done")
    assert any(s.startswith("loss: 0000") and s.endswith("! done") for s in lines)


def test_counted_repeat_bomb_is_a_schema_error_not_a_hang(tmp_path, cache):
    d = tmp_path / "team"
    d.mkdir()
    _rule_file(d / "bomb.yaml", "team-bomb", "log_regex: '((a{100}){100}){100}'")
    t0 = time.perf_counter()
    rs = load_rules([d], use_cache=False)
    assert time.perf_counter() - t0 < 5
    assert any("team-bomb" in e and "1,000,000 copies" in e for e in rs.errors)


def test_packaged_rules_patterns_are_safe():
    # packaged patterns run with stdlib re and no timeout: they must pass the same lint
    rs = load_rules(use_cache=False)
    pats = [(r["id"], loc, p) for r in rs.rules if r.get("packaged") for loc, p in S.rule_patterns(r)]
    assert pats, "the packaged rules use regexes; the lint must see them"
    for rid, loc, p in pats:
        assert S.problems(p) == [], (rid, loc, p)


def test_rule_patterns_finds_every_place():
    rule = {"when": {"all": [{"event": "crash", "text": "t1", "where": [{"fact": "reason", "regex": "r1"}]}],
                     "support": [{"any": [{"log_regex": "l1"}, {"knob": "x", "regex": "k1"}]}]},
            "fixes": [{"knob": "y", "unless": [{"log_regex": "u1"}]}]}
    assert S.rule_patterns(rule) == [("when.all.0.text", "t1"), ("when.all.0.where.0.regex", "r1"),
                                     ("when.support.0.any.0.log_regex", "l1"),
                                     ("when.support.0.any.1.regex", "k1"),
                                     ("fixes.0.unless.0.log_regex", "u1")]


# -- run time ----------------------------------------------------------------------

def test_guard_times_out_per_call_and_per_rule_budget():
    g = S.Guard()
    t0 = time.perf_counter()
    with pytest.raises(S.RegexTimeout) as exc:
        g.search(r"(x+x+)+y", "x" * 3000)
    assert time.perf_counter() - t0 < 1.0
    assert "took over 100 ms" in str(exc.value)
    # a pattern just under the per-call limit still stops at the rule's total budget
    g = S.Guard(budget=0.05)
    with pytest.raises(S.RegexTimeout) as exc:
        for _ in range(10_000):
            g.search(r"\w+\s", "a" * 1500)
    assert "in total" in str(exc.value)


def test_packaged_rule_uses_stdlib_re_user_rule_the_guard():
    import re

    ctx = C.Context(events=[], facts=[], cfg=None, metrics=None)
    packaged, user = ctx.for_rule({"id": "p", "packaged": True}), ctx.for_rule({"id": "u"})
    from oomdoc import re_cache

    # the stdlib engine, through the compiled-pattern cache (start-up time, issue 12)
    assert packaged.search is re_cache.search and packaged.find(r"a+", "caa").group() == "aa"
    assert type(packaged.find(r"a+", "caa")) is re.Match
    assert isinstance(user.search.__self__, S.Guard) and user.find(r"a+", "caa").group() == "aa"
    assert ctx.search is None                 # the shared context is not changed: no module state


def test_slow_unless_guard_skips_the_rules_fixes_not_the_run():
    from oomdoc.model import MAIN, Event
    from oomdoc.metrics_store import MetricStore
    from oomdoc.config import RunConfig

    ev = Event("crash", MAIN, 1, 1, {}, text="x" * 3000)
    ctx = C.Context(events=[ev], facts=[C.derive(ev)], cfg=RunConfig(), metrics=MetricStore(),
                    lines=[])
    rule = {"id": "team-slow-unless", "cause": "not-oom", "title": "t",
            "when": {"all": [{"event": "crash", "weight": 0.9}]},
            "fixes": [{"knob": "actor.micro_batch_size", "value": 1, "why": "w",
                       "unless": [{"event": "crash", "text": r"(x+x+)+y"}]}]}
    out = scoring.run([rule], ctx)
    assert [d.rule for d in out.diagnoses] == ["team-slow-unless"] and out.fixes == []
    assert any("team-slow-unless" in w and "fixes are skipped" in w for w in out.warnings)


def _team(tmp_path, evil: str) -> Path:
    """A team rules dir: one rule with the catastrophic pattern `evil`, one harmless rule."""
    team = tmp_path / "team"
    team.mkdir()
    _rule_file(team / "evil.yaml", "team-evil-regex", "{log_regex: '%s', weight: 0.9}" % evil)
    _rule_file(team / "fine.yaml", "team-fine-regex", r"{log_regex: 'expandable_segments', weight: 0.1}",
               cause="allocator-fragmentation")
    return team


def _evil_log(tmp_path) -> Path:
    log = tmp_path / "train.log"
    bar = "Training: |" + "#" * 3000 + "| 12/100\n"
    log.write_text(CASE.joinpath("train.log").read_text(encoding="utf-8") + bar, encoding="utf-8")
    return log


def test_explain_finishes_with_the_other_rules_and_names_the_slow_rule(tmp_path, cache, capsys):
    team = _team(tmp_path, r"(#+)+\|x")
    log = _evil_log(tmp_path)
    baseline = explain(str(log), similar=False)

    t0 = time.perf_counter()
    rep = explain(str(log), rules_dirs=[str(team)], similar=False)
    assert time.perf_counter() - t0 < 10
    assert rep.diagnoses[0].cause == baseline.diagnoses[0].cause == "allocator-fragmentation"
    assert "team-evil-regex" not in {r for d in rep.diagnoses for r in d.rules}
    (warn,) = [w for w in rep.warnings if "team-evil-regex" in w]
    assert r"(#+)+\|x" in warn and "skipped" in warn

    code = main(["explain", str(log), "--rules", str(team), "--format", "json"])
    out = capsys.readouterr()
    data = json.loads(out.out)
    assert code == 0 and data["diagnoses"][0]["cause"] == "allocator-fragmentation"
    assert any("team-evil-regex" in w for w in data["warnings"])


def test_warning_goes_to_stderr_once_and_the_rule_stays_off(capsys, monkeypatch):
    monkeypatch.setattr(S, "_WARNED", set())
    from oomdoc.model import MAIN, Event
    from oomdoc.metrics_store import MetricStore
    from oomdoc.config import RunConfig

    ev = Event("crash", MAIN, 1, 1, {}, text="#" * 3000 + "|")
    ctx = C.Context(events=[ev], facts=[C.derive(ev)], cfg=RunConfig(), metrics=MetricStore(), lines=[])
    rule = {"id": "team-evil", "cause": "not-oom", "title": "t",
            "when": {"all": [{"event": "crash", "text": r"(#+)+\|x", "weight": 0.9}]}, "fixes": []}
    off: dict = {}                            # live mode keeps one for the whole stream
    for _ in range(3):                        # live mode: one report per incident
        t0 = time.perf_counter()
        out = scoring.run([rule], ctx, off)
        assert any("team-evil" in w for w in out.warnings)
    assert time.perf_counter() - t0 < 0.05    # not re-run once it timed out
    assert capsys.readouterr().err.count("team-evil") == 1
    assert "regex_timeout" not in rule and set(off) == {"team-evil"}   # the rule itself is not written into


def test_rules_check_exits_nonzero_naming_rule_and_pattern(tmp_path, cache, capsys):
    team = _team(tmp_path, r"^(\w+\s?)*$")
    with pytest.raises(SystemExit) as exc:
        main(["rules", "check", str(team)])
    out = capsys.readouterr().out
    assert exc.value.code == 1
    bad = [ln for ln in out.splitlines() if "unsafe regex" in ln]
    assert bad and all("team-evil-regex" in ln and r"^(\w+\s?)*$" in ln for ln in bad)
    assert "when.any.0.log_regex" in bad[0]
