"""Framework detection from the code that ran (frame paths, module and logger names), library
log formats, Ray actor classes, entry points; and a framework added by its JSON alone."""
from __future__ import annotations

import json
import shutil

import pytest

from oomdoc.config import detect, load_run_config, mapping, shell, triggers
from oomdoc.pipeline import read_events


def fw(text: str):
    return load_run_config(read_events(text.encode()), []).framework


def frames(*paths, exc="torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB."):
    body = "".join(f'  File "{p}", line {10 + i}, in f{i}\n    x = y()\n' for i, p in enumerate(paths))
    return "Traceback (most recent call last):\n" + body + exc + "\n"


SP = "/opt/conda/lib/python3.10/site-packages"


def test_llamafactory_frames_win_over_more_torch_frames():
    got = fw(frames(f"{SP}/llamafactory/launcher.py", f"{SP}/llamafactory/train/tuner.py",
                    f"{SP}/transformers/trainer.py", f"{SP}/accelerate/accelerator.py",
                    f"{SP}/torch/nn/modules/module.py", f"{SP}/torch/autograd/__init__.py",
                    f"{SP}/torch/_tensor.py"))
    assert got.id == "llama-factory"
    assert any("llamafactory/" in e for e in got.evidence)


def test_a_traceback_only_through_torch_is_pytorch():
    got = fw(frames("/home/u/train.py", f"{SP}/torch/nn/modules/module.py", f"{SP}/torch/_tensor.py"))
    assert got.id == "pytorch" and got.confidence < 0.6


@pytest.mark.parametrize("path, want", [
    ("/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", "vllm"),      # dist-packages
    ("/home/u/OpenRLHF/openrlhf/trainer/ray/ppo_actor.py", "openrlhf"),             # a checkout
    ("/root/miniconda3/lib/python3.11/site-packages/trl/trainer/grpo_trainer.py", "trl"),
    ("/workspace/RL/nemo_rl/algorithms/grpo.py", "nemo-rl"),
    ("/opt/Megatron-LM/megatron/core/tensor_parallel/layers.py", "megatron"),
])
def test_framework_from_a_frame_path(path, want):
    assert fw(frames("/home/u/run.py", path, f"{SP}/torch/nn/modules/module.py")).id == want


def test_frame_inside_a_ray_working_dir_belongs_to_the_innermost_package():
    path = "/opt/ray/session_2025/runtime_resources/working_dir_files/_ray_pkg_a64b/verl/workers/fsdp_workers.py"
    got = fw(frames(path, "/usr/local/lib/python3.11/dist-packages/vllm/entrypoints/llm.py"))
    assert got.id == "verl"


def test_module_qualified_exception_and_logger_names():
    assert fw("ERROR 03-19 10:55:18 [serving_chat.py:677] vllm.engine.multiprocessing.MQEngineDeadError: "
              "Engine loop is not running.\n").id == "vllm"
    assert fw("torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n"
              "verl.trainer.fsdp_sft_trainer FAILED\n").id == "verl"
    got = fw("07/01/2024 10:02:19 - INFO - llamafactory.hparams.parser - Process rank: 0, device: cuda:0\n")
    assert got.id == "llama-factory"


def test_a_web_address_is_not_a_module():
    got = fw("Refer to https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html and vllm.ai\n")
    assert got.id is None


def test_library_log_formats():
    assert fw("INFO 02-26 09:54:02 model_runner.py:1115] Loading model weights took 5.2032 GB\n").id == "vllm"
    got = fw("[2023-04-16 21:36:09,031] [INFO] [launch.py:229:main] WORLD INFO DICT: {'localhost': [0, 1]}\n"
             "[2023-04-16 21:36:16,042] [INFO] [comm.py:586:init_distributed] Initializing TorchBackend in "
             "DeepSpeed with backend nccl\n")
    assert got.id == "deepspeed"


def test_vllm_engine_process_prefix():
    assert fw("(EngineCore_DP0 pid=2231) INFO 06-30 13:53:19 [core.py:515] EngineCore started.\n").id == "vllm"


def test_ray_actor_class_named_in_a_ray_report():
    text = ("ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\n"
            "Memory on the node (IP: 10.0.0.31) where the lease (name=agent_loop_worker_4:AgentLoopWorker.__init__, "
            "pid=2331) was running was 480.1GB / 503.5GB (0.953), which exceeds the memory usage threshold of 0.95.\n")
    got = fw(text)
    assert got.id == "verl" and "Ray actor AgentLoopWorker" in got.evidence


def test_entry_point_script_named_after_the_framework_runner():
    got = fw("$ uv run examples/run_grpo_math.py --config=examples/configs/grpo-deepscaler-1.5b-8K.yaml\n")
    assert got.id == "nemo-rl"


def test_easyr1_entry_is_not_verl_main_ppo():
    got = fw("+ python3 -m verl.trainer.main_ppo data.train_batch_size=256 actor_rollout_ref.rollout.n=5\n")
    assert got.id == "verl" and not any("EasyR1" in e or "easyr1" in e for e in got.evidence)
    assert fw("+ python3 -m verl.trainer.main config=examples/config.yaml worker.actor.micro_batch_size_per_device_for_update=4\n").id == "easyr1"


@pytest.fixture
def frameworks_dir(tmp_path, monkeypatch):
    """A copy of the framework JSONs the test may add to; every derived table rebuilt from it."""
    d = tmp_path / "frameworks"
    shutil.copytree(mapping.FRAMEWORK_DIR, d)
    monkeypatch.setattr(mapping, "FRAMEWORK_DIR", d)
    monkeypatch.setattr(triggers, "FRAMEWORK_DIR", d)
    caches = (mapping._framework_files, mapping.mapping, mapping.index, mapping.detect_profiles, detect._tables, shell.all_launchers)
    for c in caches:
        c.cache_clear()
    yield d
    for c in caches:
        c.cache_clear()


def test_a_new_framework_is_one_json_file(frameworks_dir):
    (frameworks_dir / "myrl.json").write_text(json.dumps({
        "id": "myrl", "name": "MyRL", "log_triggers": ["MyRL config:"],
        "detect": {"tier": 1, "ray": True, "packages": {"myrl": 5}, "entries": {"myrl.main": 4},
                   "launchers": ["myrl-cli"]},
        "cli": {"style": "hydra", "where": "override on the myrl command"},
        "knobs": {"actor.micro_batch_size": {"keys": ["trainer.micro_bsz"], "default": 2}},
    }))
    got = fw(frames("/home/u/myrl/myrl/trainer.py", f"{SP}/torch/nn/modules/module.py"))
    assert got.id == "myrl"
    rc = load_run_config(read_events(b"+ python3 -m myrl.main trainer.micro_bsz=8\nstarting\n"), [])
    assert rc.framework.id == "myrl"
    s = rc.get("actor.micro_batch_size")
    assert (s.value, s.source) == (8, "log:1")
    assert rc.render_fix("actor.micro_batch_size", 4).startswith("trainer.micro_bsz=4")
    assert "myrl.main" in mapping.hydra_entries() and "myrl-cli" in shell.all_launchers()
    assert {"MyRL config:", "+ myrl-cli "} <= set(triggers.config_trigger_literals())
    assert "myrl" in mapping.ray_family()


def test_llamafactory_before_its_rename():
    assert fw(frames("/home/u/LLaMA-Efficient-Tuning/src/llmtuner/tuner/sft/workflow.py",
                     f"{SP}/transformers/trainer.py")).id == "llama-factory"
    assert fw("INFO:llmtuner.hparams.parser:Process rank: 0, device: cuda:0\n").id == "llama-factory"


def test_a_fork_is_evidence_for_its_base():
    got = fw(frames("/root/UI-R1/src/open_r1/grpo.py", f"{SP}/transformers/trainer.py",
                    f"{SP}/accelerate/accelerator.py"))
    assert (got.id, got.fork) == ("trl", "open-r1")


def test_trl_config_class_in_a_traceback_line():
    got = fw('Traceback (most recent call last):\n  File "/home/u/ppo/train_ppo.py", line 68, in <module>\n'
             "    training_args = PPOConfig(\nTypeError: __init__() got an unexpected keyword argument 'x'\n")
    assert got.id == "trl"


@pytest.mark.parametrize("line, want", [
    ("(TaskRunner pid=2117) step:1 - actor/pg_loss:0.01 - critic/score/mean:0.42 - timing_s/gen:31.2", "verl"),
    ("step:3 - actor/pg_loss:0.02 - response_length/mean:512.0", "verl"),
    ("{'loss': 0.0, 'grad_norm': 1.2, 'learning_rate': 1e-06, 'completion_length': 312.5, 'reward_std': 0.3}", "trl"),
    ("{'loss': 3.5534, 'grad_norm': 1.4142, 'learning_rate': 2.05e-06, 'epoch': 0.01}", "transformers"),
])
def test_metric_lines_only_one_framework_prints(line, want):
    assert fw(line + "\n").id == want


def test_ray_prefix_with_an_actor_repr_the_peeler_leaves_in_place():
    got = fw("(VllmGenerationWorker[rank=0] pid=4411) INFO 05-01 10:00:00 [gpu_worker.py:1] Memory profiling\n"
             "(DTensorPolicyWorker[rank=1] pid=4412, ip=10.0.0.2) loading model\n")
    assert got.id == "nemo-rl" and "Ray actor DTensorPolicyWorker" in got.evidence


# --- issue 11: more principles (each a family of evidence, written from the libraries' sources) ---

@pytest.mark.parametrize("path", [
    "/workspace/r1v/verl/trainer/ray_trainer.py",       # EasyR1 keeps its trainer in verl/trainer/, verl in ppo/
    "/workspace/r1v/verl/trainer/core_algos.py",
    "/workspace/r1v/verl/utils/dataset.py",             # verl has a verl/utils/dataset/ package
    "/workspace/r1v/verl/workers/rollout/vllm_rollout_spmd.py",
])
def test_easyr1_recognised_by_its_own_verl_tree(path):
    got = fw(frames(path, f"{SP}/torch/nn/modules/module.py"))
    assert got.id == "easyr1" and any("EasyR1's own verl tree" in e for e in got.evidence)


def test_upstream_verl_tree_stays_verl():
    got = fw(frames("/workspace/verl/verl/trainer/ppo/ray_trainer.py",
                    "/workspace/verl/verl/workers/rollout/vllm_rollout/vllm_rollout_spmd.py"))
    assert got.id == "verl"


def test_easyr1_progress_bars():
    got = fw("Compute log probs:  76%|#######6  | 244/320 [08:56<02:05,  1.65s/it]\n"
             "(raylet) node_manager.cc:3069: 1 Workers (tasks / actors) killed due to memory pressure (OOM)\n")
    assert got.id == "easyr1"


def test_trl_trainer_classes_count_only_as_whole_names():
    got = fw('  File "/home/u/train.py", line 40, in <module>\n    trainer = GRPOTrainer(\n'
             "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n")
    assert got.id == "trl" and "TRL class GRPOTrainer" in got.evidence
    # a subclass with another name is someone else's trainer (LLaMA-Factory's CustomDPOTrainer)
    other = fw('  File "/home/u/train.py", line 40, in <module>\n    trainer = CustomDPOTrainer(\n'
               "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n")
    assert other.id != "trl"


def test_trl_test_models_name_trl():
    got = fw("FAILED tests/test_x.py::TestX::test_train[trl-internal-testing/tiny-Qwen2ForCausalLM] - "
             "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.54 GiB.\n")
    assert got.id == "trl"


def test_deepspeed_logger_header_without_its_date():
    got = fw("[ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py'] exits with return code = -9\n")
    assert got.id == "deepspeed"


@pytest.mark.parametrize("text, want", [
    ("Time to load cpu_adam op: 2.49 seconds\nAdam Optimizer #0 is created with AVX2 arithmetic capability.\n", "deepspeed"),
    (" iteration       10/  50000 | consumed samples:          640 | elapsed time per iteration (ms): 13105.3 |\n",
     "megatron"),
    (" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1315950592\n", "megatron"),
    ("Distributed environment: FSDP  Backend: nccl\nNum processes: 4\nMixed precision type: bf16\n", "accelerate"),
    ("[INFO|trainer.py:2414] 2025-03-01 10:00:00,123 >>   Instantaneous batch size per device = 4\n", "transformers"),
    ("[INFO|configuration_utils.py:731] 2025-03-01 10:00:00,123 >> loading configuration file config.json\n",
     "transformers"),
    ("Converting format of dataset (num_proc=16): 100%|##########| 1000/1000\n"
     "[INFO|configuration_utils.py:731] 2025-03-01 10:00:00,123 >> loading configuration file config.json\n",
     "llama-factory"),
])
def test_lines_only_one_library_prints(text, want):
    assert fw(text).id == want


def test_ray_report_actor_name_field():
    head = "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\n"
    tail = (", pid=31, memory used=0.87GB) was running was 726.33GB / 760.00GB (0.9557), which exceeds the memory "
            "usage threshold of 0.95.\n")
    got = fw(head + "Memory on the node (IP: 10.0.0.1, ID: ab12) where the actor (actor ID: 9238c22a, "
             "name=WorkerDict.__init__" + tail)
    assert got.id == "verl" and "Ray actor WorkerDict" in got.evidence
    # a plain task function is shared by a framework and its forks (verl's and early EasyR1's main_task)
    got = fw(head + "Memory on the node (IP: 10.0.0.1, ID: ab12) where the task (task ID: 9238c22a, name=main_task"
             + tail)
    assert got.id == "ray"


def test_specific_framework_over_the_library_lines_it_prints():
    # verl runs Megatron-core and prints vLLM lines: the RL framework is the answer
    got = fw("(TaskRunner pid=2117) INFO 06-30 13:53:19 [core.py:515] EngineCore started.\n"
             " iteration       10/  50000 | consumed samples:          640 | elapsed time per iteration (ms): 13105.3 |\n")
    assert got.id == "verl"


def test_vllm_plugin_package_is_vllm():
    assert fw(frames("/usr/local/python3.10/site-packages/vllm_ascend/worker/model_runner_v1.py")).id == "vllm"


def test_environment_named_after_the_framework():
    got = fw(frames("/data/u/sft/sft.py", "/home/u/anaconda3/envs/hf_trl/lib/python3.11/site-packages/transformers/trainer.py",
                    "/home/u/anaconda3/envs/hf_trl/lib/python3.11/site-packages/torch/nn/modules/module.py"))
    assert got.id == "trl" and "Python environment named hf_trl" in got.evidence
    # the name is the user's label, weaker than code that ran: an EasyR1 tree in a `verl` env is EasyR1
    got = fw(frames("/home/u/miniconda3/envs/verl/lib/python3.10/site-packages/ray/_private/worker.py",
                    "/home/u/r1v/verl/trainer/ray_trainer.py"))
    assert got.id == "easyr1"
    # names that are no framework's say nothing
    assert fw(frames("/opt/conda/envs/py310_cu121/lib/python3.10/site-packages/torch/nn/modules/module.py")).id == "pytorch"


@pytest.mark.parametrize("text, want", [
    ("+ bash examples/grpo_trainer/run_qwen2_5-7b_math.sh\n", "verl"),
    ("+ torchrun --nproc_per_node 8 src/train.py examples/train_full/qwen2_full_sft.yaml\n", "llama-factory"),
    ("  --deepspeed examples/deepspeed/ds_z3_offload_config.json \\\n", "llama-factory"),
    ("worker.reward.reward_function=./examples/reward_function/math.py:compute_score\n", "easyr1"),
    ("(TaskRunner pid=1) [validate_config] All configuration checks passed successfully!\n", "verl"),
    ("{'loss': 0.69, 'grad_norm': 3.1, 'learning_rate': 5e-07, 'rewards/chosen': 0.01, 'rewards/margins': 0.0, "
     "'logps/chosen': -312.5, 'epoch': 0.01}\n", "trl"),
    ("cd /workspace/Megatron-LM && bash examples/gpt3/train_gpt3_175b_distributed.sh\n", "megatron"),
    ("(RayTrainWorker pid=2231) Setting up process group for: env:// [rank=0, world_size=4]\n", "ray"),
])
def test_files_a_framework_ships_and_lines_it_prints(text, want):
    assert fw(text).id == want


def test_a_model_loading_bar_is_no_training_framework():
    # from_pretrained runs under every trainer: it must not outvote the launcher's own lines
    got = fw("[2025-01-01 10:00:00,000] [INFO] [real_accelerator.py:222:get_accelerator] Setting ds_accelerator to cuda\n"
             "Loading checkpoint shards: 100%|##########| 4/4 [00:07<00:00,  1.83s/it]\n")
    assert got.id == "deepspeed"


def test_windows_frame_paths():
    got = fw('Traceback (most recent call last):\n'
             '  File "C:\\Users\\u\\anaconda3\\envs\\ft\\lib\\site-packages\\trl\\trainer\\sft_trainer.py", line 451, in train\n'
             '    output = super().train(*args, **kwargs)\n'
             '  File "C:\\Users\\u\\anaconda3\\envs\\ft\\lib\\site-packages\\torch\\nn\\modules\\module.py", line 1501, in _call_impl\n'
             "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n")
    assert got.id == "trl" and any("trl/trainer/sft_trainer" in e for e in got.evidence)
    got = fw('  File "D:\\conda\\envs\\hf_trl\\lib\\site-packages\\transformers\\trainer.py", line 1555, in train\n')
    assert got.id == "trl" and "Python environment named hf_trl" in got.evidence


def test_megatron_start_up_lines():
    got = fw("using world size: 8, data-parallel size: 1, context-parallel size: 1, tensor-model-parallel size: 8, "
             "pipeline-model-parallel size: 1\n> initialized tensor model parallel with size 8\n")
    assert got.id == "megatron"


def test_openrlhf_progress_bar_postfix():
    got = fw("Train epoch [1/1]:  88%|########8 | 7/8 [01:46<00:14, 14.28s/it, pg=-0.795, rm=0.525, ret=0.318, "
             "glen=1080.0, tlen=5.64e+3, kl=0, act_lr=5.88e-9]\n")
    assert got.id == "openrlhf"


@pytest.mark.parametrize("text, want", [
    ("Capturing CUDA graph shapes: 100%|##########| 67/67 [00:20<00:00,  3.30it/s]\n", "vllm"),
    ("CUDA Error: out of memory at /workspace/csrc/cumem_allocator.cpp:62\n", "vllm"),
    ("(min, max) time across ranks (ms):\n    forward-backward ......: (12345.67, 12400.11)\n", "megatron"),
    ("ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.\n"
     "\tclass_name: WorkerDict\n\tactor_id: 5b0c1d\n", "verl"),
])
def test_engine_and_report_lines(text, want):
    assert fw(text).id == want


def test_big_texts_find_the_same_literals_in_one_pass(monkeypatch):
    lits = tuple(lit for d in mapping.detect_profiles().values() for lit, _, _ in d.get("text", ()))
    text = "".join(f"worker {i} processed shard {i * 7}, see /a/b/c.py\n" for i in range(70000))
    for k, lit in enumerate(lits[::5]):   # some across the engine's 1 MiB pieces, some anywhere
        pos = (1 << 20) * (k % 3 + 1) - len(lit) // 2 if k % 2 else (k * 7919) % len(text)
        text = text[:pos] + lit + text[pos:]
    text += lits[-1]
    assert len(text) > detect.BIG_TEXT and len(text) > 3 << 20
    want = {lit for lit in lits if lit in text}
    assert len(want) >= len(lits[::5])
    assert detect._literals_in(text, lits) == want
    monkeypatch.setenv("OOMDOC_SCAN_ENGINE", "fallback")      # the path without the engine
    detect._literal_matcher.cache_clear()
    try:
        assert detect._literals_in(text, lits) == want
    finally:
        detect._literal_matcher.cache_clear()


def test_a_mid_sized_text_finds_the_same_literals_once_hyperscan_is_loaded(monkeypatch):
    """Between WARM_TEXT and BIG_TEXT the one pass is used only when hyperscan is imported already
    (a big log was scanned with it); the literals found are the same either way."""
    pytest.importorskip("hyperscan")
    lits = tuple(lit for d in mapping.detect_profiles().values() for lit, _, _ in d.get("text", ()))
    text = "".join(f"step {i}: loss 0.{i % 97}, see trainer.py:{i}\n" for i in range(1500))
    for k, lit in enumerate(lits[::7]):
        pos = (k * 7919) % len(text)
        text = text[:pos] + lit + text[pos:]
    assert detect.WARM_TEXT < len(text) < detect.BIG_TEXT
    want = {lit for lit in lits if lit in text}
    calls = []
    real = detect._literal_matcher
    monkeypatch.setattr(detect, "_literal_matcher", lambda lits: calls.append(1) or real(lits))
    assert detect._literals_in(text, lits) == want and calls


@pytest.mark.parametrize("tail", [
    "(WorkerDict pid=3, ip=1.2.3.4) ray::WorkerDict.actor_rollout_update_actor() failed\n"
    "python3 -m verl.trainer.main_ppo trainer.n_gpus_per_node=8\n",
    "from trl import GRPOTrainer\ntrainer = GRPOTrainer(model)\n" + frames("/envs/trl/lib/python3.11/site-packages/trl/trainer/grpo_trainer.py"),
    "openrlhf.cli.train_ppo_ray --actor_num_gpus_per_node 8\n" + frames("/opt/OpenRLHF/openrlhf/trainer/ppo_trainer.py"),
])
def test_a_big_log_detects_alike_with_one_pass_or_a_search_per_literal(tail, monkeypatch):
    """Forks, actor, package and class names are looked up by one pass over a big evidence text
    (and the profiles' text literals): the same framework, evidence and confidence as by one
    substring search per literal (the engine switched off)."""
    filler = "".join(f"[2025-06-30 13:53:{i % 60:02d}] [INFO] [loader.py:{i}:collate] batch {i} tokens={i * 7}\n"
                     for i in range(3000))
    text = filler + tail + filler
    assert len(text) > detect.BIG_TEXT
    got = fw(text).to_json()
    monkeypatch.setenv("OOMDOC_SCAN_ENGINE", "fallback")
    detect._literal_matcher.cache_clear()
    try:
        assert fw(text).to_json() == got
    finally:
        detect._literal_matcher.cache_clear()
    assert got["id"] != "unknown", got


def test_trl_and_open_r1_accelerate_configs():
    assert fw("+ accelerate launch --config_file examples/accelerate_configs/deepspeed_zero3.yaml train.py\n").id == "trl"
    got = fw("+ accelerate launch --config_file recipes/accelerate_configs/zero3.yaml --num_processes=7 run.py\n")
    assert (got.id, got.fork) == ("trl", "open-r1")


def test_sglang_server_is_sglang_and_its_flags_are_its_knobs():
    """`python -m sglang.launch_server ... --mem-fraction-static 0.9`: SGLang, not plain PyTorch."""
    from oomdoc.config import load_run_config
    from oomdoc.pipeline import read_events

    log = (b"python3 -m sglang.launch_server --model-path Qwen/Qwen3-8B --tp-size 4 "
           b"--mem-fraction-static 0.88 --context-length 32768\n"
           b'  File "/usr/lib/python3/dist-packages/sglang/srt/managers/scheduler.py", line 802, in run_batch\n')
    rc = load_run_config(read_events(log))
    assert rc.framework.id == "sglang"
    assert rc.value("rollout.gpu_memory_utilization") == 0.88
    assert rc.value("rollout.tensor_parallel_size") == 4
    assert rc.value("rollout.max_model_len") == 32768


def test_deepspeed_logger_lines_outweigh_an_environment_name():
    """Code that ran says more than what the user named their environment."""
    from oomdoc.diagnose import explain

    log = ("[2023-07-04 17:31:27,755] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 953850\n"
           "[2023-07-04 17:31:27,755] [ERROR] [launch.py:321:sigkill_handler] "
           "['/home/u/miniconda3/envs/Transformers/bin/python3.11', '-u', 'infer.py', '--local_rank=0'] "
           "exits with return code = 1\n")
    assert explain(log.encode(), similar=False).cfg.framework.id == "deepspeed"


def test_ms_swift_command_and_frames_and_its_flags_are_its_knobs():
    """ms-swift's `swift rlhf` (or its script under torchrun, whose `--master_port=$(... | cut ...)`
    command substitution must not end the command at its pipe): ms-swift, its GRPO flags read
    (from unseen-j's j-15)."""
    log = ("torchrun --nproc_per_node=8 --master_port=$(echo \"$PORTS\" | cut -d \",\" -f 1) \\\n"
           "    swift/cli/rlhf.py --rlhf_type grpo --use_vllm true --vllm_mode colocate \\\n"
           "    --vllm_gpu_memory_utilization 0.4 --vllm_tensor_parallel_size 4 --offload_model true \\\n"
           "    --max_length 4096 --per_device_train_batch_size 1\n"
           + frames("/mnt/user/ms-swift/swift/llm/train/rlhf.py", f"{SP}/torch/nn/modules/module.py"))
    rc = load_run_config(read_events(log.encode()))
    assert rc.framework.id == "ms-swift"
    assert rc.value("rollout.gpu_memory_utilization") == 0.4
    assert rc.value("rollout.mode") == "colocate"
    assert rc.value("rollout.tensor_parallel_size") == 4
    assert rc.value("actor.param_offload") is True
    assert rc.value("actor.gradient_checkpointing") is True     # ms-swift's own default
    assert fw("swift rlhf --rlhf_type grpo --model Qwen/Qwen2.5-7B --num_generations 8\n"
              "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n").id == "ms-swift"


def test_a_command_substitution_is_one_argument():
    assert shell.split('torchrun --master_port=$(echo "$P" | cut -d "," -f 1) --nnodes=`cat n | wc -l` '
                       'train.py --x $(( 2 * 3 )) --y 1') == \
        ["torchrun", "--master_port=$(echo $P | cut -d , -f 1)", "--nnodes=`cat n | wc -l`",
         "train.py", "--x", "$(( 2 * 3 ))", "--y", "1"]


def test_a_ray_printed_dict_folded_by_the_terminal_keeps_its_pieces():
    """`fold -s` / a terminal cut a worker's printed config: only the first piece keeps the Ray
    prefix; the pieces without it, inside the open dict, are still the dict's."""
    log = ("+ python3 -m verl.trainer.main_ppo data.train_batch_size=64\n"
           "(main_task pid=60211) {'actor_rollout_ref': {'actor': {'clip_ratio': 0.2,\n"
           "(main_task pid=60211)                                  'fsdp_config': \n"
           "{'grad_offload': False,\n"
           "(main_task pid=60211)                                                  \n"
           "'optimizer_offload': True,\n"
           "(main_task pid=60211)          'param_offload': True}}}}\n"
           "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n")
    rc = load_run_config(read_events(log.encode()))
    assert rc.framework.id == "verl"
    assert rc.value("actor.optimizer_offload") is True
    assert rc.value("actor.param_offload") is True


def test_small_texts_find_the_same_literals_as_a_search_per_literal():
    """A small text's literals without digits or newlines are looked up in its distinct lines with
    digits written as 0: exactly the literals a substring search of the text itself finds, with
    literals that hold digits or newlines, straddle numbers or lines, and non-ASCII text."""
    import random

    rng = random.Random(12)
    lits = tuple(lit for d in mapping.detect_profiles().values() for lit, _, _ in d.get("text", ()))
    lits += ("step:1", "v0.8", "a0b", "loss\nstep", "é ray", "rank 0", "ab", "9")
    for _ in range(40):
        parts = [f"step:{rng.randint(0, 999)} - loss:{rng.random():.4f} - é ray\n" for _ in range(rng.randint(0, 200))]
        for lit in rng.sample(lits, 12):
            parts.insert(rng.randint(0, len(parts)), lit if rng.random() < 0.5 else f"{rng.randint(0, 99)}{lit}{rng.randint(0, 9)}")
        text = "".join(parts)
        assert len(text) < detect.BIG_TEXT
        assert detect._literals_in(text, lits) == {lit for lit in lits if lit in text}
        assert detect._literals_in(text.lower(), lits) == {lit for lit in lits if lit in text.lower()}
        odd = text + "\udcff 7 \u2588\u2588 12%|"     # a byte surrogateescape kept, tqdm's blocks
        assert detect._literals_in(odd, lits + ("\udcff 0",)) == {lit for lit in lits if lit in odd}
    assert detect._literals_in("step:1 - ab0c", ("a0c", "ab", "step:1", "b9", "b0c")) == {"ab", "step:1", "b0c"}


@pytest.mark.parametrize("text, want", [
    # vLLM's own wording re-raised as a plain RuntimeError: no frame, no logger line
    ("RuntimeError: CUDA out of memory occurred when warming up sampler with 1024 dummy requests. "
     "Please try lowering `max_num_seqs` or `gpu_memory_utilization` when initializing the engine.\n", "vllm"),
    ("ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` "
     "when initializing the engine.\n", "vllm"),
])
def test_a_message_family_only_one_library_prints_names_it(text, want):
    got = fw(text)
    assert got.id == want
    assert any("message (" in e for e in got.evidence)


def test_a_catalogue_family_of_a_shared_utility_names_no_launcher():
    # accelerate's find_executable_batch_size also backs HF Trainer's auto_find_batch_size
    assert fw("RuntimeError: No executable batch size found, reached zero.\n").id != "accelerate"


def test_openrlhf_ppo_entry_script_in_a_ray_working_dir():
    got = fw(frames("/tmp/ray/session_x/runtime_resources/working_dir_files/_ray_pkg_ab/examples/train_ppo_ray.py",
                    f"{SP}/ray/_private/worker.py",
                    exc="ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory."))
    assert got.id == "openrlhf"
