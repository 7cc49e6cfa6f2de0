"""Lookalikes: memory words, no out-of-memory failure."""

CASES = [
    dict(name="L01-triton-out-of-resources-smem", kind="lookalike",
         family="Triton kernel launch: shared memory (on-chip SRAM) over the per-block limit", version="triton 2.x-3.x (OutOfResources)",
         source="triton-lang/triton python/triton/runtime/errors.py OutOfResources.__str__",
         note="decided not-oom: per-block shared memory is set by the kernel's block sizes / num_stages, not by batch, model or device-memory occupancy; no cause in causes.md fixes it",
         log='''Traceback (most recent call last):
  File "/workspace/train.py", line 204, in main
    loss = model(**batch).loss
  File "/usr/local/lib/python3.10/dist-packages/triton/runtime/jit.py", line 662, in run
    kernel = self.compile(src, target=target, options=options.__dict__)
  File "/usr/local/lib/python3.10/dist-packages/triton/compiler/compiler.py", line 403, in _init_handles
    raise OutOfResources(self.metadata.shared, max_shared, "shared memory")
triton.runtime.errors.OutOfResources: out of resource: shared memory, Required: 262144, Hardware limit: 232448. Reducing block sizes or `num_stages` may help.'''),
    dict(name="L02-cuda-too-many-resources-launch", kind="lookalike",
         family="CUDA launch: too many resources (registers) requested", version="torch 2.x (cudaErrorLaunchOutOfResources)",
         source="pytorch/pytorch c10/cuda/CUDAException.cpp + CUDA runtime cudaErrorLaunchOutOfResources string",
         log='''Traceback (most recent call last):
  File "/workspace/train.py", line 204, in main
    loss = model(**batch).loss
RuntimeError: CUDA error: too many resources requested for launch
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.'''),
    dict(name="L03-acceleratorerror-illegal-access", kind="lookalike",
         family="PyTorch CUDA runtime error", version="torch 2.8+ (torch.AcceleratorError, illegal memory access)",
         source="pytorch/pytorch c10/cuda/CUDAException.cpp (AcceleratorError, v2.8)",
         log='''Traceback (most recent call last):
  File "/workspace/train.py", line 204, in main
    loss = model(**batch).loss
torch.AcceleratorError: CUDA error: an illegal memory access was encountered
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.'''),
    dict(name="L04-rocm-memory-access-fault", kind="lookalike",
         family="ROCm HSA runtime memory access fault", version="ROCm 5.x-6.x",
         source="ROCm/ROCR-Runtime src/core/runtime/runtime.cc (Memory access fault by GPU node-%u ... Reason: %s)",
         log='''Memory access fault by GPU node-2 (Agent handle: 0x55d0c2a3b0f0) on address 0x7f1c2e000000. Reason: Page not present or supervisor privilege.
Aborted (core dumped)'''),
    dict(name="L05-nccl-watchdog-timeout-pg-guid", kind="lookalike",
         family="torch.distributed NCCL watchdog timeout", version="torch 2.4+ ([PG ID n PG GUID ...] WorkNCCL(SeqNum=...))",
         source="pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (Watchdog caught collective operation timeout)",
         log='''[rank3]:[E1120 08:14:55.412345678 ProcessGroupNCCL.cpp:632] [PG ID 0 PG GUID 0(default_pg) Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=48213, OpType=ALLREDUCE, NumelIn=262144, NumelOut=262144, Timeout(ms)=600000) ran for 600043 milliseconds before timing out.
[rank3]:[E1120 08:14:55.412512345 ProcessGroupNCCL.cpp:2271] [PG ID 0 PG GUID 0(default_pg) Rank 3]  failure detected by watchdog at work sequence id: 48213 PG status: last enqueued work: 48213, last completed work: 48212
[rank3]:[F1120 08:24:55.413001234 ProcessGroupNCCL.cpp:1306] [PG ID 0 PG GUID 0(default_pg) Rank 3] [PG ID 0 PG GUID 0(default_pg) Rank 3] Terminating the process after attempting to dump debug info, due to collective timeout or exception.'''),
    dict(name="L06-checkpoint-disk-full", kind="lookalike",
         family="checkpoint save on a full disk (not /dev/shm)", version="torch 2.x torch.save (inline_container) + OSError 28",
         source="pytorch/pytorch caffe2/serialize/inline_container.cc (unexpected pos) + CPython OSError ENOSPC",
         log='''[2025-05-06 11:40:55,120] [INFO] [engine.py:3487:_save_zero_checkpoint] zero checkpoint saved /mnt/data/ckpt/global_step400/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt
Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/torch/serialization.py", line 652, in save
    _save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)
RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 4509184 vs 4509072

During handling of the above exception, another exception occurred:

OSError: [Errno 28] No space left on device: '/mnt/data/ckpt/global_step400/mp_rank_00_model_states.pt'
$ df -h /mnt/data
Filesystem      Size  Used Avail Use% Mounted on
/dev/nvme1n1    3.5T  3.5T     0 100% /mnt/data'''),
    dict(name="L07-megatron-memory-report-healthy", kind="lookalike",
         family="Megatron-LM memory report (healthy)", version="Megatron-LM core_r0.5+ report_memory",
         source="NVIDIA/Megatron-LM megatron/training/utils.py report_memory + theoretical_memory_usage.py",
         log='''Theoretical memory footprints: weight and optimizer=9884.48 MB
[Rank 0] (after 50 iterations) memory (MB) | allocated: 9909.07763671875 | max allocated: 50277.15625 | reserved: 53386.0 | max reserved: 53386.0
 [2025-03-31 05:54:07] iteration       50/  242204 | consumed samples:        50400 | elapsed time per iteration (ms): 1552.8 | throughput per GPU (TFLOP/s/GPU): 402.1 | learning rate: 3.000000E-05 | global batch size:  1008 | lm loss: 7.812345E+00 | loss scale: 1.0 | grad norm: 1.412 | number of skipped iterations:   0 | number of nan iterations:   0 |
 [2025-03-31 05:55:25] iteration      100/  242204 | consumed samples:       100800 | elapsed time per iteration (ms): 1548.1 | throughput per GPU (TFLOP/s/GPU): 403.3 | learning rate: 6.000000E-05 | global batch size:  1008 | lm loss: 6.401234E+00 | loss scale: 1.0 | grad norm: 0.987 | number of skipped iterations:   0 | number of nan iterations:   0 |'''),
    dict(name="L08-tf-bfc-not-a-failure", kind="lookalike",
         family="TensorFlow BFC allocator soft warning (explicitly not a failure)", version="TF 2.x (freed_by_count=0 ... The caller indicates that this is not a failure)",
         source="tensorflow/tensorflow tensorflow/core/common_runtime/bfc_allocator.cc AllocateRawInternalWithRetry (dump_log_on_failure=false path)",
         log='''2021-11-05 09:30:48.424570: W tensorflow/core/common_runtime/bfc_allocator.cc:271] Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.55GiB with freed_by_count=0. The caller indicates that this is not a failure, but may mean that there could be performance gains if more memory were available.
2021-11-05 09:30:48.424739: W tensorflow/core/common_runtime/bfc_allocator.cc:271] Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.55GiB with freed_by_count=0. The caller indicates that this is not a failure, but may mean that there could be performance gains if more memory were available.
Epoch 1/10
1563/1563 [==============================] - 61s 37ms/step - loss: 1.4312 - accuracy: 0.4811 - val_loss: 1.1207 - val_accuracy: 0.6013
Epoch 2/10
1563/1563 [==============================] - 57s 36ms/step - loss: 1.0244 - accuracy: 0.6392 - val_loss: 0.9818 - val_accuracy: 0.6554'''),
    dict(name="L09-deepspeed-fp16-overflow", kind="lookalike",
         family="DeepSpeed fp16 loss-scale overflow (skipped step)", version="DeepSpeed 0.9+ (OVERFLOW! Rank 0 Skipping step)",
         source="microsoft/DeepSpeed deepspeed/runtime/zero/stage_1_and_2.py / fp16/loss_scaler.py",
         log='''[2024-06-01 10:11:12,345] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 32768
[2024-06-01 10:11:14,012] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 32768, reducing to 16384
{'loss': 2.1043, 'grad_norm': 1.873, 'learning_rate': 1.9e-05, 'epoch': 0.12}
{'loss': 1.9981, 'grad_norm': 1.412, 'learning_rate': 1.9e-05, 'epoch': 0.13}'''),
    dict(name="L10-ray-out-of-disk", kind="lookalike",
         family="Ray OutOfDiskError (spilling disk over capacity)", version="Ray 1.x-2.x",
         source="ray-project/ray python/ray/exceptions.py OutOfDiskError.__str__",
         log='''  File "/home/user/pipeline.py", line 77, in <module>
    refs = [ray.put(shard) for shard in shards]
ray.exceptions.OutOfDiskError: Local disk is full
The object cannot be created because the local object store is full and the local disk's utilization is over capacity (95% by default).Tip: Use `df` on this node to check disk usage and `ray memory` to check object store memory usage.'''),
    dict(name="L11-k8s-eviction-ephemeral-storage", kind="lookalike",
         family="Kubernetes kubelet eviction for disk (ephemeral-storage)", version="Kubernetes 1.2x",
         source="kubernetes/kubernetes pkg/kubelet/eviction/helpers.go (nodeLowMessageFmt with ephemeral-storage)",
         log='''Status:           Failed
Reason:           Evicted
Message:          The node was low on resource: ephemeral-storage. Threshold quantity: 10Gi, available: 9476Mi. Container trainer was using 84Gi, request is 0, has larger consumption of ephemeral-storage. '''),
    dict(name="L12-pyarrow-offset-overflow", kind="lookalike",
         family="pyarrow 32-bit offset overflow (capacity, not memory)", version="pyarrow 7-17 (ArrowInvalid / ArrowCapacityError)",
         source="apache/arrow cpp/src/arrow/array/concatenate.cc (offset overflow while concatenating arrays) + builder_binary.h capacity error",
         log='''  File "/usr/local/lib/python3.10/site-packages/datasets/table.py", line 1345, in concat_tables
    table = pa.concat_tables(tables, promote=True)
  File "pyarrow/error.pxi", line 91, in pyarrow.lib.check_status
pyarrow.lib.ArrowInvalid: offset overflow while concatenating arrays'''),
    dict(name="L13-slurm-time-limit", kind="lookalike",
         family="Slurm job cancelled at its time limit", version="Slurm 17+ slurmstepd",
         source="SchedMD/slurm src/slurmd/slurmstepd/req.c (*** JOB %u ON %s CANCELLED AT %s DUE TO TIME LIMIT ***)",
         log='''{'loss': 0.8123, 'grad_norm': 0.41, 'learning_rate': 1.2e-05, 'epoch': 2.31}
slurmstepd: error: *** JOB 812345 ON gpu-node-3 CANCELLED AT 2025-05-06T12:00:01 DUE TO TIME LIMIT ***
srun: Job step aborted: Waiting up to 32 seconds for job step to finish.'''),
    dict(name="L14-env-dump-alloc-conf", kind="lookalike",
         family="launcher environment dump naming memory knobs", version="n/a (env printed at start-up)",
         source="printed environment (PYTORCH_CUDA_ALLOC_CONF, RAY_memory_usage_threshold, NCCL knobs)",
         log='''+ export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True,max_split_size_mb:512
+ export RAY_memory_usage_threshold=0.98
+ export RAY_memory_monitor_refresh_ms=0
+ export VLLM_GPU_MEMORY_UTILIZATION=0.6
+ python3 -m verl.trainer.main_ppo trainer.n_gpus_per_node=8
step:1 - actor/pg_loss:0.012 - perf/max_memory_allocated_gb:41.2 - perf/max_memory_reserved_gb:52.3 - perf/cpu_memory_used_gb:181.4
step:2 - actor/pg_loss:0.010 - perf/max_memory_allocated_gb:41.3 - perf/max_memory_reserved_gb:52.3 - perf/cpu_memory_used_gb:181.9'''),
    dict(name="L15-sglang-retract-warning", kind="lookalike",
         family="SGLang KV pool full, requests retracted (recovers)", version="SGLang 0.4+ scheduler",
         source="sgl-project/sglang python/sglang/srt/managers/scheduler.py update_running_batch (KV cache pool is full. Retract requests.)",
         log='''[2026-09-13 16:06:07] Decode batch, #running-req: 66, #token: 87282, token usage: 1.00, cuda graph: False, gen throughput (token/s): 2529.33, #queue-req: 13
[2026-09-13 16:06:07] KV cache pool is full. Retract requests. #retracted_reqs: 1, #new_token_ratio: 0.0980 -> 0.3487
[2026-09-13 16:06:09] Decode batch, #running-req: 64, #token: 84003, token usage: 0.96, cuda graph: False, gen throughput (token/s): 2601.10, #queue-req: 14
[2026-09-13 16:06:12] Decode batch, #running-req: 65, #token: 85120, token usage: 0.97, cuda graph: False, gen throughput (token/s): 2588.42, #queue-req: 12'''),
    dict(name="L16-nvidia-smi-full-but-healthy", kind="lookalike",
         family="nvidia-smi table (memory nearly full, healthy)", version="nvidia-smi 535+",
         source="NVIDIA nvidia-smi default table",
         log='''+---------------------------------------------------------------------------------------+
| NVIDIA-SMI 535.129.03             Driver Version: 535.129.03   CUDA Version: 12.2     |
|-----------------------------------------+----------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |
|=========================================+======================+======================|
|   0  NVIDIA A100-SXM4-80GB          On  | 00000000:07:00.0 Off |                    0 |
| N/A   61C    P0             341W / 400W |  79012MiB / 81920MiB |     98%      Default |
+-----------------------------------------+----------------------+----------------------+
 epoch 3 | step 1200 | loss 1.732 | tokens/s 41230'''),
    dict(name="L17-vllm-v0-blocks-healthy", kind="lookalike",
         family="vLLM V0 KV-cache sizing info (healthy)", version="vLLM 0.5-0.6 (# GPU blocks, Maximum concurrency)",
         source="vllm-project/vllm vllm/executor/gpu_executor.py determine_num_available_blocks log + distributed_gpu_executor.py",
         log='''INFO 09-02 10:14:02 gpu_executor.py:122] # GPU blocks: 7281, # CPU blocks: 2048
INFO 09-02 10:14:02 gpu_executor.py:126] Maximum concurrency for 4096 tokens per request: 28.44x
INFO 09-02 10:14:05 model_runner.py:1402] Capturing the model for CUDA graphs. This may lead to unexpected consequences if the model is not static. To run the model in eager mode, set 'enforce_eager=True' or use '--enforce-eager' in the CLI.
INFO 09-02 10:14:05 model_runner.py:1406] CUDA graphs can take additional 1~3 GiB memory per GPU. If you are running out of memory, consider decreasing `gpu_memory_utilization` or enforcing eager mode. You can also reduce the `max_num_seqs` as needed to decrease memory usage.
INFO 09-02 10:14:21 model_runner.py:1530] Graph capturing finished in 16 secs.'''),
    dict(name="L18-safetensors-header-error", kind="lookalike",
         family="safetensors corrupt/incomplete file", version="safetensors 0.3+",
         source="huggingface/safetensors bindings/python/src/lib.rs (SafetensorError: Error while deserializing header)",
         log='''Loading checkpoint shards:  50%|█████     | 2/4 [00:11<00:11,  5.61s/it]
Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/transformers/modeling_utils.py", line 512, in load_state_dict
    with safe_open(checkpoint_file, framework="pt") as f:
safetensors_rust.SafetensorError: Error while deserializing header: MetadataIncompleteBuffer'''),
]
