"""Principles read from messages-h's misses (bench/evalsets/messages-h), each tested on wordings other than the
set's own: `not enough memory` said as a failure, a call named for memory (`...MemAlloc failed`), a
device's allocation, a limit quoted by its option as exceeded, `would use N` reporting a need, a memory exception
class named anywhere on a log line and host-only programs as host memory, a structured log's error field, Go's
`signal: killed` even when a wrap joined the next line; warnings, fall-backs and advice stay no failure."""
from __future__ import annotations

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import read_events
from oomdoc.prefixes import clean


def _generic(text: str, signature: str = "generic-out-of-memory"):
    return [e for e in read_events(text.encode()).events if e.facts.get("signature") == signature]


@pytest.mark.parametrize("text, memory", [
    # `not enough memory` said plainly (no failure word on the line) is a failure
    ("vulkan: Not enough memory to create the staging buffer.", "gpu"),
    ("metal: not enough device memory for the requested buffer", "gpu"),
    # a call named for memory, reported failed
    ("cuMemAlloc failed", "gpu"),
    ("NvRmMemAllocTagged failed", "gpu"),
    # a device's allocation that failed, in a wrapper's words
    ("RuntimeError: GPU allocation failed while building the index", "gpu"),
    # a quantity the allocation would bring is a need reported, not a hedge
    ("StoreError: arena memory exceeded: would use 9.31 GiB (attempt to allocate 1048576 bytes), maximum 8 GiB",
     "host"),
])
def test_memory_ran_out_in_new_words(text, memory):
    evs = _generic(text + "\n")
    assert len(evs) == 1 and evs[0].facts["memory"] == memory and evs[0].facts["certainty"] == "likely"


@pytest.mark.parametrize("text", [
    # the enforcer quoting its own option or key when it says the limit was exceeded
    "supervisor: worker 3 recycled because it exceeds --max-memory-per-worker value (rss=2200 limit=2048)",
    "reloading worker 2: exceeded --memory-limit limit (current_memory=5368709120)",
])
def test_a_limit_quoted_by_its_option_as_exceeded(text):
    evs = _generic(text + "\n")
    assert len(evs) == 1 and evs[0].facts["memory"] == "host"


@pytest.mark.parametrize("text", [
    # a memory exception class named anywhere on a log line, no device in the record
    "2025-01-02 10:00:01 ERROR worker-7 task failed: OutOfMemoryError('heap of 512 MiB exhausted')",
    "E, [2025-01-02T10:00:01] ERROR -- : unexpected error error_class=NoMemoryError error=\"failed to allocate memory\"",
    # host-only programs and runtimes naming themselves
    "PHP Fatal error:  Out of memory (allocated 1073741824) (tried to allocate 65536 bytes)",
    "error: octave: out of memory or dimension too large",
    "FATAL: Gradle worker ran out of memory",
])
def test_host_runtimes_out_of_memory_is_host_memory(text):
    evs = _generic(text + "\n")
    assert len(evs) == 1 and evs[0].facts["memory"] == "host"


def test_a_structured_logs_error_field_is_read():
    assert clean('{"level":"error","msg":"export failed","error":"boom: out of memory"}') == \
        ["export failed", "boom: out of memory"]
    line = '{"ts":1,"level":"error","msg":"query failed","err":"StoreError: arena memory exceeded: would use 3 GiB (attempt to allocate 4194304 bytes)"}\n'
    assert [e.facts["memory"] for e in _generic(line)] == ["host"]
    # a record with no error field reads as before
    assert clean('{"msg":"step 10 loss 2.1","error":""}') == ["step 10 loss 2.1"]


@pytest.mark.parametrize("text", [
    "task 7: exec: signal: killed\n",
    # a wrap joined the next line with no space (`killedRuntime.ExitError`)
    "RequestId: 1f Error: Runtime exited with error: signal: killed\nRuntime.ExitError\n",
])
def test_gos_signal_killed_is_a_possible_kill(text):
    evs = _generic(text, "generic-sigkill")
    assert len(evs) == 1 and evs[0].facts["certainty"] == "possible"


@pytest.mark.parametrize("text", [
    # a warning, a fall-back, advice: not a failure
    "WARNING: not enough memory for the fast path, falling back to the tiled kernel\n",
    "llm: not enough memory to keep the draft model; speculative decoding disabled\n",
    "If there is not enough memory, try reducing the batch size.\n",
    # an option named in advice still hedges (no limit exceeded)
    "Tip: raise --max-memory-restart if workers recycle too often\n",
    # `would use` in a plan, not a failure
    "planner: the merge would use 3.2 GiB of 64 GiB available\n",
    # a name that starts with `killed`: no signal report
    "stats: signal: killed_total=0 restarts=0\n",
])
def test_not_failures(text, tmp_path):
    p = tmp_path / "train.log"
    p.write_text(text)
    assert [d.cause for d in explain(str(p), similar=False).diagnoses] in ([], ["not-oom"])
