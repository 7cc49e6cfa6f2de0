"""Line clean-up and source-prefix peeling.

A training log interleaves many writers, and each launcher glues its own
prefix onto every line: torchrun `[rank3]:`, Ray `(WorkerDict pid=1, ip=…)`,
vLLM `(EngineCore_DP0 pid=…)` plus its logger header, DeepSpeed's logger,
docker-compose `svc-1  |`, timestamps added by collectors. Prefixes are peeled
repeatedly (they nest: `[default0]:[rank0]:`), the writer goes into a
`Source`, and parsers see only the message.
"""
from __future__ import annotations

from . import re_cache
from .model import MAIN, Line, Source

# Colour codes whose escape byte was lost or written out by whatever stored the log:
# `[36m` (copied from a terminal), `^[[36m` (less, cat -v), `#033[36m` (syslog/rsyslog),
# `\x1b[36m`, `\033[36m`, `\e[36m`, `\u001b[36m` (a JSON or shell string). Only SGR
# colour/style codes: `[12m30s]` is left alone.
VISIBLE_ANSI_RE = re_cache.lazy(
    r"(?:#033|\^\[|\\x1[bB]|\\033|\\e|\\u001[bB])?\[(?:0|1|2|22|3[0-9]|9[0-7]|1;3[0-9]|38;5;\d{1,3})m")
ANSI_RE = re_cache.lazy(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[@-Z\\-_])")
REPEAT_RE = re_cache.lazy(r"\s*\[repeated (\d+)x across cluster\]\s*$")
TQDM_RE = re_cache.lazy(r"\d+%\|")

# Each entry: (regex anchored at the start, what it tells). Order matters only
# where two could match the same text.
_RANK = re_cache.lazy(r"\[rank(\d+)\]:\s?")
_TEE = re_cache.lazy(r"\[([A-Za-z_]+?)(\d+)\]:\s?")
_RAY = re_cache.lazy(
    r"\((?P<name>[A-Za-z_][\w.:<>-]*?)?(?P<attrs>(?:(?:(?<=\()|[ ,]+)\w+=[^\s,()]+)*)\)\s?"
)
_RAY_BARE = re_cache.lazy(r"\((raylet|gcs_server|autoscaler|dashboard|monitor)(?:[ ,][^)]*)?\)\s?")
_RAY_CPP = re_cache.lazy(
    r"\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[,.]\d+ ([IWEF]) \d+ \d+\]\s+(?:\((\w+)\)\s+)?(?:[\w./-]+\.cc:\d+:\s+)?"
)
_PYLOG = re_cache.lazy(
    r"\[\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:[,.]\d+)?\]\s*\[(?P<level>[A-Z]+)\]\s*(?:\[[^\]]*\]\s*)?"
)
_VLLM = re_cache.lazy(
    r"(?P<level>DEBUG|INFO|WARNING|WARN|ERROR|CRITICAL)\s+\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?\s+"
    r"(?:\[[^\]]*\]|[\w./-]+:\d+\])\s?"
)
_GLOG = re_cache.lazy(r"(?P<level>[IWEF])\d{4} \d\d:\d\d:\d\d\.\d+\s+\d+\s+[^\s\]]+:\d+\]\s?")
_ISO = re_cache.lazy(
    r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?"
    r"(?:\s+(?:stdout|stderr) [FP] )?"   # Kubernetes (CRI) container log: stream and partial flag
    r"(?:\s*[|\-]\s*|\s(?=\s*\S)|(?=\S))"   # one space: the rest may be a traceback's indentation
)
_SRUN = re_cache.lazy(r"(\d{1,5}): ")  # `srun --label`: the task id in front of each line
_LEVEL = re_cache.lazy(
    r"(?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL)(?:\s*[-:|]\s*|\s+)"
    r"(?:(?P<loguru>[\w.<>]+(?::[\w.<>]+)*:\d+ - )"   # loguru: `ERROR    | __main__:main:42 - `
    r"|[\w.]+(?:\s*[-:|]\s+|:\d+\]\s*))?")
# Python logging's `%(name)s - %(levelname)s - ` after a timestamp
_NAME_LEVEL = re_cache.lazy(r"[\w.<>-]+ - (?P<level>DEBUG|INFO|WARNING|ERROR|CRITICAL) - ")
_TIME = re_cache.lazy(r"\d\d:\d\d:\d\d(?:[.,]\d+)?(?:\s|(?=[^\d\s]))")
_DMESG = re_cache.lazy(r"\[\s*\d+\.\d+\]\s")
# syslog / journalctl: `Nov 24 12:00:01 host kernel: `, `... host python3[4242]: `
_JOURNAL = re_cache.lazy(
    r"[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S+ (?:(?P<kernel>kernel)|[\w.@/-]+(?:\[(?P<pid>\d+)\])?):\s")
_COMPOSE = re_cache.lazy(r"(?P<svc>[A-Za-z][\w.]*(?:[-_][\w.]+)*[-_]\d+)\s+\|\s?")
_ATTR = re_cache.lazy(r"(\w+)=([^\s,()]+)")
# Launchers that tag every line of a multi-node job: Open MPI's `mpirun --tag-output`
# (`[1,3]<stderr>:`, Horovod, DeepSpeed's openmpi/mvapich runners) and SageMaker's
# (`[1,mpirank:3,algo-1]<stderr>:`); `kubectl logs --prefix` (`[pod/name/container] `);
# Lightning's `[rank: 1] `; pdsh, DeepSpeed's default multi-node runner, puts the host in
# front (`10.0.0.3: `; a host *name* is read only when the whole paste shows it, see host_prefix)
_MPI_TAG = re_cache.lazy(r"\[\d+,(?:mpirank:)?(\d+)(?:,([\w.-]+))?\]<(?:stdout|stderr|stddiag)>:\s?")
_KUBE_PREFIX = re_cache.lazy(r"\[pod/([\w.-]+)/[\w.-]+\]\s")
_LIGHTNING = re_cache.lazy(r"\[rank: (\d+)\]\s")
_PDSH_IP = re_cache.lazy(r"(\d{1,3}(?:\.\d{1,3}){3}): ")
HOST_PREFIX = re_cache.lazy(r"(localhost|[A-Za-z][\w-]*\d[\w.-]*): ")
# `stern` (Kubernetes multi-pod tail) writes `pod container ` before each line; a pod name is a
# DNS label with a dash and a digit in it (`trainer-7d9f8c-x2b4k`, `ray-head-0`)
STERN_PREFIX = re_cache.lazy(r"((?=[a-z0-9.-]*-)(?=[a-z0-9.-]*\d)[a-z0-9][a-z0-9.-]*[a-z0-9]) [a-z0-9](?:[a-z0-9-]*[a-z0-9])? ")
_NOT_HOSTS = ("Error", "Exception", "Warning")


def clean(raw: str) -> list[str]:
    """Strip ANSI, resolve carriage-return rewrites; one or more logical lines.

    A `\\r` either rewrites a progress bar (keep only its last state) or joins
    unrelated output onto one physical line (keep each piece).
    """
    if raw.startswith('{"'):
        raw = _record_message(raw)
        if "\n" in raw.rstrip("\n"):       # a JSON logger's record holding a whole traceback
            return [piece for part in raw.rstrip("\n").split("\n") for piece in clean(part)]
    if "\x1b" in raw:
        raw = ANSI_RE.sub("", raw)
    # `[` first: one memchr, where the five searches cost ~16 us on a 1.4 KB verl metric line
    if "[" in raw and "m" in raw and ("[0m" in raw or "[1m" in raw or "[2m" in raw or "[3" in raw or "[9" in raw):
        raw = VISIBLE_ANSI_RE.sub("", raw)
    raw = raw.rstrip("\n")
    if "\r" not in raw:
        return [raw]
    pieces = [p for p in raw.split("\r") if p.strip()]
    if not pieces:
        return [""]
    # Keep only the last state of consecutive progress-bar redraws.
    out: list[str] = []
    for p in pieces:
        if out and TQDM_RE.search(out[-1]) and TQDM_RE.search(p):
            out[-1] = p
        else:
            out.append(p)
    return out


# the message field of a structured log record: docker's json-file (`log`), journalctl -o json
# (`MESSAGE`), Cloud Logging (`textPayload`), JSON loggers (`message`, `msg`)
_MESSAGE_KEYS = ("log", "MESSAGE", "message", "msg", "textPayload")
# (Python's logging.LogRecord keeps the formatted traceback in `exc_text`, which JSON formatters such as Ray's print)
_ERROR_KEYS = ("error", "err", "exception", "exc_info", "exc_text", "stack_trace", "stacktrace")
_EXIT_KEYS = ("exitCode", "exit_code", "exitcode")
_MESSAGE_RE = re_cache.lazy(r'"(?:log|MESSAGE|message|msg|textPayload)"\s*:\s*"((?:[^"\\]|\\.)*)')


def _record_message(raw: str) -> str:
    """A JSON log record's message (what the program printed), else the line as it is."""
    import json

    try:
        doc = json.loads(raw)
    except RecursionError:    # nested beyond what json reads: not a log record
        return raw
    except ValueError:        # cut by the paste: take the message as far as it goes
        m = _MESSAGE_RE.search(raw)
        if m is None:
            return raw
        try:
            return json.loads(f'"{m.group(1)}"')
        except ValueError:
            return m.group(1).replace("\\n", "\n").replace("\\t", "\t").replace('\\"', '"')
    if isinstance(doc, dict):
        for key in _MESSAGE_KEYS:
            if isinstance(doc.get(key), str):
                # structured loggers (zap, structlog, pino, logrus) print the failure beside the message, in
                # its own field (`"msg":"query failed","error":"...Memory limit exceeded..."`)
                err = next((doc[k] for k in _ERROR_KEYS if isinstance(doc.get(k), str) and doc[k].strip()), None)
                msg = doc[key] if err is None else f"{doc[key]}\n{err}"
                # ... and a controller (zap, Kubernetes operators) the termination it reports, in fields of their own
                # (`"msg":"Pod container terminated","reason":"OOMKilled","exitCode":137`)
                why = [f"reason: {doc['reason']}"] if isinstance(doc.get("reason"), str) and doc["reason"] else []
                why += [f"exit code {doc[k]}" for k in _EXIT_KEYS if isinstance(doc.get(k), int)
                        and not isinstance(doc[k], bool)][:1]
                return "\n".join([msg, *why]) if why else msg
    return raw


def _int(v: str | None) -> int | None:
    try:
        return int(v) if v is not None else None
    except ValueError:
        return None


def peel(no: int, text: str) -> Line:
    """Peel every known prefix off a cleaned line."""
    raw = text
    kind = ""
    rank = pid = None
    actor = ip = None
    level = None
    header = False
    repeat = 1
    if text.endswith("]") and "repeated" in text:
        m = REPEAT_RE.search(text)
        if m:
            repeat = int(m.group(1)) + 1
            text = text[: m.start()]
    for _ in range(8):
        if not text:
            break
        c = text[0]
        m = None
        if c == "[":
            m = _RANK.match(text)
            if m:
                kind, rank = "rank", int(m.group(1))
            else:
                m = _PYLOG.match(text) or _RAY_CPP.match(text)
                if m:
                    header = True
                    if m.re is _PYLOG.compiled():
                        level = m.group("level")
                    else:
                        level = {"I": "INFO", "W": "WARNING", "E": "ERROR", "F": "FATAL"}[m.group(1)]
                        if m.group(2):
                            kind, actor = "ray", m.group(2)
                else:
                    m = _DMESG.match(text)
                    if m:
                        kind = "kernel"
                    else:
                        m = _TEE.match(text)
                        if m and rank is None:
                            kind, rank = "rank", int(m.group(2))
                        elif m is None:
                            m = _MPI_TAG.match(text)
                            if m:
                                kind, rank, ip = "rank", int(m.group(1)), m.group(2) or ip
                            elif (m := _KUBE_PREFIX.match(text)) is not None:
                                kind, actor = "pod", m.group(1)
                            elif (m := _LIGHTNING.match(text)) is not None:
                                kind, rank = "rank", int(m.group(1))
        elif c == "(":
            got = _paren_prefix(text)
            if got is None:
                break
            end, bare, name, p, i, r = got
            if bare:
                kind, actor = "ray", name
            else:
                pid = p
                ip = i or ip
                if name:
                    actor = name
                kind = "vllm" if name and _is_vllm(name) else "ray"
                if r is not _NO_RANK:
                    rank = r
            text = text[end:]
            continue
        elif c.isdigit():
            m = _ISO.match(text) or _TIME.match(text)
            if m is None and ip is None:
                m = _PDSH_IP.match(text)
                if m:
                    ip = m.group(1)
            if m is None and kind == "" and rank is None:
                m = _SRUN.match(text)
                if m:
                    kind, rank = "rank", int(m.group(1))
        elif c in "DIWECF":
            m = _VLLM.match(text) or _GLOG.match(text) or _LEVEL.match(text)
            if m:
                # loguru's location on every line is a wrapper forwarding output, not a record each
                header = m.re is not _LEVEL.compiled() or not m.group("loguru")
                lv = m.groupdict().get("level")
                level = {"I": "INFO", "W": "WARNING", "E": "ERROR", "F": "FATAL"}.get(lv, lv)
        if m is None and c.isalpha():
            m = _JOURNAL.match(text)
            if m:
                if m.group("kernel"):
                    kind = "kernel"
                elif pid is None:
                    pid = _int(m.group("pid"))
            elif (m := _NAME_LEVEL.match(text)) is not None:
                level = m.group("level")   # no record header: a wrapper forwarding output writes it on every line
            else:
                # its `|` first (memchr): the pattern backtracks over a line's first word (~1-2 us)
                m = _COMPOSE.match(text) if "|" in text else None
                if m:
                    kind, actor = "compose", m.group("svc")
        if m is None or m.end() == 0:
            break
        text = text[m.end():]
    if kind or rank is not None or pid is not None or actor or ip:
        # one Source per writer (it is frozen): a worker prefixes every line alike
        key = (kind, rank, pid, actor, ip)
        source = SOURCE_MEMO.get(key)
        if source is None:
            if len(SOURCE_MEMO) >= MAXPAREN_MEMO:
                SOURCE_MEMO.clear()
            source = SOURCE_MEMO[key] = Source(kind=kind, rank=rank, pid=pid, actor=actor, ip=ip)
    else:
        source = MAIN
    return Line(no=no, text=text, raw=raw, source=source, repeat=repeat,
                header=header, level=level)


def host_prefix(lines: list[str]):
    """The pattern of the host (or pod) every line of a paste carries in front, or None: pdsh's
    `host: ` (DeepSpeed multi-node) or stern's `pod container `. Most lines start with one of a
    few host-like names (a digit in them: `worker-1`, `node03`, `gpu-a100-2`). Decided on the
    whole paste, as `fp16: ` or `step1: ` may start a line of any log."""
    body = [ANSI_RE.sub("", t) for t in lines if t.strip()]
    if len(body) < 2:
        return None
    for pattern in (HOST_PREFIX, STERN_PREFIX):
        found = [m for m in map(pattern.match, body) if m and not m.group(1).endswith(_NOT_HOSTS)]
        hosts = [m.group(1) for m in found]
        # two lines are a paste of one host's output only when both carry the very same prefix
        if len(body) == 2 and not (len(found) == 2 and found[0].group(0) == found[1].group(0)):
            continue
        if len(hosts) >= 0.6 * len(body) and len(set(hosts)) <= 32:
            return pattern
    return None


def with_host(line: Line, host: str) -> Line:
    """`line` from pdsh's `host` (the node goes where Ray puts its ip)."""
    s = line.source
    if s.ip is None:
        line.source = Source(kind=s.kind or "host", rank=s.rank, pid=s.pid, actor=s.actor, ip=host)
    return line


_NO_RANK = object()
PAREN_MEMO: dict = {}      # a Ray/vLLM prefix -> what it tells (`_paren_prefix`)
SOURCE_MEMO: dict = {}     # (kind, rank, pid, actor, ip) -> its Source (`peel`)
MAXPAREN_MEMO = 512


def _paren_prefix(text: str) -> tuple | None:
    """What a `(...)` prefix at the start of `text` tells: (its length, Ray daemon?, name,
    pid, ip, rank or _NO_RANK), or None when it is no source prefix.

    Both patterns end at the first `)` (nothing in them crosses one) and take at most
    one whitespace after it, so the answer depends on the text up to there: a worker
    prefixes every line alike, so it is worked out once per prefix (start-up, issue 12)."""
    close = text.find(")")
    if close < 0:
        return None
    head = text[:close + 2]
    try:
        return PAREN_MEMO[head]
    except KeyError:
        pass
    got = None
    m = _RAY_BARE.match(head)
    if m:
        got = (m.end(), True, m.group(1), None, None, _NO_RANK)
    else:
        m = _RAY.match(head)
        if m and (m.group("attrs") or "").strip():
            attrs = dict(_ATTR.findall(m.group("attrs")))
            if "pid" in attrs or "rank" in attrs or "ip" in attrs:
                got = (m.end(), False, m.group("name"), _int(attrs.get("pid")), attrs.get("ip"),
                       _int(attrs["rank"]) if "rank" in attrs else _NO_RANK)
    if len(PAREN_MEMO) >= MAXPAREN_MEMO:
        PAREN_MEMO.clear()
    PAREN_MEMO[head] = got
    return got


def _is_vllm(name: str) -> bool:
    return name.startswith(("EngineCore", "VllmWorker", "Worker_", "APIServer", "VllmWorkerProcess"))
