"""Principles read from messages-g's misses (bench/evalsets/messages-g, the host / process / cluster / data side),
each tested on wordings other than the set's own: the OS's and C++ runtimes' words for memory running out, a
runtime's exception with no device named is host memory, a worker that died with no error of its own is a possible
kill; identifiers, typed commands, thresholds and policy refusals are no failure."""
from __future__ import annotations

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import read_events

TB = 'Traceback (most recent call last):\n  File "prep.py", line 9, in <module>\n    run()\n'


def _events(text: str):
    return read_events(text.encode()).events


def _generic(text: str, signature: str = "generic-out-of-memory"):
    return [e for e in _events(text) if e.facts.get("signature") == signature]


@pytest.mark.parametrize("text, memory", [
    # the OS's own words: out of swap (Solaris, FreeBSD), a page daemon that could not reclaim memory
    ("Jan  3 02:11:09 nas kernel: pid 2211 (java), jid 0, uid 80, was killed: out of swap space", "host"),
    ("kernel: pid 913 (rustc), jid 0, uid 1001, was killed: failed to reclaim memory", "host"),
    # MSVC's std::bad_alloc says `bad allocation`, whichever library relays it
    ("RuntimeError: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Exception during initialization: bad allocation",
     "host"),
    # macOS libmalloc refusing a region
    ("ffmpeg(5120,0x16f0a7000) malloc: *** error: can't allocate region", "host"),
    # an allocation whose mechanism is named in brackets
    ("FATAL: Native buffer allocation (mmap) failed for 268435456 bytes", "host"),
    # a limit named by its enforcer, with the limit's kind in between
    ("Job has gone over cgroup memory limit of 8192 megabytes. Last measured usage: 8200 megabytes.", "host"),
])
def test_the_oss_and_runtimes_own_words_for_memory_running_out(text, memory):
    evs = _generic(text + "\n")
    assert len(evs) == 1 and evs[0].facts["memory"] == memory and evs[0].facts["certainty"] == "likely"


@pytest.mark.parametrize("line", [
    "RangeError: WebAssembly.Memory(): could not allocate memory",
    "System.InsufficientExecutionStackException: out of memory while growing the stack",
    "polars.exceptions.ComputeError: out of memory while materialising the join",
    "OSError: Can't write data (memory allocation failed for B-tree node)",
])
def test_a_runtime_exception_with_no_device_named_is_host_memory(line):
    evs = _generic(TB + line + "\n")
    assert len(evs) == 1
    assert (evs[0].kind, evs[0].facts["memory"]) == ("host_alloc_failed", "host")


def test_a_device_named_in_the_record_keeps_the_accelerator():
    evs = _generic(TB + '  File "/opt/conda/lib/python3.11/site-packages/torch/cuda/memory.py", line 3\n'
                   "RuntimeError: out of memory while growing the pool\n")
    assert evs and evs[0].facts["memory"] == "gpu"


def test_a_tensor_on_the_cpu_device_is_host_memory():
    evs = [e for e in _events(
        "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
        "shape[4096,1000000] and type float on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu\n")
        if e.facts.get("memory")]
    assert [(e.facts["memory"], e.facts["signature"]) for e in evs] == [("host", "tf-oom-allocating-tensor-cpu")]


@pytest.mark.parametrize("text", [
    TB + "concurrent.futures.process.BrokenProcessPool: A child process terminated abruptly, the process pool is "
         "not usable anymore\n",
    TB + "RuntimeError: DataLoader worker (pid(s) 4411) exited unexpectedly\n",
    "ERROR: the executor process stopped unexpectedly while running stage 4\n",
    "The Kernel crashed while executing code in the current cell or a previous cell.\n",
    TB + "KilledWorker: Attempted to run task 'x' on 3 different workers, but all those workers died while running"
         " it.\n",
])
def test_a_worker_that_died_with_no_error_of_its_own_is_a_possible_kill(text):
    evs = _generic(text, "generic-sigkill")
    assert len(evs) == 1
    assert (evs[0].kind, evs[0].facts["memory"], evs[0].facts["certainty"]) == ("process_killed", "host", "possible")


@pytest.mark.parametrize("text", [
    # the record names what else killed it
    TB + "RuntimeError: Caught ValueError in DataLoader worker process 0.\nworker exited unexpectedly\n",
    "The executor process exited unexpectedly with exit code 1\n",
    # a timeout named on the line
    "worker 3 died unexpectedly after the 600 s timeout\n",
])
def test_a_worker_that_died_of_something_named_is_no_kill(text):
    assert _generic(text, "generic-sigkill") == []


def test_a_worker_killed_by_a_segfault_printed_before_is_a_crash(tmp_path):
    log = tmp_path / "train.log"
    log.write_text("ERROR: Unexpected segmentation fault encountered in worker.\n" + TB
                   + "RuntimeError: DataLoader worker (pid(s) 4411) exited unexpectedly\n")
    assert [d.cause for d in explain(str(log), similar=False).diagnoses][:1] in ([], ["not-oom"])


def test_a_tracebacks_source_line_is_not_the_report():
    evs = _generic(TB + '    raise RuntimeError(f"DataLoader worker (pid(s) {pids}) exited unexpectedly") from e\n'
                   "RuntimeError: DataLoader worker (pid(s) 91) exited unexpectedly\n", "generic-sigkill")
    assert len(evs) == 1 and evs[0].text.startswith("RuntimeError:")


@pytest.mark.parametrize("text", [
    # an OOM word inside an identifier is a name
    "tests/test_train.py::test_oom_guard_halves_the_batch PASSED       [ 50%]\n"
    "tests/test_train.py::test_oom_kill_is_restarted PASSED           [100%]\n",
    # a command the user typed reports nothing
    "$ dmesg -T | grep -i -e oom -e 'killed process'\n",
    "ana@gpu-3:~/runs$ journalctl -k | grep -i oom-kill\n",
    # a killer's threshold is configuration
    "nohang[812]:   SIGKILL when MemAvailable <= 2.0% and SwapFree <= 1.0%\n",
    # a mapping refused by policy is no lack of memory
    TB + "MemoryError: Cannot allocate write+execute memory for ffi.callback(). You might be running on a system "
         "that prevents this.\n",
])
def test_identifiers_typed_commands_thresholds_and_refusals_are_no_failure(text):
    evs = [e for e in _events(text) if e.facts.get("memory")]
    assert evs == []


def test_a_liveness_probe_kill_is_a_crash_not_an_oom(tmp_path):
    log = tmp_path / "describe.log"
    log.write_text("    Last State:     Terminated\n      Reason:       Error\n      Exit Code:    137\n"
                   "Events:\n  Warning  Unhealthy  3m (x4 over 9m)  kubelet  Startup probe failed: HTTP probe "
                   "failed with statuscode: 503\n  Normal   Killing    3m  kubelet  Container api failed startup "
                   "probe, will be restarted\n")
    rep = explain(str(log), similar=False)
    assert [d.cause for d in rep.diagnoses][:1] in ([], ["not-oom"])
    assert any(e.kind == "crash" and e.facts.get("reason") == "probe_kill" for e in read_events(log.read_bytes()).events)


def test_a_memory_size_exhausted_with_its_size_between_is_a_failure():
    evs = _generic("Fatal error: Allowed memory size of 536870912 bytes exhausted (tried to allocate 65536 bytes)\n")
    assert len(evs) == 1 and evs[0].facts["certainty"] == "likely"


def test_a_replica_that_died_unexpectedly_is_a_possible_kill():
    evs = _generic("ERROR controller: Replica(id='r1', deployment='Embedder') died unexpectedly, restarting it\n",
                   "generic-sigkill")
    assert len(evs) == 1 and evs[0].facts["certainty"] == "possible"


def test_a_worker_that_died_of_an_error_is_no_kill():
    assert _generic("ray.exceptions.ActorDiedError: The actor died because of an error raised in its creation task\n"
                    "ERROR: worker process died due to an exception in its init hook\n", "generic-sigkill") == []
