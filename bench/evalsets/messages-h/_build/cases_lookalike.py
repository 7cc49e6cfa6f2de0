"""Lookalikes: messages that mention memory, OOM or a kill but record no out-of-memory failure."""

CASES = [
    dict(name="L01-tfjs-webgl-high-memory-usage-warning", kind="lookalike",
         family="TensorFlow.js WebGL backend: `High memory usage in GPU: X MB, most likely due to a memory leak` (a one-time console warning; inference goes on)",
         version="@tensorflow/tfjs-backend-webgl 1.x-4.x (backend_webgl.ts acquireTexture: console.warn(`High memory usage in GPU: ${mb} MB, most likely due to a memory leak`))",
         source="tensorflow/tfjs tfjs-backend-webgl/src/backend_webgl.ts MathBackendWebGL.acquireTexture (console.warn(`High memory usage in GPU: ${mb} MB, ` + `most likely due to a memory leak`))",
         note="a warning past a fixed threshold; nothing failed",
         log='''pose-demo.js:41 backend: webgl, model: movenet/singlepose/thunder
backend_webgl.ts:472 High memory usage in GPU: 1029.91 MB, most likely due to a memory leak
pose-demo.js:88 fps 27.4 (frame 1200)
pose-demo.js:88 fps 27.1 (frame 1800)
'''),
    dict(name="L02-redis-memory-overcommit-must-be-enabled", kind="lookalike",
         family="Redis start-up warning: `WARNING Memory overcommit must be enabled! Without it, a background save or replication may fail under low memory condition...` (the server starts and serves)",
         version="Redis 6.2-7.x (server.c linuxMemoryWarnings)",
         source="redis/redis src/server.c linuxMemoryWarnings (serverLog(LL_WARNING,`WARNING Memory overcommit must be enabled! Without it, a background save or replication may fail under low memory condition. ...`))",
         note="a start-up configuration warning; nothing ran out of memory",
         log='''1:C 11 Mar 2025 08:00:01.201 # WARNING Memory overcommit must be enabled! Without it, a background save or replication may fail under low memory condition. Being disabled, it can also cause failures without low memory condition, see https://github.com/jemalloc/jemalloc/issues/1328. To fix this issue add 'vm.overcommit_memory = 1' to /etc/sysctl.conf and then reboot or run the command 'sysctl vm.overcommit_memory=1' for this to take effect.
1:C 11 Mar 2025 08:00:01.201 * oO0OoO0OoO0Oo Redis is starting oO0OoO0OoO0Oo
1:C 11 Mar 2025 08:00:01.201 * Redis version=7.2.4, bits=64, commit=00000000, modified=0, pid=1, just started
1:M 11 Mar 2025 08:00:01.203 * Server initialized
1:M 11 Mar 2025 08:00:01.203 * Ready to accept connections tcp
'''),
    dict(name="L03-rabbitmq-memory-alarm-set-and-cleared", kind="lookalike",
         family="RabbitMQ: `memory resource limit alarm set on node ...` / `Publishers will be blocked until this alarm clears` then `cleared` (flow control at the high watermark, no process died)",
         version="RabbitMQ 3.x (vm_memory_monitor / rabbit_alarm: `memory resource limit alarm set on node ~tp.` and `... cleared on node`)",
         source="rabbitmq/rabbitmq-server deps/rabbit/src/rabbit_alarm.erl (rabbit_log:warning(`~ts resource limit alarm set on node ~tp.~n~n*** Publishers will be blocked until this alarm clears ***`), `~ts resource limit alarm cleared on node ~tp`)",
         note="back-pressure at a watermark; the broker kept running and the alarm cleared",
         log='''2024-01-15 14:45:02.788 [info] <0.789.0> vm_memory_high_watermark set. Memory used:3412131840 allowed:3355443200
2024-01-15 14:45:02.789 [warning] <0.789.0> memory resource limit alarm set on node rabbit@prod-rmq-01.

**********************************************************
*** Publishers will be blocked until this alarm clears ***
**********************************************************
2024-01-15 14:45:31.402 [info] <0.789.0> vm_memory_high_watermark clear. Memory used:3087007744 allowed:3355443200
2024-01-15 14:45:31.402 [warning] <0.789.0> memory resource limit alarm cleared on node rabbit@prod-rmq-01
'''),
    dict(name="L04-kernel-tcp-out-of-memory-tcp-mem", kind="lookalike",
         family="Linux kernel: `TCP: out of memory -- consider tuning tcp_mem` (socket buffer memory over net.ipv4.tcp_mem; connections reset, no process killed)",
         version="Linux 3.x-6.x (net/ipv4/tcp.c tcp_check_oom: net_info_ratelimited(`out of memory -- consider tuning tcp_mem\\n`), pr_fmt `TCP: `)",
         source="torvalds/linux net/ipv4/tcp.c tcp_check_oom (if (out_of_socket_memory) net_info_ratelimited(`out of memory -- consider tuning tcp_mem\\n`))",
         note="a socket-memory limit, not system memory; nothing was killed",
         log='''$ dmesg -T | tail -4
[Tue Mar 18 02:11:40 2025] TCP: out of memory -- consider tuning tcp_mem
[Tue Mar 18 02:11:40 2025] TCP: out of memory -- consider tuning tcp_mem
[Tue Mar 18 02:11:41 2025] net_ratelimit: 212 callbacks suppressed
[Tue Mar 18 02:11:41 2025] TCP: out of memory -- consider tuning tcp_mem
$ free -g | head -2
               total        used        free      shared  buff/cache   available
Mem:             503         121          12           2         369         378
'''),
    dict(name="L05-celery-max-memory-per-child-recycle", kind="lookalike",
         family="Celery / billiard: `child process exiting after exceeding memory limit (XKiB / YKiB)` (--max-memory-per-child recycles a worker after its task finished)",
         version="billiard 3.5-4.x (pool.py Worker: warning(`child process exiting after exceeding memory limit ({0}KiB / {1}KiB)`)) with Celery 4.x-5.x worker_max_memory_per_child",
         source="celery/billiard billiard/pool.py Worker.workloop (if max_memory_per_child and mem > max_memory_per_child: warning(`child process exiting after exceeding memory limit ({0}KiB / {1}KiB)`...))",
         note="a planned recycle after the task succeeded; no failure",
         log='''[2025-03-04 16:20:01,511: INFO/ForkPoolWorker-2] Task preprocess.tokenize_shard[4be0e1c2-8c0f-4f39-b6a1-0d9f4f1f0c77] succeeded in 48.2s: {'shard': 118, 'tokens': 104857600}
[2025-03-04 16:20:01,514: WARNING/ForkPoolWorker-2] child process exiting after exceeding memory limit (2411204KiB / 2097152KiB)
[2025-03-04 16:20:01,620: INFO/MainProcess] Task preprocess.tokenize_shard[1d7a3e55-2c11-4b8e-9f7e-6a5b2c3d4e5f] received
[2025-03-04 16:21:02,090: INFO/ForkPoolWorker-5] Task preprocess.tokenize_shard[1d7a3e55-2c11-4b8e-9f7e-6a5b2c3d4e5f] succeeded in 60.4s: {'shard': 119, 'tokens': 104857600}
'''),
    dict(name="L06-spark-submit-verbose-conf-heapdumponoutofmemoryerror", kind="lookalike",
         family="spark-submit --verbose: the `Spark properties used` echo with JVM options naming OutOfMemoryError (-XX:+HeapDumpOnOutOfMemoryError, -XX:OnOutOfMemoryError) and memory settings; the job succeeds",
         version="Apache Spark 3.x spark-submit --verbose (SparkSubmitArguments.toString: `Spark properties used, including those specified through\\n --conf and those from the properties file ...:`)",
         source="apache/spark core/src/main/scala/org/apache/spark/deploy/SparkSubmitArguments.scala toString (`Spark properties used, including those specified through` ... sparkProperties.mkString)",
         note="a configuration echo; the job finished",
         log='''Spark properties used, including those specified through
 --conf and those from the properties file null:
  (spark.driver.memory,16g)
  (spark.executor.extraJavaOptions,-XX:+HeapDumpOnOutOfMemoryError -XX:HeapDumpPath=/tmp/dumps -XX:OnOutOfMemoryError='kill -9 %p')
  (spark.executor.memory,24g)
  (spark.executor.memoryOverhead,4g)
  (spark.memory.fraction,0.7)

25/01/08 10:12:03 INFO SparkContext: Running Spark version 3.5.1
25/01/08 10:41:55 INFO DAGScheduler: Job 3 finished: save at dedup.py:77, took 1791.204 s
25/01/08 10:41:56 INFO SparkContext: Successfully stopped SparkContext
'''),
    dict(name="L07-kube-prometheus-kubememoryovercommit-alert", kind="lookalike",
         family="kube-prometheus / kubernetes-mixin alert KubeMemoryOvercommit: `Cluster has overcommitted memory resource requests for Pods by X bytes and cannot tolerate node failure.` (a capacity-planning alert)",
         version="kubernetes-mixin / kube-prometheus-stack 0.x-2025 (alerts/resource_alerts.libsonnet KubeMemoryOvercommit)",
         source="kubernetes-monitoring/kubernetes-mixin alerts/resource_alerts.libsonnet (alert: KubeMemoryOvercommit, description: `Cluster {{ $labels.cluster }} has overcommitted memory resource requests for Pods by {{ $value | humanize }} bytes and cannot tolerate node failure.`)",
         note="a scheduling-capacity warning; no pod ran out of memory",
         log='''[FIRING:1] KubeMemoryOvercommit (warning)
Summary: Cluster has overcommitted memory resource requests.
Description: Cluster has overcommitted memory resource requests for Pods by 68.72G bytes and cannot tolerate node failure.
Runbook: https://runbooks.prometheus-operator.dev/runbooks/kubernetes/kubememoryovercommit
Labels: alertname=KubeMemoryOvercommit severity=warning prometheus=monitoring/k8s
'''),
    dict(name="L08-memory-profiler-line-by-line-report", kind="lookalike",
         family="memory_profiler @profile: the line-by-line `Line #    Mem usage    Increment  Occurrences   Line Contents` table (memory metrics of a run that finished)",
         version="memory_profiler 0.58-0.61 (show_results: `Line #    Mem usage    Increment  Occurrences   Line Contents`)",
         source="pythonprofilers/memory_profiler memory_profiler.py show_results (template header `Line #`, `Mem usage`, `Increment`, `Occurrences`, `Line Contents`)",
         note="a profiler's report; nothing failed",
         log='''Filename: prep_dataset.py

Line #    Mem usage    Increment  Occurrences   Line Contents
=============================================================
    14    212.4 MiB    212.4 MiB           1   @profile
    15                                         def build(path):
    16   9611.9 MiB   9399.5 MiB           1       df = pd.read_parquet(path)
    17  14208.3 MiB   4596.4 MiB           1       df["ids"] = df.text.map(tok.encode)
    18   4702.1 MiB  -9506.2 MiB           1       del df["text"]
    19   4702.3 MiB      0.2 MiB           1       return df

wrote 1200000 rows to data/train.parquet
'''),
    dict(name="L09-aws-lambda-report-max-memory-used-ok", kind="lookalike",
         family="AWS Lambda REPORT line: `Memory Size: N MB Max Memory Used: M MB` on an invocation that succeeded (metrics, not a failure)",
         version="AWS Lambda CloudWatch REPORT format (2019-2025)",
         source="closed source (AWS Lambda); format read in AWS documentation (Working with Lambda function logs, the REPORT line fields)",
         note="usage metrics under the limit; the invocation returned",
         log='''START RequestId: 0e9b7d55-1a8b-4c27-8f0c-2b7e3c1d9a10 Version: 12
[INFO]	2025-03-11T15:02:11.540Z	0e9b7d55-1a8b-4c27-8f0c-2b7e3c1d9a10	scored 512 rows in 3.1s
END RequestId: 0e9b7d55-1a8b-4c27-8f0c-2b7e3c1d9a10
REPORT RequestId: 0e9b7d55-1a8b-4c27-8f0c-2b7e3c1d9a10	Duration: 3188.02 ms	Billed Duration: 3189 ms	Memory Size: 3008 MB	Max Memory Used: 2411 MB
'''),
    dict(name="L10-github-runner-running-out-of-disk-space", kind="lookalike",
         family="GitHub Actions runner: `##[warning]You are running out of disk space. The runner will stop working when the machine runs out of disk space. Free space left: N MB` (disk, not memory or /dev/shm)",
         version="actions/runner 2.29x-2.32x (JobDispatcher / disk-space check warning)",
         source="actions/runner src/Runner.Worker (low disk space warning `You are running out of disk space. The runner will stop working when the machine runs out of disk space. Free space left: {0} MB`)",
         confidence="medium", note="a disk-space warning; memory never ran out",
         log='''2025-04-03T11:02:10.1109871Z ##[group]Run huggingface-cli download meta-llama/Llama-3.2-1B --local-dir ckpt
2025-04-03T11:04:55.0021334Z Fetching 13 files: 100%|██████████| 13/13 [02:44<00:00, 12.65s/it]
2025-04-03T11:04:55.3310042Z ##[endgroup]
2025-04-03T11:05:01.6620197Z ##[warning]You are running out of disk space. The runner will stop working when the machine runs out of disk space. Free space left: 72 MB
2025-04-03T11:06:40.9987713Z ============ 41 passed, 2 skipped in 92.31s ============
'''),
]
