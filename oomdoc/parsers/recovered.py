"""Out-of-memory failures the program caught and went on from: context, never the failure.

Trainers catch an OOM by design and carry on. fairseq logs the allocator's whole message
(`OOM: Ran out of memory with exception: CUDA out of memory. Tried to allocate ...`), then
`attempting to recover from OOM in forward/backward pass` and `OOM in all workers, skipping
update`; detectron2's retry_if_cuda_oom says `Attempting to copy inputs of ... to CPU due to CUDA
OOM`; a batch-size finder says `Batch size 512 failed, trying batch size 256`. The OOM family reads
the message and reports a failure, as it must: the same message ends most runs.

What tells them apart is what the writer says and does next. After the whole log is read, an OOM
failure becomes `recovered_oom` when, within a few lines after it, its own writer says it recovers,
retries, skips the batch or falls back (never `failed to recover`, `giving up`, `no executable batch
size`), and then prints at least `WENT_ON` training lines of its own (metric lines, new tqdm states,
`loss` / `epoch` / `step` lines). Another rank's lines do not count: ranks die one by one.
(A recovery said on the OOM's own line, `... microbatch size will be decreased from 16 -> 8`, is
the generic net's to read.)
"""
from __future__ import annotations

from bisect import bisect_left

from .base import lazy

NAME = "recovered"
KEYS = ()
TRIGGERS = ()
LINE_TRIGGERS = ()
KINDS = {
    "recovered_oom": "an out-of-memory failure its program said it recovered from (retried, skipped the batch, fell "
                     "back) before training went on: context, not the failure",
}
ROLES = {"recovered_oom": "context"}
FACTS = {
    "recovered_kind": "recovered_oom: the kind the OOM family reported (gpu_oom, accelerator_oom, ...)",
    "recovery_text": "recovered_oom: the writer's own line that says it recovers, retries or skips",
    "later_steps": "recovered_oom: training lines the same writer printed after the recovery",
}

AFTER = 8       # kept lines after the OOM where the recovery must be said
WENT_ON = 2     # training lines of the same writer after it that prove the run went on
_RECOVERS = lazy(
    r"(?i)\battempt\w*\s+to\s+recover\b|\brecover(?:s|ing|ed)?\s+from\b|\bre-?trying\b|\bretried\b|\bwill\s+(?:be\s+)?retr"
    r"|\bskip(?:s|ping|ped)?\s+(?:this\s+|the\s+|that\s+)?(?:update|batch|step|sample|iteration|example)s?\b"
    r"|\btrying\s+(?:again|(?:a\s+)?(?:smaller\s+|lower\s+)?batch[\s_-]?size)\b"
    r"|\b(?:copy|copying|move|moving)\s+(?:the\s+)?inputs?\b.{0,80}?\bto\s+(?:the\s+)?cpu\b"
    r"|\bfall(?:s|ing)?\s+back\s+to\b")
_GAVE_UP = lazy(
    r"(?i)\b(?:fail\w*|unable|could\s*n[o']t|cannot|can't)\s+(?:to\s+)?recover|\bgiv(?:ing|e)\s+up\b|\bgave\s+up\b"
    r"|\bno\s+(?:more\s+)?retries\b|\bretries\s+exhausted\b|\bout\s+of\s+retries\b|\bmax\w*\s+retr\w*\s+(?:reached|exceeded)"
    r"|\bno\s+executable\s+batch\s+size\b|\bwill\s+not\s+retry\b|\bnot\s+retrying\b|\babort\w*")
# ... said as what it does, not as advice (Ray's `Set max_restarts and max_task_retries to enable retry when ...`)
_ADVICE = lazy(r"(?i)\b(?:set|enable|consider|recommend\w*|you\s+(?:can|may|should|could)|to\s+avoid|if)\b")
_STEP = lazy(r"(?i)\b(?:loss|epoch|step|batch|iter(?:ation)?|num_updates)\b\W{0,3}\d")
# ... said of the OOM on its own line, a bare `skipped` is enough (`CUDA OOM on batch 13, skipped (...)`)
_SKIPPED = lazy(r"(?i)\bskip(?:s|ped|ping)\b")
# where a quoted OOM message starts on its line: its exception class, or the allocator's sentence
_MESSAGE = lazy(r"(?i)[\w.]*(?:Error|Exception)\b\s*[:(]|\b(?:CUDA|HIP|XPU|MPS|NPU)\s+out\s+of\s+memory\.|RESOURCE_EXHAUSTED")
_PROGRESS = lazy(r"\|\s*(\d+)/(\d+) \[")


def after_read(analysis) -> None:
    """Re-kind the OOM failures their writer recovered from."""
    from . import roles

    role = roles()
    lines = analysis.lines
    if not lines:
        return
    failures = [e for e in analysis.events if role.get(e.kind) == "failure"]
    if not failures:
        return
    metric_lines = {ln for name in analysis.metrics.names() for _, _, ln in analysis.metrics.points(name)}
    numbers = [ln.no for ln in lines]
    for ev in failures[:64]:
        first = bisect_left(numbers, ev.line)
        if first >= len(lines) or lines[first].no > ev.end_line:
            continue        # the OOM's own lines were not kept (a big log is sampled): nothing to read after it
        start = _after_message(lines, first, ev)
        # the writer's words around the message it quotes on its own line (`CUDA OOM on batch 13, skipped (torch.
        # OutOfMemoryError: ...)`), then its next lines
        said = _said_around(lines[start - 1], ev.source.key) if start else None
        said = _recovery(lines[start:start + AFTER], ev.source.key) if said is None else (-1, said)
        if said is None:
            continue
        i, text = said
        later = _steps_after(lines[start + i + 1:], ev.source.key, metric_lines)
        if later >= WENT_ON:
            ev.facts.update(recovered_kind=ev.kind, recovery_text=text[:300], later_steps=later)
            ev.kind = "recovered_oom"


def _after_message(lines, first: int, ev) -> int:
    """Index of the line after the OOM's own message line (a record may run on past it: the writer's next lines)."""
    head = ev.text.strip()[:60]
    for i in range(first, len(lines)):
        ln = lines[i]
        if ln.no > ev.end_line:
            break
        t = ln.text.strip()
        if t and head and (head in t or t[:60] in ev.text):
            return i + 1
    return first + 1


def _said_around(ln, key) -> str | None:
    """The OOM line's own words before the message it quotes, when they say the writer recovers."""
    if ln.source.key != key:
        return None
    m = _MESSAGE.search(ln.text)
    head = ln.text[:m.start()] if m else ""
    said = _RECOVERS.search(head) or _SKIPPED.search(head)
    return ln.text.strip() if said and not _GAVE_UP.search(head) and not _ADVICE.search(head) else None


def _recovery(after, key) -> tuple[int, str] | None:
    """(index, text) of the first line in `after`, of the writer `key`, that says it recovers; None when a line
    says it gave up first."""
    for i, ln in enumerate(after):
        if ln.source.key != key:
            continue
        t = ln.text.strip()
        if t.startswith(("File \"", "^", "~")) or ln.text[:1] in " \t":
            continue        # a traceback's frames and source lines say nothing of what the program did
        if _GAVE_UP.search(t):
            return None
        if _RECOVERS.search(t) and not _ADVICE.search(t):
            return i, t
    return None


def _steps_after(after, key, metric_lines) -> int:
    """Training lines (metric lines, new tqdm states, loss / epoch / step lines) the writer printed in `after`;
    none when it says it gave up first (`failed to recover`)."""
    seen: set = set()
    for ln in after:
        if ln.source.key != key:
            continue
        if _GAVE_UP.search(ln.text):
            return 0
        if ln.no in metric_lines:
            seen.add(ln.no)
            continue
        m = _PROGRESS.search(ln.text)
        if m is not None:
            seen.add((m.group(1), m.group(2)))
        elif _STEP.search(ln.text):
            seen.add(ln.no)
        if len(seen) >= WENT_ON:
            break
    return len(seen)
