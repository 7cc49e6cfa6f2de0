"""Device-memory (GPU / accelerator / engine pool) OOM formats in neither messages/ nor messages-b/."""

SP = "/usr/local/lib/python3.11/site-packages"

TB = f'''Traceback (most recent call last):
  File "/workspace/train.py", line 318, in <module>
    main()
  File "/workspace/train.py", line 276, in main
    loss = model(**batch).loss
'''

CUDA_HINT = '''CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
For debugging consider passing CUDA_LAUNCH_BLOCKING=1
Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
'''

CASES = [
    dict(name="01-torch-inductor-backend-compiler-oom", kind="cuda",
         family="torch.compile (Dynamo) wrapping an allocator OOM raised while Inductor compiled / autotuned",
         version="torch 2.1-2.5 (BackendCompilerFailed: backend='inductor' raised:)",
         source="pytorch/pytorch torch/_dynamo/exc.py BackendCompilerFailed.__init__ (`backend={name!r} raised:\\n{type}: {exc}`) + c10/cuda/CUDACachingAllocator.cpp v2.4",
         facts=dict(gpu_index=0, tried_to_allocate_gib=3.0, total_capacity_gib=79.25, free_gib=1.87),
         log=TB + f'''  File "{SP}/torch/_dynamo/eval_frame.py", line 451, in _fn
    return fn(*args, **kwargs)
  File "{SP}/torch/_dynamo/convert_frame.py", line 921, in catch_errors
    return callback(frame, cache_entry, hooks, frame_state, skip=1)
  File "{SP}/torch/_dynamo/output_graph.py", line 1465, in _call_user_compiler
    raise BackendCompilerFailed(self.compiler_fn, e).with_traceback(
  File "{SP}/torch/_inductor/select_algorithm.py", line 1497, in benchmark_choices
    timings = do_autotuning(precompile_fn)
torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:
OutOfMemoryError: CUDA out of memory. Tried to allocate 3.00 GiB. GPU 0 has a total capacity of 79.25 GiB of which 1.87 GiB is free. Including non-PyTorch memory, this process has 77.36 GiB memory in use. Of the allocated memory 74.02 GiB is allocated by PyTorch, and 1.83 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)

Set TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information


You can suppress this exception and fall back to eager by setting:
    import torch._dynamo
    torch._dynamo.config.suppress_errors = True
'''),
    dict(name="02-torch-nvml-assert-in-oom-report", kind="cuda", confidence="low",
         family="PyTorch caching allocator: NVML assertion raised while it formats the OOM report (reportProcessMemoryInfo)",
         version="torch 2.1-2.9 (NVML_SUCCESS == r INTERNAL ASSERT FAILED at CUDACachingAllocator.cpp)",
         source="pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp reportProcessMemoryInfo (TORCH_INTERNAL_ASSERT(NVML_SUCCESS == r), only called on the OOM path) v2.3",
         note="the assertion fires inside the OOM report itself (reportProcessMemoryInfo runs only after an allocation failed), common in MIG / containers where NVML cannot list processes; labelled an OOM of unknown size",
         log=TB + f'''  File "{SP}/torch/nn/modules/module.py", line 1747, in _call_impl
    return forward_call(*args, **kwargs)
  File "{SP}/transformers/models/qwen2/modeling_qwen2.py", line 258, in forward
    attn_output = self.o_proj(attn_output)
RuntimeError: NVML_SUCCESS == r INTERNAL ASSERT FAILED at "/pytorch/c10/cuda/CUDACachingAllocator.cpp":1131, please report a bug to PyTorch. '''),
    dict(name="03-dataloader-pin-memory-thread-oom", kind="host", confidence="low",
         top=["host-ram-pressure", "micro-batch-too-large"],
         accepted=["host-ram-pressure", "cpu-offload-host-ram", "memory-leak", "micro-batch-too-large", "model-states-exceed-gpu"],
         family="torch DataLoader pin-memory thread re-raising a CUDA host-allocation failure (page-locked memory)",
         version="torch 2.8+ (torch.AcceleratorError: Caught AcceleratorError in pin memory thread for device N.)",
         source="pytorch/pytorch torch/utils/data/_utils/pin_memory.py do_one_step (ExceptionWrapper(where=f'in pin memory thread for device {device_id}')) + torch/_utils.py ExceptionWrapper.reraise",
         note="pin_memory() allocates page-locked host memory through the CUDA host allocator; its failure reads `CUDA error: out of memory` but the memory that ran out is pinned host RAM. Labelled host with a batch-size alternative",
         log=f'''Traceback (most recent call last):
  File "/workspace/train.py", line 231, in <module>
    main()
  File "/workspace/train.py", line 190, in main
    for step, batch in enumerate(loader):
  File "{SP}/torch/utils/data/dataloader.py", line 733, in __next__
    data = self._next_data()
  File "{SP}/torch/utils/data/dataloader.py", line 1515, in _next_data
    return self._process_data(data, worker_id)
  File "{SP}/torch/utils/data/dataloader.py", line 1550, in _process_data
    data.reraise()
  File "{SP}/torch/_utils.py", line 750, in reraise
    raise exception
torch.AcceleratorError: Caught AcceleratorError in pin memory thread for device 0.
Original Traceback (most recent call last):
  File "{SP}/torch/utils/data/_utils/pin_memory.py", line 37, in do_one_step
    data = pin_memory(data, device)
  File "{SP}/torch/utils/data/_utils/pin_memory.py", line 86, in pin_memory
    return type(data)({{k: pin_memory(sample, device) for k, sample in data.items()}})  # type: ignore[call-arg]
  File "{SP}/torch/utils/data/_utils/pin_memory.py", line 64, in pin_memory
    return data.pin_memory(device)
torch.AcceleratorError: CUDA error: out of memory
{CUDA_HINT}'''),
    dict(name="04-cufft-alloc-failed", kind="cuda",
         family="PyTorch cuFFT plan / workspace allocation (torch.stft, torch.fft on CUDA)",
         version="torch 1.x-2.x (RuntimeError: cuFFT error: CUFFT_ALLOC_FAILED)",
         source="pytorch/pytorch aten/src/ATen/native/cuda/CuFFTUtils.h CUFFT_CHECK (`cuFFT error: ` + _cudaGetErrorEnum)",
         log=f'''Traceback (most recent call last):
  File "/workspace/whisper_ft/train.py", line 188, in <module>
    trainer.train()
  File "/workspace/whisper_ft/data.py", line 77, in log_mel
    stft = torch.stft(audio, N_FFT, HOP_LENGTH, window=window, return_complex=True)
  File "{SP}/torch/functional.py", line 730, in stft
    return _VF.stft(  # type: ignore[attr-defined]
RuntimeError: cuFFT error: CUFFT_ALLOC_FAILED'''),
    dict(name="05-cusolver-alloc-failed", kind="cuda",
         family="PyTorch cuSOLVER handle / workspace allocation (torch.linalg on CUDA)",
         version="torch 1.13-2.x (cusolver error: CUSOLVER_STATUS_ALLOC_FAILED, when calling `cusolverDnCreate(handle)`)",
         source="pytorch/pytorch aten/src/ATen/cuda/Exceptions.h TORCH_CUSOLVER_CHECK + aten/src/ATen/cuda/CusolverDnHandlePool.cpp",
         log=f'''Traceback (most recent call last):
  File "/workspace/galore/train.py", line 402, in <module>
    optimizer.step()
  File "/workspace/galore/galore_projector.py", line 61, in get_orthogonal_matrix
    U, s, Vh = torch.linalg.svd(matrix, full_matrices=False)
RuntimeError: cusolver error: CUSOLVER_STATUS_ALLOC_FAILED, when calling `cusolverDnCreate(handle)`. If you keep seeing this error, you may use `torch.backends.cuda.preferred_linalg_library()` to try linear algebra operators with other supported backends. See https://pytorch.org/docs/stable/backends.html#torch.backends.cuda.preferred_linalg_library'''),
    dict(name="06-triton-error-cuda-oom", kind="cuda", top=["vllm-gpu-memory-utilization", "micro-batch-too-large", "model-states-exceed-gpu"],
         family="Triton launcher (driver.c gpuAssert) on a CUDA driver out-of-memory while loading a kernel binary",
         version="triton 2.1-3.x (RuntimeError: Triton Error [CUDA]: out of memory), here under vLLM fused_moe",
         source="triton-lang/triton third_party/nvidia/backend/driver.c gpuAssert (`Triton Error [CUDA]: ` + cuGetErrorString) v3.1",
         log=f'''(VllmWorker rank=0 pid=88123) ERROR 06-02 09:14:51 [multiproc_executor.py:527] WorkerProc hit an exception.
(VllmWorker rank=0 pid=88123) ERROR 06-02 09:14:51 [multiproc_executor.py:527] Traceback (most recent call last):
(VllmWorker rank=0 pid=88123) ERROR 06-02 09:14:51 [multiproc_executor.py:527]   File "{SP}/vllm/model_executor/layers/fused_moe/fused_moe.py", line 612, in invoke_fused_moe_kernel
(VllmWorker rank=0 pid=88123) ERROR 06-02 09:14:51 [multiproc_executor.py:527]     fused_moe_kernel[grid](
(VllmWorker rank=0 pid=88123) ERROR 06-02 09:14:51 [multiproc_executor.py:527]   File "{SP}/triton/compiler/compiler.py", line 401, in _init_handles
(VllmWorker rank=0 pid=88123) ERROR 06-02 09:14:51 [multiproc_executor.py:527]     self.module, self.function, self.n_regs, self.n_spills = driver.active.utils.load_binary(
(VllmWorker rank=0 pid=88123) ERROR 06-02 09:14:51 [multiproc_executor.py:527] RuntimeError: Triton Error [CUDA]: out of memory'''),
    dict(name="07-transformer-engine-cublas-alloc", kind="cuda",
         family="NVIDIA TransformerEngine cuBLASLt GEMM (NVTE_CHECK_CUBLAS with cublasGetStatusString)",
         version="TransformerEngine 1.x-2.x under Megatron-core (cuBLAS Error: the resource allocation failed)",
         source="NVIDIA/TransformerEngine transformer_engine/common/util/logging.h NVTE_CHECK_CUBLAS + cuBLAS cublasGetStatusString(CUBLAS_STATUS_ALLOC_FAILED)",
         log=f'''[rank5]: Traceback (most recent call last):
[rank5]:   File "/workspace/Megatron-LM/pretrain_gpt.py", line 328, in <module>
[rank5]:     pretrain(
[rank5]:   File "{SP}/transformer_engine/pytorch/module/layernorm_linear.py", line 243, in forward
[rank5]:     out, _, _ = tex.generic_gemm(
[rank5]: RuntimeError: /TransformerEngine/transformer_engine/common/gemm/cublaslt_gemm.cu:402 in function cublas_gemm: cuBLAS Error: the resource allocation failed'''),
    dict(name="08-vllm-worker-failed-wrapper", kind="cuda", top=["vllm-gpu-memory-utilization", "model-states-exceed-gpu"],
         family="vLLM V1 multiproc executor re-raising a worker's exception (collective_rpc: Worker failed with error '...')",
         version="vLLM 0.9-0.11 (RuntimeError: Worker failed with error '<worker message>', please check the stack trace above for the root cause)",
         source="vllm-project/vllm vllm/v1/executor/multiproc_executor.py collective_rpc / get_response (`Worker failed with error '{result}', please check the stack trace above for the root cause`) v0.10.2",
         facts=dict(tried_to_allocate_gib=1.02, total_capacity_gib=79.19, free_mib=688.56),
         log=f'''(EngineCore_DP0 pid=5121) INFO 10-03 12:40:12 [gpu_model_runner.py:2653] Model loading took 61.4208 GiB and 34.612870 seconds
(EngineCore_DP0 pid=5121) ERROR 10-03 12:40:19 [core.py:712] EngineCore failed to start.
(EngineCore_DP0 pid=5121) ERROR 10-03 12:40:19 [core.py:712] Traceback (most recent call last):
(EngineCore_DP0 pid=5121) ERROR 10-03 12:40:19 [core.py:712]   File "{SP}/vllm/v1/engine/core.py", line 86, in __init__
(EngineCore_DP0 pid=5121) ERROR 10-03 12:40:19 [core.py:712]     self._initialize_kv_caches(vllm_config)
(EngineCore_DP0 pid=5121) ERROR 10-03 12:40:19 [core.py:712]   File "{SP}/vllm/v1/executor/multiproc_executor.py", line 264, in get_response
(EngineCore_DP0 pid=5121) ERROR 10-03 12:40:19 [core.py:712]     raise RuntimeError(
(EngineCore_DP0 pid=5121) ERROR 10-03 12:40:19 [core.py:712] RuntimeError: Worker failed with error 'CUDA out of memory. Tried to allocate 1.02 GiB. GPU 0 has a total capacity of 79.19 GiB of which 688.56 MiB is free. Including non-PyTorch memory, this process has 78.51 GiB memory in use. Of the allocated memory 76.90 GiB is allocated by PyTorch, and 512.33 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)', please check the stack trace above for the root cause
(APIServer pid=4980) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {{}}'''),
    dict(name="09-vllm-custom-allreduce-cuda-failed", kind="cuda", top=["vllm-gpu-memory-utilization", "model-states-exceed-gpu"],
         family="vLLM custom all-reduce CUDA check (printf + exit, no Python exception)",
         version="vLLM 0.4-0.11 csrc custom all-reduce (`Failed: Cuda error <file>:<line> 'out of memory'`)",
         source="vllm-project/vllm csrc/custom_all_reduce.cuh CUDACHECK (`Failed: Cuda error %s:%d '%s'` then exit(EXIT_FAILURE))",
         log='''(VllmWorker TP1 pid=40233) INFO 08-21 17:02:44 [custom_all_reduce.py:199] Registering 8475 cuda graph addresses
Failed: Cuda error /workspace/csrc/custom_all_reduce.cuh:368 'out of memory'
(EngineCore_DP0 pid=40012) ERROR 08-21 17:02:46 [multiproc_executor.py:146] Worker proc VllmWorker-1 died unexpectedly, shutting down executor.'''),
    dict(name="10-sglang-capture-cuda-graph-failed", kind="cuda", top=["vllm-gpu-memory-utilization"],
         family="SGLang CUDA graph runner: capture failed (an OOM re-raised as Exception with possible solutions)",
         version="SGLang 0.4.6-0.5.x (Capture cuda graph failed: ... CUDA_GRAPH_CAPTURE_FAILED_MSG)",
         source="sgl-project/sglang python/sglang/srt/model_executor/cuda_graph_runner.py CudaGraphRunner.__init__ (`Capture cuda graph failed: {e}\\n{CUDA_GRAPH_CAPTURE_FAILED_MSG}`)",
         facts=dict(tried_to_allocate_mib=512.0, total_capacity_gib=79.11, free_mib=402.06),
         log=f'''[2025-08-12 10:11:09 TP0] Capture cuda graph begin. This can take up to several minutes. avail mem=3.12 GB
[2025-08-12 10:11:12 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "{SP}/sglang/srt/managers/scheduler.py", line 2411, in run_scheduler_process
    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, moe_ep_rank, pp_rank, dp_rank)
  File "{SP}/sglang/srt/model_executor/model_runner.py", line 1772, in init_device_graphs
    self.graph_runner = graph_runners[self.device](self)
  File "{SP}/sglang/srt/model_executor/cuda_graph_runner.py", line 376, in __init__
    raise Exception(
Exception: Capture cuda graph failed: CUDA out of memory. Tried to allocate 512.00 MiB. GPU 0 has a total capacity of 79.11 GiB of which 402.06 MiB is free. Process 3110 has 78.70 GiB memory in use. Of the allocated memory 74.31 GiB is allocated by PyTorch, with 1.91 GiB allocated in private pools (e.g., CUDA Graphs), and 95.42 MiB is reserved by PyTorch but unallocated.
Possible solutions:
1. set --mem-fraction-static to a smaller value (e.g., 0.8 or 0.7)
2. set --cuda-graph-max-bs to a smaller value (e.g., 16)
3. disable torch compile by not using --enable-torch-compile
4. disable CUDA graph by --disable-cuda-graph. (Not recommended. Huge performance loss)
Open an issue on GitHub https://github.com/sgl-project/sglang/issues/new/choose

[2025-08-12 10:11:12] Received sigquit from a child process. It usually means the child failed.'''),
    dict(name="11-sglang-scheduler-tp-prefix-oom", kind="cuda", top=["vllm-gpu-memory-utilization", "micro-batch-too-large", "sequence-too-long"],
         family="SGLang scheduler exception (torch OOM in a prefill forward behind the `[time TPn]` logger prefix)",
         version="SGLang 0.4-0.5 (`[YYYY-MM-DD HH:MM:SS TPn] Scheduler hit an exception:`)",
         source="sgl-project/sglang python/sglang/srt/managers/scheduler.py run_scheduler_process (`Scheduler hit an exception: {traceback}`) + srt/utils.py configure_logger prefix",
         facts=dict(tried_to_allocate_gib=4.63, total_capacity_gib=139.81, free_gib=2.95),
         log=f'''[2025-09-30 02:17:41 TP3] Prefill batch. #new-seq: 12, #new-token: 16384, #cached-token: 2048, token usage: 0.41, #running-req: 118, #queue-req: 2051
[2025-09-30 02:17:43 TP3] Scheduler hit an exception: Traceback (most recent call last):
  File "{SP}/sglang/srt/managers/scheduler.py", line 2421, in run_scheduler_process
    scheduler.event_loop_overlap()
  File "{SP}/sglang/srt/model_executor/model_runner.py", line 1856, in forward_extend
    return self.model.forward(
  File "{SP}/sglang/srt/layers/logits_processor.py", line 342, in forward
    logits = self._get_logits(pruned_states, lm_head, logits_metadata)
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.63 GiB. GPU 3 has a total capacity of 139.81 GiB of which 2.95 GiB is free. Including non-PyTorch memory, this process has 136.85 GiB memory in use. Of the allocated memory 131.20 GiB is allocated by PyTorch, with 2.11 GiB allocated in private pools (e.g., CUDA Graphs), and 1.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)

[2025-09-30 02:17:43] Received sigquit from a child process. It usually means the child failed.'''),
    dict(name="12-sglang-memory-capacity-unbalanced", kind="cuda", top=["gpu-shared-with-other-process"],
         accepted=["gpu-shared-with-other-process", "vllm-gpu-memory-utilization", "too-many-colocated-models"],
         family="SGLang tensor-parallel start-up check: free GPU memory unbalanced across ranks (another process holds memory)",
         version="SGLang 0.4.x-0.5.x (The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=..., local_gpu_memory=...)",
         source="sgl-project/sglang python/sglang/srt/model_executor/model_runner.py init_torch_distributed (memory-balance check)",
         log=f'''[2025-07-04 08:30:12 TP2] Init torch distributed begin.
[2025-07-04 08:30:19 TP2] Scheduler hit an exception: Traceback (most recent call last):
  File "{SP}/sglang/srt/managers/scheduler.py", line 2309, in run_scheduler_process
    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, moe_ep_rank, pp_rank, dp_rank)
  File "{SP}/sglang/srt/model_executor/model_runner.py", line 649, in init_torch_distributed
    raise ValueError(
ValueError: The memory capacity is unbalanced. Some GPUs may be occupied by other processes. min_per_gpu_memory=31.42, local_gpu_memory=78.63, local_gpu_memory * 0.9=70.767'''),
    dict(name="13-paddle-resource-exhausted-gpu", kind="cuda",
         family="PaddlePaddle CUDA allocator (ResourceExhaustedError raised as MemoryError)",
         version="PaddlePaddle 2.x-3.x (Out of memory error on GPU N. Cannot allocate X memory on GPU N, Y memory has been allocated and available memory is only Z.)",
         source="PaddlePaddle/Paddle paddle/fluid/memory/allocation/cuda_allocator.cc AllocateImpl (PADDLE_THROW_BAD_ALLOC ResourceExhausted)",
         facts=dict(requested_gib=2.0),
         log=f'''Traceback (most recent call last):
  File "/workspace/PaddleNLP/llm/run_finetune.py", line 643, in <module>
    main()
  File "{SP}/paddle/nn/layer/layers.py", line 1429, in __call__
    return self.forward(*inputs, **kwargs)
MemoryError: 

--------------------------------------
C++ Traceback (most recent call last):
--------------------------------------
0   paddle::memory::allocation::CUDAAllocator::AllocateImpl(unsigned long)

----------------------
Error Message Summary:
----------------------
ResourceExhaustedError: 

Out of memory error on GPU 0. Cannot allocate 2.000000GB memory on GPU 0, 78.312500GB memory has been allocated and available memory is only 1.187500GB.

Please check whether there is any other process using GPU 0.
1. If yes, please stop them, or start PaddlePaddle on another GPU.
2. If no, please decrease the batch size of your model. 
 (at /paddle/paddle/fluid/memory/allocation/cuda_allocator.cc:86)'''),
    dict(name="14-mindspore-device-memory-not-enough", kind="cuda",
         family="MindSpore runtime device memory pool (Device(id:N) memory isn't enough and alloc failed)",
         version="MindSpore 2.2-2.6 on Ascend (kernel actor alloc failure)",
         source="mindspore-ai/mindspore mindspore/ccsrc/runtime/graph_scheduler/actor (MS_LOG(EXCEPTION) `Device(id:N) memory isn't enough and alloc failed, kernel name: ..., alloc size: NB.`)",
         log=f'''Traceback (most recent call last):
  File "/workspace/mindformers/run_mindformer.py", line 271, in <module>
    main(config_)
  File "{SP}/mindspore/train/model.py", line 1091, in train
    self._train(epoch,
RuntimeError: Device(id:0) memory isn't enough and alloc failed, kernel name: Default/network-MFPipelineWithLossScaleCell/network-_VirtualDatasetCell/_backbone-LlamaForCausalLM/model-LlamaModel/layers-CellList/27-LLamaDecodeLayer/attention-LLamaAttention/MatMul-op4532, alloc size: 2147483648B.

----------------------------------------------------
- C++ Call Stack: (For framework developers)
----------------------------------------------------
mindspore/ccsrc/runtime/graph_scheduler/actor/kernel_actor.cc:612 SetMemInfoForDebugAndRdr'''),
    dict(name="15-habana-pt-devmem-allocation-failed", kind="cuda",
         family="Intel Gaudi (HPU) PyTorch bridge device memory (PT_DEVMEM)",
         version="habana_frameworks / optimum-habana / vllm-fork on Gaudi 2-3 (FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed for size::N (M)MB)",
         source="HabanaAI/vllm-fork README_GAUDI (quantization/calibration troubleshooting) and huggingface/accelerate src/accelerate/utils/memory.py should_reduce_batch_size (`FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed` listed as HPU OOM); habana_frameworks is closed source",
         log=f'''Traceback (most recent call last):
  File "/workspace/optimum-habana/examples/language-modeling/run_lora_clm.py", line 935, in <module>
    main()
  File "{SP}/optimum/habana/transformers/trainer.py", line 1060, in _inner_training_loop
    tr_loss_step = self.training_step(model, inputs)
RuntimeError: [Rank:0] FATAL ERROR :: MODULE:PT_DEVMEM Allocation failed for size::939524096 (896)MB'''),
    dict(name="16-tensorrt-gpu-memory-not-allocated", kind="cuda",
         family="TensorRT engine runtime / builder GPU allocator (IGpuAllocator failure, Error Code 2: OutOfMemory)",
         version="TensorRT 8.6-10.x (Requested amount of GPU memory (N bytes) could not be allocated)",
         source="NVIDIA TensorRT runtime (closed source); wording as TensorRT-LLM / trtexec users report it (Requested amount of GPU memory ... could not be allocated. There may not be enough free memory for allocation to succeed.)",
         facts=dict(requested_bytes=17179869184),
         log='''[TensorRT-LLM][INFO] Loaded engine size: 14236 MiB
[TensorRT-LLM][ERROR] 1: [defaultAllocator.cpp::allocate::31] Error Code 1: Cuda Runtime (out of memory)
[TensorRT-LLM][WARNING] Requested amount of GPU memory (17179869184 bytes) could not be allocated. There may not be enough free memory for allocation to succeed.
[TensorRT-LLM][ERROR] 2: [executionContext.cpp::ExecutionContext::410] Error Code 2: OutOfMemory (no further information)'''),
    dict(name="17-onnxruntime-bfc-arena-failed", kind="cuda",
         family="ONNX Runtime CUDA execution provider BFC arena",
         version="onnxruntime-gpu 1.1x-1.2x (BFCArena::AllocateRawInternal Failed to allocate memory for requested buffer of size N)",
         source="microsoft/onnxruntime onnxruntime/core/framework/bfc_arena.cc AllocateRawInternal (ORT_THROW `Failed to allocate memory for requested buffer of size `)",
         facts=dict(requested_bytes=6442450944),
         log=f'''2025-04-18 11:02:37.120 [E:onnxruntime:, sequential_executor.cc:516 ExecuteKernel] Non-zero status code returned while running FusedMatMul node. Name:'/encoder/layer.11/attention/self/MatMul_FusedMatMulAndScale' Status Message: /onnxruntime_src/onnxruntime/core/framework/bfc_arena.cc:376 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, onnxruntime::Stream*, bool, onnxruntime::WaitNotificationFn) Failed to allocate memory for requested buffer of size 6442450944

Traceback (most recent call last):
  File "/workspace/reward_server/score.py", line 88, in score
    logits = session.run(None, feeds)[0]
  File "{SP}/onnxruntime/capi/onnxruntime_inference_collection.py", line 266, in run
    return self._sess.run(output_names, input_feed, run_options)
onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Non-zero status code returned while running FusedMatMul node. Name:'/encoder/layer.11/attention/self/MatMul_FusedMatMulAndScale' Status Message: /onnxruntime_src/onnxruntime/core/framework/bfc_arena.cc:376 void* onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, onnxruntime::Stream*, bool, onnxruntime::WaitNotificationFn) Failed to allocate memory for requested buffer of size 6442450944'''),
    dict(name="18-torch-cpp-terminate-oom", kind="cuda",
         family="PyTorch allocator OOM thrown in a C++ thread and never caught (std::terminate prints c10::OutOfMemoryError)",
         version="torch 2.x (terminate called after throwing an instance of 'c10::OutOfMemoryError')",
         source="pytorch/pytorch c10/util/Exception.h OutOfMemoryError + c10/cuda/CUDACachingAllocator.cpp malloc (TORCH_CHECK_WITH(OutOfMemoryError, ...)) v2.5",
         facts=dict(tried_to_allocate_mib=768.0, total_capacity_gib=23.55, free_mib=301.06),
         log='''[rank0]:[W1103 04:22:17.331006204 ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL.
terminate called after throwing an instance of 'c10::OutOfMemoryError'
  what():  CUDA out of memory. Tried to allocate 768.00 MiB. GPU 0 has a total capacity of 23.55 GiB of which 301.06 MiB is free. Including non-PyTorch memory, this process has 23.24 GiB memory in use. Of the allocated memory 22.11 GiB is allocated by PyTorch, and 694.21 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
Exception raised from malloc at /pytorch/c10/cuda/CUDACachingAllocator.cpp:1338 (most recent call first):
frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f21c6f6c446 in /usr/local/lib/python3.11/site-packages/torch/lib/libc10.so)
frame #1: <unknown function> + 0x3cc6c (0x7f21c701bc6c in /usr/local/lib/python3.11/site-packages/torch/lib/libc10_cuda.so)

Fatal Python error: Aborted'''),
    dict(name="19-deepspeed-inference-workspace", kind="cuda", top=["too-many-colocated-models", "model-states-exceed-gpu", "vllm-gpu-memory-utilization"],
         family="DeepSpeed inference kernels workspace (hybrid engine generation in DeepSpeed-Chat / OpenRLHF v0.1)",
         version="DeepSpeed 0.9-0.16 (Workspace can't be allocated, no enough memory.)",
         source="microsoft/DeepSpeed csrc/transformer/inference/includes/inference_context.h GenWorkSpace (prints Requested/Free/Total then throws)",
         log=f'''Requested:	2147483648
Free:	1073741824
Total:	85031714816
Traceback (most recent call last):
  File "/workspace/DeepSpeed-Chat/training/step3_rlhf_finetuning/main.py", line 660, in <module>
    main()
  File "{SP}/deepspeed/runtime/hybrid_engine.py", line 233, in generate
    generate_ret_vals = self._generate(*inputs, **kwargs)
  File "{SP}/deepspeed/ops/transformer/inference/ds_attention.py", line 158, in forward
    self._attn_qkvw, self._attn_qkvb = self._merge_qkv()
RuntimeError: Workspace can't be allocated, no enough memory.'''),
    dict(name="20-tpu-error-loading-program-reserve", kind="cuda",
         family="TPU runtime program load: reserving HBM at the bottom of memory failed (libtpu)",
         version="jaxlib 0.4.2x-0.6 with libtpu (RESOURCE_EXHAUSTED: Error loading program: Attempting to reserve N at the bottom of memory. That was not possible.)",
         source="libtpu runtime (closed source); wording as jax-ml/jax and MaxText users report it",
         log=f'''Traceback (most recent call last):
  File "/workspace/maxtext/MaxText/train.py", line 1021, in <module>
    app.run(main)
  File "{SP}/jax/_src/interpreters/pxla.py", line 1297, in __call__
    results = self.xla_executable.execute_sharded(
jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Error loading program: Attempting to reserve 28.05G at the bottom of memory. That was not possible. There are 15.48G free, 0B reserved, and 15.48G reservable. If fragmentation is eliminated, the maximum reservable bytes would be 15.48G, so compaction will enable this reservation. The nearest obstacle is at 15.48G from the bottom with size 16.0K.'''),
    dict(name="21-ray-train-raytaskerror-torch-oom", kind="cuda",
         family="Ray Train worker re-raising a torch OOM as RayTaskError(OutOfMemoryError) (torch's class, not Ray's memory monitor)",
         version="Ray 2.4x Ray Train (ray::_RayTrainWorker__execute.get_next() wrapper)",
         source="ray-project/ray python/ray/exceptions.py RayTaskError (as_instanceof_cause class name `RayTaskError(<cause>)`, header `ray::<fn> (pid=, ip=, actor_id=, repr=)`) + python/ray/train/_internal/worker_group.py",
         facts=dict(tried_to_allocate_gib=2.0, total_capacity_gib=44.35, free_gib=1.29),
         log=f'''Traceback (most recent call last):
  File "/workspace/ray_sft.py", line 141, in <module>
    result = trainer.fit()
  File "{SP}/ray/train/base_trainer.py", line 638, in fit
    raise TrainingFailedError(
ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.
To continue this run, you can use: `trainer = TorchTrainer.restore("/home/ray/ray_results/TorchTrainer_2025-06-11_08-10-02")`.
To start a new run that will retry on training failures, set `train.RunConfig(failure_config=train.FailureConfig(max_failures))` in the Trainer's `run_config` with `max_failures > 0`, or `max_failures = -1` for unlimited retries.

The above exception was the direct cause of the following exception:

ray.exceptions.RayTaskError(OutOfMemoryError): ray::_RayTrainWorker__execute.get_next() (pid=2211, ip=10.0.3.17, actor_id=6a9e0f1d2c6b5a4e3d2c1b0a01000000, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f8e2c1d5a90>)
  File "{SP}/ray/train/_internal/worker_group.py", line 33, in __execute
    raise skipped from exception_cause(skipped)
  File "/workspace/ray_sft.py", line 98, in train_func
    outputs = model(**batch)
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 44.35 GiB of which 1.29 GiB is free. Including non-PyTorch memory, this process has 43.05 GiB memory in use. Of the allocated memory 41.62 GiB is allocated by PyTorch, and 912.44 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)'''),
]
