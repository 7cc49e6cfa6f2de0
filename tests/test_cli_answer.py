"""What the answer says, through the real CLI: evidence lines, pasteable fixes,
the gradient-accumulation companion, and a clean log said in words."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"


def oomdoc(*args, env=None, cwd=ROOT) -> subprocess.CompletedProcess:
    e = {**os.environ, "NO_COLOR": "1", **(env or {})}
    e.pop("FORCE_COLOR", None)
    return subprocess.run([sys.executable, "-m", "oomdoc", *args], capture_output=True, text=True, cwd=cwd,
                          env=e, timeout=120, stdin=subprocess.DEVNULL)


def report(case: str) -> dict:
    r = oomdoc("explain", "--example", case, "--format", "json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def log_lines(case: str) -> list[str]:
    return (CORPUS / case / "train.log").read_text(encoding="utf-8", errors="replace").splitlines()


def test_evidence_cites_the_exception_line_and_the_range():
    case = "micro-batch-too-large-verl-v04-update-actor"
    lines = log_lines(case)
    ev = next(e for e in report(case)["diagnoses"][0]["evidence"] if "OutOfMemoryError" in e["text"])
    assert "Traceback" in lines[ev["start_line"] - 1]                       # the record starts at the header
    assert "torch.OutOfMemoryError: CUDA out of memory" in lines[ev["line"] - 1]
    assert ev["start_line"] < ev["line"] <= ev["end_line"]
    text = oomdoc("explain", "--example", case).stdout
    assert f"line {ev['line']} ({ev['start_line']}-{ev['end_line']})  torch.OutOfMemoryError" in text
    md = oomdoc("explain", "--example", case, "--format", "markdown").stdout
    assert f"| {ev['line']} ({ev['start_line']}-{ev['end_line']}) | `torch.OutOfMemoryError" in md


def test_change_is_only_the_text_to_paste_and_where_says_the_rest():
    from oomdoc.render.explain_json import SCHEMA

    assert {"where", "also"} <= set(SCHEMA["properties"]["fixes"]["items"]["properties"])
    assert SCHEMA["properties"]["schema_version"] == {"const": 1}          # additive: version unchanged
    rep = report("micro-batch-too-large-verl-v04-update-actor")
    fix = rep["fixes"][0]
    assert fix["change"] == "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=16"
    assert fix["where"] == "Hydra override on the `verl.trainer.main_ppo` command; now 32 from log:13"
    for case in ("vllm-kv-cache-too-small-trl-vllm-serve-v1-enginecore-1m", "cpu-offload-host-ram-deepspeed-"
                 "pdsh-two-node-z3-offload-exit-9", "micro-batch-too-large-verl-v04-update-actor"):
        for f in report(case)["fixes"]:
            assert "  (" not in f["change"] and " now " not in f["change"], f["change"]


def test_vllm_engine_argument_location_is_said_once():
    case = "vllm-kv-cache-too-small-trl-vllm-serve-v1-enginecore-1m"
    rep = report(case)
    engine = [f for f in rep["fixes"] if f["where"].startswith("vLLM engine argument")]
    assert len(engine) >= 2 and {f["change"].split()[0] for f in engine} >= {"--gpu-memory-utilization",
                                                                             "--max-num-seqs"}
    text = oomdoc("explain", "--example", case).stdout
    assert text.count("vLLM engine argument") == 1, text
    assert "--gpu-memory-utilization` on" not in text          # no knob-specific text on every flag


def test_halving_the_per_device_batch_offers_the_matching_accumulation():
    for case, change, also in (
            ("micro-batch-too-large-trl-dpo-batch16-a100-40g", "--per_device_train_batch_size 8",
             "--gradient_accumulation_steps 2"),
            ("micro-batch-too-large-llamafactory-torch113-lora", "--per_device_train_batch_size 8",
             "--gradient_accumulation_steps 2")):
        fix = next(f for f in report(case)["fixes"] if f["knob"] == "actor.micro_batch_size")
        assert (fix["change"], fix["also"]) == (change, [also])
        text = oomdoc("explain", "--example", case).stdout
        assert f"and {also}   [keeps the effective batch]" in text
    # verl derives accumulation from the mini batch itself: nothing to add
    fix = next(f for f in report("micro-batch-too-large-verl-v04-update-actor")["fixes"]
               if f["knob"] == "actor.micro_batch_size")
    assert fix["also"] == []


def test_accumulation_follows_a_deepspeed_config_file(tmp_path):
    ds = tmp_path / "ds_config.json"
    ds.write_text(json.dumps({"train_micro_batch_size_per_gpu": 8, "gradient_accumulation_steps": 4,
                              "zero_optimization": {"stage": 2}}, indent=2))
    log = tmp_path / "train.log"
    log.write_text(
        "[2024-05-01 10:00:00,000] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.14.0\n"
        "Traceback (most recent call last):\n"
        '  File "train.py", line 10, in <module>\n'
        "    loss = engine(batch)\n"
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 6.00 GiB. GPU 0 has a total capacity of "
        "79.15 GiB of which 2.00 GiB is free. Of the allocated memory 70.00 GiB is allocated by PyTorch, and "
        "1.00 GiB is reserved by PyTorch but unallocated.\n")
    r = oomdoc("explain", "train.log", "--config", "ds_config.json", "--format", "json", cwd=tmp_path)
    fix = next(f for f in json.loads(r.stdout)["fixes"] if f["knob"] == "actor.micro_batch_size")
    assert fix["change"] == "train_micro_batch_size_per_gpu: 8 → 4"       # an edit of the JSON file
    assert fix["where"] == "JSON path in ds_config.json:2"
    assert fix["also"] == ["gradient_accumulation_steps: 4 → 8"]           # 8 x 4 = 4 x 8


def test_a_clean_log_says_no_oom_and_what_was_checked():
    case = "notoom-deepspeed-see-memory-usage-healthy-offload"
    text = oomdoc("explain", "--example", case).stdout
    assert "no out-of-memory failure in this log" in text
    assert "confidence" not in text and "cause: not-oom" not in text
    n = len(log_lines(case))
    assert re.search(rf"read {n:,} lines and looked for every out-of-memory failure oomdoc knows: .*gpu oom", text)
    assert "seen instead: deepspeed memory ×5" in text
    md = oomdoc("explain", "--example", case, "--format", "markdown").stdout
    assert md.startswith("### Out-of-memory diagnosis: no out-of-memory failure in this log")
    # the JSON contract is unchanged: the not-oom diagnosis is still there for machines
    assert report(case)["diagnoses"][0]["cause"] == "not-oom"
    # a crash is still a diagnosis of its own, not "nothing found"
    crash = oomdoc("explain", "--example", "notoom-deepspeed-segfault-exit-11").stdout
    assert "cause: not-oom" in crash and "no out-of-memory failure in this log" not in crash
