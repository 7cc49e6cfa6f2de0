"""Not-OOM lookalikes from serving / inference engines and the clusters under them: they name memory, a KV cache, a
fallback or a retry, but nothing ran out."""

CASES = [
    dict(name="L01-triton-cuda-pool-cnmem-oom-falling-back-to-pinned", kind="lookalike",
         family="Triton Inference Server: the CUDA memory pool for an output buffer is exhausted once, `Failed to allocate CUDA memory with byte size N on GPU 0: CNMEM_STATUS_OUT_OF_MEMORY, falling back to pinned system memory` (logged once, the request is served from pinned host memory)",
         version="Triton 2.x / NGC 21.x-25.x (core src/memory.cc / infer_response.cc: LOG_WARNING << status.Message() << `, falling back to pinned system memory`; cuda_memory_manager.cc `Failed to allocate CUDA memory with byte size ... on GPU ...: CNMEM_STATUS_OUT_OF_MEMORY`)",
         source="triton-inference-server/core src/memory.cc AllocatedMemory (`, falling back to pinned system memory`, logged once) - read in the stored corpus (find_string), and the server's L0_io test that greps for it + src/cuda_memory_manager.cc (`Failed to allocate CUDA memory with byte size`)",
         log='''I0611 12:20:44.112081 1 server.cc:677] "+---------+---------+--------+\\n| Model   | Version | Status |\\n+---------+---------+--------+\\n| ensemble_ocr | 1 | READY |\\n+---------+---------+--------+"
W0611 12:31:09.847722 1 memory.cc:212] "Failed to allocate CUDA memory with byte size 78643200 on GPU 0: CNMEM_STATUS_OUT_OF_MEMORY, falling back to pinned system memory"
I0611 12:31:10.020315 1 http_server.cc:3681] "HTTP request: 2 /v2/models/ensemble_ocr/infer"
I0611 12:31:10.311947 1 infer_handler.cc:1101] "ModelInferHandler::InferResponseComplete, 0 step ISSUED"
'''),
    dict(name="L02-vllm-shm-broadcast-no-available-block-60s-then-ready", kind="lookalike",
         family="vLLM: `No available shared memory broadcast block found in 60 seconds. This typically happens when some processes are hanging or doing some time-consuming work (e.g. compilation, weight/kv cache quantization).` while workers compile, then `Graph capturing finished` and the server starts (a wait, not shared memory running out)",
         version="vLLM 0.6-0.11 (distributed/device_communicators/shm_broadcast.py MessageQueue.acquire_write / acquire_read: logger.info / warning(`No available shared memory broadcast block found in %s seconds. This typically happens when some processes are hanging or doing some time-consuming work (e.g. compilation, weight/kv cache quantization).`))",
         source="vllm-project/vllm vllm/distributed/device_communicators/shm_broadcast.py (`No available shared memory broadcast block found in ...`), wording read in users' pastes (find_string)",
         log='''(Worker_TP0 pid=1133) INFO 02-22 23:21:09 [backends.py:350] Cache the graph of compile range (1, 32768) for later use
(EngineCore_DP0 pid=333) INFO 02-22 23:21:42 [shm_broadcast.py:548] No available shared memory broadcast block found in 60 seconds. This typically happens when some processes are hanging or doing some time-consuming work (e.g. compilation, weight/kv cache quantization).
(EngineCore_DP0 pid=333) INFO 02-22 23:22:42 [shm_broadcast.py:548] No available shared memory broadcast block found in 60 seconds. This typically happens when some processes are hanging or doing some time-consuming work (e.g. compilation, weight/kv cache quantization).
(Worker_TP0 pid=1133) INFO 02-22 23:23:01 [monitor.py:34] torch.compile takes 211.48 s in total
(Worker_TP0 pid=1133) INFO 02-22 23:23:39 [gpu_model_runner.py:3480] Graph capturing finished in 31 secs, took 1.21 GiB
(EngineCore_DP0 pid=333) INFO 02-22 23:23:40 [core.py:210] init engine (profile, create kv cache, warmup model) took 283.61 seconds
(APIServer pid=1) INFO:     Application startup complete.
'''),
    dict(name="L03-llama-server-kv-free-space-retry-then-200", kind="lookalike",
         family="llama.cpp server: `failed to find free space in the KV cache, retrying with smaller batch size - try increasing it via the context size or enable defragmentation` once (n_batch 512 -> 256), the smaller batch decodes and the request completes 200 (a retry that succeeded; the slot-purge path)",
         version="llama.cpp b4000-b6xxx (tools/server/server.cpp update_slots SRV_WRN; the retry halves n_batch and continues)",
         source="ggml-org/llama.cpp tools/server/server.cpp update_slots (`failed to find free space in the KV cache, retrying with smaller batch size - try increasing it via the context size or enable defragmentation, i = %d, n_batch = %d, ret = %d`), read in the stored corpus (find_string)",
         log='''slot update_slots: id  1 | task 412 | new prompt, n_ctx_slot = 16384, n_keep = 0, n_prompt_tokens = 3071
decode: failed to find a memory slot for batch of size 512
srv  update_slots: failed to find free space in the KV cache, retrying with smaller batch size - try increasing it via the context size or enable defragmentation, i = 0, n_batch = 256, ret = 1
slot update_slots: id  1 | task 412 | prompt done, n_past = 3071, n_tokens = 255
slot      release: id  1 | task 412 | stop processing: n_past = 3388, truncated = 0
slot print_timing: id  1 | task 412 |
prompt eval time =    1921.42 ms /  3071 tokens (    0.63 ms per token,  1598.29 tokens per second)
       eval time =    7810.11 ms /   318 tokens (   24.56 ms per token,    40.72 tokens per second)
srv  update_slots: all slots are idle
srv  log_server_r: request: POST /v1/chat/completions 127.0.0.1 200
'''),
    dict(name="L04-vllm-v1-possibly-too-large-swap-space-warning", kind="lookalike",
         family="vLLM start-up warning `Possibly too large swap space. X GiB out of the Y GiB total CPU memory is allocated for the swap space.` (between 40 % and 70 % of host RAM; above 70 % it is the `Too large swap space` error) on a V1 API server that then starts",
         version="vLLM 0.4-0.10 (config CacheConfig.verify_with_parallel_config: logger.warning(`Possibly too large swap space. %s`, msg); V1 prefix `(APIServer pid=N)` [cache.py])",
         source="vllm-project/vllm vllm/config/cache.py (formerly config.py) CacheConfig.verify_with_parallel_config (`Possibly too large swap space. %s` with msg `... GiB out of the ... GiB total CPU memory is allocated for the swap space.`), read in the stored corpus (find_string)",
         log='''(APIServer pid=7) INFO 03-19 11:13:17 [scheduler.py:222] Chunked prefill is enabled with max_num_batched_tokens=2048.
(APIServer pid=7) WARNING 03-19 11:13:17 [cache.py:216] Possibly too large swap space. 4.00 GiB out of the 7.63 GiB total CPU memory is allocated for the swap space.
(EngineCore_0 pid=62) INFO 03-19 11:13:21 [core.py:636] Waiting for init message from front-end.
(EngineCore_0 pid=62) INFO 03-19 11:13:58 [gpu_worker.py:276] Available KV cache memory: 3.41 GiB
(EngineCore_0 pid=62) INFO 03-19 11:13:58 [kv_cache_utils.py:849] GPU KV cache size: 31,920 tokens
(APIServer pid=7) INFO:     Started server process [7]
(APIServer pid=7) INFO:     Application startup complete.
'''),
    dict(name="L05-ollama-model-layout-did-not-fit-backoff-then-runner-started", kind="lookalike",
         family="Ollama server (new engine): `model layout did not fit, applying backoff` at INFO with a backoff value, then the layout fits and `llama runner started in N seconds` (the load succeeded after backing off)",
         version="Ollama 0.11-0.12 (llm/server.go ollamaServer.Load: slog.Info(`model layout did not fit, applying backoff`, `backoff`, ...); `llama runner started in %0.2f seconds`)",
         source="ollama/ollama llm/server.go Load (`model layout did not fit, applying backoff`), read in the stored corpus (find_string); server.go WaitUntilRunning (`llama runner started in ...`)",
         log='''time=2025-09-28T20:11:04.512+02:00 level=INFO source=server.go:1250 msg="waiting for llama runner to start responding"
time=2025-09-28T20:11:05.931+02:00 level=INFO source=server.go:673 msg="model layout did not fit, applying backoff" backoff=0.01
time=2025-09-28T20:11:06.845+02:00 level=INFO source=server.go:673 msg="model layout did not fit, applying backoff" backoff=0.02
time=2025-09-28T20:11:09.120+02:00 level=INFO source=ggml.go:487 msg="offloading 36 repeating layers to GPU"
time=2025-09-28T20:11:09.120+02:00 level=INFO source=ggml.go:498 msg="offloaded 35/37 layers to GPU"
time=2025-09-28T20:11:13.402+02:00 level=INFO source=server.go:1288 msg="llama runner started in 8.89 seconds"
[GIN] 2025/09/28 - 20:11:19 | 200 |  15.112431s |       127.0.0.1 | POST     "/api/chat"
'''),
    dict(name="L06-deepspeed-fastgen-kv-cache-allocation-debug-healthy", kind="lookalike",
         family="DeepSpeed-FastGen debug log of KV-cache sizing: `Memory usage before KV-cache allocation: total_memory=..., available_kv_memory=..., total_per_block_footprint=...` then `Allocating KV-cache 0 with shape: (...) consisting of N blocks.` (healthy start)",
         version="deepspeed 0.12-0.16 (inference/v2/ragged/kv_cache.py BlockedKVCache: inference_logger().debug(`Memory usage before KV-cache allocation: ...`); .info(`Allocating KV-cache {id} with shape: {shape} consisting of {n} blocks.`))",
         source="microsoft/DeepSpeed deepspeed/inference/v2/ragged/kv_cache.py (both messages), read in the stored corpus (find_string)",
         log='''[2024-03-06 11:02:40,117] [INFO] [engine_v2.py:82:__init__] Building model...
[2024-03-06 11:03:12,551] [DEBUG] [kv_cache.py:103:__init__] Memory usage before KV-cache allocation: total_memory=85029158912, available_kv_memory=52143972352, total_per_block_footprint=26214400
[2024-03-06 11:03:12,552] [INFO] [kv_cache.py:127:__init__] Allocating KV-cache 0 with shape: (40, 1989, 64, 2, 40, 128) consisting of 1989 blocks.
[2024-03-06 11:03:14,006] [INFO] [server.py:88:_wait_until_server_is_live] Waiting for server to start...
[2024-03-06 11:03:19,013] [INFO] [server.py:88:_wait_until_server_is_live] MII server is live
'''),
    dict(name="L07-tgi-launcher-args-debug-struct-cuda-memory-fraction", kind="lookalike",
         family="text-generation-inference launcher start-up: the `Args { ... }` debug dump naming cuda_memory_fraction, max_batch_prefill_tokens, max_total_tokens, max_input_tokens, then the shard starts and the router connects (configuration echo)",
         version="TGI 1.x-3.x launcher (launcher/src/main.rs: tracing::info!(`{:#?}`, args) prints the clap Args struct)",
         source="huggingface/text-generation-inference launcher/src/main.rs (Args struct with cuda_memory_fraction, max_batch_prefill_tokens; `{:?}` dump at start), as remembered",
         confidence="medium",
         log='''2025-03-02T08:01:12.440512Z  INFO text_generation_launcher: Args {
    model_id: "mistralai/Mistral-7B-Instruct-v0.3",
    sharded: None,
    num_shard: None,
    quantize: None,
    max_input_tokens: Some(
        16000,
    ),
    max_total_tokens: Some(
        16384,
    ),
    max_batch_prefill_tokens: Some(
        16050,
    ),
    max_batch_total_tokens: None,
    cuda_memory_fraction: 0.9,
    disable_custom_kernels: false,
    json_output: false,
}
2025-03-02T08:01:12.440611Z  INFO text_generation_launcher: Using attention flashinfer - Prefix caching true
2025-03-02T08:01:43.218305Z  INFO text_generation_launcher: Shard ready in 30.41s rank=0
2025-03-02T08:01:46.002811Z  INFO text_generation_router_v3: backends/v3/src/lib.rs:137: Setting max batch total tokens to 110432
2025-03-02T08:01:46.301234Z  INFO text_generation_router::server: router/src/server.rs:2399: Connected
'''),
    dict(name="L08-ray-memory-stats-only-plasma-spilled", kind="lookalike",
         family="`ray memory --stats-only`: the object store summary (`Plasma memory usage N MiB, M objects, X% full, Y% needed`, `Spilled N MiB, M objects, avg write throughput ...`, `Restored ...`, `Objects consumed by Ray tasks: ...`) on a healthy cluster",
         version="Ray 2.x (python/ray/_private/internal_api.py memory_summary / store_stats_summary)",
         source="ray-project/ray python/ray/_private/internal_api.py store_stats_summary (`Plasma memory usage {} MiB, {} objects, {}% full, {}% needed`; `Spilled {} MiB, {} objects, avg write throughput {} MiB/s`; `Objects consumed by Ray tasks: {} MiB.`), as remembered",
         confidence="medium",
         log='''$ ray memory --stats-only
======== Object references status: 2025-05-02 16:10:44.812201 ========
--- Aggregate object store stats across all nodes ---
Plasma memory usage 18421 MiB, 2291 objects, 86.31% full, 12.02% needed
Plasma filesystem mmap usage: 18421 MiB
Spilled 40960 MiB, 5120 objects, avg write throughput 611 MiB/s
Restored 20480 MiB, 2560 objects, avg read throughput 902 MiB/s
Objects consumed by Ray tasks: 61544 MiB.
'''),
    dict(name="L09-ollama-new-engine-memory-breakdown-healthy", kind="lookalike",
         family="Ollama new engine start-up memory breakdown at INFO: `msg=\"model weights\" device=CUDA0 size=...`, `msg=\"kv cache\" device=CUDA0 size=...`, `msg=\"compute graph\" ...`, `msg=\"total memory\" size=...` then the runner starts (a report, no failure)",
         version="Ollama 0.11-0.12 (ml/backend/ggml/ggml.go / llm/server.go memory summary slog.Info lines per device)",
         source="ollama/ollama llm/server.go / ml/backend/ggml (per-device `model weights`, `kv cache`, `compute graph`, `total memory` INFO lines), as remembered",
         confidence="low",
         log='''time=2025-10-04T09:12:31.228Z level=INFO source=ggml.go:104 msg=system CPU.0.LLAMAFILE=1 CUDA.0.ARCHS=500,600,610,700,750,800,860,870,890,900,1200
time=2025-10-04T09:12:33.914Z level=INFO source=backend.go:310 msg="model weights" device=CUDA0 size="17.3 GiB"
time=2025-10-04T09:12:33.914Z level=INFO source=backend.go:315 msg="model weights" device=CPU size="486.9 MiB"
time=2025-10-04T09:12:33.914Z level=INFO source=backend.go:321 msg="kv cache" device=CUDA0 size="2.0 GiB"
time=2025-10-04T09:12:33.914Z level=INFO source=backend.go:332 msg="compute graph" device=CUDA0 size="676.0 MiB"
time=2025-10-04T09:12:33.914Z level=INFO source=backend.go:342 msg="total memory" size="20.5 GiB"
time=2025-10-04T09:12:36.102Z level=INFO source=server.go:1288 msg="llama runner started in 5.11 seconds"
'''),
    dict(name="L10-llama-kv-cache-unified-size-report", kind="lookalike",
         family="llama.cpp context creation report: `llama_kv_cache_unified: size = N MiB (cells, layers, seqs), K (f16): ..., V (f16): ...`, `llama_context: CUDA_Host  output buffer size`, `CUDA0 compute buffer size` (healthy buffer sizes)",
         version="llama.cpp b5500-b6xxx (src/llama-kv-cache-unified.cpp LLAMA_LOG_INFO(`%s: size = %7.2f MiB (%6u cells, %3d layers, %2u/%u seqs), K (%s): %7.2f MiB, V (%s): %7.2f MiB`); llama-context.cpp compute buffer lines)",
         source="ggml-org/llama.cpp src/llama-kv-cache-unified.cpp (size report) + src/llama-context.cpp (`%s: %10s compute buffer size = %8.2f MiB`), as remembered",
         confidence="medium",
         log='''llama_context: n_ctx_per_seq (32768) < n_ctx_train (131072) -- the full capacity of the model will not be utilized
llama_context:  CUDA_Host  output buffer size =     0.58 MiB
llama_kv_cache_unified:      CUDA0 KV buffer size =  4096.00 MiB
llama_kv_cache_unified: size = 4096.00 MiB ( 32768 cells,  32 layers,  1/ 1 seqs), K (f16): 2048.00 MiB, V (f16): 2048.00 MiB
llama_context:      CUDA0 compute buffer size =  2144.00 MiB
llama_context:  CUDA_Host compute buffer size =    72.01 MiB
llama_context: graph nodes  = 1158
llama_context: graph splits = 2
main: server is listening on http://127.0.0.1:8080 - starting the main loop
'''),
    dict(name="L11-sglang-launch-server-help-mem-fraction-static", kind="lookalike",
         family="`python -m sglang.launch_server --help` excerpt: `--mem-fraction-static` help `The fraction of the memory used for static allocation (model weights and KV cache memory pool). Use a smaller value if you see out-of-memory errors.` with neighbouring options (documentation, nothing ran)",
         version="SGLang 0.2-0.5 (srt/server_args.py add_cli_args help strings)",
         source="sgl-project/sglang python/sglang/srt/server_args.py ServerArgs.add_cli_args (`The fraction of the memory used for static allocation (model weights and KV cache memory pool). Use a smaller value if you see out-of-memory errors.`), read in the stored corpus (find_string)",
         log='''$ python -m sglang.launch_server --help | sed -n '/--mem-fraction-static/,/--chunked-prefill-size/p'
  --mem-fraction-static MEM_FRACTION_STATIC
                        The fraction of the memory used for static allocation
                        (model weights and KV cache memory pool). Use a
                        smaller value if you see out-of-memory errors.
  --max-running-requests MAX_RUNNING_REQUESTS
                        The maximum number of running requests.
  --max-total-tokens MAX_TOTAL_TOKENS
                        The maximum number of tokens in the memory pool. If
                        not specified, it will be automatically calculated
                        based on the memory usage fraction. This option is
                        typically used for development and debugging purposes.
  --chunked-prefill-size CHUNKED_PREFILL_SIZE
'''),
    dict(name="L12-trtllm-executor-illegal-memory-access", kind="lookalike",
         family="TensorRT-LLM C++ executor: `Encountered an error in forwardAsync function: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMemcpyAsync(...): an illegal memory access was encountered` (a kernel fault, not exhaustion)",
         version="TensorRT-LLM 0.10-0.20 (executorImpl.cpp TLLM_LOG_ERROR(`Encountered an error in forwardAsync function: %s`); cudaUtils.h check `[TensorRT-LLM][ERROR] CUDA runtime error in %s: %s`)",
         source="NVIDIA/TensorRT-LLM cpp/tensorrt_llm/executor/executorImpl.cpp (`Encountered an error in forwardAsync function: %s`) + cpp/include/tensorrt_llm/common/cudaUtils.h (`CUDA runtime error in `); error string cudaErrorIllegalAddress",
         log='''[TensorRT-LLM][INFO] Number of tokens per block: 64.
[TensorRT-LLM][INFO] [MemUsageChange] Allocated 52.18 GiB for max tokens in paged KV cache (853952).
[11/20/2025-04:18:33] [TRT-LLM] [I] Executor started, serving on 0.0.0.0:8000
[TensorRT-LLM][ERROR] Encountered an error in forwardAsync function: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMemcpyAsync(dst, src, sizeInBytes, cudaMemcpyDefault, mStream->get()): an illegal memory access was encountered (/src/tensorrt_llm/cpp/tensorrt_llm/runtime/bufferManager.cpp:133)
1       0x7f6d2b3c1a8e tensorrt_llm::common::throwRuntimeError(char const*, int, std::string const&) + 94
2       0x7f6d2d81f2c4 tensorrt_llm::runtime::BufferManager::copy(void const*, tensorrt_llm::runtime::IBuffer&, tensorrt_llm::runtime::MemoryType) const + 212
[TensorRT-LLM][ERROR] Encountered error for requestId 1177: Encountered an error in forwardAsync function: [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMemcpyAsync(dst, src, sizeInBytes, cudaMemcpyDefault, mStream->get()): an illegal memory access was encountered
'''),
    dict(name="L13-vllm-hf-download-errno-28-no-space-left-hub-cache", kind="lookalike",
         family="vLLM start-up downloading weights: `OSError: [Errno 28] No space left on device` while huggingface_hub writes a `.incomplete` blob under /root/.cache/huggingface (the model cache's disk is full, not memory or /dev/shm)",
         version="vLLM 0.6-0.11 (model_executor/model_loader/weight_utils.py download_weights_from_hf -> huggingface_hub snapshot_download 0.2x; Python OSError errno 28 text)",
         source="vllm-project/vllm vllm/model_executor/model_loader/weight_utils.py download_weights_from_hf + huggingface/huggingface_hub src/huggingface_hub/file_download.py (`.incomplete` temp blob), as remembered",
         log='''(APIServer pid=1) INFO 09-12 06:40:02 [api_server.py:1805] vLLM API server version 0.10.1.1
(EngineCore_0 pid=81) INFO 09-12 06:40:17 [weight_utils.py:296] Using model weights format ['*.safetensors']
(EngineCore_0 pid=81) ERROR 09-12 06:43:51 [core.py:700] EngineCore failed to start.
(EngineCore_0 pid=81) ERROR 09-12 06:43:51 [core.py:700]   File "/usr/local/lib/python3.12/dist-packages/huggingface_hub/file_download.py", line 1710, in _download_to_tmp_and_move
(EngineCore_0 pid=81) ERROR 09-12 06:43:51 [core.py:700]     http_get(
(EngineCore_0 pid=81) ERROR 09-12 06:43:51 [core.py:700] OSError: [Errno 28] No space left on device: '/root/.cache/huggingface/hub/models--Qwen--Qwen2.5-72B-Instruct/blobs/3f1a9c0e7b2d4e58a6c1b0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9.incomplete'
(APIServer pid=1) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}
'''),
]
