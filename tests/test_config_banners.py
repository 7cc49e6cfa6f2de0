"""Config read from the banners libraries print: HF Trainer's training banner, DeepSpeed's
launcher command and its engine configuration print (formats from transformers trainer.py,
deepspeed launcher/runner.py, launch.py and runtime/config.py)."""
from __future__ import annotations

import base64
import json

from oomdoc.config import load_run_config
from oomdoc.pipeline import read_events


def cfg(text: str):
    return load_run_config(read_events(text.encode()), [])


def setting(rc, knob):
    s = rc.get(knob)
    assert s is not None, f"{knob} not found; raw={sorted(rc.raw)}"
    return s


HF_BANNER = """\
[INFO|trainer.py:2128] 2024-05-17 16:39:58,114 >> ***** Running training *****
[INFO|trainer.py:2129] 2024-05-17 16:39:58,114 >>   Num examples = 2,904,117
[INFO|trainer.py:2130] 2024-05-17 16:39:58,114 >>   Num Epochs = 3
[INFO|trainer.py:2131] 2024-05-17 16:39:58,114 >>   Instantaneous batch size per device = 16
[INFO|trainer.py:2134] 2024-05-17 16:39:58,114 >>   Total train batch size (w. parallel, distributed & accumulation) = 512
[INFO|trainer.py:2135] 2024-05-17 16:39:58,114 >>   Gradient Accumulation steps = 4
[INFO|trainer.py:2136] 2024-05-17 16:39:58,114 >>   Total optimization steps = 17,016
  0%|          | 0/17016 [00:00<?, ?it/s]
"""


def test_hf_trainer_banner_behind_the_explicit_logger_format():
    rc = cfg(HF_BANNER)
    mb = setting(rc, "actor.micro_batch_size")
    assert (mb.value, mb.source, mb.default, mb.raw_key) == (16, "log:4", False, "per_device_train_batch_size")
    ga = setting(rc, "actor.gradient_accumulation_steps")
    assert (ga.value, ga.source) == (4, "log:6")
    # printed totals are kept with their line, thousands separators read
    assert rc.raw["max_steps"].value == 17016 and rc.raw["max_steps"].source == "log:7"
    assert rc.raw["total_train_batch_size"].value == 512
    assert rc.framework.id == "transformers"
    fix = rc.render_fix("actor.micro_batch_size", 8)
    assert fix.startswith("--per_device_train_batch_size 8") and "now 16 from log:4" in fix


def test_hf_banner_beats_the_framework_default_in_a_llamafactory_run():
    log = ("[INFO|2024-11-06 08:40:26] llamafactory.hparams.parser:355 >> Process rank: 0, world size: 8, "
           "device: cuda:0, distributed training: True, compute dtype: torch.bfloat16\n" + HF_BANNER)
    rc = cfg(log)
    assert rc.framework.id == "llama-factory"
    mb = setting(rc, "actor.micro_batch_size")
    assert mb.value == 16 and not mb.default and mb.source == "log:5"


def test_banner_behind_the_hf_examples_logger_format():
    log = ("05/17/2024 16:39:58 - INFO - __main__ - ***** Running training *****\n"
           "05/17/2024 16:39:58 - INFO - __main__ -   Instantaneous batch size per device = 6\n"
           "05/17/2024 16:39:58 - INFO - __main__ -   Gradient Accumulation steps = 2\n")
    rc = cfg(log)
    assert setting(rc, "actor.micro_batch_size").value == 6
    assert setting(rc, "actor.gradient_accumulation_steps").value == 2


ZERO_CONFIG = ("stage=3 contiguous_gradients=True reduce_scatter=True reduce_bucket_size=500,000,000 "
               "allgather_partitions=True overlap_comm=True load_from_fp32_weights=True elastic_checkpoint=False "
               "offload_param=DeepSpeedZeroOffloadParamConfig(device='none', nvme_path=None, buffer_count=5, "
               "buffer_size=100,000,000, max_in_cpu=1,000,000,000, pin_memory=False) "
               "offload_optimizer=DeepSpeedZeroOffloadOptimizerConfig(device='cpu', nvme_path=None, buffer_count=4, "
               "pin_memory=True, pipeline=False, pipeline_read=False, pipeline_write=False, fast_init=False) "
               "sub_group_size=1,000,000,000 model_persistence_threshold=sys.maxsize")


def _ds_print(attrs, no_header=False):
    lines = [] if no_header else ["[2023-07-24 13:21:32,185] [INFO] [config.py:960:print] DeepSpeedEngine configuration:"]
    for k, v in attrs:
        lines.append(f"[2023-07-24 13:21:32,186] [INFO] [config.py:964:print]   {k} {'.' * (29 - len(k))} {v}")
    return "\n".join(lines) + "\n"


def test_deepspeed_engine_print_zero_config_offload_device_and_stage():
    rc = cfg(_ds_print([("gradient_accumulation_steps", "8"), ("train_batch_size", "256"),
                        ("train_micro_batch_size_per_gpu", "4"), ("zero_config", ZERO_CONFIG),
                        ("zero_optimization_stage", "3")]))
    off = setting(rc, "zero.offload_optimizer")
    assert (off.value, off.source, off.raw_key, off.raw_value) == \
        (True, "log:5", "zero_optimization.offload_optimizer.device", "cpu")
    assert setting(rc, "zero.offload_param").value is False     # device='none'
    assert setting(rc, "zero.pin_memory").value is True
    assert setting(rc, "zero.stage").value == 3
    assert setting(rc, "actor.micro_batch_size").value == 4
    assert setting(rc, "actor.gradient_accumulation_steps").value == 8
    assert rc.framework.id == "deepspeed"
    # no stray keys from the nested reprs (`device`, `nvme_path`) in the run's own namespace
    assert "device" not in rc.raw and "nvme_path" not in rc.raw
    assert rc.raw["zero_optimization.sub_group_size"].value == 1_000_000_000


def test_a_fix_to_a_printed_deepspeed_config_names_the_file_the_command_passed():
    log = ("[2024-07-01 10:02:11,302] [INFO] [runner.py:568:main] cmd = /usr/bin/python -u -m "
           "deepspeed.launcher.launch --master_port=29500 train.py --deepspeed configs/ds_z3.json\n"
           + _ds_print([("zero_config", ZERO_CONFIG)]))
    fix = cfg(log).fix("zero.offload_optimizer", False)
    assert fix.text == 'zero_optimization.offload_optimizer.device: "cpu" → "none"'
    assert fix.where == "JSON path in configs/ds_z3.json, printed at log:3"


def test_old_deepspeed_zero_config_printed_as_json():
    log = ("[2021-09-01 10:00:00,000] [INFO] [config.py:904:print]   zero_config .................. {\n"
           '    "stage": 2,\n    "contiguous_gradients": false,\n'
           '    "offload_optimizer": {\n        "device": "cpu",\n        "pin_memory": true\n    }\n}\n')
    rc = cfg(log)
    assert setting(rc, "zero.stage").value == 2
    assert setting(rc, "zero.offload_optimizer").value is True


def test_a_zero_config_repr_printed_elsewhere():
    rc = cfg("zero settings: DeepSpeedZeroConfig(stage=2, offload_param=None, "
             "offload_optimizer=DeepSpeedZeroOffloadOptimizerConfig(device='cpu', pin_memory=False))\n")
    assert setting(rc, "zero.stage").value == 2
    assert setting(rc, "zero.offload_optimizer").value is True


def _world_info(hosts):
    return base64.urlsafe_b64encode(json.dumps(hosts).encode()).decode()


def test_deepspeed_launcher_cmd_line_is_an_echoed_launch_command():
    log = (f"[2024-07-01 10:02:11,302] [INFO] [runner.py:568:main] cmd = /usr/bin/python -u -m "
           f"deepspeed.launcher.launch --world_info={_world_info({'localhost': [0, 1, 2, 3]})} "
           "--master_addr=127.0.0.1 --master_port=29500 --enable_each_rank_log=None train.py "
           "--per_device_train_batch_size 2 --gradient_checkpointing True --deepspeed ds.json\n")
    rc = cfg(log)
    cmd = rc.commands[0]
    assert (cmd.launcher, cmd.entry) == ("deepspeed", "train.py")
    procs = setting(rc, "trainer.num_processes")
    assert (procs.value, procs.source) == (4, "log:1")
    assert setting(rc, "trainer.nnodes").value == 1
    assert rc.raw["per_device_train_batch_size"].value == 2   # the script's own flag, kept with its line
    assert "deepspeed launcher" in rc.framework.evidence


def test_pdsh_cmd_line_exports_and_two_nodes():
    wi = _world_info({"gpu-a01": list(range(8)), "gpu-a02": list(range(8))})
    log = (f"[2023-08-30 09:41:02,115] [INFO] [runner.py:555:main] cmd = pdsh -S -f 1024 -w gpu-a01,gpu-a02 "
           "export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True; export NCCL_IB_DISABLE=0; cd /workspace/ft; "
           f"/opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info={wi} --node_rank=%n "
           "--master_addr=10.0.0.1 --master_port=29500 train.py --gradient_accumulation_steps 16\n")
    rc = cfg(log)
    assert setting(rc, "trainer.nnodes").value == 2
    assert setting(rc, "trainer.num_processes").value == 8
    assert setting(rc, "alloc.expandable_segments").value is True


def test_launch_py_spawned_argv():
    argv = ["/usr/bin/python3", "-u", "finetune.py", "--local_rank=0", "--gradient_accumulation_steps", "16"]
    rc = cfg(f"[2024-06-03 14:02:16,410] [INFO] [launch.py:256:main] process 51201 spawned with command: {argv!r}\n")
    assert rc.commands and rc.commands[0].entry == "finetune.py"
    ga = setting(rc, "actor.gradient_accumulation_steps")
    assert (ga.value, ga.source) == (16, "log:1")


def test_megatron_arguments_table():
    log = ("------------------------ arguments ------------------------\n"
           "  global_batch_size ............................... 512\n"
           "  micro_batch_size ................................ 4\n"
           "  seq_length ...................................... 4096\n"
           "-------------------- end of arguments ---------------------\n"
           "  lr .............................................. 0.1\n"
           "> building GPT model ...\n")
    rc = cfg(log)
    assert rc.framework.id == "megatron"
    mb = setting(rc, "actor.micro_batch_size")
    assert (mb.value, mb.source, mb.raw_key) == (4, "log:3", "micro_batch_size")
    assert setting(rc, "data.train_batch_size").value == 512
    assert "lr" not in rc.raw    # after the table's end line


def test_accelerate_state_repr_with_its_deepspeed_config():
    log = ("05/17/2024 16:39:58 - INFO - __main__ - Distributed environment: DEEPSPEED  Backend: nccl\n"
           "Num processes: 8\nProcess index: 0\nLocal process index: 0\nDevice: cuda:0\n\n"
           "Mixed precision type: bf16\n"
           "ds_config: {'bf16': {'enabled': True}, 'zero_optimization': {'stage': 3, 'offload_optimizer': "
           "{'device': 'cpu', 'pin_memory': True}, 'offload_param': {'device': 'none'}}, "
           "'train_micro_batch_size_per_gpu': 'auto', 'gradient_accumulation_steps': 4}\n")
    rc = cfg(log)
    procs = setting(rc, "trainer.num_processes")
    assert (procs.value, procs.source) == (8, "log:2")
    assert setting(rc, "trainer.precision").value == "bf16"
    off = setting(rc, "zero.offload_optimizer")
    assert (off.value, off.source) == (True, "log:8")
    assert setting(rc, "zero.stage").value == 3
    assert setting(rc, "actor.gradient_accumulation_steps").value == 4
    assert "actor.micro_batch_size" not in rc.settings or rc.get("actor.micro_batch_size").default   # 'auto'


def test_a_zero_config_print_cut_by_a_terminal_is_rejoined():
    line = _ds_print([("zero_config", ZERO_CONFIG)], no_header=True).rstrip("\n")
    wrapped = "\n".join(line[i:i + 100] for i in range(0, len(line), 100))
    rc = cfg(wrapped + "\n[2023-07-24 13:21:32,187] [INFO] [config.py:964:print]   zero_enabled ................. True\n")
    off = setting(rc, "zero.offload_optimizer")
    assert (off.value, off.source) == (True, "log:1")
    assert setting(rc, "zero.pin_memory").value is True
    assert rc.raw["zero_optimization.sub_group_size"].value == 1_000_000_000


def test_a_launcher_cmd_line_cut_by_a_terminal_is_rejoined():
    line = (f"[2024-07-01 10:02:11,302] [INFO] [runner.py:568:main] cmd = /usr/bin/python -u -m "
            f"deepspeed.launcher.launch --world_info={_world_info({'localhost': [0, 1, 2, 3, 4, 5, 6, 7]})} "
            "--master_addr=127.0.0.1 --master_port=29500 --enable_each_rank_log=None train.py "
            "--per_device_train_batch_size 2 --gradient_accumulation_steps 8 --deepspeed ds.json")
    wrapped = "\n".join(line[i:i + 90] for i in range(0, len(line), 90))
    rc = cfg(wrapped + "\n[2024-07-01 10:02:13,871] [INFO] [launch.py:146:main] WORLD INFO DICT: {}\n")
    assert setting(rc, "trainer.num_processes").value == 8
    assert setting(rc, "actor.gradient_accumulation_steps").value == 8


def test_hf_banner_in_a_run_detected_as_deepspeed_keeps_the_trainer_flag():
    log = ("[2024-07-01 10:02:11,302] [INFO] [runner.py:568:main] cmd = /usr/bin/python -u -m "
           "deepspeed.launcher.launch --master_port=29500 train.py --deepspeed configs/ds_z3.json\n"
           + _ds_print([("train_micro_batch_size_per_gpu", "16"), ("zero_config", ZERO_CONFIG)]) + HF_BANNER)
    rc = cfg(log)
    assert rc.framework.id == "deepspeed"
    # the HF Trainer drives DeepSpeed here: its flag, not the DeepSpeed JSON key
    assert rc.render_fix("actor.micro_batch_size", 8).startswith("--per_device_train_batch_size 8")
    assert rc.render_fix("actor.gradient_checkpointing", True).startswith("--gradient_checkpointing true")
    assert rc.fix("zero.offload_optimizer", False).key == "zero_optimization.offload_optimizer.device"


def test_banners_far_past_the_head_of_a_big_log_are_kept_by_the_scanner():
    """Past the head the scanner keeps only windows around trigger literals: the
    banners' own literals (from the framework JSONs' log_triggers) must open one."""
    filler = "".join(f"worker {i % 7} processed shard {i} and status fine\n" for i in range(6000))
    log = (filler + _ds_print([("zero_config", ZERO_CONFIG)]) + filler + HF_BANNER + filler
           + f"[2024-07-01 10:02:11,302] [INFO] [runner.py:568:main] cmd = /usr/bin/python -u -m deepspeed.launcher."
             f"launch --world_info={_world_info({'localhost': [0, 1]})} train.py --deepspeed ds.json\n" + filler)
    rc = load_run_config(read_events(log.encode(), emit_all=False), [])
    assert setting(rc, "zero.offload_optimizer").source == "log:6002"
    assert setting(rc, "actor.micro_batch_size").source == "log:12006"
    assert setting(rc, "trainer.num_processes").value == 2


# --- issue 11 item 6: more launcher / engine banners ---

def test_deepspeed_engine_print_pasted_without_its_dates():
    rc = cfg("[INFO] [config.py:988:print] DeepSpeedEngine configuration:\n"
             "[INFO] [config.py:992:print]   train_micro_batch_size_per_gpu  4\n"
             "[INFO] [config.py:992:print]   zero_optimization_stage ...... 2\n")
    assert (setting(rc, "actor.micro_batch_size").value, setting(rc, "actor.micro_batch_size").source) == (4, "log:2")
    assert setting(rc, "zero.stage").value == 2
    assert rc.framework.id == "deepspeed"


def test_torch_elastic_launch_configs_block():
    rc = cfg("INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:\n"
             "  entrypoint       : finetune.py\n"
             "  min_nodes        : 2\n"
             "  max_nodes        : 2\n"
             "  nproc_per_node   : 4\n"
             "  run_id           : none\n"
             "  rdzv_configs     : {'timeout': 900}\n"
             "  log_dir          : None\n"
             "\n"
             "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n")
    procs, nodes = setting(rc, "trainer.num_processes"), setting(rc, "trainer.nnodes")
    assert (procs.value, procs.source, procs.raw_key) == (4, "log:5", "nproc_per_node")
    assert (nodes.value, nodes.source) == (2, "log:4")


def test_vllm_non_default_args_with_object_values():
    line = ("(WorkerDict pid=2231) INFO 08-01 10:00:00 [utils.py:326] non-default args: {'model': '/models/Qwen3-8B', "
            "'enable_sleep_mode': True, 'gpu_memory_utilization': 0.45, 'max_num_seqs': 1024, "
            "'compilation_config': CompilationConfig(level=3, cudagraph_capture_sizes=[1, 2, 4]), 'max_model_len': 9216}\n")
    rc = cfg("+ python3 -m verl.trainer.main_ppo data.train_batch_size=256\n" + line)
    util = setting(rc, "rollout.gpu_memory_utilization")
    assert (util.value, util.source) == (0.45, "log:2")
    assert setting(rc, "rollout.max_model_len").value == 9216 and setting(rc, "rollout.max_num_seqs").value == 1024
    assert setting(rc, "rollout.enable_sleep").value is True
    # the fix is written for the framework that runs vLLM
    assert "actor_rollout_ref.rollout.gpu_memory_utilization=0.35" in rc.render_fix("rollout.gpu_memory_utilization", 0.35)


def test_vllm_serve_non_default_args_plain_dict():
    rc = cfg("INFO 08-01 10:00:00 [api_server.py:1805] vLLM API server version 0.10.1\n"
             "INFO 08-01 10:00:00 [utils.py:326] non-default args: {'model_tag': 'Qwen/Qwen3-8B', "
             "'model': 'Qwen/Qwen3-8B', 'max_model_len': 16384, 'gpu_memory_utilization': 0.95}\n")
    assert rc.framework.id == "vllm"
    assert setting(rc, "rollout.gpu_memory_utilization").value == 0.95
    assert setting(rc, "rollout.max_model_len").value == 16384


def test_torch_elastic_launch_configs_behind_torch_log_headers():
    for head in ("[2024-06-11 15:33:45,123] torch.distributed.launcher.api: [INFO] ",
                 "I0611 15:33:45.123000 139773 torch/distributed/launcher/api.py:188] "):
        rc = cfg(f"{head}Starting elastic_operator with launch configs:\n"
                 f"{head}  entrypoint       : train.py\n"
                 f"{head}  max_nodes        : 1\n"
                 f"{head}  nproc_per_node   : 8\n")
        procs = setting(rc, "trainer.num_processes")
        assert (procs.value, procs.source) == (8, "log:4"), head


def test_an_echoed_command_word_wrapped_keeps_its_arguments_on_later_lines():
    """An editor or mail client broke the `set -x` line at spaces: the lines after it that hold
    only arguments (Hydra overrides, `--flag value`) are still its arguments; a log line ends it."""
    log = ("+ python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo data.train_batch_size=128\n"
           "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=4\n"
           "actor_rollout_ref.actor.fsdp_config.param_offload=True trainer.n_gpus_per_node=8\n"
           "2025-09-18 03:12:40,551 INFO worker.py:1951 -- Connecting to existing Ray cluster\n"
           "trainer.nnodes=4\n")
    rc = cfg(log)
    assert setting(rc, "actor.micro_batch_size").value == 4
    assert setting(rc, "actor.param_offload").value is True
    assert setting(rc, "actor.micro_batch_size").source == "log:1"
    assert setting(rc, "trainer.nnodes").source == "default"     # after a log line: not the command's
    flags = ("$ torchrun --nproc_per_node 8 train.py --model_name_or_path\n"
             "/models/llama-13b --per_device_train_batch_size 16 --gradient_checkpointing\n"
             "--max_seq_length 4096\n")
    rc = cfg(flags)
    assert setting(rc, "actor.micro_batch_size").value == 16
    assert setting(rc, "actor.gradient_checkpointing").value is True
    assert rc.raw["max_seq_length"].value == 4096
