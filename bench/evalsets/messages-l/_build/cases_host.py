"""Host-memory / kill OOM formats (serving / inference engines and the clusters under them) in none of
messages/ .. messages-j/."""

SP = "/usr/local/lib/python3.12/dist-packages"

CASES = [
    dict(name="23-vllm-v1-engine-core-proc-died-kernel-oom-enginecor", kind="host",
         family="vLLM V1 front-end: `Engine core proc EngineCore_DP0 died unexpectedly, shutting down client.` with the kernel's global OOM kill of the engine process whose comm is the 15-character `VLLM::EngineCor` (process title VLLM::EngineCore), from `journalctl -k`",
         version="vLLM 0.10-0.11 (v1/engine/core_client.py MPClient monitor: logger.error(`Engine core proc %s died unexpectedly, shutting down client.`); process titles `VLLM::EngineCore`) + Linux 5.15-6.8 oom_kill.c",
         source="vllm-project/vllm vllm/v1/engine/core_client.py (`Engine core proc %s died unexpectedly, shutting down client.`, read in users' pastes, find_string) + vllm/utils set_process_title (`VLLM::EngineCore`) + torvalds/linux mm/oom_kill.c (`Out of memory: Killed process %d (%s) total-vm:%lukB, anon-rss:%lukB, file-rss:%lukB, shmem-rss:%lukB, UID:%u pgtables:%lukB oom_score_adj:%hd`)",
         log='''$ journalctl -u vllm-qwen -k --since "10 min ago" --no-pager
Nov 02 21:40:11 gpu-07 vllm[48812]: (APIServer pid=48812) INFO 11-02 21:40:11 [loggers.py:123] Engine 000: Avg prompt throughput: 4120.6 tokens/s, Avg generation throughput: 318.2 tokens/s, Running: 24 reqs, Waiting: 0 reqs, GPU KV cache usage: 41.7%
Nov 02 21:40:19 gpu-07 kernel: python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0
Nov 02 21:40:19 gpu-07 kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/system.slice/vllm-qwen.service,task=VLLM::EngineCor,pid=48990,uid=1001
Nov 02 21:40:19 gpu-07 kernel: Out of memory: Killed process 48990 (VLLM::EngineCor) total-vm:98133212kB, anon-rss:61220344kB, file-rss:412880kB, shmem-rss:8388608kB, UID:1001 pgtables:130212kB oom_score_adj:0
Nov 02 21:40:20 gpu-07 vllm[48812]: (APIServer pid=48812) ERROR 11-02 21:40:20 [core_client.py:564] Engine core proc EngineCore_DP0 died unexpectedly, shutting down client.
Nov 02 21:40:21 gpu-07 systemd[1]: vllm-qwen.service: Main process exited, code=exited, status=1/FAILURE
'''),
    dict(name="24-sglang-rank-0-scheduler-is-dead-exit-code-minus-9", kind="host",
         family="SGLang launch: `Rank 0 scheduler is dead. Please check if there are relevant logs.` then `Exit code: -9` (the scheduler subprocess SIGKILLed while loading weights into host RAM; no memory printed, a possible OOM kill) and the EOFError",
         version="SGLang 0.3-0.5 (srt/entrypoints/engine.py _launch_subprocesses: logger.error(f`Rank {i} scheduler is dead. Please check if there are relevant logs.`); logger.error(f`Exit code: {proc.exitcode}`))",
         source="sgl-project/sglang python/sglang/srt/entrypoints/engine.py _launch_subprocesses (`Rank {i} scheduler is dead. Please check if there are relevant logs.`, `Exit code: {...exitcode}`), read in the stored corpus (find_string)",
         top=["host-ram-pressure"],
         log=f'''[2025-04-17 03:12:40] server_args=ServerArgs(model_path='deepseek-ai/DeepSeek-R1-Distill-Llama-70B', tp_size=4, mem_fraction_static=0.85, ...)
[2025-04-17 03:12:58 TP0] Load weight begin. avail mem=78.56 GB
Loading safetensors checkpoint shards:  41% Completed | 7/17 [01:52<02:41, 16.12s/it]
[2025-04-17 03:15:03] Rank 0 scheduler is dead. Please check if there are relevant logs.
[2025-04-17 03:15:04] Exit code: -9
Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "{SP}/sglang/launch_server.py", line 14, in <module>
    launch_server(server_args)
  File "{SP}/sglang/srt/entrypoints/engine.py", line 711, in _launch_subprocesses
    data = scheduler_pipe_readers[i].recv()
  File "/usr/lib/python3.12/multiprocessing/connection.py", line 430, in _recv_bytes
    raise EOFError
EOFError
'''),
    dict(name="25-triton-python-backend-stub-unhealthy-memcg-oom", kind="host",
         family="Triton Inference Server Python backend: the stub process is OOM-killed by its container's memory cgroup (kernel comm `triton_python_b`, 15 characters of triton_python_backend_stub), and Triton reports `Stub process 'model_0_0' is not healthy.` to the client",
         version="Triton 23.x-25.x python_backend (src/pb_stub / python_be.cc: `Stub process '<instance>' is not healthy.`) + Linux 5.x-6.x memcg OOM lines",
         source="triton-inference-server/python_backend src/python_be.cc / stub_launcher.cc (stub health check: `Stub process '` + name + `' is not healthy.`) + torvalds/linux mm/oom_kill.c (`Memory cgroup out of memory: Killed process %d (%s) ...`)",
         confidence="medium",
         log='''I1104 07:41:12.318805 1 grpc_server.cc:2558] "Started GRPCInferenceService at 0.0.0.0:8001"
I1104 07:41:12.319103 1 http_server.cc:4741] "Started HTTPService at 0.0.0.0:8000"
[Tue Nov  4 07:52:38 2025] Memory cgroup out of memory: Killed process 2177 (triton_python_b) total-vm:31877220kB, anon-rss:15811044kB, file-rss:66112kB, shmem-rss:1048576kB, UID:1000 pgtables:32184kB oom_score_adj:0
E1104 07:52:39.004617 1 python_be.cc:1420] "Stub process 'embedder_0_0' is not healthy."
E1104 07:52:39.004702 1 python_be.cc:1421] "Failed to process the request(s) for model instance 'embedder_0_0', message: Stub process 'embedder_0_0' is not healthy."
'''),
    dict(name="26-ray-serve-proxy-request-failed-oomerror-replica", kind="host",
         family="Ray Serve: a replica's request killed by Ray's memory monitor, seen in the proxy's request log (`(ProxyActor pid=N)` ... `Request failed`) with `ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.` naming `ray::ServeReplica:<app>:<deployment>.handle_request_with_rejection()`",
         version="Ray 2.30-2.49 (serve/_private/proxy.py request failure logging; replica method handle_request_with_rejection; raylet memory monitor OutOfMemoryError wording)",
         source="ray-project/ray python/ray/serve/_private/proxy.py (proxy request logging) + python/ray/serve/_private/replica.py (handle_request_with_rejection) + src/ray/raylet/node_manager.cc CreateOomKillMessageDetails (`Memory on the node (IP: ..., ID: ...) where the task (...) was running was X / Y (Z), which exceeds the memory usage threshold of 0.95.`)",
         confidence="medium",
         log='''(ProxyActor pid=3307) INFO 2025-03-21 17:44:09,221 proxy 10.4.0.12 9f3d1c2e-7a61-4c8e-8e0b-51d6b2a0f0a7 -- POST /embed 200 88.1ms
(ProxyActor pid=3307) ERROR 2025-03-21 17:44:31,905 proxy 10.4.0.12 0b7e5a44-2c1d-49a3-9f1e-3d8c6e2b1a90 -- Request failed:
(ProxyActor pid=3307) ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.
(ProxyActor pid=3307) Memory on the node (IP: 10.4.0.12, ID: 3c1b7e2f9d0a4e8b6a5c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c) where the task (actor ID: 5e2a0c9b7d1f4e3a8b6c02000000, name=ServeReplica:default:Embedder.__init__, pid=3519, memory used=11.47GB) was running was 59.71GB / 62.80GB (0.950791), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 8e1f2a3b4c5d6e7f) because it was the most recently scheduled task; to see more information about memory usage on this node, use `ray logs raylet.out -ip 10.4.0.12`. To see the logs of the worker, use `ray logs worker-8e1f2a3b4c5d6e7f*out -ip 10.4.0.12.`
(ProxyActor pid=3307) INFO 2025-03-21 17:44:31,906 proxy 10.4.0.12 0b7e5a44-2c1d-49a3-9f1e-3d8c6e2b1a90 -- POST /embed 500 2214.6ms
'''),
    dict(name="27-kuberay-rayjob-describe-worker-oomkilled-status-message", kind="host",
         family="KubeRay RayJob: `kubectl describe rayjob` status with `Job Status: FAILED` and a Ray job message whose worker actor died because its node/pod was OOMKilled (`The actor is dead because its worker process has died. ... killed by the OOM killer`) in the YAML-like describe layout",
         version="KubeRay 1.1-1.4 (ray.io/v1 RayJob status fields Job Deployment Status / Job Status / Message) with Ray 2.9-2.4x ActorDiedError wording",
         source="ray-project/kuberay ray-operator/apis/ray/v1/rayjob_types.go (RayJobStatus: JobStatus, JobDeploymentStatus, Message) + ray-project/ray python/ray/exceptions.py ActorDiedError / src/ray/gcs worker exit detail (`(1) The process is killed by SIGKILL by OOM killer due to high memory usage.`)",
         confidence="low",
         log='''$ kubectl describe rayjob rollout-batch-infer -n llm
Name:         rollout-batch-infer
Namespace:    llm
API Version:  ray.io/v1
Kind:         RayJob
Status:
  Job Deployment Status:  Failed
  Job Id:                 rollout-batch-infer-8x2lq
  Job Status:             FAILED
  Message:                Job entrypoint command failed with exit code 1, last available logs (truncated to 20,000 chars):
ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.
	class_name: InferWorker
	actor_id: 9a1c5e70d2b34f86a0e1c2d303000000
	pid: 412
	namespace: 5f0c1d8e-2b3a-4c7d-9e6f-0a1b2c3d4e5f
	ip: 10.244.3.17
The actor is dead because its worker process has died. Worker exit type: UNEXPECTED_SYSTEM_EXIT Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage. (2) ray stop --force is called. (3) The worker is crashed unexpectedly due to SIGSEGV or other unexpected errors.
  Ray Cluster Name:  rollout-batch-infer-raycluster-7h9kq
Events:
  Type    Reason   Age   From                Message
  ----    ------   ----  ----                -------
  Normal  Deleted  2m    rayjob-controller   Deleted cluster rollout-batch-infer-raycluster-7h9kq
'''),
]
