"""Device-memory (GPU / accelerator / KV pool) OOM formats not in messages/."""

TB = '''Traceback (most recent call last):
  File "/workspace/train.py", line 231, in <module>
    main()
  File "/workspace/train.py", line 204, in main
    loss = model(**batch).loss
'''

CASES = [
    dict(name="01-torch-2.9-alloc-conf-hint", kind="cuda", top=["micro-batch-too-large", "model-states-exceed-gpu", "allocator-fragmentation"],
        note="single message rendering; reserved-but-unallocated exceeds the request, so fragmentation is a fair first cause (label corrected after the blind run, as messages/ did for 03 and 07)",
         family="PyTorch CUDA caching allocator", version="2.9+ (PYTORCH_ALLOC_CONF hint)",
         source="pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp v2.9.0 (env renamed PYTORCH_ALLOC_CONF)",
         facts=dict(gpu_index=0, tried_to_allocate_mib=786.0, total_capacity_gib=79.19, free_mib=412.25,
                    this_process_in_use_gib=78.78, allocated_by_pytorch_gib=74.61, reserved_unallocated_gib=3.52),
         log=TB + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 786.00 MiB. GPU 0 has a total capacity of 79.19 GiB of which 412.25 MiB is free. Including non-PyTorch memory, this process has 78.78 GiB memory in use. Of the allocated memory 74.61 GiB is allocated by PyTorch, and 3.52 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"),
    dict(name="02-torch-2.9-hip-alloc-conf", kind="cuda",
         family="PyTorch ROCm/HIP caching allocator", version="torch ROCm 2.9+ (PYTORCH_ALLOC_CONF hint, no this-process clause)",
         source="pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp v2.9.0 (hipified)",
         facts=dict(gpu_index=3, tried_to_allocate_gib=4.0, total_capacity_gib=191.98, free_gib=2.11,
                    allocated_by_pytorch_gib=184.2, reserved_unallocated_gib=1.02),
         log=TB + "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 4.00 GiB. GPU 3 has a total capacity of 191.98 GiB of which 2.11 GiB is free. Of the allocated memory 184.20 GiB is allocated by PyTorch, and 1.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"),
    dict(name="03-torchrun-default-role-prefix", kind="cuda", top=["micro-batch-too-large", "model-states-exceed-gpu", "allocator-fragmentation"],
        note="single message rendering; reserved-but-unallocated exceeds the request, so fragmentation is a fair first cause (label corrected after the blind run, as messages/ did for 03 and 07)",
         family="PyTorch CUDA caching allocator", version="2.2-2.4 behind torchrun --tee (`[default3]:` prefix)",
         source="pytorch/pytorch torch/distributed/elastic/multiprocessing/api.py (tee prefix `[{role}{local_rank}]:`) + CUDACachingAllocator.cpp v2.3",
         facts=dict(gpu_index=3, tried_to_allocate_gib=2.5, total_capacity_gib=79.15, free_gib=1.21),
         log='''[default3]:Traceback (most recent call last):
[default3]:  File "/workspace/Megatron-LM/pretrain_gpt.py", line 243, in <module>
[default3]:    pretrain(train_valid_test_datasets_provider,
[default3]:  File "/workspace/Megatron-LM/megatron/training/training.py", line 1102, in train_step
[default3]:    losses_reduced = forward_backward_func(
[default3]:torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB. GPU 3 has a total capacity of 79.15 GiB of which 1.21 GiB is free. Including non-PyTorch memory, this process has 77.93 GiB memory in use. Of the allocated memory 71.40 GiB is allocated by PyTorch, and 5.11 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
[default0]:[rank0]:[W506 11:40:55.120000 ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL.'''),
    dict(name="04-torch-cuda-driver-error-oom", kind="cuda",
         family="PyTorch CUDA driver API check (C10_CUDA_DRIVER_CHECK)", version="torch 2.1+ (expandable segments / cuMem paths)",
         source="pytorch/pytorch c10/cuda/driver_api.h C10_CUDA_DRIVER_CHECK (`CUDA driver error: ` + cuGetErrorString)",
         log=TB + '''  File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/linear.py", line 125, in forward
    return F.linear(input, self.weight, self.bias)
RuntimeError: CUDA driver error: out of memory'''),
    dict(name="05-nccl-watchdog-cuda-oom", kind="cuda",
         family="torch.distributed NCCL watchdog carrying a CUDA OOM", version="torch 2.4+ ([PG ID n PG GUID ...] watchdog text)",
         source="pytorch/pytorch torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp (watchdog exception) + c10/cuda/CUDAException.cpp",
         log='''[rank1]:[E409 05:10:01.930967482 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 1] Process group watchdog thread terminated with exception: CUDA error: out of memory
CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.

Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):
frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a1c2b9446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)
terminate called after throwing an instance of 'c10::DistBackendError'
  what():  [PG ID 0 PG GUID 0(default_pg) Rank 1] Process group watchdog thread terminated with exception: CUDA error: out of memory'''),
    dict(name="06-vllm-enginecore-prefixed-oom", kind="cuda", top=["vllm-gpu-memory-utilization", "model-states-exceed-gpu"],
         family="vLLM V1 EngineCore process (prefixed torch OOM at start-up)", version="vLLM 0.10.2+ (`(EngineCore_DP0 pid=N)` prefix)",
         source="vllm-project/vllm vllm/v1/engine/core.py (run_engine_core, process name EngineCore_DP{rank}) + vllm/v1/engine/utils.py",
         facts=dict(gpu_index=0, tried_to_allocate_mib=224.0, total_capacity_gib=23.55, free_mib=71.06),
         log='''(EngineCore_DP0 pid=3452) INFO 10-12 02:10:31 [gpu_model_runner.py:2602] Starting to load model Qwen/Qwen2.5-14B-Instruct...
(EngineCore_DP0 pid=3452) ERROR 10-12 02:10:43 [core.py:710] EngineCore failed to start.
(EngineCore_DP0 pid=3452) ERROR 10-12 02:10:43 [core.py:710] Traceback (most recent call last):
(EngineCore_DP0 pid=3452) ERROR 10-12 02:10:43 [core.py:710]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", line 701, in run_engine_core
(EngineCore_DP0 pid=3452) ERROR 10-12 02:10:43 [core.py:710]     engine_core = EngineCoreProc(*args, **kwargs)
(EngineCore_DP0 pid=3452) ERROR 10-12 02:10:43 [core.py:710]   File "/usr/local/lib/python3.12/dist-packages/vllm/model_executor/layers/linear.py", line 372, in weight_loader
(EngineCore_DP0 pid=3452) ERROR 10-12 02:10:43 [core.py:710]     param_data.copy_(loaded_weight)
(EngineCore_DP0 pid=3452) ERROR 10-12 02:10:43 [core.py:710] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 224.00 MiB. GPU 0 has a total capacity of 23.55 GiB of which 71.06 MiB is free. Including non-PyTorch memory, this process has 23.47 GiB memory in use. Of the allocated memory 23.09 GiB is allocated by PyTorch, and 1.25 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
(APIServer pid=3301) Traceback (most recent call last):
(APIServer pid=3301)   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/utils.py", line 896, in wait_for_engine_startup
(APIServer pid=3301) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}'''),
    dict(name="07-vllm-worker-cudagraph-capture-oom", kind="cuda", top=["vllm-gpu-memory-utilization"],
         family="vLLM V1 multiproc worker, CUDA graph capture", version="vLLM 0.8-0.10 (`(VllmWorker rank=N pid=M)` prefix, capture_model)",
         source="vllm-project/vllm vllm/v1/executor/multiproc_executor.py (VllmWorker prefix) + vllm/v1/worker/gpu_model_runner.py capture_model",
         facts=dict(gpu_index=1, tried_to_allocate_mib=128.0),
         log='''(VllmWorker rank=1 pid=20114) INFO 05-06 10:02:11 [gpu_model_runner.py:1686] Capturing cudagraphs for decoding. This may lead to unexpected consequences if the model is not static. To run the model in eager mode, set 'enforce_eager=True' or use '--enforce-eager' in the CLI. If out-of-memory error occurs during cudagraph capture, consider decreasing `gpu_memory_utilization` or switching to eager mode. You can also reduce the `max_num_seqs` as needed to decrease memory usage.
(VllmWorker rank=1 pid=20114) ERROR 05-06 10:02:19 [multiproc_executor.py:470] WorkerProc hit an exception.
(VllmWorker rank=1 pid=20114) ERROR 05-06 10:02:19 [multiproc_executor.py:470] Traceback (most recent call last):
(VllmWorker rank=1 pid=20114) ERROR 05-06 10:02:19 [multiproc_executor.py:470]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/worker/gpu_model_runner.py", line 1713, in capture_model
(VllmWorker rank=1 pid=20114) ERROR 05-06 10:02:19 [multiproc_executor.py:470]     self._dummy_run(num_tokens, skip_attn=skip_attn)
(VllmWorker rank=1 pid=20114) ERROR 05-06 10:02:19 [multiproc_executor.py:470] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 128.00 MiB. GPU 1 has a total capacity of 79.19 GiB of which 96.56 MiB is free. Including non-PyTorch memory, this process has 79.08 GiB memory in use. Of the allocated memory 73.90 GiB is allocated by PyTorch, with 3.88 GiB allocated in private pools (e.g., CUDA Graphs), and 212.31 MiB is reserved by PyTorch but unallocated.'''),
    dict(name="08-vllm-pooler-warmup-oom", kind="cuda", top=["vllm-gpu-memory-utilization", "micro-batch-too-large"],
         family="vLLM V1 pooler warm-up (CUDA OOM re-raised by the model runner)", version="vLLM 0.9+ (`({task=})` clause)",
         source="vllm-project/vllm vllm/v1/worker/gpu_model_runner.py _dummy_pooler_run_task",
         log='''ERROR 07-21 09:14:02 [core.py:586] EngineCore failed to start.
Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/worker/gpu_model_runner.py", line 2341, in _dummy_pooler_run_task
    return self.model.pooler(hidden_states, pooling_metadata)
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 0 has a total capacity of 44.42 GiB of which 2.05 GiB is free.

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/usr/local/lib/python3.12/dist-packages/vllm/v1/worker/gpu_model_runner.py", line 2346, in _dummy_pooler_run_task
    raise RuntimeError(
RuntimeError: CUDA out of memory occurred when warming up pooler (task='embed') with 1024 dummy requests. Please try lowering `max_num_seqs` or `gpu_memory_utilization` when initializing the engine.'''),
    dict(name="09-vllm-ascend-npu-pooler-warmup", kind="cuda", top=["vllm-gpu-memory-utilization", "micro-batch-too-large"],
         family="vllm-ascend NPU pooler warm-up", version="vllm-ascend 0.9.x (`NPU out of memory occurred when warming up pooler`)",
         source="vllm-project/vllm-ascend vllm_ascend/worker/model_runner_v1.py _dummy_pooler_run",
         log='''(VllmWorker rank=0 pid=7781) ERROR 08-02 11:20:41 [multiproc_executor.py:522]   File "/vllm-workspace/vllm-ascend/vllm_ascend/worker/model_runner_v1.py", line 2145, in _dummy_pooler_run
(VllmWorker rank=0 pid=7781) ERROR 08-02 11:20:41 [multiproc_executor.py:522]     raise RuntimeError(
(VllmWorker rank=0 pid=7781) ERROR 08-02 11:20:41 [multiproc_executor.py:522] RuntimeError: NPU out of memory occurred when warming up pooler with 256 dummy requests. Please try lowering `max_num_seqs` or `gpu_memory_utilization` when initializing the engine.'''),
    dict(name="10-sglang-prefill-oom", kind="kv", top=["vllm-kv-cache-too-small", "micro-batch-too-large", "vllm-gpu-memory-utilization"],
         family="SGLang KV token pool, prefill allocation", version="SGLang 0.4.6+ (mem_cache/common.py alloc_paged_token_slots_extend)",
         source="sgl-project/sglang python/sglang/srt/mem_cache/common.py alloc_paged_token_slots_extend + available_and_evictable_str",
         log='''[2025-09-13 16:06:07 TP0] Prefill out of memory. Try to lower your batch size.
Try to allocate 16384 tokens.
Available tokens: 9216 (available_size=9216 + evictable_size=0)

[2025-09-13 16:06:07 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/sglang/srt/managers/scheduler.py", line 2560, in run_scheduler_process
    scheduler.event_loop_overlap()
  File "/usr/local/lib/python3.10/dist-packages/sglang/srt/mem_cache/common.py", line 255, in alloc_paged_token_slots_extend
    raise RuntimeError(error_msg)
RuntimeError: Prefill out of memory. Try to lower your batch size.
Try to allocate 16384 tokens.
Available tokens: 9216 (available_size=9216 + evictable_size=0)'''),
    dict(name="11-sglang-decode-oom", kind="kv", top=["vllm-kv-cache-too-small", "micro-batch-too-large", "vllm-gpu-memory-utilization"],
         family="SGLang KV token pool, decode allocation", version="SGLang 0.4.6+ (alloc_paged_token_slots_decode)",
         source="sgl-project/sglang python/sglang/srt/mem_cache/common.py alloc_paged_token_slots_decode",
         log='''[2025-10-01 03:11:52 TP3] Decode out of memory. Try to lower your batch size.
Try to allocate 48 tokens.
Available tokens: 0 (available_size=0 + evictable_size=0)

[2025-10-01 03:11:52 TP3] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/managers/schedule_batch.py", line 1502, in prepare_for_decode
    self.out_cache_loc = alloc_for_decode(self, token_per_req=1)
RuntimeError: Decode out of memory. Try to lower your batch size.
Try to allocate 48 tokens.
Available tokens: 0 (available_size=0 + evictable_size=0)'''),
    dict(name="12-sglang-req-slots-oom", kind="kv", top=["vllm-kv-cache-too-small", "micro-batch-too-large"],
         family="SGLang request-to-token pool", version="SGLang 0.4.6+ (alloc_req_slots)",
         source="sgl-project/sglang python/sglang/srt/mem_cache/common.py alloc_req_slots",
         log='''[2025-10-02 09:40:17 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/mem_cache/common.py", line 301, in alloc_req_slots
    raise RuntimeError(
RuntimeError: alloc_req_slots runs out of memory. Please set a smaller number for `--max-running-requests`. req_to_token_pool.available_size()=0, num_reqs=16, '''),
    dict(name="13-cupy-out-of-memory", kind="cuda",
         family="CuPy memory pool", version="CuPy 8+ (OutOfMemoryError, no limit)",
         source="cupy/cupy cupy/cuda/memory.pyx OutOfMemoryError.__init__",
         facts=dict(requested_bytes=4294967296),
         log='''Traceback (most recent call last):
  File "/workspace/preprocess.py", line 88, in <module>
    emb = cp.asarray(embeddings)
  File "cupy/cuda/memory.pyx", line 1378, in cupy.cuda.memory.SingleDeviceMemoryPool._malloc
  File "cupy/cuda/memory.pyx", line 1399, in cupy.cuda.memory.SingleDeviceMemoryPool._try_malloc
cupy.cuda.memory.OutOfMemoryError: Out of memory allocating 4,294,967,296 bytes (allocated so far: 12,884,901,888 bytes).'''),
    dict(name="14-rmm-cudf-bad-alloc", kind="cuda",
         family="RAPIDS RMM (cuDF / cuML)", version="RMM 23.x-24.x cuda_memory_resource",
         source="rapidsai/rmm include/rmm/mr/device/cuda_memory_resource.hpp (RMM_CUDA_TRY_ALLOC -> rmm::out_of_memory)",
         log='''Traceback (most recent call last):
  File "/workspace/dedup.py", line 57, in <module>
    df = cudf.read_parquet(paths)
  File "copying.pyx", line 151, in cudf._lib.copying.gather
MemoryError: std::bad_alloc: out_of_memory: CUDA error at: /__w/rmm/rmm/include/rmm/mr/device/cuda_memory_resource.hpp:70: cudaErrorMemoryAllocation out of memory'''),
    dict(name="15-numba-cumemalloc", kind="cuda",
         family="Numba CUDA driver", version="numba 0.4x-0.6x (CudaAPIError [2])",
         source="numba/numba numba/cuda/cudadrv/driver.py _check_ctypes_error (`Call to %s results in %s`)",
         log='''ERROR:numba.cuda.cudadrv.driver:Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY
Traceback (most recent call last):
  File "/workspace/augment.py", line 41, in <module>
    d_arr = cuda.to_device(arr)
  File "/usr/local/lib/python3.10/site-packages/numba/cuda/cudadrv/driver.py", line 330, in _check_ctypes_error
    raise CudaAPIError(retcode, msg)
numba.cuda.cudadrv.driver.CudaAPIError: [2] Call to cuMemAlloc results in CUDA_ERROR_OUT_OF_MEMORY'''),
    dict(name="16-xpu-level-zero-ur-39", kind="cuda",
         family="Intel XPU via SYCL / Unified Runtime", version="torch XPU 2.5+ / oneAPI 2025 (UR error 39)",
         source="oneapi-src/unified-runtime include/ur_api.h (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY = 39) + intel/llvm sycl exception text",
         log=TB + "RuntimeError: level_zero backend failed with error: 39 (UR_RESULT_ERROR_OUT_OF_DEVICE_MEMORY)"),
    dict(name="17-xpu-pi-out-of-resources", kind="cuda", confidence="low",
         family="Intel XPU via SYCL Plugin Interface (IPEX)", version="IPEX 2.0-2.1 / oneAPI 2023-2024 (PI error -5)",
         source="intel/llvm sycl/include/sycl/detail/pi_error.def (PI_ERROR_OUT_OF_RESOURCES; UR out-of-device-memory maps to it)",
         log=TB + "RuntimeError: Native API failed. Native API returns: -5 (PI_ERROR_OUT_OF_RESOURCES) -5 (PI_ERROR_OUT_OF_RESOURCES)"),
    dict(name="18-hip-runtime-error-oom", kind="cuda",
         family="PyTorch HIP runtime check (C10_HIP_CHECK)", version="torch ROCm 2.x (RuntimeError HIP error)",
         source="pytorch/pytorch c10/cuda/CUDAException.cpp (hipified: HIP kernel errors / AMD_SERIALIZE_KERNEL / TORCH_USE_HIP_DSA)",
         log=TB + '''RuntimeError: HIP error: out of memory
HIP kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing AMD_SERIALIZE_KERNEL=3
Compile with `TORCH_USE_HIP_DSA` to enable device-side assertions.'''),
    dict(name="19-hipblas-alloc-failed", kind="cuda",
         family="hipBLAS handle creation (ROCm torch)", version="torch ROCm 2.x (hipified CublasHandlePool)",
         source="pytorch/pytorch aten/src/ATen/cuda/CublasHandlePool.cpp (hipified TORCH_CUDABLAS_CHECK)",
         log=TB + "RuntimeError: CUDA error: HIPBLAS_STATUS_ALLOC_FAILED when calling `hipblasCreate(handle)`"),
    dict(name="20-cublas-not-initialized", kind="cuda",
         family="cuBLAS handle creation on a full GPU", version="torch 1.x-2.x (CUBLAS_STATUS_NOT_INITIALIZED)",
         source="pytorch/pytorch aten/src/ATen/cuda/CublasHandlePool.cpp createCublasHandle + aten/src/ATen/cuda/Exceptions.h",
         log=TB + '''  File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/linear.py", line 114, in forward
    return F.linear(input, self.weight, self.bias)
RuntimeError: CUDA error: CUBLAS_STATUS_NOT_INITIALIZED when calling `cublasCreate(handle)`'''),
    dict(name="21-tf-dst-tensor-not-initialized", kind="cuda",
         family="TensorFlow eager host-to-device copy on a full GPU", version="TF 2.x (InternalError Dst tensor is not initialized)",
         source="tensorflow/tensorflow tensorflow/core/common_runtime/copy_tensor.cc / gpu_util.cc (Dst tensor is not initialized)",
         log='''Traceback (most recent call last):
  File "train_keras.py", line 77, in <module>
    model.fit(x_train, y_train, batch_size=256, epochs=10)
  File "/usr/local/lib/python3.10/dist-packages/tensorflow/python/framework/constant_op.py", line 102, in convert_to_eager_tensor
    return ops.EagerTensor(value, ctx.device_name, dtype)
tensorflow.python.framework.errors_impl.InternalError: Failed copying input tensor from /job:localhost/replica:0/task:0/device:CPU:0 to /job:localhost/replica:0/task:0/device:GPU:0 in order to run _EagerConst: Dst tensor is not initialized.'''),
    dict(name="22-keras-graph-execution-oom", kind="cuda",
         family="TensorFlow / Keras graph execution", version="TF 2.9+ (`Graph execution error:` + Detected at node)",
         source="tensorflow/tensorflow tensorflow/python/eager/execute.py quick_execute (Graph execution error) + core/framework/op_kernel.cc",
         log='''Traceback (most recent call last):
  File "train_keras.py", line 81, in <module>
    history = model.fit(train_ds, epochs=20)
tensorflow.python.framework.errors_impl.ResourceExhaustedError: Graph execution error:

Detected at node 'model/transformer_block_11/multi_head_attention/einsum/Einsum' defined at (most recent call last):
    File "train_keras.py", line 81, in <module>
      history = model.fit(train_ds, epochs=20)
Node: 'model/transformer_block_11/multi_head_attention/einsum/Einsum'
OOM when allocating tensor with shape[64,16,1024,1024] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc
	 [[{{node model/transformer_block_11/multi_head_attention/einsum/Einsum}}]]
Hint: If you want to see a list of allocated tensors when OOM happens, add report_tensor_allocations_upon_oom to RunOptions for current allocation info. This isn't available when running in Eager mode.
 [Op:__inference_train_function_48213]'''),
    dict(name="23-xla-failed-request-ordinal", kind="cuda",
         family="JAX/XLA GPU device allocation request", version="jaxlib 0.4.30+ (Failed to allocate request ... on device ordinal)",
         source="openxla/xla xla/pjrt/gpu/se_gpu_pjrt_client.cc / xla/stream_executor/integrations/tf_allocator_adapter.cc",
         facts=dict(requested_bytes=12884901888),
         log='''Traceback (most recent call last):
  File "/workspace/train_jax.py", line 190, in <module>
    state, metrics = p_train_step(state, batch)
jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Failed to allocate request for 12.00GiB (12884901888B) on device ordinal 0'''),
    dict(name="24-xla-pjrt-execution-replica", kind="cuda",
         family="XLA PjRt execution failure carrying a BFC OOM (tsl path)", version="jaxlib 0.4.2x+ (external/tsl bfc_allocator, pjrt_stream_executor_client)",
         source="openxla/xla xla/pjrt/pjrt_stream_executor_client.cc (Execution of replica N failed) + tsl/framework/bfc_allocator.cc",
         facts=dict(requested_bytes=17179869184),
         log='''2024-03-08 14:22:05.118204: W external/tsl/tsl/framework/bfc_allocator.cc:482] Allocator (GPU_0_bfc) ran out of memory trying to allocate 16.00GiB (rounded to 17179869184)requested by op 
2024-03-08 14:22:05.118513: W external/tsl/tsl/framework/bfc_allocator.cc:494] ****************************************************************************************************
2024-03-08 14:22:05.118601: E external/xla/xla/pjrt/pjrt_stream_executor_client.cc:2732] Execution of replica 0 failed: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 17179869184 bytes.'''),
    dict(name="25-tpu-runtime-hbm-not-possible", kind="cuda",
         family="TPU runtime device buffer (libtpu)", version="libtpu with jaxlib 0.4.x (Attempting to allocate ... That was not possible)",
         source="libtpu runtime (closed source); wording as jax-ml/jax and pytorch/xla users report it",
         log='''Traceback (most recent call last):
  File "/home/user/train_tpu.py", line 133, in <module>
    params = jax.device_put(params, sharding)
jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting to allocate 8.00G. That was not possible. There are 6.12G free.; (0x0x0_HBM0)'''),
    dict(name="26-torch-xla-statusor-resource-exhausted", kind="cuda",
         family="PyTorch/XLA on TPU (StatusOr)", version="torch_xla 2.x (Bad StatusOr access: RESOURCE_EXHAUSTED)",
         source="pytorch/xla torch_xla/csrc/runtime (ConsumeValue / Bad StatusOr access) + libtpu allocation text",
         log='''Traceback (most recent call last):
  File "/home/user/run_clm.py", line 612, in <module>
    xm.mark_step()
RuntimeError: Bad StatusOr access: RESOURCE_EXHAUSTED: Error allocating device buffer: Attempting to allocate 2.50G. That was not possible. There are 1.21G free.; (0x0x0_HBM0)'''),
    dict(name="27-rccl-hip-failure-oom", kind="cuda",
         family="RCCL (ROCm NCCL)", version="RCCL 2.1x (HIP failure 'out of memory')",
         source="ROCm/rccl src/include/checks.h CUDACHECK (hipified: `HIP failure '%s'`)",
         log='''gpu-node-7:48213:48290 [2] NCCL WARN HIP failure 'out of memory'
gpu-node-7:48213:48290 [2] NCCL INFO transport/p2p.cc:264 -> 1
gpu-node-7:48213:48290 [2] NCCL INFO init.cc:1291 -> 1
Traceback (most recent call last):
  File "/workspace/train.py", line 61, in <module>
    dist.all_reduce(t)
torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.18.3
ncclUnhandledCudaError: Call to CUDA function failed.
Last error:
HIP failure 'out of memory\''''),
    dict(name="28-transformers-bnb-dispatched-cpu-disk", kind="cuda", top=["model-states-exceed-gpu"],
         accepted=["model-states-exceed-gpu", "gpu-shared-with-other-process", "too-many-colocated-models", "vllm-gpu-memory-utilization"],
         family="transformers bitsandbytes quantizer: model does not fit on the GPU", version="transformers 4.38+ (llm_int8_enable_fp32_cpu_offload)",
         source="huggingface/transformers src/transformers/quantizers/quantizer_bnb_4bit.py validate_environment",
         log='''Traceback (most recent call last):
  File "/workspace/qlora.py", line 52, in <module>
    model = AutoModelForCausalLM.from_pretrained(args.model, quantization_config=bnb_config, device_map="auto")
  File "/usr/local/lib/python3.10/dist-packages/transformers/quantizers/quantizer_bnb_4bit.py", line 103, in validate_environment
    raise ValueError(
ValueError: Some modules are dispatched on the CPU or the disk. Make sure you have enough GPU RAM to fit the quantized model. If you want to dispatch the model on the CPU or the disk while keeping these modules in 32-bit, you need to set `llm_int8_enable_fp32_cpu_offload=True` and pass a custom `device_map` to `from_pretrained`. Check https://huggingface.co/docs/transformers/main/en/main_classes/quantization#offload-between-cpu-and-gpu for more details. '''),
    dict(name="29-mlx-metal-insufficient-memory", kind="cuda",
         family="MLX / Metal command buffer", version="mlx 0.1x-0.2x on Apple silicon",
         source="ml-explore/mlx mlx/backend/metal/device.cpp / eval.cpp (command buffer error check) + Metal kIOGPUCommandBufferCallbackErrorOutOfMemory",
         log='''Iter 120: Train loss 1.843, Learning Rate 1.000e-05, It/sec 0.412, Tokens/sec 517.3, Trained Tokens 153000, Peak mem 61.204 GB
libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command buffer execution failed: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)
zsh: abort      python -m mlx_lm.lora --model mlx-community/Qwen2.5-32B-Instruct-4bit --train'''),
    dict(name="30-llamacpp-cudamalloc-failed", kind="cuda", top=["model-states-exceed-gpu"],
         family="ggml CUDA backend buffer", version="llama.cpp b3000+ (ggml_backend_cuda_buffer_type_alloc_buffer)",
         source="ggml-org/llama.cpp ggml/src/ggml-cuda/ggml-cuda.cu ggml_backend_cuda_buffer_type_alloc_buffer",
         log='''llm_load_tensors: offloading 80 repeating layers to GPU
llm_load_tensors: offloaded 81/81 layers to GPU
ggml_backend_cuda_buffer_type_alloc_buffer: allocating 39525.45 MiB on device 0: cudaMalloc failed: out of memory
llama_model_load: error loading model: unable to allocate CUDA0 buffer
llama_load_model_from_file: failed to load model'''),
]
