"""Lookalikes from serving / inference / rollout engines: memory named, no out-of-memory failure."""

CASES = [
    dict(name="L01-vllm-v0-memory-profiling-takes-healthy-breakdown", kind="lookalike",
         family="vLLM V0 worker memory profiling report: `Memory profiling takes N seconds` / `the current vLLM instance can use total_gpu_memory (X) x gpu_memory_utilization (U) = Y` / `model weights take ...; the rest of the memory reserved for KV Cache is Z` behind `(VllmWorkerProcess pid=N)` (a healthy start-up)",
         version="vLLM 0.6.4-0.7.x (worker/worker.py determine_num_available_blocks msg)",
         source="vllm-project/vllm vllm/worker/worker.py determine_num_available_blocks (msg = f`Memory profiling takes {result.profile_time:.2f} seconds\\nthe current vLLM instance can use total_gpu_memory ... the rest of the memory reserved for KV Cache is ...`), read in the stored corpus (find_string)",
         note="a start-up memory budget with a positive KV cache; the server starts",
         log='''(VllmWorkerProcess pid=532) INFO 07-23 20:49:31 worker.py:241] Memory profiling takes 12.95 seconds
(VllmWorkerProcess pid=532) INFO 07-23 20:49:31 worker.py:241] the current vLLM instance can use total_gpu_memory (44.39GiB) x gpu_memory_utilization (0.92) = 40.84GiB
(VllmWorkerProcess pid=532) INFO 07-23 20:49:31 worker.py:241] model weights take 21.67GiB; non_torch_memory takes 0.36GiB; PyTorch activation peak memory takes 4.73GiB; the rest of the memory reserved for KV Cache is 14.08GiB.
INFO 07-23 20:49:32 distributed_gpu_executor.py:57] # GPU blocks: 7208, # CPU blocks: 2048
INFO 07-23 20:49:32 distributed_gpu_executor.py:61] Maximum concurrency for 8192 tokens per request: 14.08x
INFO 07-23 20:49:51 model_runner.py:1535] Graph capturing finished in 19 secs, took 0.61 GiB
INFO 07-23 20:49:51 llm_engine.py:431] init engine (profile, create kv cache, warmup model) took 41.37 seconds
INFO 07-23 20:49:52 api_server.py:640] Using supplied chat template:
INFO:     Application startup complete.
'''),
    dict(name="L02-lmdeploy-no-enough-memory-update-max-prefill-token-num", kind="lookalike",
         family="LMDeploy PyTorch engine warning: `No enough memory. Update max_prefill_token_num=N` (the prefill budget is reduced to fit and the engine serves)",
         version="lmdeploy 0.4-0.10 (pytorch engine executor base _update_runtime_mem: logger.warning(f`No enough memory. Update max_prefill_token_num={max_prefill_token_num}`))",
         source="InternLM/lmdeploy lmdeploy/pytorch/engine/executor/base.py (logger.warning(f`No enough memory. Update max_prefill_token_num={max_prefill_token_num}`)), read in the stored corpus (find_string)",
         note="a reduce-and-continue warning; the server comes up and answers",
         log='''2025-03-02 10:14:02,441 - lmdeploy - WARNING - base.py:108 - No enough memory. Update max_prefill_token_num=2816
2025-03-02 10:14:05,902 - lmdeploy - INFO - cache_engine.py:78 - Initialize cache engine with 1187 gpu blocks and 512 cpu blocks.
HINT:    Please open http://0.0.0.0:23333 in a browser for detailed api usage!!!
INFO:     Started server process [4112]
INFO:     Application startup complete.
INFO:     Uvicorn running on http://0.0.0.0:23333 (Press CTRL+C to quit)
INFO:     10.0.0.8:50122 - "POST /v1/chat/completions HTTP/1.1" 200 OK
'''),
    dict(name="L03-llama-cpp-failed-to-mlock-rlimit-memlock", kind="lookalike",
         family="llama.cpp `--mlock`: `warning: failed to mlock N-byte buffer (after previously locking M bytes): Cannot allocate memory` + `Try increasing RLIMIT_MEMLOCK ('ulimit -l' as root).` (an rlimit, the model still loads and runs)",
         version="llama.cpp b1000-b6xxx (src/llama-mmap.cpp llama_mlock::raw_lock: fprintf(stderr, `warning: failed to mlock %zu-byte buffer (after previously locking %zu bytes): %s\\n%s`, ..., MLOCK_SUGGESTION))",
         source="ggml-org/llama.cpp src/llama-mmap.cpp llama_mlock::raw_lock (`warning: failed to mlock %zu-byte buffer (after previously locking %zu bytes): %s\\n%s`; MLOCK_SUGGESTION `Try increasing RLIMIT_MEMLOCK ('ulimit -l' as root).\\n`), read in the stored corpus (find_string)",
         note="mlock refused by RLIMIT_MEMLOCK; pages stay swappable and generation proceeds",
         log='''$ ./llama-cli -m models/llama-3.1-8b-instruct-q4_k_m.gguf --mlock -p "Hello" -n 32
llm_load_tensors:        CPU buffer size =  4685.30 MiB
warning: failed to mlock 4912893952-byte buffer (after previously locking 0 bytes): Cannot allocate memory
Try increasing RLIMIT_MEMLOCK ('ulimit -l' as root).
llama_new_context_with_model: n_ctx      = 8192
llama_kv_cache_init:        CPU KV buffer size =  1024.00 MiB
system_info: n_threads = 8 / 16 | AVX = 1 | AVX2 = 1 | FMA = 1 |
Hello! How can I help you today?
llama_perf_context_print:        eval time =    1204.55 ms /    31 runs   (   38.86 ms per token,    25.74 tokens per second)
'''),
    dict(name="L04-tgi-json-log-setting-max-batch-total-tokens", kind="lookalike",
         family="text-generation-inference router in JSON log format (`--json-output`): `Warming up model` then `Setting max batch total tokens to N` and `Connected` (the warm-up sized the KV budget; healthy)",
         version="TGI 1.x-2.x router (router/src/main.rs: tracing::info!(`Setting max batch total tokens to {max_supported_batch_total_tokens}`))",
         source="huggingface/text-generation-inference router/src/main.rs (tracing::info!(`Setting max batch total tokens to {max_supported_batch_total_tokens}`); tracing::info!(`Connected`)), read in the stored corpus (find_string)",
         note="a healthy warm-up; the server connects",
         log='''{"timestamp":"2024-03-09T05:08:14.751646Z","level":"INFO","message":"Warming up model","target":"text_generation_router","filename":"router/src/main.rs","line_number":291}
{"timestamp":"2024-03-09T05:08:19.961136Z","level":"INFO","message":"Setting max batch total tokens to 133696","target":"text_generation_router","filename":"router/src/main.rs","line_number":328}
{"timestamp":"2024-03-09T05:08:19.961164Z","level":"INFO","message":"Connected","target":"text_generation_router","filename":"router/src/main.rs","line_number":329}
{"timestamp":"2024-03-09T05:08:19.961171Z","level":"WARN","message":"Invalid hostname, defaulting to 0.0.0.0","target":"text_generation_router","filename":"router/src/main.rs","line_number":343}
'''),
    dict(name="L05-sglang-server-args-echo-mem-fraction-static", kind="lookalike",
         family="SGLang start-up: the `server_args=ServerArgs(...)` echo naming mem_fraction_static, max_total_tokens, cuda_graph_max_bs, enable_memory_saver (configuration, then a healthy start)",
         version="SGLang 0.4.x-0.5.x (srt/server_args.py / entrypoints: logger.info(f`server_args={server_args}`))",
         source="sgl-project/sglang python/sglang/srt/entrypoints/http_server.py launch_server / engine (`server_args=` dataclass repr)",
         note="a configuration echo and a healthy start; nothing failed",
         log='''[2025-06-03 08:11:02] server_args=ServerArgs(model_path='Qwen/Qwen3-14B', tokenizer_path='Qwen/Qwen3-14B', host='0.0.0.0', port=30000, mem_fraction_static=0.85, max_running_requests=None, max_total_tokens=None, chunked_prefill_size=8192, max_prefill_tokens=16384, schedule_policy='fcfs', cpu_offload_gb=0, tp_size=1, enable_memory_saver=False, cuda_graph_max_bs=160, disable_cuda_graph=False, enable_torch_compile=False, triton_attention_reduce_in_fp32=False)
[2025-06-03 08:11:19] Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=50.02 GB, mem usage=27.87 GB.
[2025-06-03 08:11:19] KV Cache is allocated. #tokens: 302611, K size: 20.78 GB, V size: 20.78 GB
[2025-06-03 08:11:33] Capture cuda graph end. Time elapsed: 13.52 s. mem usage=1.21 GB. avail mem=6.43 GB.
[2025-06-03 08:11:35] The server is fired up and ready to roll!
'''),
    dict(name="L06-ollama-server-offload-memory-required-estimates", kind="lookalike",
         family="Ollama server offload decision (slog): `msg=offload library=cuda layers.requested=-1 layers.model=N layers.offload=N ... memory.available=[...] memory.required.full=... memory.required.partial=... memory.required.kv=...` (an estimate before a successful load)",
         version="Ollama 0.3-0.9 (llm/memory.go EstimateGPULayers / server.go: slog.Info(`offload to cuda`, ...) key=value estimate lines)",
         source="ollama/ollama llm/memory.go MemoryEstimate.log (slog.Info(`offload to `+library, `layers.requested`, ..., `memory.available`, ..., `memory.required.full`, ...)), as remembered",
         note="memory estimates for a load that fits; the runner starts and serves",
         log='''time=2025-02-18T19:31:08.114+01:00 level=INFO source=memory.go:356 msg="offload to cuda" layers.requested=-1 layers.model=33 layers.offload=33 layers.split="" memory.available="[23.1 GiB]" memory.gpu_overhead="0 B" memory.required.full="6.2 GiB" memory.required.partial="6.2 GiB" memory.required.kv="1.0 GiB" memory.required.allocations="[6.2 GiB]" memory.weights.total="4.4 GiB" memory.weights.repeating="4.0 GiB" memory.weights.nonrepeating="411.0 MiB" memory.graph.full="560.0 MiB" memory.graph.partial="677.5 MiB"
time=2025-02-18T19:31:08.121+01:00 level=INFO source=server.go:376 msg="starting llama server" cmd="/usr/local/bin/ollama runner --model /root/.ollama/models/blobs/sha256-6a0746a1ec1a --ctx-size 8192 --batch-size 512 --n-gpu-layers 33 --threads 8 --parallel 4 --port 40117"
time=2025-02-18T19:31:10.602+01:00 level=INFO source=server.go:594 msg="llama runner started in 2.48 seconds"
[GIN] 2025/02/18 - 19:31:14 | 200 |  6.502118233s |       127.0.0.1 | POST     "/api/chat"
'''),
    dict(name="L07-vllm-v1-illegal-memory-access-enginedeaderror", kind="lookalike",
         family="vLLM V1 engine core dies of `CUDA error: an illegal memory access was encountered` (a kernel fault, not memory exhaustion), then `EngineDeadError` on the API server",
         version="vLLM 0.9-0.11 (`(EngineCore_DP0 pid=N)` prefix; v1/engine/core.py `EngineCore encountered a fatal error.`)",
         source="vllm-project/vllm vllm/v1/engine/core.py (logger.exception(`EngineCore encountered a fatal error.`)) + vllm/v1/engine/exceptions.py EngineDeadError; CUDA error string from cudaErrorIllegalAddress",
         note="an illegal address (kernel bug), not an out-of-memory",
         log='''(EngineCore_DP0 pid=4118) ERROR 09-14 02:11:56 [core.py:710] EngineCore encountered a fatal error.
(EngineCore_DP0 pid=4118) ERROR 09-14 02:11:56 [core.py:710] Traceback (most recent call last):
(EngineCore_DP0 pid=4118) ERROR 09-14 02:11:56 [core.py:710]   File "/opt/venv/lib/python3.12/site-packages/vllm/v1/worker/gpu_model_runner.py", line 1688, in execute_model
(EngineCore_DP0 pid=4118) ERROR 09-14 02:11:56 [core.py:710]     valid_sampled_token_ids = sampled_token_ids.tolist()
(EngineCore_DP0 pid=4118) ERROR 09-14 02:11:56 [core.py:710] RuntimeError: CUDA error: an illegal memory access was encountered
(EngineCore_DP0 pid=4118) ERROR 09-14 02:11:56 [core.py:710] CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.
(EngineCore_DP0 pid=4118) ERROR 09-14 02:11:56 [core.py:710] Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.
(APIServer pid=1) ERROR 09-14 02:11:56 [async_llm.py:480] AsyncLLM output_handler failed.
(APIServer pid=1) vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue. See stack trace (above) for the root cause.
'''),
    dict(name="L08-vllm-prometheus-metrics-kv-cache-usage", kind="lookalike",
         family="vLLM `/metrics` (Prometheus exposition): `vllm:gpu_cache_usage_perc` / `vllm:kv_cache_usage_perc` near 1.0, `vllm:num_preemptions_total`, `vllm:num_requests_waiting` (load metrics, no failure)",
         version="vLLM 0.4-0.11 (v1/metrics/loggers.py PrometheusStatLogger gauges; the V1 name vllm:kv_cache_usage_perc replaces vllm:gpu_cache_usage_perc)",
         source="vllm-project/vllm vllm/v1/metrics/loggers.py PrometheusStatLogger (`vllm:kv_cache_usage_perc`, `vllm:num_preemptions`, `vllm:num_requests_waiting`), as remembered",
         note="a metrics scrape; KV usage high but nothing failed",
         log='''$ curl -s localhost:8000/metrics | grep -E '^vllm:(kv_cache|gpu_cache|num_preempt|num_requests)'
vllm:num_requests_running{engine="0",model_name="meta-llama/Llama-3.1-70B-Instruct"} 64.0
vllm:num_requests_waiting{engine="0",model_name="meta-llama/Llama-3.1-70B-Instruct"} 17.0
vllm:kv_cache_usage_perc{engine="0",model_name="meta-llama/Llama-3.1-70B-Instruct"} 0.9871
vllm:gpu_cache_usage_perc{engine="0",model_name="meta-llama/Llama-3.1-70B-Instruct"} 0.9871
vllm:num_preemptions_total{engine="0",model_name="meta-llama/Llama-3.1-70B-Instruct"} 3.0
'''),
    dict(name="L09-ollama-pull-no-space-left-on-device", kind="lookalike",
         family="Ollama pull: `Error: write /root/.ollama/models/blobs/sha256-...-partial: no space left on device` (the model store's disk is full, not memory or /dev/shm)",
         version="Ollama 0.1-0.12 (server/download.go writing `-partial` blob chunks; Go's syscall.ENOSPC text)",
         source="ollama/ollama server/download.go blobDownload (writes `<blob>-partial` files; the error text is Go's os.PathError `write <path>: no space left on device`), as remembered",
         note="a full disk; no memory ran out",
         log='''$ ollama pull llama3.1:70b
pulling manifest
pulling a677b4a4b70c...  61% ▕█████████       ▏  24 GB/ 39 GB  112 MB/s   2m14s
Error: write /root/.ollama/models/blobs/sha256-a677b4a4b70c45e702b1d600f7905e367733c53898b8be60e3f29272cf334574-partial: no space left on device
$ df -h /root/.ollama
Filesystem      Size  Used Avail Use% Mounted on
/dev/nvme0n1p2   98G   98G     0 100% /
'''),
    dict(name="L10-triton-server-options-table-memory-pools", kind="lookalike",
         family="Triton Inference Server start-up options table (`| Option | Value |`): `pinned_memory_pool_byte_size`, `cuda_memory_pool_byte_size{0}`, `response_cache_byte_size`, `min_supported_compute_capability` (configuration echo, then a healthy start)",
         version="Triton 2.x / NGC 22.x-25.x (server.cc prints the option table at start-up)",
         source="triton-inference-server/core src/server.cc InferenceServer::Init / PrintBackendAndModelSummary (option table with pinned_memory_pool_byte_size, cuda_memory_pool_byte_size{N}), as remembered",
         note="a configuration table; the server starts and serves",
         log='''I0905 12:00:04.215339 1 server.cc:677]
+----------------------------------+--------------------------------------------------+
| Option                           | Value                                            |
+----------------------------------+--------------------------------------------------+
| server_id                        | triton                                           |
| server_version                   | 2.49.0                                           |
| model_repository_path[0]         | /models                                          |
| model_control_mode               | MODE_NONE                                        |
| pinned_memory_pool_byte_size     | 268435456                                        |
| cuda_memory_pool_byte_size{0}    | 67108864                                         |
| min_supported_compute_capability | 6.0                                              |
| strict_readiness                 | 1                                                |
| exit_timeout                     | 30                                               |
| cache_enabled                    | 0                                                |
+----------------------------------+--------------------------------------------------+
I0905 12:00:04.231004 1 grpc_server.cc:2463] "Started GRPCInferenceService at 0.0.0.0:8001"
I0905 12:00:04.231328 1 http_server.cc:4692] "Started HTTPService at 0.0.0.0:8000"
'''),
    dict(name="L11-kuberay-raycluster-describe-memory-requests", kind="lookalike",
         family="KubeRay: `kubectl get raycluster -o yaml` excerpt with head/worker group containers' `resources: limits: memory: 64Gi` and the cluster status `ready` (a resource spec and healthy status)",
         version="KubeRay 1.1-1.3 (ray.io/v1 RayCluster CRD; status.state ready, status.desiredMemory)",
         source="ray-project/kuberay ray-operator/apis/ray/v1/raycluster_types.go (RayClusterStatus: State, DesiredMemory, DesiredGPU, AvailableWorkerReplicas), as remembered",
         note="a resource specification and a ready cluster; nothing ran out",
         log='''$ kubectl get raycluster vllm-serve -o yaml | yq '.spec.workerGroupSpecs[0].template.spec.containers[0].resources, .status'
limits:
  cpu: "16"
  memory: 64Gi
  nvidia.com/gpu: "1"
requests:
  cpu: "16"
  memory: 64Gi
  nvidia.com/gpu: "1"
availableWorkerReplicas: 4
desiredCPU: "72"
desiredGPU: "4"
desiredMemory: 288Gi
desiredWorkerReplicas: 4
readyWorkerReplicas: 4
state: ready
'''),
    dict(name="L12-vllm-serve-help-memory-options", kind="lookalike",
         family="`vllm serve --help` excerpt: the CacheConfig group (`--gpu-memory-utilization`, `--swap-space`, `--cpu-offload-gb`, `--kv-cache-memory`) whose help text describes memory fractions and offload (documentation, nothing ran)",
         version="vLLM 0.10-0.11 (engine/arg_utils.py CacheConfig argument group; help texts from config dataclass docstrings)",
         source="vllm-project/vllm vllm/config/cache.py CacheConfig docstrings (gpu_memory_utilization: `The fraction of GPU memory to be used for the model executor, which can range from 0 to 1. ...`; swap_space: `Size of the CPU swap space per GPU (in GiB).`), as remembered",
         note="help text; no process ran out of memory",
         log='''$ vllm serve --help=CacheConfig
CacheConfig:
  Configuration for the KV cache.

  --gpu-memory-utilization GPU_MEMORY_UTILIZATION
                        The fraction of GPU memory to be used for the model executor, which can range from 0 to 1. For example, a value of 0.5 would imply 50% GPU memory utilization. If unspecified, will use the default value of 0.9. This is a per-instance limit, and only applies to the current vLLM instance. It does not matter if you have another vLLM instance running on the same GPU. (default: 0.9)
  --swap-space SWAP_SPACE
                        Size of the CPU swap space per GPU (in GiB). (default: 4)
  --cpu-offload-gb CPU_OFFLOAD_GB
                        The space in GiB to offload to CPU, per GPU. Default is 0, which means no offloading. Intuitively, this argument can be seen as a virtual way to increase the GPU memory size. (default: 0)
  --kv-cache-memory KV_CACHE_MEMORY
                        Size of KV Cache per GPU in bytes. By default, this is set to None and vllm can automatically infer the kv cache size based on gpu_memory_utilization. (default: None)
'''),
]
