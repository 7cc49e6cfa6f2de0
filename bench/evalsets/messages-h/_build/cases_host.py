"""Host / process / cluster / data-store OOM formats in none of messages/ .. messages-g/."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="05-emscripten-cannot-enlarge-memory-arrays", kind="host",
         family="Emscripten wasm runtime: abortOnCannotGrowMemory, `Aborted(Cannot enlarge memory arrays to size N bytes (OOM) ...)` (onnxruntime-web / transformers.js in a browser or Node)",
         version="Emscripten 2.x-3.x generated JS (`Cannot enlarge memory arrays to size ${requestedSize} bytes (OOM). Either (1) compile with -sINITIAL_MEMORY=X ...`)",
         source="emscripten-core/emscripten src/library.js abortOnCannotGrowMemory (abort(`Cannot enlarge memory arrays to size ${requestedSize} bytes (OOM). Either (1) compile with -sINITIAL_MEMORY=X with X higher than the current value ${HEAP8.length}, (2) compile with -sALLOW_MEMORY_GROWTH ...`))",
         log='''[embed-worker] loading model Xenova/bge-large-en-v1.5 (q8) with onnxruntime-web 1.20.1 (wasm)
[embed-worker] batch 1/40 ok (64 docs)
[embed-worker] batch 2/40 ok (64 docs)
Uncaught (in promise) RuntimeError: Aborted(Cannot enlarge memory arrays to size 4294967296 bytes (OOM). Either (1) compile with -sINITIAL_MEMORY=X with X higher than the current value 4278190080, (2) compile with -sALLOW_MEMORY_GROWTH which allows increasing the size at runtime, or (3) if you want malloc to return NULL (0) instead of this abort, compile with -sABORTING_MALLOC=0). Build with -sASSERTIONS for more info.
    at abort (ort-wasm-simd-threaded.mjs:8:3127)
    at abortOnCannotGrowMemory (ort-wasm-simd-threaded.mjs:8:51820)
    at _emscripten_resize_heap (ort-wasm-simd-threaded.mjs:8:52106)
    at ort-wasm-simd-threaded.wasm:0x1c6f0d
'''),
    dict(name="06-openmpi-mpirun-rank-exited-on-signal-9", kind="host",
         family="Open MPI mpirun: `mpirun noticed that process rank N with PID P on node H exited on signal 9 (Killed).` (a rank SIGKILLed, the OOM killer's in practice; no memory printed)",
         version="Open MPI 3.x-4.x (help-errmgr-base.txt / help-orterun.txt `...exited on signal %d (%s).`)",
         source="open-mpi/ompi orte/mca/errmgr/base/help-errmgr-base.txt + orte/tools/orterun/help-orterun.txt [orterun:proc-aborted-signal] (`%s noticed that process rank %s with PID %s on node %s exited on signal %d (%s).`)",
         confidence="medium", note="a SIGKILL of one rank with no memory report: possible host OOM",
         log='''[1,2]<stdout>:step 400 | loss 3.118 | tok/s 41220
[1,3]<stdout>:step 400 | loss 3.121 | tok/s 41187
--------------------------------------------------------------------------
Primary job  terminated normally, but 1 process returned
a non-zero exit code. Per user-direction, the job has been aborted.
--------------------------------------------------------------------------
--------------------------------------------------------------------------
mpirun noticed that process rank 3 with PID 0 on node gpu-n012 exited on signal 9 (Killed).
--------------------------------------------------------------------------
'''),
    dict(name="07-mpich-hydra-bad-termination-killed-signal-9", kind="host",
         family="MPICH / Intel MPI Hydra: `BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES` with `EXIT CODE: 9` and `YOUR APPLICATION TERMINATED WITH THE EXIT STRING: Killed (signal 9)`",
         version="MPICH 3.x-4.x / Intel MPI 2019-2021 hydra (`=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES` / `=   RANK 5 PID 81234 RUNNING AT node` / `=   KILLED BY SIGNAL: 9 (Killed)`)",
         source="pmodels/mpich src/pm/hydra/ui/mpich/utils.c + mpiexec.c (`BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES`, `EXIT CODE: %d`, `YOUR APPLICATION TERMINATED WITH THE EXIT STRING: %s (signal %d)`)",
         note="a SIGKILL of one rank with no memory report: possible host OOM",
         log='''> mpiexec -n 8 -ppn 8 python -u run_dpo.py --config dpo_8b.yaml
> (quoted from the cluster's e-mail, Thu 03:14)
>
> ===================================================================================
> =   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES
> =   RANK 5 PID 81234 RUNNING AT hpc-a100-07
> =   KILLED BY SIGNAL: 9 (Killed)
> ===================================================================================
'''),
    dict(name="08-redis-py-outofmemoryerror-maxmemory", kind="host",
         family="Redis server OOM reply surfaced by redis-py: `redis.exceptions.OutOfMemoryError: OOM command not allowed when used memory > 'maxmemory'.`",
         version="Redis 2.6-7.x server (shared.oomerr) ; redis-py 4.x-5.x maps the `OOM` reply to redis.exceptions.OutOfMemoryError",
         source="redis/redis src/server.c createSharedObjects (shared.oomerr = `-OOM command not allowed when used memory > 'maxmemory'.\\r\\n`) + redis/redis-py redis/_parsers/base.py EXCEPTION_CLASSES (`OOM command not allowed when used memory > 'maxmemory'.`: OutOfMemoryError)",
         log=f'''[2025-03-02 11:40:12,331: INFO/MainProcess] Task rollouts.push_batch[9a1c0f5e-6e0b-4b4c-9a35-5f0f6a0e2b11] received
[2025-03-02 11:40:12,902: ERROR/ForkPoolWorker-3] Task rollouts.push_batch[9a1c0f5e-6e0b-4b4c-9a35-5f0f6a0e2b11] raised unexpected: OutOfMemoryError("OOM command not allowed when used memory > 'maxmemory'.")
Traceback (most recent call last):
  File "{SP}/celery/app/trace.py", line 453, in trace_task
    R = retval = fun(*args, **kwargs)
  File "/srv/rl/rollouts.py", line 88, in push_batch
    pipe.execute()
  File "{SP}/redis/client.py", line 1524, in execute
    return conn.retry.call_with_retry(
  File "{SP}/redis/_parsers/resp2.py", line 15, in read_response
    raise error
redis.exceptions.OutOfMemoryError: OOM command not allowed when used memory > 'maxmemory'.
'''),
    dict(name="09-clickhouse-memory-limit-exceeded-241", kind="host",
         family="ClickHouse server: `Code: 241. DB::Exception: Memory limit (total) exceeded: would use X GiB (attempt to allocate chunk of N bytes), maximum: Y GiB ... (MEMORY_LIMIT_EXCEEDED)` via clickhouse-connect",
         version="ClickHouse 22.x-24.x (MemoryTracker: `Memory limit (total) exceeded: would use %s (attempt to allocate chunk of %zu bytes), maximum: %s.` + OvercommitTracker decision) ; clickhouse-connect 0.6-0.8 HTTP driver",
         source="ClickHouse/ClickHouse src/Common/MemoryTracker.cpp MemoryTracker::allocImpl (ErrorCodes::MEMORY_LIMIT_EXCEEDED, `Memory limit{}{} exceeded: would use {} (attempt to allocate chunk of {} bytes), maximum: {}.{}{}`)",
         log='''{"ts":"2025-01-19T22:04:51.118Z","level":"error","logger":"feature_export","msg":"query failed","error":"clickhouse_connect.driver.exceptions.DatabaseError: HTTPDriver for http://ch-prod:8123 returned response code 500)\\n Code: 241. DB::Exception: Memory limit (total) exceeded: would use 28.30 GiB (attempt to allocate chunk of 4360384 bytes), maximum: 28.13 GiB. OvercommitTracker decision: Query was selected to stop by OvercommitTracker.: While executing AggregatingTransform. (MEMORY_LIMIT_EXCEEDED) (version 23.8.2.7 (official build))"}
'''),
    dict(name="10-erlang-eheap-alloc-cannot-allocate", kind="host",
         family="Erlang/OTP BEAM VM: `eheap_alloc: Cannot allocate N bytes of memory (of type \"heap\").` then a crash dump (RabbitMQ as a Celery broker)",
         version="Erlang/OTP R16-27 (erts_alloc_enomem: `%s: Cannot %s %lu bytes of memory (of type \\\"%s\\\").`)",
         source="erlang/otp erts/emulator/beam/erl_alloc.c erts_alloc_n_enomem / erts_alloc_enomem (`%s: Cannot %s %lu bytes of memory (of type \\\"%s\\\").\\n`), allocator name eheap_alloc",
         log='''rabbitmq-0 rabbitmq 2024-11-08 04:12:09.441 [warning] <0.2714.0> Queue celery: 1843210 messages ready
rabbitmq-0 rabbitmq 2024-11-08 04:12:41.007 [info] <0.501.0> accepting AMQP connection <0.9331.0> (10.4.2.17:51222 -> 10.4.0.9:5672)
rabbitmq-0 rabbitmq
rabbitmq-0 rabbitmq eheap_alloc: Cannot allocate 1581285040 bytes of memory (of type "heap").
rabbitmq-0 rabbitmq
rabbitmq-0 rabbitmq Crash dump is being written to: erl_crash.dump...done
'''),
    dict(name="11-jvm-cannot-reserve-direct-buffer-memory", kind="host",
         family="JVM (JDK 13+): `java.lang.OutOfMemoryError: Cannot reserve N bytes of direct buffer memory (allocated: A, limit: L)` from java.nio.Bits.reserveMemory (Spark executor reading Parquet)",
         version="OpenJDK 13-21 (`Cannot reserve ` + size + ` bytes of direct buffer memory (allocated: ` + ... + `, limit: ` + MAX_MEMORY + `)`); older JDKs say `Direct buffer memory`",
         source="openjdk/jdk src/java.base/share/classes/java/nio/Bits.java reserveMemory (throw new OutOfMemoryError(`Cannot reserve ` + size + ` bytes of direct buffer memory (allocated: ` + RESERVED_MEMORY.get() + `, limit: ` + MAX_MEMORY +`)`))",
         log='''24/06/14 09:31:58 ERROR Executor: Exception in task 17.0 in stage 4.0 (TID 212)
java.lang.OutOfMemoryError: Cannot reserve 16777216 bytes of direct buffer memory (allocated: 2139095040, limit: 2147483648)
	at java.base/java.nio.Bits.reserveMemory(Bits.java:178)
	at java.base/java.nio.DirectByteBuffer.<init>(DirectByteBuffer.java:121)
	at java.base/java.nio.ByteBuffer.allocateDirect(ByteBuffer.java:332)
	at org.apache.parquet.bytes.DirectByteBufferAllocator.allocate(DirectByteBufferAllocator.java:25)
	at org.apache.parquet.hadoop.ParquetFileReader.readAllPartsVectoredOrNormal(ParquetFileReader.java:1233)
24/06/14 09:31:58 ERROR SparkUncaughtExceptionHandler: Uncaught exception in thread Thread[Executor task launch worker for task 17.0 in stage 4.0 (TID 212),5,main]
'''),
    dict(name="12-flink-netty-outofdirectmemoryerror", kind="host",
         family="Netty (shaded in Flink): `OutOfDirectMemoryError: failed to allocate N byte(s) of direct memory (used: U, max: M)` from PlatformDependent.incrementMemoryCounter",
         version="Netty 4.1.x (`failed to allocate ` + capacity + ` byte(s) of direct memory (used: ` + ... + `, max: ` + DIRECT_MEMORY_LIMIT + ')'); Flink 1.14-1.19 flink-shaded-netty",
         source="netty/netty common/src/main/java/io/netty/util/internal/PlatformDependent.java incrementMemoryCounter (throw new OutOfDirectMemoryError(`failed to allocate ` + capacity + ` byte(s) of direct memory (used: ` + usedMemory + `, max: ` + DIRECT_MEMORY_LIMIT + ')'))",
         log='''2024-09-30 17:22:05,612 WARN  org.apache.flink.runtime.taskmanager.Task                    [] - Window(TumblingEventTimeWindows(60000)) -> Sink: feature-store (3/8)#0 switched from RUNNING to FAILED with failure cause:
org.apache.flink.runtime.io.network.netty.exception.LocalTransportException: failed to allocate 4194304 byte(s) of direct memory (used: 532676608, max: 536870912) (connection to '10.12.3.44/10.12.3.44:36215')
	at org.apache.flink.runtime.io.network.netty.CreditBasedPartitionRequestClientHandler.exceptionCaught(CreditBasedPartitionRequestClientHandler.java:176)
Caused by: org.apache.flink.shaded.netty4.io.netty.util.internal.OutOfDirectMemoryError: failed to allocate 4194304 byte(s) of direct memory (used: 532676608, max: 536870912)
	at org.apache.flink.shaded.netty4.io.netty.util.internal.PlatformDependent.incrementMemoryCounter(PlatformDependent.java:843)
	at org.apache.flink.shaded.netty4.io.netty.util.internal.PlatformDependent.allocateDirectNoCleaner(PlatformDependent.java:772)
'''),
    dict(name="13-flink-taskmanager-metaspace-oom", kind="host",
         family="Apache Flink TaskManager: `java.lang.OutOfMemoryError: Metaspace. The metaspace out-of-memory error has occurred. ...` (Flink's enriched JVM Metaspace OOM) and a fatal shutdown",
         version="Apache Flink 1.10-1.19 (TaskManagerExceptionUtils / ExceptionUtils.TM_METASPACE_OOM_ERROR_MESSAGE)",
         source="apache/flink flink-core/src/main/java/org/apache/flink/util/ExceptionUtils.java TM_METASPACE_OOM_ERROR_MESSAGE (`Metaspace. The metaspace out-of-memory error has occurred. This can mean two things: either the job requires a larger size of JVM metaspace to load classes or there is a class loading leak. ...`)",
         log='''2024-10-02 03:18:44,901 ERROR org.apache.flink.runtime.taskexecutor.TaskManagerRunner      [] - Fatal error occurred while executing the TaskManager. Shutting it down...
java.lang.OutOfMemoryError: Metaspace. The metaspace out-of-memory error has occurred. This can mean two things: either the job requires a larger size of JVM metaspace to load classes or there is a class loading leak. In the first case 'taskmanager.memory.jvm-metaspace.size' configuration option should be increased. If the error persists (usually in cluster after several job (re-)submissions) then there is probably a class loading leak in user code or some of its dependencies which has to be investigated and fixed. The task executor has to be shutdown...
2024-10-02 03:18:44,913 INFO  org.apache.flink.runtime.blob.PermanentBlobCache              [] - Shutting down BLOB cache
'''),
    dict(name="14-bazel-ran-out-of-memory-and-crashed", kind="host",
         family="Bazel server: `FATAL: bazel ran out of memory and crashed.` (exit code 33) building jaxlib / TensorFlow from source in CI",
         version="Bazel 4.x-7.x (BugReport.handleCrash for OutOfMemoryError; ExitCode.OOM_ERROR = 33)",
         source="bazelbuild/bazel src/main/java/com/google/devtools/build/lib/bugreport/BugReport.java (`FATAL: bazel ran out of memory and crashed.`) + site/en/run/scripts.md (`33 - Bazel ran out of memory and crashed.`)",
         log='''2025-04-03T12:44:10.2210045Z [18,412 / 22,907] Compiling xla/service/gpu/ir_emitter_unnested.cc; 231s local ... (16 actions running)
2025-04-03T12:51:37.8822117Z FATAL: bazel ran out of memory and crashed. Printing stack trace:
2025-04-03T12:51:37.8824450Z net.starlark.java.eval.Starlark$UncheckedEvalError: OutOfMemoryError thrown during Starlark evaluation (//xla/service/gpu:ir_emitter)
2025-04-03T12:51:37.8826002Z 	at net.starlark.java.eval.Starlark.fastcall(Starlark.java:638)
2025-04-03T12:51:38.0114571Z ##[error]Process completed with exit code 33.
'''),
    dict(name="15-gradle-expiring-daemon-jvm-heap-exhausted", kind="host",
         family="Gradle daemon: `Expiring Daemon because JVM heap space is exhausted` (LowHeapSpaceDaemonExpirationStrategy) building an on-device ML app",
         version="Gradle 4.x-8.x (`Expiring Daemon because JVM heap space is exhausted` / `Daemon will be stopped at the end of the build after running out of JVM memory`)",
         source="gradle/gradle subprojects/launcher/src/main/java/org/gradle/launcher/daemon/server/health/LowMemoryDaemonExpirationStrategy / DaemonMemoryStatus (EXPIRE_DAEMON_LOW_HEAP_SPACE = `JVM heap space is exhausted`)",
         log='''> Task :app:mergeReleaseAssets
> Task :app:compressReleaseAssets
Expiring Daemon because JVM heap space is exhausted
Daemon will be stopped at the end of the build after running out of JVM memory
> Task :app:mergeDexRelease FAILED

BUILD FAILED in 7m 12s
41 actionable tasks: 41 executed
'''),
    dict(name="16-pm2-max-memory-restart", kind="host",
         family="PM2 process manager: `[PM2][WORKER] Process N restarted because it exceeds --max-memory-restart value (current_memory=X max_memory_limit=Y [octets])` (a serving gateway recycled over its memory cap)",
         version="PM2 2.x-5.x (lib/Worker.js maxMemoryRestart)",
         source="Unitech/pm2 lib/Worker.js (console.log(`[PM2][WORKER] Process %s restarted because it exceeds --max-memory-restart value (current_memory=%s max_memory_limit=%s [octets])`, ...))",
         log='''PM2        | 2025-05-06T10:11:58: PM2 log: App [llm-gateway:0] online
0|llm-gateway  | 2025-05-06T10:12:40: streaming completion to 212 clients
PM2        | 2025-05-06T10:13:12: PM2 log: [PM2][WORKER] Process 0 restarted because it exceeds --max-memory-restart value (current_memory=1126400000 max_memory_limit=1073741824 [octets])
PM2        | 2025-05-06T10:13:12: PM2 log: Stopping app:llm-gateway id:0
PM2        | 2025-05-06T10:13:13: PM2 log: App [llm-gateway:0] exited with code [0] via signal [SIGINT]
PM2        | 2025-05-06T10:13:13: PM2 log: App [llm-gateway:0] starting in -fork mode-
'''),
    dict(name="17-supervisord-exited-terminated-by-sigkill", kind="host",
         family="supervisord: `exited: NAME (terminated by SIGKILL; not expected)` (a supervised inference worker SIGKILLed; no memory printed)",
         version="supervisor 3.x-4.x (process.py _finish: `exited: %s (%s)` with decode_wait_status `terminated by SIGKILL`)",
         source="Supervisor/supervisor supervisor/process.py Subprocess.finish (msg = `exited: %s (%s)` % (processname, msg + `; not expected`)) + supervisor/options.py decode_wait_status (`terminated by %s`)",
         note="a SIGKILL with no memory report: possible host OOM",
         log='''2025-02-27 08:01:14,552 INFO success: embedder_00 entered RUNNING state, process has stayed up for > than 10 seconds (startsecs)
2025-02-27 09:47:31,118 INFO exited: embedder_00 (terminated by SIGKILL; not expected)
2025-02-27 09:47:32,121 INFO spawned: 'embedder_00' with pid 48211
'''),
    dict(name="18-aws-lambda-runtime-exited-signal-killed", kind="host",
         family="AWS Lambda: `Error: Runtime exited with error: signal: killed` / `Runtime.ExitError` with the REPORT line's Max Memory Used equal to Memory Size",
         version="AWS Lambda (2020-2025 CloudWatch log format: `RequestId: ... Error: Runtime exited with error: signal: killed`, `REPORT RequestId: ... Memory Size: N MB Max Memory Used: N MB`)",
         source="closed source (AWS Lambda runtime); wording read in AWS documentation (Troubleshoot invocation issues in Lambda) and users' CloudWatch pastes",
         confidence="medium",
         log='''START RequestId: 6c1f2b0e-2f55-4c1e-9d7e-1c0a3a4f7a11 Version: $LATEST
[INFO]	2025-03-11T14:20:03.118Z	6c1f2b0e-2f55-4c1e-9d7e-1c0a3a4f7a11	loading sentence-transformers/all-MiniLM-L6-v2
[INFO]	2025-03-11T14:20:09.902Z	6c1f2b0e-2f55-4c1e-9d7e-1c0a3a4f7a11	embedding 20000 rows
RequestId: 6c1f2b0e-2f55-4c1e-9d7e-1c0a3a4f7a11 Error: Runtime exited with error: signal: killed
Runtime.ExitError
END RequestId: 6c1f2b0e-2f55-4c1e-9d7e-1c0a3a4f7a11
REPORT RequestId: 6c1f2b0e-2f55-4c1e-9d7e-1c0a3a4f7a11	Duration: 41208.33 ms	Billed Duration: 41209 ms	Memory Size: 3008 MB	Max Memory Used: 3008 MB	Init Duration: 1432.10 ms
'''),
    dict(name="19-hf-spaces-runtime-error-memory-limit-exceeded", kind="host",
         family="Hugging Face Spaces: `Runtime error` + `Memory limit exceeded (16Gi)` on the Space's status page",
         version="Hugging Face Spaces (2023-2025; status banner `Runtime error` and reason `Memory limit exceeded (16Gi)`)",
         source="closed source (Hugging Face Spaces infrastructure); wording read in users' pastes on discuss.huggingface.co and Space issue threads",
         confidence="low",
         log='''Hi, my Space keeps going down after a few requests. The page shows:

> **Runtime error**
> Memory limit exceeded (16Gi)

Container logs just before it:

```
===== Application Startup at 2025-01-22 10:03:51 =====
Loading checkpoint shards: 100%|██████████| 4/4 [00:41<00:00, 10.32s/it]
* Running on local URL:  http://0.0.0.0:7860
```
'''),
    dict(name="20-octave-out-of-memory-or-dimension-too-large", kind="host",
         family="GNU Octave: `error: out of memory or dimension too large for Octave's index type` (std::bad_alloc caught by the evaluator, Octave:bad-alloc)",
         version="GNU Octave 4.4-9.x (tree_evaluator: error_with_id (`Octave:bad-alloc`, `out of memory or dimension too large for Octave's index type`))",
         source="gnu-octave/octave libinterp/parse-tree/pt-eval.cc tree_evaluator::visit_statement (catch (const std::bad_alloc&): error_with_id (`Octave:bad-alloc`, `out of memory or dimension too large for Octave's index type`))",
         log='''octave:3> K = exp(-pdist2(X, X).^2 / (2*sigma^2));
error: out of memory or dimension too large for Octave's index type
octave:4> size(X)
ans =

   120000       64

'''),
    dict(name="21-php-allowed-memory-size-exhausted", kind="host",
         family="PHP (Zend MM): `PHP Fatal error:  Allowed memory size of N bytes exhausted (tried to allocate M bytes)` (memory_limit reached)",
         version="PHP 5.x-8.x (zend_alloc.c zend_mm_safe_error `Allowed memory size of %zu bytes exhausted (tried to allocate %zu bytes)`)",
         source="php/php-src Zend/zend_alloc.c zend_mm_alloc_huge / zend_mm_gc (zend_mm_safe_error(heap, `Allowed memory size of %zu bytes exhausted (tried to allocate %zu bytes)`, ...))",
         log='''[24-Jan-2025 18:02:44 UTC] PHP Fatal error:  Allowed memory size of 536870912 bytes exhausted (tried to allocate 134217736 bytes) in /var/www/labeling/vendor/league/csv/src/Reader.php on line 341
[24-Jan-2025 18:02:44 UTC] PHP Stack trace:
[24-Jan-2025 18:02:44 UTC] PHP   1. {main}() /var/www/labeling/bin/export_annotations.php:0
'''),
    dict(name="22-fluentd-ruby-nomemoryerror", kind="host",
         family="Ruby: `failed to allocate memory (NoMemoryError)` (rb_memerror) in a Fluentd log shipper on a cluster node",
         version="CRuby 2.x-3.x (gc.c rb_memerror: `failed to allocate memory`); Fluentd 1.x logging format `[error]: ... error_class=NoMemoryError error=\"failed to allocate memory\"`",
         source="ruby/ruby gc.c rb_memerror (nomem_error = rb_exc_new3(rb_eNoMemError, rb_obj_freeze(rb_str_new2(`failed to allocate memory`)))) + fluent/fluentd lib/fluent/root_agent.rb / plugin logs (`error_class=... error=...`)",
         log='''2025-02-14 06:22:10 +0000 [warn]: #0 [out_es] failed to flush the buffer. retry_times=4 next_retry_time=2025-02-14 06:22:27 +0000 chunk="62e1d4a5b0f7c3e1c9a3f1e2b4d5a6c7" error_class=Fluent::Plugin::ElasticsearchOutput::RecoverableRequestFailure error="could not push logs to Elasticsearch cluster"
2025-02-14 06:22:41 +0000 [error]: #0 unexpected error error_class=NoMemoryError error="failed to allocate memory"
  2025-02-14 06:22:41 +0000 [error]: #0 /usr/lib/ruby/3.1.0/json/common.rb:216:in `parse'
  2025-02-14 06:22:41 +0000 [error]: #0 /fluentd/vendor/bundle/ruby/3.1.0/gems/fluentd-1.16.3/lib/fluent/plugin/buffer/chunk.rb:102:in `read'
2025-02-14 06:22:41 +0000 [error]: Worker 0 exited unexpectedly with status 1
'''),
]
