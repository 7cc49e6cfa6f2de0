"""Host-memory OOM formats (killers, schedulers, platforms, pools) in neither messages/ nor messages-b/."""

SP = "/usr/local/lib/python3.11/site-packages"

CASES = [
    dict(name="22-ray-raylet-terminated-oom-killer", kind="host", confidence="low",
         family="Ray dashboard agent: the raylet died (SIGKILL by the OOM killer named first among the reasons)",
         version="Ray 2.3-2.4x (`Raylet is terminated. Termination is unexpected. Possible reasons include: (1) SIGKILL by the user or system OOM killer, ...`)",
         source="ray-project/ray python/ray/dashboard/agent.py / dashboard/utils report_raylet_error_logs (`Raylet is terminated. ` + reasons + last lines of raylet.out)",
         note="a kill of the raylet with the OOM killer named first; no memory report: host OOM, low confidence",
         log='''(WorkerDict pid=48211) step 612 actor/pg_loss=0.021 response_length/mean=1893.4
(raylet) Raylet is terminated. Termination is unexpected. Possible reasons include: (1) SIGKILL by the user or system OOM killer, (2) Invalid memory access from Raylet causing SIGSEGV or SIGBUS, (3) Other termination signals. Last 20 lines of the Raylet logs:
    [2025-06-03 14:02:11,338 I 40112 40112] (raylet) node_manager.cc:1120: Disconnecting client, graceful=false, exit_type=SYSTEM_ERROR
    [2025-06-03 14:02:11,512 I 40112 40140] (raylet) local_object_manager.cc:491: Spilled 20480 MiB, 162 objects, write throughput 1712 MiB/s.
Traceback (most recent call last):
  File "/workspace/verl/verl/trainer/main_ppo.py", line 64, in main
    run_ppo(config)
ray.exceptions.RaySystemError: System error: Raylet is terminated unexpectedly'''),
    dict(name="23-k8s-npd-oomkilling-event", kind="host",
         family="Kubernetes node-problem-detector kernel monitor event (reason OOMKilling) in kubectl get events",
         version="node-problem-detector 0.8.x (GKE/AKS default), Kubernetes 1.2x",
         source="kubernetes/node-problem-detector config/kernel-monitor.json (temporary rule reason OOMKilling, pattern `Killed process \\d+ (.+) total-vm:\\d+kB, anon-rss:\\d+kB, file-rss:\\d+kB.*`)",
         log='''$ kubectl get events -n rl --sort-by=.lastTimestamp | tail -4
LAST SEEN   TYPE      REASON       OBJECT                                 MESSAGE
4m31s       Normal    Started      pod/grpo-qwen7b-worker-0               Started container trainer
2m02s       Warning   OOMKilling   node/gke-a3-pool-2f9c81d0-7q3x         Memory cgroup out of memory: Killed process 48213 (python) total-vm:412983124kB, anon-rss:201338816kB, file-rss:70012kB, shmem-rss:8192kB, UID:0 pgtables:401236kB oom_score_adj:-997
2m01s       Normal    Killing      pod/grpo-qwen7b-worker-0               Stopping container trainer'''),
    dict(name="24-containerd-taskoom-event", kind="host",
         family="containerd CRI event handler: TaskOOM event (journald)",
         version="containerd 1.7-2.x (`TaskOOM event container_id:\"...\"`)",
         source="containerd/containerd internal/cri/server/events.go (log.L.Infof(\"TaskOOM event %+v\", e))",
         log='''May 19 18:14:43 gpu-node-07 containerd[2723]: time="2025-05-19T18:14:43.578084676Z" level=info msg="TaskOOM event container_id:\\"9192cb33411ff69d015a3577db136757f5b145064a1703efea3d0e12e8a64987\\""
May 19 18:14:43 gpu-node-07 systemd[1]: cri-containerd-9192cb33411ff69d015a3577db136757f5b145064a1703efea3d0e12e8a64987.scope: Deactivated successfully.
May 19 18:14:43 gpu-node-07 containerd[2723]: time="2025-05-19T18:14:43.912204410Z" level=info msg="shim disconnected" id=9192cb33411ff69d015a3577db136757f5b145064a1703efea3d0e12e8a64987 namespace=k8s.io'''),
    dict(name="25-scontrol-show-job-out-of-memory", kind="host",
         family="Slurm scontrol show job (JobState=OUT_OF_MEMORY Reason=OutOfMemory)",
         version="Slurm 17.11+ scontrol",
         source="SchedMD/slurm src/common/slurm_protocol_defs.c job_state_string (JOB_OOM -> OUT_OF_MEMORY) + job_reason_string (FAIL_OOM -> OutOfMemory); src/api/job_info.c slurm_sprint_job_info",
         log='''$ scontrol show job 812345
JobId=812345 JobName=grpo-qwen7b
   UserId=alice(1000) GroupId=alice(1000) MCS_label=N/A
   Priority=4294901758 Nice=0 Account=ml QOS=normal
   JobState=OUT_OF_MEMORY Reason=OutOfMemory Dependency=(null)
   Requeue=0 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:125
   RunTime=02:14:31 TimeLimit=2-00:00:00 TimeMin=N/A
   SubmitTime=2025-06-03T09:01:12 EligibleTime=2025-06-03T09:01:12
   StartTime=2025-06-03T09:01:40 EndTime=2025-06-03T11:16:11 Deadline=N/A
   Partition=gpu AllocNode:Sid=login01:5012
   NodeList=gpu-node-3
   NumNodes=1 NumCPUs=32 NumTasks=1 CPUs/Task=32 ReqB:S:C:T=0:0:*:*
   TRES=cpu=32,mem=256G,node=1,billing=32,gres/gpu=8
   MinCPUsNode=32 MinMemoryNode=256G MinTmpDiskNode=0
   Command=/home/alice/rl/run_grpo.sh'''),
    dict(name="26-lsf-term-memlimit", kind="host",
         family="IBM Spectrum LSF job report (TERM_MEMLIMIT)",
         version="LSF 10.1 job output report",
         source="IBM Spectrum LSF exit reason TERM_MEMLIMIT (16): `job killed after reaching LSF memory usage limit`, as printed in the LSF job report of bsub -o output",
         log='''Sender: LSF System <lsfadmin@gpu-a17>
Subject: Job 5531902: <python train_dpo.py> in cluster <hpc> Exited

Job <python train_dpo.py> was submitted from host <login2> by user <bob> in cluster <hpc>.
Job was executed on host(s) <gpu-a17>, in queue <gpu>, as user <bob> in cluster <hpc>.
------------------------------------------------------------

TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.
Exited with exit code 137.

Resource usage summary:

    CPU time :                                   48211.07 sec.
    Max Memory :                                 131072 MB
    Average Memory :                             88734.12 MB
    Total Requested Memory :                     131072.00 MB
    Delta Memory :                               0.00 MB'''),
    dict(name="27-pbs-job-killed-mem", kind="host",
         family="PBS Pro / Torque MOM memory limit enforcement",
         version="PBS Pro 19+ / OpenPBS (`=>> PBS: job killed: mem N exceeded limit M`)",
         source="openpbs/openpbs src/resmom/linux/mom_mach.c mem_sum / job over-limit message (`PBS: job killed: mem %lukb exceeded limit %lukb`)",
         log='''  0%|          | 412/18000 [21:07<15:02:11,  3.08s/it]
=>> PBS: job killed: mem 270532608kb exceeded limit 268435456kb'''),
    dict(name="28-kernel-oom-panic-no-killable", kind="host",
         family="Linux kernel OOM with nothing left to kill (panic: System is deadlocked on memory)",
         version="kernel 4.x-6.x (`Out of memory and no killable processes...` then panic)",
         source="torvalds/linux mm/oom_kill.c out_of_memory (`panic(\"System is deadlocked on memory\\n\")` after `Out of memory and no killable processes...`)",
         log='''[812733.104221] Out of memory and no killable processes...
[812733.104230] Kernel panic - not syncing: System is deadlocked on memory
[812733.104236] CPU: 71 PID: 48213 Comm: pt_data_worker Tainted: P           OE      6.5.0-41-generic #41~22.04.2-Ubuntu
[812733.104240] Hardware name: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 11/15/2023'''),
    dict(name="29-spark-java-heap-space", kind="host",
         family="JVM heap exhausted (Spark executor in a data-preparation job)",
         version="Spark 3.x on JDK 11-17 (java.lang.OutOfMemoryError: Java heap space)",
         source="openjdk/jdk src/hotspot/share/gc/shared/memAllocator.cpp / collectedHeap (`Java heap space` OutOfMemoryError) + apache/spark core/src/main/scala/org/apache/spark/executor/Executor.scala (Exception in task)",
         log='''25/05/06 11:40:51 ERROR Executor: Exception in task 47.0 in stage 12.0 (TID 3391)
java.lang.OutOfMemoryError: Java heap space
	at java.base/java.util.Arrays.copyOf(Arrays.java:3537)
	at org.apache.spark.unsafe.memory.HeapMemoryAllocator.allocate(HeapMemoryAllocator.java:67)
25/05/06 11:40:51 ERROR SparkUncaughtExceptionHandler: Uncaught exception in thread Thread[Executor task launch worker for task 47.0 in stage 12.0 (TID 3391),5,main]
java.lang.OutOfMemoryError: Java heap space'''),
    dict(name="30-vertex-ai-replica-oom", kind="host",
         family="Google Vertex AI custom training job: a replica ran out of memory",
         version="Vertex AI / AI Platform Training job state message",
         source="Google Cloud Vertex AI job error (closed source); wording as users report it (`The replica <pool> ran out-of-memory and exited with a non-zero status of 9(SIGKILL)`)",
         log='''ERROR 2025-03-14 10:22:41 +0000 service Filling up shuffle buffer (this may take a while): 251889 of 1280000
ERROR 2025-03-14 10:24:03 +0000 service The replica workerpool0-0 ran out-of-memory and exited with a non-zero status of 9(SIGKILL). To find out more about why your job exited please check the logs: https://console.cloud.google.com/logs/viewer?project=812345&resource=ml_job%2Fjob_id%2F1234567890'''),
    dict(name="31-k8s-evicted-node-memorypressure", kind="host",
         family="Kubernetes kubelet eviction by node condition (The node had condition: [MemoryPressure].)",
         version="Kubernetes 1.2x kubelet (kubectl describe pod: Status Failed, Reason Evicted)",
         source="kubernetes/kubernetes pkg/kubelet/eviction/helpers.go (nodeConditionMessageFmt `The node had condition: %v. `)",
         log='''$ kubectl describe pod ppo-actor-3 -n rl
Name:             ppo-actor-3
Namespace:        rl
Node:             gpu-node-12/10.0.4.12
Start Time:       Tue, 03 Jun 2025 09:01:40 +0000
Status:           Failed
Reason:           Evicted
Message:          The node had condition: [MemoryPressure]. 
IP:               10.42.7.19'''),
    dict(name="32-earlyoom-sigterm", kind="host",
         family="earlyoom user-space OOM daemon (low memory, SIGTERM / SIGKILL sent)",
         version="earlyoom 1.6-1.8 (`low memory! at or below SIGTERM limits`, `sending SIGTERM to process N uid U \"name\": badness B, VmRSS X MiB`)",
         source="rfjakob/earlyoom main.c / kill.c (poll_loop warn `low memory! at or below SIGTERM limits: mem %.2f%%, swap %.2f%%`, kill_process `sending %s to process %d uid %d \"%s\": badness %d, VmRSS %lld MiB`)",
         log='''Jun 03 14:02:09 ws-ml-01 earlyoom[1021]: mem avail:  1244 of 128511 MiB ( 0.97%), swap free:  102 of 8191 MiB ( 1.25%)
Jun 03 14:02:09 ws-ml-01 earlyoom[1021]: low memory! at or below SIGTERM limits: mem 10.00%, swap 10.00%
Jun 03 14:02:09 ws-ml-01 earlyoom[1021]: sending SIGTERM to process 48213 uid 1000 "python": badness 912, VmRSS 118230 MiB
Jun 03 14:02:10 ws-ml-01 earlyoom[1021]: process exited after 0.6 seconds'''),
    dict(name="33-htcondor-hold-memory-limit", kind="host",
         family="HTCondor starter: job held for exceeding its memory request (OOM event in the job's cgroup)",
         version="HTCondor 8.8-24.x (`Job has gone over memory limit of N megabytes. Peak usage: M megabytes.`)",
         source="htcondor/htcondor src/condor_starter.V6.1/vanilla_proc.cpp outOfMemoryEvent (`Job has gone over memory limit of %d megabytes. Peak usage: %d megabytes.`)",
         log='''$ condor_q -hold
-- Schedd: submit-1.chtc.wisc.edu : <128.105.244.191:9618?... @ 06/03/25 14:05:12
 ID          OWNER          HELD_SINCE  HOLD_REASON
 1587242.0   alice          6/3  14:02 Error from slot1_3@gpu4001.chtc.wisc.edu: Job has gone over memory limit of 65536 megabytes. Peak usage: 66012 megabytes.'''),
    dict(name="34-sge-h-vmem-exceeded", kind="host",
         family="Grid Engine (SGE / UGE / SoGE) hard memory limit",
         version="Son of Grid Engine 8.1 / Univa GE (`job N exceeds job hard limit \"h_vmem\" of queue`)",
         source="Son of Grid Engine source/daemons/execd/ptf.c / execd_ck_to_do.c (`job %s exceeds job hard limit \"%s\" of queue \"%s\" (%s > limit:%s) - sending SIGKILL`)",
         log='''05/06/2025 11:40:55|  main|gpu-node-4|W|job 4417321.1 exceeds job hard limit "h_vmem" of queue "gpu.q@gpu-node-4" (137438953472.00000 > limit:137438953472.00000) - sending SIGKILL'''),
    dict(name="35-colab-session-crashed-ram", kind="host",
         family="Google Colab runtime: session crashed after using all available RAM",
         version="Colab web UI notification (2020-2025)",
         source="Google Colab frontend (closed source); wording as users paste it (`Your session crashed after using all available RAM.`)",
         log='''Loading checkpoint shards:  67%|██████▋   | 2/3 [01:12<00:36, 36.21s/it]
Your session crashed after using all available RAM. If you are interested in access to high-RAM runtimes, you may want to check out Colab Pro.'''),
    dict(name="36-joblib-loky-terminated-worker-sigkill", kind="host",
         family="joblib / loky process executor: a worker was killed (exit codes {SIGKILL(-9)}, memory named as a cause)",
         version="joblib 1.x (TerminatedWorkerError)",
         source="joblib/loky loky/process_executor.py ExecutorManagerThread.wait_result_broken_or_wakeup (`A worker process managed by the executor was unexpectedly terminated. This could be caused by a segmentation fault while calling the function or by an excessive memory usage causing the Operating System to kill the worker.`)",
         log=f'''Traceback (most recent call last):
  File "/workspace/dedup/minhash.py", line 212, in <module>
    sigs = Parallel(n_jobs=64)(delayed(signature)(doc) for doc in docs)
  File "{SP}/joblib/parallel.py", line 2007, in __call__
    return output if self.return_generator else list(output)
  File "{SP}/joblib/parallel.py", line 1754, in _retrieve
    raise self._exception
joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed by the executor was unexpectedly terminated. This could be caused by a segmentation fault while calling the function or by an excessive memory usage causing the Operating System to kill the worker.

The exit codes of the workers are {{SIGKILL(-9)}}'''),
    dict(name="37-datasets-map-subprocess-died", kind="host", confidence="low",
         family="Hugging Face datasets map(num_proc=N): a worker died without a report",
         version="datasets 2.x-3.x (RuntimeError: One of the subprocesses has abruptly died during map operation.To debug the error, disable multiprocessing.)",
         source="huggingface/datasets src/datasets/arrow_dataset.py Dataset.map (pool_changed -> RuntimeError)",
         note="datasets discards the worker's exit status; in practice the kernel OOM killer. Host OOM, low confidence",
         log=f'''Map (num_proc=64):  37%|███▋      | 1480000/4000000 [04:11<07:06, 5906.11 examples/s]
Traceback (most recent call last):
  File "/workspace/LLaMA-Factory/src/llamafactory/data/loader.py", line 251, in _get_preprocessed_dataset
    dataset = dataset.map(
  File "{SP}/datasets/arrow_dataset.py", line 560, in wrapper
    out: Union["Dataset", "DatasetDict"] = func(self, *args, **kwargs)
  File "{SP}/datasets/arrow_dataset.py", line 3171, in map
    raise RuntimeError(
RuntimeError: One of the subprocesses has abruptly died during map operation.To debug the error, disable multiprocessing.'''),
]
