"""Host-memory OOM formats (serving / inference engines and the clusters under them) in none of messages/ .. messages-h/."""

CASES = [
    dict(name="22-tgi-launcher-shard-signaled-to-shutdown-signal-9", kind="host",
         family="Hugging Face text-generation-inference launcher: `Shard process was signaled to shutdown with signal 9` then `Shard 0 failed to start` / `Error: ShardCannotStart` (the Python shard SIGKILLed while loading weights into host RAM; no memory printed)",
         version="TGI 1.x-3.x launcher (launcher/src/main.rs shard_manager: tracing::error!(`Shard process was signaled to shutdown with signal {signal}`); `Shard {rank} failed to start`; Error: ShardCannotStart)",
         source="huggingface/text-generation-inference launcher/src/main.rs shard_manager (`Shard complete standard error output:` ... `Shard process was signaled to shutdown with signal {signal}`), read in the stored corpus (find_string)",
         log='''2024-08-11T09:34:02.114270Z  INFO text_generation_launcher: Args { model_id: "mistralai/Mixtral-8x7B-Instruct-v0.1", sharded: None, num_shard: Some(2), quantize: None, max_input_tokens: Some(8191), max_total_tokens: Some(8192), ... }
2024-08-11T09:34:02.114551Z  INFO download: text_generation_launcher: Starting check and download process for mistralai/Mixtral-8x7B-Instruct-v0.1
2024-08-11T09:35:40.871502Z  INFO shard-manager: text_generation_launcher: Starting shard rank=0
2024-08-11T09:35:40.871588Z  INFO shard-manager: text_generation_launcher: Starting shard rank=1
2024-08-11T09:36:20.902114Z  INFO shard-manager: text_generation_launcher: Waiting for shard to be ready... rank=0
2024-08-11T09:36:31.931871Z ERROR shard-manager: text_generation_launcher: Shard complete standard error output:

2024-08-11 09:35:44.610 | INFO     | text_generation_server.utils.import_utils:<module>:75 - Detected system cuda
 rank=0
2024-08-11T09:36:31.932556Z ERROR shard-manager: text_generation_launcher: Shard process was signaled to shutdown with signal 9 rank=0
2024-08-11T09:36:32.029976Z ERROR text_generation_launcher: Shard 0 failed to start
2024-08-11T09:36:32.030017Z  INFO text_generation_launcher: Shutting down shards
Error: ShardCannotStart
'''),
    dict(name="23-vllm-worker-died-unexpectedly-memcg-killed-vllm-worker-tp", kind="host",
         family="vLLM V1 multiproc executor: `Worker proc VllmWorker-0 died unexpectedly, shutting down executor.` with the cgroup OOM kill of the worker whose process title is `VLLM::Worker_TP` (15-character comm) in the kernel log",
         version="vLLM 0.10-0.11 (v1/executor/multiproc_executor.py MultiprocWorkerMonitor: logger.error(`Worker proc %s died unexpectedly, shutting down executor.`); process titles `VLLM::EngineCore`, `VLLM::Worker_TP0`) + Linux 5.x-6.x memcg OOM lines",
         source="vllm-project/vllm vllm/v1/executor/multiproc_executor.py (`Worker proc %s died unexpectedly, shutting down executor.`, read in the stored corpus) + vllm/utils bind_process_name / set_process_title (`VLLM::Worker_TP`) + torvalds/linux mm/oom_kill.c (`Memory cgroup out of memory: Killed process %d (%s) ...`)",
         log='''(EngineCore_DP0 pid=265) INFO 02-27 10:30:41 [default_loader.py:267] Loading weights took 48.73 seconds
(EngineCore_DP0 pid=265) ERROR 02-27 10:31:24 [multiproc_executor.py:231] Worker proc VllmWorker-0 died unexpectedly, shutting down executor.
(EngineCore_DP0 pid=265) Process EngineCore_DP0:
(APIServer pid=1) RuntimeError: Engine core initialization failed. See root cause above. Failed core proc(s): {}
$ sudo journalctl -k --since "10:31" --no-pager | tail -4
Feb 27 10:31:23 gpu-node-07 kernel: oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=docker-8f1e2a.scope,mems_allowed=0-1,oom_memcg=/system.slice/docker-8f1e2a.scope,task_memcg=/system.slice/docker-8f1e2a.scope,task=VLLM::Worker_TP,pid=311,uid=0
Feb 27 10:31:23 gpu-node-07 kernel: Memory cgroup out of memory: Killed process 311 (VLLM::Worker_TP) total-vm:98123344kB, anon-rss:61802240kB, file-rss:512000kB, shmem-rss:8192kB, UID:0 pgtables:123456kB oom_score_adj:0
'''),
    dict(name="24-triton-python-backend-failed-to-increase-shm-pool", kind="host",
         family="Triton Inference Server Python backend: `Failed to increase the shared memory pool size for key 'triton_python_backend_shm_region_N' to X bytes. If you are running Triton inside docker, use '--shm-size' flag ...` (/dev/shm exhausted between the server and its Python stub)",
         version="Triton 22.x-25.x python_backend (src/shm_manager.cc SharedMemoryManager::GrowIfNeeded: `Failed to increase the shared memory pool size for key '...' to N bytes. If you are running Triton inside docker, use '--shm-size' flag to control the shared memory region size. Error: ...`)",
         source="triton-inference-server/python_backend src/shm_manager.cc GrowIfNeeded (PythonBackendException(`Failed to increase the shared memory pool size for key '` + shm_key_ + `' to ` + ... + ` bytes. If you are running Triton inside docker, use '--shm-size' flag to control the shared memory region size. Error: ` + ex.what())), read in the stored corpus (find_string)",
         log='''$ python client.py --model whisper_pipeline --audio long_meeting.wav
Traceback (most recent call last):
  File "/workspace/client.py", line 58, in <module>
    result = client.infer(model_name=args.model, inputs=inputs, outputs=outputs)
  File "/usr/local/lib/python3.10/dist-packages/tritonclient/http/_client.py", line 1482, in infer
    _raise_if_error(response)
  File "/usr/local/lib/python3.10/dist-packages/tritonclient/http/_utils.py", line 69, in _raise_if_error
    raise error
tritonclient.utils.InferenceServerException: [500] in ensemble 'whisper_pipeline', Failed to process the request(s) for model instance 'feature_extractor_0_0', message: Failed to increase the shared memory pool size for key 'triton_python_backend_shm_region_3' to 201326592 bytes. If you are running Triton inside docker, use '--shm-size' flag to control the shared memory region size. Error: No space left on device
'''),
    dict(name="25-ollama-server-model-request-too-large-for-system", kind="host",
         family="Ollama server (slog key=value lines): `level=WARN source=server.go:N msg=\"model request too large for system\" requested=... available=... total=... free=... swap=...` then a 500 on the API, read through `kubectl logs --prefix`",
         version="Ollama 0.5-0.12 (llm/server.go: slog.Warn(`model request too large for system`, `requested`, ..., `available`, ..., `total`, ..., `free`, ..., `swap`, ...))",
         source="ollama/ollama llm/server.go NewLlamaServer / verifyCPUFit (slog.Warn(`model request too large for system`, ...)), read in the stored corpus (find_string)",
         log='''[pod/ollama-cd58d85b-pg499/ollama] time=2026-03-25T09:45:06.842Z level=INFO source=sched.go:484 msg="system memory" total="10.0 GiB" free="4.8 GiB" free_swap="0 B"
[pod/ollama-cd58d85b-pg499/ollama] time=2026-03-25T09:45:06.861Z level=INFO source=server.go:497 msg="loading model" "model layers"=33 requested=-1
[pod/ollama-cd58d85b-pg499/ollama] time=2026-03-25T09:45:06.861Z level=WARN source=server.go:1044 msg="model request too large for system" requested="5.3 GiB" available="4.8 GiB" total="10.0 GiB" free="4.8 GiB" swap="0 B"
[pod/ollama-cd58d85b-pg499/ollama] [GIN] 2026/03/25 - 09:45:06 | 500 |   58.114ms |     10.42.1.17 | POST     "/api/chat"
'''),
    dict(name="26-ray-data-json-logging-oomerror-memory-monitor", kind="host",
         family="Ray memory monitor OOM kill of a Ray Data map worker, logged through Ray's structured JSON logging (RAY_LOGGING_CONFIG_ENCODING=JSON): the `OutOfMemoryError` text with `Memory on the node ... which exceeds the memory usage threshold of 0.95` inside a JSON `message` / `exc_text`",
         version="Ray 2.9-2.4x (ray/_private/ray_logging/formatters.py JSONFormatter keys asctime/levelname/message/filename/lineno/job_id/worker_id/node_id; memory monitor wording `Task was killed due to the node running low on memory.` / `Memory on the node (IP: ..., ID: ...) where the task (...) was running was X / Y (Z), which exceeds the memory usage threshold of 0.95.`)",
         source="ray-project/ray python/ray/_private/ray_logging/formatters.py JSONFormatter + src/ray/raylet/node_manager.cc CreateOomKillMessageDetails (`Memory on the node (IP: ..., ID: ...) where the task (...) was running was ... which exceeds the memory usage threshold of ...`), wording confirmed in pastes (find_string)",
         log='''{"asctime": "2025-04-02 11:52:40,118", "levelname": "INFO", "message": "Starting execution of Dataset. Full logs are in /tmp/ray/session_2025-04-02_11-40-02_118842_1/logs/ray-data", "filename": "streaming_executor.py", "lineno": 108, "job_id": "02000000", "worker_id": "02000000ffffffffffffffffffffffffffffffffffffffffffffffff", "node_id": "c9a5f1d0e4b3a2918f7e6d5c4b3a29180f1e2d3c4b5a69788796a5b4"}
{"asctime": "2025-04-02 11:58:03,551", "levelname": "ERROR", "message": "Exception occurred in user code, with the abbreviated stack trace below.", "filename": "exceptions.py", "lineno": 89, "job_id": "02000000", "worker_id": "02000000ffffffffffffffffffffffffffffffffffffffffffffffff", "node_id": "c9a5f1d0e4b3a2918f7e6d5c4b3a29180f1e2d3c4b5a69788796a5b4", "exc_text": "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\\nMemory on the node (IP: 10.0.4.12, ID: c9a5f1d0e4b3a2918f7e6d5c4b3a29180f1e2d3c4b5a69788796a5b4) where the task (task ID: 8f3a55e0b9c1d2e3ffffffffffffffffffffffff02000000, name=MapWorker(MapBatches(EmbedChunks)).submit, pid=48812, memory used=21.37GB) was running was 59.02GB / 62.09GB (0.950549), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 1d4e7a0b2c3f5e6d7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b) because it was the most recently scheduled task; to see more information about memory usage on this node, use `ray logs raylet.out -ip 10.0.4.12`."}
'''),
]
