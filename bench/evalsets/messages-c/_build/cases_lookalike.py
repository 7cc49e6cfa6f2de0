"""Lookalikes: messages that mention memory (or OOM) but record no out-of-memory failure."""

SP = "/usr/local/lib/python3.11/site-packages"

STEPS = '''{'loss': 1.4127, 'grad_norm': 0.912, 'learning_rate': 1.98e-05, 'epoch': 0.12}
{'loss': 1.3981, 'grad_norm': 0.874, 'learning_rate': 1.97e-05, 'epoch': 0.13}
{'train_runtime': 5120.4, 'train_samples_per_second': 11.2, 'train_steps_per_second': 0.35, 'train_loss': 1.2214, 'epoch': 1.0}
'''

CASES = [
    dict(name="L01-torch-2.9-alloc-conf-deprecated", kind="lookalike",
         family="PyTorch 2.9 allocator-config deprecation warning (env var renamed)",
         version="torch 2.9+ (`Warning: PYTORCH_CUDA_ALLOC_CONF is deprecated, use PYTORCH_ALLOC_CONF instead`)",
         source="pytorch/pytorch c10/core/AllocatorConfig.cpp (TORCH_WARN_ONCE on the old env var) v2.9.0",
         log='''[W603 09:01:52.252714350 AllocatorConfig.cpp:28] Warning: PYTORCH_CUDA_ALLOC_CONF is deprecated, use PYTORCH_ALLOC_CONF instead (function operator())
''' + STEPS),
    dict(name="L02-expandable-segments-unsupported-warning", kind="lookalike",
         family="PyTorch allocator config: expandable_segments requested on a build without driver API support (ROCm / Windows)",
         version="torch 2.1-2.9 (`UserWarning: expandable_segments not supported on this platform`)",
         source="pytorch/pytorch c10/cuda/CUDAAllocatorConfig.h expandable_segments() (TORCH_WARN_ONCE without PYTORCH_C10_DRIVER_API_SUPPORTED; hipified HIPAllocatorConfig.h)",
         log=f'''{SP}/transformers/modeling_utils.py:5112: UserWarning: expandable_segments not supported on this platform (Triggered internally at /pytorch/c10/hip/HIPAllocatorConfig.h:29.)
  _ = torch.empty(byte_count // factor, dtype=torch.float16, device=device, requires_grad=False)
''' + STEPS),
    dict(name="L03-accelerate-device-map-avoid-oom-info", kind="lookalike",
         family="accelerate infer_auto_device_map info: keeps 10% of GPU memory as a buffer 'to avoid OOM'",
         version="accelerate 0.2x-1.x (`We will use 90% of the memory on device 0 for storing the model, and 10% for the buffer to avoid OOM.`)",
         source="huggingface/accelerate src/accelerate/utils/modeling.py get_balanced_memory (logger.info)",
         log='''2025-06-20 00:04:33,666 - accelerate.utils.modeling - INFO - We will use 90% of the memory on device 0 for storing the model, and 10% for the buffer to avoid OOM. You can set `max_memory` in to a higher value to use more memory (at your own risk).
Loading checkpoint shards: 100%|██████████| 3/3 [00:03<00:00,  1.22s/it]
2025-06-20 00:04:37,880 - __main__ - INFO - evaluation finished: 8 examples, faithfulness=0.81'''),
    dict(name="L04-xformers-no-operator-memory-efficient", kind="lookalike",
         family="xformers dispatcher: no memory_efficient_attention kernel for these inputs / this GPU",
         version="xformers 0.0.2x (NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs)",
         source="facebookresearch/xformers xformers/ops/fmha/dispatch.py _run_priority_list (`No operator found for `{name}` with inputs:` + reasons)",
         log=f'''Traceback (most recent call last):
  File "/workspace/train_vae.py", line 144, in <module>
    out = model(batch)
  File "{SP}/xformers/ops/fmha/__init__.py", line 306, in memory_efficient_attention
    return _memory_efficient_attention(
  File "{SP}/xformers/ops/fmha/dispatch.py", line 63, in _run_priority_list
    raise NotImplementedError(msg)
NotImplementedError: No operator found for `memory_efficient_attention_forward` with inputs:
     query       : shape=(1, 4096, 1, 512) (torch.float32)
     key         : shape=(1, 4096, 1, 512) (torch.float32)
     value       : shape=(1, 4096, 1, 512) (torch.float32)
     attn_bias   : <class 'NoneType'>
     p           : 0.0
`fa3F@0.0.0` is not supported because:
    requires device with capability <= (9, 0) but your GPU has capability (12, 0) (too new)
`cutlassF-pt` is not supported because:
    max(query.shape[-1], value.shape[-1]) > 256'''),
    dict(name="L05-tcmalloc-large-alloc-report", kind="lookalike",
         family="gperftools tcmalloc large-allocation report (informational, the allocation succeeded)",
         version="gperftools 2.x (`tcmalloc: large alloc N bytes == 0x... @ ...`, Colab default allocator)",
         source="gperftools/gperftools src/tcmalloc.cc ReportLargeAlloc (`tcmalloc: large alloc %zu bytes == %p @ `)",
         log='''Downloading shards: 100%|██████████| 2/2 [00:41<00:00, 20.55s/it]
tcmalloc: large alloc 1147494400 bytes == 0x560ecd5ec000 @  0x7f9fbe2cc615 0x560e93d194cc 0x560e93df947a 0x560e93d1c2ed 0x560e93e0de1d
tcmalloc: large alloc 2294988800 bytes == 0x561011a72000 @  0x7f9fbe2cc615 0x560e93d194cc 0x560e93df947a 0x560e93d1c2ed 0x560e93e0de1d
Loading checkpoint shards: 100%|██████████| 2/2 [00:09<00:00,  4.61s/it]
''' + STEPS),
    dict(name="L06-ray-object-spill-log", kind="lookalike",
         family="Ray raylet object-spilling progress (objects written to disk, not an error)",
         version="Ray 1.x-2.4x (`Spilled N MiB, M objects, write throughput X MiB/s. Set RAY_verbose_spill_logs=0 to disable this message.`)",
         source="ray-project/ray src/ray/raylet/local_object_manager.cc SpillObjectsInternal (RAY_LOG(ERROR) with the RAY_verbose_spill_logs advisory the first time)",
         log='''(raylet) Spilled 4096 MiB, 33 objects, write throughput 1640 MiB/s. Set RAY_verbose_spill_logs=0 to disable this message.
(raylet) Spilled 8192 MiB, 66 objects, write throughput 1702 MiB/s.
(MapBatches(tokenize) pid=9921) finished block 412/412
Dataset written to s3://corpus/tokenized/ in 611.2s'''),
    dict(name="L07-deepspeed-allocator-cache-flush-warning", kind="lookalike",
         family="DeepSpeed ZeRO-3 warning: PyTorch allocator cache flushes since last step (memory pressure, run continues)",
         version="DeepSpeed 0.6-0.18 (`N pytorch allocator cache flushes since last step. this happens when there is high memory pressure ...`)",
         source="microsoft/DeepSpeed deepspeed/runtime/zero/stage3.py DeepSpeedZeroOptimizer_Stage3.step (num_alloc_retries > n_caching_allocator_flushes)",
         log='''[2025-10-09 12:01:31,035] [WARNING] [stage3.py:2160:step] 1 pytorch allocator cache flushes since last step. this happens when there is high memory pressure and is detrimental to performance. if this is happening frequently consider adjusting settings to reduce memory consumption. If you are unable to make the cache flushes go away consider adding get_accelerator().empty_cache() calls in your training loop to ensure that all ranks flush their caches at the same time
''' + STEPS),
    dict(name="L08-verl-log-gpu-memory-usage", kind="lookalike",
         family="verl log_gpu_memory_usage (healthy memory report between phases)",
         version="verl 0.3-0.5 (`<head>, memory allocated (GB): X, memory reserved (GB): Y, device memory used/total (GB): U/T`)",
         source="volcengine/verl verl/utils/debug/performance.py log_gpu_memory_usage",
         log='''(WorkerDict pid=150008) After FSDP, memory allocated (GB): 7.49, memory reserved (GB): 8.47, device memory used/total (GB): 9.59/79.11
(WorkerDict pid=150008) Before building vllm rollout, memory allocated (GB): 7.49, memory reserved (GB): 8.47, device memory used/total (GB): 9.61/79.11
(WorkerDict pid=150008) After building vllm rollout, memory allocated (GB): 55.34, memory reserved (GB): 61.27, device memory used/total (GB): 63.02/79.11
(TaskRunner pid=149771) step:1 - actor/pg_loss:0.012 - actor/grad_norm:0.183 - response_length/mean:611.2 - perf/max_memory_allocated_gb:58.21
(TaskRunner pid=149771) step:2 - actor/pg_loss:0.009 - actor/grad_norm:0.171 - response_length/mean:640.9 - perf/max_memory_allocated_gb:58.40'''),
    dict(name="L09-lightning-batch-size-finder", kind="lookalike",
         family="Lightning Tuner.scale_batch_size: an OOM probe caught and recovered (run continues at the largest size that fit)",
         version="lightning 2.x BatchSizeFinder (`Batch size 16 failed, trying batch size 8`)",
         source="Lightning-AI/pytorch-lightning src/lightning/pytorch/tuner/batch_size_scaling.py _run_power_scaling / _adjust_batch_size (garbage_collection_cuda after is_oom_error)",
         log='''`Trainer.fit` stopped: `max_steps=3` reached.
Batch size 2 succeeded, trying batch size 4
`Trainer.fit` stopped: `max_steps=3` reached.
Batch size 4 succeeded, trying batch size 8
`Trainer.fit` stopped: `max_steps=3` reached.
Batch size 8 succeeded, trying batch size 16
Batch size 16 failed, trying batch size 8
Finished batch size finder, will continue with full run using batch size 8
Restoring states from the checkpoint path at /data/runs/.scale_batch_size_ecc0c8e8.ckpt
Epoch 0: 100%|██████████| 1250/1250 [06:41<00:00,  3.11it/s, v_num=3, train_loss=0.412]
`Trainer.fit` stopped: `max_epochs=1` reached.'''),
    dict(name="L10-torch-shm-too-many-open-files", kind="lookalike",
         family="torch.multiprocessing shared-memory tensor transfer out of file descriptors (ulimit -n), not memory",
         version="torch 1.x-2.x (`unable to open shared memory object </torch_...> in read-write mode: Too many open files (24)`)",
         source="pytorch/pytorch aten/src/ATen/MapAllocator.cpp (shm_open failure `unable to open shared memory object <%s> in read-write mode: %s (%d)`)",
         log=f'''Traceback (most recent call last):
  File "/usr/lib/python3.11/multiprocessing/queues.py", line 244, in _feed
    obj = _ForkingPickler.dumps(obj)
  File "/usr/lib/python3.11/multiprocessing/reduction.py", line 51, in dumps
    cls(buf, protocol).dump(obj)
  File "{SP}/torch/multiprocessing/reductions.py", line 569, in reduce_storage
    fd, size = storage._share_fd_cpu_()
RuntimeError: unable to open shared memory object </torch_2070_3445168708_503> in read-write mode: Too many open files (24)'''),
    dict(name="L11-nvrm-xid-31-mmu-fault", kind="lookalike",
         family="NVIDIA driver Xid 31 (GPU memory page fault / MMU fault: an illegal address, not exhaustion)",
         version="NVIDIA driver 525-570 dmesg (`NVRM: Xid (PCI:...): 31, pid=..., name=..., Ch ..., intr ... MMU Fault: ...`)",
         source="NVIDIA open-gpu-kernel-modules kernel-open/nvidia (Xid reporting, nvErrorLog) + Xid catalog (31: GPU memory page fault)",
         log=f'''[Tue Jun  3 14:02:11 2025] NVRM: Xid (PCI:0000:3b:00): 31, pid=48213, name=python, Ch 00000008, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f2c_859fb000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ
Traceback (most recent call last):
  File "/workspace/train.py", line 276, in main
    loss = model(**batch).loss
torch.AcceleratorError: CUDA error: an illegal memory access was encountered
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.'''),
    dict(name="L12-ray-train-failed-not-oom", kind="lookalike",
         family="Ray Train TrainingFailedError whose boilerplate names OOM as an example; the worker failed of a KeyError",
         version="Ray 2.3x-2.4x (`... assuming that the error is not caused by your own application logic, but rather an error such as OOM ...`)",
         source="ray-project/ray python/ray/train/base_trainer.py fit (_TRAINING_FAILED_MSG) + python/ray/exceptions.py RayTaskError",
         log=f'''ray.exceptions.RayTaskError(KeyError): ray::_RayTrainWorker__execute.get_next() (pid=2211, ip=10.0.3.17, actor_id=6a9e0f1d2c6b5a4e3d2c1b0a01000000, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f8e2c1d5a90>)
  File "/workspace/ray_sft.py", line 91, in train_func
    labels = batch["labels"]
KeyError: 'labels'

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/workspace/ray_sft.py", line 141, in <module>
    result = trainer.fit()
  File "{SP}/ray/train/base_trainer.py", line 638, in fit
    raise TrainingFailedError(
ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.'''),
    dict(name="L13-pallas-tpu-vmem-exhausted", kind="lookalike",
         family="Pallas / Mosaic TPU kernel compile: on-chip VMEM (vector scratch) over its limit, set by block sizes",
         version="jax 0.4.3x-0.6 on TPU (`Ran out of memory in memory space vmem`)",
         source="libtpu / Mosaic TPU compiler (closed source); wording as jax-ml/jax Pallas users report it (same shape as the hbm message, memory space vmem)",
         note="decided not-oom, as messages-b did for Triton shared memory: VMEM is per-core on-chip scratch sized by the kernel's block shapes; no cause in causes.md fixes it",
         log=f'''Traceback (most recent call last):
  File "/workspace/maxtext/MaxText/layers/attentions.py", line 412, in tpu_flash_attention
    x = splash_kernel(query, key, value)
  File "{SP}/jax/_src/compiler.py", line 266, in backend_compile
    return backend.compile(built_c, compile_options=options)
jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Ran out of memory in memory space vmem. Used 33.00M of 16.00M vmem. Exceeded vmem capacity by 17.00M.'''),
    dict(name="L14-k8s-failedscheduling-insufficient-memory", kind="lookalike",
         family="Kubernetes scheduler: pod not placed (Insufficient memory on every node); nothing ran out",
         version="Kubernetes 1.2x kube-scheduler (`0/4 nodes are available: 4 Insufficient memory.`)",
         source="kubernetes/kubernetes pkg/scheduler/framework/plugins/noderesources/fit.go (`Insufficient %v`) + pkg/scheduler/framework/types.go FitError",
         log='''$ kubectl describe pod sft-llama-70b-0 -n train
Status:           Pending
Events:
  Type     Reason            Age                From               Message
  ----     ------            ----               ----               -------
  Warning  FailedScheduling  2m (x14 over 32m)  default-scheduler  0/4 nodes are available: 4 Insufficient memory. preemption: 0/4 nodes are available: 4 No preemption victims found for incoming pod.'''),
    dict(name="L15-openblas-too-many-memory-regions", kind="lookalike",
         family="OpenBLAS buffer table exhausted (too many threads x calls, a fixed NUM_BUFFERS table), not RAM",
         version="OpenBLAS 0.3.x (`OpenBLAS : Program is Terminated. Because you tried to allocate too many memory regions.`)",
         source="OpenMathLib/OpenBLAS driver/others/memory.c blas_memory_alloc (printf `OpenBLAS : Program is Terminated. Because you tried to allocate too many memory regions.`)",
         log='''Map (num_proc=32):  12%|█▏        | 48000/400000 [00:31<03:45, 1560.2 examples/s]
OpenBLAS : Program is Terminated. Because you tried to allocate too many memory regions.
This library was built to support 128 CPUs - check if this is larger than the number of processors in your system
Segmentation fault (core dumped)'''),
    dict(name="L16-journald-memory-pressure-flush", kind="lookalike",
         family="systemd-journald reacting to memory pressure by flushing its caches (no process killed)",
         version="systemd 248+ (`Under memory pressure, flushing caches.`)",
         source="systemd/systemd src/journal/journald-server.c server_memory_pressure (log_debug/info `Under memory pressure, flushing caches.`)",
         log='''Jun 03 14:02:09 ws-ml-01 systemd-journald[612]: Under memory pressure, flushing caches.
Jun 03 14:02:11 ws-ml-01 python[48213]: {'loss': 1.3981, 'grad_norm': 0.874, 'learning_rate': 1.97e-05, 'epoch': 0.13}
Jun 03 14:09:40 ws-ml-01 python[48213]: {'train_runtime': 5120.4, 'train_samples_per_second': 11.2, 'train_loss': 1.2214, 'epoch': 1.0}'''),
]
