"""Device-memory OOM formats (serving / inference / rollout engines, across versions and wrappers) in none of
messages/ .. messages-j/."""

SP = "/usr/local/lib/python3.12/dist-packages"
VP = "/opt/venv/lib/python3.11/site-packages"
VLLM_TOP = ["vllm-gpu-memory-utilization", "micro-batch-too-large"]
KV_TOP = ["vllm-kv-cache-too-small", "vllm-gpu-memory-utilization"]
ROLL_TOP = ["vllm-gpu-memory-utilization", "too-many-colocated-models"]
ROLL_ACC = ["vllm-gpu-memory-utilization", "too-many-colocated-models", "vllm-kv-cache-too-small",
            "model-states-exceed-gpu", "micro-batch-too-large", "sequence-too-long",
            "gpu-shared-with-other-process", "allocator-fragmentation", "response-length-blowup", "memory-leak"]
ESC = "\x1b"

CASES = [
    dict(name="01-vllm-v1-workerproc-hit-exception-ansi-worker-tp-cudagraph-oom", kind="cuda", top=VLLM_TOP,
         family="vLLM V1 multiproc executor worker: `WorkerProc hit an exception.` behind the ANSI-coloured `(VllmWorker TP1 pid=N)` prefix, a torch CUDA OOM raised while capturing CUDA graphs (capture_model)",
         version="vLLM 0.9-0.10 (v1/executor/multiproc_executor.py WorkerProc.worker_busy_loop: logger.exception(`WorkerProc hit an exception.`); process prefix `(VllmWorker TPn pid=N)` coloured by vllm/utils _add_prefix)",
         source="vllm-project/vllm vllm/v1/executor/multiproc_executor.py worker_busy_loop (logger.exception(`WorkerProc hit an exception.`)); ANSI prefix rendering `\\x1b[1;36m(VllmWorker TP5 pid=411)\\x1b[0;0m` read in a user's paste (find_string)",
         log=f'''{ESC}[1;36m(VllmWorker TP0 pid=410){ESC}[0;0m INFO 08-29 02:12:31 [gpu_model_runner.py:1892] Model loading took 29.8754 GiB and 41.226 seconds
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m INFO 08-29 02:12:31 [gpu_model_runner.py:1892] Model loading took 29.8754 GiB and 41.301 seconds
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m INFO 08-29 02:12:52 [gpu_worker.py:276] Available KV cache memory: 34.12 GiB
(EngineCore_0 pid=288) INFO 08-29 02:12:53 [kv_cache_utils.py:849] GPU KV cache size: 745,424 tokens
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m Capturing CUDA graph shapes:  63%|██████▎   | 42/67 [00:09<00:05,  4.61it/s]
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m ERROR 08-29 02:12:59 [multiproc_executor.py:596] WorkerProc hit an exception.
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m ERROR 08-29 02:12:59 [multiproc_executor.py:596] Traceback (most recent call last):
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m ERROR 08-29 02:12:59 [multiproc_executor.py:596]   File "{SP}/vllm/v1/executor/multiproc_executor.py", line 591, in worker_busy_loop
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m ERROR 08-29 02:12:59 [multiproc_executor.py:596]     output = func(*args, **kwargs)
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m ERROR 08-29 02:12:59 [multiproc_executor.py:596]   File "{SP}/vllm/v1/worker/gpu_model_runner.py", line 2337, in capture_model
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m ERROR 08-29 02:12:59 [multiproc_executor.py:596]     self._dummy_run(num_tokens, capture_attn_cudagraph=full_cg)
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m ERROR 08-29 02:12:59 [multiproc_executor.py:596]   File "{SP}/vllm/model_executor/layers/fused_moe/fused_moe.py", line 1503, in fused_experts_impl
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m ERROR 08-29 02:12:59 [multiproc_executor.py:596]     intermediate_cache1 = torch.empty((M, top_k_num, N),
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m ERROR 08-29 02:12:59 [multiproc_executor.py:596] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 1 has a total capacity of 79.19 GiB of which 1.12 GiB is free. Process 411 has 78.05 GiB memory in use. Of the allocated memory 74.40 GiB is allocated by PyTorch, with 2.31 GiB allocated in private pools (e.g., CUDA Graphs), and 402.11 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
{ESC}[1;36m(VllmWorker TP1 pid=411){ESC}[0;0m ERROR 08-29 02:12:59 [multiproc_executor.py:596]
'''),
    dict(name="02-vllm-0.8-worker-failed-with-error-tuple-repr-oom", kind="cuda", top=VLLM_TOP,
         family="vLLM 0.8.x V1 engine core: the worker's OOM only as the collective_rpc wrapper, rendered as a tuple by a logging bug: `RuntimeError: ('Worker failed with error %s, please check the stack trace above for the root cause', 'CUDA out of memory. ...')` (the worker traceback itself cut from the paste), in a GitHub issue Markdown fence",
         version="vLLM 0.8.2-0.8.5 (v1/executor/multiproc_executor.py collective_rpc: raise RuntimeError(`Worker failed with error %s, please check the stack trace above for the root cause`, response) - the tuple rendering; fixed to an f-string `Worker failed with error '...'` in 0.9)",
         source="vllm-project/vllm vllm/v1/executor/multiproc_executor.py MultiprocExecutor.collective_rpc; the tuple rendering `RuntimeError: ('Worker failed with error %s, please check the stack trace above for the root cause', '...')` read in a user's note (find_string), the later f-string form in the source",
         log='''### 🐛 Describe the bug

Starting Qwen2.5-32B-Instruct with tp=2 on two L40S crashes during start-up:

```text
INFO 04-28 14:32:51 [core.py:58] Initializing a V1 LLM engine (v0.8.4) with config: model='Qwen/Qwen2.5-32B-Instruct', max_seq_len=32768, tensor_parallel_size=2
INFO 04-28 14:33:20 [gpu_model_runner.py:1329] Model loading took 30.7107 GiB and 27.39 seconds
INFO 04-28 14:33:27 [backends.py:415] Using cache directory: /root/.cache/vllm/torch_compile_cache/5b2b0e/rank_0_0 for vLLM's torch.compile
ERROR 04-28 14:33:29 [core.py:387] EngineCore hit an exception: Traceback (most recent call last):
ERROR 04-28 14:33:29 [core.py:387]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", line 378, in run_engine_core
ERROR 04-28 14:33:29 [core.py:387]     engine_core = EngineCoreProc(*args, **kwargs)
ERROR 04-28 14:33:29 [core.py:387]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/engine/core.py", line 161, in _initialize_kv_caches
ERROR 04-28 14:33:29 [core.py:387]     self.model_executor.determine_available_memory())
ERROR 04-28 14:33:29 [core.py:387]   File "/usr/local/lib/python3.12/dist-packages/vllm/v1/executor/multiproc_executor.py", line 185, in collective_rpc
ERROR 04-28 14:33:29 [core.py:387]     raise RuntimeError(
ERROR 04-28 14:33:29 [core.py:387] RuntimeError: ('Worker failed with error %s, please check the stack trace above for the root cause', 'CUDA out of memory. Tried to allocate 3.48 GiB. GPU 1 has a total capacity of 44.39 GiB of which 2.71 GiB is free. Process 20877 has 41.66 GiB memory in use. Of the allocated memory 39.12 GiB is allocated by PyTorch, and 1.83 GiB is reserved by PyTorch but unallocated.')
ERROR 04-28 14:33:29 [core.py:387]
CRITICAL 04-28 14:33:29 [core_client.py:359] Got fatal signal from worker processes, shutting down. See stack trace above for root cause issue.
Killed
```

Any idea what I should change?
'''),
    dict(name="03-vllm-v1-ray-compiled-dag-execute-model-ray-oom", kind="cuda", top=VLLM_TOP,
         family="vLLM V1 Ray distributed executor (Ray compiled graph): a tensor-parallel worker's CUDA OOM in `RayWorkerWrapper.execute_model_ray` behind Ray's `(RayWorkerWrapper pid=N, ip=A)` prefix, surfaced in the engine core as `RayTaskError(OutOfMemoryError): ray::RayWorkerWrapper.execute_model_ray()`",
         version="vLLM 0.8-0.10 (v1/executor/ray_distributed_executor.py: compiled DAG `worker.execute_model_ray.bind(...)`; vllm/executor/ray_utils.py RayWorkerWrapper.execute_model_ray) with Ray 2.43-2.48",
         source="vllm-project/vllm vllm/executor/ray_utils.py RayWorkerWrapper.execute_model_ray + vllm/v1/executor/ray_distributed_executor.py _compiled_ray_dag (read in the stored corpus, find_string `execute_model_ray`); Ray's RayTaskError(Cls) rendering `ray::Class.method() (pid=N, ip=A, actor_id=...)`",
         confidence="medium",
         log=f'''(EngineCore_0 pid=1877) INFO 07-14 09:22:04 [ray_distributed_executor.py:574] RAY_CGRAPH_get_timeout is set to 300
(EngineCore_0 pid=1877) INFO 07-14 09:22:05 [ray_distributed_executor.py:581] VLLM_USE_RAY_COMPILED_DAG_CHANNEL_TYPE = auto
(APIServer pid=1601) INFO:     10.8.3.21:40112 - "POST /v1/completions HTTP/1.1" 200 OK
(RayWorkerWrapper pid=2140, ip=10.8.3.14) ERROR 07-14 09:41:37 [ray_utils.py:134] Error executing model on worker
(RayWorkerWrapper pid=2140, ip=10.8.3.14) Traceback (most recent call last):
(RayWorkerWrapper pid=2140, ip=10.8.3.14)   File "{SP}/vllm/executor/ray_utils.py", line 130, in execute_model_ray
(RayWorkerWrapper pid=2140, ip=10.8.3.14)     output = self.worker.model_runner.execute_model(
(RayWorkerWrapper pid=2140, ip=10.8.3.14)   File "{SP}/vllm/v1/worker/gpu_model_runner.py", line 1517, in execute_model
(RayWorkerWrapper pid=2140, ip=10.8.3.14)     logits = self.model.compute_logits(sample_hidden_states, None)
(RayWorkerWrapper pid=2140, ip=10.8.3.14) torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.64 GiB. GPU 0 has a total capacity of 79.19 GiB of which 3.02 GiB is free. Process 2140 has 76.16 GiB memory in use. Of the allocated memory 71.52 GiB is allocated by PyTorch, with 1.10 GiB allocated in private pools (e.g., CUDA Graphs), and 1.94 GiB is reserved by PyTorch but unallocated.
(EngineCore_0 pid=1877) ERROR 07-14 09:41:37 [core.py:588] EngineCore encountered a fatal error.
(EngineCore_0 pid=1877) ERROR 07-14 09:41:37 [core.py:588]   File "{SP}/vllm/v1/executor/ray_distributed_executor.py", line 364, in execute_model
(EngineCore_0 pid=1877) ERROR 07-14 09:41:37 [core.py:588]     return refs[0].get()
(EngineCore_0 pid=1877) ERROR 07-14 09:41:37 [core.py:588] ray.exceptions.RayTaskError(OutOfMemoryError): ray::RayWorkerWrapper.execute_model_ray() (pid=2140, ip=10.8.3.14, actor_id=0f3b6c2ad1e64f8b5c7e9a0d02000000, repr=<vllm.executor.ray_utils.RayWorkerWrapper object at 0x7f2a5c3b1e50>)
'''),
    dict(name="04-vllm-tpu-torch-xla-statusor-hbm-compile-oom", kind="cuda",
         top=["sequence-too-long", "micro-batch-too-large"],
         accepted=["sequence-too-long", "micro-batch-too-large", "model-states-exceed-gpu", "vllm-gpu-memory-utilization", "vllm-kv-cache-too-small"],
         family="vLLM V1 on TPU (torch_xla): XLA compile of a padded batch shape fails in precompile `Bad StatusOr access: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of memory in memory space hbm. Used X of Y hbm. Exceeded hbm capacity by Z.` behind `(EngineCore_0 pid=N)`",
         version="vLLM 0.9-0.10 TPU (v1/worker/tpu_model_runner.py capture_model / _precompile_backbone; torch_xla 2.7-2.8 `Bad StatusOr access:` RuntimeError); XLA TPU compiler message",
         source="vllm-project/vllm vllm/v1/worker/tpu_model_runner.py (`Compiling the model with different input shapes.`, _precompile_backbone); pytorch/xla StatusOr value() check `Bad StatusOr access: `; openxla/xla TPU memory-space report `Ran out of memory in memory space hbm. Used ... of ... hbm. Exceeded hbm capacity by ...`",
         confidence="medium",
         log=f'''(EngineCore_0 pid=611) INFO 06-30 18:02:44 [tpu_model_runner.py:1380] Compiling the model with different input shapes.
(EngineCore_0 pid=611) INFO 06-30 18:03:10 [tpu_model_runner.py:1392]   -- num_tokens: 16
(EngineCore_0 pid=611) INFO 06-30 18:05:51 [tpu_model_runner.py:1392]   -- num_tokens: 4096
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586] EngineCore failed to start.
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586] Traceback (most recent call last):
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586]   File "{SP}/vllm/v1/worker/tpu_model_runner.py", line 1397, in _precompile_backbone
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586]     xm.wait_device_ops()
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586]   File "{SP}/torch_xla/core/xla_model.py", line 1054, in wait_device_ops
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586]     torch_xla._XLAC._xla_wait_device_ops(devices=devices)
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586] RuntimeError: Bad StatusOr access: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. Ran out of memory in memory space hbm. Used 16.91G of 15.75G hbm. Exceeded hbm capacity by 1.16G.
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586]
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586] Total hbm usage >= 17.16G:
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586]     reserved        258.00M
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586]     program          16.91G
(EngineCore_0 pid=611) ERROR 06-30 18:07:13 [core.py:586]     arguments            0B
RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {{}}
'''),
    dict(name="05-vllm-v1-rocm-hip-oom-profile-run-enginecore-0", kind="cuda", top=VLLM_TOP,
         family="vLLM V1 on ROCm (MI300X): torch's HIP caching-allocator OOM in the profile run (`_dummy_run` / determine_available_memory) behind `(EngineCore_0 pid=N)`, hint naming PYTORCH_HIP_ALLOC_CONF",
         version="vLLM 0.9.2-0.10.1 ROCm build (process prefix `(EngineCore_0 pid=N)`), torch 2.7-2.8 ROCm 6.3-6.4 (`HIP out of memory. Tried to allocate ...`)",
         source="vllm-project/vllm vllm/v1/worker/gpu_worker.py determine_available_memory -> gpu_model_runner.profile_run; pytorch/pytorch c10/cuda/CUDACachingAllocator.cpp (hipified: `HIP out of memory`, `PYTORCH_HIP_ALLOC_CONF`)",
         log=f'''(EngineCore_0 pid=344) INFO 08-11 05:14:27 [rocm.py:224] Using Triton Attention backend on V1 engine.
(EngineCore_0 pid=344) INFO 08-11 05:16:02 [gpu_model_runner.py:1921] Model loading took 131.4208 GiB and 88.31 seconds
(EngineCore_0 pid=344) ERROR 08-11 05:16:40 [core.py:700] EngineCore failed to start.
(EngineCore_0 pid=344) ERROR 08-11 05:16:40 [core.py:700] Traceback (most recent call last):
(EngineCore_0 pid=344) ERROR 08-11 05:16:40 [core.py:700]   File "{SP}/vllm/v1/worker/gpu_worker.py", line 243, in determine_available_memory
(EngineCore_0 pid=344) ERROR 08-11 05:16:40 [core.py:700]     self.model_runner.profile_run()
(EngineCore_0 pid=344) ERROR 08-11 05:16:40 [core.py:700]   File "{SP}/vllm/v1/worker/gpu_model_runner.py", line 2581, in profile_run
(EngineCore_0 pid=344) ERROR 08-11 05:16:40 [core.py:700]     = self._dummy_run(self.max_num_tokens, is_profile=True)
(EngineCore_0 pid=344) ERROR 08-11 05:16:40 [core.py:700] torch.OutOfMemoryError: HIP out of memory. Tried to allocate 7.00 GiB. GPU 0 has a total capacity of 191.98 GiB of which 4.21 GiB is free. Of the allocated memory 184.37 GiB is allocated by PyTorch, and 1.90 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_HIP_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
(APIServer pid=1) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {{}}
'''),
    dict(name="06-vllm-v0-asyncengine-background-loop-errored-oom", kind="cuda", top=VLLM_TOP,
         family="vLLM V0 AsyncLLMEngine (OpenAI server): `Engine background task failed` with a CUDA OOM in the sampler, then every request `AsyncEngineDeadError: Background loop has errored already.`",
         version="vLLM 0.4-0.5.x (engine/async_llm_engine.py: _log_task_completion logger.error(`Engine background task failed`, exc_info=...); start_background_loop raise AsyncEngineDeadError(`Background loop has errored already.`)); torch 2.3 OOM text",
         source="vllm-project/vllm vllm/engine/async_llm_engine.py (_log_task_completion `Engine background task failed`; AsyncLLMEngine.start_background_loop `Background loop has errored already.`), read in the stored corpus (find_string)",
         log=f'''INFO 05-27 03:11:49 metrics.py:334] Avg prompt throughput: 10432.2 tokens/s, Avg generation throughput: 98.4 tokens/s, Running: 61 reqs, Swapped: 0 reqs, Pending: 14 reqs, GPU KV cache usage: 88.9%, CPU KV cache usage: 0.0%
ERROR 05-27 03:11:52 async_llm_engine.py:45] Engine background task failed
ERROR 05-27 03:11:52 async_llm_engine.py:45] Traceback (most recent call last):
ERROR 05-27 03:11:52 async_llm_engine.py:45]   File "{VP}/vllm/engine/async_llm_engine.py", line 40, in _raise_exception_on_finish
ERROR 05-27 03:11:52 async_llm_engine.py:45]     task.result()
ERROR 05-27 03:11:52 async_llm_engine.py:45]   File "{VP}/vllm/model_executor/layers/sampler.py", line 96, in forward
ERROR 05-27 03:11:52 async_llm_engine.py:45]     logprobs = torch.log_softmax(logits, dim=-1, dtype=torch.float)
ERROR 05-27 03:11:52 async_llm_engine.py:45] torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.32 GiB. GPU 0 has a total capacity of 79.15 GiB of which 1.44 GiB is free. Process 88017 has 77.70 GiB memory in use. Of the allocated memory 75.23 GiB is allocated by PyTorch, and 1.28 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.
INFO:     10.0.4.9:60114 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error
ERROR:    Exception in ASGI application
Traceback (most recent call last):
  File "{VP}/vllm/engine/async_llm_engine.py", line 533, in start_background_loop
    raise AsyncEngineDeadError(
vllm.engine.async_llm_engine.AsyncEngineDeadError: Background loop has errored already.
'''),
    dict(name="07-vllm-v0-mqenginedeaderror-repr-oom-serving-chat", kind="cuda", top=VLLM_TOP,
         family="vLLM V0 multiprocessing front-end (MQLLMEngine client): the API layer's `MQEngineDeadError: Engine loop is not running. Inspect the stacktrace to find the original error: OutOfMemoryError('CUDA out of memory. ...')` (the engine's OOM only as a repr, logged by serving_chat)",
         version="vLLM 0.6.x-0.9 V0 (engine/multiprocessing/client.py: MQEngineDeadError(`Engine loop is not running. Inspect the stacktrace to find the original error: {repr(self._errored_with)}.`); entrypoints/openai/serving_chat.py logger.exception)",
         source="vllm-project/vllm vllm/engine/multiprocessing/__init__.py (class MQEngineDeadError(RuntimeError)) + client.py dead_error; the API-side rendering `vllm.engine.multiprocessing.MQEngineDeadError: Engine loop is not running. Inspect the stacktrace to find the original error: RuntimeError('...')` read in a user's paste (find_string)",
         log=f'''ERROR 06-23 13:46:28 [serving_chat.py:911] Error in chat completion stream generator.
ERROR 06-23 13:46:28 [serving_chat.py:911] Traceback (most recent call last):
ERROR 06-23 13:46:28 [serving_chat.py:911]   File "{SP}/vllm/entrypoints/openai/serving_chat.py", line 487, in chat_completion_stream_generator
ERROR 06-23 13:46:28 [serving_chat.py:911]     async for res in result_generator:
ERROR 06-23 13:46:28 [serving_chat.py:911]   File "{SP}/vllm/engine/multiprocessing/client.py", line 596, in _process_request
ERROR 06-23 13:46:28 [serving_chat.py:911]     raise request_output
ERROR 06-23 13:46:28 [serving_chat.py:911] vllm.engine.multiprocessing.MQEngineDeadError: Engine loop is not running. Inspect the stacktrace to find the original error: OutOfMemoryError('CUDA out of memory. Tried to allocate 1.96 GiB. GPU 0 has a total capacity of 23.64 GiB of which 1.12 GiB is free. Including non-PyTorch memory, this process has 22.50 GiB memory in use. Of the allocated memory 20.86 GiB is allocated by PyTorch, and 1.21 GiB is reserved by PyTorch but unallocated.').
INFO:     172.17.0.1:51872 - "GET /health HTTP/1.1" 500 Internal Server Error
'''),
    dict(name="08-sglang-0.2-exception-in-modeltpserver-oom", kind="cuda",
         top=["micro-batch-too-large", "vllm-gpu-memory-utilization"],
         family="SGLang 0.1-0.2 (ModelTpServer era): `Exception in ModelTpServer:` with the traceback from tp_worker exposed_step / forward_step, a torch CUDA OOM in the forward, then the controller's `Exception in ControllerSingle`",
         version="SGLang 0.1.x-0.2.x (srt/managers/controller/tp_worker.py ModelTpServer.exposed_step: logger.error(`Exception in ModelTpServer:\\n` + get_exception_traceback())); torch 2.3 OOM text",
         source="sgl-project/sglang python/sglang/srt/managers/controller/tp_worker.py exposed_step (`Exception in ModelTpServer:\\n` + traceback), read in the stored corpus (find_string); pasted in issues with `out of memory encountered`",
         log='''Exception in ModelTpServer:
Traceback (most recent call last):
  File "/opt/conda/lib/python3.10/site-packages/sglang/srt/managers/controller/tp_worker.py", line 209, in exposed_step
    self.forward_step()
  File "/opt/conda/lib/python3.10/site-packages/torch/utils/_contextlib.py", line 115, in decorate_context
    return func(*args, **kwargs)
  File "/opt/conda/lib/python3.10/site-packages/sglang/srt/managers/controller/tp_worker.py", line 240, in forward_step
    self.forward_fill_batch(new_batch)
  File "/opt/conda/lib/python3.10/site-packages/sglang/srt/managers/controller/tp_worker.py", line 458, in forward_fill_batch
    ) = self.model_runner.forward(batch, ForwardMode.EXTEND)
  File "/opt/conda/lib/python3.10/site-packages/sglang/srt/layers/logits_processor.py", line 147, in forward
    all_logits = tensor_model_parallel_all_gather(all_logits)
torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.82 GiB. GPU 0 has a total capacity of 79.33 GiB of which 2.61 GiB is free. Process 47192 has 76.70 GiB memory in use. Of the allocated memory 73.12 GiB is allocated by PyTorch, and 2.08 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.

Exception in ControllerSingle:
Traceback (most recent call last):
  File "/opt/conda/lib/python3.10/site-packages/sglang/srt/managers/controller/manager_single.py", line 166, in start_controller_process
    controller.loop_for_forward()
'''),
    dict(name="09-slime-sglangengine-actor-update-weights-oom", kind="cuda", top=ROLL_TOP, accepted=ROLL_ACC,
         family="slime (Megatron + SGLang RL): the colocated SGLang engine's scheduler OOMs while receiving the new weights (`update_weights_from_tensor`) after resume_memory_occupation, printed behind Ray's `(SGLangEngine pid=N, ip=A)` actor prefix with SGLang's `[... TP0]` prefix",
         version="slime 0.1-0.2 (slime/backends/sglang_utils/sglang_engine.py SGLangEngine Ray actor) over SGLang 0.4.6-0.4.9 (`Scheduler hit an exception:`; update_weights_from_tensor)",
         source="THUDM/slime slime/backends/sglang_utils/sglang_engine.py (Ray actor class SGLangEngine; update_weights_from_tensor / resume_memory_occupation) + sgl-project/sglang python/sglang/srt/managers/scheduler.py run_scheduler_process (`Scheduler hit an exception: `)",
         confidence="low",
         log=f'''(MegatronTrainRayActor pid=30551, ip=10.1.0.5) [2025-08-02 11:40:12] train step 37 done, offloading Megatron optimizer to CPU
(SGLangEngine pid=31207, ip=10.1.0.5) [2025-08-02 11:40:15 TP0] Resume memory occupation: tags=['weights', 'kv_cache']
(SGLangEngine pid=31207, ip=10.1.0.5) [2025-08-02 11:40:17 TP0] Scheduler hit an exception: Traceback (most recent call last):
(SGLangEngine pid=31207, ip=10.1.0.5)   File "{SP}/sglang/srt/managers/scheduler.py", line 2620, in run_scheduler_process
(SGLangEngine pid=31207, ip=10.1.0.5)     scheduler.event_loop_overlap()
(SGLangEngine pid=31207, ip=10.1.0.5)   File "{SP}/sglang/srt/managers/tp_worker.py", line 250, in update_weights_from_tensor
(SGLangEngine pid=31207, ip=10.1.0.5)     success, message = self.model_runner.update_weights_from_tensor(
(SGLangEngine pid=31207, ip=10.1.0.5)   File "{SP}/sglang/srt/model_executor/model_runner.py", line 862, in update_weights_from_tensor
(SGLangEngine pid=31207, ip=10.1.0.5)     named_tensors = [(name, _unwrap_tensor(tensor, tp_rank=self.tp_rank)) for name, tensor in named_tensors]
(SGLangEngine pid=31207, ip=10.1.0.5) torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.16 GiB. GPU 0 has a total capacity of 79.10 GiB of which 842.38 MiB is free. Process 30551 has 22.18 GiB memory in use. Process 31207 has 56.05 GiB memory in use. Of the allocated memory 53.40 GiB is allocated by PyTorch, and 1.12 GiB is reserved by PyTorch but unallocated.
(SGLangEngine pid=31207, ip=10.1.0.5) [2025-08-02 11:40:17] Received sigquit from a child process. It usually means the child failed.
'''),
    dict(name="10-verl-vllmhttpserver-agent-loop-no-cache-blocks", kind="kv",
         top=["vllm-gpu-memory-utilization", "vllm-kv-cache-too-small"], accepted=ROLL_ACC,
         family="verl agent-loop rollout (async server mode): vLLM V1's `No available memory for the cache blocks` raised in the engine core started by verl's `vLLMHttpServer` Ray actor, lines behind `(vLLMHttpServer pid=N, ip=A)` with vLLM's own `(EngineCore_DP0 pid=N)` nested",
         version="verl 0.5-0.6 (verl/workers/rollout/vllm_rollout/vllm_async_server.py vLLMHttpServer, agent loop) over vLLM 0.10-0.11 (v1/core/kv_cache_utils.py check_enough_kv_cache_memory `No available memory for the cache blocks. Try increasing gpu_memory_utilization when initializing the engine.`)",
         source="volcengine/verl verl/workers/rollout/vllm_rollout/vllm_async_server.py (actor `vLLMHttpServer`, seen as a Ray prefix in a user's filter script, find_string) + vllm-project/vllm vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory",
         confidence="medium",
         log=f'''(TaskRunner pid=18830) Using LocalLogger is deprecated. The constructor API will change
(vLLMHttpServer pid=19922, ip=10.3.7.2) INFO 10-21 16:05:41 [__init__.py:216] Automatically detected platform cuda.
(vLLMHttpServer pid=19922, ip=10.3.7.2) (EngineCore_DP0 pid=20411) INFO 10-21 16:06:19 [gpu_worker.py:298] Available KV cache memory: -2.37 GiB
(vLLMHttpServer pid=19922, ip=10.3.7.2) (EngineCore_DP0 pid=20411) ERROR 10-21 16:06:19 [core.py:708] EngineCore failed to start.
(vLLMHttpServer pid=19922, ip=10.3.7.2) (EngineCore_DP0 pid=20411) ERROR 10-21 16:06:19 [core.py:708] Traceback (most recent call last):
(vLLMHttpServer pid=19922, ip=10.3.7.2) (EngineCore_DP0 pid=20411) ERROR 10-21 16:06:19 [core.py:708]   File "{SP}/vllm/v1/engine/core.py", line 199, in _initialize_kv_caches
(vLLMHttpServer pid=19922, ip=10.3.7.2) (EngineCore_DP0 pid=20411) ERROR 10-21 16:06:19 [core.py:708]     kv_cache_configs = get_kv_cache_configs(vllm_config, kv_cache_specs,
(vLLMHttpServer pid=19922, ip=10.3.7.2) (EngineCore_DP0 pid=20411) ERROR 10-21 16:06:19 [core.py:708]   File "{SP}/vllm/v1/core/kv_cache_utils.py", line 686, in check_enough_kv_cache_memory
(vLLMHttpServer pid=19922, ip=10.3.7.2) (EngineCore_DP0 pid=20411) ERROR 10-21 16:06:19 [core.py:708]     raise ValueError("No available memory for the cache blocks. "
(vLLMHttpServer pid=19922, ip=10.3.7.2) (EngineCore_DP0 pid=20411) ERROR 10-21 16:06:19 [core.py:708] ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.
(TaskRunner pid=18830) ray.exceptions.ActorDiedError: The actor died because of an error raised in its creation task, ray::vLLMHttpServer.__init__() (pid=19922, ip=10.3.7.2, actor_id=ad1e2f0c77b6a0b9e1c4d5e603000000, repr=<verl.workers.rollout.vllm_rollout.vllm_async_server.vLLMHttpServer object at 0x7f61c2a9e4d0>)
(TaskRunner pid=18830) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {{}}
'''),
    dict(name="11-openrlhf-llmrayactor-wake-up-cumem-oom", kind="cuda", top=ROLL_TOP, accepted=ROLL_ACC,
         family="OpenRLHF with vLLM sleep mode (colocated hybrid engine): waking the engine back up fails in vLLM's CuMem allocator, `CUDA Error: out of memory at .../csrc/cumem_allocator.cpp:N`, re-raised on the driver as `RayTaskError(RuntimeError): ray::LLMRayActor.wake_up()`",
         version="OpenRLHF 0.6-0.8 (openrlhf/trainer/ray/vllm_engine.py LLMRayActor.wake_up -> llm.wake_up()) over vLLM 0.7.3-0.8 (csrc/cumem_allocator.cpp CUDA_CHECK `CUDA Error: %s at %s:%d`)",
         source="OpenRLHF/OpenRLHF openrlhf/trainer/ray/vllm_engine.py (class LLMRayActor; wake_up / sleep with enable_sleep_mode) + vllm-project/vllm csrc/cumem_allocator.cpp (CUDA_CHECK error print `CUDA Error: %s at %s:%d\\n`)",
         confidence="medium",
         log=f'''(PolicyModelActor pid=9920) [2025-05-11 07:28:41,227] [INFO] Broadcast actor weights to vllm engines done
(LLMRayActor pid=10314) INFO 05-11 07:28:44 [executor_base.py:226] It took 0.82 seconds to wake up.
(LLMRayActor pid=10314) CUDA Error: out of memory at /workspace/csrc/cumem_allocator.cpp:62
Traceback (most recent call last):
  File "/openrlhf/openrlhf/cli/train_ppo_ray.py", line 418, in <module>
    train(args)
  File "/openrlhf/openrlhf/trainer/ray/ppo_actor.py", line 172, in fit
    ray.get([engine.wake_up.remote() for engine in self.vllm_engines])
ray.exceptions.RayTaskError(RuntimeError): ray::LLMRayActor.wake_up() (pid=10314, ip=172.20.1.6, actor_id=71e4c6a0d8b2f39e5d0a1c7b04000000, repr=<openrlhf.trainer.ray.vllm_engine.LLMRayActor object at 0x7f0bde6c2f10>)
  File "{SP}/vllm/device_allocator/cumem.py", line 213, in wake_up
    create_and_map(handle)
RuntimeError: CUDA Error: out of memory at /workspace/csrc/cumem_allocator.cpp:62
'''),
    dict(name="12-tgi-json-output-method-warmup-escaped-traceback-oom", kind="cuda",
         top=["micro-batch-too-large", "sequence-too-long"],
         family="text-generation-inference launcher with `--json-output`: the shard's `Method Warmup encountered an error.` and its traceback (a torch CUDA OOM) JSON-escaped inside one `fields.message`, target `text_generation_launcher`, then the router's warm-up error",
         version="TGI 2.x-3.x (launcher --json-output: tracing JSON lines {timestamp, level, fields{message}, target}; server/text_generation_server/interceptor.py logger.exception(f`Method {method_name} encountered an error.`))",
         source="huggingface/text-generation-inference launcher/src/main.rs (`--json-output`, shard log relay) + server/text_generation_server/interceptor.py ExceptionInterceptor (`Method {method_name} encountered an error.`)",
         confidence="medium",
         log=r'''{"timestamp":"2025-02-14T09:20:03.101772Z","level":"INFO","fields":{"message":"Shard ready in 41.27s"},"target":"text_generation_launcher","span":{"rank":0,"name":"shard-manager"}}
{"timestamp":"2025-02-14T09:20:03.201118Z","level":"INFO","fields":{"message":"Warming up model"},"target":"text_generation_router_v3","filename":"backends/v3/src/lib.rs","line_number":125}
{"timestamp":"2025-02-14T09:20:05.944301Z","level":"ERROR","fields":{"message":"Method Warmup encountered an error.\nTraceback (most recent call last):\n  File \"/usr/src/server/text_generation_server/models/flash_causal_lm.py\", line 1461, in warmup\n    _, _batch, _ = self.generate_token(batch)\n  File \"/usr/src/server/text_generation_server/layers/attention/cuda.py\", line 284, in attention\n    out = torch.empty_like(query)\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 5.25 GiB. GPU 0 has a total capacity of 79.14 GiB of which 4.02 GiB is free. Process 32 has 75.11 GiB memory in use. Of the allocated memory 72.63 GiB is allocated by PyTorch, and 1.66 GiB is reserved by PyTorch but unallocated.\n"},"target":"text_generation_launcher"}
{"timestamp":"2025-02-14T09:20:05.951230Z","level":"ERROR","fields":{"message":"Server error: CUDA out of memory. Tried to allocate 5.25 GiB. GPU 0 has a total capacity of 79.14 GiB of which 4.02 GiB is free."},"target":"text_generation_router_v3::client","filename":"backends/v3/src/client/mod.rs","line_number":45,"span":{"name":"warmup"}}
{"timestamp":"2025-02-14T09:20:06.010003Z","level":"ERROR","fields":{"message":"Webserver Crashed"},"target":"text_generation_launcher"}
'''),
    dict(name="13-deepspeed-fastgen-mii-insufficient-memory-kv-caches", kind="kv",
         family="DeepSpeed-FastGen / DeepSpeed-MII ragged inference: `ValueError: Insufficient memory to allocate KV-caches. Required: N, Available: M` (available memory after the weights and the reserved state-manager memory is below one KV block; M may be negative) from `mii.pipeline(...)`",
         version="deepspeed 0.12-0.16 (deepspeed/inference/v2/ragged/kv_cache.py BlockedKVCache.__init__ AllocationMode.RESERVE) with deepspeed-mii 0.1-0.3",
         source="microsoft/DeepSpeed deepspeed/inference/v2/ragged/kv_cache.py BlockedKVCache (`Insufficient memory to allocate KV-caches. Required: {total_per_block_footprint}, Available: {available_kv_memory}`), read in the stored corpus (find_string)",
         log='''$ python run_mii.py --model meta-llama/Llama-2-13b-hf
[2024-03-06 10:44:12,881] [INFO] [engine_v2.py:82:__init__] Building model...
Using /root/.cache/torch_extensions/py310_cu121 as PyTorch extensions root...
[2024-03-06 10:45:02,117] [INFO] [huggingface_engine.py:109:parameters] Loading checkpoint: /root/.cache/huggingface/hub/models--meta-llama--Llama-2-13b-hf/snapshots/dc1d3b3b/model-00003-of-00003.safetensors
Traceback (most recent call last):
  File "/work/run_mii.py", line 9, in <module>
    pipe = mii.pipeline(args.model)
  File "/usr/local/lib/python3.10/dist-packages/mii/api.py", line 231, in pipeline
    inference_engine = load_model(model_config)
  File "/usr/local/lib/python3.10/dist-packages/deepspeed/inference/v2/engine_v2.py", line 97, in _initialize_kv_cache
    self._state_manager = DSStateManager(self._config.state_manager,
  File "/usr/local/lib/python3.10/dist-packages/deepspeed/inference/v2/ragged/kv_cache.py", line 117, in __init__
    raise ValueError(
ValueError: Insufficient memory to allocate KV-caches. Required: 26214400, Available: -1426063360
'''),
    dict(name="14-llama-server-kv-cache-full-halving-to-n-batch-1", kind="kv",
         top=["vllm-kv-cache-too-small", "sequence-too-long"],
         family="llama.cpp server: the KV cache cannot hold the batch; `decode: failed to find a memory slot for batch of size N`, the server halves n_batch (`failed to find free space in the KV cache, retrying with smaller batch size`) down to 1, then `failed to decode the batch: KV cache is full - try increasing it via the context size` and the slots are released with an error",
         version="llama.cpp b4000-b6xxx (tools/server/server.cpp update_slots: SRV_WRN(`failed to find free space in the KV cache, retrying with smaller batch size - try increasing it via the context size or enable defragmentation, i = %d, n_batch = %d, ret = %d`); SRV_ERR(`failed to decode the batch: KV cache is full - try increasing it via the context size, i = %d, n_batch = %d, ret = %d`); src/llama-context.cpp `decode: failed to find a memory slot for batch of size %d`)",
         source="ggml-org/llama.cpp tools/server/server.cpp update_slots (both messages read in the stored corpus, find_string) + src/llama-context.cpp decode (`failed to find a memory slot for batch of size`)",
         log='''srv  params_from_: Chat format: Hermes 2 Pro
slot launch_slot_: id  2 | task 1184 | processing task
slot update_slots: id  2 | task 1184 | new prompt, n_ctx_slot = 8192, n_keep = 0, n_prompt_tokens = 7811
decode: failed to find a memory slot for batch of size 512
srv  update_slots: failed to find free space in the KV cache, retrying with smaller batch size - try increasing it via the context size or enable defragmentation, i = 0, n_batch = 256, ret = 1
decode: failed to find a memory slot for batch of size 256
srv  update_slots: failed to find free space in the KV cache, retrying with smaller batch size - try increasing it via the context size or enable defragmentation, i = 0, n_batch = 128, ret = 1
decode: failed to find a memory slot for batch of size 2
srv  update_slots: failed to find free space in the KV cache, retrying with smaller batch size - try increasing it via the context size or enable defragmentation, i = 0, n_batch = 1, ret = 1
decode: failed to find a memory slot for batch of size 1
srv  update_slots: failed to decode the batch: KV cache is full - try increasing it via the context size, i = 0, n_batch = 1, ret = 1
srv    send_error: task id = 1184, error: Input prompt is too big compared to KV size. Please try increasing KV size.
srv  log_server_r: request: POST /v1/chat/completions 127.0.0.1 500
'''),
    dict(name="15-exllamav2-tabbyapi-insufficient-vram-for-model-and-cache", kind="cuda",
         top=["model-states-exceed-gpu", "vllm-kv-cache-too-small"],
         accepted=["model-states-exceed-gpu", "vllm-kv-cache-too-small", "sequence-too-long", "gpu-shared-with-other-process", "micro-batch-too-large", "vllm-gpu-memory-utilization"],
         family="ExLlamaV2 autosplit loading (through TabbyAPI): `RuntimeError: Insufficient VRAM for model and cache` when the layers plus the cache do not fit across the visible GPUs, in TabbyAPI's loguru lines",
         version="exllamav2 0.1-0.3 (exllamav2/model.py load_autosplit_gen: raise RuntimeError(`Insufficient VRAM for model and cache`)) under TabbyAPI 2024-2025",
         source="turboderp/exllamav2 exllamav2/model.py ExLlamaV2.load_autosplit_gen (`Insufficient VRAM for model and cache`), read in the stored corpus (find_string); TabbyAPI backends/exllamav2/model.py load_gen",
         log='''2025-01-09 21:14:02.317 INFO:     Loading model: /models/Midnight-Miqu-70B-v1.5-exl2-4.0bpw
2025-01-09 21:14:02.318 INFO:     Loading with autosplit
Loading model modules ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━╸━━━━━━━ 134/163 0:00:41
2025-01-09 21:14:44.902 ERROR:    Traceback (most recent call last):
2025-01-09 21:14:44.902 ERROR:      File "/app/backends/exllamav2/model.py", line 651, in load_model_sync
2025-01-09 21:14:44.902 ERROR:        for value in self.model.load_autosplit_gen(
2025-01-09 21:14:44.902 ERROR:      File "/app/venv/lib/python3.11/site-packages/exllamav2/model.py", line 622, in load_autosplit_gen
2025-01-09 21:14:44.902 ERROR:        raise RuntimeError("Insufficient VRAM for model and cache")
2025-01-09 21:14:44.902 ERROR:    RuntimeError: Insufficient VRAM for model and cache
2025-01-09 21:14:44.903 ERROR:    Sent to request: Model load failed. Check the server console for details.
'''),
    dict(name="16-ollama-python-client-memory-layout-num-gpu-500", kind="cuda",
         top=["model-states-exceed-gpu", "gpu-shared-with-other-process"],
         accepted=["model-states-exceed-gpu", "gpu-shared-with-other-process", "sequence-too-long", "vllm-kv-cache-too-small", "host-ram-pressure", "too-many-colocated-models"],
         family="Ollama new engine (ollamarunner) memory layout: with an explicit `num_gpu` the layers cannot be placed, `memory layout cannot be allocated with num_gpu = N`, seen through the Python client as `ollama._types.ResponseError: ... (status code: 500)`",
         version="Ollama 0.11-0.12 (llm/server.go ollamaServer.Load / createLayout: fmt.Errorf(`memory layout cannot be allocated with num_gpu = %v`, ...); errors.New(`memory layout cannot be allocated`) after backoff) with ollama-python 0.4-0.6",
         source="ollama/ollama llm/server.go (`memory layout cannot be allocated with num_gpu = %v`; slog.Warn(`memory layout cannot be allocated`, `memory`, resp.Memory)), read in the stored corpus (find_string); ollama/ollama-python ollama/_types.py ResponseError str `{error} (status code: {status_code})`",
         log='''>>> from ollama import chat
>>> chat(model="qwen3:32b", messages=[{"role": "user", "content": "hi"}], options={"num_gpu": 99, "num_ctx": 32768})
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
  File "/home/kai/.local/lib/python3.12/site-packages/ollama/_client.py", line 342, in chat
    return self._request(
  File "/home/kai/.local/lib/python3.12/site-packages/ollama/_client.py", line 120, in _request_raw
    raise ResponseError(e.response.text, e.response.status_code) from None
ollama._types.ResponseError: memory layout cannot be allocated with num_gpu = 99 (status code: 500)
'''),
    dict(name="17-triton-pytorch-backend-execute-failure-torchscript-oom", kind="cuda",
         top=["micro-batch-too-large", "gpu-shared-with-other-process"],
         family="Triton Inference Server PyTorch (libtorch) backend: `PyTorch execute failure: The following operation failed in the TorchScript interpreter. ... RuntimeError: CUDA out of memory. Tried to allocate ...` returned to the client as `InferenceServerException: [StatusCode.INTERNAL]`",
         version="Triton 23.x-25.x pytorch_backend (src/libtorch.cc ModelInstanceState::Execute: TRITONSERVER_ErrorNew(INTERNAL, `PyTorch execute failure: ` + ex.what())) with libtorch 2.1-2.4 (c10 OOM text without `torch.` prefix) and tritonclient grpc",
         source="triton-inference-server/pytorch_backend src/libtorch.cc (`PyTorch execute failure: ` + std::string(ex.what())), read in the stored corpus (find_string); TorchScript interpreter wrapper `The following operation failed in the TorchScript interpreter.`",
         log='''$ python client.py --url triton:8001 --batch 64
Traceback (most recent call last):
  File "/work/client.py", line 58, in <module>
    result = client.infer("reranker_ts", inputs, outputs=outputs)
  File "/usr/local/lib/python3.10/dist-packages/tritonclient/grpc/_client.py", line 1572, in infer
    raise_error_grpc(rpc_error)
  File "/usr/local/lib/python3.10/dist-packages/tritonclient/grpc/_utils.py", line 77, in raise_error_grpc
    raise get_error_grpc(rpc_error) from None
tritonclient.utils.InferenceServerException: [StatusCode.INTERNAL] PyTorch execute failure: The following operation failed in the TorchScript interpreter.
Traceback of TorchScript, serialized code (most recent call last):
  File "code/__torch__/reranker.py", line 31, in forward
    _8 = torch.matmul(query, torch.transpose(key, -1, -2))
RuntimeError: CUDA out of memory. Tried to allocate 6.00 GiB. GPU 0 has a total capacity of 22.05 GiB of which 3.19 GiB is free. Process 731 has 18.85 GiB memory in use. Of the allocated memory 16.20 GiB is allocated by PyTorch, and 1.96 GiB is reserved by PyTorch but unallocated.
'''),
    dict(name="18-accelerate-big-model-inference-hooks-offload-jupyter-oom", kind="cuda",
         top=["model-states-exceed-gpu", "micro-batch-too-large"],
         family="Hugging Face accelerate big-model inference (device_map=\"auto\" with CPU-offloaded layers): the CUDA OOM raised while the AlignDevicesHook moves an offloaded layer's weights onto the GPU (`pre_forward` -> `set_module_tensor_to_device`) during generate, in Jupyter's traceback layout",
         version="accelerate 0.26-1.x (accelerate/hooks.py AlignDevicesHook.pre_forward, accelerate/utils/modeling.py set_module_tensor_to_device) with transformers 4.40-4.5x, torch 2.2-2.5, IPython 8 traceback layout",
         source="huggingface/accelerate src/accelerate/hooks.py AlignDevicesHook.pre_forward (set_module_tensor_to_device(module, name, self.execution_device, value=self.weights_map[name])) + src/accelerate/utils/modeling.py set_module_tensor_to_device (`new_value = value.to(device)`)",
         log='''---------------------------------------------------------------------------
OutOfMemoryError                          Traceback (most recent call last)
Cell In[7], line 2
      1 inputs = tok(prompts, return_tensors="pt", padding=True).to("cuda:0")
----> 2 out = model.generate(**inputs, max_new_tokens=512)

File /opt/conda/lib/python3.11/site-packages/accelerate/hooks.py:165, in add_hook_to_module.<locals>.new_forward(module, *args, **kwargs)
    163         output = module._old_forward(*args, **kwargs)
    164 else:
--> 165     output = module._old_forward(*args, **kwargs)
    166 return module._hf_hook.post_forward(module, output)

File /opt/conda/lib/python3.11/site-packages/accelerate/hooks.py:355, in AlignDevicesHook.pre_forward(self, module, *args, **kwargs)
    347             value = self.weights_map[name]
--> 355         set_module_tensor_to_device(
    356             module, name, self.execution_device, value=value, fp16_statistics=fp16_statistics, tied_params_map=self.tied_params_map
    357         )

File /opt/conda/lib/python3.11/site-packages/accelerate/utils/modeling.py:329, in set_module_tensor_to_device(module, tensor_name, device, value, dtype, fp16_statistics, tied_params_map)
--> 329     new_value = value.to(device)

OutOfMemoryError: CUDA out of memory. Tried to allocate 224.00 MiB. GPU 0 has a total capacity of 23.68 GiB of which 96.62 MiB is free. Including non-PyTorch memory, this process has 23.57 GiB memory in use. Of the allocated memory 22.94 GiB is allocated by PyTorch, and 312.40 MiB is reserved by PyTorch but unallocated.
'''),
    dict(name="19-ray-serve-llm-servereplica-prefix-max-seq-len-kv", kind="kv",
         family="Ray Serve LLM (ray.serve.llm LLMServer over vLLM V1): the replica's engine start-up fails with vLLM's `The model's max seq len (N) is larger than the maximum number of tokens that can be stored in KV cache (M)`, lines behind `(ServeReplica:default:LLMServer:<model> pid=N)` and the controller's `Exception in Replica(...), the replica will be stopped.`",
         version="Ray 2.44-2.49 (ray.serve.llm; replica actor name `ServeReplica:<app>:<deployment>`; serve/_private/deployment_state.py) over vLLM 0.8-0.10 (kv_cache_utils `The model's max seq len ... is larger than the maximum number of tokens that can be stored in KV cache ...`)",
         source="ray-project/ray python/ray/llm/_internal/serve/deployments/llm/llm_server.py (LLMServer deployment) + python/ray/serve/_private/deployment_state.py (replica start failure logged by the ServeController) + vllm-project/vllm vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory",
         confidence="medium",
         log=f'''(ServeController pid=6210) INFO 2025-06-18 12:01:44,117 controller 6210 -- Adding 1 replica to Deployment(name='LLMServer:qwen2_5-14b', app='default').
(ServeReplica:default:LLMServer:qwen2_5-14b pid=6577) INFO 2025-06-18 12:01:58,441 default_LLMServer:qwen2_5-14b w0yk3d1n -- Starting vLLM engine for model qwen2_5-14b
(ServeReplica:default:LLMServer:qwen2_5-14b pid=6577) ERROR 06-18 12:03:02 [core.py:515] EngineCore failed to start.
(ServeReplica:default:LLMServer:qwen2_5-14b pid=6577) ERROR 06-18 12:03:02 [core.py:515]   File "{SP}/vllm/v1/core/kv_cache_utils.py", line 620, in check_enough_kv_cache_memory
(ServeReplica:default:LLMServer:qwen2_5-14b pid=6577) ERROR 06-18 12:03:02 [core.py:515]     raise ValueError(
(ServeReplica:default:LLMServer:qwen2_5-14b pid=6577) ERROR 06-18 12:03:02 [core.py:515] ValueError: The model's max seq len (131072) is larger than the maximum number of tokens that can be stored in KV cache (52896). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.
(ServeController pid=6210) ERROR 2025-06-18 12:03:05,912 controller 6210 -- Exception in Replica(id='w0yk3d1n', deployment='LLMServer:qwen2_5-14b', app='default'), the replica will be stopped.
(ServeController pid=6210) ray.exceptions.RayTaskError(RuntimeError): ray::ServeReplica:default:LLMServer:qwen2_5-14b.initialize_and_get_metadata() (pid=6577, ip=10.2.11.4, actor_id=2e9d7c81a3f04b6d9c5e1a8f05000000, repr=<ray.serve._private.replica.ServeReplica:default:LLMServer:qwen2_5-14b object at 0x7fb1c0e2ad10>)
(ServeController pid=6210) RuntimeError: Engine core initialization failed. See root cause above.
'''),
    dict(name="20-ray-data-llm-sglang-stage-mem-fraction-static", kind="kv",
         top=["vllm-gpu-memory-utilization", "vllm-kv-cache-too-small"],
         family="Ray Data LLM batch inference with the SGLang engine stage: SGLang's `RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.` behind `(MapWorker(MapBatches(SGLangEngineStageUDF)) pid=N, ip=A)`",
         version="Ray 2.45-2.49 (ray.data.llm SGLangEngineProcessorConfig; SGLangEngineStageUDF) over SGLang 0.4.6-0.4.9 (model_runner.init_memory_pool: raise RuntimeError(`Not enough memory. Please try to increase --mem-fraction-static.`))",
         source="ray-project/ray python/ray/llm/_internal/batch/stages/sglang_engine_stage.py (SGLangEngineStageUDF) + sgl-project/sglang python/sglang/srt/model_executor/model_runner.py init_memory_pool",
         confidence="medium",
         log=f'''Running Dataset: dataset_4_0. Active & requested resources: 4/48 CPU, 4/4 GPU, 1.1GB/29.3GB object store: : 0.00 row [01:12, ? row/s]
(MapWorker(MapBatches(SGLangEngineStageUDF)) pid=88231, ip=10.0.31.7) [2025-07-03 14:22:51 TP0] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=9.71 GB, mem usage=61.04 GB.
(MapWorker(MapBatches(SGLangEngineStageUDF)) pid=88231, ip=10.0.31.7) [2025-07-03 14:22:51 TP0] Scheduler hit an exception: Traceback (most recent call last):
(MapWorker(MapBatches(SGLangEngineStageUDF)) pid=88231, ip=10.0.31.7)   File "{SP}/sglang/srt/model_executor/model_runner.py", line 1130, in init_memory_pool
(MapWorker(MapBatches(SGLangEngineStageUDF)) pid=88231, ip=10.0.31.7)     raise RuntimeError(
(MapWorker(MapBatches(SGLangEngineStageUDF)) pid=88231, ip=10.0.31.7) RuntimeError: Not enough memory. Please try to increase --mem-fraction-static.
(MapWorker(MapBatches(SGLangEngineStageUDF)) pid=88231, ip=10.0.31.7) [2025-07-03 14:22:52] Received sigquit from a child process. It usually means the child failed.
ray.exceptions.ActorDiedError: The actor died because of an error raised in its creation task, ray::MapWorker(MapBatches(SGLangEngineStageUDF)).__init__() (pid=88231, ip=10.0.31.7, actor_id=c1f08e2b6a7d4e95b3d0f1a206000000)
'''),
    dict(name="21-github-actions-vllm-v1-no-cache-blocks-timestamped", kind="kv",
         family="vLLM V1 `No available memory for the cache blocks` inside a GitHub Actions job log: each line prefixed by the runner's ISO timestamp, the process prefix after it, and the step's `##[error]Process completed with exit code 1.` annotation",
         version="vLLM 0.10-0.11 (v1/core/kv_cache_utils.py check_enough_kv_cache_memory; gpu_worker `Available KV cache memory: -N GiB`) in a GitHub Actions raw log (7-digit fractional timestamps, `##[group]` / `##[error]` commands)",
         source="vllm-project/vllm vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory + vllm/v1/worker/gpu_worker.py (`Available KV cache memory: %.2f GiB`); GitHub Actions workflow commands documentation (`##[error]`)",
         log='''2025-10-02T11:02:01.4418820Z ##[group]Run pytest -x tests/e2e/test_serve_small.py
2025-10-02T11:02:41.9917310Z (EngineCore_DP0 pid=2288) INFO 10-02 11:02:41 [gpu_model_runner.py:2653] Model loading took 14.9889 GiB and 18.404 seconds
2025-10-02T11:02:53.1208824Z (EngineCore_DP0 pid=2288) INFO 10-02 11:02:53 [gpu_worker.py:298] Available KV cache memory: -0.87 GiB
2025-10-02T11:02:53.1220017Z (EngineCore_DP0 pid=2288) ERROR 10-02 11:02:53 [core.py:708] EngineCore failed to start.
2025-10-02T11:02:53.1231153Z (EngineCore_DP0 pid=2288) ERROR 10-02 11:02:53 [core.py:708] ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.
2025-10-02T11:02:53.4470012Z FAILED tests/e2e/test_serve_small.py::test_chat_completion - RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}
2025-10-02T11:02:53.9123311Z ##[error]Process completed with exit code 1.
'''),
    dict(name="22-vllm-v0-mq-engine-process-failed-to-start-kv-max-len", kind="kv",
         family="vLLM V0 multiprocessing front-end start-up: `RuntimeError: Engine process failed to start. See stack trace for the root cause.` after the MQLLMEngine subprocess raised vLLM's `The model's max seq len (N) is larger than the maximum number of tokens that can be stored in KV cache (M)`, the engine lines written by the `Process SpawnProcess-1:` traceback",
         version="vLLM 0.6.2-0.7.x V0 (entrypoints/openai/api_server.py build_async_engine_client_from_engine_args: raise RuntimeError(`Engine process failed to start. See stack trace for the root cause.`); worker/worker.py raise_if_cache_size_invalid)",
         source="vllm-project/vllm vllm/entrypoints/openai/api_server.py (`Engine process failed to start. See stack trace for the root cause.`) + vllm/worker/worker.py raise_if_cache_size_invalid (`The model's max seq len ({max_model_len}) is larger than the maximum number of tokens that can be stored in KV cache ({max_seq_len}). Try increasing gpu_memory_utilization or decreasing max_model_len when initializing the engine.`)",
         confidence="medium",
         log=f'''INFO 12-03 08:14:51 api_server.py:592] vLLM API server version 0.6.4.post1
INFO 12-03 08:15:22 model_runner.py:1077] Loading model weights took 14.9888 GiB
INFO 12-03 08:15:25 worker.py:232] Memory profiling results: total_gpu_memory=23.68GiB initial_memory_usage=15.33GiB peak_torch_memory=16.24GiB memory_usage_post_profile=15.46GiB non_torch_memory=0.45GiB kv_cache_size=4.59GiB gpu_memory_utilization=0.90
INFO 12-03 08:15:25 gpu_executor.py:113] # GPU blocks: 2350, # CPU blocks: 2048
INFO 12-03 08:15:25 gpu_executor.py:117] Maximum concurrency for 131072 tokens per request: 0.29x
Process SpawnProcess-1:
Traceback (most recent call last):
  File "/usr/lib/python3.10/multiprocessing/process.py", line 314, in _bootstrap
    self.run()
  File "{SP}/vllm/engine/multiprocessing/engine.py", line 366, in run_mp_engine
    engine = MQLLMEngine.from_engine_args(engine_args=engine_args,
  File "{SP}/vllm/worker/worker.py", line 492, in raise_if_cache_size_invalid
    raise ValueError(
ValueError: The model's max seq len (131072) is larger than the maximum number of tokens that can be stored in KV cache (37600). Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.
Traceback (most recent call last):
  File "{SP}/vllm/entrypoints/openai/api_server.py", line 208, in build_async_engine_client_from_engine_args
    raise RuntimeError(
RuntimeError: Engine process failed to start. See stack trace for the root cause.
'''),
    dict(name="28-areal-vllm-worker-extension-update-weight-xccl-failed-oom", kind="cuda", top=ROLL_TOP, accepted=ROLL_ACC,
         family="AReaL with a remote vLLM rollout server: the weight update over NCCL (`/areal_update_weights_xccl`) fails on one TP rank with `Failed to update parameter! CUDA out of memory. ...` logged by AReaL's vLLM worker extension behind `(Worker_TP1 pid=N)`, and the server answers 400 with `TP rank: 1 failed. reason: ...` in its JSON body",
         version="AReaL 0.4-0.5 (areal/engine/vllm_ext/vllm_worker_extension.py areal_update_weight_xccl: error_msg = f`Failed to update parameter! {e}.`; areal_vllm_server.py build_response `TP rank: {rank} failed. reason: {msg}`) over vLLM 0.10-0.11 V1",
         source="inclusionAI/AReaL areal/engine/vllm_ext/vllm_worker_extension.py (`Failed to update parameter! {e}.`) + areal/engine/vllm_ext/areal_vllm_server.py (build_response: `TP rank: {rank} failed. reason: {msg}`, status 400), read in the stored corpus (read_file)",
         confidence="medium",
         log=f'''(APIServer pid=5120) INFO 10-09 22:31:07 [areal_vllm_server.py:204] API server starts update_weight
(Worker_TP0 pid=5391) INFO 10-09 22:31:07 [vllm_worker_extension.py:86] start update weights by nccl or hccl
(Worker_TP1 pid=5392) INFO 10-09 22:31:07 [vllm_worker_extension.py:86] start update weights by nccl or hccl
(Worker_TP1 pid=5392) ERROR 10-09 22:31:09 [vllm_worker_extension.py:111] Failed to update parameter! CUDA out of memory. Tried to allocate 1.45 GiB. GPU 1 has a total capacity of 79.25 GiB of which 1.02 GiB is free. Including non-PyTorch memory, this process has 78.21 GiB memory in use. Of the allocated memory 73.94 GiB is allocated by PyTorch, and 2.47 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation..
(APIServer pid=5120) INFO:     10.0.2.15:48810 - "POST /areal_update_weights_xccl HTTP/1.1" 400 Bad Request
{{"success":false,"message":"TP rank: 0 success\\nTP rank: 1 failed. reason: Failed to update parameter! CUDA out of memory. Tried to allocate 1.45 GiB. GPU 1 has a total capacity of 79.25 GiB of which 1.02 GiB is free.\\n"}}
'''),
]
