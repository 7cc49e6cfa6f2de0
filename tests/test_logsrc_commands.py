"""`logsrc._maybe_command` (asked of every line that starts with a letter) skips its regexes
where their first characters cannot match: the same answers as running them all."""
from __future__ import annotations

from pathlib import Path

from oomdoc.config import logsrc, shell
from oomdoc.corpus_check import case_dirs

ROOT = Path(__file__).resolve().parent.parent


def _every_test(s: str) -> bool:
    parts = s.split(None, 2)
    head = parts[0]
    if shell.PYTHONS.match(head):
        return len(parts) == 1 or bool(logsrc._PY_ARG.match(parts[1]))
    return head in shell.all_launchers() or head in ("export", "sudo") or bool(logsrc._ENV.match(s))


def test_maybe_command_answers_as_every_test_would():
    lines = ["python3 train.py", "python -m verl.trainer.main_ppo a=1", "python", "python3.10 x.py",
             "python3 invoked oom-killer: gfp_mask=0x100cca", "pythonic stuff", "export VLLM_USE_V1=1",
             "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True python train.py", "RAY_memory_monitor_refresh_ms=0",
             "CUDA_VISIBLE_DEVICES=0,1 torchrun --nproc_per_node 2 x.py", "VLLM_ATTENTION_BACKEND=XFORMERS",
             "export\tPYTORCH_ALLOC_CONF=x", "sudo docker run", "torchrun train.py", "deepspeed --num_gpus 8 x.py",
             "step:1 - loss:0.1", "Pytorch=2"]
    for case in case_dirs(ROOT / "corpus"):
        text = (case / "train.log").read_text("utf-8", "replace")
        lines += [ln.strip() for ln in text.splitlines() if ln.strip()[:1].isalpha()]
    hits = 0
    for s in lines:
        assert logsrc._maybe_command(s) == _every_test(s), s
        hits += _every_test(s)
    assert hits > 20
