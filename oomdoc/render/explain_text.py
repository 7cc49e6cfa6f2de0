"""`oomdoc explain` for people: the failure in one line, the cause, the
evidence with line numbers, copy-pasteable fixes, the runners-up.

Colour only when asked (the command enables it on a TTY without NO_COLOR).
Echoed log text is masked (`redact`): evidence before it is cut to width, then
the whole report.
"""
from __future__ import annotations

CONFIRM_BELOW = 0.6   # diagnoses less sure than this print how to confirm them

from ..parsers.cut import SIGNATURE as CUT_TRACEBACK
from ..units import human
from . import redact


def _pct(x) -> str:
    return f"{x:.1%}" if isinstance(x, (int, float)) else "?"


def describe(ev) -> str:
    """One line naming the failure and its numbers."""
    if ev is None:
        return "no out-of-memory failure found in the log"
    f = ev.facts
    h = lambda k: human(f.get(k)) if f.get(k) is not None else None  # noqa: E731
    k = ev.kind
    if k == "gpu_oom" and f.get("signature") == CUT_TRACEBACK:
        line = f"a traceback cut before its exception, inside {f.get('phase') or 'a memory-mapping call'}: probably GPU out of memory"
    elif k == "gpu_oom":
        dev = f.get("device")
        parts = [f"{(f.get('backend') or 'gpu').upper()} out of memory"
                 + (f" on GPU {dev}" if dev is not None else "")]
        if h("requested_bytes"):
            parts.append(f"tried to allocate {h('requested_bytes')}")
        if h("free_bytes") and h("total_bytes"):
            parts.append(f"{h('free_bytes')} free of {h('total_bytes')}")
        if h("allocated_bytes"):
            parts.append(f"PyTorch allocated {h('allocated_bytes')}")
        if f.get("reserved_unallocated_bytes"):
            parts.append(f"reserved-unallocated {h('reserved_unallocated_bytes')}")
        procs = f.get("processes")
        if isinstance(procs, dict) and len(procs) > 1:
            parts.append(f"{len(procs)} processes on the GPU")
        line = ": ".join(parts[:1]) + (": " + ", ".join(parts[1:]) if len(parts) > 1 else "")
    elif k == "accelerator_oom":
        line = f"{f.get('api') or 'device'} runtime out of memory (outside PyTorch's caching allocator)"
    elif k == "ray_oom_kill":
        line = "Ray's memory monitor killed " + (f.get("task_name") or "a worker")
        if h("task_memory_bytes"):
            line += f" ({h('task_memory_bytes')})"
        if h("node_used_bytes") and h("node_total_bytes"):
            line += f": node RAM {h('node_used_bytes')} / {h('node_total_bytes')}"
            if f.get("node_fraction") is not None:
                line += f" ({_pct(f['node_fraction'])})"
        if f.get("threshold") is not None:
            line += f", threshold {f['threshold']:g}"
    elif k == "host_oom_kill":
        # a user-space killer or a scheduler's limit names itself (`killer`); otherwise the kernel killed
        killer = str(f.get("killer") or "kernel").replace("_", " ")
        who = "the kernel OOM killer" if killer == "kernel" else killer
        line = f"{who} killed " + str(f.get("process") or f.get("task_name") or "a process")
        if h("rss_bytes"):
            line += f" (rss {h('rss_bytes')})"
    elif k == "vllm_kv_cache_insufficient":
        if f.get("kv_cache_tokens") is not None:
            held = f"holds {f['kv_cache_tokens']} tokens"
        elif f.get("estimated_max_model_len") is not None:
            held = f"fits about {f['estimated_max_model_len']} tokens"
        elif h("kv_available_bytes"):
            held = f"has {h('kv_available_bytes')}" + (f" of the {h('kv_needed_bytes')} needed"
                                                       if h("kv_needed_bytes") else "")
        else:
            held = "is too small"
        line = f"vLLM's KV cache {held}, less than max_model_len {f.get('max_model_len', '?')}"
    elif k == "crash":
        line = f"the run crashed ({f.get('reason') or 'error'}), not an out-of-memory failure"
    elif k == "process_killed" and f.get("certainty") == "possible":
        line = "a process was killed with no memory report (probably the OOM killer)"
    else:
        # the catalogue tags (signature, memory, certainty) say how it was read, not what happened
        shown = [(n, v) for n, v in f.items() if n not in ("signature", "memory", "certainty", "truncated")
                 and not isinstance(v, (dict, list))]
        nums = ", ".join(f"{n}={human(v) if n.endswith('_bytes') else v}" for n, v in shown[:4])
        line = k.replace("_", " ") + (f": {nums}" if nums else "")
    where = f"line {ev.line}" if ev.end_line <= ev.line else f"lines {ev.line}-{ev.end_line}"
    return f"{line} ({where})"


def no_oom(report) -> bool:
    """A log with no out-of-memory failure at all: nothing failed, or only the not-oom rule spoke."""
    shown = report.shown()
    if report.failure is not None:
        return False
    return not shown or all(d.cause == "not-oom" for d in shown[:1])


def checked(report) -> list[str]:
    """What was looked for in a log where nothing was found, in words."""
    from ..rules_engine.vocab import OOM_KINDS

    a = report.analysis
    kinds = sorted(OOM_KINDS)
    out = [f"read {a.lines_read:,} lines and looked for every out-of-memory failure oomdoc knows: "
           + ", ".join(k.replace("_", " ") for k in kinds)]
    seen = {}
    for ev in a.events:
        seen[ev.kind] = seen.get(ev.kind, 0) + ev.count
    if seen:
        out.append("seen instead: " + ", ".join(f"{k.replace('_', ' ')} ×{n}" for k, n in sorted(seen.items())))
    names = a.metrics.names() if getattr(a, "metrics", None) is not None else []
    if names:
        out.append(f"metric series read: {len(names)} ({', '.join(names[:6])}{', …' if len(names) > 6 else ''})")
    return out


def evidence_where(item) -> str:
    """`line 54` or, for a record of many lines, `line 54 (31-54)`."""
    ln = item[0]
    if ln is None:
        return "config"
    start, end = getattr(item, "start", None), getattr(item, "end", None)
    if start is not None and end is not None and (start, end) != (ln, ln):
        return f"line {ln} ({start}-{end})"
    return f"line {ln}"


def fix_notes(fixes) -> list[str]:
    """Each fix's `where`, minus a general location an earlier fix already named
    (vLLM's "engine argument (...)" is said once, not for every engine flag)."""
    from .. import re_cache

    out, said = [], set()
    for f in fixes:
        parts = [p for p in (getattr(f, "where", "") or "").split("; ") if p]
        if parts and parts[0] in said and not re_cache.compile(r":\d+\b|\bline \d+").search(parts[0]):
            parts = parts[1:]        # a file:line location is specific to the fix: always kept
        elif parts:
            said.add(parts[0])
        out.append("; ".join(parts))
    return out


def render(report, color: bool = False) -> str:
    from .trends import sparkline, trends

    style = None
    if color:     # click only for colour: a plain run does not pay for importing it
        from click import style

    def st(text, **kw):
        return style(text, **kw) if color else text

    out = []
    name = report.analysis.name
    out.append(st(f"oomdoc: {name}", bold=True))
    fw = report.cfg.framework
    shown = report.shown()
    if no_oom(report):
        out.append("  " + st("no out-of-memory failure in this log", fg="green", bold=True))
        out += [f"  {line}" for line in checked(report)]
        if fw.id:
            out.append(f"  framework: {fw.id}" + (f" {fw.version}" if fw.version else ""))
        for w in report.warnings:
            out.append(st(f"! {w}", fg="yellow"))
        return redact.text("\n".join(out) + "\n")
    out.append(f"  failure: {describe(report.failure)}")
    if report.shortfall_bytes:
        out.append(f"  short by: {human(report.shortfall_bytes)}")
    if fw.id:
        out.append(f"  framework: {fw.id}" + (f" {fw.version}" if fw.version else ""))
    ts = trends(report)
    if ts:
        out.append(st("trend:", bold=True) if len(ts) == 1 else st("trends:", bold=True))
        width = max(len(t.label) for t in ts)
        for t in ts:
            out.append(f"  {t.label:<{width}}  {sparkline(t)}  {t.summary()}")
    if not shown:
        out.append("")
        out.append(st("No rule matched this log.", fg="yellow"))
    else:
        d = shown[0]
        out.append("")
        out.append(st("cause: ", bold=True) + st(d.cause, fg="red", bold=True)
                   + f"  (confidence {d.confidence:.2f}, rule {d.rule})")
        out.append(f"  {d.title}")
        if d.evidence:
            out.append(st("evidence:", bold=True))
            wheres = [evidence_where(e) for e in d.evidence[:8]]
            width = max(10, *(len(w) for w in wheres))
            for where, (ln, text) in zip(wheres, d.evidence[:8]):
                out.append(f"  {where:>{width}}  {redact.text(text)[:160]}")
        if d.confirm and d.confidence < CONFIRM_BELOW:
            # a low-confidence reading says how to make sure before anyone acts on it
            out.append(st("to confirm: ", bold=True) + d.confirm)
    if report.fixes:
        out.append("")
        out.append(st("fixes", bold=True) + " (best first; paste into your config or command line):")
        fixes = report.fixes[:8]
        for i, (f, note) in enumerate(zip(fixes, fix_notes(fixes)), 1):
            extra = []
            if f.frees_bytes:
                extra.append(f"frees ~{human(f.frees_bytes)}")
            if f.covers:
                extra.append("covers the shortfall")
            tail = f"   [{', '.join(extra)}]" if extra else ""
            out.append(f"  {i}. " + st(f.change, fg="green") + tail)
            for also in getattr(f, "also", None) or []:
                out.append("     and " + st(also, fg="green") + "   [keeps the effective batch]")
            if note:
                out.append(f"     where: {note}")
            out.append(f"     why: {f.why}")
            if f.cost:
                out.append(f"     cost: {f.cost}")
    if len(shown) > 1:
        out.append("")
        out.append(st("also possible:", bold=True))
        for d in shown[1:]:
            tag = " (symptom)" if d.symptom else ""
            out.append(f"  {d.cause:<30} {d.confidence:.2f}  {d.title}{tag}")
    if report.similar:
        out.append("")
        out.append(st("closest known cases:", bold=True))
        for case, score, cause in report.similar:
            out.append(f"  {case:<50} {score:5.1f}  {cause}")
        out.append("  (run `oomdoc explain --example NAME` to see one)")
    for w in report.warnings:
        out.append(st(f"! {w}", fg="yellow"))
    return redact.text("\n".join(out) + "\n")
