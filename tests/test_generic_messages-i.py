"""Principles read from messages-i's misses (bench/evalsets/messages-i), each tested on renderings other than the
set's own: an OOM the program answers by announcing what it will do next (the batch `will be decreased`, `will be
retrained`) is recovered, not a failure, unless a failure follows; a wrapped paragraph's hedge (`... can help avoid`
/ `CUDA out-of-memory errors ...`) carries over to its next line; an allocator report cut before its head is still
the allocator's OOM; Windows' commit-limit error is read by its number in any language."""
from __future__ import annotations

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import read_events


def _generic(text: str, signature: str = "generic-out-of-memory"):
    return [e for e in read_events(text.encode()).events if e.facts.get("signature") == signature]


def _causes(tmp_path, text: str) -> list[str]:
    p = tmp_path / "train.log"
    p.write_text(text)
    return [d.cause for d in explain(str(p), similar=False).diagnoses]


# ---------------------------------------------------------------- an OOM answered by an announced adaptation
@pytest.mark.parametrize("line", [
    # Composer 0.11's older wording (grad accumulation doubled, the batch retrained)
    "composer/trainer/trainer.py:1790: RuntimeWarning: CUDA out of memory detected. Gradient Accumulation, the number "
    "of train microbatches, increased from 2 -> 4, and the batch will be retrained with a micro-batchsize of 8",
    # a home-grown auto-batcher's wording
    "[autobatch] WARNING out of memory at micro_batch_size=32; micro batch size will be halved and the step redone",
    # an inference loop's chunking
    "W0301 encoder.py:88] HIP out of memory for chunk 4096 tokens, chunk size will be reduced to 2048",
])
def test_an_oom_answered_by_an_announced_adaptation_is_no_failure(line):
    assert _generic(line + "\nstep 2 loss 2.41\nstep 3 loss 2.38\n") == []


def test_the_adaptation_that_runs_out_is_still_the_failure(tmp_path):
    # the same warnings, then the framework's own failure: detected
    text = ("RuntimeWarning: CUDA out of memory detected. Train microbatch size will be decreased from 2 -> 1.\n"
            "RuntimeError: CUDA out of memory. The train loop failed with an internal microbatch of size 1.\n")
    causes = _causes(tmp_path, text)
    assert causes and causes[0] != "not-oom"


# ---------------------------------------------------------------- a wrapped paragraph's hedge
@pytest.mark.parametrize("text", [
    # click's option help, the description wrapped at its column
    "  --empty-cache-every INTEGER  Call torch.cuda.empty_cache() every N steps, which helps avoid\n"
    "                               CUDA out of memory errors on 16 GB cards.\n",
    # a docstring / README paragraph wrapped at 72 columns
    "    Enable ``expandable_segments`` to reduce fragmentation, which can prevent\n"
    "    CUDA out-of-memory errors in long runs with varying sequence lengths.\n",
])
def test_a_hedge_carries_over_to_the_wrapped_next_line(text):
    assert _generic(text) == []


def test_an_indented_exception_after_a_hedged_code_line_is_still_read():
    # an exception line is never a sentence's continuation (an exception group's `    | ` block)
    text = ("    |   File \"/w/run.py\", line 77, in _forward\n"
            "    |     return model(**batch) if cfg.eval else train(model, batch)\n"
            "    | RuntimeError: NPU out of memory while running the fused kernel\n")
    evs = [e for e in read_events(text.encode()).events if e.kind != "metric"]
    assert evs


# ---------------------------------------------------------------- an allocator report cut before its head
@pytest.mark.parametrize("text, total", [
    # the 2.x sentences, cut mid-word (a scroll-back buffer)
    ("ory. Tried to allocate 512.00 MiB. GPU 1 has a total capacity of 23.64 GiB of which 301.06 MiB is free. "
     "Process 4410 has 23.33 GiB memory in use.", 23.64),
    # the 1.x parenthesis, behind a rank prefix
    ("[rank2]: 38 GiB (GPU 2; 39.39 GiB total capacity; 36.02 GiB already allocated; 312.06 MiB free; 38.61 GiB "
     "reserved in total by PyTorch)", 39.39),
])
def test_an_allocator_report_without_its_head_is_the_allocators_oom(text, total):
    evs = [e for e in read_events((text + "\n").encode()).events if e.facts.get("signature") == "torch-oom-report-tail"]
    assert len(evs) == 1 and evs[0].kind == "gpu_oom" and evs[0].facts["truncated"] is True
    assert abs(evs[0].facts["total_bytes"] - total * 2**30) < 2**20


def test_a_whole_allocator_message_keeps_its_own_family():
    text = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
            "79.10 GiB of which 1.37 GiB is free. Of the allocated memory 73.90 GiB is allocated by PyTorch, and "
            "3.17 GiB is reserved by PyTorch but unallocated.\n")
    sigs = [e.facts.get("signature") for e in read_events(text.encode()).events if e.kind == "gpu_oom"]
    assert sigs == ["torch-cuda-oom"]


# ---------------------------------------------------------------- Windows' commit limit by its number
@pytest.mark.parametrize("text", [
    "OSError: [WinError 1455] ページング ファイルが小さすぎるため、この操作を完了できません。 Error loading \"torch\\lib\\c10.dll\"",
    "OSError: [WinError 1455] Le fichier de pagination est insuffisant pour terminer cette opération",
    "Error: Os { code: 1455, kind: Uncategorized, message: \"The paging file is too small for this operation to complete.\" }",
])
def test_windows_commit_limit_by_its_number(text):
    evs = [e for e in read_events((text + "\n").encode()).events
           if e.facts.get("signature") in ("windows-commit-limit-by-code", "windows-commit-limit")]
    assert evs and evs[0].facts["memory"] == "host"


@pytest.mark.parametrize("text", [
    "step 1455 loss 0.4123 lr 2.0e-05",
    "Process 21455 exited with code 0",
    "batch 91455/120000 error rate 0.011",
])
def test_the_number_alone_is_no_commit_limit(text):
    evs = [e for e in read_events((text + "\n").encode()).events if e.kind != "metric"]
    assert not any(e.facts.get("signature") == "windows-commit-limit-by-code" for e in evs)


# ---------------------------------------------------------------- (probes beyond the set) a fall-back taken
@pytest.mark.parametrize("line", [
    "UserWarning: pin_memory thread got out of memory, falling back to pageable memory",
    "[xformers] WARNING: out of memory in the fused attention kernel, falling back to the chunked implementation",
])
def test_an_oom_answered_by_a_fall_back_is_no_failure(line):
    assert _generic(line + "\nstep 2 loss 2.41\n") == []


# ---------------------------------------------------------------- a release note or commit names a fixed OOM
@pytest.mark.parametrize("text", [
    "v2.4.0\n- Fixed: CUDA out of memory in FSDP2 when resharding after forward (#1321)\n",
    "* fix host out of memory when loading sharded checkpoints (#2210)\n",
    "3f9c2a1 Fixes an out-of-memory error in the evaluation loop\n",
])
def test_a_fixed_oom_in_release_notes_is_no_failure(text):
    assert _generic(text) == []


# ---------------------------------------------------------------- ENOMEM by its number, in any language
@pytest.mark.parametrize("text", [
    "OSError: [Errno 12] Nicht genügend Hauptspeicher verfügbar",
    "OSError: [Errno 12] No se puede asignar memoria",
])
def test_enomem_by_its_number(text):
    evs = [e for e in read_events((text + "\n").encode()).events if e.facts.get("signature") == "enomem-by-errno"]
    assert len(evs) == 1 and evs[0].facts["memory"] == "host"


def test_another_errno_is_no_enomem():
    evs = read_events(b"OSError: [Errno 122] Disk quota exceeded: '/scratch/ckpt/step-1000'\n").events
    assert not any(e.facts.get("signature") in ("enomem-by-errno", "enomem") for e in evs)


# ---------------------------------------------------------------- (probe beyond the set) XLA:TPU `would exceed memory`
@pytest.mark.parametrize("text", [
    "jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Allocation (size=34359738368) would exceed memory "
    "(size=33822867456) :: #allocation6476 [shape = 'f32[4,32,8192,8192]{3,2,1,0:T(8,128)}', space=hbm, "
    "size = 0xffffffffffffffff, tag = 'output of fusion.12'] :: <no-hlo-instruction>",
    "RESOURCE_EXHAUSTED: Allocation (size=135291469824) would exceed memory (size=34359738368)",
])
def test_a_tpu_buffer_over_the_devices_memory(text):
    evs = [e for e in read_events((text + "\n").encode()).events
           if e.facts.get("signature") == "xla-tpu-allocation-would-exceed-memory"]
    assert len(evs) == 1 and evs[0].facts["memory"] == "gpu"


def test_a_kernels_vmem_scratch_over_its_limit_is_no_oom(tmp_path):
    text = ("XlaRuntimeError: RESOURCE_EXHAUSTED: Allocation (size=134217728) would exceed memory (size=67108864) :: "
            "#allocation25 [shape = 'u8[134217728]{0}', space=vmem, size = 0x8000000, tag = 'scoped memory for "
            "ragged_all_gather_matmul_kernel.2'] :: ragged_all_gather_matmul_kernel.2\n")
    assert all(c == "not-oom" for c in _causes(tmp_path, text))


def test_fixed_the_adjective_does_not_hedge():
    evs = _generic("E0102 pool.cc:88] failed to allocate fixed pool of 4.00 GiB: out of memory\n")
    assert len(evs) == 1
