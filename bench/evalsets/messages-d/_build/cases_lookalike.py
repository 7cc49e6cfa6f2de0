"""Lookalikes: messages that mention memory (or OOM) but record no out-of-memory failure."""

SP = "/usr/local/lib/python3.11/site-packages"

STEPS = '''{'loss': 1.4127, 'grad_norm': 0.912, 'learning_rate': 1.98e-05, 'epoch': 0.12}
{'loss': 1.3981, 'grad_norm': 0.874, 'learning_rate': 1.97e-05, 'epoch': 0.13}
{'train_runtime': 5120.4, 'train_samples_per_second': 11.2, 'train_steps_per_second': 0.35, 'train_loss': 1.2214, 'epoch': 1.0}
'''

CASES = [
    dict(name="L01-inductor-autotune-choice-oom-ignored", kind="lookalike",
         family="torch.compile max-autotune: one benchmarked GEMM choice ran out of memory and was ignored (compilation and training continue)",
         version="torch 2.2-2.9 (`Runtime error during autotuning: ... Ignoring this choice.` logged by select_algorithm)",
         source="pytorch/pytorch torch/_inductor/select_algorithm.py AlgorithmSelectorCache benchmark_choices (except RuntimeError: log.error(`Runtime error during autotuning: \\n%s. \\nIgnoring this choice.`), timing = inf)",
         note="a failed candidate is dropped and the best remaining kernel is used; the run trains on",
         log=f'''[rank0]:E0611 14:03:22.118000 51230 torch/_inductor/select_algorithm.py:1859] [0/0] Runtime error during autotuning: 
[rank0]:CUDA out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.21 GiB is free.. 
[rank0]:Ignoring this choice.
AUTOTUNE mm(8192x4096, 4096x14336)
  triton_mm_41 0.4107 ms 100.0% ACC_TYPE='tl.float32', BLOCK_K=64, BLOCK_M=128, BLOCK_N=128, num_stages=3, num_warps=8
  mm 0.4219 ms 97.3%
SingleProcess AUTOTUNE benchmarking takes 6.2141 seconds and 0.0003 seconds precompiling for 20 choices
step   10 | loss 2.8813 | tok/s 41220 | mem 61.2 GiB
step   20 | loss 2.6107 | tok/s 58310 | mem 61.2 GiB
step   30 | loss 2.4420 | tok/s 58295 | mem 61.2 GiB
'''),
    dict(name="L02-libibverbs-rlimit-memlock-warning", kind="lookalike",
         family="rdma-core libibverbs: RLIMIT_MEMLOCK is small (memory registration warning, not exhaustion)",
         version="rdma-core 2x-5x (`libibverbs: Warning: RLIMIT_MEMLOCK is 65536 bytes. This will severely limit memory registrations.`)",
         source="linux-rdma/rdma-core libibverbs/init.c check_memlock_limit (fprintf `libibverbs: Warning: RLIMIT_MEMLOCK is %llu bytes.\\n    This will severely limit memory registrations.`)",
         log='''libibverbs: Warning: RLIMIT_MEMLOCK is 65536 bytes.
    This will severely limit memory registrations.
node-3:1201:1201 [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; OOB ib0:10.10.0.3<0>
node-3:1201:1201 [0] NCCL INFO Connected all rings
''' + STEPS),
    dict(name="L03-cuda-uncorrectable-ecc-error", kind="lookalike",
         family="CUDA runtime: uncorrectable ECC error (a hardware memory fault, not memory exhaustion)",
         version="torch 2.x (`RuntimeError: CUDA error: uncorrectable ECC error encountered`)",
         source="NVIDIA CUDA runtime cudaGetErrorString(cudaErrorECCUncorrectable) `uncorrectable ECC error encountered` + pytorch/pytorch c10/cuda/CUDAException.h C10_CUDA_CHECK",
         log=f'''[rank6]: Traceback (most recent call last):
[rank6]:   File "/workspace/verl/verl/trainer/main_ppo.py", line 64, in main
[rank6]:     run_ppo(config)
[rank6]:   File "{SP}/torch/nn/functional.py", line 2264, in linear
[rank6]:     return torch._C._nn.linear(input, weight, bias)
[rank6]: RuntimeError: CUDA error: uncorrectable ECC error encountered
[rank6]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
[rank6]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1
[rank6]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
'''),
    dict(name="L04-ray-autoscaler-infeasible-memory-request", kind="lookalike",
         family="Ray autoscaler: no node type can fulfil a resource request that names memory (infeasible, nothing ran out)",
         version="Ray 2.x (`(autoscaler +1m3s) Error: No available node types can fulfill resource request {'CPU': 1.0, 'memory': ...}. Add suitable node types to this cluster to resolve this issue.`)",
         source="ray-project/ray python/ray/autoscaler/_private/autoscaler.py StandardAutoscaler (event_summarizer `Error: No available node types can fulfill resource request {}. Add suitable node types to this cluster to resolve this issue.`)",
         log='''2025-04-17 09:20:11,402	INFO worker.py:1841 -- Connected to Ray cluster. View the dashboard at 127.0.0.1:8265
(autoscaler +1m3s) Tip: use `ray status` to view detailed cluster status. To disable these messages, set RAY_SCHEDULER_EVENTS=0.
(autoscaler +1m3s) Error: No available node types can fulfill resource request {'CPU': 8.0, 'memory': 274877906944.0}. Add suitable node types to this cluster to resolve this issue.
(autoscaler +1m38s) Error: No available node types can fulfill resource request {'CPU': 8.0, 'memory': 274877906944.0}. Add suitable node types to this cluster to resolve this issue.
^C
KeyboardInterrupt: cancelled by user while the task was pending
'''),
    dict(name="L05-ray-tune-low-memory-status", kind="lookalike",
         family="Ray Tune status table: ***LOW MEMORY*** advisory (less than 10% of node RAM free; no kill)",
         version="Ray 1.x-2.x Tune (`Memory usage on this node: X/Y GiB: ***LOW MEMORY*** less than 10% of the memory on this node is available for use. ...`)",
         source="ray-project/ray python/ray/tune/utils/util.py / tune/progress_reporter.py memory_debug_str (`: ***LOW MEMORY*** less than 10% of the memory on this node is available for use. This can cause unexpected crashes. ...`)",
         log='''== Status ==
Current time: 2025-02-02 18:41:03 (running for 01:12:40.19)
Memory usage on this node: 231.2/251.5 GiB: ***LOW MEMORY*** less than 10% of the memory on this node is available for use. This can cause unexpected crashes. Consider reducing the memory used by your application or reducing the Ray object store size by setting `object_store_memory` when calling `ray.init`.
Using FIFO scheduling algorithm.
Logical resource usage: 32.0/64 CPUs, 8.0/8 GPUs
Number of trials: 8/8 (8 TERMINATED)
+--------------------+------------+----------------+--------+------------------+
| Trial name         | status     | loc            |     lr |   eval_loss      |
|--------------------+------------+----------------+--------+------------------|
| train_fn_6a2e1_00000 | TERMINATED | 10.0.0.4:81200 | 1e-05  |         0.7713   |
+--------------------+------------+----------------+--------+------------------+

2025-02-02 18:41:04,110	INFO tune.py:1009 -- Total run time: 4360.31 seconds (4360.12 seconds for the tuning loop).
'''),
    dict(name="L06-ray-object-store-dev-shm-fallback", kind="lookalike",
         family="Ray start-up: object store placed in /tmp because /dev/shm is small (performance warning)",
         version="Ray 1.x-2.x (`WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm has only N bytes available. This will harm performance! ...`)",
         source="ray-project/ray python/ray/_private/services.py determine_plasma_store_config (logger.warning `WARNING: The object store is using {} instead of /dev/shm because /dev/shm has only {} bytes available. This will harm performance! ...`)",
         log='''2025-05-06 13:02:44,870	WARNING services.py:2070 -- WARNING: The object store is using /tmp instead of /dev/shm because /dev/shm has only 67108864 bytes available. This will harm performance! You may be able to free up space by deleting files in /dev/shm. If you are inside a Docker container, you can increase /dev/shm size by passing '--shm-size=10.24gb' to 'docker run' (or add it to the run_options list in a Ray cluster config). Make sure to set this to more than 30% of available RAM.
2025-05-06 13:02:46,118	INFO worker.py:1852 -- Started a local Ray instance. View the dashboard at 127.0.0.1:8265
(TaskRunner pid=3312) step:1 - actor/pg_loss:0.013 - critic/score/mean:0.412 - response_length/mean:611.2
(TaskRunner pid=3312) step:2 - actor/pg_loss:0.009 - critic/score/mean:0.437 - response_length/mean:622.9
(TaskRunner pid=3312) Training finished: 200/200 steps
'''),
    dict(name="L07-vllm-sleep-mode-freed", kind="lookalike",
         family="vLLM sleep mode: memory released between rollouts (healthy info lines)",
         version="vLLM 0.7-0.11 V1 worker (`Sleep mode freed X GiB memory, Y GiB memory is still in use.` / `It took N seconds to fall asleep.`)",
         source="vllm-project/vllm vllm/v1/worker/gpu_worker.py Worker.sleep (logger.info `Sleep mode freed %.2f GiB memory, %.2f GiB memory is still in use.`) + vllm/v1/executor executor_base sleep (`It took %.6f seconds to fall asleep.`)",
         log='''(WorkerDict pid=71830) INFO 06-02 11:14:02 [gpu_worker.py:104] Sleep mode freed 63.82 GiB memory, 9.41 GiB memory is still in use.
(WorkerDict pid=71830) INFO 06-02 11:14:02 [executor_base.py:187] It took 2.114201 seconds to fall asleep.
(TaskRunner pid=70211) step:37 - actor/entropy:0.512 - actor/pg_loss:-0.004 - perf/max_memory_allocated_gb:58.21 - perf/max_memory_reserved_gb:66.90
(WorkerDict pid=71830) INFO 06-02 11:15:31 [executor_base.py:203] It took 0.781133 seconds to wake up tags ['weights'].
(WorkerDict pid=71830) INFO 06-02 11:15:33 [executor_base.py:203] It took 0.402918 seconds to wake up tags ['kv_cache'].
(TaskRunner pid=70211) step:38 - actor/entropy:0.507 - actor/pg_loss:0.002 - perf/max_memory_allocated_gb:58.19 - perf/max_memory_reserved_gb:66.90
'''),
    dict(name="L08-torchtune-memory-stats", kind="lookalike",
         family="torchtune recipe: memory stats after model init (peak allocation / reserved / active)",
         version="torchtune 0.2-0.6 (`Memory stats after model init:` + `GPU peak memory allocation: X GiB`)",
         source="pytorch/torchtune torchtune/training/memory.py log_memory_stats (`Memory stats after model init:\\n\\tGPU peak memory allocation: ... GiB\\n\\tGPU peak memory reserved: ...\\n\\tGPU peak memory active: ...`)",
         log='''INFO:torchtune.utils._logging:Model is initialized with precision torch.bfloat16.
INFO:torchtune.utils._logging:Memory stats after model init:
	GPU peak memory allocation: 15.08 GiB
	GPU peak memory reserved: 15.21 GiB
	GPU peak memory active: 15.08 GiB
INFO:torchtune.utils._logging:Tokenizer is initialized from file.
INFO:torchtune.utils._logging:Optimizer and loss are initialized.
1|100|Loss: 1.0912: 100%|██████████| 100/100 [09:12<00:00,  5.52s/it]
INFO:torchtune.utils._logging:Model checkpoint of size 16.06 GiB saved to /tmp/torchtune/llama3_1_8B/full/epoch_0/model-00001-of-00004.safetensors
'''),
    dict(name="L09-transformers-low-cpu-mem-usage-requires-accelerate", kind="lookalike",
         family="transformers from_pretrained: low_cpu_mem_usage / device_map need accelerate (ImportError, nothing ran out)",
         version="transformers 4.3x-4.4x (`ImportError: Using `low_cpu_mem_usage=True` or a `device_map` requires Accelerate: `pip install 'accelerate>=0.26.0'``)",
         source="huggingface/transformers src/transformers/modeling_utils.py PreTrainedModel.from_pretrained (raise ImportError(`Using `low_cpu_mem_usage=True` or a `device_map` requires Accelerate: `pip install 'accelerate>={ACCELERATE_MIN_VERSION}'``))",
         log=f'''Traceback (most recent call last):
  File "/workspace/eval/run_eval.py", line 31, in <module>
    model = AutoModelForCausalLM.from_pretrained(args.model, device_map="auto", torch_dtype="auto")
  File "{SP}/transformers/models/auto/auto_factory.py", line 564, in from_pretrained
    return model_class.from_pretrained(
  File "{SP}/transformers/modeling_utils.py", line 3318, in from_pretrained
    raise ImportError(
ImportError: Using `low_cpu_mem_usage=True` or a `device_map` requires Accelerate: `pip install 'accelerate>=0.26.0'`
'''),
    dict(name="L10-hf-hub-not-enough-free-disk", kind="lookalike",
         family="huggingface_hub download: not enough free disk space for the file (warning about disk, not memory)",
         version="huggingface_hub 0.1x-0.3x (`UserWarning: Not enough free disk space to download the file. The expected file size is: X MB. The target location ... only has Y MB free disk space.`)",
         source="huggingface/huggingface_hub src/huggingface_hub/file_download.py _check_disk_space (warnings.warn `Not enough free disk space to download the file. The expected file size is: {expected_size / 1e6:.2f} MB. The target location {target_dir} only has {free / 1e6:.2f} MB free disk space.`)",
         log=f'''{SP}/huggingface_hub/file_download.py:653: UserWarning: Not enough free disk space to download the file. The expected file size is: 4976.70 MB. The target location /root/.cache/huggingface/hub/models--Qwen--Qwen2.5-7B-Instruct/blobs only has 3120.44 MB free disk space.
  warnings.warn(
model-00002-of-00004.safetensors:  62%|██████▏   | 3.09G/4.98G [00:41<00:25, 75.1MB/s]
Traceback (most recent call last):
  File "/workspace/download.py", line 9, in <module>
    snapshot_download("Qwen/Qwen2.5-7B-Instruct")
OSError: [Errno 28] No space left on device
'''),
    dict(name="L11-k8s-resourcequota-exceeded-memory", kind="lookalike",
         family="Kubernetes admission: ResourceQuota exceeded for limits.memory (pod refused; nothing ran out)",
         version="Kubernetes 1.2x (`Error creating: pods \"...\" is forbidden: exceeded quota: ml-quota, requested: limits.memory=256Gi, used: ..., limited: ...`)",
         source="kubernetes/kubernetes staging/src/k8s.io/apiserver/pkg/admission/plugin/resourcequota/controller.go (`exceeded quota: %s, requested: %s, used: %s, limited: %s`)",
         log='''$ kubectl describe job sft-qwen-72b -n ml
Events:
  Type     Reason        Age                From            Message
  ----     ------        ----               ----            -------
  Warning  FailedCreate  2m11s              job-controller  Error creating: pods "sft-qwen-72b-7k2xq" is forbidden: exceeded quota: ml-quota, requested: limits.memory=512Gi, used: limits.memory=1536Gi, limited: limits.memory=1792Gi
  Warning  FailedCreate  41s (x6 over 2m)   job-controller  (combined from similar events): Error creating: pods "sft-qwen-72b-c9wm4" is forbidden: exceeded quota: ml-quota, requested: limits.memory=512Gi, used: limits.memory=1536Gi, limited: limits.memory=1792Gi
'''),
    dict(name="L12-sbatch-memory-specification-unsatisfiable", kind="lookalike",
         family="Slurm submission rejected: memory specification cannot be satisfied (job never ran)",
         version="Slurm 19-24 (`sbatch: error: Batch job submission failed: Memory required by task is not available` / `Memory specification can not be satisfied`)",
         source="SchedMD/slurm src/common/slurm_errno.c (ESLURM_INVALID_TASK_MEMORY `Memory required by task is not available`; `Memory specification can not be satisfied`)",
         log='''$ sbatch --mem=1500G --gres=gpu:8 train_70b.sbatch
sbatch: error: Memory specification can not be satisfied
sbatch: error: Batch job submission failed: Requested node configuration is not available
$ sbatch --mem=960G --gres=gpu:8 train_70b.sbatch
Submitted batch job 4412871
'''),
    dict(name="L13-resource-tracker-leaked-shared-memory", kind="lookalike",
         family="Python multiprocessing resource_tracker: leaked shared_memory objects cleaned at shutdown (warning)",
         version="CPython 3.8-3.13 (`UserWarning: resource_tracker: There appear to be N leaked shared_memory objects to clean up at shutdown`)",
         source="python/cpython Lib/multiprocessing/resource_tracker.py main (warnings.warn(`resource_tracker: There appear to be %d leaked %s objects to clean up at shutdown`))",
         log='''Saving model checkpoint to /checkpoints/qwen2.5-3b-sft/checkpoint-3216
''' + STEPS + '''/usr/lib/python3.11/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 3 leaked shared_memory objects to clean up at shutdown
  warnings.warn('resource_tracker: There appear to be %d '
/usr/lib/python3.11/multiprocessing/resource_tracker.py:254: UserWarning: resource_tracker: There appear to be 12 leaked semaphore objects to clean up at shutdown
  warnings.warn('resource_tracker: There appear to be %d '
'''),
    dict(name="L14-flashinfer-workspace-buffer-overflow", kind="lookalike",
         family="FlashInfer AlignedAllocator: the fixed attention workspace buffer is too small (a set size, not device memory)",
         version="flashinfer 0.1.x-0.2.x under vLLM / SGLang (`Buffer overflow when allocating memory for batch_prefill_tmp_v with size N and alignment 16, but only M bytes available in AlignedAllocator. Increase the workspace buffer size.`)",
         source="flashinfer-ai/flashinfer include/flashinfer/allocator.h AlignedAllocator::aligned_alloc (FLASHINFER_ERROR `Buffer overflow when allocating memory for ... Increase the workspace buffer size.`)",
         note="the workspace is a buffer the engine sized (256 MiB-2 GiB); the GPU still had memory; labelled not an OOM",
         log='''[2025-08-19 16:22:07 TP0] Prefill batch. #new-seq: 3, #new-token: 16384, #cached-token: 0, token usage: 0.21, #running-req: 0, #queue-req: 5
[2025-08-19 16:22:07 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/layers/attention/flashinfer_backend.py", line 612, in call_begin_forward
    wrapper.begin_forward(
  File "/usr/local/lib/python3.10/dist-packages/flashinfer/prefill.py", line 1512, in plan
    self._plan_info = self._cached_module.plan(
RuntimeError: Error in function 'aligned_alloc' at /workspace/include/flashinfer/allocator.h:49: Buffer overflow when allocating memory for batch_prefill_tmp_v with size 2415919104 and alignment 16, but only 2147483648 bytes available in AlignedAllocator. Increase the workspace buffer size.
'''),
    dict(name="L15-megatron-theoretical-memory-footprint", kind="lookalike",
         family="Megatron-LM start-up: theoretical memory footprint estimate (weight and optimizer / activation / total)",
         version="Megatron-LM core_r0.5-0.13 (`Theoretical memory footprints: weight and optimizer=X MB, activation=Y MB, total=Z MB`)",
         source="NVIDIA/Megatron-LM megatron/training/theoretical_memory_usage.py report_theoretical_memory (print `Theoretical memory footprints: weight and optimizer={:.2f} MB, activation={:.2f} MB, total={:.2f} MB`)",
         log=''' > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1750315008
Number of parameters in transformer layers in billions:  6.48
Number of parameters in embedding layers in billions: 0.26
Total number of parameters in billions: 6.74
Number of parameters in most loaded shard in billions: 1.7502
Theoretical memory footprints: weight and optimizer=20029.52 MB, activation=41210.37 MB, total=61239.89 MB

 [2025-03-31 05:54:07] iteration       50/    5000 | consumed samples:        25600 | elapsed time per iteration (ms): 2210.4 | learning rate: 2.999E-04 | lm loss: 3.401722E+00 | loss scale: 1.0 | grad norm: 0.512 |
[Rank 0] (after 50 iterations) memory (MB) | allocated: 9909.08 | max allocated: 50277.16 | reserved: 53386.0 | max reserved: 53386.0
 [2025-03-31 05:55:58] iteration      100/    5000 | consumed samples:        51200 | elapsed time per iteration (ms): 2207.9 | learning rate: 2.998E-04 | lm loss: 3.012210E+00 | loss scale: 1.0 | grad norm: 0.431 |
'''),
    dict(name="L16-sglang-kv-pool-leak-check", kind="lookalike",
         family="SGLang scheduler self-check: KV pool accounting mismatch reported as a 'memory leak' when idle (a bookkeeping bug, no memory exhausted)",
         version="SGLang 0.4-0.5 (`token_to_kv_pool_allocator memory leak detected! self.max_total_num_tokens=..., available_size=..., evictable_size=..., protected_size=...`)",
         source="sgl-project/sglang python/sglang/srt/managers/scheduler.py Scheduler.check_memory (memory_leak -> raise ValueError / warning `token_to_kv_pool_allocator memory leak detected! ...`)",
         log='''[2025-09-03 21:40:12 TP0] Decode batch. #running-req: 1, #token: 5120, token usage: 0.00, cuda graph: True, gen throughput (token/s): 88.31, #queue-req: 0
[2025-09-03 21:40:44 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 2790, in run_scheduler_process
    scheduler.event_loop_overlap()
  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 1441, in check_memory
    raise ValueError(msg)
ValueError: token_to_kv_pool_allocator memory leak detected! self.max_total_num_tokens=1915816, available_size=1835128, evictable_size=52280, protected_size=26360
'''),
]
