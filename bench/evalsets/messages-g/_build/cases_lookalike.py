"""Lookalikes (host / process / cluster / data side): messages that mention memory, a kill or OOM but record no
out-of-memory failure."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="L01-dask-unmanaged-memory-high-warning", kind="lookalike",
         family="Dask worker memory manager: Unmanaged memory use is high (a warning about memory not returned to the OS; the job goes on)",
         version="dask distributed 2021.x-2025.x (`distributed.worker.memory - WARNING - Unmanaged memory use is high. This may indicate a memory leak or the memory may not be released to the OS; ... -- Unmanaged memory: X GiB -- Worker memory limit: Y GiB`)",
         source="dask/distributed distributed/worker_memory.py WorkerMemoryManager._maybe_spill (logger.warning(`Unmanaged memory use is high. This may indicate a memory leak or the memory may not be released to the OS; see https://distributed.dask.org/en/latest/worker-memory.html#memory-not-released-back-to-the-os for more information. -- Unmanaged memory: %s -- Worker memory limit: %s`))",
         note="a warning; the computation finished",
         log='''2024-03-22 22:09:21,459 - distributed.worker.memory - WARNING - Unmanaged memory use is high. This may indicate a memory leak or the memory may not be released to the OS; see https://distributed.dask.org/en/latest/worker-memory.html#memory-not-released-back-to-the-os for more information. -- Unmanaged memory: 11.36 GiB -- Worker memory limit: 15.86 GiB
Generating embeddings:  42%|████▏     | 356/848 [00:31<00:43, 11.21it/s]
2024-03-22 22:09:53,102 - distributed.worker.memory - WARNING - Unmanaged memory use is high. This may indicate a memory leak or the memory may not be released to the OS; see https://distributed.dask.org/en/latest/worker-memory.html#memory-not-released-back-to-the-os for more information. -- Unmanaged memory: 11.42 GiB -- Worker memory limit: 15.86 GiB
Generating embeddings: 100%|██████████| 848/848 [01:14<00:00, 11.38it/s]
wrote 848 parquet parts to s3://corpus/embeddings/v3/
'''),
    dict(name="L02-cffi-memoryerror-write-execute-callback", kind="lookalike",
         family="cffi: MemoryError: Cannot allocate write+execute memory for ffi.callback() (a W^X / SELinux policy refusal, not exhaustion)",
         version="cffi 1.x on hardened kernels / SELinux / macOS arm64 (`MemoryError: Cannot allocate write+execute memory for ffi.callback(). You might be running on a system that prevents this. For more information, see https://cffi.readthedocs.io/en/latest/using.html#callbacks`)",
         source="python-cffi/cffi src/c/_cffi_backend.c b_callback / cffi_closure_alloc failure (PyErr_SetString(PyExc_MemoryError, `Cannot allocate write+execute memory for ffi.callback(). You might be running on a system that prevents this. For more information, see https://cffi.readthedocs.io/en/latest/using.html#callbacks`))",
         note="the MemoryError class is reused for an executable-memory policy refusal; memory is plentiful",
         log=f'''Traceback (most recent call last):
  File "/opt/app/ingest.py", line 12, in <module>
    import soundfile as sf
  File "{SP}/soundfile.py", line 1190, in <module>
    @_ffi.callback("sf_vio_get_filelen")
MemoryError: Cannot allocate write+execute memory for ffi.callback(). You might be running on a system that prevents this. For more information, see https://cffi.readthedocs.io/en/latest/using.html#callbacks
'''),
    dict(name="L03-numpy-array-is-too-big-valueerror", kind="lookalike",
         family="NumPy: ValueError: array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size (a size-overflow check, nothing allocated)",
         version="numpy 1.x-2.x (`ValueError: array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.`)",
         source="numpy/numpy numpy/_core/src/multiarray/ctors.c PyArray_NewFromDescr_int (PyErr_SetString(PyExc_ValueError, `array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.`))",
         note="a shape bug (a negative or overflowing dimension), not a lack of memory",
         log='''>>> idx = np.zeros((n_rows, n_cols * n_cols * n_cols), dtype=np.float64)
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
ValueError: array is too big; `arr.size * arr.dtype.itemsize` is larger than the maximum possible size.
>>> n_rows, n_cols
(4000000, 2097152)
'''),
    dict(name="L04-kubectl-top-pods-memory", kind="lookalike",
         family="`kubectl top pods`: CPU and memory usage per pod (a metrics table, memory near a limit but nothing killed)",
         version="kubectl 1.2x-1.3x with metrics-server (`NAME  CPU(cores)  MEMORY(bytes)`)",
         source="kubernetes/kubectl pkg/cmd/top/top_pod.go + pkg/metricsutil/metrics_printer.go (columns `NAME`, `CPU(cores)`, `MEMORY(bytes)`)",
         log='''$ kubectl top pods -n ml --sort-by=memory
NAME                         CPU(cores)   MEMORY(bytes)
rm-trainer-0                 7812m        243119Mi
vllm-rollout-1               2210m        61880Mi
vllm-rollout-0               2188m        61744Mi
embedder-2                   912m         14022Mi
$ kubectl get pods -n ml
NAME             READY   STATUS    RESTARTS   AGE
rm-trainer-0     1/1     Running   0          3d4h
vllm-rollout-0   1/1     Running   0          3d4h
vllm-rollout-1   1/1     Running   0          3d4h
embedder-2       1/1     Running   0          19h
'''),
    dict(name="L05-torch-received-0-items-of-ancdata", kind="lookalike",
         family="torch.multiprocessing fd sharing: RuntimeError: received 0 items of ancdata (the open-file limit, not memory)",
         version="torch 1.x-2.x with the file_descriptor sharing strategy (`RuntimeError: received 0 items of ancdata`)",
         source="python/cpython Lib/multiprocessing/reduction.py recvfds (raise RuntimeError(`received %d items of ancdata` % len(ancdata))) reached from pytorch/pytorch torch/multiprocessing/reductions.py rebuild_storage_fd (df.detach())",
         note="fixed by ulimit -n or torch.multiprocessing.set_sharing_strategy('file_system'); no memory ran out",
         log=f'''Traceback (most recent call last):
  File "/workspace/train.py", line 174, in <module>
    for step, batch in enumerate(loader):
  File "{SP}/torch/utils/data/dataloader.py", line 1329, in _next_data
    idx, data = self._get_data()
  File "{SP}/torch/multiprocessing/reductions.py", line 541, in rebuild_storage_fd
    fd = df.detach()
  File "/usr/local/lib/python3.11/multiprocessing/reduction.py", line 164, in recvfds
    raise RuntimeError('received %d items of ancdata' %
RuntimeError: received 0 items of ancdata
'''),
    dict(name="L06-windows-exit-code-0xc0000005-access-violation", kind="lookalike",
         family="Windows process exit STATUS_ACCESS_VIOLATION (0xC0000005 = -1073741819) as an IDE run console reports it",
         version="Windows 10 / 11, PyCharm run console (`Process finished with exit code -1073741819 (0xC0000005)`)",
         source="Windows ntstatus.h STATUS_ACCESS_VIOLATION ((NTSTATUS)0xC0000005L); exit-code line as JetBrains' run console prints it",
         note="an access violation (a native crash), not memory exhaustion",
         log=r'''C:\Users\ken\miniconda3\envs\cv\python.exe C:\Users\ken\work\detector\infer.py --weights best.pt
Fusing layers... 
Model summary: 157 layers, 7012822 parameters, 0 gradients
image 1/240 C:\data\val\0001.jpg: 640x480 2 persons, 12.1ms

Process finished with exit code -1073741819 (0xC0000005)
'''),
    dict(name="L07-elasticsearch-vm-max-map-count-bootstrap", kind="lookalike",
         family="Elasticsearch bootstrap check: max virtual memory areas vm.max_map_count [65530] is too low (a start-up check, not an OOM)",
         version="Elasticsearch 6.x-8.x (`bootstrap check failure [1] of [1]: max virtual memory areas vm.max_map_count [65530] is too low, increase to at least [262144]`)",
         source="elastic/elasticsearch server/src/main/java/org/elasticsearch/bootstrap/BootstrapChecks.java MaxMapCountCheck (`max virtual memory areas vm.max_map_count [%d] is too low, increase to at least [%d]`)",
         log='''es01  | {"@timestamp":"2025-05-14T08:02:11.410Z", "log.level":"ERROR", "message":"node validation exception\\n[1] bootstrap checks failed. You must address the points described in the following [1] lines before starting Elasticsearch. For more information see [https://www.elastic.co/guide/en/elasticsearch/reference/8.15/bootstrap-checks.html]\\nbootstrap check failure [1] of [1]: max virtual memory areas vm.max_map_count [65530] is too low, increase to at least [262144]; for more information see [https://www.elastic.co/guide/en/elasticsearch/reference/8.15/_maximum_map_count_check.html]", "ecs.version": "1.2.0","service.name":"ES_ECS","event.dataset":"elasticsearch.server","process.thread.name":"main","log.logger":"org.elasticsearch.bootstrap.Elasticsearch","elasticsearch.node.name":"es01","elasticsearch.cluster.name":"rag-cluster"}
es01 exited with code 78
'''),
    dict(name="L08-docker-swap-limit-capabilities-warning", kind="lookalike",
         family="docker run warning: Your kernel does not support swap limit capabilities or the cgroup is not mounted. Memory limited without swap.",
         version="Docker Engine 1.x-27.x (`WARNING: Your kernel does not support swap limit capabilities or the cgroup is not mounted. Memory limited without swap.`)",
         source="moby/moby daemon/daemon_unix.go verifyPlatformContainerResources (warnings = append(warnings, `Your kernel does not support swap limit capabilities or the cgroup is not mounted. Memory limited without swap.`)) printed by the CLI as `WARNING: ...`",
         log='''$ docker run --rm --gpus all -m 64g --shm-size 16g -v $PWD:/ws trainer:2.4 python /ws/train.py --epochs 1
WARNING: Your kernel does not support swap limit capabilities or the cgroup is not mounted. Memory limited without swap.
[2025-03-02 10:11:07] epoch 1/1 step 100/1200 loss 2.011
[2025-03-02 10:31:44] epoch 1/1 step 1200/1200 loss 1.402
[2025-03-02 10:31:51] saved /ws/ckpt/final.pt
'''),
    dict(name="L09-proc-pressure-memory-psi", kind="lookalike",
         family="Linux PSI: /proc/pressure/memory stall averages (some / full avg10 avg60 avg300 total) - a pressure metric",
         version="Linux 4.20-6.x (`some avg10=... avg60=... avg300=... total=...` / `full avg10=...`)",
         source="torvalds/linux kernel/sched/psi.c psi_show (seq_printf(m, `%s avg10=%lu.%02lu avg60=%lu.%02lu avg300=%lu.%02lu total=%llu\\n`, full ? `full` : `some`, ...))",
         log='''$ cat /proc/pressure/memory
some avg10=12.41 avg60=8.77 avg300=3.02 total=918273645
full avg10=9.86 avg60=6.12 avg300=2.11 total=712004187
$ free -g
               total        used        free      shared  buff/cache   available
Mem:            1007         941          11           2          54          61
Swap:              0           0           0
'''),
    dict(name="L10-pytest-test-oom-passed", kind="lookalike",
         family="pytest verbose run where tests named for OOM handling pass",
         version="pytest 7.x-8.x (`tests/test_memory.py::test_oom_retry_halves_batch PASSED`)",
         source="pytest-dev/pytest src/_pytest/terminal.py TerminalReporter (verbose `nodeid PASSED [ NN%]` lines and the `=== N passed in Ns ===` summary)",
         log='''============================= test session starts ==============================
platform linux -- Python 3.11.9, pytest-8.3.3, pluggy-1.5.0
collected 6 items

tests/test_memory.py::test_oom_retry_halves_batch PASSED                 [ 16%]
tests/test_memory.py::test_oom_killed_worker_is_restarted PASSED         [ 33%]
tests/test_memory.py::test_cuda_out_of_memory_is_reported PASSED         [ 50%]
tests/test_memory.py::test_memory_error_in_collate_is_raised PASSED      [ 66%]
tests/test_loader.py::test_shards_roundtrip PASSED                       [ 83%]
tests/test_loader.py::test_resume_from_step PASSED                       [100%]

============================== 6 passed in 41.27s ==============================
'''),
    dict(name="L11-sacct-completed-high-maxrss", kind="lookalike",
         family="Slurm sacct accounting table: job COMPLETED with MaxRSS close to the requested memory (metrics, exit 0:0)",
         version="Slurm 20.x-24.x (`sacct -j N -o JobID,JobName,State,ExitCode,ReqMem,MaxRSS,Elapsed`)",
         source="SchedMD/slurm src/sacct/print.c / sacct.c field formatting (State COMPLETED, ExitCode 0:0, MaxRSS with K/M/G suffix)",
         log='''$ sacct -j 881204 -o JobID,JobName%12,State,ExitCode,ReqMem,MaxRSS,Elapsed
JobID             JobName      State ExitCode     ReqMem     MaxRSS    Elapsed
------------ ------------ ---------- -------- ---------- ---------- ----------
881204          sft-7b-ds  COMPLETED      0:0       480G              06:12:40
881204.batch        batch  COMPLETED      0:0                 471.2G  06:12:40
881204.exte+       extern  COMPLETED      0:0                  1.10M  06:12:40
'''),
    dict(name="L12-k8s-liveness-probe-killed-exit-137", kind="lookalike",
         family="Kubernetes: container killed by a failing liveness probe (Last State Terminated, Reason Error, Exit Code 137; Unhealthy / Killing events)",
         version="Kubernetes 1.2x-1.3x `kubectl describe pod` (`Last State: Terminated`, `Reason: Error`, `Exit Code: 137`; events `Liveness probe failed: ...`, `Container X failed liveness probe, will be restarted`)",
         source="kubernetes/kubernetes pkg/kubelet/prober/prober.go / worker.go (event Unhealthy `Liveness probe failed: %s`) + pkg/kubelet/kuberuntime/kuberuntime_manager.go computePodActions (`Container %s failed liveness probe, will be restarted`, Killing)",
         note="137 here is the kubelet's kill after the probe's grace period (Reason Error, not OOMKilled)",
         log='''$ kubectl describe pod vllm-rollout-1 -n ml
Name:             vllm-rollout-1
Namespace:        ml
Status:           Running
Containers:
  server:
    State:          Running
      Started:      Tue, 11 Feb 2025 07:02:40 +0000
    Last State:     Terminated
      Reason:       Error
      Exit Code:    137
      Started:      Tue, 11 Feb 2025 06:51:02 +0000
      Finished:     Tue, 11 Feb 2025 07:02:39 +0000
    Ready:          True
    Restart Count:  3
    Limits:
      memory:          96Gi
      nvidia.com/gpu:  1
    Liveness:       http-get http://:8000/health delay=60s timeout=5s period=10s #success=1 #failure=3
Events:
  Type     Reason     Age                 From     Message
  ----     ------     ----                ----     -------
  Warning  Unhealthy  12m (x9 over 41m)   kubelet  Liveness probe failed: Get "http://10.42.1.17:8000/health": context deadline exceeded (Client.Timeout exceeded while awaiting headers)
  Normal   Killing    12m (x3 over 41m)   kubelet  Container server failed liveness probe, will be restarted
'''),
    dict(name="L13-spark-memorystore-not-enough-space-to-cache", kind="lookalike",
         family="Spark MemoryStore: Not enough space to cache rdd_N_N in memory! (computed X so far) - the block is recomputed or persisted to disk",
         version="Spark 2.x-3.5 (`WARN MemoryStore: Not enough space to cache rdd_212_598 in memory! (computed 44.6 MiB so far)`)",
         source="apache/spark core/src/main/scala/org/apache/spark/storage/memory/MemoryStore.scala logUnrollFailureMessage (logWarning(s`Not enough space to cache $blockId in memory! (computed ${Utils.bytesToString(finalVectorSize)} so far)`)) + BlockManager (`Persisting block $blockId to disk instead.`)",
         note="Spark does not cache the block and goes on; the job succeeded",
         log='''25/01/14 10:22:31 WARN MemoryStore: Not enough space to cache rdd_212_598 in memory! (computed 44.6 MiB so far)
25/01/14 10:22:31 INFO MemoryStore: Memory use = 753.6 KiB (blocks) + 156.7 MiB (scratch space shared across 4 tasks(s)) = 157.4 MiB. Storage limit = 176.8 MiB.
25/01/14 10:22:31 WARN BlockManager: Persisting block rdd_212_598 to disk instead.
25/01/14 10:24:02 INFO DAGScheduler: Job 7 finished: count at dedup.py:88, took 91.117 s
rows after dedup: 18,204,112
'''),
    dict(name="L14-node-maxlistenersexceeded-memory-leak-warning", kind="lookalike",
         family="Node.js: MaxListenersExceededWarning: Possible EventEmitter memory leak detected (a listener-count warning)",
         version="Node.js 10-22 (`(node:N) MaxListenersExceededWarning: Possible EventEmitter memory leak detected. 11 exit listeners added to [process]. MaxListeners is 10. Use emitter.setMaxListeners() to increase limit`)",
         source="nodejs/node lib/events.js _addListener (`Possible EventEmitter memory leak detected. ${existing.length} ${String(type)} listeners added to ${inspect(target, { depth: -1 })}. MaxListeners is ${m}. Use emitter.setMaxListeners() to increase limit`)",
         log='''$ node scripts/label_batch.mjs --concurrency 16
(node:48211) MaxListenersExceededWarning: Possible EventEmitter memory leak detected. 11 exit listeners added to [process]. MaxListeners is 10. Use emitter.setMaxListeners() to increase limit
(Use `node --trace-warnings ...` to show where the warning was created)
labelled 20000/20000 examples, wrote data/labels-2025-06-01.jsonl
'''),
    dict(name="L15-earlyoom-startup-banner", kind="lookalike",
         family="earlyoom start-up banner: thresholds for SIGTERM / SIGKILL and the first memory report (config echo, nothing killed)",
         version="earlyoom 1.6-1.8 (`earlyoom v1.7` / `mem total: N MiB, swap total: N MiB` / `sending SIGTERM when mem <= 10.00% and swap <= 10.00%,` / `        SIGKILL when mem <= 5.00% and swap <= 5.00%` / `mem avail: ...`)",
         source="rfjakob/earlyoom main.c main (fprintf(stderr, `earlyoom %s\\n`, VERSION); `mem total: %4lld MiB, swap total: %4lld MiB\\n`; `sending SIGTERM when mem <= ` ... `SIGKILL when mem <= `) + print_mem_stats (`mem avail: %5lld of %5lld MiB (` PRIPCT `), swap free: %4lld of %4lld MiB (` PRIPCT `)\\n`)",
         log='''$ journalctl -u earlyoom -b --no-pager
Jun 03 08:00:14 gpubox systemd[1]: Started earlyoom.service - Early OOM Daemon.
Jun 03 08:00:14 gpubox earlyoom[1022]: earlyoom 1.7
Jun 03 08:00:14 gpubox earlyoom[1022]: mem total: 515890 MiB, swap total:    0 MiB
Jun 03 08:00:14 gpubox earlyoom[1022]: sending SIGTERM when mem <= 10.00% and swap <= 10.00%,
Jun 03 08:00:14 gpubox earlyoom[1022]:         SIGKILL when mem <=  5.00% and swap <=  5.00%
Jun 03 08:00:14 gpubox earlyoom[1022]: mem avail: 498121 of 515890 MiB (96.56%), swap free:    0 of    0 MiB ( 0.00%)
Jun 03 09:00:14 gpubox earlyoom[1022]: mem avail: 201442 of 515890 MiB (39.05%), swap free:    0 of    0 MiB ( 0.00%)
'''),
    dict(name="L16-tf-cpu-allocator-exceeds-10-percent-warning", kind="lookalike",
         family="TensorFlow CPU allocator warning: Allocation of N exceeds 10% of free system memory (the allocation succeeds)",
         version="TensorFlow 2.x (`W tensorflow/core/framework/cpu_allocator_impl.cc:83] Allocation of N exceeds 10% of free system memory.`)",
         source="tensorflow/tensorflow tensorflow/core/framework/cpu_allocator_impl.cc CPUAllocator::AllocateRaw (LOG(WARNING) << `Allocation of ` << num_bytes << ` exceeds ` << 100 * kLargeAllocationWarningThreshold << `% of free system memory.`)",
         note="a warning printed up to five times; training went on",
         log='''2025-02-20 16:04:11.902113: W tensorflow/core/framework/cpu_allocator_impl.cc:83] Allocation of 3355443200 exceeds 10% of free system memory.
2025-02-20 16:04:12.310877: W tensorflow/core/framework/cpu_allocator_impl.cc:83] Allocation of 3355443200 exceeds 10% of free system memory.
Epoch 1/10
1563/1563 [==============================] - 211s 134ms/step - loss: 1.2217 - accuracy: 0.5731 - val_loss: 1.0420 - val_accuracy: 0.6388
Epoch 2/10
1563/1563 [==============================] - 208s 133ms/step - loss: 0.9312 - accuracy: 0.6722 - val_loss: 0.9108 - val_accuracy: 0.6810
'''),
]
