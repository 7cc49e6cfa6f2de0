"""Source-prefix peeling: each launcher's prefix, and what is left for parsers."""
from __future__ import annotations

import pytest

from oomdoc.prefixes import clean, peel

CASES = [
    # raw line, expected text, kind, rank, pid, actor, ip
    ("[rank3]: torch.OutOfMemoryError: x", "torch.OutOfMemoryError: x", "rank", 3, None, None, None),
    ("0: Traceback (most recent call last):", "Traceback (most recent call last):", "rank", 0, None, None, None),  # srun --label
    ("12: [rank12]: boom", "boom", "rank", 12, None, None, None),
    ("2025-01-01T12:00:01.123456789Z stderr F RuntimeError: x", "RuntimeError: x", "", None, None, None, None),  # k8s CRI
    ("12:00:01 hello", "hello", "", None, None, None, None),
    # a timestamp takes one separator space: the rest is a traceback frame's indentation
    ("2025-01-01T12:00:01Z   File \"x.py\", line 1, in f", "  File \"x.py\", line 1, in f", "", None, None, None, None),
    ("[default0]:[rank0]: boom", "boom", "rank", 0, None, None, None),
    ("[default5]:hello", "hello", "rank", 5, None, None, None),
    ("(WorkerDict pid=1234, ip=10.0.0.3) step:1 - a:1", "step:1 - a:1", "ray", None, 1234, "WorkerDict", "10.0.0.3"),
    ("(main_task pid=51520) step:9", "step:9", "ray", None, 51520, "main_task", None),
    ("(TaskRunner pid=9668)   File \"x.py\", line 1, in f", "  File \"x.py\", line 1, in f", "ray", None, 9668, "TaskRunner", None),
    ("(raylet) A worker died", "A worker died", "ray", None, None, "raylet", None),
    ("(EngineCore_DP0 pid=77) ERROR 06-30 13:53:19 [core.py:515] EngineCore failed", "EngineCore failed", "vllm", None, 77, "EngineCore_DP0", None),
    ("(VllmWorker rank=1 pid=254) INFO 01-02 03:04:05 [gpu.py:1] hi", "hi", "vllm", 1, 254, "VllmWorker", None),
    ("INFO 01-11 15:51:02 llm_engine.py:275] # GPU blocks: 229, # CPU blocks: 512", "# GPU blocks: 229, # CPU blocks: 512", "", None, None, None, None),
    ("[2025-01-01 12:00:00,000] [INFO] [utils.py:803:see_memory_usage] MA 1 GB", "MA 1 GB", "", None, None, None, None),
    ("trainer-1  | [rank1]: oops", "oops", "rank", 1, None, "trainer-1", None),
    ("16:49:33.632torch.cuda.OutOfMemoryError: x", "torch.cuda.OutOfMemoryError: x", "", None, None, None, None),
    ("2025-03-01T10:00:00.123Z RuntimeError: y", "RuntimeError: y", "", None, None, None, None),
    ("[812345.123456] Out of memory: Killed process 42 (python)", "Out of memory: Killed process 42 (python)", "kernel", None, None, None, None),
    ("[2025-09-08 18:42:49,188 E 10803 10803] (raylet) node_manager.cc:3069: 1 Workers killed", "1 Workers killed", "ray", None, None, "raylet", None),
    ("(1) The process is killed by SIGKILL", "(1) The process is killed by SIGKILL", "", None, None, None, None),
]


@pytest.mark.parametrize("raw,text,kind,rank,pid,actor,ip", CASES)
def test_peel(raw, text, kind, rank, pid, actor, ip):
    line = peel(1, raw)
    assert line.text == text
    assert (line.source.kind, line.source.rank, line.source.pid, line.source.actor, line.source.ip) == (
        kind, rank, pid, actor, ip)


def test_ray_repeat_suffix_is_counted():
    line = peel(1, "(WorkerDict pid=1) CUDA error: out of memory [repeated 7x across cluster]")
    assert line.text == "CUDA error: out of memory"
    assert line.repeat == 8


def test_clean_ansi_and_progress_bars():
    assert clean("\x1b[36m(TaskRunner pid=1)\x1b[0m hi\n") == ["(TaskRunner pid=1) hi"]
    bar = "ep:  10%|# | 1/10\rep:  20%|## | 2/10\rep: 100%|###| 10/10"
    assert clean(bar) == ["ep: 100%|###| 10/10"]
    assert clean("50%|#  |\rtorch.OutOfMemoryError: x") == ["50%|#  |", "torch.OutOfMemoryError: x"]


def test_colour_codes_written_out_or_with_the_escape_byte_lost_are_stripped():
    """`[36m` (copied from a terminal), `^[[36m` (cat -v), `#033[36m` (syslog), `\\x1b[36m`
    (a JSON string) in front of a Ray prefix: the prefix is still peeled."""
    from oomdoc.prefixes import clean

    for esc in ("", "^[", "#033", "\\x1b", "\\033", "\\e", "\\u001b"):
        (line,) = clean(f"{esc}[36m(WorkerDict pid=123){esc}[0m step:1 - loss:0.5")
        assert line == "(WorkerDict pid=123) step:1 - loss:0.5", esc
    assert clean("took [12m30s], batch [3/10]") == ["took [12m30s], batch [3/10]"]


@pytest.mark.parametrize("head", ["(TaskRunner pid=2117) ", "(raylet) ", "(raylet, ip=10.0.0.1)",
                                  "(EngineCore_DP0 pid=9)\t", "(WorkerDict pid=1, ip=10.0.0.2, rank=3) ",
                                  "(not a prefix) ", "(x=1)", "()"])
def test_a_parenthesised_prefix_reads_the_same_the_first_time_and_from_memory(head):
    """`peel` works a `(...)` prefix out once per prefix (start-up, issue 12): later lines with
    the same prefix, whatever follows it, read exactly as a fresh read would."""
    from oomdoc import prefixes

    tails = ["step:1 - a:1", "", " (nested) x", ") odd", "[rank0]: y", "(raylet) z"]
    prefixes.PAREN_MEMO.clear()
    fresh = []
    for tail in tails:
        prefixes.PAREN_MEMO.clear()
        fresh.append(peel(7, head + tail))
    remembered = [peel(7, head + tail) for tail in tails]
    assert remembered == fresh
    assert [ln.source for ln in remembered] == [ln.source for ln in fresh]
