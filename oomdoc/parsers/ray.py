"""Ray memory monitor kills and Ray worker deaths (FORMATS.md §2).

The memory monitor (host RAM, not GPU) kills a worker when the node passes
`RAY_memory_usage_threshold`. Its message changed wording seven times:

* R1–R3 (2.1–2.54): `Task was killed due to the node running low on memory.`
  + `Memory on the node (IP: …) where the task|lease (…, name=…, pid=…, memory
  used=…GB) was running was U GB / T GB (frac), which exceeds the memory usage
  threshold of thr.` + a `PID MEM(GB) COMMAND` table, several lines;
* R4–R7 (2.55+): one long `N worker(s) were killed …` line with `; `-joined
  fragments, `actual memory used=`, `OOM kill reason: …`, `U GB used / L GB limit`;
* legacy Ray 0.8/1.x: `RayOutOfMemoryError: More than 95% of the memory on node
  X is used (U / T GB). The top 5 memory consumers are:` + a table with `GB`
  glued to the numbers;
* the raylet's periodic `N Workers (tasks / actors) killed due to memory
  pressure (OOM)` summary (counts only, lags the kill).

The kill text travels inside `ray.exceptions.OutOfMemoryError`,
`RayTaskError(OutOfMemoryError)`, `Worker exit detail:` and the retry line, so
each copy is parsed the same way and identical copies merge downstream.

Ray's generic "worker died" text only *lists* the OOM killer among possible
causes; it is reported as `ray_worker_died`, never as an OOM. Ray's "GB" is
treated as 2**30 (FORMATS.md §2.5); the printed fraction is exact, prefer it.
"""
from __future__ import annotations

from bisect import bisect_right

from .base import lazy as _lazy

from ..model import Event, Record
from .. import signatures
from ..units import NUMBER, number, to_bytes
from .base import event
from .. import re_cache

NAME = "ray"
KEYS = (  # few and broad: every record is tested against every key (hot path)
    "low on memory", "memory consumers", "memory pressure", "due to oom", "memory low at",
    "exit type", "actor is dead", "command", "workercrashed",
)
TRIGGERS = signatures.trigger_groups(NAME)   # literals: oomdoc/signatures/catalogue.yaml
LINE_TRIGGERS = ()

# Failures of one family at one moment are one incident (parsers/__init__.py).
FAILURE_FAMILY = "host"
# Reports that announce a failure whose details another line brings a moment later
# (the raylet's "N workers killed" summary, then the driver's exception with the
# node's memory): live mode waits a little for the details before it reports.
ANNOUNCES = {"ray_oom_kill": {"ray_form": "summary"}}
# What each kind is to an incident (parsers/__init__.py ROLES); unlisted kinds are precursors.
ROLES = {"ray_oom_kill": "failure", "ray_worker_died": "symptom"}
# Facts that differ between copies of one failure (each rank prints its own).
PER_COPY_FACTS = {"pid", "phase"}
KINDS = {
    "ray_oom_kill": "Ray's memory monitor killed a task/actor/lease because host RAM of the node "
                    "passed the threshold (incl. the legacy RayOutOfMemoryError, the raylet's "
                    "periodic kill summary and a bare top-memory-users table)",
    "ray_worker_died": "a Ray worker/actor died; Ray's text only lists the OOM killer among "
                       "possible causes, so this alone is not OOM evidence",
}
FACTS = {
    "phase": "what the killed task was doing, from its method name (model_load for an actor's __init__)",
    "node_used_bytes": "host RAM in use on the node (or its cgroup) when the monitor fired",
    "node_total_bytes": "host RAM of the node (or its cgroup limit)",
    "node_fraction": "node used/total as printed by Ray (or computed)",
    "threshold": "kill threshold fraction (RAY_memory_usage_threshold, or derived from the kill reason)",
    "threshold_bytes": "kill threshold in bytes (Ray >= 2.56 kill reason)",
    "task_memory_bytes": "memory of the killed worker process",
    "pid": "pid of the killed/dead worker",
    "task_name": "task or actor method of the killed worker (Ray's random actor prefix stripped)",
    "task_kind": "task, actor, lease or idle_worker",
    "node_ip": "IP of the node",
    "workers_killed": "number of workers killed (R4+ message, or the periodic summary)",
    "workers_crashed_other": "workers that crashed for other reasons (periodic summary)",
    "top_memory_users": "Ray's top memory users table: list of {pid, bytes, command}",
    "top_memory_total_bytes": "sum of the top memory users table",
    "kill_reason": "Ray >= 2.56 'OOM kill reason' text",
    "retries_left": "oom retries remaining when Ray retries the task (int, or 'infinite')",
    "ray_form": "which Ray wording: kill (R1-R3), kill_multi (R4+), legacy, early (2.0), summary, table",
    "table_only": "only the top-memory-users table was found, without its header paragraph",
    "exit_type": "Ray worker exit type (SYSTEM_ERROR, NODE_OUT_OF_MEMORY, ...)",
    "exit_detail": "kind of worker exit: connection_eof, signal, unrecoverable, ...",
    "oom_listed_as_possible": "Ray's text names the OOM killer only as one possible cause",
    "signal": "signal named in the exit detail (SIGTERM, SIGKILL, ...)",
    "exit_code": "exit code named in the exit detail",
    "actor_class": "class of the dead actor",
}
FACTS.update(signatures.tag_facts(KINDS))   # signature, memory, certainty and catalogue facts

_GB = r"\s*(?:GB|GiB)"
_KILL_R1 = _lazy(r"Task was killed due to the node running low on memory")
_KILL_R4 = _lazy(r"(?P<n>\d+) worker\(s\) (?:were|was) killed due to the node running low on memory")
# ids may be elided in a paste ("ID: 5d4c...)")
_NODE = _lazy(r"Memory on the node \(IP: (?P<ip>[^,)]+), ID: [\w.\u2026]+\)")
_USAGE = _lazy(
    rf"was (?P<used>{NUMBER}){_GB}(?: used)? / (?P<total>{NUMBER}){_GB}(?: limit)? \((?P<frac>{NUMBER})\)")
_THR = _lazy(rf"exceeds the memory usage threshold of (?P<thr>{NUMBER})")
_WHERE = _lazy(r"where the (?P<kind>task|lease) \((?P<label>task ID|actor ID|lease ID): [\w.\u2026]+, "
                    rf"name=(?P<name>.+?), pid=(?P<pid>\d+), memory used=(?P<mem>{NUMBER}){_GB}\)")
_VICTIM = _lazy(r"\((?P<kind>Task|Worker with no lease granted):(?P<body>.*?)"
                     rf"pid=(?P<pid>\d+), actual memory used=(?P<mem>{NUMBER}){_GB}")
_VICTIM_NAME = _lazy(r"task name=(?P<name>.+?), (?:required resources|pid)=")
_REASON = _lazy(r"OOM kill reason: (?P<reason>[^;]+?)(?:;|$)")
_REASON_BYTES = _lazy(rf"Memory usage (?P<used>\d+)\s*B exceeded threshold of (?P<thr>\d+)\s*B"
                           rf"(?: \((?P<pct>{NUMBER})% of (?P<limit>\d+)\s*B limit\))?")
_RETRY = _lazy(r"Task (?P<name>\S+) failed due to oom\. There are (?P<n>\d+|infinite) oom retries remaining")
_LEGACY = _lazy(rf"More than (?P<pct>{NUMBER})% of the memory on node (?P<node>\S+) is used "
                     rf"\((?P<used>{NUMBER}) / (?P<total>{NUMBER}){_GB}\)")
_EARLY = _lazy(rf"System memory low at node with IP (?P<ip>[\w.:-]+)\. Used memory \((?P<used>{NUMBER}){_GB}\) "
                    rf"/ total capacity \((?P<total>{NUMBER}){_GB}\) \((?P<frac>{NUMBER})\) exceeds threshold "
                    rf"(?P<thr>{NUMBER}), killing latest task with name (?P<name>\S+) and (?P<kind>task|actor) ID")
_SUMMARY = _lazy(r"(?P<n>\d+) Workers \(tasks / actors\) killed due to memory pressure \(OOM\), "
                      r"(?P<m>\d+) Workers crashed due to other reasons at node \(ID: \w+, IP: (?P<ip>[^)\s]+)\)")
_SUMMARY_HEAD = _lazy(r"(?P<n>\d+) Workers \(tasks / actors\) killed due to memory pressure \(OOM\)"
                      r"(?:, (?P<m>\d+) Workers crashed due to other reasons)?")
_TABLE_HEAD = _lazy(r"^\s*PID\s+MEM(?:\s*\(GB\))?\s+COMMAND\s*$")
_HEAD_END = _lazy(r"(?:^|[:;])\s*PID\s+MEM(?:\s*\(GB\))?\s+COMMAND\s*$")
_ROW = _lazy(rf"^\s*(?P<pid>\d+)\s+(?P<mem>{NUMBER})\s*(?P<unit>GB|GiB|MB)?\s+(?P<cmd>\S.*?)\s*$")
_TOP_INLINE = _lazy(r"Top \d+ memory users:|memory consumers are:")

_DIED = ("worker died or was killed", "Worker exit type", "actor died unexpectedly",
         "actor is dead because", "WorkerCrashedError")
_EXIT_TYPE = _lazy(r"Worker exit type: (?P<t>[A-Z_]+)")
_WORKER_PID = _lazy(r"(?:Worker PID: |^\s*pid: )(?P<pid>\d+)", re_cache.M)
_WORKER_IP = _lazy(r"(?:Worker IP address: |^\s*ip: )(?P<ip>[\d.]+)", re_cache.M)
_SIGNAL = _lazy(r"\b(?:receives a|by) (?P<sig>SIG[A-Z]+)\b(?! by OOM killer)")
_EXIT_CODE = _lazy(r"Exit code: (?P<code>-?\d+)")
_CLASS = _lazy(r"^\s*class_name: (?P<cls>\S+)", re_cache.M)


def _gb(num: str) -> int | None:
    return to_bytes(num, "GiB")


def _task_name(raw: str) -> str:
    """`8szhVkWorkerDict_0:3:WorkerDict.__init__` -> `WorkerDict.__init__`."""
    name = raw.strip()
    return name.rsplit(":", 1)[-1] if ":" in name else name


def _table(lines: list[str]) -> list[dict]:
    """Rows of the top-memory-users table(s) found in `lines`."""
    rows: list[dict] = []
    in_table = False
    for ln in lines:
        if _TABLE_HEAD.match(ln):
            in_table = True
            continue
        if not in_table:
            continue
        m = _ROW.match(ln)
        if not m:
            if ln.strip().startswith("...") or not ln.strip():
                continue
            in_table = False
            continue
        # Ray prints GB; a legacy row may glue the unit to the number.
        b = to_bytes(m["mem"], "GiB" if m["unit"] in (None, "GB") else m["unit"])
        if b is not None:
            rows.append({"pid": int(m["pid"]), "bytes": b, "command": m["cmd"]})
    return rows


def _table_lines(text: str) -> list[str]:
    """Record lines, with an inline (R4+) `Top 10 memory users: …` tail split into rows."""
    out: list[str] = []
    for ln in text.split("\n"):
        m = _TOP_INLINE.search(ln)
        tail = ln[m.end():] if m else ""
        cut = tail.find("Refer to the documentation")  # R4 glues the suggestions after ", "
        if cut >= 0:
            tail = tail[:cut].rstrip(", ")
        if m and tail.strip():
            out.append(ln[: m.end()])
            out.extend(p for p in re_cache.compile(r";\s*|\\n").split(tail))
        else:
            out.append(ln)
    return out


def _kill_facts(flat: str) -> dict:
    f: dict = {}
    m4 = _KILL_R4.search(flat)
    if m4:
        f["ray_form"] = "kill_multi"
        f["workers_killed"] = int(m4["n"])
    elif _KILL_R1.search(flat):
        f["ray_form"] = "kill"
    m = _NODE.search(flat)
    if m:
        f["node_ip"] = m["ip"].strip()
    m = _USAGE.search(flat)
    if m:
        f["node_used_bytes"] = _gb(m["used"])
        f["node_total_bytes"] = _gb(m["total"])
        f["node_fraction"] = number(m["frac"])
    m = _THR.search(flat)
    if m:
        f["threshold"] = number(m["thr"])
    m = _WHERE.search(flat)
    if m:
        f["task_kind"] = "actor" if m["label"] == "actor ID" else m["kind"]
        f["task_name"] = _task_name(m["name"])
        f["pid"] = int(m["pid"])
        f["task_memory_bytes"] = _gb(m["mem"])
    m = _VICTIM.search(flat)
    if m:
        f["task_kind"] = "lease" if m["kind"] == "Task" else "idle_worker"
        f["pid"] = int(m["pid"])
        f["task_memory_bytes"] = _gb(m["mem"])
        nm = _VICTIM_NAME.search(m["body"] + "pid=")
        if nm:
            f["task_name"] = _task_name(nm["name"])
    m = _REASON.search(flat)
    if m:
        f["kill_reason"] = m["reason"].strip()
        rb = _REASON_BYTES.search(m["reason"])
        if rb:
            f["threshold_bytes"] = int(rb["thr"])
            if rb["pct"]:
                f["threshold"] = round(number(rb["pct"]) / 100, 6)
            elif rb["limit"]:
                f["threshold"] = round(int(rb["thr"]) / int(rb["limit"]), 6)
    m = _RETRY.search(flat)
    if m:
        f["retries_left"] = m["n"] if m["n"] == "infinite" else int(m["n"])
        f.setdefault("task_name", _task_name(m["name"]))
    if "NODE_OUT_OF_MEMORY" in flat:
        f["exit_type"] = "NODE_OUT_OF_MEMORY"
    return f


def _legacy_facts(flat: str) -> dict:
    m = _LEGACY.search(flat)
    if not m:
        return {}
    used, total = _gb(m["used"]), _gb(m["total"])
    f = {"ray_form": "legacy", "node_used_bytes": used, "node_total_bytes": total,
         "threshold": round(number(m["pct"]) / 100, 6)}
    if used and total:
        f["node_fraction"] = round(used / total, 6)
    if re_cache.compile(r"[\d.]+").fullmatch(m["node"]):
        f["node_ip"] = m["node"]
    return f


def _early_facts(flat: str) -> dict:
    m = _EARLY.search(flat)
    if not m:
        return {}
    return {"ray_form": "early", "node_ip": m["ip"], "node_used_bytes": _gb(m["used"]),
            "node_total_bytes": _gb(m["total"]), "node_fraction": number(m["frac"]),
            "threshold": number(m["thr"]), "task_name": _task_name(m["name"]), "task_kind": m["kind"]}


def _died_facts(text: str, flat: str) -> dict:
    f: dict = {}
    m = _EXIT_TYPE.search(flat)
    if m:
        f["exit_type"] = m["t"]
    m = _WORKER_PID.search(text)
    if m:
        f["pid"] = int(m["pid"])
    m = _WORKER_IP.search(text)
    if m:
        f["node_ip"] = m["ip"]
    m = _CLASS.search(text)
    if m:
        f["actor_class"] = m["cls"]
    low = flat.lower()
    eof = "connection error code" in low or "exits with a connection" in low
    # Ray names memory among the possible causes: the OOM killer, or a K8s pod's memory limit
    # (`The worker may have exceeded K8s pod memory limits.`). node_manager.cc always follows
    # a connection EOF with its list of root causes, the OOM killer first: a paste cut before
    # the list still carries it
    if eof or "oom killer" in low or "pod memory limit" in low:
        f["oom_listed_as_possible"] = True
    if eof:
        f["exit_detail"] = "connection_eof"
    elif "exits unexpectedly by a signal" in low:
        f["exit_detail"] = "signal"
    elif "unrecoverable failure" in low:
        f["exit_detail"] = "unrecoverable"
    elif "its node has died" in low or "node has died" in low:
        f["exit_detail"] = "node_died"
    elif "ray.kill" in low or "references to the actor were removed" in low:
        f["exit_detail"] = "intended"
    m = _SIGNAL.search(flat)
    if m:
        f["signal"] = m["sig"]
    m = _EXIT_CODE.search(flat)
    if m:
        f["exit_code"] = int(m["code"])
    return f


def _with_table(f: dict, text: str) -> dict:
    rows = _table(_table_lines(text))
    if rows:
        f["top_memory_users"] = rows
        f["top_memory_total_bytes"] = sum(r["bytes"] for r in rows)
    return f


def _evidence(record: Record, needles: tuple[str, ...]) -> str:
    for ln in record.lines:
        if any(n in ln.text for n in needles):
            return ln.text.strip()[:2000]
    return record.lines[0].text.strip()[:2000]


def _is_kill_head(line: str) -> bool:
    return "running low on memory" in line or "failed due to oom" in line


def _kill_segments(record: Record) -> list[list]:
    """One segment per kill message: a traceback (or a record that absorbed
    later lines) may hold several reports, each with its own numbers."""
    segs: list[list] = [[]]
    seen = False
    for ln in record.lines:
        if _is_kill_head(ln.text):
            if seen:
                segs.append([])
            seen = True
        segs[-1].append(ln)
    return segs


def parse(record: Record) -> list[Event]:
    events = _parse(record)
    for ev in events:
        phase = _task_phase(ev.facts.get("task_name"))
        if phase and "phase" not in ev.facts:
            ev.facts["phase"] = phase
    return events


def _task_phase(task_name) -> str | None:
    """What the killed task was doing, from its method: `…RayActor.__init__` loads a model."""
    if not isinstance(task_name, str) or not task_name:
        return None
    from .pytorch import func_phase

    method = task_name.rpartition(".")[2]
    return func_phase("", method) or ("model_load" if method == "__init__" and "Actor" in task_name else None)


def _parse(record: Record) -> list[Event]:
    text = record.text
    flat = " ".join(ln.text.strip() for ln in record.lines)
    if "running low on memory" in flat or "failed due to oom" in flat:
        out = []
        for seg in _kill_segments(record):
            seg_text = "\n".join(ln.text for ln in seg)
            f = _with_table(_kill_facts(" ".join(ln.text.strip() for ln in seg)), seg_text)
            if f.get("ray_form") or "retries_left" in f:
                f.setdefault("ray_form", "kill")
                ev = next((ln.text.strip()[:2000] for ln in seg if _is_kill_head(ln.text)), seg[0].text.strip())
                part = record if len(seg) == len(record.lines) else Record(kind=record.kind, lines=seg)
                out.append(event("ray_oom_kill", part, f, text=ev))
        if out:
            return out
    if "of the memory on node" in flat:
        f = _legacy_facts(flat)
        if f:
            return [event("ray_oom_kill", record, _with_table(f, text),
                          text=_evidence(record, ("of the memory on node",)))]
    if "System memory low at node" in flat:
        f = _early_facts(flat)
        if f:
            return [event("ray_oom_kill", record, f, text=_evidence(record, ("System memory low",)))]
    if "killed due to memory pressure (OOM)" in flat:
        m = _SUMMARY.search(flat)
        if m and int(m["n"]) > 0:
            f = {"ray_form": "summary", "workers_killed": int(m["n"]),
                 "workers_crashed_other": int(m["m"]), "node_ip": m["ip"]}
            return [event("ray_oom_kill", record, f, text=_evidence(record, ("memory pressure",)))]
        # the node clause cut off or elided in a paste (`at node (ID: …)`): the counts still stand
        m = _SUMMARY_HEAD.search(flat)
        if m and int(m["n"]) > 0:
            f = {"ray_form": "summary", "workers_killed": int(m["n"])}
            if m["m"] is not None:
                f["workers_crashed_other"] = int(m["m"])
            return [event("ray_oom_kill", record, f, text=_evidence(record, ("memory pressure",)))]
        return []
    if any(d in flat for d in _DIED) or "class_name:" in text:
        f = _died_facts(text, flat)
        if f:
            return [event("ray_worker_died", record, f, text=_evidence(record, _DIED))]
        return []
    if "COMMAND" in text:
        f = _with_table({"ray_form": "table", "table_only": True}, text)
        if "top_memory_users" in f:
            return [event("ray_oom_kill", record, f, text=record.lines[0].text.strip())]
    return []


_SUGGESTION = ("Refer to the documentation on how to address the out of memory",
               "Consider provisioning more memory", "To adjust the kill threshold",
               "Set max_retries", "Set max_restarts")
_ACTOR_FIELDS = ("class_name:", "actor_id:", "pid:", "name:", "namespace:", "ip:")


def continues(text: str, nxt: str) -> bool:
    """Claim the lines of a Ray kill report and its table, and a dead actor's fields."""
    s = nxt.strip()
    body = text.rstrip()
    last = body[body.rfind("\n") + 1:].strip()      # the last non-blank line
    if not s:   # the legacy report sets its table off by a blank line, the periodic summary its suggestions
        return (last.endswith("memory consumers are:") or "killed due to memory pressure" in last) \
            and text.count("\n") < 4
    c = s[0]
    if _wrapped_report_piece(text, s):
        return True
    if c.isdigit() and last.endswith("memory pressure (OOM),") and " Workers crashed " in s:
        return True   # the periodic summary wrapped after its first clause
    if c.isdigit() or s.startswith("..."):
        if "COMMAND" in last:
            return bool(_HEAD_END.search(last))
        return bool(_ROW.match(last)) and _in_table(text)
    if c == "P" and _TABLE_HEAD.match(s):
        return bool(_TOP_INLINE.search(last) or _TOP_INLINE.search(_tail(body)[-60:])) or "Memory on the node" in last
    if c == "M" and s.startswith("Memory on the node"):
        return "running low on memory" in last or "running low on memory" in _tail(body)[-120:]
    if s.startswith(_SUGGESTION):
        return "running low on memory" in text or "Memory on the node" in text \
            or "killed due to memory pressure" in text
    if nxt[:1] == "\t" and s.startswith(_ACTOR_FIELDS):
        return "actor died unexpectedly" in last or "actor died unexpectedly" in _tail(body)[-120:] \
            or (last.startswith(_ACTOR_FIELDS) and "class_name:" in text)
    if s.startswith(("The actor is dead because", "The actor never ran")):
        return "class_name:" in text or "actor died unexpectedly" in text
    return False


def _tail(body: str) -> str:
    """The last line with the pieces a terminal cut off (built only where a test needs it:
    `continues` runs for every line that follows an open record)."""
    return "".join(body[-400:].split("\n"))


# A kill report a terminal hard-wrapped, each piece behind the same prefix: the pieces of
# its sentences (lowercase starts, `212.88GB / 224.00GB (...)`, `Ray killed this worker`)
# belong to it until its memory-users table begins.
_REPORT_OPEN = ("killed due to the node running low", "Memory on the node (IP")
_SIZE_PAIR = _lazy(r"[\d.]+\s*GB(?: used)?\s*/\s*[\d.]+\s*GB")


def _wrapped_report_piece(text: str, s: str) -> bool:
    # cheapest tests first: this runs for every line that follows an open record
    if not (s[0].islower() or s.startswith(("Ray killed this worker", "Memory on the node"))
            or _SIZE_PAIR.match(s) is not None):
        return False
    head = text[:3000]
    if not any(map(head.__contains__, _REPORT_OPEN)) or text.count("\n") >= 30:
        return False
    return not _in_table(text)


def _in_table(text: str) -> bool:
    return any(_HEAD_END.search(ln) for ln in text.split("\n"))


# -- a top-memory-users table pasted without its header --------------------------
HEADLESS_WINDOW = 40     # lines before a kill report where its table's rows may stand


def after_read(analysis) -> None:
    """Give a kill report the rows of its top-memory-users table when the paste cut the
    table's `Top 10 memory users:` / `PID MEM(GB) COMMAND` header: two or more
    `pid  GB  command` rows (a Ray worker or Python command) just before the report."""
    kills = [e for e in analysis.events if e.kind == "ray_oom_kill" and "top_memory_users" not in e.facts]
    if not kills or not analysis.lines:
        return
    lines = analysis.lines
    for ev in kills:
        end = bisect_right(lines, ev.line, key=lambda ln: ln.no)
        rows: list[dict] = []
        for ln in reversed(lines[max(0, end - HEADLESS_WINDOW):end]):
            m = _ROW.match(ln.text or ln.raw)   # a row the wrap joiner glued to the line above keeps its raw
            if m and ("ray::" in m["cmd"] or "python" in m["cmd"]):
                b = to_bytes(m["mem"], "GiB" if m["unit"] in (None, "GB") else m["unit"])
                if b is not None:
                    rows.append({"pid": int(m["pid"]), "bytes": b, "command": m["cmd"]})
                    continue
            if rows:
                break
        if len(rows) >= 2:
            rows.reverse()
            ev.facts["top_memory_users"] = rows
            ev.facts["top_memory_total_bytes"] = sum(r["bytes"] for r in rows)
