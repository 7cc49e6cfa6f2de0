"""One failure is one incident, and live and file mode group a log the same way.

The property test feeds every corpus case through `explain FILE` and through
`cat FILE | explain -` (a real pipe into a real process) and requires the same
incidents with the same first cause; the in-process tests pin the grouping
rules on logs written for them, with a fake clock (no sleeps).
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from oomdoc.corpus_check import case_dirs, config_files
from oomdoc.diagnose import explain, explain_incidents
from oomdoc.stream import LiveSession

ROOT = Path(__file__).resolve().parent.parent
CASES = case_dirs(ROOT / "corpus")
RAY_CASE = ROOT / "corpus" / "host-ram-pressure-verl-taskrunner-driver-ray-kill"


class Clock:
    def __init__(self):
        self.t = 0.0

    def __call__(self):
        return self.t


def _oomdoc(args: list[str], stdin_path: Path | None = None) -> list[dict]:
    cmd = [sys.executable, "-m", "oomdoc", "explain", *args, "--format", "jsonl"]
    if stdin_path is None:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    else:   # `cat FILE | oomdoc explain -`: a real pipe, so live mode
        cat = subprocess.Popen(["cat", str(stdin_path)], stdout=subprocess.PIPE)
        p = subprocess.run(cmd, stdin=cat.stdout, capture_output=True, text=True, timeout=120)
        cat.stdout.close()
        cat.wait()
    assert p.returncode == 0, p.stderr
    return [json.loads(line) for line in p.stdout.splitlines() if line.strip()]


def _incidents(objs: list[dict]) -> list[tuple]:
    """What must agree: each incident's first cause and the failure it is about."""
    out = []
    for d in objs:
        cause = d["diagnoses"][0]["cause"] if d["diagnoses"] else None
        failures = sorted((e["kind"], e["line"]) for e in d["events"]
                          if e["kind"] not in ("metrics", "progress") and not e["kind"].startswith(("vllm_profile",)))
        out.append((cause, failures[:1]))
    return out


def _file_and_pipe(case: Path, rules) -> tuple[list, list]:
    """`explain FILE` and `cat FILE | explain -`, in-process: the log goes through a real
    pipe into the live session's reader (follow_fd) with the real clock."""
    from oomdoc.diagnose import reportable
    from oomdoc.render.explain_json import render
    from oomdoc.stream import follow_fd

    cfg = config_files(case)
    filed = [render(r) for r in explain_incidents(case / "train.log", config_paths=cfg, rules=rules, similar=False)]
    piped = []

    def on_incident(view):
        rep = explain(None, config_paths=cfg, rules=rules, analysis=view, similar=False)
        if reportable(rep):
            piped.append(render(rep))

    session = LiveSession("<stdin>", on_incident)
    r, w = os.pipe()
    writer = threading.Thread(target=_write_all, args=(w, (case / "train.log").read_bytes()))
    writer.start()
    try:
        follow_fd(session, r)
    finally:
        writer.join()
        os.close(r)
    if not piped:
        piped = [render(explain(None, config_paths=cfg, rules=rules, analysis=session.summary(), similar=False))]
    return _incidents(filed), _incidents(piped)


def _write_all(fd: int, data: bytes) -> None:
    with os.fdopen(fd, "wb") as fh:
        fh.write(data)


def test_every_corpus_case_gives_the_same_incidents_from_a_file_and_from_a_pipe():
    from oomdoc.rules_engine.loader import load_rules

    rules = load_rules().rules
    results = [_file_and_pipe(case, rules) for case in CASES]
    bad = [f"{c.name}: file {f} pipe {p}" for c, (f, p) in zip(CASES, results) if f != p]
    assert not bad, "\n".join(bad)
    oom_cases = [f for f, _ in results if f and f[0][0] not in (None, "not-oom")]
    assert len(oom_cases) > len(CASES) // 2     # the comparison is about real diagnoses


def test_a_real_cat_pipe_into_oomdoc_agrees_with_the_file():
    for case in (RAY_CASE, ROOT / "corpus" / "seed-001-orz-vllm-utilization"):
        cfg = [a for c in config_files(case) for a in ("--config", c)]
        filed = _incidents(_oomdoc([str(case / "train.log"), *cfg]))
        assert filed and filed == _incidents(_oomdoc(["-", *cfg], stdin_path=case / "train.log"))


def _live(data: bytes, clock: Clock, steps) -> list:
    """Feed `data` cut at the given byte offsets, the clock advanced between pieces."""
    seen = []
    s = LiveSession("live", seen.append, clock=clock, flush_after=0.5, grace=0.2, incident_gap=10.0, settle=3.0)
    last = 0
    for cut, later in steps:
        s.feed(data[last:cut])
        last = cut
        for t in later:
            clock.t = t
            s.tick()
    s.feed(data[last:])
    return seen, s


def test_ray_raylet_report_then_driver_reraise_is_one_incident_with_the_shortfall():
    data = (RAY_CASE / "train.log").read_bytes()
    cut = data.index(b"Unhandled error")            # the raylet's summary is out, the driver's is not
    clock = Clock()
    seen, s = _live(data, clock, [(cut, [0.6, 1.0, 1.5, 2.0])])
    assert seen == []                               # a report without numbers waits for its details
    clock.t = 2.5
    s.tick()
    clock.t = 3.2
    s.tick()
    s.close()
    assert len(seen) == 1
    rep = explain(None, config_paths=config_files(RAY_CASE), analysis=seen[0], similar=False)
    kills = [e for e in seen[0].events if e.kind == "ray_oom_kill"]
    assert {e.facts["ray_form"] for e in kills} == {"summary", "kill"}
    (whole,) = explain_incidents(RAY_CASE / "train.log", config_paths=config_files(RAY_CASE), similar=False)
    assert rep.diagnoses[0].cause == whole.diagnoses[0].cause == "host-ram-pressure"
    assert rep.shortfall_bytes == whole.shortfall_bytes and rep.shortfall_bytes > 10 * 2**30


def test_a_lone_raylet_report_is_still_reported_once_it_settles():
    data = (RAY_CASE / "train.log").read_bytes()
    data = data[: data.index(b"Unhandled error")]
    clock = Clock()
    seen, s = _live(data, clock, [(len(data), [0.6, 1.0])])
    assert seen == []
    clock.t = 4.5                                   # settle (3 s) passed with nothing more
    s.tick()
    assert len(seen) == 1 and seen[0].events[-1].facts.get("ray_form") == "summary"


VLLM_FAILURE = ("(EngineCore_0 pid=2451) ERROR 08-20 14:02:46 [core.py:700] ValueError: The model's max seq len "
                "(32768) is larger than the maximum number of tokens that can be stored in KV cache (12288). "
                "Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.")
TRAINER_OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.00 GiB. GPU 0 has a total capacity "
               "of 79.15 GiB of which 1.19 GiB is free. Of the allocated memory 70.00 GiB is allocated by PyTorch, "
               "and 5.00 GiB is reserved by PyTorch but unallocated.")


def _two_failures(steps: int) -> bytes:
    lines = ["+ python train.py --model Qwen/Qwen2.5-7B", VLLM_FAILURE, "falling back to HF generate"]
    lines += [f"{{'loss': 0.{i:02d}, 'grad_norm': 1.5, 'learning_rate': 1e-06, 'epoch': 0.{i:02d}}}"
              for i in range(1, steps + 1)]
    lines += ["Traceback (most recent call last):", '  File "train.py", line 88, in step',
              "    loss.backward()", TRAINER_OOM, "done"]
    return ("\n".join(lines) + "\n").encode()


def test_vllm_failure_then_a_later_trainer_oom_are_two_incidents_with_their_own_facts(tmp_path):
    log = tmp_path / "train.log"
    log.write_bytes(_two_failures(steps=30))
    reports = explain_incidents(log, similar=False)
    assert len(reports) == 2
    first, second = reports
    assert first.failure.kind == "vllm_kv_cache_insufficient" and first.diagnoses[0].cause == "vllm-kv-cache-too-small"
    assert second.failure.kind == "gpu_oom" and second.failure.facts["requested_bytes"] == 3 * 2**30
    assert not any(e.kind == "gpu_oom" for e in first.analysis.events)      # no facts of the other one
    assert not any(e.kind.startswith("vllm_kv") for e in second.analysis.events)
    piped = _oomdoc(["-"], stdin_path=log)
    filed = _oomdoc([str(log)])
    assert _incidents(piped) == _incidents(filed) and len(filed) == 2
    doc = json.loads(subprocess.run([sys.executable, "-m", "oomdoc", "explain", str(log), "--format", "json"],
                                    capture_output=True, text=True, check=True).stdout)
    assert doc["diagnoses"][0]["cause"] == "vllm-kv-cache-too-small"
    assert [d["diagnoses"][0]["cause"] for d in doc["more_incidents"]] == [second.diagnoses[0].cause]


def test_the_same_oom_printed_by_eight_ranks_stays_one_incident_in_both_modes(tmp_path):
    lines = []
    for r in range(8):
        size = 2.0 + r / 100          # each rank asks for a little more: copies, not one signature
        lines += [f"[rank{r}]: Traceback (most recent call last):", f'[rank{r}]:   File "t.py", line 1, in f',
                  f"[rank{r}]: " + TRAINER_OOM.replace("3.00 GiB", f"{size:.2f} GiB")]
    lines.append("torch.distributed.elastic.multiprocessing.errors.ChildFailedError: train.py FAILED")
    log = tmp_path / "train.log"
    log.write_text("\n".join(lines) + "\n")
    assert len(explain_incidents(log, similar=False)) == 1
    assert len(_oomdoc(["-"], stdin_path=log)) == 1


def test_no_oom_on_a_pipe_prints_the_same_report_object_as_file_mode(tmp_path):
    log = tmp_path / "train.log"
    log.write_text("".join(f"step {i} loss 0.{i}\n" for i in range(50)) + "training finished\n")
    piped = _oomdoc(["-"], stdin_path=log)
    filed = _oomdoc([str(log)])
    assert len(piped) == len(filed) == 1
    assert piped[0]["diagnoses"] == filed[0]["diagnoses"]
    assert [d["cause"] for d in piped[0]["diagnoses"]] in ([], ["not-oom"])
    assert piped[0]["stats"]["lines"] == filed[0]["stats"]["lines"] == 51
    assert set(piped[0]) == set(filed[0])


def test_jsonl_in_file_mode_is_one_compact_object_per_line(tmp_path):
    case = ROOT / "corpus" / "seed-002-easyr1-offload-host-ram"
    p = subprocess.run([sys.executable, "-m", "oomdoc", "explain", str(case / "train.log"), "--format", "jsonl"],
                       capture_output=True, text=True, check=True)
    lines = p.stdout.splitlines()
    assert len(lines) == 1 and json.loads(lines[0])["diagnoses"]


@pytest.mark.parametrize("case", [RAY_CASE], ids=lambda c: c.name)
def test_exit_on_oom_exits_on_the_whole_incident(case):
    cat = subprocess.Popen(["cat", str(case / "train.log")], stdout=subprocess.PIPE)
    p = subprocess.run([sys.executable, "-m", "oomdoc", "explain", "-", "--format", "jsonl", "--exit-on-oom"],
                       stdin=cat.stdout, capture_output=True, text=True, timeout=120)
    cat.stdout.close()
    cat.wait()
    (doc,) = [json.loads(line) for line in p.stdout.splitlines()]
    assert p.returncode == 1 and doc["shortfall_bytes"] > 10 * 2**30


NCCL_OOM = ["[rank1]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/"
            "ProcessGroupNCCL.cpp:1970, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5",
            "[rank1]: ncclUnhandledCudaError: Call to CUDA function failed.", "[rank1]: Last error:",
            "[rank1]: Cuda failure 'out of memory'"]


def _rank0_oom() -> list[str]:
    return ["[rank0]: Traceback (most recent call last):", '[rank0]:   File "t.py", line 1, in f',
            f"[rank0]: {TRAINER_OOM}"]


@pytest.mark.parametrize("between, incidents", [
    ([], 1),                                                    # one moment, one incident
    ([f"[rank2]: {{'loss': 0.5, 'grad_norm': 1.{i}, 'epoch': 0.3}}" for i in range(2)], 1),  # ranks die one by one
    ([f"{{'loss': 0.5, 'grad_norm': 1.{i}, 'epoch': 0.{i}}}" for i in range(6)], 2),  # the run went on
])
def test_a_device_oom_and_a_collective_oom_group_by_what_happened_between(tmp_path, between, incidents):
    log = tmp_path / "train.log"
    log.write_text("\n".join(["step 1", *_rank0_oom(), *between, *NCCL_OOM, "done"]) + "\n")
    reports = explain_incidents(log, similar=False)
    assert len(reports) == incidents
    kinds = [sorted({e.kind for e in r.analysis.events if e.kind != "metrics"}) for r in reports]
    assert kinds == ([["accelerator_oom", "gpu_oom"]] if incidents == 1 else [["gpu_oom"], ["accelerator_oom"]])
    assert len(_oomdoc(["-"], stdin_path=log)) == incidents


def test_a_complete_failure_without_byte_counts_is_reported_after_the_grace_only():
    """Only announcements wait for their details: vLLM's KV-cache failure (tokens, no bytes)
    is whole as printed."""
    clock = Clock()
    seen, s = _live((VLLM_FAILURE + "\nengine shutting down\n").encode(), clock, [])
    for t in (0.6, 0.9):
        clock.t = t
        s.tick()
    assert len(seen) == 1 and any(e.kind == "vllm_kv_cache_insufficient" for e in seen[0].events)
