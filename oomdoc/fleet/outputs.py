"""The scan's outputs: the JSON document, a terminal table, a Markdown fleet
report, CSV and jsonl lines. All read the rows and `grouping.summarise`."""
from __future__ import annotations

import csv
import io
import json

from .grouping import describe_settings
from ..render.scan_schema import SCAN_VERSION

CSV_COLUMNS = ["path", "status", "outcome", "cause", "confidence", "framework", "settings",
               "fix_knob", "fix_value", "fix", "error", "seconds", "cached"]
TOP_GROUPS = 10
MAX_ERRORS_SHOWN = 20


class Sink:
    """Takes rows as they finish. jsonl is written at once; for json each run is
    kept as its compact JSON text (a fraction of the memory of the objects), and
    every row is kept without its report for the summary."""

    def __init__(self, fmt: str, stream):
        self.fmt, self.stream = fmt, stream
        self.rows: list[dict] = []
        self.texts: list[tuple[str, str]] = []

    def add(self, row: dict) -> None:
        if self.fmt in ("json", "jsonl"):
            text = json_line(row)
            if self.fmt == "jsonl":
                self.stream.write(text + "\n")
                self.stream.flush()
            else:
                self.texts.append((row["path"], text))
        row.pop("report", None)
        self.rows.append(row)


def head(summary: dict, *, complete: bool, not_scanned: int = 0) -> dict:
    """The scan document without its runs."""
    from .. import __version__

    doc = {"scan_version": SCAN_VERSION, "oomdoc_version": __version__, "complete": complete}
    if not complete:
        doc["not_scanned"] = not_scanned
    doc.update(summary)
    return doc


def write_document(stream, doc_head: dict, texts: list[tuple[str, str]]) -> None:
    """One JSON document: a top-level key a line, then one run a line, sorted by path
    (json's C encoder writes only compact text; an indented 2,000-run report is slow)."""
    stream.write("{\n")
    for key, value in doc_head.items():
        stream.write(f"{json.dumps(key)}: {json.dumps(value, ensure_ascii=False, default=str)},\n")
    stream.write('"runs": [\n')
    stream.write(",\n".join(text for _, text in sorted(texts, key=lambda pt: pt[0])))
    stream.write("\n]\n}\n")
    stream.flush()


def json_line(row: dict) -> str:
    return json.dumps(row, ensure_ascii=False, default=str)


def to_csv(rows: list[dict]) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    for r in sorted(rows, key=lambda r: r["path"]):
        fix = r.get("fix") or {}
        w.writerow([r["path"], r["status"], r.get("outcome") or "", r.get("cause") or "",
                    "" if r.get("confidence") is None else r["confidence"], r.get("framework") or "",
                    describe_settings(r.get("settings") or {}), fix.get("knob", ""),
                    "" if not fix else json.dumps(fix.get("value"), default=str), fix.get("change", ""),
                    r.get("error") or "", "" if r.get("seconds") is None else r["seconds"],
                    "yes" if r.get("cached") else ""])
    return buf.getvalue()


def _headline(doc: dict, seconds: float | None) -> str:
    c = doc["counts"]
    parts = [f"{c['oom']} OOM", f"{c['not_oom']} failed not by OOM", f"{c['clean']} clean",
             f"{c['error']} errors"]
    took = f" in {seconds:.1f} s" if seconds is not None else ""
    cached = f" ({c['cached']} from cache)" if c.get("cached") else ""
    tail = "" if doc["complete"] else f"; INTERRUPTED, {doc.get('not_scanned', 0)} logs not scanned"
    return f"Scanned {c['runs']} logs{took}{cached}: {', '.join(parts)}{tail}"


def table(doc: dict, seconds: float | None = None) -> str:
    out = [_headline(doc, seconds), ""]
    causes = doc["by_cause"]
    if causes:
        width = max(len("cause"), *(len(c) for c in causes))
        out.append(f"{'runs':>5}  {'cause':<{width}}  frameworks")
        for cause, n in causes.items():
            out.append(f"{n:>5}  {cause:<{width}}  {_frameworks(doc, cause)}")
        out.append("")
    groups = doc["groups"][:TOP_GROUPS]
    if groups:
        out.append(f"Top groups ({len(groups)} of {len(doc['groups'])}):")
        for g in groups:
            out.append(f"{g['count']:>5} runs: {_group_title(g)}")
            if g["fix"]:
                out.append(f"         fix: {g['fix']['change']}")
            shown = g["runs"][:3]
            more = f" (+{len(g['runs']) - 3} more)" if len(g["runs"]) > 3 else ""
            out.append(f"         runs: {', '.join(shown)}{more}")
        out.append("")
    out += _errors(doc, lambda e: f"  {e['error']}")
    return "\n".join(out).rstrip("\n") + "\n"


def _frameworks(doc: dict, cause: str) -> str:
    return ", ".join(f"{r['framework']} {r['runs']}" for r in doc["by_cause_framework"] if r["cause"] == cause)


def _group_title(g: dict) -> str:
    bits = [g["cause"] or "unknown cause", g["framework"] or "unknown framework"]
    settings = describe_settings(g["settings"])
    return ", ".join(bits + ([settings] if settings else []))


def _errors(doc: dict, fmt) -> list[str]:
    errs = doc["errors"]
    if not errs:
        return []
    out = [f"Errors ({len(errs)}):"]
    out += [fmt(e) for e in errs[:MAX_ERRORS_SHOWN]]
    if len(errs) > MAX_ERRORS_SHOWN:
        out.append(f"  ... and {len(errs) - MAX_ERRORS_SHOWN} more (--format json lists them all)")
    return out


def markdown(doc: dict) -> str:
    from ..render.explain_markdown import code

    def cell(text) -> str:
        return str(text).replace("|", "\\|").replace("\n", " ")

    out = ["## Fleet OOM report", "", _headline(doc, None), ""]
    if doc["by_cause"]:
        out += ["| runs | cause | frameworks |", "|---:|---|---|"]
        out += [f"| {n} | `{cause}` | {_frameworks(doc, cause)} |" for cause, n in doc["by_cause"].items()]
        out.append("")
    if doc["groups"]:
        out += ["### Groups", ""]
        for g in doc["groups"]:
            settings = describe_settings(g["settings"])
            out.append(f"- **{g['count']} runs:** `{g['cause']}`, {g['framework'] or 'unknown framework'}"
                       + (f", {code(cell(settings))}" if settings else ""))
            if g["fix"]:
                out.append(f"  - fix ({g['fix_runs']} runs): {code(cell(g['fix']['change']))}")
            out.append("  - runs: " + ", ".join(code(cell(p)) for p in g["runs"]))
        out.append("")
    errs = _errors(doc, lambda e: f"- {code(cell(e['error']))}")
    if errs:
        out += ["### " + errs[0].rstrip(":"), "", *errs[1:], ""]
    from .. import __version__

    out += [f"<sub>generated by oomdoc {__version__} scan</sub>", ""]
    return "\n".join(out)
