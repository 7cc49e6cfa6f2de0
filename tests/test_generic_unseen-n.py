"""Shapes and families read from the misses of bench/evalsets/unseen-n.

* A blog post or a forum editor renders each sentence of PyTorch's OOM message as a paragraph
  (`CUDA out of memory.` / `Tried to allocate ...` / `Including non-PyTorch memory ...`). The numbers
  are the same message's: they are read as if it were one line, and nothing else is joined to it.
* A loader's memory guard refusing a model because (part of) it does not fit in GPU memory is an
  out-of-memory at model load, also hard-wrapped narrow; its advisory form (`Loading anyway`) and a
  conditional sentence are not.
"""
from __future__ import annotations

import pytest

from oomdoc.pipeline import read_events

_SENTENCES = [
    "torch.OutOfMemoryError: CUDA out of memory.",
    "Tried to allocate 3.50 GiB. GPU 1 has a total capacity of 39.39 GiB of which 2.06 GiB is free.",
    "Including non-PyTorch memory, this process has 37.32 GiB memory in use. Of the allocated memory "
    "33.10 GiB is allocated by PyTorch, and 3.71 GiB is reserved by PyTorch but unallocated. If reserved "
    "but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
    "fragmentation.  See documentation for Memory Management  "
    "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
]


def _oom(text: str):
    evs = [e for e in read_events(text.encode()).events if e.kind == "gpu_oom"]
    assert len(evs) == 1, [(e.kind, e.facts) for e in read_events(text.encode()).events]
    return evs[0]


@pytest.mark.parametrize("sep", ["\n\n", "\n \n", "\n"])
def test_message_sentences_as_paragraphs_read_as_one_message(sep):
    one = _oom(" ".join(_SENTENCES) + "\n").facts
    ev = _oom(sep.join(_SENTENCES) + "\nstep 12 done\n")
    for k in ("requested_bytes", "device", "total_bytes", "free_bytes", "process_bytes",
              "allocated_bytes", "reserved_unallocated_bytes"):
        assert ev.facts.get(k) == one[k], k
    assert not ev.facts.get("truncated")
    assert ev.end_line == len(sep.join(_SENTENCES).split("\n"))   # the next line is not swallowed


def test_a_bare_message_does_not_claim_the_paragraph_after_it():
    """Only the message's own sentences follow a blank: other text starts a record of its own."""
    text = "torch.OutOfMemoryError: CUDA out of memory.\n\nThe run was restarted with a smaller batch.\n"
    ev = _oom(text)
    assert ev.end_line == 1 and ev.facts.get("truncated")


def test_two_blank_lines_end_the_message():
    text = _SENTENCES[0] + "\n\n\n" + _SENTENCES[1] + "\n"
    evs = [e for e in read_events(text.encode()).events if e.kind == "gpu_oom"]
    head = next(e for e in evs if e.line == 1)
    assert head.end_line == 1 and "requested_bytes" not in head.facts
    # what follows is read on its own, as a report cut before its first sentence (messages-i)
    assert all(e.line == 4 for e in evs if e is not head)


def _events(text: str):
    return read_events(text.encode()).events


@pytest.mark.parametrize("text", [
    "Failed to load model: About 21 GB of this model does not fit in GPU memory and would run from system RAM. "
    "Only about 16 GB is available and 2 GB of that is kept free for the rest of the system, leaving about 14 GB "
    "usable. Use a smaller or more quantized GGUF, free memory, or set UNSLOTH_ALLOW_HOST_OFFLOAD=1 to load it anyway.\n",
    # the same refusal pasted from a narrow text box: the clause sits on a line of its own
    "Failed to load model: About 21 GB of\nthis model does not fit in GPU memory\nand would run from system RAM. Only\n"
    "about 16 GB is available and 2 GB of\nthat is kept free for the rest of the\nsystem, leaving about 14 GB usable.\n",
    "ERROR: the model doesn't fit in VRAM on this card\n",
])
def test_a_load_refused_because_the_model_does_not_fit_in_gpu_memory(text):
    evs = [e for e in _events(text) if e.kind == "accelerator_oom"]
    assert len(evs) == 1, [(e.kind, e.facts) for e in _events(text)]
    assert evs[0].facts.get("signature") == "gguf-host-offload-guard-refusal"
    assert evs[0].facts.get("phase") == "model_load"


@pytest.mark.parametrize("text", [
    "About 5 GB of this model does not fit in GPU memory and will run from system RAM, so generation will be "
    "slower. Loading anyway.\n",
    "If the model does not fit in GPU memory, pick a smaller quant or lower the context length.\n",
    "When a layer doesn't fit in VRAM the loader keeps it on the CPU.\n",
])
def test_an_advisory_or_a_conditional_is_no_refusal(text):
    assert not [e for e in _events(text) if e.kind == "accelerator_oom"]


def test_an_environment_named_after_a_fork_counts_for_its_base_framework():
    """`envs/openr1/` (open-r1's recipes run TRL's trainers), `envs/tinyzero/` (TinyZero runs verl): the
    user's own label, as an environment named after the framework itself; a name no fork has says nothing."""
    from oomdoc.config import load_run_config

    def fw(env):
        frames = "".join(f'  File "/home/u/miniconda3/envs/{env}/lib/python3.11/site-packages/torch/{p}.py", line 9, '
                         f"in f\n    x = y()\n" for p in ("nn/modules/module", "distributed/distributed_c10d"))
        text = "Traceback (most recent call last):\n" + frames + "RuntimeError: NCCL watchdog timeout\n"
        return load_run_config(read_events(text.encode()), []).framework

    assert fw("openr1").id == "trl"
    assert fw("TinyZero").id == "verl"
    assert fw("py311_cu124").id == "pytorch"
