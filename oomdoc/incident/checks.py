"""Check one incident report: every finding `oomdoc check` prints.

Check ids (level):

  front-matter        error    front matter broken, not a mapping, or `cause` not a cause id
  front-matter-key    warning  unknown key (with a near-miss hint)
  front-matter-value  warning  status / framework / date / list fields malformed
  cause-missing       error    the report holds an OOM log but names no cause
  cause-unknown       warning  `cause: unknown` although oomdoc names one
  cause-disagrees     error    the cause is not in oomdoc's top diagnoses (note with an override)
  cause-unconfirmed   note     no rule matched the log, so the cause cannot be checked
  override-reason     error    `oomdoc: disagree` without a reason
  override-unused     note     an override although oomdoc agrees
  evidence-truncated  error    traceback without its exception line, OOM message cut before its
                               numbers (warning inside a linked log file)
  evidence-no-oom     warning  a cause is recorded but the pasted logs hold no OOM
  no-log              note     a cause is recorded but there is no log to check it against
  link-missing        error    a linked log/config file does not exist
  log-unreadable      error    a linked log is binary or cannot be read
  secret              error    a credential in the report or a linked log (printed masked)
  fence-unclosed      warning  a code fence is never closed
  diagnosis-markers   error    diagnosis markers unbalanced
  diagnosis-stale     note     the generated diagnosis section differs from a fresh one
"""
from __future__ import annotations

import tempfile
from dataclasses import dataclass, field

from . import Finding, complete, evidence, frontmatter, leaks
from .report_parse import Doc, parse


@dataclass
class Context:
    rules: list | None = None     # preloaded once for every report
    top: int = 3
    rules_dirs: tuple = ()

    def load(self) -> None:
        from ..rules_engine.loader import RuleError, load_rules

        rs = load_rules(self.rules_dirs)
        if rs.errors:
            raise RuleError(rs.errors)
        self.rules = rs.rules


@dataclass
class Result:
    path: str
    text: str
    doc: Doc
    fm: frontmatter.FrontMatter
    ev: evidence.Evidence
    report: object = None          # diagnose.Report, when the report carries a log
    holds_oom: bool = False
    findings: list[Finding] = field(default_factory=list)

    def add(self, line: int, level: str, check: str, message: str) -> None:
        self.findings.append(Finding(self.path, line, level, check, message))


def check_text(path: str, text: str, ctx: Context) -> Result:
    doc = parse(text)
    fm = frontmatter.read(doc, path)
    with tempfile.TemporaryDirectory(prefix="oomdoc-incident-") as tmp:
        ev = evidence.gather(doc, path, tmp, fm.paths("logs"), fm.paths("config"),
                             fm.line("logs", fm.line("config")))
        res = Result(path, text, doc, fm, ev, findings=list(fm.findings))
        for ln, msg in doc.marker_errors:
            res.add(ln, "error", "diagnosis-markers", msg)
        for b in doc.blocks:
            if not b.closed:
                res.add(b.line, "warning", "fence-unclosed", "code fence is never closed: the rest of "
                                                            "the file is read as code")
        res.findings += leaks.findings(path, text)
        for lk in ev.linked:
            res.findings += leaks.findings(lk.path, lk.text)
        res.findings += ev.findings
        if ev.has_log:
            _diagnose(res, ev, ctx)
    _cause(res, ctx)
    return res


def _diagnose(res: Result, ev: evidence.Evidence, ctx: Context) -> None:
    from ..diagnose import explain
    from ..pipeline import read_events
    from ..rules_engine.vocab import OOM_KINDS, SYMPTOM_KINDS

    analysis = read_events(ev.data, name=ev.label())
    res.report = explain(ev.data, config_paths=ev.configs, rules=ctx.rules, analysis=analysis,
                         top=ctx.top, similar=False)
    from ..parsers.cut import SIGNATURE as GUESSED_FROM_A_CUT_TRACEBACK

    # an OOM guessed from a traceback cut before its exception is not evidence of one: the
    # evidence-truncated finding asks for the rest of the paste instead
    kinds = {e.kind for e in analysis.events if e.facts.get("signature") != GUESSED_FROM_A_CUT_TRACEBACK}
    top = res.report.diagnoses[0].cause if res.report.diagnoses else None
    res.holds_oom = bool(kinds & OOM_KINDS) or bool(kinds & SYMPTOM_KINDS and top not in (None, "not-oom"))
    res.findings += complete.findings(ev, analysis, res.path)


def _ranked(res: Result, ctx: Context) -> list:
    return res.report.diagnoses[: ctx.top] if res.report is not None else []


def _cause(res: Result, ctx: Context) -> None:
    fm, doc = res.fm, res.doc
    if any(f.check == "front-matter" and f.line != fm.line("cause", -1) for f in fm.findings):
        return  # the cause may be in the part that did not parse: do not guess
    cause = fm.data.get("cause")
    cause = cause.strip() if isinstance(cause, str) and cause.strip() else None
    valid = cause is not None and (cause == "unknown" or cause in frontmatter.causes())
    overrides = [(o.line, o.reason) for o in doc.overrides]
    fo = frontmatter.override(fm)
    if fo:
        overrides.insert(0, fo)
    for ln, reason in overrides:
        if not reason:
            res.add(ln, "error", "override-reason", "`oomdoc: disagree` needs a reason: "
                                                   "`oomdoc: disagree — <why the recorded cause is right>`")
    ranked = _ranked(res, ctx)
    named = ", ".join(f"{d.cause} ({d.confidence:.2f})" for d in ranked)
    suggest = f"; oomdoc suggests `cause: {ranked[0].cause}`" if ranked else ""
    line = fm.line("cause", doc.front_line or 1)
    failure = res.report.failure if res.report is not None else None
    at = f" (line {res.ev.report_line(failure.line)})" if failure is not None and \
        res.ev.where(failure.line)[0] is None else ""
    if res.holds_oom:
        if cause is None:
            where = "front matter" if fm.present else "front matter (--- cause: ... ---)"
            res.add(line, "error", "cause-missing",
                    f"the report holds an OOM log{at} but its {where} names no cause{suggest}")
            return
        if not valid:
            return  # already an error in front-matter
        if cause == "unknown":
            if ranked and ranked[0].cause != "not-oom":
                res.add(line, "warning", "cause-unknown", f"cause is `unknown`{suggest}")
            return
        if not ranked:
            res.add(line, "note", "cause-unconfirmed",
                    f"no oomdoc rule matched the log, so cause {cause!r} cannot be checked")
            return
        if cause in {d.cause for d in ranked}:
            for ln, _ in overrides:
                res.add(ln, "note", "override-unused",
                        f"oomdoc agrees with cause {cause!r}: the override can go")
            return
        reasons = [r for _, r in overrides if r]
        if reasons:
            res.add(line, "note", "cause-disagrees",
                    f"cause {cause!r} is not in oomdoc's top {ctx.top} ({named}); kept by override: {reasons[0]}")
        else:
            res.add(line, "error", "cause-disagrees",
                    f"cause {cause!r} is not in oomdoc's top {ctx.top} ({named}). Fix the cause, or keep it "
                    "with `<!-- oomdoc: disagree — <reason> -->`")
        return
    if not valid or cause in ("unknown", "not-oom"):
        return
    if any(f.check == "evidence-truncated" for f in res.findings):
        return  # that finding already says what is missing
    if res.ev.has_log:
        res.add(line, "warning", "evidence-no-oom",
                f"cause {cause!r} is recorded but the pasted logs hold no out-of-memory message: "
                "paste the lines where it failed")
    else:
        res.add(line, "note", "no-log", f"cause {cause!r} cannot be checked: the report has no log "
                                        "excerpt (a fenced block) or linked .log file")
