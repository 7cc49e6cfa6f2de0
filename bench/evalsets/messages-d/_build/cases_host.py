"""Host-memory OOM formats (runtimes, engines, schedulers, platforms) in none of messages/, messages-b/, messages-c/."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="17-sglang-hicache-host-memory", kind="host",
         family="SGLang hierarchical cache: host KV pool larger than free host RAM (Not enough host memory available)",
         version="SGLang 0.4.5-0.5.x with --enable-hierarchical-cache (`ValueError: Not enough host memory available. Requesting X GB but only have Y GB free. Please reduce the size of the hierarchical cache.`)",
         source="sgl-project/sglang python/sglang/srt/mem_cache/memory_pool_host.py HostKVCache.__init__ (psutil available minus a 10 GB reserve; ValueError `Not enough host memory available. Requesting ... GB but only have ... GB free. Please reduce the size of the hierarchical cache.`)",
         log='''[2025-07-22 10:04:51 TP0] Load weight end. type=Qwen3ForCausalLM, dtype=torch.bfloat16, avail mem=61.87 GB, mem usage=15.27 GB.
[2025-07-22 10:04:52 TP0] KV Cache is allocated. #tokens: 402118, K size: 27.61 GB, V size: 27.61 GB
[2025-07-22 10:04:52 TP0] Scheduler hit an exception: Traceback (most recent call last):
  File "/sgl-workspace/sglang/python/sglang/srt/managers/scheduler.py", line 2911, in run_scheduler_process
    scheduler = Scheduler(server_args, port_args, gpu_id, tp_rank, moe_ep_rank, pp_rank, dp_rank)
  File "/sgl-workspace/sglang/python/sglang/srt/mem_cache/hiradix_cache.py", line 61, in __init__
    self.token_to_kv_pool_host = MHATokenToKVPoolHost(
  File "/sgl-workspace/sglang/python/sglang/srt/mem_cache/memory_pool_host.py", line 92, in __init__
    raise ValueError(
ValueError: Not enough host memory available. Requesting 221.13 GB but only have 143.52 GB free. Please reduce the size of the hierarchical cache.

[2025-07-22 10:04:52] Received sigquit from a child process. It usually means the child failed.
'''),
    dict(name="18-ollama-requires-more-system-memory", kind="host",
         family="Ollama scheduler: the model needs more system memory than is available (refused before load)",
         version="ollama 0.1.3x-0.6 (`Error: model requires more system memory (X GiB) than is available (Y GiB)`)",
         source="ollama/ollama llm/server.go NewLlamaServer / llm/memory.go (fmt.Errorf(`model requires more system memory (%s) than is available (%s)`))",
         log='''$ ollama run llama3.3:70b-instruct-q4_K_M "label the following 200 responses"
pulling manifest
pulling 4824460d29f2... 100% ▕████████████████▏  42 GB
verifying sha256 digest
writing manifest
success
Error: model requires more system memory (46.3 GiB) than is available (29.8 GiB)
'''),
    dict(name="19-ggml-cpu-buffer-alloc-failed", kind="host",
         family="ggml CPU backend: the compute / KV buffer could not be malloc'ed (llama.cpp on CPU)",
         version="llama.cpp b3xxx-b6xxx (`ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size N` then `ggml_gallocr_reserve_n: failed to allocate CPU buffer of size N`)",
         source="ggml-org/llama.cpp ggml/src/ggml-backend.cpp ggml_backend_cpu_buffer_type_alloc_buffer (`%s: failed to allocate buffer of size %zu`) + ggml/src/ggml-alloc.c ggml_gallocr_reserve_n (`%s: failed to allocate %s buffer of size %zu`) + src/llama-context.cpp",
         facts=dict(tried_to_allocate_bytes=34359738400),
         log='''llama_context: n_ctx_per_seq (131072) > n_ctx_train (32768) -- possible training context overflow
llama_kv_cache_unified:        CPU KV buffer size = 32768.00 MiB
ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 34359738400
ggml_gallocr_reserve_n: failed to allocate CPU buffer of size 34359738400
graph_reserve: failed to allocate compute buffers
llama_init_from_model: failed to initialize the context: failed to allocate compute pp buffers
common_init_from_params: failed to create context with model '/models/mistral-7b-instruct-v0.3.Q8_0.gguf'
'''),
    dict(name="20-ggml-aligned-malloc-insufficient", kind="host",
         family="ggml context allocation: ggml_aligned_malloc could not get the requested host memory (whisper.cpp / ggml tools)",
         version="ggml 2024-2025 (`ggml_aligned_malloc: insufficient memory (attempted to allocate N MB)` then GGML_ASSERT)",
         source="ggml-org/ggml src/ggml.c ggml_aligned_malloc (GGML_LOG_ERROR(`%s: insufficient memory (attempted to allocate %6.2f MB)`)) + ggml_init (GGML_ASSERT(ctx->mem_buffer != NULL))",
         log='''whisper_init_from_file_with_params_no_state: loading model from 'models/ggml-large-v3.bin'
whisper_model_load: n_mels        = 128
ggml_aligned_malloc: insufficient memory (attempted to allocate 24576.00 MB)
/app/ggml/src/ggml.c:1563: GGML_ASSERT(ctx->mem_buffer != NULL) failed
Aborted (core dumped)
'''),
    dict(name="21-cpython-fatal-memoryerrors-normalizing", kind="host",
         family="CPython fatal error: MemoryError raised while normalizing an exception (interpreter aborts)",
         version="CPython 3.8-3.13 (`Fatal Python error: _PyErr_NormalizeException: Cannot recover from MemoryErrors while normalizing exceptions.`)",
         source="python/cpython Python/errors.c _PyErr_NormalizeException (Py_FatalError(`Cannot recover from MemoryErrors while normalizing exceptions.`)) + Lib/test/test_exceptions.py",
         log='''[2025-03-30 21:44:10] tokenizing shard 17/64: 4,194,304 documents
Fatal Python error: _PyErr_NormalizeException: Cannot recover from MemoryErrors while normalizing exceptions.
Python runtime state: initialized

Current thread 0x00007f1e5c3ff740 (most recent call first):
  File "/data/prep/pack.py", line 88 in pack_sequences
  File "/data/prep/pack.py", line 141 in main
  File "/data/prep/pack.py", line 150 in <module>

Extension modules: numpy.core._multiarray_umath, pyarrow.lib, pandas._libs.lib (total: 61)
'''),
    dict(name="22-go-runtime-out-of-memory", kind="host",
         family="Go runtime: heap growth refused by the OS (fatal error: runtime: out of memory)",
         version="Go 1.1x-1.2x runtime (`runtime: out of memory: cannot allocate N-byte block (M in use)` / `fatal error: out of memory`)",
         source="golang/go src/runtime/mheap.go / malloc.go (print(`runtime: out of memory: cannot allocate `, n, `-byte block (`, inUse, ` in use)`); throw(`out of memory`)) + src/runtime/mem_linux.go sysMap (`runtime: out of memory`)",
         note="the Go process is Ollama's server holding several models in RAM; labelled host OOM",
         log='''time=2025-05-04T12:01:55.402Z level=INFO source=server.go:619 msg="llama runner started in 14.06 seconds"
runtime: out of memory: cannot allocate 4194304-byte block (31859146752 in use)
fatal error: out of memory

goroutine 118 gp=0xc0005b21c0 m=14 mp=0xc000580808 [running]:
runtime.throw({0x1a3b1c4?, 0x2000?})
	runtime/panic.go:1101 +0x48 fp=0xc00047f5d0 sp=0xc00047f5a0 pc=0x4a2188
runtime.(*mcache).refill(0x7f6a1e4c05b8, 0x2c?)
	runtime/mcache.go:167 +0x2cc fp=0xc00047f608 sp=0xc00047f5d0 pc=0x4201ac
'''),
    dict(name="23-dask-nanny-memory-budget-restart", kind="host",
         family="Dask distributed nanny: worker over its memory budget, restarted (then KilledWorker)",
         version="distributed 2022.x-2025.x (`Worker tcp://... (pid=N) exceeded 95% memory budget. Restarting...`)",
         source="dask/distributed distributed/worker_memory.py NannyMemoryManager.memory_monitor (logger.warning `Worker %s (pid=%s) exceeded %d%% memory budget. Restarting...`) + distributed/scheduler.py KilledWorker",
         log='''2025-02-11 07:31:20,119 - distributed.worker.memory - WARNING - Worker is at 81% memory usage. Pausing worker.  Process memory: 12.97 GiB -- Worker memory limit: 16.00 GiB
2025-02-11 07:31:44,903 - distributed.nanny.memory - WARNING - Worker tcp://10.0.3.17:40211 (pid=88412) exceeded 95% memory budget. Restarting...
2025-02-11 07:31:45,377 - distributed.nanny - WARNING - Restarting worker
Traceback (most recent call last):
  File "/data/dedup/minhash_dedup.py", line 203, in <module>
    dupes = ddf.map_partitions(minhash_bands).compute()
distributed.scheduler.KilledWorker: Attempted to run task ('minhash_bands-1f9a3e', 212) on 4 different workers, but all those workers died while running it. The last worker that attempt to run the task was tcp://10.0.3.17:40211. Inspecting worker logs is often a good next step to diagnose what went wrong. For more information see https://distributed.dask.org/en/stable/killed.html.
'''),
    dict(name="24-yarn-container-killed-memory-limits", kind="host",
         family="Spark on YARN: executor container killed by the NodeManager for exceeding its physical memory limit",
         version="Spark 2.x-3.x on Hadoop YARN (`Container killed by YARN for exceeding memory limits. X GB of Y GB physical memory used. Consider boosting spark.yarn.executor.memoryOverhead ...`)",
         source="apache/spark resource-managers/yarn/src/main/scala/org/apache/spark/deploy/yarn/YarnAllocator.scala memLimitExceededLogMessage (`Container killed by YARN for exceeding memory limits. ` + diag + ` Consider boosting spark.yarn.executor.memoryOverhead or disabling yarn.nodemanager.vmem-check-enabled because of YARN-4714.`)",
         log='''25/01/22 03:18:44 WARN YarnAllocator: Container from a bad node: container_1737360100021_0412_01_000031 on host: ip-10-0-12-44.ec2.internal. Exit status: 143. Diagnostics: [2025-01-22 03:18:43.912]Container killed on request. Exit code is 143
25/01/22 03:18:44 ERROR YarnClusterScheduler: Lost executor 27 on ip-10-0-12-44.ec2.internal: Container killed by YARN for exceeding memory limits.  22.4 GB of 22 GB physical memory used. Consider boosting spark.yarn.executor.memoryOverhead or disabling yarn.nodemanager.vmem-check-enabled because of YARN-4714.
25/01/22 03:18:44 WARN TaskSetManager: Lost task 118.0 in stage 6.0 (TID 9121) (ip-10-0-12-44.ec2.internal executor 27): ExecutorLostFailure (executor 27 exited caused by one of the running tasks) Reason: Container killed by YARN for exceeding memory limits.  22.4 GB of 22 GB physical memory used. Consider boosting spark.yarn.executor.memoryOverhead or disabling yarn.nodemanager.vmem-check-enabled because of YARN-4714.
'''),
    dict(name="25-jvm-gc-overhead-limit", kind="host",
         family="JVM: GC overhead limit exceeded (heap nearly full, collector reclaiming almost nothing)",
         version="HotSpot JDK 8-21 parallel collector (`java.lang.OutOfMemoryError: GC overhead limit exceeded`)",
         source="openjdk/jdk src/hotspot/share/gc/parallel/psScavenge.cpp / gcOverheadChecker.cpp (report_java_out_of_memory(`GC overhead limit exceeded`)) + src/hotspot/share/memory/universe.cpp (_out_of_memory_error_gc_overhead_limit)",
         log='''[INFO] 2025-04-02 09:11:20 CoreNLPSentenceSplitter - processed 18,400,000 documents
Exception in thread "main" java.lang.OutOfMemoryError: GC overhead limit exceeded
	at java.base/java.util.Arrays.copyOf(Arrays.java:3537)
	at java.base/java.lang.AbstractStringBuilder.ensureCapacityInternal(AbstractStringBuilder.java:228)
	at edu.stanford.nlp.pipeline.StanfordCoreNLP.annotate(StanfordCoreNLP.java:681)
	at org.example.prep.SplitSentences.main(SplitSentences.java:57)
'''),
    dict(name="26-cgroup-v2-memory-events", kind="host",
         family="cgroup v2 memory.events counters pasted from the job's cgroup (oom / oom_kill above zero)",
         version="Linux 4.19-6.x cgroup v2 (`memory.events`: low, high, max, oom, oom_kill, oom_group_kill)",
         source="torvalds/linux Documentation/admin-guide/cgroup-v2.rst (memory.events: `oom_kill` = processes belonging to this cgroup killed by any kind of OOM killer) + mm/memcontrol.c memory_events_show",
         log='''$ cat /proc/self/cgroup
0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod8f3c2e1a.slice/cri-containerd-5b1e.scope
$ cd /sys/fs/cgroup && cat memory.max memory.peak memory.events
68719476736
68719476736
low 0
high 0
max 18342
oom 2
oom_kill 2
oom_group_kill 0
$ tail -2 /workspace/logs/sft_rank0.log
{'loss': 1.1873, 'grad_norm': 0.455, 'learning_rate': 1.71e-05, 'epoch': 0.41}
 41%|████      | 1320/3216 [3:02:11<4:21:37,  8.28s/it]
'''),
    dict(name="27-aws-batch-container-oom", kind="host",
         family="AWS Batch / ECS: container stopped, reason OutOfMemoryError: Container killed due to memory usage",
         version="AWS Batch on ECS 2020-2025 (describe-jobs `\"reason\": \"OutOfMemoryError: Container killed due to memory usage\"`)",
         source="AWS Batch / Amazon ECS stopped-task reasons (closed source); wording as documented in the ECS troubleshooting guide 'OutOfMemoryError: Container killed due to memory usage' and as users paste describe-jobs output",
         confidence="low",
         log='''$ aws batch describe-jobs --jobs 1d2f7c3e-9b1a-4e55-8a27-ff0e2c9d1b40 --query 'jobs[0].{status:status,statusReason:statusReason,container:container.{reason:reason,exitCode:exitCode}}'
{
    "status": "FAILED",
    "statusReason": "Essential container in task exited",
    "container": {
        "reason": "OutOfMemoryError: Container killed due to memory usage",
        "exitCode": 137
    }
}
'''),
    dict(name="28-kaggle-notebook-memory-restart", kind="host", confidence="low",
         family="Kaggle notebook: kernel restarted after allocating more memory than the session has",
         version="Kaggle Notebooks UI (2021-2025) (`Your notebook tried to allocate more memory than is available. It has restarted.`)",
         source="Kaggle notebook frontend (closed source); wording as users paste it from the session banner",
         log='''Loading checkpoint shards: 100%|##########| 4/4 [01:12<00:00, 18.05s/it]
Map (num_proc=4):  63%|######3   | 31522/50000 [02:41<01:31, 201.66 examples/s]

Your notebook tried to allocate more memory than is available. It has restarted.
'''),
    dict(name="29-duckdb-out-of-memory", kind="host",
         family="DuckDB buffer manager: Out of Memory Error (query over the memory limit)",
         version="duckdb 0.9-1.3 (`duckdb.duckdb.OutOfMemoryException: Out of Memory Error: failed to allocate data of size X (Y/Z used)`)",
         source="duckdb/duckdb src/storage/buffer_manager / standard_buffer_manager.cpp (OutOfMemoryException `failed to allocate data of size %s%s` with `(%s/%s used)`) + src/common/exception.cpp (`Out of Memory Error: `)",
         log='''[dedup] reading 412 parquet shards (1.9 TB) from s3://corpus-raw/web/2025-03/
Traceback (most recent call last):
  File "/data/prep/exact_dedup.py", line 47, in <module>
    con.execute(QUERY).fetch_arrow_table()
duckdb.duckdb.OutOfMemoryException: Out of Memory Error: failed to allocate data of size 256.0 MiB (47.6 GiB/47.6 GiB used)

Possible solutions:
* Reducing the number of threads (SET threads=X)
* Disabling insertion-order preservation (SET preserve_insertion_order=false)
* Increasing the memory limit (SET memory_limit='...GB')
'''),
    dict(name="30-nomad-task-oom-killed", kind="host", confidence="low",
         family="HashiCorp Nomad docker driver: task terminated, exit message OOM Killed",
         version="Nomad 1.x (`nomad alloc status`: Terminated  Exit Code: 137, Exit Message: \"OOM Killed\")",
         source="hashicorp/nomad drivers/docker/handle.go run() (ExitResult OOMKilled -> `OOM Killed` task event message) + command/alloc_status.go event table",
         log='''$ nomad alloc status 4f2a91c3
ID                  = 4f2a91c3-7d1e-b8b2-2f0f-6a9c1d3e8b71
Name                = embed-batch.worker[3]
Client Status       = failed

Task "embedder" is "dead"
Task Resources:
CPU          Memory           Disk     Addresses
12000 MHz    31 GiB/32 GiB    300 MiB

Recent Events:
Time                       Type            Description
2025-05-08T16:22:40+02:00  Killing         Sent interrupt. Waiting 5s before force killing
2025-05-08T16:22:39+02:00  Terminated      Exit Code: 137, Exit Message: "OOM Killed"
2025-05-08T15:58:11+02:00  Started         Task started by client
'''),
    dict(name="31-slurm-23-oom-kill-event-step-tasks", kind="host",
         family="Slurm 23.02+ task/cgroup: oom_kill events detected in a step (Some of the step tasks have been OOM Killed.)",
         version="Slurm 23.02-24.x (`error: Detected N oom_kill event in StepId=J.batch. Some of the step tasks have been OOM Killed.`)",
         source="SchedMD/slurm src/plugins/task/cgroup/task_cgroup_memory.c task_cgroup_memory_check_oom (error(`Detected %lu oom_kill event%s in %ps. Some of the step tasks have been OOM Killed.`)); logged with the slurmstepd timestamp prefix",
         log="""{'loss': 0.8731, 'grad_norm': 0.62, 'learning_rate': 1.2e-05, 'epoch': 1.37}
 69%|######8   | 2210/3216 [6:41:09<3:02:48, 10.91s/it]
[2025-06-30T02:14:51.338] error: Detected 1 oom_kill event in StepId=4412093.batch. Some of the step tasks have been OOM Killed.
"""),
    dict(name="32-cloud-run-memory-limit-exceeded", kind="host", confidence="low",
         family="Google Cloud Run / Cloud Functions: instance memory limit exceeded (container terminated)",
         version="Cloud Run 2021-2025 (`Memory limit of N MiB exceeded with M MiB used. Consider increasing the memory limit, see https://cloud.google.com/run/docs/configuring/memory-limits`)",
         source="Google Cloud Run platform log (closed source); wording as documented in Cloud Run troubleshooting and as users paste it from Logs Explorer",
         log="""2025-03-18 11:42:07.118 CET  POST 200 https://embed-svc-7xk2-ew.a.run.app/embed
2025-03-18 11:42:09.551 CET  Loading sentence-transformers/all-mpnet-base-v2 on cpu (batch 256)
2025-03-18 11:42:31.904 CET  Memory limit of 4096 MiB exceeded with 4188 MiB used. Consider increasing the memory limit, see https://cloud.google.com/run/docs/configuring/memory-limits
2025-03-18 11:42:31.912 CET  POST 500 https://embed-svc-7xk2-ew.a.run.app/embed
"""),
    dict(name="33-nodejs-heap-out-of-memory", kind="host",
         family="Node.js / V8: heap limit reached (FATAL ERROR: ... Allocation failed - JavaScript heap out of memory)",
         version="Node.js 14-22 (`FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory`)",
         source="v8/v8 src/heap/heap.cc (FatalProcessOutOfMemory(`Ineffective mark-compacts near heap limit`)) + nodejs/node src/node_errors.cc OOMErrorHandler (`FATAL ERROR: %s %s` with `Allocation failed - JavaScript heap out of memory`)",
         note="the JavaScript code-execution sandbox of an agentic RL reward; labelled host OOM",
         log="""(RewardWorker pid=20817) [sandbox] running 512 test programs (node v20.11.1)

<--- Last few GCs --->

[20931:0x5d2c7e0]   183211 ms: Mark-Compact 4041.8 (4133.5) -> 4027.5 (4135.2) MB, 2210.31 / 0.00 ms  (average mu = 0.091, current mu = 0.012) allocation failure; scavenge might not succeed

<--- JS stacktrace --->

FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory
----- Native stack trace -----

 1: 0xb8a8d6 node::OOMErrorHandler(char const*, v8::OOMDetails const&) [node]
 2: 0xf06b50 v8::Utils::ReportOOMFailure(v8::internal::Isolate*, char const*, v8::OOMDetails const&) [node]
"""),
    dict(name="34-r-cannot-allocate-vector", kind="host",
         family="R runtime: cannot allocate vector of size N (heap allocation refused)",
         version="R 3.x-4.x (`Error: cannot allocate vector of size 2.3 Gb`)",
         source="wch/r-source src/main/memory.c allocVector3 (errorcall(R_NilValue, _(\"cannot allocate vector of size %0.1f Gb\"), dsize/1024.0/1024.0/1024.0))",
         note="an R annotation step of a data pipeline run through Rscript; labelled host OOM",
         log="""[2025-05-12 08:40:02] step 3/5: Rscript annotate_quality.R --in shards/ --out scored/
Loading required package: data.table
Read 48211033 rows and 14 (of 14) columns from 19.112 GB file in 00:03:41
Error: cannot allocate vector of size 2.9 Gb
Execution halted
[2025-05-12 08:47:31] step 3 failed with status 1
"""),
]
