"""Host-memory (RAM, cgroup, shm, kill) OOM formats not in messages/."""

CASES = [
    dict(name="31-ray-lease-oom", kind="host",
         family="Ray memory monitor (lease wording)", version="Ray 2.5x (`where the lease (lease ID: ...)`)",
         source="ray-project/ray src/ray/raylet/node_manager.cc CreateOomKillMessageDetails (lease-based scheduling)",
         facts=dict(node_used_gb=59.84, node_total_gb=62.51, node_fraction=0.957347, threshold=0.95, task_memory_gb=49.21),
         log='''  File "/home/user/verl/verl/single_controller/ray/base.py", line 54, in __call__
    output = ray.get(output)
ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.
Memory on the node (IP: 192.168.1.103, ID: db89649fe40016559d1dd3384d3877a5614d60b8ea8b48068c636e98) where the lease (lease ID: 010000002e3a77fe4c5945aab2ea7157805027c656e12b9617fb36a5d6ebfc6b, name=1HsG1ZWorkerDict_0:0:WorkerDict.__init__, pid=3048142, memory used=49.21GB) was running was 59.84GB / 62.51GB (0.957347), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 5f1c0a5e3b2d4c6e8f7a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a) because it was the most recently scheduled task; to see more information about memory usage on this node, use `ray logs raylet.out -ip 192.168.1.103`. To see the logs of the worker, use `ray logs worker-5f1c0a5e3b2d4c6e8f7a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a*out -ip 192.168.1.103. Top 10 memory users:
PID	MEM(GB)	COMMAND
3048142	49.21	ray::WorkerDict.__init__
3047911	2.10	ray::TaskRunner.run'''),
    dict(name="32-ray-gcs-worker-exit-node-oom", kind="host",
         family="Ray GCS worker-exit log (NODE_OUT_OF_MEMORY)", version="Ray 2.3+ gcs_server.out",
         source="ray-project/ray src/ray/gcs/gcs_server/gcs_worker_manager.cc HandleReportWorkerFailure (Reporting worker exit)",
         facts=dict(node_used_gb=14.67, node_total_gb=15.44, node_fraction=0.95015, threshold=0.95, task_memory_gb=0.18),
         log='''[2023-05-27 13:36:07,742 W 114781 114781] (gcs_server) gcs_worker_manager.cc:55: Reporting worker exit, worker id = 1c42378b72acbfbbddde06a70a3fc7c0a50d6870069bcc339a0f1ff1, node id = ffffffffffffffffffffffffffffffffffffffffffffffffffffffff, address = , exit_type = NODE_OUT_OF_MEMORY, exit_detail = Task was killed due to the node running low on memory.
Memory on the node (IP: 10.97.37.135, ID: 50eef2b904b8560b750470569043954872b03131ec93d5a67a7c91e9) where the task (task ID: NIL_ID, name=download_batch, pid=115205, memory used=0.18GB) was running was 14.67GB / 15.44GB (0.95015), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 1c42378b72acbfbbddde06a70a3fc7c0a50d6870069bcc339a0f1ff1) because it was the most recently scheduled task; to see more information about memory usage on this node, use `ray logs raylet.out -ip 10.97.37.135`. To see the logs of the worker, use `ray logs worker-1c42378b72acbfbbddde06a70a3fc7c0a50d6870069bcc339a0f1ff1*out -ip 10.97.37.135.'''),
    dict(name="33-kernel-invoked-oom-killer-header", kind="host",
         family="Linux kernel OOM killer (header and Mem-Info only)", version="kernel 6.x (dmesg, the Killed line not pasted)",
         source="torvalds/linux mm/oom_kill.c dump_header (`%s invoked oom-killer: gfp_mask=%#x(%pGg), order=%d, oom_score_adj=%hd`)",
         log='''[1843021.112233] python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0
[1843021.112241] CPU: 37 PID: 48213 Comm: python3 Tainted: P           OE      6.5.0-35-generic #35~22.04.1-Ubuntu
[1843021.112244] Hardware name: Supermicro SYS-420GP-TNAR/X12DPG-OA6, BIOS 1.4 07/05/2022
[1843021.112246] Call Trace:
[1843021.112248]  <TASK>
[1843021.112252]  dump_stack_lvl+0x48/0x70
[1843021.112259]  dump_header+0x50/0x290
[1843021.112263]  oom_kill_process+0x116/0x270
[1843021.112301] Mem-Info:
[1843021.112309] active_anon:251638211 inactive_anon:12044 isolated_anon:0'''),
    dict(name="34-kernel-oom-reaper-only", kind="host",
         family="Linux kernel oom_reaper", version="kernel 4.6+ (oom_reaper: reaped process)",
         source="torvalds/linux mm/oom_kill.c oom_reap_task_mm (`oom_reaper: reaped process %d (%s), now anon-rss:%lukB, file-rss:%lukB, shmem-rss:%lukB`)",
         log='''May 06 12:00:03 gpu-node-3 kernel: oom_reaper: reaped process 48213 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB
May 06 12:00:04 gpu-node-3 bash[48100]: /var/spool/slurmd/job812345/slurm_script: line 22: 48213 Killed                  python3 train.py --config cfg.yaml'''),
    dict(name="35-kernel-4x-memcg-sacrifice-child", kind="host",
         family="Linux memory cgroup OOM (old wording)", version="kernel 4.x (`Memory cgroup out of memory: Kill process ... or sacrifice child`, `Task in ... killed as a result of limit of`)",
         source="torvalds/linux mm/oom_kill.c oom_kill_process (v4.14) + mm/memcontrol.c mem_cgroup_print_oom_info",
         log='''[Mon May  6 12:00:01 2024] Task in /kubepods/burstable/pod5b1e7c02-1f6a-4c2b-9d0e-3a7f8b9c0d1e/8f2c1d0e9b8a killed as a result of limit of /kubepods/burstable/pod5b1e7c02-1f6a-4c2b-9d0e-3a7f8b9c0d1e
[Mon May  6 12:00:01 2024] memory: usage 67108864kB, limit 67108864kB, failcnt 3914
[Mon May  6 12:00:01 2024] memory+swap: usage 67108864kB, limit 9007199254740988kB, failcnt 0
[Mon May  6 12:00:01 2024] Memory cgroup out of memory: Kill process 48213 (python) score 1957 or sacrifice child
[Mon May  6 12:00:01 2024] Killed process 48213 (python) total-vm:102345676kB, anon-rss:66843212kB, file-rss:61440kB, shmem-rss:0kB'''),
    dict(name="36-systemd-unit-oom-kill", kind="host",
         family="systemd service manager (unit killed by the OOM killer)", version="systemd 243+ (`A process of this unit has been killed by the OOM killer.`, result 'oom-kill')",
         source="systemd/systemd src/core/unit.c unit_check_oom + src/core/service.c (SERVICE_FAILURE_OOM_KILL)",
         log='''May 06 12:00:02 gpu-node-3 systemd[1]: trainer.service: A process of this unit has been killed by the OOM killer.
May 06 12:00:02 gpu-node-3 systemd[1]: trainer.service: Main process exited, code=killed, status=9/KILL
May 06 12:00:02 gpu-node-3 systemd[1]: trainer.service: Failed with result 'oom-kill'.
May 06 12:00:02 gpu-node-3 systemd[1]: trainer.service: Consumed 7h 12min 3.512s CPU time, 246.1G memory peak.'''),
    dict(name="37-systemd-oomd-pressure-kill", kind="host",
         family="systemd-oomd (memory pressure kill)", version="systemd 248-251 (`Killed %s due to memory pressure for %s being ...`)",
         source="systemd/systemd src/oom/oomd-manager.c monitor_memory_pressure_contexts_handler",
         log='''May 06 12:00:05 workstation systemd-oomd[812]: Killed /user.slice/user-1000.slice/user@1000.service/app.slice/app-gnome-code-48213.scope due to memory pressure for /user.slice/user-1000.slice/user@1000.service being 74.62% > 50.00% for > 20s with reclaim activity
May 06 12:00:05 workstation systemd[2011]: app-gnome-code-48213.scope: systemd-oomd killed 37 process(es) in this unit.'''),
    dict(name="38-systemd-oomd-swap-kill", kind="host",
         family="systemd-oomd (swap kill)", version="systemd 248+ (`Killed %s due to swap used (...) / total (...) being more than ...%`)",
         source="systemd/systemd src/oom/oomd-manager.c monitor_swap_contexts_handler",
         log='''May 06 12:00:05 gpu-box systemd-oomd[731]: Killed /user.slice/user-1000.slice/session-4.scope due to swap used (7996862464) / total (8589930496) being more than 90.00%
May 06 12:00:05 gpu-box systemd[1]: session-4.scope: systemd-oomd killed 12 process(es) in this unit.'''),
    dict(name="39-systemd-main-process-sigkill", kind="host", confidence="low",
         family="systemd service killed by SIGKILL, no reason given", version="systemd 2xx (`Main process exited, code=killed, status=9/KILL`, result 'signal')",
         source="systemd/systemd src/core/service.c service_sigchld_event (Main process exited, code=%s, status=%i/%s)",
         log='''May 06 12:00:02 gpu-node-3 systemd[1]: trainer.service: Main process exited, code=killed, status=9/KILL
May 06 12:00:02 gpu-node-3 systemd[1]: trainer.service: Failed with result 'signal'.
May 06 12:00:02 gpu-node-3 systemd[1]: trainer.service: Consumed 3h 2min 41.901s CPU time.'''),
    dict(name="40-srun-task-out-of-memory", kind="host",
         family="Slurm srun task Out Of Memory", version="Slurm 17.11+ srun (`task N: Out Of Memory`)",
         source="SchedMD/slurm src/srun/srun_job.c / launch (`%s: task %s: Out Of Memory`)",
         log='''srun: error: tiger-i23g11: task 0: Out Of Memory
srun: Terminating StepId=3955284.0
slurmstepd: error: Detected 1 oom_kill event in StepId=3955284.0. Some of the step tasks have been OOM Killed.'''),
    dict(name="41-sacct-out-of-memory-state", kind="host",
         family="Slurm accounting state OUT_OF_MEMORY", version="Slurm 17.11+ sacct",
         source="SchedMD/slurm src/common/slurm_protocol_defs.c job_state_string (JOB_OOM -> OUT_OF_MEMORY)",
         log='''$ sacct -j 812345 --format=JobID,JobName,State,ExitCode,MaxRSS,ReqMem
JobID           JobName      State ExitCode     MaxRSS     ReqMem
------------ ---------- ---------- -------- ---------- ----------
812345       grpo-7b    OUT_OF_ME+    0:125                  256G
812345.batch      batch OUT_OF_ME+    0:125 268434944K
812345.extern    extern  COMPLETED      0:0       508K'''),
    dict(name="42-seff-out-of-memory", kind="host",
         family="Slurm seff summary", version="Slurm contribs seff (State: OUT_OF_MEMORY)",
         source="SchedMD/slurm contribs/seff/seff",
         log='''Job ID: 812345
Cluster: hpc
User/Group: alice/ml
State: OUT_OF_MEMORY (exit code 0)
Nodes: 1
Cores per node: 32
CPU Utilized: 05:12:44
CPU Efficiency: 41.21% of 12:39:28 core-walltime
Job Wall-clock time: 00:23:44
Memory Utilized: 255.98 GB
Memory Efficiency: 99.99% of 256.00 GB'''),
    dict(name="43-slurm-mail-oom", kind="host",
         family="Slurm job mail subject", version="Slurm 18.08+ slurmctld mail (Failed, Run time ..., OUT_OF_MEMORY)",
         source="SchedMD/slurm src/slurmctld/agent.c _mail_type_str / _build_mail_subject",
         log='''Subject: Slurm Job_id=812345 Name=grpo-7b Failed, Run time 00:23:44, OUT_OF_MEMORY, ExitCode 0'''),
    dict(name="44-k8s-kubelet-eviction-memory", kind="host",
         family="Kubernetes kubelet node-pressure eviction (memory)", version="Kubernetes 1.2x (kubectl describe pod: Status Failed, Reason Evicted)",
         source="kubernetes/kubernetes pkg/kubelet/eviction/helpers.go (nodeLowMessageFmt, thresholdMetMessageFmt, containerMessageFmt)",
         log='''Name:             grpo-trainer-0
Namespace:        ml
Node:             gpu-node-3/10.0.4.17
Status:           Failed
Reason:           Evicted
Message:          The node was low on resource: memory. Threshold quantity: 100Mi, available: 87432Ki. Container trainer was using 241Gi, request is 128Gi, has larger consumption of memory. 
Containers:
  trainer:
    Image:          registry.local/verl:0.4.1'''),
    dict(name="45-k8s-systemoom-event", kind="host",
         family="Kubernetes kubelet SystemOOM node event", version="Kubernetes 1.x (kubectl get events)",
         source="kubernetes/kubernetes pkg/kubelet/oom/oom_watcher_linux.go (SystemOOM, `System OOM encountered, victim process: %s, pid: %d`)",
         log='''LAST SEEN   TYPE      REASON         OBJECT                MESSAGE
57m         Warning   SystemOOM      node/gpu-node-3       System OOM encountered, victim process: python, pid: 967770
57m         Normal    Killing        pod/grpo-trainer-0    Stopping container trainer
56m         Warning   BackOff        pod/grpo-trainer-0    Back-off restarting failed container trainer in pod grpo-trainer-0_ml(5b1e7c02-1f6a-4c2b-9d0e-3a7f8b9c0d1e)'''),
    dict(name="46-kubectl-get-pods-oomkilled", kind="host",
         family="Kubernetes pod list STATUS OOMKilled", version="kubectl get pods",
         source="kubernetes/kubernetes pkg/printers/internalversion/printers.go printPod (terminated reason as STATUS)",
         log='''$ kubectl get pods -n ml
NAME                 READY   STATUS      RESTARTS      AGE
grpo-trainer-0       0/1     OOMKilled   3 (52s ago)   41m
reward-server-7c9d   1/1     Running     0             41m'''),
    dict(name="47-docker-events-container-oom", kind="host",
         family="Docker events stream (container oom)", version="Docker Engine 20+ (`docker events`, action oom)",
         source="moby/moby daemon/monitor.go (LogContainerEvent(c, \"oom\"))",
         log='''$ docker events --since 1h --filter container=trainer
2024-05-06T12:00:01.123456789Z container oom 3f2a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a (image=nvcr.io/nvidia/pytorch:24.03-py3, name=trainer)
2024-05-06T12:00:01.345678901Z container die 3f2a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a (exitCode=137, image=nvcr.io/nvidia/pytorch:24.03-py3, name=trainer)'''),
    dict(name="48-docker-ps-exited-137", kind="host", confidence="low",
         family="docker ps status Exited (137)", version="Docker CLI (ps -a STATUS column)",
         source="docker/cli cli/command/formatter/container.go (State/Status: `Exited (%d) %s ago`)",
         log='''$ docker ps -a
CONTAINER ID   IMAGE                                  COMMAND                  CREATED       STATUS                       PORTS     NAMES
3f2a9b8c7d6e   nvcr.io/nvidia/pytorch:24.03-py3       "python train.py --c…"   2 hours ago   Exited (137) 3 minutes ago             trainer'''),
    dict(name="49-torch-shm-write-no-space", kind="host",
         family="PyTorch shared-memory tensor file (MapAllocator) on a full /dev/shm", version="torch 1.x-2.x (`unable to write to file </torch_...>: No space left on device (28)`)",
         source="pytorch/pytorch aten/src/ATen/MapAllocator.cpp (unable to write to file <%s>)",
         log='''Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/worker.py", line 308, in _worker_loop
    data = fetcher.fetch(index)
  File "/usr/local/lib/python3.10/dist-packages/torch/multiprocessing/reductions.py", line 417, in reduce_storage
    fd, size = storage._share_fd_cpu_()
RuntimeError: unable to write to file </torch_311_3081424212_0>: No space left on device (28)'''),
    dict(name="50-torch-shm-mmap-enomem", kind="host",
         family="PyTorch MapAllocator mmap failure (Cannot allocate memory)", version="torch 1.x-2.x (`unable to mmap N bytes from file <...>: Cannot allocate memory (12)`)",
         source="pytorch/pytorch aten/src/ATen/MapAllocator.cpp (unable to mmap %d bytes from file <%s>)",
         facts=dict(requested_bytes=2147483648),
         log='''Traceback (most recent call last):
  File "/usr/local/lib/python3.10/dist-packages/torch/multiprocessing/reductions.py", line 541, in rebuild_storage_fd
    storage = cls._new_shared_fd_cpu(fd, size)
RuntimeError: unable to mmap 2147483648 bytes from file </torch_48213_1926461224_1>: Cannot allocate memory (12)'''),
    dict(name="51-fork-errno-12", kind="host",
         family="ENOMEM on fork (datasets.map num_proc / DataLoader workers)", version="CPython 3.x multiprocessing popen_fork",
         source="python/cpython Lib/multiprocessing/popen_fork.py _launch (os.fork) + huggingface/datasets arrow_dataset.py map(num_proc)",
         log='''Traceback (most recent call last):
  File "/workspace/prepare.py", line 40, in <module>
    ds = ds.map(tokenize, batched=True, num_proc=64)
  File "/usr/local/lib/python3.10/site-packages/multiprocess/popen_fork.py", line 66, in _launch
    self.pid = os.fork()
OSError: [Errno 12] Cannot allocate memory'''),
    dict(name="52-windows-paging-file-1455", kind="host",
         family="Windows commit limit (paging file too small)", version="Windows 10/11, torch 2.x DLL load (WinError 1455)",
         source="Windows system error ERROR_COMMITMENT_LIMIT 1455 as raised by pytorch/pytorch torch/__init__.py _load_dll_libraries",
         log='''Traceback (most recent call last):
  File "C:\\Users\\me\\train.py", line 3, in <module>
    import torch
  File "C:\\Users\\me\\miniconda3\\envs\\ml\\lib\\site-packages\\torch\\__init__.py", line 148, in <module>
    raise err
OSError: [WinError 1455] The paging file is too small for this operation to complete. Error loading "C:\\Users\\me\\miniconda3\\envs\\ml\\lib\\site-packages\\torch\\lib\\cudnn_cnn_infer64_8.dll" or one of its dependencies.'''),
    dict(name="53-nccl-host-malloc-failed", kind="host",
         family="NCCL host calloc (ncclCalloc)", version="NCCL 2.x (`Failed to malloc %ld bytes`)",
         source="NVIDIA/nccl src/include/alloc.h ncclCallocDebug (WARN Failed to malloc)",
         facts=dict(requested_bytes=1073741824),
         log='''gpu-node-3:48213:48290 [0] include/alloc.h:103 NCCL WARN Failed to malloc 1073741824 bytes
gpu-node-3:48213:48290 [0] NCCL INFO init.cc:412 -> 2
gpu-node-3:48213:48290 [0] NCCL INFO init.cc:1542 -> 2'''),
    dict(name="54-nccl-cuda-host-alloc-failed", kind="host",
         family="NCCL pinned host buffer (ncclCudaHostCalloc)", version="NCCL 2.x / RCCL (`Failed to CUDA host alloc %ld bytes`)",
         source="NVIDIA/nccl src/include/alloc.h ncclCudaHostCallocDebug",
         facts=dict(requested_bytes=4923392),
         log='''gpu-node-3:48213:48291 [5] include/alloc.h:51 NCCL WARN Failed to CUDA host alloc 4923392 bytes
gpu-node-3:48213:48291 [5] NCCL INFO transport/net.cc:741 -> 1
gpu-node-3:48213:48291 [5] NCCL INFO transport.cc:165 -> 1'''),
]
