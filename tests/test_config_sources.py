"""Config recovered from each framework's real shapes: dumps, reprs, commands, files."""
from __future__ import annotations

from pathlib import Path

import pytest

from oomdoc.config import load_run_config
from oomdoc.pipeline import read_events

FIX = Path(__file__).parent / "config_fixtures"


def cfg(log=None, *files):
    analysis = read_events(str(FIX / log)) if log else None
    return load_run_config(analysis, [str(FIX / f) for f in files])


def val(rc, knob):
    s = rc.get(knob)
    return None if s is None else s.value


def test_verl_pprint_dump_with_interleaved_actor_and_command():
    rc = cfg("verl_dump.log")
    assert rc.framework.id == "verl" and rc.framework.confidence > 0.8
    assert val(rc, "actor.micro_batch_size") == 4
    assert rc.get("actor.micro_batch_size").raw_key == "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu"
    assert val(rc, "actor.param_offload") is True
    assert val(rc, "rollout.n") == 5
    assert val(rc, "data.max_response_length") == 3072
    # the key's own line inside the multi-line dump is cited
    assert rc.get("data.max_response_length").source == "log:27"
    # vLLM's engine line resolves max_model_len (the dump's None means "auto")
    assert val(rc, "rollout.max_model_len") == 4096
    assert rc.raw["trainer.logger"].value == "[console]" or rc.raw["trainer.logger"].value == ["console"]
    # never set anywhere -> the framework default, marked as such
    d = rc.get("rollout.max_num_seqs")
    assert d.default and d.value == 1024 and d.source == "default"


def test_verl_launch_script_and_env():
    rc = cfg(None, "verl_run.sh")
    assert rc.framework.id == "verl"
    assert val(rc, "rollout.gpu_memory_utilization") == 0.8
    assert rc.get("rollout.gpu_memory_utilization").source.endswith("verl_run.sh:12")
    assert val(rc, "model.name") == "Qwen/Qwen2.5-3B"       # $MODEL expanded
    assert val(rc, "alloc.conf") == "max_split_size_mb:128"
    assert val(rc, "alloc.expandable_segments") is False
    assert rc.raw["VLLM_ATTENTION_BACKEND"].value == "XFORMERS"
    assert rc.raw["actor_rollout_ref.rollout.engine_kwargs.vllm.disable_cascade_attn"].value is True
    assert val(rc, "trainer.n_gpus_per_node") == 4           # `2>&1 | tee` is not an argument


def test_search_r1_dump_old_keys_and_detection():
    rc = cfg("searchr1.log")
    assert rc.framework.id == "search-r1"
    assert any("search_r1" in e for e in rc.framework.evidence)
    assert val(rc, "actor.micro_batch_size") == 64
    assert rc.get("actor.micro_batch_size").raw_key == "actor_rollout_ref.actor.ppo_micro_batch_size"
    assert val(rc, "actor.grad_offload") is True
    assert val(rc, "rollout.n") == 5                          # n_agent
    assert val(rc, "agent.max_turns") == 2
    assert val(rc, "algorithm.adv_estimator") == "grpo"


def test_easyr1_json_dump_and_rename():
    rc = cfg("easyr1.log")
    assert rc.framework.id == "easyr1"
    assert val(rc, "actor.param_offload") is True and val(rc, "actor.optimizer_offload") is True
    assert val(rc, "rollout.gpu_memory_utilization") == 0.5
    # pre-v0.3.1 name of ulysses_size still maps
    assert rc.get("actor.sequence_parallel_size").raw_key == "worker.actor.ulysses_sequence_parallel_size"
    assert val(rc, "data.train_batch_size") == 512


def test_openrlhf_flat_namespace():
    rc = cfg("openrlhf_old.log")
    assert rc.framework.id == "openrlhf" and rc.framework.version.startswith("<=0.10.1")
    assert val(rc, "rollout.gpu_memory_utilization") == 0.5
    assert val(rc, "trainer.colocate_all") is True
    assert val(rc, "zero.offload_optimizer") is False
    assert val(rc, "actor.micro_batch_size") == 8


def test_openrlhf_dotted_flags_and_nested_namespace():
    rc = cfg("openrlhf_new.log")
    assert rc.framework.id == "openrlhf" and rc.framework.version.startswith(">=0.10.2")
    assert val(rc, "rollout.gpu_memory_utilization") == 0.6
    assert rc.get("rollout.gpu_memory_utilization").raw_key == "vllm.gpu_memory_utilization"
    assert val(rc, "rollout.enable_sleep") is True            # bare store_true flag
    assert val(rc, "ref.param_offload") is False              # from the nested namespace(...)


def test_orz_table_override_and_actors():
    rc = cfg("orz.log")
    assert rc.framework.id == "orz"
    assert val(rc, "rollout.gpu_memory_utilization") == 0.75   # `Override ... from 0.85 to 0.75`
    assert val(rc, "trainer.colocate_all") is True
    assert val(rc, "rollout.max_num_seqs") == 2
    assert rc.get("zero.stage").source == "log:9"


def test_trl_grpo_config_print_accelerate_flags_env():
    rc = cfg("trl_grpo.log")
    assert rc.framework.id == "trl" and rc.framework.fork == "open-r1"
    assert val(rc, "actor.micro_batch_size") == 2
    assert val(rc, "rollout.gpu_memory_utilization") == 0.7
    assert val(rc, "algorithm.adv_estimator") == "grpo"
    assert val(rc, "trainer.num_processes") == 8
    assert val(rc, "env.cuda_visible_devices") == "0,1,2,3,4,5,6,7"


def test_trl_with_accelerate_and_deepspeed_files():
    rc = cfg("trl_grpo.log", "accelerate_z3.yaml", "ds_config.json")
    assert rc.framework.id == "trl"
    # accelerate yaml says stage 3, the later --config ds_config.json says 2: later file wins, with a warning
    assert val(rc, "zero.stage") == 2
    assert any("zero.stage conflict" in w and "accelerate_z3.yaml:6" in w for w in rc.warnings)
    assert val(rc, "zero.offload_optimizer") is True
    assert val(rc, "actor.gradient_accumulation_steps") == 4
    # DeepSpeed "auto" is not a value: kept raw, the printed GRPOConfig value stands
    assert val(rc, "actor.micro_batch_size") == 2
    assert rc.raw["train_micro_batch_size_per_gpu"].value == "auto"


def test_deepspeed_json_dump():
    rc = cfg("deepspeed_dump.log")
    assert rc.framework.id == "deepspeed"
    assert val(rc, "zero.stage") == 3
    assert val(rc, "zero.offload_optimizer") is True and val(rc, "zero.offload_param") is False
    assert val(rc, "zero.pin_memory") is True
    assert val(rc, "actor.micro_batch_size") == 4


def test_vllm_serve_command_and_engine_line():
    rc = cfg("vllm.log")
    assert rc.framework.id == "vllm"
    assert val(rc, "rollout.gpu_memory_utilization") == 0.95
    assert val(rc, "rollout.max_model_len") == 32768
    assert val(rc, "rollout.tensor_parallel_size") == 2


def test_llamafactory_yaml_cli_override_and_world_size():
    rc = cfg("llamafactory.log", "llamafactory.yaml")
    assert rc.framework.id == "llama-factory"
    assert val(rc, "actor.micro_batch_size") == 8              # CLI override beats the YAML's 4
    assert val(rc, "data.max_length") == 4096
    assert val(rc, "actor.gradient_checkpointing") is False    # disable_gradient_checkpointing: true
    assert val(rc, "trainer.num_processes") == 8
    assert any("actor.micro_batch_size conflict" in w and "llamafactory.yaml:" in w for w in rc.warnings)


def test_hydra_error_overrides_list():
    rc = cfg("hydra_error.log")
    assert rc.framework.id == "verl"
    assert val(rc, "rollout.gpu_memory_utilization") == 0.45
    assert rc.raw["trainer.val_before_train"].value is False


def test_hydra_overrides_wrapped_inside_an_item_and_cut():
    # an issue editor broke the list inside 'actor_roll|out_ref...', the paste stopped inside the
    # last item, and one item holds quotes of its own: every whole item is read, the cut one is not
    rc = cfg("hydra_error_wrapped_cut.log")
    assert rc.framework.id == "verl"
    assert val(rc, "actor.gradient_checkpointing") is True
    assert val(rc, "actor.micro_batch_size") == 1
    assert val(rc, "rollout.tensor_parallel_size") == 4
    assert val(rc, "rollout.gpu_memory_utilization") == 0.4
    assert val(rc, "data.train_batch_size") == 384
    assert "actor_rollout_ref.rollout.name" not in {s.raw_key for s in rc.settings.values()} | set(rc.raw)


def test_hydra_overrides_whole_list_with_an_apostrophe_is_not_joined(tmp_path):
    log = tmp_path / "train.log"
    log.write_text("Error executing job with overrides: ['data.train_batch_size=64', "
                   "\"trainer.experiment_name=bob's run\"]\n"
                   "Traceback (most recent call last):\n  File \"main_ppo.py\", line 25, in main\n")
    rc = load_run_config(read_events(str(log)), [])
    assert rc.raw["data.train_batch_size"].value == 64
    assert rc.raw["trainer.experiment_name"].value == "bob's run"


def test_batch_finder_reaching_zero_means_batch_one_failed():
    # accelerate's find_executable_batch_size halves after each OOM and gives up only after batch 1
    rc = cfg("batch_size_exhausted.log")
    s = rc.get("actor.micro_batch_size")
    assert s.value == 1 and s.source == "log:8"


def test_accelerate_summary_and_hf_banner():
    rc = cfg("accelerate_summary.log")
    assert val(rc, "trainer.num_processes") == 8
    assert val(rc, "actor.micro_batch_size") == 16
    assert rc.framework.id == "transformers"


def test_toml_nemo_rl():
    rc = cfg(None, "nemo.toml")
    assert rc.raw or rc.settings
    keys = set(rc.raw) | {s.raw_key for s in rc.settings.values()}
    assert "policy.generation.vllm_cfg.gpu_memory_utilization" in keys
    src = (rc.raw.get("policy.generation.vllm_cfg.gpu_memory_utilization")
           or rc.get("rollout.gpu_memory_utilization")).source
    assert src.endswith("nemo.toml:7")


@pytest.mark.parametrize("text,knob,value", [
    ("+ export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True\n", "alloc.expandable_segments", True),
    ("+ export PYTORCH_ALLOC_CONF=expandable_segments:False,max_split_size_mb:64\n", "alloc.expandable_segments", False),
    ("+ RAY_memory_usage_threshold=0.98 python3 -m verl.trainer.main_ppo data.train_batch_size=8\n",
     "ray.memory_usage_threshold", 0.98),
])
def test_env_in_log(text, knob, value):
    rc = load_run_config(read_events(text.encode()), [])
    assert val(rc, knob) == value


def test_echoed_command_cut_by_a_terminal_at_its_width_is_joined():
    cmd = ("+ deepspeed --module openrlhf.cli.train_ppo --pretrain /models/llama3-8b --reward_pretrain /models/rm "
           "--micro_train_batch_size 2 --train_batch_size 64 --micro_rollout_batch_size 4 --rollout_batch_size 512 "
           "--prompt_max_len 1024 --generate_max_len 1024 --zero_stage 2 --bf16 --gradient_checkpointing")
    wrapped = "\n".join(cmd[i:i + 100] for i in range(0, len(cmd), 100))
    cfg = load_run_config(read_events((wrapped + "\nTraining started\n").encode()))
    got = {k: cfg.get(k).value for k in ("data.train_batch_size", "zero.stage", "actor.gradient_checkpointing")}
    assert got == {"data.train_batch_size": 512, "zero.stage": 2, "actor.gradient_checkpointing": True}


def test_a_metrics_dict_with_nan_is_not_a_broken_config():
    log = b"{'loss': 2.1, 'grad_norm': 1.2, 'epoch': 0.1}\n{'loss': nan, 'grad_norm': nan, 'epoch': 0.2}\n"
    rc = load_run_config(read_events(log))
    assert not [w for w in rc.warnings if "could not be read" in w]


def test_a_value_the_failure_message_prints_replaces_a_framework_default():
    """vLLM's start-up check prints the utilization it was given: a fix starts from it."""
    from oomdoc.config.loader import load
    from oomdoc.pipeline import read_events

    log = (b"ValueError: Free memory on device (31.44/47.38 GiB) on startup is less than desired GPU memory "
           b"utilization (0.95, 45.01 GiB). Decrease GPU memory utilization or reduce GPU memory used by "
           b"other processes.\n")
    rc = load(read_events(log))
    s = rc.get("rollout.gpu_memory_utilization")
    assert s is not None and s.value == 0.95 and s.source == "log:1" and not s.default


def test_a_printed_value_never_overrides_the_runs_own_config():
    from oomdoc.config.loader import load
    from oomdoc.pipeline import read_events

    log = (b"python3 -m verl.trainer.main_ppo actor_rollout_ref.rollout.gpu_memory_utilization=0.7\n"
           b"ValueError: Free memory on device (31.44/47.38 GiB) on startup is less than desired GPU memory "
           b"utilization (0.95, 45.01 GiB). Decrease GPU memory utilization or reduce GPU memory used by "
           b"other processes.\n")
    assert load(read_events(log)).value("rollout.gpu_memory_utilization") == 0.7


def test_incidents_of_one_log_read_its_config_once_and_agree_with_a_fresh_read():
    """The per-log cache gives each incident the same config a fresh read gives it."""
    from oomdoc.config import loader
    from oomdoc.pipeline import read_events
    from oomdoc.stream import incident_views

    log = b"".join([
        b"python3 -m verl.trainer.main_ppo actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=8\n",
        b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
        b"79.15 GiB of which 1.00 GiB is free.\n",
        b"(TaskRunner pid=1) step:1 - actor/pg_loss:0.1\n" * 300,
        b"ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\n",
    ])
    views = incident_views(read_events(log))
    assert len(views) >= 2
    cached = [loader.load(v) for v in views]
    fresh = []
    for v in views:
        loader.forget_log()
        fresh.append(loader.load(v))
    for c, f in zip(cached, fresh):
        assert c.framework.to_json() == f.framework.to_json()
        assert c.to_json() == f.to_json()
    assert cached[0].value("actor.micro_batch_size") == 8
