"""Lookalikes: messages that mention memory (or OOM) but record no out-of-memory failure."""

SP = "/usr/local/lib/python3.11/site-packages"

STEPS = '''{'loss': 1.4127, 'grad_norm': 0.912, 'learning_rate': 1.98e-05, 'epoch': 0.12}
{'loss': 1.3981, 'grad_norm': 0.874, 'learning_rate': 1.97e-05, 'epoch': 0.13}
{'train_runtime': 5120.4, 'train_samples_per_second': 11.2, 'train_steps_per_second': 0.35, 'train_loss': 1.2214, 'epoch': 1.0}
'''

CASES = [
    dict(name="L01-ggml-cuda-pinned-host-malloc-fallback", kind="lookalike",
         family="ggml CUDA backend: pinned (page-locked) host buffer could not be allocated, falls back to pageable memory (warning; the model loads)",
         version="llama.cpp b2xxx-b3xxx (`ggml_cuda_host_malloc: failed to allocate N MiB of pinned memory: out of memory` logged as a warning; GGML_LOG_DEBUG in later builds)",
         source="ggml-org/llama.cpp ggml/src/ggml-cuda/ggml-cuda.cu ggml_cuda_host_malloc (cudaMallocHost failed: GGML_CUDA_LOG_WARN(`%s: failed to allocate %.2f MiB of pinned memory: %s`); returns nullptr and the CPU buffer type is used instead)",
         note="the pinned allocation is optional; llama.cpp uses a pageable buffer and serves normally",
         log='''llm_load_tensors: offloading 40 repeating layers to GPU
llm_load_tensors: offloaded 41/41 layers to GPU
ggml_cuda_host_malloc: failed to allocate 5120.00 MiB of pinned memory: out of memory
llm_load_tensors:        CPU buffer size =   417.66 MiB
llm_load_tensors:      CUDA0 buffer size =  7205.84 MiB
llama_new_context_with_model: KV self size  = 5120.00 MiB, K (f16): 2560.00 MiB, V (f16): 2560.00 MiB
llama_new_context_with_model:  CUDA_Host  output buffer size =     0.98 MiB
main: server is listening on http://127.0.0.1:8080 - starting the main loop
srv  update_slots: all slots are idle
'''),
    dict(name="L02-sglang-decode-batch-token-usage", kind="lookalike",
         family="SGLang scheduler decode log: KV token usage near 1.0 with a queue (a load metric, no failure)",
         version="SGLang 0.3-0.5 (`Decode batch. #running-req: N, #token: N, token usage: 0.98, cuda graph: True, gen throughput (token/s): N, #queue-req: N`)",
         source="sgl-project/sglang python/sglang/srt/managers/scheduler.py log_decode_stats (`Decode batch. #running-req: {}, #token: {}, token usage: {:.2f}, ... gen throughput (token/s): {:.2f}, #queue-req: {}`)",
         log='''[2025-10-02 14:01:17 TP0] Decode batch. #running-req: 233, #token: 370958, token usage: 0.97, cuda graph: True, gen throughput (token/s): 4594.01, #queue-req: 317
[2025-10-02 14:01:19 TP0] Decode batch. #running-req: 236, #token: 374112, token usage: 0.98, cuda graph: True, gen throughput (token/s): 4601.77, #queue-req: 311
[2025-10-02 14:01:21 TP0] Decode batch. #running-req: 229, #token: 368020, token usage: 0.96, cuda graph: True, gen throughput (token/s): 4588.12, #queue-req: 302
[2025-10-02 14:01:22] INFO:     10.0.3.17:51812 - "POST /v1/chat/completions HTTP/1.1" 200 OK
'''),
    dict(name="L03-sglang-startup-memory-report", kind="lookalike",
         family="SGLang start-up memory report: weights loaded, KV cache allocated, CUDA graphs captured (avail mem / mem usage)",
         version="SGLang 0.4-0.5 (`Load weight end. ... avail mem=X GB, mem usage=Y GB.` / `KV Cache is allocated. #tokens: N, K size: X GB, V size: Y GB` / `Capture cuda graph end. ... mem usage=X GB. avail mem=Y GB.`)",
         source="sgl-project/sglang python/sglang/srt/model_executor/model_runner.py load_model (`Load weight end. ... avail mem={:.2f} GB, mem usage={:.2f} GB.`) + mem_cache/memory_pool.py MHATokenToKVPool (`KV Cache is allocated. #tokens: {size}, K size: ... GB, V size: ... GB`) + cuda_graph_runner.py",
         log='''[2025-09-14 08:20:31 TP0] Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=61.42 GB, mem usage=16.27 GB.
[2025-09-14 08:20:32 TP0] KV Cache is allocated. #tokens: 411264, K size: 25.10 GB, V size: 25.10 GB
[2025-09-14 08:20:32 TP0] Memory pool end. avail mem=10.88 GB
[2025-09-14 08:20:45 TP0] Capture cuda graph end. Time elapsed: 12.61 s. mem usage=0.74 GB. avail mem=10.07 GB.
[2025-09-14 08:20:46 TP0] max_total_num_tokens=411264, chunked_prefill_size=8192, max_prefill_tokens=16384, max_running_requests=4096, context_len=40960, available_gpu_mem=10.07 GB
[2025-09-14 08:20:47] The server is fired up and ready to roll!
'''),
    dict(name="L04-ray-status-memory-usage", kind="lookalike",
         family="`ray status` resource report: memory and object_store_memory usage of the cluster (a status table)",
         version="Ray 2.x (`Usage:` block: `0.0/1000.0 GiB memory`, `12.3GiB/100.0GiB object_store_memory`; `Demands:`)",
         source="ray-project/ray python/ray/autoscaler/_private/util.py format_info_string / get_usage_report (`Usage:` lines `{used}/{total} {resource}` with memory and object_store_memory formatted in bytes)",
         log='''$ ray status
======== Autoscaler status: 2025-07-01 10:12:43.118302 ========
Node status
---------------------------------------------------------------
Active:
 1 node_3b0c7f1a2e
 1 node_91d24ab8f0
Pending:
 (no pending nodes)
Recent failures:
 (no failures)

Resources
---------------------------------------------------------------
Usage:
 96.0/192.0 CPU
 16.0/16.0 GPU
 0B/1.53TiB memory
 187.42GiB/200.00GiB object_store_memory

Demands:
 (no resource demands)
'''),
    dict(name="L05-deepspeed-estimate-zero3-memory-needs", kind="lookalike",
         family="DeepSpeed estimator: estimated memory needed for params, optim states and gradients per offload option (a table printed on request)",
         version="DeepSpeed 0.6-0.18 (`Estimated memory needed for params, optim states and gradients for a:` + `  per CPU  |  per GPU |   Options`)",
         source="deepspeed-ai/DeepSpeed deepspeed/runtime/zero/stage3.py estimate_zero3_model_states_mem_needs_all_cold / _all_live (print(`Estimated memory needed for params, optim states and gradients for a:\\nHW: Setup with ... \\nSW: Model with ... total params, ... largest layer params.`))",
         log='''$ python -c 'from deepspeed.runtime.zero.stage3 import estimate_zero3_model_states_mem_needs_all_cold; estimate_zero3_model_states_mem_needs_all_cold(total_params=8.03e9, largest_layer_params=525e6, num_gpus_per_node=8, num_nodes=1)'
[2025-05-02 09:14:07,519] [INFO] [real_accelerator.py:239:get_accelerator] Setting ds_accelerator to cuda (auto detect)
Estimated memory needed for params, optim states and gradients for a:
HW: Setup with 1 node, 8 GPUs per node.
SW: Model with 8030M total params, 525M largest layer params.
  per CPU  |  per GPU |   Options
  201.90GB |   1.96GB | offload_param=OffloadDeviceEnum.cpu, offload_optimizer=OffloadDeviceEnum.cpu, zero_init=1
  359.00GB |   1.96GB | offload_param=OffloadDeviceEnum.cpu, offload_optimizer=OffloadDeviceEnum.cpu, zero_init=0
  179.47GB |   4.76GB | offload_param=none, offload_optimizer=OffloadDeviceEnum.cpu, zero_init=1
  359.00GB |   4.76GB | offload_param=none, offload_optimizer=OffloadDeviceEnum.cpu, zero_init=0
   17.62GB |  17.58GB | offload_param=none, offload_optimizer=none, zero_init=1
  359.00GB |  17.58GB | offload_param=none, offload_optimizer=none, zero_init=0
'''),
    dict(name="L06-xla-rematerialization-warning-fits", kind="lookalike",
         family="XLA HLO rematerialization: Can't reduce memory use below the limit by rematerialization (a compile-time warning; the program ran)",
         version="jaxlib 0.4.x-0.7 (`W external/xla/xla/service/hlo_rematerialization.cc:N] Can't reduce memory use below X by rematerialization; only reduced to Y, down from Z originally`)",
         source="openxla/xla xla/service/hlo_rematerialization.cc HloRematerialization::Run (LOG(WARNING) << `Can't reduce memory use below ` << HumanReadableNumBytes(memory_limit_bytes) << ` by rematerialization; only reduced to ` ...)",
         note="the remat target is a heuristic limit below the device size; the step compiled and training continued",
         log='''I0311 09:02:14.551093 139942 train.py:188] compiling train_step
2025-03-11 09:03:02.771409: W external/xla/xla/service/hlo_rematerialization.cc:3005] Can't reduce memory use below 53.87GiB (57841215488 bytes) by rematerialization; only reduced to 58.02GiB (62299521024 bytes), down from 61.40GiB (65927913472 bytes) originally
I0311 09:03:31.204558 139942 train.py:201] step 0 compiled in 76.6 s
I0311 09:03:34.902117 139942 train.py:230] step 10 loss=7.9021 tokens/s=412113
I0311 09:03:38.588420 139942 train.py:230] step 20 loss=7.1166 tokens/s=415920
I0311 09:03:42.270931 139942 train.py:230] step 30 loss=6.6203 tokens/s=416011
'''),
    dict(name="L07-vllm-memory-profiling-assertion", kind="lookalike",
         family="vLLM worker memory profiling: free memory rose during profiling (AssertionError: Error in memory profiling; another process released memory)",
         version="vLLM 0.7-0.11 V1 gpu_worker (`AssertionError: Error in memory profiling. Initial free memory X GiB, current free memory Y GiB. This happens when other processes sharing the same container release GPU memory while vLLM is profiling during initialization.`)",
         source="vllm-project/vllm vllm/v1/worker/gpu_worker.py Worker.determine_available_memory (assert self.init_snapshot.free_memory > free_gpu_memory, (`Error in memory profiling. Initial free memory {...} GiB, current free memory {...} GiB. This happens when other processes sharing the same container release GPU memory while vLLM is profiling during initialization. To fix this, ensure consistent GPU memory allocation or isolate vLLM in its own container.`))",
         note="nothing ran out: free memory increased because a colocated process freed memory mid-profile; the engine refuses to start",
         log='''(EngineCore_0 pid=1821) INFO 09-30 12:04:18 [gpu_model_runner.py:2007] Model loading took 15.2683 GiB and 6.412 seconds
(EngineCore_0 pid=1821) ERROR 09-30 12:04:23 [core.py:708] EngineCore failed to start.
(EngineCore_0 pid=1821) ERROR 09-30 12:04:23 [core.py:708] Traceback (most recent call last):
(EngineCore_0 pid=1821) ERROR 09-30 12:04:23 [core.py:708]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/worker/gpu_worker.py", line 263, in determine_available_memory
(EngineCore_0 pid=1821) ERROR 09-30 12:04:23 [core.py:708]     assert self.init_snapshot.free_memory > free_gpu_memory, (
(EngineCore_0 pid=1821) ERROR 09-30 12:04:23 [core.py:708] AssertionError: Error in memory profiling. Initial free memory 20.58 GiB, current free memory 22.54 GiB. This happens when other processes sharing the same container release GPU memory while vLLM is profiling during initialization. To fix this, ensure consistent GPU memory allocation or isolate vLLM in its own container.
RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}
'''),
    dict(name="L08-k8s-pod-rejected-outofmemory-admission", kind="lookalike",
         family="Kubernetes kubelet admission: Pod was rejected: Node didn't have enough resource: memory (status reason OutOfmemory; the pod never started)",
         version="Kubernetes 1.2x kubelet (`Status: Failed`, `Reason: OutOfmemory`, `Message: Pod was rejected: Node didn't have enough resource: memory, requested: N, used: N, capacity: N`)",
         source="kubernetes/kubernetes pkg/kubelet/lifecycle/predicate.go generalFilter / admit (Reason `OutOf` + resource name, message `Node didn't have enough resource: %s, requested: %d, used: %d, capacity: %d`) + pkg/kubelet/kubelet.go rejectPod (`Pod was rejected: ` + message)",
         note="an admission refusal of the pod's memory request (like FailedScheduling), not memory running out in a process",
         log='''$ kubectl describe pod reranker-0 -n search
Name:             reranker-0
Namespace:        search
Node:             gpu-node-07/
Start Time:       Wed, 12 Feb 2025 17:41:02 +0000
Status:           Failed
Reason:           OutOfmemory
Message:          Pod was rejected: Node didn't have enough resource: memory, requested: 68719476736, used: 481036337152, capacity: 541165879296
IP:
Controlled By:    StatefulSet/reranker
Containers:
  server:
    Image:      registry.local/reranker:2.3.1
    Limits:
      memory:          64Gi
      nvidia.com/gpu:  1
'''),
    dict(name="L09-glibc-malloc-corrupted-top-size", kind="lookalike",
         family="glibc malloc integrity check: malloc(): corrupted top size (heap corruption, not exhaustion) then SIGABRT",
         version="glibc 2.29-2.40 (`malloc(): corrupted top size` + `Aborted (core dumped)`)",
         source="bminor/glibc malloc/malloc.c _int_malloc (if (__glibc_unlikely (size > av->system_mem)) malloc_printerr (`malloc(): corrupted top size`))",
         log=f'''[rank0]: step 412 | loss 2.1183 | 187 TFLOPS
[rank0]: step 413 | loss 2.1021 | 186 TFLOPS
malloc(): corrupted top size
Fatal Python error: Aborted

Thread 0x00007f2bf8ffd640 (most recent call first):
  File "{SP}/my_ext/ops.py", line 57 in fused_rope
Aborted (core dumped)
'''),
    dict(name="L10-cuda-host-memory-already-registered", kind="lookalike",
         family="CUDA runtime: cudaErrorHostMemoryAlreadyRegistered (part or all of the requested memory range is already mapped) from cudaHostRegister",
         version="torch 2.x (`RuntimeError: CUDA error: part or all of the requested memory range is already mapped`)",
         source="NVIDIA CUDA runtime cudaGetErrorString(cudaErrorHostMemoryAlreadyRegistered = 712) `part or all of the requested memory range is already mapped` + pytorch/pytorch torch/cuda/__init__.py cudart().cudaHostRegister / c10/cuda/CUDAException.h C10_CUDA_CHECK",
         log=f'''[rank3]: Traceback (most recent call last):
[rank3]:   File "/workspace/offload/pinned_pool.py", line 44, in register
[rank3]:     torch.cuda.cudart().cudaHostRegister(t.data_ptr(), t.numel() * t.element_size(), 0)
[rank3]:   File "{SP}/torch/cuda/__init__.py", line 312, in check_error
[rank3]:     raise CudaError(res)
[rank3]: RuntimeError: CUDA error: part or all of the requested memory range is already mapped
[rank3]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
[rank3]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1
'''),
    dict(name="L11-dask-worker-pausing-resuming", kind="lookalike",
         family="Dask distributed worker memory manager: Worker is at N% memory usage. Pausing worker / Resuming worker (back-pressure, no kill)",
         version="dask distributed 2022-2025 (`distributed.worker.memory - WARNING - Worker is at 81% memory usage. Pausing worker.  Process memory: X -- Worker memory limit: Y` then `Resuming worker.`)",
         source="dask/distributed distributed/worker_memory.py WorkerMemoryManager._maybe_pause_or_unpause (logger.warning(`Worker is at %d%% memory usage. Pausing worker.  Process memory: %s -- Worker memory limit: %s`) / (`Worker is at %d%% memory usage. Resuming worker. ...`))",
         note="the worker pauses new tasks until spilling frees memory, then resumes; the computation finished",
         log='''2025-04-11 10:22:05,118 - distributed.worker.memory - WARNING - Worker is at 81% memory usage. Pausing worker.  Process memory: 12.97 GiB -- Worker memory limit: 16.00 GiB
2025-04-11 10:22:06,930 - distributed.worker.memory - WARNING - Worker is at 62% memory usage. Resuming worker. Process memory: 9.93 GiB -- Worker memory limit: 16.00 GiB
2025-04-11 10:22:41,402 - distributed.worker.memory - WARNING - Worker is at 80% memory usage. Pausing worker.  Process memory: 12.81 GiB -- Worker memory limit: 16.00 GiB
2025-04-11 10:22:43,655 - distributed.worker.memory - WARNING - Worker is at 58% memory usage. Resuming worker. Process memory: 9.28 GiB -- Worker memory limit: 16.00 GiB
[########################################] | 100% Completed | 14min 22.1s
wrote 2048 parquet shards to s3://corpus/dedup/v3/
'''),
    dict(name="L12-trtllm-kv-cache-memory-usage-info", kind="lookalike",
         family="TensorRT-LLM KV cache sizing info: Memory usage when calculating max tokens in paged kv cache / Allocated N GiB for max tokens",
         version="TensorRT-LLM 0.9-1.x (`[TensorRT-LLM][INFO] Memory usage when calculating max tokens in paged kv cache: total: X GiB, available: Y GiB` + `[MemUsageChange] Allocated X GiB for max tokens in paged KV cache (N).`)",
         source="NVIDIA/TensorRT-LLM cpp/tensorrt_llm/batch_manager/kvCacheManager.cpp BaseKVCacheManager::calculateMaxNumBlocks / getMaxNumTokens (TLLM_LOG_INFO(`Memory usage when calculating max tokens in paged kv cache: total: %0.2f GiB, available: %0.2f GiB`))",
         log='''[TensorRT-LLM][INFO] [MemUsageChange] Allocated 43.29 MB GPU memory for runtime buffers.
[TensorRT-LLM][INFO] [MemUsageChange] Allocated 180.30 MB GPU memory for decoder.
[TensorRT-LLM][INFO] Memory usage when calculating max tokens in paged kv cache: total: 79.10 GiB, available: 70.48 GiB
[TensorRT-LLM][INFO] Number of blocks in KV cache primary pool: 4060
[TensorRT-LLM][INFO] Number of blocks in KV cache secondary pool: 0, onboard blocks to primary memory before reuse: true
[TensorRT-LLM][INFO] [MemUsageChange] Allocated 63.43 GiB for max tokens in paged KV cache (259840).
[TensorRT-LLM][INFO] Executor instance created by worker
INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)
'''),
    dict(name="L13-torch-pin-memory-no-accelerator-warning", kind="lookalike",
         family="PyTorch DataLoader: pin_memory requested but no accelerator found, pinned memory won't be used (UserWarning)",
         version="torch 2.5-2.9 (`UserWarning: 'pin_memory' argument is set as true but no accelerator is found, then device pinned memory won't be used.`)",
         source="pytorch/pytorch torch/utils/data/dataloader.py _BaseDataLoaderIter.__init__ (warn_msg = `'pin_memory' argument is set as true but no accelerator is found, then device pinned memory won't be used.`; warnings.warn(warn_msg))",
         log=f'''Using device: cpu
{SP}/torch/utils/data/dataloader.py:683: UserWarning: 'pin_memory' argument is set as true but no accelerator is found, then device pinned memory won't be used.
  warnings.warn(warn_msg)
''' + STEPS),
    dict(name="L14-ray-data-object-store-fraction-warning", kind="lookalike",
         family="Ray Data resource manager: the object store is configured to use only N% of available memory (performance advice)",
         version="Ray 2.4x-2.5x Ray Data (`WARNING resource_manager.py:N -- ⚠️  Ray's object store is configured to use only 27.9% of available memory (X GiB out of Y GiB total). For optimal Ray Data performance, we recommend setting the object store to at least 50% of available memory. ...`)",
         source="ray-project/ray python/ray/data/_internal/execution/resource_manager.py ResourceManager.__init__ (logger.warning(f`{WARN_PREFIX} Ray's object store is configured to use only {fraction:.1%} of available memory ({...}GiB out of {...}GiB total). For optimal Ray Data performance, we recommend setting the object store to at least 50% of available memory. ...`))",
         log='''2025-10-11 00:17:23,687	INFO streaming_executor.py:160 -- Execution plan of Dataset dataset_72_0: InputDataBuffer[Input] -> TaskPoolMapOperator[ReadParquet] -> ActorPoolMapOperator[MapBatches(Embedder)] -> TaskPoolMapOperator[Write]
2025-10-11 00:17:23,692	WARNING resource_manager.py:134 -- ⚠️  Ray's object store is configured to use only 27.9% of available memory (98.3GiB out of 352.0GiB total). For optimal Ray Data performance, we recommend setting the object store to at least 50% of available memory. You can do this by setting the 'object_store_memory' parameter when calling ray.init() or by setting the RAY_DEFAULT_OBJECT_STORE_MEMORY_PROPORTION environment variable.
Running Dataset: dataset_72_0. Active & requested resources: 64/96 CPU, 8/8 GPU, 41.2GiB/98.3GiB object_store_memory: 100%|██████████| 2.0M/2.0M [21:14<00:00, 1.57k row/s]
2025-10-11 00:38:38,002	INFO streaming_executor.py:279 -- ✔️  Dataset dataset_72_0 execution finished in 1274.31 seconds
'''),
    dict(name="L15-tensorrt-skipping-tactic-insufficient-memory", kind="lookalike",
         family="TensorRT builder: skipping a tactic for insufficient memory during tactic selection (warning; the engine builds)",
         version="TensorRT 8.6-10.x (`[TRT] [W] UNSUPPORTED_STATE: Skipping tactic N due to insufficient memory on requested size of X detected for tactic 0x...`)",
         source="NVIDIA TensorRT (closed source) builder tactic selection warning; wording as printed by the ILogger in users' trtexec / Polygraphy build logs",
         note="the builder drops tactics whose scratch does not fit its workspace and picks another; the engine is serialized",
         log='''[03/13/2025-13:17:50] [TRT] [W] UNSUPPORTED_STATE: Skipping tactic 28 due to insufficient memory on requested size of 2833252352 detected for tactic 0x0000000204040736.
[03/13/2025-13:17:51] [TRT] [W] UNSUPPORTED_STATE: Skipping tactic 31 due to insufficient memory on requested size of 2833252352 detected for tactic 0x0000000204040739.
[03/13/2025-13:19:13] [TRT] [I] Total Activation Memory: 1073741824 bytes
[03/13/2025-13:19:13] [TRT] [I] Engine generation completed in 84.1 seconds.
[03/13/2025-13:19:14] [TRT] [I] [MemUsageStats] Peak memory usage of TRT CPU/GPU memory allocators: CPU 4 MiB, GPU 2714 MiB
&&&& PASSED TensorRT.trtexec [TensorRT v100300] # trtexec --onnx=unet.onnx --saveEngine=unet.plan --fp16
'''),
    dict(name="L16-spark-max-result-size-exceeded", kind="lookalike",
         family="Spark driver: Total size of serialized results of N tasks is bigger than spark.driver.maxResultSize (a configured cap, not memory exhaustion)",
         version="Spark 2.x-3.5 (`org.apache.spark.SparkException: Job aborted due to stage failure: Total size of serialized results of 412 tasks (1025.3 MiB) is bigger than spark.driver.maxResultSize (1024.0 MiB)`)",
         source="apache/spark core/src/main/scala/org/apache/spark/scheduler/TaskSetManager.scala canFetchMoreResults (`Total size of serialized results of ${calculatedTasks} tasks (${Utils.bytesToString(totalResultSize)}) is bigger than ${config.MAX_RESULT_SIZE.key} (${Utils.bytesToString(maxResultSize)})`)",
         note="a limit check on collected results; raise spark.driver.maxResultSize or avoid collect()",
         log='''25/06/04 13:55:02 ERROR TaskSetManager: Total size of serialized results of 412 tasks (1025.3 MiB) is bigger than spark.driver.maxResultSize (1024.0 MiB)
Traceback (most recent call last):
  File "/databricks/driver/dedup.py", line 71, in <module>
    rows = df.select("doc_id", "minhash").collect()
py4j.protocol.Py4JJavaError: An error occurred while calling o412.collectToPython.
: org.apache.spark.SparkException: Job aborted due to stage failure: Total size of serialized results of 412 tasks (1025.3 MiB) is bigger than spark.driver.maxResultSize (1024.0 MiB)
	at org.apache.spark.scheduler.DAGScheduler.failJobAndIndependentStages(DAGScheduler.scala:2898)
'''),
    dict(name="L17-comfyui-vae-decode-oom-retried-tiled", kind="lookalike",
         family="ComfyUI VAE decode: ran out of memory on the regular decode, retried with tiled decoding and finished (retried and succeeded)",
         version="ComfyUI 2023-2025 (`Warning: Ran out of memory when regular VAE decoding, retrying with tiled VAE decoding.` then `Prompt executed in N seconds`)",
         source="comfyanonymous/ComfyUI comfy/sd.py VAE.decode (except model_management.OOM_EXCEPTION: logging.warning(`Warning: Ran out of memory when regular VAE decoding, retrying with tiled VAE decoding.`); decode_tiled_)",
         note="the OOM is caught and the tiled decode produces the image; no failure",
         log='''got prompt
Requested to load SDXL
loaded completely 9.5367431640625e+25 4897.0483474731445 True
100%|██████████████████████████████████████████| 30/30 [00:21<00:00,  1.41it/s]
Requested to load AutoencoderKL
loaded completely 9.5367431640625e+25 159.55708122253418 True
Warning: Ran out of memory when regular VAE decoding, retrying with tiled VAE decoding.
Prompt executed in 31.84 seconds
'''),
]
