"""Shapes and principles read from the misses of bench/evalsets/unseen-q."""
from __future__ import annotations

from oomdoc.pipeline import read_events

_MSG = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 1 has a total capacity "
        "of 79.25 GiB of which 1.10 GiB is free.\n")
_FRAMES = (
    '  File "/opt/trainer/loss.py", line 88, in policy_loss\n'
    "    logp = token_log_probs(logits, labels)\n"
    '  File "/opt/trainer/ops.py", line 41, in token_log_probs\n'
    "    return torch.log_softmax(logits.float(), dim=-1).gather(-1, labels)\n"
)


def _oom(text: str):
    evs = [e for e in read_events(text.encode()).events if e.kind == "gpu_oom"]
    assert len(evs) == 1
    return evs[0]


def test_frames_pasted_below_the_message_give_its_op():
    ev = _oom(_MSG + "\n" + _FRAMES)
    assert ev.facts.get("op") == "logits"
    assert ev.frames and ev.frames[-1].endswith(":token_log_probs")


def test_frames_with_a_header_below_the_message_give_its_op():
    ev = _oom(_MSG + "Traceback (most recent call last):\n" + _FRAMES)
    assert ev.facts.get("op") == "logits"


def test_frames_ending_in_their_own_error_are_not_the_oom_stack():
    ev = _oom(_MSG + "\n" + _FRAMES + "ValueError: labels out of range\n")
    assert "op" not in ev.facts


def test_frames_far_below_the_message_are_not_its_stack():
    ev = _oom(_MSG + "\nsaving run state\nrun state saved\nretrying step 12\nstep 12 skipped\n" + _FRAMES)
    assert "op" not in ev.facts


def test_the_message_s_own_traceback_is_kept():
    own = ('Traceback (most recent call last):\n  File "/opt/trainer/attn.py", line 9, in forward\n'
           "    w = torch.softmax(q @ k.transpose(-1, -2), dim=-1)\n")
    ev = _oom(own + _MSG + "\n" + _FRAMES)
    assert ev.facts.get("op") == "attention"
