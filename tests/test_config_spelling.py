"""The way back: fixes written in each framework's own words, and round trips:
render a fix, apply it to the source text, read it again, get the new value."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from oomdoc.config import RunConfig, load_run_config
from oomdoc.config.edit import apply_fix
from oomdoc.pipeline import read_events

FIX = Path(__file__).parent / "config_fixtures"


def cfg(log=None, *files):
    analysis = read_events(str(FIX / log)) if log else None
    return load_run_config(analysis, [str(f) for f in files])


@pytest.mark.parametrize("log,knob,value,expect", [
    ("verl_dump.log", "rollout.gpu_memory_utilization", 0.4, "actor_rollout_ref.rollout.gpu_memory_utilization=0.4"),
    ("verl_dump.log", "actor.param_offload", False, "actor_rollout_ref.actor.fsdp_config.param_offload=False"),
    ("searchr1.log", "actor.micro_batch_size", 16, "actor_rollout_ref.actor.ppo_micro_batch_size=16"),
    ("easyr1.log", "actor.param_offload", False, "worker.actor.offload.offload_params=false"),
    ("openrlhf_old.log", "rollout.gpu_memory_utilization", 0.4, "--vllm_gpu_memory_utilization 0.4"),
    ("openrlhf_old.log", "trainer.colocate_all", False, "remove --colocate_all_models"),
    ("openrlhf_new.log", "rollout.gpu_memory_utilization", 0.4, "--vllm.gpu_memory_utilization 0.4"),
    ("openrlhf_new.log", "zero.offload_optimizer", True, "--ds.adam_offload"),
    ("orz.log", "rollout.gpu_memory_utilization", 0.5, "exp.gpu_memory_utilization=0.5"),
    ("trl_grpo.log", "actor.gradient_checkpointing", True, "--gradient_checkpointing true"),
    ("trl_grpo.log", "trainer.num_processes", 4, "--num_processes 4"),
    ("deepspeed_dump.log", "zero.offload_optimizer", False, 'zero_optimization.offload_optimizer.device: "cpu" → "none"'),
    ("vllm.log", "rollout.gpu_memory_utilization", 0.85, "--gpu-memory-utilization 0.85"),
    ("llamafactory.log", "actor.micro_batch_size", 2, "per_device_train_batch_size=2"),
    ("hydra_error.log", "alloc.expandable_segments", True, "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True"),
])
def test_render_in_framework_words(log, knob, value, expect):
    rc = cfg(log)
    out = rc.render_fix(knob, value)
    assert out.startswith(expect), out


def test_render_shows_current_value_and_its_source():
    out = cfg("verl_dump.log").render_fix("rollout.gpu_memory_utilization", 0.4)
    assert "now 0.6 from log:1" in out and "Hydra override" in out


def test_render_yaml_file_shows_old_to_new_with_line():
    rc = cfg(None, FIX / "verl_trainer.yaml")
    out = rc.render_fix("rollout.gpu_memory_utilization", 0.5)
    assert out.startswith("actor_rollout_ref.rollout.gpu_memory_utilization: 0.7 → 0.5"), out
    assert "verl_trainer.yaml:12" in out


def test_hydra_plus_for_key_missing_from_printed_config():
    rc = cfg("verl_dump.log")
    fix = rc.fix("actor.max_token_len_per_gpu", 8192)
    assert fix.text == "actor_rollout_ref.actor.ppo_max_token_len_per_gpu=8192"   # in the dump: no +
    fix = rc.fix("rollout.max_num_seqs", 256)
    assert fix.text == "+actor_rollout_ref.rollout.max_num_seqs=256"               # absent from the dump


def test_absent_knob_is_said_not_invented():
    out = cfg("verl_dump.log").render_fix("zero.stage", 3)
    assert "no setting" in out and "zero" in out and "=" not in out.split("(")[0]
    out = cfg("easyr1.log").render_fix("rollout.enable_sleep", False)
    assert "no setting" in out


def test_unknown_framework_renders_neutral_name():
    out = RunConfig().render_fix("actor.micro_batch_size", 1)
    assert out.startswith("actor.micro_batch_size = 1") and "framework unknown" in out


def test_easyr1_expandable_segments_note():
    out = cfg("easyr1.log").render_fix("alloc.expandable_segments", True)
    assert out.startswith("export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True")
    assert "EasyR1 forces" in out


def test_expandable_keeps_other_allocator_options():
    rc = cfg(None, FIX / "verl_run.sh")
    assert rc.fix("alloc.expandable_segments", True).text == \
        "export PYTORCH_CUDA_ALLOC_CONF=max_split_size_mb:128,expandable_segments:True"


# -- round trips --------------------------------------------------------------

def _roundtrip(tmp_path, name, knob, value, log=None):
    src = tmp_path / name
    shutil.copy(FIX / name, src)
    rc = cfg(log, src)
    fix = rc.fix(knob, value)
    src.write_text(apply_fix(src.read_text(), fix))
    again = cfg(log, src)
    assert again.value(knob) == value, (fix, src.read_text())
    return fix, src.read_text()


@pytest.mark.parametrize("name,knob,value,style", [
    ("verl_trainer.yaml", "rollout.gpu_memory_utilization", 0.45, "yaml"),
    ("verl_trainer.yaml", "actor.param_offload", True, "yaml"),
    ("verl_trainer.yaml", "data.max_response_length", 2048, "yaml"),
    ("easyr1_config.yaml", "actor.optimizer_offload", False, "yaml"),
    ("verl_run.sh", "rollout.gpu_memory_utilization", 0.5, "hydra"),
    ("verl_run.sh", "actor.micro_batch_size", 2, "hydra"),
    ("verl_run.sh", "alloc.expandable_segments", True, "env"),
    ("verl_run.sh", "ray.memory_usage_threshold", 0.98, "env"),
    ("ds_config.json", "zero.offload_optimizer", False, "json"),
    ("ds_config.json", "zero.stage", 3, "json"),
    ("accelerate_z3.yaml", "trainer.num_processes", 4, "yaml"),
    ("accelerate_z3.yaml", "zero.offload_param", True, "yaml"),
    ("llamafactory.yaml", "actor.gradient_checkpointing", True, "yaml"),
    ("grpo_recipe.yaml", "actor.gradient_checkpointing", True, "yaml"),
    ("nemo.toml", "rollout.gpu_memory_utilization", 0.4, "toml"),
])
def test_roundtrip_files(tmp_path, name, knob, value, style):
    fix, text = _roundtrip(tmp_path, name, knob, value)
    assert fix.style == style
    if name == "verl_trainer.yaml":
        assert "# long CoT" in text   # in-place edit keeps comments


def test_roundtrip_yaml_comment_kept_on_edited_line(tmp_path):
    fix, text = _roundtrip(tmp_path, "easyr1_config.yaml", "actor.param_offload", False)
    assert "offload_params: false  # true: more CPU memory" in text


def test_roundtrip_openrlhf_flags(tmp_path):
    script = tmp_path / "train.sh"
    script.write_text("ray job submit -- python3 -m openrlhf.cli.train_ppo_ray \\\n"
                      "   --vllm_gpu_memory_utilization 0.9 \\\n   --colocate_all_models \\\n   --zero_stage 3\n")
    for knob, value in (("rollout.gpu_memory_utilization", 0.5), ("trainer.colocate_all", False),
                        ("rollout.enable_sleep", True), ("zero.stage", 2)):
        rc = cfg(None, script)
        script.write_text(apply_fix(script.read_text(), rc.fix(knob, value)))
        assert cfg(None, script).value(knob) == value, script.read_text()


def test_roundtrip_hydra_append_new_key(tmp_path):
    script = tmp_path / "run.sh"
    script.write_text("python3 -m verl.trainer.main_ppo \\\n    data.train_batch_size=8 2>&1 | tee log\n")
    rc = cfg(None, script)
    fix = rc.fix("actor.use_dynamic_bsz", True)
    script.write_text(apply_fix(script.read_text(), fix))
    assert "tee log" in script.read_text()
    assert cfg(None, script).value("actor.use_dynamic_bsz") is True
