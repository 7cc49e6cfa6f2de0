"""Host / process / cluster / data-side OOM formats in none of messages/, messages-b/ .. messages-e/.

Written blind (before oomdoc was run on the set); each case names the source it was read from."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    # ------------------------------------------------------------------ kernels and OS killers
    dict(name="01-freebsd-pid-killed-failed-to-reclaim-memory", kind="host",
         family="FreeBSD kernel: the page daemon kills the largest process (pid N (comm), jid N, uid N, was killed: failed to reclaim memory / out of swap space)",
         version="FreeBSD 11.x-14.x (`pid N (python3.11), jid 0, uid 1001, was killed: failed to reclaim memory`; 10.x and earlier `out of swap space`)",
         source="freebsd/freebsd-src sys/kern/kern_sig.c killproc (log(LOG_ERR, `pid %d (%s), jid %d, uid %d, was killed: %s\\n`, ...)) + sys/vm/vm_pageout.c vm_pageout_oom (killproc(bigproc, reason) with `out of swap space` / `failed to reclaim memory` / `a thread waited too long to allocate a page`)",
         note="FreeBSD's OOM killer: no 'out of memory' words, the reason names the memory failure",
         log='''$ tail -n 6 /var/log/messages
Nov 24 03:11:58 gpubox kernel: swap_pager_getswapspace(32): failed
Nov 24 03:12:01 gpubox kernel: swap_pager_getswapspace(32): failed
Nov 24 03:12:44 gpubox kernel: pid 48211 (python3.11), jid 0, uid 1001, was killed: failed to reclaim memory
Nov 24 03:12:44 gpubox kernel: pid 48214 (python3.11), jid 0, uid 1001, was killed: failed to reclaim memory
'''),
    dict(name="02-xnu-low-swap-killing-largest-compressed", kind="host",
         family="macOS (xnu memorystatus): low swap: killing largest compressed process with pid N (comm) and size N MB",
         version="macOS 10.12-15 kernel log (`low swap: killing largest compressed process with pid N (python3.12) and size N MB`), read with `log show`",
         source="apple-oss-distributions/xnu bsd/kern/kern_memorystatus.c memorystatus_kill_on_VM_compressor_space_shortage / no_paging_space_action (printf(`low swap: killing largest compressed process with pid %d (%s) and size %llu MB\\n`, ...); psignal_with_reason(p, SIGKILL, JETSAM_REASON_LOWSWAP))",
         log='''$ log show --last 20m --predicate 'process == "kernel"' | grep -i -e swap -e memorystatus
2025-10-14 22:41:07.118204+0200 0x1a3      Default     0x0                  0      0    kernel: (Sandbox) memorystatus: System is unhealthy, swap_low 1
2025-10-14 22:41:08.502911+0200 0x1a3      Default     0x0                  0      0    kernel: low swap: killing largest compressed process with pid 67381 (python3.12) and size 33911 MB
2025-10-14 22:41:08.503377+0200 0x1a3      Default     0x0                  0      0    kernel: memorystatus: killing_specific_process pid 67381 [python3.12] (low-swap 0) 33911MB - memorystatus_available_pages: 3012
'''),
    dict(name="03-kernel-oom-kill-allocating-task-serial-console", kind="host",
         family="Linux OOM killer with vm.oom_kill_allocating_task=1: Out of memory (oom_kill_allocating_task): Killed process N (comm) ... (serial console timestamps)",
         version="Linux 4.19-6.x (`Out of memory (oom_kill_allocating_task): Killed process N (python3) total-vm:..kB, anon-rss:..kB, ... oom_score_adj:0`), as a serial / IPMI console prints it",
         source="torvalds/linux mm/oom_kill.c out_of_memory (sysctl_oom_kill_allocating_task: oom_kill_process(oc, `Out of memory (oom_kill_allocating_task)`)) + __oom_kill_process (pr_err(`%s: Killed process %d (%s) total-vm:%lukB, anon-rss:%lukB, file-rss:%lukB, shmem-rss:%lukB, UID:%u pgtables:%lukB oom_score_adj:%hd\\n`, message, ...))",
         log='''[ 8812.300114] python3 invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0
[ 8812.331207] Out of memory (oom_kill_allocating_task): Killed process 7712 (python3) total-vm:402113204kB, anon-rss:247771120kB, file-rss:81920kB, shmem-rss:2097152kB, UID:1000 pgtables:490512kB oom_score_adj:0
[ 8812.402770] oom_reaper: reaped process 7712 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:2097152kB
'''),
    dict(name="04-android-lmkd-kill-reason-termux", kind="host",
         family="Android lmkd (userspace low-memory killer): Kill 'comm' (pid), uid N, oom_score_adj N to free NkB rss, NkB swap; reason: ...",
         version="Android 11-15 lmkd in logcat (`lowmemorykiller: Kill 'com.termux' (N), uid N, oom_score_adj 0 to free NkB rss, NkB swap; reason: low watermark is breached ...`)",
         source="aosp system/memory/lmkd/lmkd.cpp kill_one_process (ALOGI(`Kill '%s' (%d), uid %d, oom_score_adj %d to free %\" PRId64 \"kB rss, %\" PRId64 \"kB swap; reason: %s`, taskname, pid, uid, procp->oomadj, rss_kb, swap_kb, ki->kill_desc)), LOG_TAG `lowmemorykiller`",
         note="llama.cpp run in Termux on a phone, killed by lmkd",
         log='''~ $ ./llama-cli -m models/qwen2.5-7b-instruct-q4_k_m.gguf -c 8192 -p "hello"
llama_model_loader: loaded meta data with 29 key-value pairs and 339 tensors
load_tensors:   CPU_Mapped model buffer size =  4460.45 MiB
[Process completed (signal 9) - press Enter]

$ adb logcat -d -s lowmemorykiller
11-24 21:03:11.512   512   512 I lowmemorykiller: Kill 'com.termux' (18822), uid 10245, oom_score_adj 0 to free 6211432kB rss, 1048576kB swap; reason: low watermark is breached and swap is low (2048kB < 314572kB)
'''),
    dict(name="05-cgroup-v1-memory-oom-control-counters", kind="host",
         family="cgroup v1 memory controller counters: memory.oom_control (under_oom / oom_kill), memory.failcnt, max_usage_in_bytes at the limit",
         version="Linux 4.13-6.x cgroup v1 (`oom_kill_disable 0` / `under_oom 0` / `oom_kill N`; the oom_kill counter from 4.13), read inside a container",
         source="torvalds/linux mm/memcontrol-v1.c (mm/memcontrol.c before 6.10) mem_cgroup_oom_control_read (seq_printf(sf, `oom_kill_disable %d\\n`, ...); seq_printf(sf, `under_oom %d\\n`, ...); seq_printf(sf, `oom_kill %lu\\n`, atomic_long_read(&memcg->memory_events[MEMCG_OOM_KILL])))",
         note="the counters say the container's processes were OOM-killed four times at the 64 GiB limit",
         log='''root@trainer-7f9c:/workspace# cat /sys/fs/cgroup/memory/memory.limit_in_bytes
68719476736
root@trainer-7f9c:/workspace# cat /sys/fs/cgroup/memory/memory.max_usage_in_bytes
68719476736
root@trainer-7f9c:/workspace# cat /sys/fs/cgroup/memory/memory.failcnt
1832211
root@trainer-7f9c:/workspace# cat /sys/fs/cgroup/memory/memory.oom_control
oom_kill_disable 0
under_oom 0
oom_kill 4
'''),
    dict(name="06-journalctl-json-memcg-oom-group", kind="host",
         family="Linux memcg OOM with memory.oom.group set (whole cgroup killed: Tasks in <cgroup> are going to be killed due to memory.oom.group set), as `journalctl -k -o json` records",
         version="Linux 4.19-6.x (`Tasks in /kubepods.slice/... are going to be killed due to memory.oom.group set`; kubelet sets memory.oom.group on cgroup v2 from Kubernetes 1.28), JSON lines from journald",
         source="torvalds/linux mm/oom_kill.c oom_kill_process (pr_info(`Tasks in `); pr_cont_cgroup_path(oom_group->css.cgroup); pr_cont(` are going to be killed due to memory.oom.group set\\n`); mem_cgroup_scan_tasks(oom_group, oom_kill_memcg_member, (void *)message)) + systemd journald JSON export (MESSAGE, _TRANSPORT=kernel)",
         log='''$ journalctl -k -o json --since "2025-11-02 04:10" | grep -e oom -e Killed
{"__REALTIME_TIMESTAMP":"1762056641771102","_TRANSPORT":"kernel","PRIORITY":"4","SYSLOG_IDENTIFIER":"kernel","_HOSTNAME":"gpu-node-12","MESSAGE":"pt_main_thread invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=995"}
{"__REALTIME_TIMESTAMP":"1762056641771988","_TRANSPORT":"kernel","PRIORITY":"6","SYSLOG_IDENTIFIER":"kernel","_HOSTNAME":"gpu-node-12","MESSAGE":"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-4be1.scope,mems_allowed=0-1,oom_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod81c2.slice/cri-containerd-4be1.scope,task_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod81c2.slice/cri-containerd-4be1.scope,task=pt_main_thread,pid=90121,uid=0"}
{"__REALTIME_TIMESTAMP":"1762056641772031","_TRANSPORT":"kernel","PRIORITY":"3","SYSLOG_IDENTIFIER":"kernel","_HOSTNAME":"gpu-node-12","MESSAGE":"Memory cgroup out of memory: Killed process 90121 (pt_main_thread) total-vm:231740112kB, anon-rss:125829120kB, file-rss:412332kB, shmem-rss:0kB, UID:0 pgtables:261244kB oom_score_adj:995"}
{"__REALTIME_TIMESTAMP":"1762056641772090","_TRANSPORT":"kernel","PRIORITY":"6","SYSLOG_IDENTIFIER":"kernel","_HOSTNAME":"gpu-node-12","MESSAGE":"Tasks in /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod81c2.slice/cri-containerd-4be1.scope are going to be killed due to memory.oom.group set"}
{"__REALTIME_TIMESTAMP":"1762056641772412","_TRANSPORT":"kernel","PRIORITY":"3","SYSLOG_IDENTIFIER":"kernel","_HOSTNAME":"gpu-node-12","MESSAGE":"Memory cgroup out of memory: Killed process 90188 (pt_data_worker) total-vm:18221044kB, anon-rss:4194304kB, file-rss:10240kB, shmem-rss:0kB, UID:0 pgtables:9120kB oom_score_adj:995"}
'''),
    # ------------------------------------------------------------------ Windows / macOS user space
    dict(name="07-windows-winerror-8-not-enough-memory", kind="host",
         family="Windows ERROR_NOT_ENOUGH_MEMORY (8) raised by CPython as OSError: [WinError 8] Not enough memory resources are available to process this command",
         version="CPython 3.8-3.13 on Windows 10 / 11 (`OSError: [WinError 8] Not enough memory resources are available to process this command`), e.g. mmap / multiprocessing spawn",
         source="Windows winerror.h ERROR_NOT_ENOUGH_MEMORY 8L (FormatMessage: `Not enough memory resources are available to process this command.`) + python/cpython Python/errors.c PyErr_SetExcFromWindowsErrWithFilenameObjects (`[WinError %d] %s`)",
         log=r'''(.venv) PS C:\Users\dana\projects\rag> python build_index.py --shards 64
Loading 12,400,000 passages from D:\corpus\passages.parquet
Traceback (most recent call last):
  File "C:\Users\dana\projects\rag\build_index.py", line 88, in <module>
    mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
OSError: [WinError 8] Not enough memory resources are available to process this command
'''),
    dict(name="08-windows-status-no-memory-0xc0000017", kind="host",
         family="Windows process exit status STATUS_NO_MEMORY (0xC0000017 = -1073741801) as an IDE / runner reports it",
         version="Windows 10 / 11, PyCharm / VS Code run consoles (`Process finished with exit code -1073741801 (0xC0000017)`)",
         source="Windows ntstatus.h STATUS_NO_MEMORY ((NTSTATUS)0xC0000017L, `{Not Enough Quota} Not enough virtual memory or paging file quota is available to complete the specified operation.`); exit-code line as JetBrains' run console prints it (`Process finished with exit code %d (0x%X)`)",
         note="closed source; the exit code alone says the process died of a failed allocation",
         log=r'''C:\Users\ken\miniconda3\envs\sd\python.exe C:\Users\ken\work\finetune\train_lora.py --resolution 1024 --train_batch_size 4
Loading pipeline components...: 100%|##########| 7/7 [00:09<00:00,  1.30s/it]
Steps:   0%|          | 0/4000 [00:00<?, ?it/s]
Steps:   0%|          | 1/4000 [00:41<45:39:12, 41.10s/it, loss=0.128, lr=0.0001]

Process finished with exit code -1073741801 (0xC0000017)
'''),
    dict(name="09-msvc-bad-allocation-onnxruntime", kind="host",
         family="MSVC std::bad_alloc (what(): `bad allocation`) surfaced through a Python extension (ONNX Runtime session creation on Windows)",
         version="onnxruntime 1.1x-1.2x on Windows (`RUNTIME_EXCEPTION : Exception during initialization: bad allocation`)",
         source="MSVC STL vcruntime_exception.h class bad_alloc (bad_alloc() noexcept : exception(`bad allocation`, 1)) + microsoft/onnxruntime onnxruntime/python/onnxruntime_pybind_state.cc (`Exception during initialization: ` + e.what())",
         log=r'''2025-08-19 10:22:41.0021453 [W:onnxruntime:, session_state.cc:1168 onnxruntime::VerifyEachNodeIsAssignedToAnEp] Some nodes were not assigned to the preferred execution providers which may or may not have an negative impact on performance.
Traceback (most recent call last):
  File "C:\work\asr\transcribe.py", line 31, in <module>
    sess = ort.InferenceSession("whisper-large-v3-fp32\\decoder_model_merged.onnx", providers=["CPUExecutionProvider"])
  File "C:\work\asr\.venv\Lib\site-packages\onnxruntime\capi\onnxruntime_inference_collection.py", line 472, in _create_inference_session
    sess.initialize_session(providers, provider_options, disabled_optimizers)
onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Exception during initialization: bad allocation
'''),
    dict(name="10-macos-libmalloc-mach-vm-map-cant-allocate-region", kind="host",
         family="macOS libmalloc: malloc: *** mach_vm_map(size=N) failed (error code=3) / *** error: can't allocate region",
         version="macOS 10.x-15 libmalloc (`python3.11(4242,0x1f1b3c140) malloc: *** mach_vm_map(size=N, flags: 100) failed (error code=3)` + `*** error: can't allocate region` + `*** set a breakpoint in malloc_error_break to debug`)",
         source="apple-oss-distributions/libmalloc src/vm.c mvm_allocate_pages (malloc_zone_error(... `*** mach_vm_map(size=%lu, flags: %x) failed (error code=%d)\\n`); `*** error: can't allocate region\\n`) + src/malloc_printf.c (`*** set a breakpoint in malloc_error_break to debug\\n`)",
         log='''(mlx) ana@mbp ~/llm % python convert_and_quantize.py --model Qwen2.5-32B-Instruct --q-bits 4
[INFO] Loading safetensors shards: 17/17
python3.11(71422,0x1f1b3c140) malloc: *** mach_vm_map(size=68719476736, flags: 100) failed (error code=3)
python3.11(71422,0x1f1b3c140) malloc: *** error: can't allocate region
python3.11(71422,0x1f1b3c140) malloc: *** set a breakpoint in malloc_error_break to debug
'''),
    # ------------------------------------------------------------------ old PyTorch host allocators, Python stdlib
    dict(name="11-torch-th-not-enough-memory-buy-new-ram", kind="host",
         family="Lua/Torch TH allocator as shipped in PyTorch 0.4-1.0: $ Torch: not enough memory: you tried to allocate NGB. Buy new RAM!",
         version="torch 0.3-1.0 (`RuntimeError: $ Torch: not enough memory: you tried to allocate 12GB. Buy new RAM! at /pytorch/aten/src/TH/THGeneral.cpp:201`)",
         source="pytorch/pytorch aten/src/TH/THGeneral.cpp THAlloc / THRealloc (THError(`$ Torch: not enough memory: you tried to allocate %dGB. Buy new RAM!`, size/1073741824)) at v1.0.1",
         log='''epoch 3 | iter 1200/5000 | loss 2.417
Traceback (most recent call last):
  File "train_lm.py", line 143, in <module>
    hidden = torch.cat(all_hidden, dim=0)
RuntimeError: $ Torch: not enough memory: you tried to allocate 12GB. Buy new RAM! at /pytorch/aten/src/TH/THGeneral.cpp:201
'''),
    dict(name="12-caffe2-cpu-allocator-posix-memalign-12-vs-0", kind="host",
         family="Caffe2 / c10 CPU allocator enforce on posix_memalign failing with ENOMEM (12 vs 0)",
         version="torch 1.0-1.2 (`RuntimeError: [enforce fail at CPUAllocator.cpp:56] posix_memalign(&data, gAlignment, nbytes) == 0. 12 vs 0`)",
         source="pytorch/pytorch c10/core/CPUAllocator.cpp alloc_cpu (CAFFE_ENFORCE_EQ(posix_memalign(&data, gAlignment, nbytes), 0)) at v1.1.0; 12 = ENOMEM",
         log='''[2019-11-04 16:20:55] building vocab embeddings for 2,100,000 tokens
Traceback (most recent call last):
  File "prepare_features.py", line 77, in <module>
    feats = torch.zeros(n_docs, 4096, 768)
RuntimeError: [enforce fail at CPUAllocator.cpp:56] posix_memalign(&data, gAlignment, nbytes) == 0. 12 vs 0
'''),
    dict(name="13-python-concurrent-futures-brokenprocesspool", kind="host",
         family="CPython concurrent.futures: BrokenProcessPool: A process in the process pool was terminated abruptly (a worker was killed; SIGKILL from the OOM killer in practice)",
         version="CPython 3.8-3.13 (`concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated abruptly while the future was running or pending.`)",
         source="python/cpython Lib/concurrent/futures/process.py _ExecutorManagerThread.terminate_broken (bpe = BrokenProcessPool(`A process in the process pool was terminated abruptly while the future was running or pending.`))",
         note="no memory words; a pool worker dying abruptly while tokenizing a large shard is the OOM killer in practice",
         log=f'''tokenizing shards with 48 processes (max_length=32768)
shards: 31%|###       | 124/400 [18:02<40:11,  8.74s/it]
Traceback (most recent call last):
  File "/data/prep/tokenize_corpus.py", line 96, in <module>
    for n_tokens in pool.map(tokenize_shard, shards, chunksize=1):
  File "/usr/lib/python3.11/concurrent/futures/process.py", line 620, in _chain_from_iterable_of_lists
    for element in iterable:
  File "/usr/lib/python3.11/concurrent/futures/_base.py", line 619, in result_iterator
    yield _result_or_cancel(fs.pop())
  File "/usr/lib/python3.11/concurrent/futures/_base.py", line 401, in __get_result
    raise self._exception
concurrent.futures.process.BrokenProcessPool: A process in the process pool was terminated abruptly while the future was running or pending.
'''),
    dict(name="14-python-subprocess-died-with-signals-sigkill", kind="host",
         family="CPython subprocess.CalledProcessError for a child killed by a signal: Command '...' died with <Signals.SIGKILL: 9>.",
         version="CPython 3.5-3.13 (`subprocess.CalledProcessError: Command '[...]' died with <Signals.SIGKILL: 9>.`)",
         source="python/cpython Lib/subprocess.py CalledProcessError.__str__ (if self.returncode < 0: `Command '%s' died with %r.` % (self.cmd, signal.Signals(-self.returncode)))",
         log=f'''[launcher] starting stage 2/3: python -m sft.train --config configs/qwen2_7b_full.yaml
[launcher] stage 2 running (pid 40811), logging to logs/stage2.log
Traceback (most recent call last):
  File "/opt/pipeline/launcher.py", line 58, in <module>
    subprocess.run(cmd, check=True)
  File "/usr/lib/python3.10/subprocess.py", line 526, in run
    raise CalledProcessError(retcode, process.args,
subprocess.CalledProcessError: Command '['python', '-m', 'sft.train', '--config', 'configs/qwen2_7b_full.yaml']' died with <Signals.SIGKILL: 9>.
'''),
    dict(name="15-torch-dataloader-worker-exited-unexpectedly", kind="host",
         family="PyTorch DataLoader: worker process(es) exited unexpectedly (the queue timed out and a worker is gone; killed in practice)",
         version="torch 1.x-2.9 (`RuntimeError: DataLoader worker (pid(s) N) exited unexpectedly`)",
         source="pytorch/pytorch torch/utils/data/dataloader.py _MultiProcessingDataLoaderIter._try_get_data (if failed_workers: pids_str = ', '.join(str(w.pid) for w in failed_workers); raise RuntimeError(f`DataLoader worker (pid(s) {pids_str}) exited unexpectedly`) from e)",
         note="the worker-killed-by-signal message is not printed here (the SIGCHLD handler was not installed in this run's spawn context); the exit without a Python error is a kill",
         log=f'''Epoch 2:  61%|██████    | 1830/3000 [21:14<13:34,  1.44it/s, v_num=7, train_loss=0.412]
Traceback (most recent call last):
  File "{SP}/torch/utils/data/dataloader.py", line 1251, in _try_get_data
    data = self._data_queue.get(timeout=timeout)
  File "/usr/local/lib/python3.11/multiprocessing/queues.py", line 113, in get
    if not self._poll(timeout):
_queue.Empty

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/workspace/train_vit.py", line 211, in <module>
    trainer.fit(model, datamodule=dm)
  File "{SP}/torch/utils/data/dataloader.py", line 1264, in _try_get_data
    raise RuntimeError(f"DataLoader worker (pid(s) {{pids_str}}) exited unexpectedly") from e
RuntimeError: DataLoader worker (pid(s) 77120, 77123) exited unexpectedly
'''),
    # ------------------------------------------------------------------ data engines
    dict(name="16-dask-killedworker-all-workers-died", kind="host",
         family="Dask distributed scheduler: KilledWorker: Attempted to run task on N different workers, but all those workers died while running it",
         version="dask distributed 2022.x-2025.x (`distributed.scheduler.KilledWorker: Attempted to run task ('...', 0) on 4 different workers, but all those workers died while running it. The last worker that attempt to run the task was tcp://...`)",
         source="dask/distributed distributed/scheduler.py SchedulerState._transition_processing_erred / KilledWorker (`Attempted to run task {key!r} on {allowed_failures} different workers, but all those workers died while running it. The last worker that attempt to run the task was {last_worker}. Inspecting worker logs is often a good next step to diagnose what went wrong. For more information see https://distributed.dask.org/en/stable/killed.html.`)",
         log='''2025-07-24 11:41:02,118 - distributed.nanny - WARNING - Restarting worker
2025-07-24 11:43:40,551 - distributed.nanny - WARNING - Restarting worker
Traceback (most recent call last):
  File "/home/jo/dedup/minhash_dedup.py", line 140, in <module>
    result = ddf.map_partitions(minhash_signatures).compute()
  File "/opt/conda/lib/python3.11/site-packages/distributed/client.py", line 2395, in _gather
    raise exception.with_traceback(traceback)
distributed.scheduler.KilledWorker: Attempted to run task ('minhash_signatures-6c1d9a', 37) on 4 different workers, but all those workers died while running it. The last worker that attempt to run the task was tcp://10.0.4.18:39211. Inspecting worker logs is often a good next step to diagnose what went wrong. For more information see https://distributed.dask.org/en/stable/killed.html.
'''),
    dict(name="17-spark-k8s-executor-exit-137-possible-container-oom", kind="host",
         family="Spark on Kubernetes: executor exited with exit code 137(SIGKILL, possible container OOM) -> ExecutorLostFailure",
         version="Spark 3.0-4.x on Kubernetes (`The executor with id N exited with exit code 137(SIGKILL, possible container OOM).`)",
         source="apache/spark resource-managers/kubernetes/core/src/main/scala/org/apache/spark/scheduler/cluster/k8s/ExecutorPodsLifecycleManager.scala describeExitCode (case 137 => `(SIGKILL, possible container OOM)`) + exitReasonMessage (`The executor with id $execId exited with exit code $exitCode$humanStr.`)",
         log='''25/03/11 02:14:09 INFO TaskSetManager: Starting task 211.0 in stage 7.0 (TID 1893) (10.42.3.17, executor 13, partition 211, PROCESS_LOCAL, 9012 bytes)
25/03/11 02:16:51 ERROR TaskSchedulerImpl: Lost executor 13 on 10.42.3.17:
The executor with id 13 exited with exit code 137(SIGKILL, possible container OOM).
25/03/11 02:16:51 WARN TaskSetManager: Lost task 211.0 in stage 7.0 (TID 1893) (10.42.3.17 executor 13): ExecutorLostFailure (executor 13 exited caused by one of the running tasks) Reason:
The executor with id 13 exited with exit code 137(SIGKILL, possible container OOM).
'''),
    dict(name="18-jvm-native-memory-allocation-mmap-failed", kind="host",
         family="HotSpot JVM fatal error: There is insufficient memory for the Java Runtime Environment to continue. Native memory allocation (mmap) failed to map N bytes",
         version="OpenJDK 8-21 (`os::commit_memory(...) failed; error='Not enough space' (errno=12)` + `# Native memory allocation (mmap) failed to map N bytes for committing reserved memory.`)",
         source="openjdk/jdk src/hotspot/os/linux/os_linux.cpp warn_fail_commit_memory (`INFO: os::commit_memory(` PTR_FORMAT `, ` SIZE_FORMAT `, %d) failed; error='%s' (errno=%d)`) + src/hotspot/share/utilities/vmError.cpp VMError::report (`There is insufficient memory for the Java Runtime Environment to continue.`, `Native memory allocation (mmap) failed to map ` SIZE_FORMAT ` bytes for %s`)",
         facts=dict(requested_bytes=4294967296),
         log='''$ pyspark --driver-memory 48g < build_features.py
OpenJDK 64-Bit Server VM warning: INFO: os::commit_memory(0x00000004c0000000, 4294967296, 0) failed; error='Not enough space' (errno=12)
#
# There is insufficient memory for the Java Runtime Environment to continue.
# Native memory allocation (mmap) failed to map 4294967296 bytes for committing reserved memory.
# An error report file with more information is saved as:
# /home/jo/features/hs_err_pid90231.log
Traceback (most recent call last):
  File "<stdin>", line 4, in <module>
  File "/opt/spark/python/pyspark/java_gateway.py", line 108, in launch_gateway
    raise PySparkRuntimeError(
pyspark.errors.exceptions.base.PySparkRuntimeError: [JAVA_GATEWAY_EXITED] Java gateway process exited before sending its port number.
'''),
    dict(name="19-node-rangeerror-array-buffer-allocation-failed", kind="host",
         family="V8 / Node.js: RangeError: Array buffer allocation failed (an ArrayBuffer backing store could not be allocated)",
         version="Node.js 12-22 (`RangeError: Array buffer allocation failed`), e.g. transformers.js / onnxruntime-node loading a model",
         source="v8/v8 src/common/message-template.h (T(ArrayBufferAllocationFailed, `Array buffer allocation failed`)) thrown by src/builtins/builtins-arraybuffer.cc ConstructBuffer when the allocator returns null",
         log='''$ node embed.mjs --model Xenova/bge-m3 --input corpus.jsonl
loading model Xenova/bge-m3 (fp32)
node:internal/fs/promises:1035
  const buffer = new Uint8Array(length);
                 ^

RangeError: Array buffer allocation failed
    at new ArrayBuffer (<anonymous>)
    at new Uint8Array (<anonymous>)
    at readFileHandle (node:internal/fs/promises:1035:18)
    at async getModelFile (file:///srv/embed/node_modules/@huggingface/transformers/src/utils/hub.js:601:24)

Node.js v20.18.0
'''),
    dict(name="20-dotnet-system-outofmemoryexception", kind="host",
         family=".NET runtime: Unhandled exception. System.OutOfMemoryException: Exception of type 'System.OutOfMemoryException' was thrown.",
         version=".NET Core 3.x / .NET 5-9 (`Unhandled exception. System.OutOfMemoryException: Exception of type 'System.OutOfMemoryException' was thrown.`), an ML.NET training job",
         source="dotnet/runtime src/coreclr/System.Private.CoreLib (OutOfMemoryException default message resource Arg_OutOfMemoryException `Insufficient memory to continue the execution of the program.`; the runtime-thrown preallocated instance prints `Exception of type 'System.OutOfMemoryException' was thrown.`) + host's unhandled-exception printer (`Unhandled exception. `)",
         log='''$ dotnet run -c Release --project TicketClassifier.Train
Loading 38,000,000 rows from tickets.tsv ...
Featurizing text (NgramLength=3, UseAllLengths=true) ...
Unhandled exception. System.OutOfMemoryException: Exception of type 'System.OutOfMemoryException' was thrown.
   at Microsoft.ML.Internal.Utilities.Utils.EnsureSize[T](T[]& array, Int32 min, Int32 max, Boolean keepOld)
   at Microsoft.ML.Data.BufferBuilder`1.AddFeatures(Int32 index, VBuffer`1& buffer)
   at Microsoft.ML.Transforms.Text.NgramExtractingTransformer.Mapper.<>c__DisplayClass12_0.<MakeGetter>b__0(VBuffer`1& dst)
   at TicketClassifier.Train.Program.Main(String[] args) in /src/TicketClassifier.Train/Program.cs:line 44
'''),
    dict(name="21-pandas-c-parser-out-of-memory", kind="host",
         family="pandas C CSV tokenizer: ParserError: Error tokenizing data. C error: out of memory",
         version="pandas 0.2x-2.x (`pandas.errors.ParserError: Error tokenizing data. C error: out of memory`)",
         source="pandas-dev/pandas pandas/_libs/src/parser/tokenizer.c make_stream_space / push_char (self->error_msg = `out of memory`) + pandas/_libs/parsers.pyx raise_parser_error (`Error tokenizing data. C error: {msg}`)",
         log=f'''>>> df = pd.read_csv("clickstream_2024.csv", engine="c", low_memory=False)
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
  File "{SP}/pandas/io/parsers/readers.py", line 1026, in read_csv
    return _read(filepath_or_buffer, kwds)
  File "{SP}/pandas/io/parsers/c_parser_wrapper.py", line 234, in read
    chunks = self._reader.read_low_memory(nrows)
  File "parsers.pyx", line 838, in pandas._libs.parsers.TextReader.read_low_memory
  File "parsers.pyx", line 905, in pandas._libs.parsers.TextReader._read_rows
  File "parsers.pyx", line 2061, in pandas._libs.parsers.raise_parser_error
pandas.errors.ParserError: Error tokenizing data. C error: out of memory
'''),
    dict(name="22-h5py-hdf5-memory-allocation-failed-raw-chunk", kind="host",
         family="HDF5 chunk cache: memory allocation failed for raw data chunk, as h5py raises it (OSError: Can't read data (...))",
         version="HDF5 1.10-1.14 via h5py 3.x (`OSError: Can't read data (memory allocation failed for raw data chunk)`)",
         source="HDFGroup/hdf5 src/H5Dchunk.c H5D__chunk_lock (HGOTO_ERROR(H5E_RESOURCE, H5E_NOSPACE, NULL, `memory allocation failed for raw data chunk`)) + h5py/h5py h5py/_errors.pyx set_exception (`%s (%s)` of the top description and the innermost minor error)",
         log=f'''loading /scratch/era5/t2m_1979_2024.h5 : dataset t2m shape (403248, 721, 1440) float32, chunks (8760, 721, 1440)
Traceback (most recent call last):
  File "/home/lee/weather/make_windows.py", line 52, in <module>
    block = ds[i:i + window]
  File "h5py/_objects.pyx", line 54, in h5py._objects.with_phil.wrapper
  File "h5py/_objects.pyx", line 55, in h5py._objects.with_phil.wrapper
  File "{SP}/h5py/_hl/dataset.py", line 781, in __getitem__
    return self._fast_reader.read(args)
  File "h5py/_selector.pyx", line 376, in h5py._selector.Reader.read
OSError: Can't read data (memory allocation failed for raw data chunk)
'''),
    dict(name="23-python-zlib-memoryerror-decompressing", kind="host",
         family="CPython zlib: MemoryError: Out of memory while decompressing data (inflate returned Z_MEM_ERROR)",
         version="CPython 3.x zlib module (`MemoryError: Out of memory while decompressing data`), e.g. gzip'd JSONL shards",
         source="python/cpython Modules/zlibmodule.c zlib_decompress_impl (case Z_MEM_ERROR: PyErr_SetString(PyExc_MemoryError, `Out of memory while decompressing data`))",
         log=f'''[2025-02-11 07:30:12] reading shard crawl-2024-51/part-00417.jsonl.gz (3.9 GB compressed)
Traceback (most recent call last):
  File "/srv/ingest/load_shards.py", line 64, in <module>
    raw = zlib.decompress(blob, 16 + zlib.MAX_WBITS)
MemoryError: Out of memory while decompressing data
'''),
    dict(name="24-postgres-out-of-memory-failed-on-request", kind="host",
         family="PostgreSQL server: ERROR: out of memory / DETAIL: Failed on request of size N in memory context \"...\" (psycopg errors.OutOfMemory, SQLSTATE 53200)",
         version="PostgreSQL 9.6-17 via psycopg2 2.8+ (`psycopg2.errors.OutOfMemory: out of memory` + `DETAIL:  Failed on request of size N in memory context \"ExecutorState\".`), a pgvector feature store",
         source="postgres/postgres src/backend/utils/mmgr/mcxt.c MemoryContextAllocationFailure / MemoryContextAlloc (ereport(ERROR, (errcode(ERRCODE_OUT_OF_MEMORY), errmsg(`out of memory`), errdetail(`Failed on request of size %zu in memory context \\\"%s\\\".`, size, context->name))) + psycopg/psycopg2 lib/errors (53200 -> OutOfMemory)",
         facts=dict(requested_bytes=1073741824),
         log=f'''2025-09-03 14:02:19,551 INFO building retrieval eval set from pgvector (k=100, 2.1M queries)
Traceback (most recent call last):
  File "/app/eval/build_eval_set.py", line 71, in <module>
    cur.execute(KNN_SQL, (probe_vecs,))
psycopg2.errors.OutOfMemory: out of memory
DETAIL:  Failed on request of size 1073741824 in memory context "ExecutorState".
'''),
    dict(name="25-tf-resource-exhausted-cpu-allocator", kind="host",
         family="TensorFlow: ResourceExhaustedError OOM when allocating tensor ... on /job:localhost/.../device:CPU:0 by allocator cpu (host RAM, not the GPU)",
         version="TensorFlow 2.4-2.18 (`OOM when allocating tensor with shape[...] and type float on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu`)",
         source="tensorflow/tensorflow tensorflow/core/framework/op_kernel.cc OpKernelContext::allocate_tensor (errors::ResourceExhausted(`OOM when allocating tensor with shape`, shape.DebugString(), ` and type `, DataTypeString(type), ` on `, params_->device->name(), ` by allocator `, a->Name()))",
         log='''2025-04-09 19:12:44.201877: W tensorflow/core/framework/op_kernel.cc:1828] OP_REQUIRES failed at constant_op.cc:86 : RESOURCE_EXHAUSTED: OOM when allocating tensor with shape[2000000,65536] and type float on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu
Traceback (most recent call last):
  File "/home/max/recsys/build_tfrecords.py", line 58, in <module>
    one_hot = tf.one_hot(item_ids, depth=65536)
tensorflow.python.framework.errors_impl.ResourceExhaustedError: {{function_node __wrapped__OneHot_device_/job:localhost/replica:0/task:0/device:CPU:0}} OOM when allocating tensor with shape[2000000,65536] and type float on /job:localhost/replica:0/task:0/device:CPU:0 by allocator cpu [Op:OneHot] name:
'''),
    dict(name="26-beam-dataflow-gc-thrashing-shutdown", kind="host",
         family="Apache Beam (Dataflow) Java MemoryMonitor: Shutting down JVM after N consecutive periods of measured GC thrashing. Memory is used/total/max = ...",
         version="Beam 2.2x-2.6x Java SDK harness / Dataflow worker (`Shutting down JVM after 8 consecutive periods of measured GC thrashing. Memory is used/total/max = 24453/42043/42043 MB, GC last/max = 58.97/99.89 %, #pushbacks=82, gc thrashing=true. Heap dump not written.`)",
         source="apache/beam sdks/java/harness/src/main/java/org/apache/beam/fn/harness/status/MemoryMonitor.java (runners/.../worker/util/MemoryMonitor.java before 2.5x) shutDownDueToGcThrashing (LOG.error(`Shutting down JVM after {} consecutive periods of measured GC thrashing. Memory is {}. Heap dump {}.`, ...))",
         log='''{"severity":"INFO","message":"Memory is used/total/max = 40012/42043/42043 MB, GC last/max = 51.20/97.14 %, #pushbacks=61, gc thrashing=true","logger":"org.apache.beam.fn.harness.status.MemoryMonitor","job":"2025-05-18_03_11_40-1289","worker":"tokenize-pipeline-05180311-x7pz-harness-b2kq"}
{"severity":"ERROR","message":"Shutting down JVM after 8 consecutive periods of measured GC thrashing. Memory is used/total/max = 41877/42043/42043 MB, GC last/max = 58.97/99.89 %, #pushbacks=82, gc thrashing=true. Heap dump not written.","logger":"org.apache.beam.fn.harness.status.MemoryMonitor","job":"2025-05-18_03_11_40-1289","worker":"tokenize-pipeline-05180311-x7pz-harness-b2kq"}
'''),
    # ------------------------------------------------------------------ notebooks, platforms, CI
    dict(name="27-jupyter-server-kernelrestarter-restarting", kind="host",
         family="Jupyter server: KernelRestarter restarting a dead kernel (the notebook shows 'The kernel appears to have died')",
         version="jupyter_client 6.x-8.x / jupyter_server 1.x-2.x (`AsyncIOLoopKernelRestarter: restarting kernel (1/5), keep random ports` + `kernel ... restarted`)",
         source="jupyter/jupyter_client jupyter_client/ioloop/restarter.py + restarter.py KernelRestarter.poll (self.log.info(`KernelRestarter: restarting kernel (%i/%i), %s random ports`, ...)) + jupyter_server services/kernels/kernelmanager.py (`Kernel restarted: %s`) + notebook front end (`The kernel appears to have died. It will restart automatically.`)",
         note="a kernel that dies mid-cell with no traceback while loading data is the OOM killer in practice",
         log='''[I 2025-06-18 09:41:02.119 ServerApp] Kernel started: 8f1c2e0a-6a77-4c1e-9d2e-4b9f6d0e1a55
[I 2025-06-18 09:41:03.884 ServerApp] Connecting to kernel 8f1c2e0a-6a77-4c1e-9d2e-4b9f6d0e1a55.
[I 2025-06-18 09:52:47.302 ServerApp] AsyncIOLoopKernelRestarter: restarting kernel (1/5), keep random ports
[W 2025-06-18 09:52:47.303 ServerApp] kernel 8f1c2e0a-6a77-4c1e-9d2e-4b9f6d0e1a55 restarted
[I 2025-06-18 09:52:47.401 ServerApp] Starting buffering for 8f1c2e0a-6a77-4c1e-9d2e-4b9f6d0e1a55:d1b7...
'''),
    dict(name="28-vscode-jupyter-kernel-crashed", kind="host",
         family="VS Code Jupyter extension: The Kernel crashed while executing code in the current cell or a previous cell",
         version="vscode-jupyter 2022.x-2025.x (`The Kernel crashed while executing code in the current cell or a previous cell. Please review the code in the cell(s) to identify a possible cause of the failure.`)",
         source="microsoft/vscode-jupyter src/platform/common/utils/localize.ts DataScience.kernelCrashedDueToCodeInCurrentOrPreviousCell (`The Kernel crashed while executing code in the current cell or a previous cell. \\nPlease review the code in the cell(s) to identify a possible cause of the failure. \\nClick <a href='https://aka.ms/vscodeJupyterKernelCrash'>here</a> for more info. \\nView Jupyter [log](command:jupyter.viewOutput) for further details.`)",
         note="no memory words; a crash while a cell loads a 13B model on a laptop is the OOM killer in practice",
         log='''model = AutoModelForCausalLM.from_pretrained("meta-llama/Llama-2-13b-hf", torch_dtype=torch.float32)

Loading checkpoint shards:  33%|███▎      | 1/3 [00:48<01:36, 48.12s/it]

The Kernel crashed while executing code in the current cell or a previous cell. 
Please review the code in the cell(s) to identify a possible cause of the failure. 
Click here for more info. 
View Jupyter log for further details.
'''),
    dict(name="29-databricks-spark-driver-stopped-unexpectedly", kind="host",
         family="Databricks notebook: The spark driver has stopped unexpectedly and is restarting (driver out of memory in practice)",
         version="Databricks Runtime 10.x-16.x notebooks (`The spark driver has stopped unexpectedly and is restarting. Your notebook will be automatically reattached.`)",
         source="Databricks platform (closed source); wording as the notebook cell shows it, documented in Databricks' knowledge base article on driver out-of-memory (`Spark driver has stopped unexpectedly`)",
         note="closed source; the KB names driver OOM (collect / toPandas) as the usual reason",
         log='''Cmd 14
pdf = spark.table("main.ml.training_events").toPandas()
features = build_features(pdf)

The spark driver has stopped unexpectedly and is restarting. Your notebook will be automatically reattached.
Command took 11.42 minutes -- by ana@example.com at 3/4/2025, 10:12:55 AM on ml-cluster-r5d
'''),
    dict(name="30-gitlab-ci-job-failed-exit-code-137", kind="host",
         family="GitLab Runner (Kubernetes / Docker executor): ERROR: Job failed: command terminated with exit code 137",
         version="gitlab-runner 13.x-17.x (`ERROR: Job failed: command terminated with exit code 137`)",
         source="gitlab-org/gitlab-runner executors/kubernetes/kubernetes.go / common/build.go (`Job failed: ` + err; the exec stream error `command terminated with exit code %d` from k8s.io/client-go util/exec CodeExitError)",
         log='''$ python -m pytest tests/integration/test_long_context.py -x -q
........
tests/integration/test_long_context.py::test_generate_128k 
section_end:1731489822:step_script
section_start:1731489822:cleanup_file_variables
Cleaning up project directory and file based variables
section_end:1731489823:cleanup_file_variables
ERROR: Job failed: command terminated with exit code 137
'''),
    dict(name="31-htcondor-job-log-held-cgroup-memory-limit", kind="host",
         family="HTCondor user job event log (012 Job was held) with the starter's cgroup memory-limit hold reason",
         version="HTCondor 10.x-24.x (`012 (N.000.000) ... Job was held.` + `Job has gone over cgroup memory limit of N megabytes. Last measured usage: N megabytes.  Consider resubmitting with a higher request_memory.` + `Code 34 Subcode 0`)",
         source="htcondor/htcondor src/condor_starter.V6.1/vanilla_proc.cpp VanillaProc::outOfMemoryEvent (`Job has gone over cgroup memory limit of %d megabytes. Last measured usage: %d megabytes.  Consider resubmitting with a higher request_memory.`; hold code CONDOR_HOLD_CODE::JobOutOfResources = 34) + src/condor_utils/condor_event.cpp JobHeldEvent (`Job was held.`)",
         note="wording of the cgroup hold reason read from users' job logs as well as the starter; the user log shape is certain",
         log='''000 (4417.000.000) 2025-06-02 21:14:08 Job submitted from host: <10.1.8.22:9618?addrs=10.1.8.22-9618&alias=submit2.cluster&noUDP&sock=schedd_2101_8b4f>
...
001 (4417.000.000) 2025-06-02 21:16:51 Job executing on host: <10.1.9.31:9618?addrs=10.1.9.31-9618&alias=gpu31.cluster&noUDP&sock=startd_1870_3c1a>
...
012 (4417.000.000) 2025-06-02 23:02:17 Job was held.
	Job has gone over cgroup memory limit of 32768 megabytes. Last measured usage: 32791 megabytes.  Consider resubmitting with a higher request_memory.
	Code 34 Subcode 0
...
'''),
    # ------------------------------------------------------------------ clusters: Ray, Kubernetes
    dict(name="32-ray-list-tasks-error-type-out-of-memory", kind="host",
         family="Ray state API: `ray list tasks` table whose failed tasks carry ERROR_TYPE OUT_OF_MEMORY",
         version="Ray 2.4-2.5x (`ray list tasks --filter state=FAILED` columns ... `ERROR_TYPE` = `OUT_OF_MEMORY`)",
         source="ray-project/ray src/ray/protobuf/common.proto enum ErrorType (OUT_OF_MEMORY: `Indicates that the worker is killed by the memory monitor / OOM killer`) + python/ray/util/state/common.py TaskState.error_type + state_cli.py (table `======== List: ... ========`, `Stats:`, `Table:`)",
         log='''$ ray list tasks --filter "state=FAILED" --limit 5
======== List: 2025-08-21 14:22:09.448212 ========
Stats:
------------------------------
Total: 3

Table:
------------------------------
    TASK_ID                                             ATTEMPT_NUMBER  NAME                 STATE    JOB_ID    ACTOR_ID    TYPE         FUNC_OR_CLASS_NAME    PARENT_TASK_ID                                    NODE_ID                                                   WORKER_ID                                                 WORKER_PID  ERROR_TYPE
 0  a1f2c3d4e5f60718ffffffffffffffffffffffff02000000               3  decode_images        FAILED   02000000              NORMAL_TASK  decode_images         ffffffffffffffffffffffffffffffffffffffff02000000  8c3b1e2f9a0d4c5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a  2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b        48211  OUT_OF_MEMORY
 1  b2e3d4c5f6a70819ffffffffffffffffffffffff02000000               3  decode_images        FAILED   02000000              NORMAL_TASK  decode_images         ffffffffffffffffffffffffffffffffffffffff02000000  8c3b1e2f9a0d4c5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a  9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d        48307  OUT_OF_MEMORY
 2  c3d4e5f6a7b8092affffffffffffffffffffffff02000000               0  write_parquet        FAILED   02000000              NORMAL_TASK  write_parquet         ffffffffffffffffffffffffffffffffffffffff02000000  8c3b1e2f9a0d4c5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a  1f2e3d4c5b6a79880716253443526170819a0b1c2d3e4f5a6b7c8d9e        48390  TASK_EXECUTION_EXCEPTION
'''),
    dict(name="33-ray-job-entrypoint-exit-code-minus-9", kind="host",
         family="Ray Jobs: Job entrypoint command failed with exit code -9 (the driver process was SIGKILLed), as `ray job submit` prints it",
         version="Ray 2.x Jobs (`Status message: Job entrypoint command failed with exit code -9, last available logs (truncated to 20,000 chars):`)",
         source="ray-project/ray python/ray/dashboard/modules/job/job_supervisor.py JobSupervisor.run (message = f`Job entrypoint command failed with exit code {return_code}, last available logs (truncated to 20,000 chars):\\n` + log tail; a negative Popen return code is the signal) + job CLI (`Job '{id}' failed`, `Status message: `)",
         log='''(MapBatches(Tokenize) pid=8811, ip=10.0.2.14) tokenized 1,840,000 rows [repeated 7x across cluster]
Running Dataset: dataset_3_0. Active & requested resources: 62/64 CPU, 118.2GB/121.5GB object store: 100%|██████████| 412/412 [14:08<00:00]

---------------------------------------
Job 'raysubmit_4rJt1kQ9xWvZ2mP7' failed
---------------------------------------

Status message: Job entrypoint command failed with exit code -9, last available logs (truncated to 20,000 chars):
(MapBatches(Tokenize) pid=8811, ip=10.0.2.14) tokenized 1,840,000 rows [repeated 7x across cluster]
'''),
    dict(name="34-kubelet-eviction-manager-reclaim-memory-log", kind="host",
         family="kubelet eviction manager log (journalctl -u kubelet): attempting to reclaim memory, must evict pod(s), pods evicted",
         version="Kubernetes 1.2x-1.3x kubelet structured klog (`\"Eviction manager: attempting to reclaim\" resourceName=\"memory\"`, `\"Eviction manager: must evict pod(s) to reclaim\"`, `\"Eviction manager: pods evicted, waiting for pod to be cleaned up\"`)",
         source="kubernetes/kubernetes pkg/kubelet/eviction/eviction_manager.go managerImpl.synchronize (logger.Info(`Eviction manager: attempting to reclaim`, `resourceName`, resourceToReclaim); `Eviction manager: must evict pod(s) to reclaim`; `Eviction manager: pods evicted, waiting for pod to be cleaned up`) + events EvictionThresholdMet",
         log='''Feb 11 06:40:11 gpu-node-03 kubelet[2211]: I0211 06:40:11.221902    2211 eviction_manager.go:366] "Eviction manager: attempting to reclaim" resourceName="memory"
Feb 11 06:40:11 gpu-node-03 kubelet[2211]: I0211 06:40:11.222017    2211 eviction_manager.go:377] "Eviction manager: must evict pod(s) to reclaim" resourceName="memory"
Feb 11 06:40:11 gpu-node-03 kubelet[2211]: I0211 06:40:11.222180    2211 eviction_manager.go:395] "Eviction manager: pods ranked for eviction" pods=["ml/rm-trainer-0","ml/vllm-rollout-1","kube-system/nvidia-device-plugin-7xq2p"]
Feb 11 06:40:11 gpu-node-03 kubelet[2211]: I0211 06:40:11.508133    2211 eviction_manager.go:616] "Eviction manager: pod is evicted successfully" pod="ml/rm-trainer-0"
Feb 11 06:40:11 gpu-node-03 kubelet[2211]: I0211 06:40:11.508201    2211 eviction_manager.go:200] "Eviction manager: pods evicted, waiting for pod to be cleaned up" pods=["ml/rm-trainer-0"]
'''),
    dict(name="35-alertmanager-container-oomkiller-alert-email", kind="host",
         family="Prometheus Alertmanager notification (quoted in an email / chat): KubernetesContainerOomKiller firing, Container X in pod Y has been OOMKilled N times",
         version="awesome-prometheus-alerts rule KubernetesContainerOomKiller on kube-state-metrics 2.x (`Container {{ $labels.container }} in pod {{ $labels.namespace }}/{{ $labels.pod }} has been OOMKilled {{ $value }} times in the last 10 minutes.`)",
         source="samber/awesome-prometheus-alerts _data/rules.yml (Kubernetes: `Kubernetes Container oom killer`, expr on kube_pod_container_status_last_terminated_reason{reason=\"OOMKilled\"}, description `Container {{ $labels.container }} in pod {{ $labels.namespace }}/{{ $labels.pod }} has been OOMKilled {{ $value }} times in the last 10 minutes.`) + prometheus/alertmanager default email template (`[FIRING:1]`)",
         log='''> From: alertmanager@ml-infra.example.com
> Subject: [FIRING:1] KubernetesContainerOomKiller ml (embedder-2 critical)
>
> **Alert:** Kubernetes Container oom killer (instance 10.4.0.22:8080)
> **Description:** Container embedder in pod ml/embedder-2 has been OOMKilled 1 times in the last 10 minutes.
>   VALUE = 1
>   LABELS = map[container:embedder namespace:ml pod:embedder-2 reason:OOMKilled]
> **Severity:** warning

Anyone know why the embedder keeps dying since the bge-m3 switch? It restarts fine, then dies ~10 min later.
'''),
]
