"""Principles read from messages-k's misses (bench/evalsets/messages-k), each tested on renderings other than the
set's own: an OOM its writer says, in the lines after it, it recovers from (retries, skips the batch, falls back)
and then goes on training from is context, not the failure (oomdoc/parsers/recovered.py); giving up, another
writer's steps or no steps at all leave it the failure."""
from __future__ import annotations

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import read_events

TORCH_2X = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
            "23.64 GiB of which 1.09 GiB is free. Including non-PyTorch memory, this process has 22.54 GiB memory in use. "
            "Of the allocated memory 20.87 GiB is allocated by PyTorch, and 1.21 GiB is reserved by PyTorch but "
            "unallocated.")
TORCH_1X = ("RuntimeError: CUDA out of memory. Tried to allocate 1.21 GiB (GPU 0; 31.75 GiB total capacity; 28.40 GiB "
            "already allocated; 771.94 MiB free; 29.94 GiB reserved in total by PyTorch)")


def _kinds(text: str) -> list[str]:
    return [e.kind for e in read_events(text.encode()).events]


def _causes(tmp_path, text: str) -> list[str]:
    p = tmp_path / "train.log"
    p.write_text(text)
    return [d.cause for d in explain(str(p), similar=False).diagnoses]


@pytest.mark.parametrize("text", [
    # a home-grown loop that logs the exception, skips the batch and trains on
    "2025-02-11 10:02:11 ERROR train: OOM on batch 1432 (seq len 16384)\n" + TORCH_2X + "\n"
    "2025-02-11 10:02:11 WARNING train: skipping batch 1432 after OOM, emptying cache\n"
    "2025-02-11 10:02:14 INFO train: step 1433 loss 2.0114\n"
    "2025-02-11 10:02:17 INFO train: step 1434 loss 1.9987\n",
    # fairseq's legacy print() wording, validation retried, then the next epoch's lines
    "| WARNING: OOM: Ran out of memory with exception: " + TORCH_1X.split(": ", 1)[1] + "\n"
    "| WARNING: ran out of memory in validation step, retrying batch\n"
    "| epoch 007 | valid on 'valid' subset | loss 3.912 | nll_loss 2.301 | ppl 4.93 | num_updates 21000\n"
    "| epoch 008:    100 / 1521 loss=3.871, nll_loss=2.281, ppl=4.86, wps=60112, ups=3.8\n",
    # detectron2 retry_if_cuda_oom after the allocator's message, inference goes on with a tqdm bar
    TORCH_2X + "\n"
    "[11/25 03:12:11 d2.utils.memory]: Attempting to copy inputs of <function paste_masks_in_image at 0x7f3a> to CPU "
    "due to CUDA OOM\n"
    "Inference:  41%|████      | 205/500 [01:40<02:24,  2.04it/s]\n"
    "Inference:  42%|████▏     | 210/500 [01:42<02:21,  2.05it/s]\n",
    # an eval loop that says so on the OOM's own line, around the exception it quotes
    "eval batch 12/40\nWARNING: CUDA OOM on eval batch 13, skipped (" + TORCH_2X + ")\n"
    "eval batch 14/40\neval batch 15/40\neval done: ppl 7.91\n",
])
def test_an_oom_its_writer_recovered_from_and_went_on_is_no_failure(tmp_path, text):
    assert "recovered_oom" in _kinds(text)
    assert _causes(tmp_path, text)[:1] == ["not-oom"]


@pytest.mark.parametrize("text", [
    # the recovery failed: the writer says so before any step
    TORCH_2X + "\nattempting to recover from OOM in forward/backward pass\nfailed to recover, giving up\n"
    "step 12 loss 2.1\nstep 13 loss 2.0\n",
    # recovery announced, but nothing trained after it (the log ends)
    TORCH_2X + "\nOOM in all workers, skipping update\n",
    # skipped on its own line, but nothing trained after it
    "WARNING: CUDA OOM on eval batch 13, skipped (" + TORCH_2X + ")\nTraceback (most recent call last):\n",
    # another rank's steps after one rank's OOM: ranks die one by one
    "[rank3]: " + TORCH_2X + "\n[rank3]: skipping batch after OOM\n[rank0]: step 12 loss 2.1\n[rank0]: step 13 loss 2.0\n",
])
def test_an_oom_not_recovered_stays_the_failure(tmp_path, text):
    assert "recovered_oom" not in _kinds(text)
    causes = _causes(tmp_path, text)
    assert causes and causes[0] != "not-oom"


# ---------------------------------------------------------------- checkpointing turned on by a call in quoted code
HF_OOM = ("Traceback (most recent call last):\n"
          '  File "/home/u/ft.py", line 61, in <module>\n'
          "    trainer.train()\n"
          '  File "/usr/lib/python3.11/site-packages/transformers/trainer.py", line 3740, in training_step\n'
          "    self.accelerator.backward(loss, **kwargs)\n"
          "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.25 GiB. GPU 0 has a total capacity of 23.55 GiB "
          "of which 989.44 MiB is free. Including non-PyTorch memory, this process has 22.57 GiB memory in use. Of the "
          "allocated memory 21.14 GiB is allocated by PyTorch, and 1.02 GiB is reserved by PyTorch but unallocated.\n")


@pytest.mark.parametrize("code", [
    # a script pasted above the log in an issue
    "```python\nmodel = AutoModelForCausalLM.from_pretrained(name, torch_dtype=torch.bfloat16)\n"
    "model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={'use_reentrant': False})\n"
    "trainer = Trainer(model=model, args=args, train_dataset=ds)\n```\n",
    # a Jupyter traceback's context lines, number gutter and all
    "      3 peft_model = get_peft_model(model, lora_cfg)\n      4 peft_model.gradient_checkpointing_enable()\n"
    "----> 5 trainer.train()\n",
])
def test_a_quoted_call_to_gradient_checkpointing_enable_says_it_is_on(tmp_path, code):
    assert _causes(tmp_path, HF_OOM)[:1] == ["no-gradient-checkpointing"]     # (the trainer's default, unquoted)
    assert "no-gradient-checkpointing" not in _causes(tmp_path, code + HF_OOM)[:1]


def test_a_commented_out_call_says_nothing(tmp_path):
    code = "```python\n# model.gradient_checkpointing_enable()\ntrainer = Trainer(model=model, args=args)\n```\n"
    assert _causes(tmp_path, code + HF_OOM)[:1] == _causes(tmp_path, HF_OOM)[:1]


# ---------------------------------------------------------------- a failed allocation its writer calls harmless
def _generic(text: str):
    return [e for e in read_events(text.encode()).events if e.facts.get("signature") == "generic-out-of-memory"]


@pytest.mark.parametrize("line", [
    # TensorFlow's cuDNN redzone check (core/kernels/gpu_utils.cc)
    "2024-11-25 01:02:03.123456: W tensorflow/core/kernels/gpu_utils.cc:69] Failed to allocate memory for convolution "
    "redzone checking; skipping this check. This is benign and only means that we won't check cudnn for out-of-bounds "
    "reads and writes. This message will only be printed once.",
    # a compile cache's optional warm-up
    "W0311 10:01:02 cache.py:41] Failed to allocate 512 MiB of device memory for the autotune warm-up; skipping the "
    "warm-up (this can be safely ignored)",
    # a profiler's optional buffer
    "[profiler] WARNING: not enough GPU memory for the activity trace buffer (needs 2.0 GiB); the trace is disabled. "
    "This is harmless.",
])
def test_a_failed_allocation_its_writer_calls_harmless_is_no_failure(line):
    assert _generic(line + "\nstep 2 loss 2.41\nstep 3 loss 2.38\n") == []


def test_harmless_said_of_something_else_on_another_line_does_not_hide_the_failure(tmp_path):
    text = ("RuntimeError: Failed to allocate 4294967296 bytes of GPU memory: out of memory\n"
            "Note: the deprecation warnings above can be safely ignored.\n")
    causes = _causes(tmp_path, text)
    assert causes and causes[0] != "not-oom"


# ---------------------------------------------------------------- RESOURCE_EXHAUSTED said of another resource
@pytest.mark.parametrize("text", [
    # gRPC's message-size cap (a TensorBoard / metrics upload), the status on its own line
    "grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:\n"
    "\tstatus = StatusCode.RESOURCE_EXHAUSTED\n"
    "\tdetails = \"Received message larger than max (8653181 vs. 4194304)\"\n>\n",
    # a checkpoint write to GCS refused by its rate limit (tensorstore / Orbax)
    "E1125 03:01:09.881 async_checkpointer.py:193] Checkpoint save failed: RESOURCE_EXHAUSTED: Error writing to "
    "gs://b/run7/5000/state/d/0.zarr: HTTP 429 Too Many Requests: The object exceeded the rate limit for object mutation "
    "operations.\n",
    # a reward model behind a quota'd API in an RL loop
    "W1125 03:01:09 reward.py:88] judge call failed: RESOURCE_EXHAUSTED: Quota exceeded for quota metric "
    "'Generate content requests' and limit 'requests per minute per region'; retrying in 30s\n",
])
def test_resource_exhausted_said_of_another_resource_is_no_oom(text):
    assert _generic(text) == []


def test_resource_exhausted_said_of_memory_over_grpc_is_still_an_oom():
    text = ("\tstatus = StatusCode.RESOURCE_EXHAUSTED\n"
            "\tdetails = \"OOM when allocating tensor with shape[8192,32000] and type float on "
            "/job:worker/replica:0/task:1/device:GPU:0 by allocator GPU_0_bfc\"\n")
    assert [e.kind for e in read_events(text.encode()).events if e.kind != "crash"]


def test_advice_to_retry_is_no_recovery():
    # Ray's memory monitor text advises a retry; the driver's steps after it are not this worker recovering
    text = (TORCH_2X + "\nSet max_restarts and max_task_retries to enable retry when the task crashes due to OOM.\n"
            "step 12 loss 2.1\nstep 13 loss 2.0\n")
    assert "recovered_oom" not in _kinds(text)


def test_an_oom_whose_lines_were_not_kept_is_left_alone():
    # a big log keeps only some lines: an OOM past the last kept line has nothing to be read after it
    from oomdoc.parsers import recovered

    analysis = read_events((TORCH_2X + "\nskipping batch after OOM\nstep 2 loss 2.4\nstep 3 loss 2.3\n").encode())
    oom = next(e for e in analysis.events if e.kind == "recovered_oom")
    oom.kind = oom.facts.pop("recovered_kind")
    oom.line = oom.end_line = analysis.lines[-1].no + 100
    recovered.after_read(analysis)
    assert oom.kind == "gpu_oom"
