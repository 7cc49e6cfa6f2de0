"""Device-memory OOM formats (serving / inference / rollout engines) in none of messages/ .. messages-h/."""

SP = "/usr/local/lib/python3.12/dist-packages"
KV_TOP = ["vllm-kv-cache-too-small", "vllm-gpu-memory-utilization"]
ROLL_TOP = ["vllm-gpu-memory-utilization", "too-many-colocated-models"]

CASES = [
    dict(name="01-vllm-v1-cpu-backend-kv-cache-needed-apiserver", kind="kv",
         family="vLLM V1 on the CPU backend: the KV cache space set by VLLM_CPU_KVCACHE_SPACE cannot hold one request at max_model_len (`To serve at least one request ... KV cache is needed, which is larger than the available KV cache memory`), with the `(EngineCore pid=N)` / `(APIServer pid=N)` prefixes",
         version="vLLM 0.10-0.11 (V1 engine, CPU worker `Explicitly set (...) GiB for KV cache on node 0`; kv_cache_utils.check_enough_kv_cache_memory)",
         source="vllm-project/vllm vllm/v1/core/kv_cache_utils.py check_enough_kv_cache_memory (`To serve at least one request with the models's max seq len ({max_model_len}), ({needed_memory/GiB_bytes:.2f} GiB KV cache is needed, which is larger than the available KV cache memory ({available_memory/GiB_bytes:.2f} GiB). ...`) + vllm/v1/worker/cpu_worker.py; wording also seen in a user's test fixture (find_string)",
         log='''$ VLLM_CPU_KVCACHE_SPACE=1 vllm serve Qwen/Qwen3-8B --dtype bfloat16
(APIServer pid=1) INFO 08-28 07:39:02 [api_server.py:1805] vLLM API server version 0.10.1.1
(EngineCore pid=110) INFO 08-28 07:39:11 [core.py:74] Initializing a V1 LLM engine (v0.10.1.1) with config: model='Qwen/Qwen3-8B', device_config=cpu, max_seq_len=40960, tensor_parallel_size=1, enforce_eager=True
(Worker pid=166) INFO 08-28 07:39:20 [default_loader.py:262] Loading weights took 7.91 seconds
(Worker pid=166) INFO 08-28 07:39:28 [cpu_worker.py:255] Explicitly set (1.0/7.75) GiB for KV cache on node 0.
(EngineCore pid=110) ERROR 08-28 07:39:28 [core.py:700] EngineCore failed to start.
(EngineCore pid=110) ERROR 08-28 07:39:28 [core.py:700] Traceback (most recent call last):
(EngineCore pid=110) ERROR 08-28 07:39:28 [core.py:700]   File "/opt/venv/lib/python3.12/site-packages/vllm/v1/engine/core.py", line 691, in run_engine_core
(EngineCore pid=110) ERROR 08-28 07:39:28 [core.py:700]     engine_core = EngineCoreProc(*args, **kwargs)
(EngineCore pid=110) ERROR 08-28 07:39:28 [core.py:700]   File "/opt/venv/lib/python3.12/site-packages/vllm/v1/core/kv_cache_utils.py", line 700, in check_enough_kv_cache_memory
(EngineCore pid=110) ERROR 08-28 07:39:28 [core.py:700]     raise ValueError(
(EngineCore pid=110) ERROR 08-28 07:39:28 [core.py:700] ValueError: To serve at least one request with the models's max seq len (40960), (5.62 GiB KV cache is needed, which is larger than the available KV cache memory (1.00 GiB). Based on the available memory, the estimated maximum model length is 7280. Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.
(APIServer pid=1) Traceback (most recent call last):
(APIServer pid=1)   File "/opt/venv/bin/vllm", line 10, in <module>
(APIServer pid=1)     sys.exit(main())
(APIServer pid=1) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}
'''),
    dict(name="02-vllm-v0-ray-executor-rayworkerwrapper-profile-oom", kind="cuda",
         family="vLLM Ray executor (V0 RayGPUExecutor): a tensor-parallel worker's torch CUDA OOM during memory profiling, printed behind Ray's `(RayWorkerWrapper pid=N, ip=A)` actor prefix and re-raised on the driver as `RayTaskError(OutOfMemoryError)` from `execute_method`",
         version="vLLM 0.4-0.6 (vllm/executor/ray_gpu_executor.py, RayWorkerWrapper.execute_method) with Ray 2.9-2.40 log prefixes; torch 2.3-2.5 OOM text",
         source="vllm-project/vllm vllm/executor/ray_utils.py RayWorkerWrapper (execute_method) + vllm/worker/worker.py determine_num_available_blocks (profile_run); ray-project/ray python/ray/_private/log_monitor.py actor prefix `(ClassName pid=N, ip=A)`",
         log=f'''INFO 06-12 10:02:41 ray_gpu_executor.py:120] Initializing an LLM engine (v0.5.0.post1) with config: model='meta-llama/Meta-Llama-3-70B-Instruct', tensor_parallel_size=4, max_model_len=8192, gpu_memory_utilization=0.95
INFO 06-12 10:04:55 model_runner.py:160] Loading model weights took 32.8866 GB
(RayWorkerWrapper pid=2351, ip=10.0.1.7) INFO 06-12 10:04:58 model_runner.py:160] Loading model weights took 32.8866 GB
(RayWorkerWrapper pid=2351, ip=10.0.1.7) ERROR 06-12 10:05:03 worker_base.py:148] Error executing method determine_num_available_blocks. This might cause deadlock in distributed execution.
(RayWorkerWrapper pid=2351, ip=10.0.1.7) ERROR 06-12 10:05:03 worker_base.py:148] Traceback (most recent call last):
(RayWorkerWrapper pid=2351, ip=10.0.1.7) ERROR 06-12 10:05:03 worker_base.py:148]   File "{SP}/vllm/worker/worker_base.py", line 140, in execute_method
(RayWorkerWrapper pid=2351, ip=10.0.1.7) ERROR 06-12 10:05:03 worker_base.py:148]     return executor(*args, **kwargs)
(RayWorkerWrapper pid=2351, ip=10.0.1.7) ERROR 06-12 10:05:03 worker_base.py:148]   File "{SP}/vllm/worker/worker.py", line 162, in determine_num_available_blocks
(RayWorkerWrapper pid=2351, ip=10.0.1.7) ERROR 06-12 10:05:03 worker_base.py:148]     self.model_runner.profile_run()
(RayWorkerWrapper pid=2351, ip=10.0.1.7) ERROR 06-12 10:05:03 worker_base.py:148]   File "{SP}/vllm/model_executor/layers/logits_processor.py", line 72, in _get_logits
(RayWorkerWrapper pid=2351, ip=10.0.1.7) ERROR 06-12 10:05:03 worker_base.py:148]     logits = torch.matmul(hidden_states, embedding.t())
(RayWorkerWrapper pid=2351, ip=10.0.1.7) ERROR 06-12 10:05:03 worker_base.py:148] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 2 has a total capacity of 79.15 GiB of which 2.87 GiB is free. Process 2351 has 76.27 GiB memory in use. Of the allocated memory 74.10 GiB is allocated by PyTorch, and 1.20 GiB is reserved by PyTorch but unallocated.
Traceback (most recent call last):
  File "/app/serve.py", line 22, in <module>
    llm = LLM(model=args.model, tensor_parallel_size=4, gpu_memory_utilization=0.95)
  File "{SP}/vllm/executor/ray_gpu_executor.py", line 285, in _run_workers
    ray_worker_outputs = ray.get(ray_worker_outputs)
ray.exceptions.RayTaskError(OutOfMemoryError): ray::RayWorkerWrapper.execute_method() (pid=2351, ip=10.0.1.7, actor_id=7c1a6d1f3e0c2b1a9d8e7f6a01000000, repr=<vllm.executor.ray_utils.RayWorkerWrapper object at 0x7f3e2c1b0d90>)
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 2 has a total capacity of 79.15 GiB of which 2.87 GiB is free.
'''),
    dict(name="03-vllm-v0-multiproc-exception-in-worker-initialize-cache", kind="cuda",
         family="vLLM V0 multiprocessing executor: `Exception in worker VllmWorkerProcess while processing method initialize_cache.` with the worker's traceback (a CUDA OOM while capturing CUDA graphs) behind `(VllmWorkerProcess pid=N)`",
         version="vLLM 0.5-0.7 (vllm/executor/multiproc_worker_utils.py _run_worker_process: logger.exception(`Exception in worker %s while processing method %s.`))",
         source="vllm-project/vllm vllm/executor/multiproc_worker_utils.py _run_worker_process (`Exception in worker %s while processing method %s.`); wording confirmed in a user's paste (find_string)",
         log=f'''INFO 11-04 16:20:11 config.py:1020] Defaulting to use mp for distributed inference
INFO 11-04 16:21:02 model_runner.py:1072] Loading model weights took 21.6696 GB
(VllmWorkerProcess pid=28814) INFO 11-04 16:21:02 model_runner.py:1072] Loading model weights took 21.6696 GB
INFO 11-04 16:21:19 distributed_gpu_executor.py:57] # GPU blocks: 2212, # CPU blocks: 3276
INFO 11-04 16:21:22 model_runner.py:1400] Capturing cudagraphs for decoding. This may lead to unexpected consequences if the model is not static.
(VllmWorkerProcess pid=28814) ERROR 11-04 16:21:24 multiproc_worker_utils.py:229] Exception in worker VllmWorkerProcess while processing method initialize_cache.
(VllmWorkerProcess pid=28814) ERROR 11-04 16:21:24 multiproc_worker_utils.py:229] Traceback (most recent call last):
(VllmWorkerProcess pid=28814) ERROR 11-04 16:21:24 multiproc_worker_utils.py:229]   File "{SP}/vllm/worker/model_runner.py", line 1795, in capture
(VllmWorkerProcess pid=28814) ERROR 11-04 16:21:24 multiproc_worker_utils.py:229]     output_hidden_or_intermediate_states = self.model(
(VllmWorkerProcess pid=28814) ERROR 11-04 16:21:24 multiproc_worker_utils.py:229]   File "{SP}/torch/cuda/graphs.py", line 185, in __exit__
(VllmWorkerProcess pid=28814) ERROR 11-04 16:21:24 multiproc_worker_utils.py:229]     self.cuda_graph.capture_end()
(VllmWorkerProcess pid=28814) ERROR 11-04 16:21:24 multiproc_worker_utils.py:229] RuntimeError: CUDA error: out of memory
(VllmWorkerProcess pid=28814) ERROR 11-04 16:21:24 multiproc_worker_utils.py:229] CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
(VllmWorkerProcess pid=28814) ERROR 11-04 16:21:24 multiproc_worker_utils.py:229] For debugging consider passing CUDA_LAUNCH_BLOCKING=1
'''),
    dict(name="04-vllm-v1-enginedeaderror-oom-in-execute-model", kind="cuda",
         family="vLLM V1 engine core dies while serving: a torch CUDA OOM in execute_model logged as `EngineCore encountered a fatal error.` under `(EngineCore_DP0 pid=N)`, then `EngineDeadError: EngineCore encountered an issue. See stack trace (above) for the root cause.` on the API server",
         version="vLLM 0.10.2-0.11 (process prefixes `(EngineCore_DP0 pid=N)`, `(APIServer pid=N)`; v1/engine/core.py `EngineCore encountered a fatal error.`; v1/engine/exceptions.py EngineDeadError)",
         source="vllm-project/vllm vllm/v1/engine/core.py EngineCoreProc.run_engine_core (logger.exception(`EngineCore encountered a fatal error.`)) + vllm/v1/engine/exceptions.py EngineDeadError (`EngineCore encountered an issue. See stack trace (above) for the root cause.`)",
         log=f'''(APIServer pid=1) INFO:     10.42.0.17:51234 - "POST /v1/chat/completions HTTP/1.1" 200 OK
(APIServer pid=1) INFO 10-06 14:03:12 [loggers.py:123] Engine 000: Avg prompt throughput: 61240.3 tokens/s, Avg generation throughput: 211.7 tokens/s, Running: 38 reqs, Waiting: 4 reqs, GPU KV cache usage: 71.4%, Prefix cache hit rate: 12.0%
(EngineCore_DP0 pid=212) ERROR 10-06 14:03:15 [core.py:710] EngineCore encountered a fatal error.
(EngineCore_DP0 pid=212) ERROR 10-06 14:03:15 [core.py:710] Traceback (most recent call last):
(EngineCore_DP0 pid=212) ERROR 10-06 14:03:15 [core.py:710]   File "{SP}/vllm/v1/engine/core.py", line 701, in run_engine_core
(EngineCore_DP0 pid=212) ERROR 10-06 14:03:15 [core.py:710]     engine_core.run_busy_loop()
(EngineCore_DP0 pid=212) ERROR 10-06 14:03:15 [core.py:710]   File "{SP}/vllm/v1/worker/gpu_model_runner.py", line 2105, in execute_model
(EngineCore_DP0 pid=212) ERROR 10-06 14:03:15 [core.py:710]     logits = self.model.compute_logits(sample_hidden_states, None)
(EngineCore_DP0 pid=212) ERROR 10-06 14:03:15 [core.py:710] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.32 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.41 GiB is free. Including non-PyTorch memory, this process has 77.76 GiB memory in use. Of the allocated memory 72.02 GiB is allocated by PyTorch, with 1.98 GiB allocated in private pools (e.g., CUDA Graphs), and 611.28 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)
(APIServer pid=1) ERROR 10-06 14:03:15 [async_llm.py:480] AsyncLLM output_handler failed.
(APIServer pid=1) ERROR 10-06 14:03:15 [async_llm.py:480] vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue. See stack trace (above) for the root cause.
(APIServer pid=1) INFO:     10.42.0.17:51240 - "POST /v1/chat/completions HTTP/1.1" 500 Internal Server Error
'''),
    dict(name="05-kvcached-not-enough-memory-to-allocate-kv-cache", kind="kv",
         family="kvcached (elastic virtual-memory KV cache plugged into SGLang / vLLM): `AssertionError: Not enough memory to allocate KV cache.` when the requested token capacity exceeds what the GPU's pages can back",
         version="kvcached 0.1.x (integration alloc_kv_cache: assert block_size * blocks_per_page * num_pages >= num_tokens, `Not enough memory to allocate KV cache.`) under SGLang 0.4.x",
         source="ovg-project/kvcached kvcached integration module alloc_kv_cache (assert ..., `Not enough memory to allocate KV cache.`), read in the stored corpus (find_string)",
         log=f'''[2025-07-21 09:14:02] server_args=ServerArgs(model_path='meta-llama/Llama-3.1-8B-Instruct', mem_fraction_static=0.9, max_total_tokens=2000000, ...)
[2025-07-21 09:14:09] Load weight end. type=LlamaForCausalLM, dtype=torch.bfloat16, avail mem=62.66 GB, mem usage=15.06 GB.
[2025-07-21 09:14:09] kvcached enabled: using virtual-memory KV cache (page size 2 MiB)
[2025-07-21 09:14:09] Scheduler hit an exception: Traceback (most recent call last):
  File "{SP}/sglang/srt/model_executor/model_runner.py", line 1021, in init_memory_pool
    self.token_to_kv_pool = MHATokenToKVPool(
  File "{SP}/kvcached/integration/sglang/patches.py", line 88, in _create_buffers
    self.k_buffer, self.v_buffer = kvi.alloc_kv_cache(
  File "{SP}/kvcached/integration/sglang/interfaces.py", line 71, in alloc_kv_cache
    assert block_size * blocks_per_page * num_pages >= num_tokens, \\
AssertionError: Not enough memory to allocate KV cache.
'''),
    dict(name="06-tgi-router-webserver-warmup-generation-cuda-oom", kind="cuda",
         family="Hugging Face text-generation-inference router: the shard's warm-up failure wrapped in the Rust error enum, `Error: WebServer(Warmup(Generation(\"CUDA out of memory. ...\")))`, after `Server error:` from the v3 client",
         version="TGI 2.2-3.x (router `Error: WebServer(Warmup(Generation(...)))`; backends/v3 client `Server error: ...`)",
         source="huggingface/text-generation-inference backends/v3/src/client/mod.rs (tracing::error!(`Server error: {err}`)) + router/src/server.rs WebServerError / Warmup(ClientError::Generation); rendering read in users' pastes (find_string `Warmup(Generation(`)",
         log='''2025-01-20T11:02:14.118204Z  INFO text_generation_launcher: Starting Webserver
2025-01-20T11:02:14.170991Z  INFO text_generation_router_v3: backends/v3/src/lib.rs:125: Warming up model
2025-01-20T11:02:16.903311Z ERROR warmup{max_input_length=Some(32767) max_prefill_tokens=32768 max_total_tokens=Some(32768) max_batch_size=None}:warmup: text_generation_router_v3::client: backends/v3/src/client/mod.rs:45: Server error: CUDA out of memory. Tried to allocate 7.82 GiB. GPU 0 has a total capacity of 44.52 GiB of which 5.12 GiB is free. Process 412 has 39.39 GiB memory in use. Of the allocated memory 37.80 GiB is allocated by PyTorch, and 1.07 GiB is reserved by PyTorch but unallocated.
Error: WebServer(Warmup(Generation("CUDA out of memory. Tried to allocate 7.82 GiB. GPU 0 has a total capacity of 44.52 GiB of which 5.12 GiB is free. Process 412 has 39.39 GiB memory in use. Of the allocated memory 37.80 GiB is allocated by PyTorch, and 1.07 GiB is reserved by PyTorch but unallocated.")))
2025-01-20T11:02:17.011870Z ERROR text_generation_launcher: Webserver Crashed
2025-01-20T11:02:17.011892Z  INFO text_generation_launcher: Shutting down shards
'''),
    dict(name="07-tgi-shard-method-decode-encountered-an-error", kind="cuda",
         family="Hugging Face text-generation-inference Python shard: the gRPC interceptor's `Method Decode encountered an error.` with the shard traceback (a torch CUDA OOM while decoding a large batch), relayed by the launcher as `text_generation_launcher:` lines",
         version="TGI 1.x-2.x (server/text_generation_server/interceptor.py ExceptionInterceptor: logger.exception(f`Method {method_name} encountered an error.`)); non-flash CausalLM path",
         source="huggingface/text-generation-inference server/text_generation_server/interceptor.py ExceptionInterceptor.intercept (logger.exception(f`Method {method_name} encountered an error.`)), read in the stored corpus (find_string)",
         log=f'''2024-05-02T08:41:55.330182Z  INFO generate_stream{{parameters=GenerateParameters {{ max_new_tokens: Some(1024), ... }}}}: text_generation_router::server: router/src/server.rs:497: Success
2024-05-02T08:42:07.772901Z ERROR text_generation_launcher: Method Decode encountered an error.
Traceback (most recent call last):
  File "/opt/conda/bin/text-generation-server", line 8, in <module>
    sys.exit(app())
  File "/opt/conda/lib/python3.10/site-packages/text_generation_server/server.py", line 200, in Decode
    generations, next_batch, timings = self.model.generate_token(batch)
  File "/opt/conda/lib/python3.10/site-packages/text_generation_server/models/causal_lm.py", line 693, in generate_token
    logits, speculative_logits, past = self.forward(
  File "/opt/conda/lib/python3.10/site-packages/torch/nn/functional.py", line 1845, in softmax
    ret = input.softmax(dim, dtype=dtype)
torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.53 GiB. GPU 0 has a total capacity of 22.05 GiB of which 1.12 GiB is free. Process 77 has 20.92 GiB memory in use. Of the allocated memory 18.71 GiB is allocated by PyTorch, and 1.79 GiB is reserved by PyTorch but unallocated.
2024-05-02T08:42:07.773448Z ERROR batch{{batch_size=24}}:decode:decode{{size=24}}:decode{{size=24}}: text_generation_client: router/client/src/lib.rs:33: Server error: CUDA out of memory. Tried to allocate 1.53 GiB.
'''),
    dict(name="08-lmdeploy-pytorch-no-enough-gpu-memory-for-runtime", kind="cuda",
         family="LMDeploy PyTorch engine: `RuntimeError: No enough gpu memory for runtime.` (free memory after the weights leaves no room for the prefill runtime, so max_prefill_token_num would be <= 0)",
         version="lmdeploy 0.4-0.10 (pytorch/engine/model_agent.py / executor base _update_runtime_mem: raise RuntimeError(`No enough gpu memory for runtime.`))",
         source="InternLM/lmdeploy lmdeploy/pytorch/engine/executor/base.py _adjust_block_size / _get_runtime_size (if max_prefill_token_num <= 0: raise RuntimeError(`No enough gpu memory for runtime.`)), read in the stored corpus (find_string)",
         log=f'''2025-03-02 10:11:40,212 - lmdeploy - INFO - builder.py:67 - matching vision model: Qwen2VLModel
2025-03-02 10:11:58,905 - lmdeploy - INFO - model_agent.py:612 - build model.
2025-03-02 10:12:31,118 - lmdeploy - INFO - model_agent.py:640 - loading weights.
Traceback (most recent call last):
  File "/workspace/MonkeyOCR/parse.py", line 211, in <module>
    model = MonkeyOCR(args.config)
  File "{SP}/lmdeploy/api.py", line 86, in pipeline
    return pipeline_class(model_path, backend=backend, backend_config=backend_config, chat_template_config=chat_template_config, **kwargs)
  File "{SP}/lmdeploy/pytorch/engine/executor/base.py", line 139, in update_configs
    free_mems = self._update_runtime_mem(free_mems, cache_block_size)
  File "{SP}/lmdeploy/pytorch/engine/executor/base.py", line 112, in _update_runtime_mem
    raise RuntimeError('No enough gpu memory for runtime.')
RuntimeError: No enough gpu memory for runtime.
'''),
    dict(name="09-tensorrt-llm-impossible-to-fit-any-sequence-in-kvcache", kind="kv",
         family="TensorRT-LLM Python runtime (ModelRunner / GenerationSession): `AssertionError: Impossible to fit in any sequence in kvCache` (the paged KV pool holds fewer blocks than one sequence needs)",
         version="TensorRT-LLM 0.8-0.17 (tensorrt_llm/runtime/generation.py: assert max_blocks_per_seq > 0, `Impossible to fit in any sequence in kvCache`)",
         source="NVIDIA/TensorRT-LLM tensorrt_llm/runtime/generation.py GenerationSession (token_capacity = blocks_in_primary_pool * tokens_per_block; assert max_blocks_per_seq > 0, `Impossible to fit in any sequence in kvCache`), read in the stored corpus (find_string)",
         log=f'''[TensorRT-LLM] TensorRT-LLM version: 0.12.0
[TensorRT-LLM][INFO] Engine version 0.12.0 found in the config file, assuming engine(s) built by new builder API.
[TensorRT-LLM][INFO] MPI size: 1, MPI local size: 1, rank: 0
[TensorRT-LLM][INFO] Loaded engine size: 26054 MiB
[TensorRT-LLM][INFO] [MemUsageChange] Allocated 1.32 GiB for max tokens in paged KV cache (10752).
Traceback (most recent call last):
  File "/app/examples/run.py", line 887, in <module>
    main(args)
  File "{SP}/tensorrt_llm/runtime/model_runner_cpp.py", line 512, in generate
  File "{SP}/tensorrt_llm/runtime/generation.py", line 1389, in setup
    assert max_blocks_per_seq > 0, "Impossible to fit in any sequence in kvCache"
AssertionError: Impossible to fit in any sequence in kvCache
'''),
    dict(name="10-llama-server-failed-to-allocate-buffer-for-kv-cache", kind="cuda",
         family="llama.cpp llama-server (new common log format `0.05.982.175 E ...`): `alloc_tensor_range: failed to allocate CUDA0 buffer` then `llama_init_from_model: failed to initialize the context: failed to allocate buffer for kv cache` and `exiting due to model loading error`",
         version="llama.cpp b4500-b6xxx (src/llama-kv-cache.cpp: throw std::runtime_error(`failed to allocate buffer for kv cache`); common/log.cpp timestamped level-letter format)",
         source="ggml-org/llama.cpp src/llama-kv-cache.cpp llama_kv_cache constructor (if (!buf) throw std::runtime_error(`failed to allocate buffer for kv cache`)) + tools/server/server.cpp (`exiting due to model loading error`), read in the stored corpus (find_string)",
         log='''0.00.612.114 I llama_model_loader: - type q4_K:  193 tensors
0.03.118.902 I load_tensors: offloaded 37/37 layers to GPU
0.03.119.004 I load_tensors:        CUDA0 model buffer size =  4156.00 MiB
0.05.981.733 I llama_context: n_ctx         = 131072
0.05.982.175 E alloc_tensor_range: failed to allocate CUDA0 buffer of size 19327352832
0.05.982.301 E llama_init_from_model: failed to initialize the context: failed to allocate buffer for kv cache
0.05.982.309 E common_init_from_params: failed to create context with model '/models/Qwen3-8B-Q4_K_M.gguf'
0.05.982.310 E srv    load_model: failed to load model, '/models/Qwen3-8B-Q4_K_M.gguf'
0.05.990.464 E srv  llama_server: exiting due to model loading error
'''),
    dict(name="11-ollama-cli-runner-unable-to-allocate-cuda0-buffer", kind="cuda",
         family="Ollama CLI: `Error: 500 Internal Server Error: llama runner process has terminated: error loading model: unable to allocate CUDA0 buffer` (llama.cpp could not allocate the weights' device buffer)",
         version="Ollama 0.5-0.9 (runner error passed through the API as a 500) over llama.cpp src/llama-model.cpp load_tensors (`unable to allocate %s buffer`)",
         source="ggml-org/llama.cpp src/llama-model.cpp load_tensors (throw std::runtime_error(format(`unable to allocate %s buffer`, ggml_backend_buft_name(buft)))) + ollama/ollama llm/server.go (`llama runner process has terminated: %v`)",
         log='''PS C:\\Users\\dev> ollama run qwen2.5:32b
pulling manifest
pulling eabc98a9bcbf... 100% ▕████████████████▏  19 GB
verifying sha256 digest
writing manifest
success
Error: 500 Internal Server Error: llama runner process has terminated: error loading model: unable to allocate CUDA0 buffer
'''),
    dict(name="12-mlc-llm-insufficient-gpu-memory-error", kind="cuda",
         family="MLC-LLM serve engine config inference: `Insufficient GPU memory error: The available single GPU memory is X MB, which is less than the sum of model weight size (Y MB) and temporary buffer size (Z MB).` with its three numbered hints",
         version="mlc-llm 0.1.dev (2024-2025; cpp/serve/config.cc EstimateMemoryUsageOnMode), surfaced as tvm.error.InternalError / TVMError in Python",
         source="mlc-ai/mlc-llm cpp/serve/config.cc EstimateMemoryUsageOnMode (`Insufficient GPU memory error: The available single GPU memory is ` ... ` MB, which is less than the sum of model weight size (` ... ` MB) and temporary buffer size (` ... ` MB).\\n1. You can set a larger \\\"gpu_memory_utilization\\\" value.\\n2. ...`), read in the stored corpus",
         log=f'''$ mlc_llm serve HF://mlc-ai/Llama-3.1-8B-Instruct-q4f16_1-MLC --mode server
[2025-02-14 21:07:33] INFO auto_device.py:79: Found device: cuda:0
[2025-02-14 21:07:35] INFO engine_base.py:143: Using library model: /root/.cache/mlc_llm/model_lib/5d6f0e1c.so
Traceback (most recent call last):
  File "{SP}/mlc_llm/serve/engine_base.py", line 611, in __init__
    self._ffi["init_threaded_engine"](
  File "tvm/_ffi/_cython/./packed_func.pxi", line 339, in tvm._ffi._cy3.core.PackedFuncBase.__call__
tvm.error.InternalError: Traceback (most recent call last):
  File "/workspace/mlc-llm/cpp/serve/threaded_engine.cc", line 287
InternalError: Check failed: (output_res.IsOk()) is false: Insufficient GPU memory error: The available single GPU memory is 6553.60 MB, which is less than the sum of model weight size (4308.13 MB) and temporary buffer size (2840.77 MB).
1. You can set a larger "gpu_memory_utilization" value.
2. If the model weight size is too large, please enable tensor parallelism by passing `--tensor-parallel-shards $NGPU` to `mlc_llm gen_config` or use quantization.
3. If the temporary buffer size is too large, please use a smaller `--prefill-chunk-size` in `mlc_llm gen_config`.
'''),
    dict(name="13-nim-jsonl-log-vllm-no-cache-blocks", kind="kv",
         family="NVIDIA NIM for LLMs with JSON-lines logging (NIM_JSONL_LOGGING=1): the vLLM engine's `No available memory for the cache blocks` ValueError inside a JSON record's `exc_info`",
         version="NIM LLM 1.x (vLLM backend profile; JSON record keys level/time/file_path/line_number/message/exc_info) over vLLM 0.5-0.6 (`No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.`)",
         source="closed source (NVIDIA NIM container logging); key names from NIM documentation (NIM_JSONL_LOGGING) as remembered; the inner message from vllm-project/vllm vllm/worker/worker.py raise_if_cache_size_invalid",
         confidence="low",
         log='''{"level": "INFO", "time": "2025-01-09 17:22:03.004", "file_path": "/opt/nim/llm/nim_llm_sdk/hub/ngc_injector.py", "line_number": "146", "message": "Selected profile: 4f904d571fe60ff24695b5ee2aa42da58cb460787a968f1e8a09f5a7e862728d (vllm-bf16-tp1)"}
{"level": "INFO", "time": "2025-01-09 17:22:41.880", "file_path": "/opt/nim/llm/.venv/lib/python3.10/site-packages/vllm/worker/model_runner.py", "line_number": "1025", "message": "Loading model weights took 14.9595 GB"}
{"level": "ERROR", "time": "2025-01-09 17:22:49.117", "file_path": "/opt/nim/llm/nim_llm_sdk/entrypoints/launch.py", "line_number": "99", "message": "Encountered exception while starting the engine", "exc_info": "Traceback (most recent call last):\\n  File \\"/opt/nim/llm/.venv/lib/python3.10/site-packages/vllm/worker/worker.py\\", line 263, in initialize_cache\\n    raise_if_cache_size_invalid(num_gpu_blocks,\\n  File \\"/opt/nim/llm/.venv/lib/python3.10/site-packages/vllm/worker/worker.py\\", line 483, in raise_if_cache_size_invalid\\n    raise ValueError(\\"No available memory for the cache blocks. \\"\\nValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine."}
'''),
    dict(name="14-verl-workerdict-raytaskerror-oom-rollout-weight-sync", kind="cuda", top=ROLL_TOP,
         family="verl (hybrid engine, FSDP actor + vLLM rollout colocated): a torch CUDA OOM while the sharding manager loads the actor's weights into vLLM at the start of generate_sequences, under `(WorkerDict pid=N, ip=A)`, re-raised in the TaskRunner as `RayTaskError(OutOfMemoryError): ray::WorkerDict.actor_rollout_generate_sequences()`",
         version="verl 0.3-0.5 (single_controller/ray WorkerDict fused actor; workers/sharding_manager/fsdp_vllm.py __enter__ -> model.load_weights) over vLLM 0.8 and Ray 2.4x",
         source="volcengine/verl verl/single_controller/ray/base.py (WorkerDict, fused method names `actor_rollout_` + method) + verl/workers/sharding_manager/fsdp_vllm.py FSDPVLLMShardingManager.__enter__ (update_params / load_weights)",
         log=f'''(TaskRunner pid=51123) step:37 - actor/pg_loss:0.012 - actor/entropy:0.611 - response_length/mean:1804.2 - response_length/max:8192.0
(WorkerDict pid=52410, ip=10.8.3.21) [rank0]:   File "/workspace/verl/verl/workers/sharding_manager/fsdp_vllm.py", line 184, in __enter__
(WorkerDict pid=52410, ip=10.8.3.21) [rank0]:     self.update_params(params)
(WorkerDict pid=52410, ip=10.8.3.21) [rank0]:   File "/workspace/verl/verl/workers/sharding_manager/fsdp_vllm.py", line 262, in update_params
(WorkerDict pid=52410, ip=10.8.3.21) [rank0]:     model.load_weights(((name, param.full_tensor() if world_size != 1 else param) for name, param in updated_params.items()))
(WorkerDict pid=52410, ip=10.8.3.21) [rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.45 GiB. GPU 0 has a total capacity of 79.11 GiB of which 1.02 GiB is free. Including non-PyTorch memory, this process has 78.08 GiB memory in use. Of the allocated memory 60.21 GiB is allocated by PyTorch, and 2.94 GiB is reserved by PyTorch but unallocated.
Error executing job with overrides: ['algorithm.adv_estimator=grpo', 'actor_rollout_ref.rollout.name=vllm', 'actor_rollout_ref.rollout.gpu_memory_utilization=0.6', 'trainer.n_gpus_per_node=8']
Traceback (most recent call last):
  File "/workspace/verl/verl/trainer/main_ppo.py", line 64, in run_ppo
    ray.get(runner.run.remote(config))
ray.exceptions.RayTaskError(OutOfMemoryError): ray::TaskRunner.run() (pid=51123, ip=10.8.3.21, actor_id=a1f0e2d3c4b5a69788796a5b01000000, repr=<main_ppo.TaskRunner object at 0x7f0a3c5d2e90>)
  File "/workspace/verl/verl/trainer/ppo/ray_trainer.py", line 1032, in fit
    gen_batch_output = self.actor_rollout_wg.generate_sequences(gen_batch)
ray.exceptions.RayTaskError(OutOfMemoryError): ray::WorkerDict.actor_rollout_generate_sequences() (pid=52410, ip=10.8.3.21, actor_id=0bd7c3e1f2a4b5c6d7e8f90a01000000, repr=<verl.single_controller.ray.base.WorkerDict object at 0x7f2b9c0e1d50>)
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.45 GiB. GPU 0 has a total capacity of 79.11 GiB of which 1.02 GiB is free.
'''),
    dict(name="15-openrlhf-llmrayactor-creation-task-kv-cache-needed", kind="kv",
         family="OpenRLHF vLLM rollout engines as Ray actors: `ActorDiedError: The actor died because of an error raised in its creation task, ray::LLMRayActor.__init__()` wrapping vLLM V1's `To serve at least one request ... KV cache is needed` (colocated with the actor at a low vllm_gpu_memory_utilization)",
         version="OpenRLHF 0.6-0.8 (openrlhf/trainer/ray/vllm_engine.py LLMRayActor, --colocate_all_models --vllm_gpu_memory_utilization) over vLLM 0.8-0.9 V1 and Ray 2.4x",
         source="OpenRLHF/OpenRLHF openrlhf/trainer/ray/vllm_engine.py (class LLMRayActor; create_vllm_engines) + ray-project/ray python/ray/exceptions.py ActorDiedError (`The actor died because of an error raised in its creation task, ...`) + vllm kv_cache_utils check_enough_kv_cache_memory",
         log='''(LLMRayActor pid=18802) INFO 04-30 12:10:51 [gpu_model_runner.py:1329] Model loading took 14.2474 GiB and 6.021441 seconds
(LLMRayActor pid=18802) INFO 04-30 12:10:58 [kv_cache_utils.py:634] GPU KV cache size: 9,904 tokens
(LLMRayActor pid=18802) ERROR 04-30 12:10:58 [core.py:396] EngineCore failed to start.
Traceback (most recent call last):
  File "/openrlhf/cli/train_ppo_ray.py", line 170, in train
    vllm_engines = create_vllm_engines(
  File "/openrlhf/trainer/ray/vllm_engine.py", line 209, in create_vllm_engines
    ray.get([engine.__ray_ready__.remote() for engine in vllm_engines])
ray.exceptions.ActorDiedError: The actor died because of an error raised in its creation task, ray::LLMRayActor.__init__() (pid=18802, ip=172.20.0.3, actor_id=3c1f9a0e6b2d4e5f7a8b9c0d01000000, repr=<openrlhf.trainer.ray.vllm_engine.LLMRayActor object at 0x7f61ac2e3d10>)
  File "/usr/local/lib/python3.10/dist-packages/vllm/v1/core/kv_cache_utils.py", line 574, in check_enough_kv_cache_memory
    raise ValueError(
ValueError: To serve at least one request with the models's max seq len (16384), (2.00 GiB KV cache is needed, which is larger than the available KV cache memory (1.21 GiB). Based on the available memory, the estimated maximum model length is 9904. Try increasing `gpu_memory_utilization` or decreasing `max_model_len` when initializing the engine.
'''),
    dict(name="16-nemo-rl-vllmgenerationworker-refit-ipc-oom", kind="cuda", top=ROLL_TOP,
         family="NeMo-RL GRPO refit (policy -> vLLM weight sync over CUDA IPC): a torch CUDA OOM inside the vLLM generation worker's update_weights_from_ipc_handles, behind the `(VllmGenerationWorker pid=N)` Ray prefix",
         version="NeMo-RL 0.2-0.3 (nemo_rl/models/generation/vllm.py VllmGenerationWorker; refit_policy_generation in algorithms/grpo.py) over vLLM 0.8-0.9",
         source="NVIDIA-NeMo/RL nemo_rl/models/generation/vllm*.py (@ray.remote class VllmGenerationWorker, read in the stored corpus) + nemo_rl/algorithms/grpo.py refit_policy_generation; the worker method name update_weights_from_ipc_handles as remembered",
         confidence="low",
         log=f'''▶ Preparing batch...
▶ Generating responses for batch of size 512...
(VllmGenerationWorker pid=90211) ERROR:root:Error in VllmGenerationWorker.update_weights_from_ipc_handles: CUDA out of memory. Tried to allocate 2.03 GiB. GPU 0 has a total capacity of 79.10 GiB of which 892.81 MiB is free. Including non-PyTorch memory, this process has 78.22 GiB memory in use. Of the allocated memory 74.36 GiB is allocated by PyTorch, and 1.34 GiB is reserved by PyTorch but unallocated.
(VllmGenerationWorker pid=90211) Traceback (most recent call last):
(VllmGenerationWorker pid=90211)   File "/opt/nemo-rl/nemo_rl/models/generation/vllm_backend.py", line 101, in update_weights_from_ipc_handles
(VllmGenerationWorker pid=90211)     tensor = func(*list_args)
(VllmGenerationWorker pid=90211)   File "{SP}/torch/multiprocessing/reductions.py", line 181, in rebuild_cuda_tensor
(VllmGenerationWorker pid=90211)     storage = storage_cls._new_shared_cuda(
(VllmGenerationWorker pid=90211) torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.03 GiB. GPU 0 has a total capacity of 79.10 GiB of which 892.81 MiB is free.
RuntimeError: Failed to update weights in vLLM. Ensure refit is correctly configured.
'''),
    dict(name="17-sglang-scheduler-hit-exception-kv-pool-alloc-sigquit", kind="cuda",
         top=["vllm-gpu-memory-utilization", "gpu-shared-with-other-process"],
         family="SGLang scheduler start-up: `Scheduler hit an exception:` with a torch CUDA OOM while MHATokenToKVPool creates its k/v buffers (mem_fraction_static too high for the free memory), then the launcher's `Received sigquit from a child process. It usually means the child failed.`",
         version="SGLang 0.4.x-0.5.x (managers/scheduler.py run_scheduler_process: logger.error(f`Scheduler hit an exception: {traceback}`); entrypoints/engine.py sigquit_handler)",
         source="sgl-project/sglang python/sglang/srt/managers/scheduler.py run_scheduler_process (`Scheduler hit an exception: ...`) + python/sglang/srt/entrypoints/engine.py sigquit_handler (`Received sigquit from a child process. It usually means the child failed.`), read in the stored corpus (find_string)",
         log=f'''[2025-05-11 07:31:20] server_args=ServerArgs(model_path='Qwen/Qwen2.5-32B-Instruct', tp_size=2, mem_fraction_static=0.92, ...)
[2025-05-11 07:31:58 TP1] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=45.03 GB, mem usage=30.72 GB.
[2025-05-11 07:31:58 TP0] Load weight end. type=Qwen2ForCausalLM, dtype=torch.bfloat16, avail mem=39.87 GB, mem usage=30.72 GB.
[2025-05-11 07:31:59 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "{SP}/sglang/srt/managers/scheduler.py", line 2297, in run_scheduler_process
    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, pp_rank, dp_rank)
  File "{SP}/sglang/srt/model_executor/model_runner.py", line 1011, in init_memory_pool
    self.token_to_kv_pool = MHATokenToKVPool(
  File "{SP}/sglang/srt/mem_cache/memory_pool.py", line 282, in _create_buffers
    torch.zeros(
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.06 GiB. GPU 0 has a total capacity of 79.19 GiB of which 1.51 GiB is free. Process 18442 has 5.12 GiB memory in use. Including non-PyTorch memory, this process has 72.55 GiB memory in use. Of the allocated memory 71.02 GiB is allocated by PyTorch, and 12.00 MiB is reserved by PyTorch but unallocated.

[2025-05-11 07:31:59] Received sigquit from a child process. It usually means the child failed.
Killed
'''),
    dict(name="18-ray-serve-status-deployment-failed-to-start-oom", kind="cuda",
         family="Ray Serve `serve status` YAML: a deployment UNHEALTHY / DEPLOY_FAILED with `The deployment failed to start N times in a row. This may be due to a problem with its constructor or initial health check failing.` and the replica constructor's torch CUDA OOM inside the message",
         version="Ray 2.7-2.4x Serve (serve status output; deployment_state.py `The deployment failed to start {n} times in a row. ...`)",
         source="ray-project/ray python/ray/serve/_private/deployment_state.py DeploymentState._check_curr_status / replica startup failure message (`The deployment failed to start {self._replica_constructor_retry_counter} times in a row. This may be due to a problem with its constructor or initial health check failing. See controller logs for details. Error:\\n{...}`); wording confirmed in users' pastes (find_string)",
         log='''$ serve status
proxies:
  3b6b1e0e7c7d6f0a9b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192: HEALTHY
applications:
  llm:
    status: DEPLOY_FAILED
    message: 'Deploying app ''llm'' failed with exception:
      The deployment failed to start 3 times in a row. This may be due to a problem with its constructor or initial health check failing. See controller logs for details. Error:
      ray::ServeReplica:llm:LLMDeployment.initialize_and_get_metadata() (pid=7812, ip=10.0.22.14, actor_id=6f0b5c2a1d3e4f5061728394a5b6c7d8, repr=<ray.serve._private.replica.ServeReplica:llm:LLMDeployment object at 0x7f5c1e2d3b80>)
        File "/app/serve_llm.py", line 31, in __init__
          self.model = AutoModelForCausalLM.from_pretrained(MODEL_ID, torch_dtype=torch.float16).to("cuda")
      torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 500.00 MiB. GPU 0 has a total capacity of 22.07 GiB of which 412.44 MiB is free. Including non-PyTorch memory, this process has 21.66 GiB memory in use.'
    last_deployed_time_s: 1718209871.64
    deployments:
      LLMDeployment:
        status: DEPLOY_FAILED
        status_trigger: REPLICA_STARTUP_FAILED
        replica_states: {}
'''),
    dict(name="19-ray-data-llm-vllm-engine-stage-actor-kv-cache", kind="kv",
         family="Ray Data LLM batch inference (ray.data.llm): the map actor `MapWorker(MapBatches(vLLMEngineStageUDF))` fails in its creation task with vLLM's `No available memory for the cache blocks`, surfaced as `RayActorError` by the streaming executor",
         version="Ray 2.44-2.4x (ray.llm._internal.batch.stages.vllm_engine_stage.vLLMEngineStageUDF) over vLLM 0.7-0.8",
         source="ray-project/ray python/ray/llm/_internal/batch/stages/vllm_engine_stage.py (class vLLMEngineStageUDF(StatefulStageUDF), read in the stored corpus) + python/ray/exceptions.py RayActorError / ActorDiedError creation-task wording",
         log='''2025-03-27 14:02:07,811	INFO streaming_executor.py:108 -- Starting execution of Dataset. Full logs are in /tmp/ray/session_2025-03-27_13-58-51_402118_1/logs/ray-data
2025-03-27 14:02:07,812	INFO streaming_executor.py:109 -- Execution plan of Dataset: InputDataBuffer[Input] -> TaskPoolMapOperator[ReadParquet] -> ActorPoolMapOperator[MapBatches(ChatTemplateUDF)] -> ActorPoolMapOperator[MapBatches(vLLMEngineStageUDF)]
(MapWorker(MapBatches(vLLMEngineStageUDF)) pid=40112, ip=10.0.3.9) INFO 03-27 14:03:01 worker.py:267] Memory profiling takes 4.21 seconds
(MapWorker(MapBatches(vLLMEngineStageUDF)) pid=40112, ip=10.0.3.9) INFO 03-27 14:03:01 worker.py:267] the current vLLM instance can use total_gpu_memory (22.07GiB) x gpu_memory_utilization (0.70) = 15.45GiB
(MapWorker(MapBatches(vLLMEngineStageUDF)) pid=40112, ip=10.0.3.9) INFO 03-27 14:03:01 worker.py:267] model weights take 15.22GiB; non_torch_memory takes 0.09GiB; PyTorch activation peak memory takes 1.38GiB; the rest of the memory reserved for KV Cache is -1.24GiB.
ray.exceptions.RayActorError: The actor died because of an error raised in its creation task, ray::MapWorker(MapBatches(vLLMEngineStageUDF)).__init__() (pid=40112, ip=10.0.3.9, actor_id=5d2c8f4e1a0b3c6d7e8f9a0b02000000, repr=MapWorker(MapBatches(vLLMEngineStageUDF)))
ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.
'''),
    dict(name="20-trtllm-serve-forwardasync-cudamallocasync-oom", kind="cuda",
         family="TensorRT-LLM C++ executor: `Encountered an error in forwardAsync function: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, mCudaStream->get()): out of memory` (a runtime buffer allocation while serving), under trtllm-serve / the Triton TRT-LLM backend",
         version="TensorRT-LLM 0.9-0.17 C++ executor (batch_manager `Encountered an error in forwardAsync function: %s`; runtime/bufferManager.cpp cudaMallocAsync check)",
         source="NVIDIA/TensorRT-LLM cpp/tensorrt_llm/executor/executorImpl.cpp (TLLM_LOG_ERROR(`Encountered an error in forwardAsync function: %s`, e.what())) + cpp/tensorrt_llm/runtime/bufferManager.cpp / tllmBuffers.h (TLLM_CUDA_CHECK(::cudaMallocAsync(ptr, n, mCudaStream->get())))",
         log='''[TensorRT-LLM][INFO] Max KV cache pages per sequence: 64
[TensorRT-LLM][INFO] Number of tokens per block: 64.
[TensorRT-LLM][INFO] [MemUsageChange] Allocated 61.22 GiB for max tokens in paged KV cache (501504).
INFO:     Started server process [2811]
INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)
[TensorRT-LLM][ERROR] Encountered an error in forwardAsync function: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, mCudaStream->get()): out of memory (/home/jenkins/agent/workspace/LLM/main/L0_PostMerge/llm/cpp/tensorrt_llm/runtime/tllmBuffers.h:125)
1       0x7f8b2a1e4b9d void tensorrt_llm::common::check<cudaError>(cudaError, char const*, char const*, int) + 141
2       0x7f8b2a6c1f22 tensorrt_llm::runtime::BufferManager::gpu(unsigned long, nvinfer1::DataType) const + 450
3       0x7f8b2c0a7d11 tensorrt_llm::batch_manager::TrtGptModelInflightBatching::forwardAsync(...) + 2113
[TensorRT-LLM][ERROR] Encountered error for requestId 3041: Encountered an error in forwardAsync function: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, mCudaStream->get()): out of memory
'''),
    dict(name="21-triton-vllm-backend-failed-to-load-no-cache-blocks", kind="kv",
         family="Triton Inference Server vLLM backend: `failed to load 'vllm_model' version 1: Internal: ValueError: No available memory for the cache blocks. ...` and the model UNAVAILABLE in the start-up status table",
         version="Triton 24.x-25.x (server model_lifecycle.cc `failed to load '%s' version %d: %s`) with triton-inference-server/vllm_backend model.py over vLLM 0.5-0.6",
         source="triton-inference-server/core src/model_lifecycle.cc (LOG_ERROR << `failed to load '` << model_name << `' version ` << version << `: ` << status) + triton-inference-server/vllm_backend src/model.py; inner message from vllm worker.py raise_if_cache_size_invalid",
         log='''I0322 09:12:41.118210 1 python_be.cc:2249] "TRITONBACKEND_ModelInstanceInitialize: vllm_model_0_0 (GPU device 0)"
I0322 09:13:07.502117 1 model.py:283] "[vllm] Loading model weights took 14.9633 GB"
E0322 09:13:12.981004 1 model_lifecycle.cc:654] "failed to load 'vllm_model' version 1: Internal: ValueError: No available memory for the cache blocks. Try increasing `gpu_memory_utilization` when initializing the engine.\\n\\nAt:\\n  /usr/local/lib/python3.10/dist-packages/vllm/worker/worker.py(483): raise_if_cache_size_invalid\\n"
I0322 09:13:12.981061 1 model_lifecycle.cc:789] "failed to load 'vllm_model'"
I0322 09:13:12.981190 1 server.cc:676]
+------------+---------+--------------------------------------------------------------------------------------------------+
| Model      | Version | Status                                                                                           |
+------------+---------+--------------------------------------------------------------------------------------------------+
| vllm_model | 1       | UNAVAILABLE: Internal: ValueError: No available memory for the cache blocks. Try increasing `gpu |
|            |         | _memory_utilization` when initializing the engine.                                               |
+------------+---------+--------------------------------------------------------------------------------------------------+
error: creating server: Internal - failed to load all models
'''),
]
