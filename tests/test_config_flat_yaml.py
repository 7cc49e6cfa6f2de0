"""A flat YAML run config pasted into a report (LLaMA-Factory's `train.yaml`, axolotl's, torchtune's):
read as the run's settings when several of its keys are keys a framework's mapping knows."""
from __future__ import annotations

from oomdoc.config import load_run_config
from oomdoc.pipeline import read_events

LF_YAML = """\
### model
model_name_or_path: Qwen/Qwen2.5-7B-Instruct
trust_remote_code: true

### method
stage: sft
finetuning_type: lora   # choices: [full, freeze, lora]
lora_rank: 16
deepspeed: examples/deepspeed/ds_z3_config.json

### dataset
cutoff_len: 8192
preprocessing_num_workers: 16

### train
per_device_train_batch_size: 4
gradient_accumulation_steps: 8
"""
OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.10 GiB. GPU 0 has a total capacity of "
       "23.55 GiB of which 1.02 GiB is free.\n")


def cfg(text: str):
    return load_run_config(read_events(text.encode()), [])


def test_a_pasted_llamafactory_yaml_gives_the_run_its_settings_with_their_lines():
    rc = cfg(LF_YAML + OOM)
    assert rc.framework.id == "llama-factory"
    mb = rc.get("actor.micro_batch_size")
    assert (mb.value, mb.source) == (4, "log:16")
    assert rc.get("data.max_length").value == 8192
    assert rc.get("actor.lora_rank").value == 16       # the inline comment is no part of a value
    assert rc.get("actor.gradient_accumulation_steps").value == 8


def test_a_log_s_own_name_value_lines_are_no_config():
    # five `name: value` lines none of which a framework reads
    text = ("status: running\nnode: gpu-7\nuptime: 3h\nqueue: default\nowner: alice\n") + OOM
    rc = cfg(text)
    assert not {"status", "node", "uptime", "queue", "owner"} & set(rc.raw)


def test_the_zero_stage_is_read_from_llamafactory_s_bundled_deepspeed_config_name_and_fixed_there():
    rc = cfg(LF_YAML + OOM)
    st = rc.get("zero.stage")
    assert (st.value, st.source, st.raw_key) == (3, "log:9", "deepspeed")
    rc2 = cfg(LF_YAML.replace("ds_z3_config", "ds_z2_config") + OOM)
    assert rc2.get("zero.stage").value == 2
    fix = rc2.render_fix("zero.stage", 3)
    assert "examples/deepspeed/ds_z3_config.json" in fix and "ds_z2_config.json" in fix
