"""The same log pasted in the shapes people paste it gives the same diagnosis.

Issue reports quote logs as indented code blocks, Markdown `> ` quotes, with
Windows line ends, behind a timestamp a log shipper added, `srun --label` task
ids, Kubernetes' container-log prefix or docker compose's service column, pdsh's host, `mpirun
--tag-output` or `kubectl logs --prefix` on every line; in an issue's `<details>` block; copied
from a web page (no-break spaces, HTML entities), out of docker's json-file or
journald, forwarded through a logger, numbered by `cat -n`, hard-wrapped by a
terminal or word-wrapped by an editor or `fold -s`. None of these may change the cause oomdoc names.
"""
from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import _paste_indent

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
# one case per cause family, different frameworks
CASES = sorted(p.name for p in CORPUS.iterdir() if (p / "expected.yaml").is_file())[::9]


_SGR = re.compile(r"\x1b\[[0-9;]*m")


def _hard_wrap(text: str, width: int) -> str:
    """What copying from a terminal that hard-wraps gives: no colour, pieces of `width`."""
    lines = _SGR.sub("", text).split("\n")
    return "\n".join("\n".join([ln[i:i + width] for i in range(0, len(ln), width)] or [""]) for ln in lines)


def _fold(text: str, width: int) -> str:
    """`fold -s` on what a terminal shows (colour codes dropped as copying does)."""
    from conftest import fold

    return fold(_SGR.sub("", text), width)


def _word_wrap(text: str, width: int) -> str:
    """An editor's or mail client's word wrap: `textwrap.wrap`, no colour codes."""
    import textwrap

    return "\n".join("\n".join(textwrap.wrap(ln, width, break_on_hyphens=False) or [""])
                     for ln in _SGR.sub("", text).split("\n"))


def _shapes(text: str) -> dict[str, str]:
    lines = text.split("\n")
    return {
        # copied from a rendered web page or chat
        "no-break spaces": text.replace(" ", "\u00a0"),
        "html-escaped": html.escape(text),
        # stored by a log system
        "docker json-file": "\n".join(json.dumps({"log": ln + "\n", "stream": "stderr",
                                                  "time": "2025-01-01T12:00:00.000000000Z"}) for ln in lines),
        "journald": "\n".join(f"Nov 24 12:00:{i % 60:02d} gpu-node-3 python3[4242]: " + ln
                               for i, ln in enumerate(lines)),
        # forwarded line by line through a logger
        "python logging": "\n".join("2025-01-01 12:00:00,123 - train - ERROR - " + ln for ln in lines),
        "loguru": "\n".join("2025-01-01 12:00:00.123 | ERROR    | __main__:main:42 - " + ln for ln in lines),
        # an editor, a pager, a terminal
        "tab-indented": "\n".join("\t" + ln for ln in lines),
        "cat -n": "\n".join(f"{i + 1:6}\t{ln}" for i, ln in enumerate(lines)),
        "numbered gutter": "\n".join(f"{i + 1:>4} | {ln}" for i, ln in enumerate(lines)),
        "bat gutter": "\n".join(f"{i + 1:>4}   \u2502 {ln}" for i, ln in enumerate(lines)),
        "terminal wrap at 100": _hard_wrap(text, 100),
        "terminal wrap at 80": _hard_wrap(text, 80),
        "fold -s at 80": _fold(text, 80),
        "word wrap at 100": _word_wrap(text, 100),
        "double-spaced": "\n\n".join(lines),
        "markdown fence": "```text\n" + text.rstrip("\n") + "\n```\n",
        "indented": "\n".join("    " + ln for ln in lines),
        "quoted": "\n".join("> " + ln for ln in lines),
        "crlf": text.replace("\n", "\r\n"),
        "timestamped": "\n".join(f"2025-01-01T12:00:{i % 60:02d}Z " + ln for i, ln in enumerate(lines)),
        "srun --label": "\n".join("0: " + ln for ln in lines),
        "kubectl logs (CRI)": "\n".join(f"2025-01-01T12:00:{i % 60:02d}.123456789Z stderr F " + ln
                                         for i, ln in enumerate(lines)),
        "docker compose": "\n".join("trainer-1  | " + ln for ln in lines),
        # multi-node launchers tagging every line
        "pdsh host": "\n".join("worker-3: " + ln for ln in lines),
        "pdsh ip": "\n".join("10.0.0.3: " + ln for ln in lines),
        "mpirun --tag-output": "\n".join("[1,3]<stderr>:" + ln for ln in lines),
        "kubectl logs --prefix": "\n".join("[pod/trainer-0/pytorch] " + ln for ln in lines),
        "stern": "\n".join("trainer-7d9f8c-x2b4k pytorch " + ln for ln in lines),
        # a reply quoting the report; an issue's collapsed section
        "quoted twice": "\n".join("> > " + ln for ln in lines),
        "details block": "<details><summary>Full log</summary>\n\n```\n" + text.rstrip("\n") + "\n```\n</details>\n",
    }


@pytest.fixture(scope="module")
def rules():
    from oomdoc.rules_engine.loader import load_rules

    return load_rules(()).rules


@pytest.mark.parametrize("case", CASES)
def test_pasted_shapes_keep_the_cause(case, rules):
    d = CORPUS / case
    configs = [str(p) for p in sorted(d.iterdir())
               if p.suffix in (".yaml", ".json", ".sh", ".toml") and p.name != "expected.yaml"]
    text = (d / "train.log").read_text(encoding="utf-8")
    base = explain(text.encode(), config_paths=configs, rules=rules, similar=False)
    want = base.diagnoses[0].cause if base.diagnoses else None
    for shape, pasted in _shapes(text).items():
        rep = explain(pasted.encode(), config_paths=configs, rules=rules, similar=False)
        got = rep.diagnoses[0].cause if rep.diagnoses else None
        assert got == want, f"{case} {shape}: {got} != {want}"


def test_paste_prefix_detection():
    body = [b"    line %d" % i for i in range(30)]
    assert _paste_indent(body) == "    "
    assert _paste_indent([b"> x"] * 25) == "> "
    # a real log: tracebacks and headers start at column 0
    assert _paste_indent([b"Traceback (most recent call last):"] + [b"  File x"] * 30) == ""
    assert _paste_indent(body[:5]) == ""          # too few lines to tell
    assert _paste_indent([b"> x"] * 4) == "> "    # a Markdown quote is one even when short
    assert _paste_indent([b">>> import torch", b">>> x = 1", b">>> y"]) == ""   # a REPL, not a quote


# -- shapes of one message (issue 11): wrapped, prefixed, cut ------------------------------------
from oomdoc import read_events  # noqa: E402
from oomdoc.units import to_bytes  # noqa: E402

G4 = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.86 GiB. GPU 0 has a total capacity of "
      "79.19 GiB of which 2.05 GiB is free. Process 51234 has 77.12 GiB memory in use. Of the allocated memory "
      "71.40 GiB is allocated by PyTorch, and 4.93 GiB is reserved by PyTorch but unallocated. If reserved but "
      "unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
      "fragmentation.  See documentation for Memory Management  "
      "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
FRAMES = ['Traceback (most recent call last):',
          '  File "/opt/verl/verl/workers/actor/dp_actor.py", line 412, in update_policy',
          '    loss.backward()']


def _gib(x: str) -> int:
    return to_bytes(x, "GiB")


def _gpu_oom(text: str):
    evs = [e for e in read_events(text.encode()).events if e.kind == "gpu_oom"]
    assert len(evs) == 1, [(e.kind, e.facts) for e in read_events(text.encode()).events]
    return evs[0]


@pytest.mark.parametrize("width", [80, 100, 120])
def test_rank_prefixed_message_wrapped_by_a_terminal_loses_the_prefix_on_its_pieces(width):
    """`[rank7]: torch.OutOfMemoryError: …` cut every `width` columns: the pieces have no prefix,
    and another rank's lines may follow. The pieces still belong to rank 7 and every fact is read."""
    line = "[rank7]: " + G4
    pieces = [line[i:i + width] for i in range(0, len(line), width)]
    text = "\n".join([f"[rank7]: {f}" for f in FRAMES] + pieces + ["[rank3]: step 12 done"])
    ev = _gpu_oom(text)
    assert ev.source.rank == 7
    assert ev.facts["requested_bytes"] == _gib("3.86") and ev.facts["free_bytes"] == _gib("2.05")
    assert ev.facts["reserved_unallocated_bytes"] == _gib("4.93")
    assert ev.facts["processes"] == {"51234": _gib("77.12")}
    assert ev.facts["signature"] == "torch-cuda-oom" and ev.facts["phase"] == "update_actor"


@pytest.mark.parametrize("elision", ["...", "[...]", "<snip>", "…", "# (truncated)", "... 30 more lines ...",
                                     "(3 frames omitted)"])
def test_frames_cut_out_of_a_pasted_traceback_leave_the_frames_before_the_cut(elision):
    """A person shortening a traceback puts `...` where frames were: the frames above it still
    belong to the failure (here the one that says the actor update ran)."""
    text = "\n".join(FRAMES + [elision, '  File "/opt/torch/_tensor.py", line 522, in backward',
                                "    torch.autograd.backward(", G4])
    ev = _gpu_oom(text)
    assert ev.line == 1 and ev.facts["phases"] == ["update_actor", "backward"]


def test_multi_node_launcher_tags_give_each_line_its_node_and_rank():
    """pdsh (DeepSpeed's multi-node runner) puts the host before every line, `mpirun
    --tag-output` the job and rank: two nodes' tracebacks interleaved stay apart."""
    from oomdoc.prefixes import peel

    assert peel(1, "[1,3]<stderr>:Traceback (most recent call last):").source.rank == 3
    sm = peel(1, "[1,mpirank:5,algo-2]<stdout>:step 3")
    assert (sm.source.rank, sm.source.ip, sm.text) == (5, "algo-2", "step 3")
    kube = peel(1, "[pod/trainer-0/pytorch] Traceback (most recent call last):")
    assert (kube.source.kind, kube.source.actor, kube.text) == ("pod", "trainer-0", "Traceback (most recent call last):")
    assert peel(1, "10.0.0.3: [rank8]: x").source.ip == "10.0.0.3"
    a = [f"worker-1: {ln}" for ln in FRAMES + [G4]]
    b = [f"worker-2: {ln}" for ln in FRAMES[:2]]
    text = "\n".join([a[0], b[0], a[1], b[1], *a[2:]])
    ev = _gpu_oom(text)
    assert ev.source.ip == "worker-1" and ev.facts["phase"] == "update_actor"
    assert ev.facts["total_bytes"] == _gib("79.19")
    # stern (`pod container ` before each line): two pods' tracebacks interleaved stay apart
    a = [f"verl-worker-1 main {ln}" for ln in FRAMES + [G4]]
    b = [f"verl-worker-2 main {ln}" for ln in FRAMES[:2]]
    ev = _gpu_oom("\n".join([a[0], b[0], a[1], b[1], *a[2:]]))
    assert ev.source.ip == "verl-worker-1" and ev.facts["phase"] == "update_actor"
    # a name before a colon on a few lines is no host column
    assert peel(1, "fp16: enabled").text == "fp16: enabled"


def test_every_line_rank_prefixed_new_pytorch_format():
    text = "\n".join(f"[rank5]: {ln}" for ln in FRAMES + [G4])
    ev = _gpu_oom(text)
    assert ev.source.rank == 5 and ev.facts["total_bytes"] == _gib("79.19")


RAY_R2 = ("Memory on the node (IP: 10.0.7.21, ID: 0c5a1e) where the task (actor ID: 9f2e, "
          "name=WorkerDict.actor_rollout_compute_log_prob, pid=118233, memory used=96.40GB) was running was "
          "1905.33GB / 2003.92GB (0.950801), which exceeds the memory usage threshold of 0.95. Ray killed this "
          "worker (ID: 77ab) because it was the most recently scheduled task; to see more information about memory "
          "usage on this node, use `ray logs raylet.out -ip 10.0.7.21`. To see the logs of the worker, use "
          "`ray logs worker-77ab*out -ip 10.0.7.21. Top 10 memory users:")


@pytest.mark.parametrize("width", [80, 120])
def test_raylet_report_wrapped_by_a_terminal_keeps_node_and_task_memory(width):
    """A `(raylet)`-prefixed kill report cut by the terminal: continuation pieces lack the prefix."""
    out = []
    for ln in ["Task was killed due to the node running low on memory.", RAY_R2, "PID\tMEM(GB)\tCOMMAND",
               "118233\t96.40\tray::WorkerDict.actor_rollout_compute_log_prob"]:
        line = "(raylet) " + ln
        out += [line[i:i + width] for i in range(0, len(line), width)]
    evs = [e for e in read_events("\n".join(out).encode()).events if e.kind == "ray_oom_kill"]
    assert evs, read_events("\n".join(out).encode()).events
    f = evs[0].facts
    assert f["node_used_bytes"] == _gib("1905.33") and f["node_total_bytes"] == _gib("2003.92")
    assert f["node_fraction"] == 0.950801 and f["threshold"] == 0.95
    assert f["task_memory_bytes"] == _gib("96.40") and f["pid"] == 118233
    assert f["phase"] == "compute_log_prob"


@pytest.mark.parametrize("cut", ["...", ""])
def test_message_cut_short_is_still_an_oom(cut):
    """Cut with `...` or mid-word at the end of the paste: recognised, marked truncated."""
    text = "\n".join(FRAMES + [G4[:70] + cut])
    ev = _gpu_oom(text)
    assert ev.facts["requested_bytes"] == _gib("3.86") and ev.facts["truncated"] is True
    assert ev.facts["certainty"] == "certain" and ev.facts["memory"] == "gpu"


def test_help_text_mentioning_out_of_memory_is_no_signature():
    text = ("  --per_device_train_batch_size N   reduce it if you hit 'CUDA out of memory' (default: 8)\n"
            "  * If you run out of memory (CUDA out of memory), lower the batch size.\n")
    assert [e.kind for e in read_events(text.encode()).events] == []


def test_long_lines_that_are_no_wrap_stay_apart():
    """Only a terminal's pieces are joined: a whole line after a long one, a bare `Killed`,
    a `MemoryError` after a metrics line and a new log line keep their own records."""
    long_warn = ("WARNING the dataset cache directory is on a network file system and reads may be slow; "
                 "consider copying it to local disk")
    text = "\n".join([
        long_warn, "Killed",
        "(TaskRunner pid=2123) step:12 - actor/pg_loss:0.013 - perf/max_memory_allocated_gb:61.2 - "
        "response_length/mean:812.3", "MemoryError",
        "RuntimeError: [enforce fail at alloc_cpu.cpp:117] err == 0. DefaultCPUAllocator: can't allocate "
        "memory: you tried to allocate 13107200000 bytes. Error code 12 (Cannot allocate memory)",
        "slurmstepd: error: Detected 1 oom_kill event in StepId=1234567.0. Some of the step tasks have been "
        "OOM Killed.",
    ])
    evs = read_events(text.encode()).events
    got = {e.facts.get("signature"): e for e in evs if e.facts.get("signature")}
    assert {"shell-killed", "python-memoryerror", "torch-cpu-alloc", "slurm-oom"} <= set(got), \
        [(e.kind, e.facts) for e in evs]
    assert got["torch-cpu-alloc"].facts["requested_bytes"] == 13107200000
    assert got["slurm-oom"].facts["oom_events"] == 1


@pytest.mark.parametrize("width", [80, 100])
def test_plain_wrapped_exception_is_joined(width):
    """No prefix at all: the pieces of a wrapped exception line are joined before parsing."""
    line = ("RuntimeError: [enforce fail at alloc_cpu.cpp:117] err == 0. DefaultCPUAllocator: can't allocate "
            "memory: you tried to allocate 13107200000 bytes. Error code 12 (Cannot allocate memory)")
    text = "\n".join(line[i:i + width] for i in range(0, len(line), width)) + "\nEpoch 3 done\n"
    evs = [e for e in read_events(text.encode()).events if e.kind == "host_alloc_failed"]
    assert len(evs) == 1 and evs[0].facts["requested_bytes"] == 13107200000
    assert evs[0].end_line == -(-len(line) // width)     # the next line is not swallowed


def test_ray_worker_death_cut_before_its_list_of_causes_still_lists_the_oom_killer():
    """node_manager.cc follows `Worker unexpectedly exits with a connection error code 2` with
    its root causes, the OOM killer first; a paste cut before them is the same report."""
    from oomdoc.pipeline import read_events

    log = ("ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.\n"
           "The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit "
           "detail: Worker unexpectedly exits with a connection \u2026\n")
    ev = next(e for e in read_events(log.encode()).events if e.kind == "ray_worker_died")
    assert ev.facts["oom_listed_as_possible"] is True and ev.facts["exit_detail"] == "connection_eof"
    assert explain(log.encode(), similar=False).diagnoses[0].cause == "host-ram-pressure"


def test_a_word_wrapped_message_keeps_every_piece_and_its_facts():
    # an editor's word wrap at 80 columns, too short a paste for the file-level unwrap: the assembler
    # goes on joining while each piece is nearly full and the next word would not have fitted,
    # and the facts are read with a space put back at each break (`of|memory`, `free.;`)
    text = ("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Error allocating\n"
            "device buffer: Attempting to allocate 4.00G. That was not possible. There are\n"
            "2.75G free.; (0x0x0_HBM0)\n")
    evs = [e for e in read_events(text.encode()).events if e.facts.get("signature") == "tpu-runtime-alloc"]
    assert len(evs) == 1 and evs[0].line == 1 and evs[0].end_line == 3
    assert evs[0].facts["requested_bytes"] == to_bytes("4.00", "G")
    assert evs[0].facts["free_bytes"] == to_bytes("2.75", "G")


def test_a_parenthesis_a_word_wrap_pushed_down_stays_with_its_message():
    text = ("torch.cuda.OutOfMemoryError: Allocation on device 0 would exceed allowed memory.\n"
            "(out of memory)\n"
            "Currently allocated     : 21.55 GiB\n"
            "Requested               : 952.00 MiB\n"
            "Device limit            : 24.00 GiB\n"
            "Free (according to CUDA): 0 bytes\n")
    ev = next(e for e in read_events(text.encode()).events if e.kind == "gpu_oom")
    assert ev.facts["allocated_bytes"] == to_bytes("21.55", "GiB")
    assert ev.facts["requested_bytes"] == to_bytes("952.00", "MiB")
    assert ev.facts["total_bytes"] == to_bytes("24.00", "GiB")


def test_a_message_wrapped_in_a_paste_indented_alike_is_joined():
    text = ("\t[1] 2019-06-13 01:17:08.886805: E external/org_tensorflow/tensorflow/compiler/xla/python/"
            "local_client.cc:672] Execution of replica 0 failed: Resource exhausted: Out \n"
            "\tof memory while trying to allocate 5520758552 bytes.\n")
    evs = [e for e in read_events(text.encode()).events if e.facts.get("memory") == "gpu"]
    assert [e.facts["requested_bytes"] for e in evs] == [5520758552]



KILLED_AT_LOAD = "Loading checkpoint shards:  40%|████      | 2/5 [00:31<00:47, 15.8s/it]\nKilled"


@pytest.mark.parametrize("shape", ["quoted", "quoted one line", "stern", "numbered gutter", "bat gutter"])
def test_a_one_or_two_line_paste_keeps_its_shape_read(shape, rules):
    """A reply quoting a message, one pod's two lines out of `stern`, a code view's `  12 | `
    numbers: a paste this short still shows its shape, and the kill is still read."""
    lines = KILLED_AT_LOAD.split("\n")
    pasted = {
        "quoted": "\n".join("> " + ln for ln in lines),
        "quoted one line": "> Killed",
        "stern": "\n".join("trainer-7d9f8c-x2b4k main " + ln for ln in lines),
        "numbered gutter": "\n".join(f"{i + 41:>4} | {ln}" for i, ln in enumerate(lines)),
        "bat gutter": "\n".join(f"{i + 41:>4}   \u2502 {ln}" for i, ln in enumerate(lines)),
    }[shape]
    rep = explain(pasted.encode(), rules=rules, similar=False)
    assert rep.failure is not None and rep.failure.kind == "process_killed"
    assert rep.diagnoses[0].cause == "host-ram-pressure"


def test_two_lines_from_two_hosts_are_no_host_prefix():
    from oomdoc.prefixes import host_prefix

    assert host_prefix(["worker-1: step 3 loss 0.2", "worker-2: step 3 loss 0.3"]) is None
    assert host_prefix(["worker-1: step 3 loss 0.2", "worker-1: step 4 loss 0.3"]) is not None


def _clipped_log() -> str:
    """Long log lines clipped at 100 columns with nothing carried down (`cut -c1-100`, a viewer
    that clips), a traceback after a clipped progress bar, its exception line short enough to stay."""
    lines = [f"[2025-01-01 12:00:{i:02d},000] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! "
             f"Rank 0 Skipping step. Attempted loss scale: {2 ** (8 - i)}, reducing to {2 ** (7 - i)}"
             for i in range(6)]
    lines.append(" 14%|█▍        | 384/2724 [14:11:20<85:40:02, 131.80s/it][2025-01-01 12:00:09,551] [INFO] "
                 "[loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW!")
    lines += ["Traceback (most recent call last):",
              '  File "train.py", line 609, in main',
              "    self.optimizer.step()",
              "RuntimeError: CUDA error: an illegal memory access was encountered"]
    return "\n".join(ln[:100] for ln in lines) + "\n"


def test_a_paste_clipped_at_one_width_is_no_terminal_wrap(rules):
    """Every long line stops at one width and the next is a line of its own: nothing was carried
    down, so nothing is joined (a joined `[loss_scalTraceback ...` lost the traceback's exception,
    and the illegal memory access with it)."""
    from oomdoc.unwrap import unwrap

    text = _clipped_log()
    assert unwrap(text.encode()) == (text.encode(), None)
    rep = explain(text.encode(), rules=rules, similar=False)
    assert [d.cause for d in rep.diagnoses] in ([], ["not-oom"])
    assert rep.failure is not None and rep.failure.kind == "crash"


@pytest.mark.parametrize("end", ["", " ...", "\u2026"])
def test_a_message_cut_inside_its_pattern_is_still_its_family(end):
    """Cut mid-word inside the family's pattern, after its anchor (a viewer that clips, a paste
    stopped short), then the log goes on: the assembler takes the cut for a terminal's and joins
    the next line on, yet the family is named from the pieces as pasted, marked truncated."""
    text = ("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to al" + end
            + "\nBufferAssignment OOM Debugging.\nBufferAssignment stats:\n")
    evs = [e for e in read_events(text.encode()).events if e.kind == "accelerator_oom"]
    assert [(e.facts["signature"], e.facts["truncated"]) for e in evs] == [("xla-oom", True)]


def test_a_line_ending_in_an_anchor_alone_is_no_cut_message():
    """Too little of the pattern survived to call it the family's message."""
    from oomdoc import signatures

    entry = signatures.catalogue().by_id("xla-oom")
    assert not entry.search_cut(["grpc: status RESOURCE_EXHAUSTED"])
    assert not entry.search_cut(["RESOURCE_EXHAUSTED: Out of"])          # under half of the pattern
    assert entry.search_cut(["RESOURCE_EXHAUSTED: Out of memory while trying to al"])
    # a message that ends at a word's end where the pattern goes on (`... out of memory at`): no cut
    cumem = signatures.catalogue().by_id("vllm-cumem-oom")
    assert not cumem.search_cut(["RuntimeError: common.cpp:429 in function operator(): CUDA Error: out of memory"])
    assert cumem.search_cut(["RuntimeError: common.cpp:429 in function operator(): CUDA Error: out of memory ..."])
    # a whole line of another message, run into by the pattern's open part (`.{0,80}`): no cut
    shm = signatures.catalogue().by_id("shm-no-space")
    assert not shm.search_cut(["OSError: [Errno 28] No space left on device: '/mnt/data/ckpt/global_step400/"
                               "mp_rank_00_model_states.pt'"])
