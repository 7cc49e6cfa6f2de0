"""Host-memory OOM formats (allocators, runtimes, servers, schedulers, platforms, build tools) in none of the earlier sets."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="17-opencv-insufficient-memory", kind="host",
         family="OpenCV core allocator: cv::error (-4:Insufficient memory) Failed to allocate N bytes in function 'OutOfMemoryError'",
         version="opencv-python 4.x (`cv2.error: OpenCV(4.x) .../alloc.cpp:73: error: (-4:Insufficient memory) Failed to allocate N bytes in function 'OutOfMemoryError'`)",
         source="opencv/opencv modules/core/src/alloc.cpp OutOfMemoryError (CV_Error_(cv::Error::StsNoMem, (`Failed to allocate %llu bytes`, size))) + modules/core/src/system.cpp cv::error formatting (`OpenCV(%s) %s:%d: error: (%d:%s) %s in function '%s'`)",
         facts=dict(requested_bytes=9953280000),
         log=f'''[W 2025-06-03 12:44:18] datasets.map: num_proc=32, writer_batch_size=1000
Traceback (most recent call last):
  File "/work/prep/decode_frames.py", line 88, in decode
    frames = np.stack([cv2.resize(f, (3840, 2160)) for f in clip])
  File "/work/prep/decode_frames.py", line 88, in <listcomp>
    frames = np.stack([cv2.resize(f, (3840, 2160)) for f in clip])
cv2.error: OpenCV(4.10.0) /io/opencv/modules/core/src/alloc.cpp:73: error: (-4:Insufficient memory) Failed to allocate 9953280000 bytes in function 'OutOfMemoryError'
'''),
    dict(name="18-mimalloc-unable-to-allocate-os-memory", kind="host",
         family="mimalloc: unable to allocate OS memory (mmap failed with ENOMEM), warning printed by the allocator before the caller fails",
         version="mimalloc 2.x (`mimalloc: warning: unable to allocate OS memory (error: 12 (0xc), size: 0x... bytes, align: 0x..., commit: 1, allow large: 0)`)",
         source="microsoft/mimalloc src/os.c mi_os_prim_alloc (_mi_warning_message(`unable to allocate OS memory (error: %d (0x%x), size: 0x%zx bytes, align: 0x%zx, commit: %d, allow large: %d)`)) + src/options.c (`mimalloc: warning: ` prefix)",
         log='''polars: scanning 412 parquet files (1.9 TB) with streaming=False
mimalloc: warning: unable to allocate OS memory (error: 12 (0xc), size: 0x40000000 bytes, align: 0x1000, commit: 1, allow large: 0)
mimalloc: warning: unable to allocate OS memory (error: 12 (0xc), size: 0x40000000 bytes, align: 0x1000, commit: 1, allow large: 0)
mimalloc: error: unable to allocate memory (1073741824 bytes)
Aborted (core dumped)
'''),
    dict(name="19-jemalloc-error-in-malloc-oom", kind="host",
         family="jemalloc xmalloc: <jemalloc>: Error in malloc(): out of memory (abort on allocation failure)",
         version="jemalloc 4.x-5.x with opt.xmalloc (`<jemalloc>: Error in malloc(): out of memory` + `Requested: N`)",
         source="jemalloc/jemalloc src/jemalloc.c je_malloc / imalloc_body (sopts.oom_string = `<jemalloc>: Error in malloc(): out of memory\\n`; printed and abort() when opt_xmalloc)",
         log='''[2025-09-10T08:12:55Z INFO  index_builder] building HNSW graph: 412000000 vectors, M=32, ef_construction=200
[2025-09-10T08:31:02Z INFO  index_builder] layer 0: 61.3% linked
<jemalloc>: Error in malloc(): out of memory
Requested: 32575720008
fatal runtime error: Rust cannot catch foreign exceptions
Aborted (core dumped)
'''),
    dict(name="20-macos-jetsam-memorystatus-kill", kind="host",
         family="macOS / iOS kernel jetsam: memorystatus killed the process (killing_top_process / killing_specific_process per-process-limit or vm-pageshortage)",
         version="macOS 12-15 unified log (`memorystatus: killing_top_process pid N [python3.12] (vm-pageshortage N ...) ...KB - memorystatus_available_pages: N`)",
         source="apple-oss-distributions/xnu bsd/kern/kern_memorystatus.c memorystatus_kill_top_process / memorystatus_do_kill (os_log(`%lu.%03d memorystatus: killing_top_process pid %d [%s] (%s %d ...) %lluKB - memorystatus_available_pages: %llu`))",
         log='''$ python3 finetune_lora.py --model mistral-7b --batch-size 8
Loading checkpoint shards: 100%|██████████| 3/3 [00:14<00:00,  4.80s/it]
  3%|▎         | 41/1250 [06:12<3:02:40,  9.06s/it]
zsh: killed     python3 finetune_lora.py --model mistral-7b --batch-size 8
$ log show --last 5m --predicate 'eventMessage CONTAINS "memorystatus"' | tail -2
2025-05-14 22:19:47.118 Df kernel[0:1c2] [com.apple.xnu:memorystatus] 9187.331 memorystatus: killing_top_process pid 48211 [python3.12] (vm-pageshortage 1 0s rf:high) 30812448KB - memorystatus_available_pages: 1824
2025-05-14 22:19:47.121 Df kernel[0:1c2] [com.apple.xnu:memorystatus] memorystatus: killing_top_process_elevated pid 48211 [python3.12] jetsam_reason->osr_code: 2
'''),
    dict(name="21-runc-container-init-oom-killed", kind="host",
         family="runc: container init was OOM-killed (memory limit too low?) while starting the container (StartError / RunContainerError, exit 128)",
         version="runc 1.1-1.2 under containerd / Kubernetes 1.2x (`OCI runtime create failed: runc create failed: unable to start container process: container init was OOM-killed (memory limit too low?)`)",
         source="opencontainers/runc libcontainer/process_linux.go initProcess.start (if the cgroup OOM-killed init before it signalled: errors.New(`container init was OOM-killed (memory limit too low?)`))",
         log='''$ kubectl describe pod embed-worker-7c9d5b8f6-x2lqp -n ml
...
    State:          Waiting
      Reason:       CrashLoopBackOff
    Last State:     Terminated
      Reason:       StartError
      Message:      failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: container init was OOM-killed (memory limit too low?): unknown
      Exit Code:    128
    Limits:
      memory:  24Mi
Events:
  Warning  Failed   12s (x4 over 68s)  kubelet  Error: failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: container init was OOM-killed (memory limit too low?): unknown
'''),
    dict(name="22-julia-outofmemoryerror", kind="host",
         family="Julia runtime: ERROR: OutOfMemoryError() (heap allocation refused)",
         version="Julia 1.6-1.11 (`ERROR: LoadError: OutOfMemoryError()`)",
         source="JuliaLang/julia base/boot.jl (struct OutOfMemoryError <: Exception end) + src/gc.c jl_throw(jl_memory_exception) on a failed malloc",
         log='''[ Info: reading 48 shards from /scratch/tok/
[ Info: building co-occurrence matrix (vocab 2000000)
ERROR: LoadError: OutOfMemoryError()
Stacktrace:
 [1] Array
   @ ./boot.jl:479 [inlined]
 [2] zeros(::Type{Float64}, dims::Tuple{Int64, Int64})
   @ Base ./array.jl:589
 [3] build_cooc(path::String)
   @ Main /home/kim/glove/cooc.jl:41
in expression starting at /home/kim/glove/cooc.jl:77
'''),
    dict(name="23-sagemaker-training-out-of-memory", kind="host",
         family="Amazon SageMaker training job failure reason: OutOfMemoryError (Please use an instance type with more memory ...)",
         version="SageMaker training 2020-2025 (`FailureReason: 'OutOfMemoryError: Please use an instance type with more memory, or reduce the size of job data processed on an instance.'`)",
         source="AWS SageMaker platform (closed source); wording as the DescribeTrainingJob FailureReason documented in SageMaker troubleshooting and pasted from the SDK's UnexpectedStatusException",
         log='''2025-02-11 09:52:10 Training - Training image download completed. Training in progress.
[1,mpirank:0,algo-1]<stdout>:{'loss': 1.7341, 'learning_rate': 1.8e-05, 'epoch': 0.21}
2025-02-11 10:44:37 Uploading - Uploading generated training model
2025-02-11 10:44:37 Failed - Training job failed
Traceback (most recent call last):
  File "launch.py", line 61, in <module>
    estimator.fit({"train": train_s3})
  File "/opt/conda/lib/python3.10/site-packages/sagemaker/session.py", line 4931, in _check_job_status
    raise exceptions.UnexpectedStatusException(
sagemaker.exceptions.UnexpectedStatusException: Error for Training job hf-llama-sft-2025-02-11-09-41-07-123: Failed. Reason: OutOfMemoryError: Please use an instance type with more memory, or reduce the size of job data processed on an instance.. Check troubleshooting guide for common errors: https://docs.aws.amazon.com/sagemaker/latest/dg/sagemaker-python-sdk-troubleshooting.html
'''),
    dict(name="24-databricks-python-process-exit-137", kind="host",
         family="Databricks notebook: the Python process exited with exit code 137 (SIGKILL) - may have been caused by an OOM error",
         version="Databricks Runtime 12-16 notebooks (`The Python process exited with exit code 137 (SIGKILL: Killed). This may have been caused by an OOM error. Check your command's memory usage.`)",
         source="Databricks Runtime (closed source) driver REPL failure message; wording as users paste it from notebook cells and Databricks knowledge-base articles",
         log='''Cmd 14
trainer.train()
  7%|▋         | 88/1250 [03:41<48:22,  2.50s/it]
Fatal error: The Python kernel is unresponsive.
The Python process exited with exit code 137 (SIGKILL: Killed). This may have been caused by an OOM error. Check your command's memory usage.
The last 10 KB of the process's stderr and stdout can be found below. See driver logs for full logs.
---------------------------------------------------------------------------
Last messages on stderr:
Tue Mar  4 11:07:12 2025 Connection to spark from PID  2311
Tue Mar  4 11:07:12 2025 Initialized gateway on port 36121
'''),
    dict(name="25-argo-workflows-oomkilled-exit-137", kind="host",
         family="Argo Workflows node message: OOMKilled (exit code 137) for a pod step (Kubeflow Pipelines on Argo)",
         version="Argo Workflows 3.x (`Message: OOMKilled (exit code 137)` in `argo get` / the node status)",
         source="argoproj/argo-workflows workflow/controller/operator.go assessNodeStatus (message from the container's terminated reason and exit code: `%s (exit code %d)`)",
         log='''$ argo get llm-eval-pipeline-8kq2v -n kubeflow
Name:                llm-eval-pipeline-8kq2v
Namespace:           kubeflow
Status:              Failed
Message:             child 'llm-eval-pipeline-8kq2v-3318760842' failed
Duration:            14 minutes 2 seconds

STEP                             TEMPLATE             PODNAME                                   DURATION  MESSAGE
 ✖ llm-eval-pipeline-8kq2v        pipeline                                                                 child 'llm-eval-pipeline-8kq2v-3318760842' failed
 ├───✔ download-dataset            download-dataset     llm-eval-pipeline-8kq2v-download-2291         1m
 └───✖ tokenize-and-score          tokenize-and-score   llm-eval-pipeline-8kq2v-tokenize-3318760842  12m       OOMKilled (exit code 137)
'''),
    dict(name="26-airflow-task-negsignal-sigkill", kind="host",
         family="Apache Airflow local task job: Task exited with return code Negsignal.SIGKILL (the task process was killed, usually by the OOM killer)",
         version="Airflow 2.2-2.10 (`INFO - Task exited with return code Negsignal.SIGKILL`)",
         source="apache/airflow airflow/jobs/local_task_job_runner.py handle_task_exit (self.log.info(`Task exited with return code %s`, return_code) with Negsignal enum for negative codes) + airflow/utils/process_utils.py",
         log='''[2025-01-20, 03:12:44 UTC] {taskinstance.py:2603} INFO - Exporting env vars: AIRFLOW_CTX_DAG_ID='embed_corpus' AIRFLOW_CTX_TASK_ID='encode_batch'
[2025-01-20, 03:12:46 UTC] {encode.py:57} INFO - loading bge-large-en-v1.5 and 18.2M passages into memory
[2025-01-20, 03:19:08 UTC] {local_task_job_runner.py:234} INFO - Task exited with return code Negsignal.SIGKILL
[2025-01-20, 03:19:08 UTC] {taskinstance.py:1206} INFO - Marking task as FAILED. dag_id=embed_corpus, task_id=encode_batch, run_id=scheduled__2025-01-19T00:00:00+00:00
'''),
    dict(name="27-celery-workerlosterror-sigkill", kind="host",
         family="Celery / billiard prefork pool: Process ForkPoolWorker exited with signal 9 (SIGKILL) -> WorkerLostError",
         version="celery 4.x-5.x / billiard 3.6-4.x (`Process 'ForkPoolWorker-N' pid:N exited with 'signal 9 (SIGKILL)'` + `billiard.exceptions.WorkerLostError: Worker exited prematurely: signal 9 (SIGKILL) Job: N.`)",
         source="celery/billiard billiard/pool.py Pool._join_exited_workers (error(`Process %r pid:%r exited with %r`)) + mark_as_worker_lost (WorkerLostError(`Worker exited prematurely: {0} Job: {1}.`))",
         log='''[2025-04-02 16:20:11,508: INFO/MainProcess] Task rag.ingest.embed_documents[4c1f0a8e-1d2b-4a3e-9c11-7e5b0f3d9a21] received
[2025-04-02 16:21:57,884: ERROR/MainProcess] Process 'ForkPoolWorker-3' pid:2214 exited with 'signal 9 (SIGKILL)'
[2025-04-02 16:21:57,902: ERROR/MainProcess] Task handler raised error: WorkerLostError('Worker exited prematurely: signal 9 (SIGKILL) Job: 17.')
Traceback (most recent call last):
  File "/usr/local/lib/python3.11/site-packages/billiard/pool.py", line 1264, in mark_as_worker_lost
    raise WorkerLostError(
billiard.exceptions.WorkerLostError: Worker exited prematurely: signal 9 (SIGKILL) Job: 17.
'''),
    dict(name="28-gunicorn-worker-sigkill-perhaps-oom", kind="host",
         family="Gunicorn arbiter: Worker (pid:N) was sent SIGKILL! Perhaps out of memory?",
         version="gunicorn 20.1-23.x (`[ERROR] Worker (pid:N) was sent SIGKILL! Perhaps out of memory?`)",
         source="benoitc/gunicorn gunicorn/arbiter.py Arbiter.reap_workers (if the worker died of SIGKILL: self.log.error(`Worker (pid:%s) was sent %s!`, ...) with ` Perhaps out of memory?` appended for SIGKILL)",
         log='''[2025-08-19 14:02:31 +0000] [1] [INFO] Starting gunicorn 23.0.0
[2025-08-19 14:02:31 +0000] [1] [INFO] Listening at: http://0.0.0.0:8080 (1)
[2025-08-19 14:02:31 +0000] [7] [INFO] Booting worker with pid: 7
[2025-08-19 14:02:44 +0000] [7] [INFO] loading cross-encoder/ms-marco-MiniLM-L-12-v2 and the faiss index (6.1 GB)
[2025-08-19 14:03:02 +0000] [1] [ERROR] Worker (pid:7) was sent SIGKILL! Perhaps out of memory?
[2025-08-19 14:03:02 +0000] [12] [INFO] Booting worker with pid: 12
'''),
    dict(name="29-gcc-killed-signal-cc1plus", kind="host",
         family="GCC driver: fatal error: Killed signal terminated program cc1plus (the compiler was OOM-killed while building a CUDA / C++ extension)",
         version="GCC 7-14 (`c++: fatal error: Killed signal terminated program cc1plus` + `compilation terminated.`), e.g. building flash-attn / DeepSpeed ops with too many ninja jobs",
         source="gcc-mirror/gcc gcc/gcc.cc execute (internal_error_no_backtrace / fatal_error(`%s signal terminated program %s`, strsignal(WTERMSIG(status)), prog))",
         log='''  [47/85] c++ -MMD -MF /tmp/pip-install-x1/flash-attn/build/temp.linux-x86_64-cpython-311/csrc/flash_attn/flash_api.o.d -pthread -B /opt/conda/compiler_compat -O3 -std=c++17 -c csrc/flash_attn/flash_api.cpp
  FAILED: /tmp/pip-install-x1/flash-attn/build/temp.linux-x86_64-cpython-311/csrc/flash_attn/flash_api.o
  c++: fatal error: Killed signal terminated program cc1plus
  compilation terminated.
  ninja: build stopped: subcommand failed.
  RuntimeError: Error compiling objects for extension
  error: subprocess-exited-with-error
'''),
    dict(name="30-nvcc-cicc-died-signal-9", kind="host",
         family="nvcc: 'cicc' died due to signal 9 (Kill signal) while compiling CUDA kernels (the front end was OOM-killed)",
         version="CUDA 11.x-12.x nvcc (`nvcc error   : 'cicc' died due to signal 9 (Kill signal)`), e.g. building vLLM / flash-attn / xformers from source with MAX_JOBS too high",
         source="NVIDIA nvcc driver (closed source); wording as nvcc prints it in users' build logs of vLLM, flash-attention and xformers",
         log='''      [112/310] Building CUDA object CMakeFiles/_C.dir/csrc/quantization/gptq_marlin/gptq_marlin.cu.o
      FAILED: CMakeFiles/_C.dir/csrc/quantization/gptq_marlin/gptq_marlin.cu.o
      /usr/local/cuda/bin/nvcc -forward-unknown-to-host-compiler -DPy_LIMITED_API=3 -gencode arch=compute_90a,code=sm_90a -O2 -c /workspace/vllm/csrc/quantization/gptq_marlin/gptq_marlin.cu
      nvcc error   : 'cicc' died due to signal 9 (Kill signal)
      ninja: build stopped: subcommand failed.
      subprocess.CalledProcessError: Command '['cmake', '--build', '.', '-j=64', '--target=_moe_C', '--target=_C']' returned non-zero exit status 1.
'''),
    dict(name="31-ollama-runner-terminated-signal-killed", kind="host",
         family="Ollama: llama runner process has terminated: signal: killed (the runner was OOM-killed loading or serving a model)",
         version="ollama 0.1.3x-0.9 (`Error: llama runner process has terminated: signal: killed`)",
         source="ollama/ollama llm/server.go (llama) WaitUntilRunning / Completion (fmt.Errorf(`llama runner process has terminated: %w`, err) with Go's exec ExitError `signal: killed`)",
         log='''$ ollama run qwen2.5:32b
pulling manifest
pulling eabc98a9bcd4... 100% ▕████████████████▏  19 GB
success
time=2025-06-21T18:40:12.301Z level=INFO source=server.go:431 msg="starting llama server" cmd="/usr/lib/ollama/runners/cpu_avx2/ollama_llama_server runner --model /root/.ollama/models/blobs/sha256-eabc98a9bcd4 --ctx-size 8192 --batch-size 512 --threads 8 --no-mmap --parallel 4 --port 40151"
time=2025-06-21T18:40:55.918Z level=ERROR source=sched.go:455 msg="error loading llama server" error="llama runner process has terminated: signal: killed"
Error: llama runner process has terminated: signal: killed
'''),
    dict(name="32-heroku-r15-memory-quota-vastly-exceeded", kind="host",
         family="Heroku router / dyno manager: Error R15 (Memory quota vastly exceeded) then Stopping process with SIGKILL",
         version="Heroku Cedar / Fir dynos 2012-2025 (`heroku[web.1]: Process running mem=2565M(250.6%)` + `Error R15 (Memory quota vastly exceeded)` + `Stopping process with SIGKILL`)",
         source="Heroku platform (closed source); wording as documented in Heroku's error-codes reference (R15 - Memory quota vastly exceeded) and pasted from `heroku logs --tail`",
         log='''2025-03-09T12:31:44.918102+00:00 app[web.1]: INFO:     loading sentence-transformers/all-mpnet-base-v2
2025-03-09T12:31:58.201337+00:00 heroku[web.1]: Process running mem=1120M(218.9%)
2025-03-09T12:31:58.203912+00:00 heroku[web.1]: Error R14 (Memory quota exceeded)
2025-03-09T12:32:06.772150+00:00 heroku[web.1]: Process running mem=2565M(501.0%)
2025-03-09T12:32:06.774430+00:00 heroku[web.1]: Error R15 (Memory quota vastly exceeded)
2025-03-09T12:32:06.776001+00:00 heroku[web.1]: Stopping process with SIGKILL
2025-03-09T12:32:06.901233+00:00 heroku[web.1]: Process exited with status 137
2025-03-09T12:32:06.944871+00:00 heroku[web.1]: State changed from up to crashed
'''),
    dict(name="33-torch-shm-fallocate-no-space", kind="host",
         family="PyTorch MapAllocator: unable to allocate shared memory(shm) for file </torch_...> (posix_fallocate on /dev/shm failed: No space left on device)",
         version="torch 1.13-2.9 DataLoader workers (`RuntimeError: unable to allocate shared memory(shm) for file </torch_N_N_N>: No space left on device (28)`)",
         source="pytorch/pytorch aten/src/ATen/MapAllocator.cpp MapAllocator::MapAllocator (posix_fallocate; TORCH_CHECK(false, `unable to allocate shared memory(shm) for file <`, filename_, `>: `, c10::utils::str_error(err), ` (`, err, `)`))",
         log=f'''Epoch 3:  41%|████      | 1031/2500 [11:02<15:43,  1.56it/s, loss=0.412]
Traceback (most recent call last):
  File "{SP}/torch/utils/data/_utils/worker.py", line 351, in _worker_loop
    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]
  File "{SP}/torch/utils/data/_utils/fetch.py", line 55, in fetch
    return self.collate_fn(data)
  File "{SP}/torch/utils/data/_utils/collate.py", line 155, in collate
    out = elem.new(storage).resize_(len(batch), *list(elem.size()))
RuntimeError: unable to allocate shared memory(shm) for file </torch_2718_3141592653_912>: No space left on device (28)
'''),
    dict(name="34-windows-resource-exhaustion-detector-2004", kind="host",
         family="Windows Resource-Exhaustion-Detector event 2004: Windows successfully diagnosed a low virtual memory condition (top consumers listed)",
         version="Windows 10 / 11 / Server 2016-2025 System log (`Windows successfully diagnosed a low virtual memory condition. The following programs consumed the most virtual memory: python.exe (N) consumed N bytes, ...`)",
         source="Microsoft Windows Resource-Exhaustion-Detector (closed source) event ID 2004; wording as shown by Event Viewer / Get-WinEvent in users' pastes",
         log='''PS C:\\> Get-WinEvent -FilterHashtable @{LogName='System'; Id=2004} -MaxEvents 1 | Format-List TimeCreated, ProviderName, Message

TimeCreated  : 3/27/2025 1:14:52 AM
ProviderName : Microsoft-Windows-Resource-Exhaustion-Detector
Message      : Windows successfully diagnosed a low virtual memory condition. The following programs consumed the most virtual memory: python.exe (18812) consumed 60231680000 bytes, msedge.exe (9920) consumed 1210925056 bytes, and Code.exe (14232) consumed 998326272 bytes.
'''),
    dict(name="35-cargo-rustc-signal-9-sigkill", kind="host",
         family="Cargo: process didn't exit successfully: `rustc ...` (signal: 9, SIGKILL: kill) while building a Rust extension (tokenizers / safetensors / polars from source)",
         version="cargo 1.6x-1.8x (`error: could not compile `X` (lib)` + `process didn't exit successfully: ... (signal: 9, SIGKILL: kill)`)",
         source="rust-lang/cargo crates/cargo-util/src/process_error.rs exit_status_to_string (unix: `signal: {}, {}: {}` with the signal number, name and description)",
         log='''   Compiling tokenizers v0.21.1 (/tmp/pip-install-9n/tokenizers/tokenizers)
   Compiling tokenizers-python v0.21.1 (/tmp/pip-install-9n/tokenizers/bindings/python)
error: could not compile `tokenizers` (lib)

Caused by:
  process didn't exit successfully: `/root/.rustup/toolchains/stable-x86_64-unknown-linux-gnu/bin/rustc --crate-name tokenizers --edition=2018 tokenizers/src/lib.rs --crate-type lib -C opt-level=3 -C lto -C codegen-units=1` (signal: 9, SIGKILL: kill)
💥 maturin failed
  Caused by: Failed to build a native library through cargo
error: metadata-generation-failed
'''),
]
