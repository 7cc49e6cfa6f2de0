"""Ray and host parsers beyond the sample tables: the hot-path scanner must keep
whole reports (context windows), and every emitted fact must be declared."""
from __future__ import annotations

from pathlib import Path

import yaml

from oomdoc import read_events
from oomdoc.parsers import host, ray

SAMPLES = Path(__file__).parent / "samples"

RAY_REPORT = """\
(TaskRunner pid=2123) ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.
(TaskRunner pid=2123) Memory on the node (IP: 10.0.0.51, ID: 4748aa6d) where the task (actor ID: 9e43ace6, name=8szhVkWorkerDict_0:3:WorkerDict.__init__, pid=4100606, memory used=56.57GB) was running was 246.41GB / 251.54GB (0.979583), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: c9e16e95) because it was the most recently scheduled task; to see more information about memory usage on this node, use `ray logs raylet.out -ip 10.0.0.51`. Top 10 memory users:
(TaskRunner pid=2123) PID\tMEM(GB)\tCOMMAND
""" + "".join(f"(TaskRunner pid=2123) {4100600 + i}\t{50 + i}.00\tray::WorkerDict.actor_rollout_generate_sequences\n"
              for i in range(10))

HOST_LINES = """\
[1902234.551208] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice,task=python,pid=77,uid=0
[1902234.551297] Out of memory: Killed process 77 (python) total-vm:1000kB, anon-rss:900kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:10kB oom_score_adj:0
E0312 10:20:41.123000 2871500 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -9) local_rank: 3 (pid: 2871532) of binary: /usr/bin/python
slurmstepd: error: Detected 1 oom-kill event(s) in StepId=4242.0 cgroup. Some of your processes may have been killed by the cgroup out-of-memory handler.
"""


def _filler(n: int, start: int = 0) -> str:
    return "".join(f"(TaskRunner pid=2123) step:{i} - actor/pg_loss:0.013 - perf/max_memory_allocated_gb:61.2 "
                   f"- perf/cpu_memory_used_gb:231.5 - response_length/mean:812.3\n" for i in range(start, start + n))


def test_reports_survive_the_hot_path_scanner():
    # > 4 MiB of ordinary lines before the reports, scanned with triggers only.
    log = _filler(40_000) + RAY_REPORT + _filler(50, 40_000) + HOST_LINES + _filler(2_000, 50_000)
    analysis = read_events(log.encode(), emit_all=False)
    by_kind = {}
    for e in analysis.events:
        by_kind.setdefault(e.kind, e)
    kill = by_kind["ray_oom_kill"]
    assert kill.facts["task_name"] == "WorkerDict.__init__"
    assert kill.facts["node_fraction"] == 0.979583
    assert len(kill.facts["top_memory_users"]) == 10
    assert kill.facts["top_memory_total_bytes"] == sum(50 + i for i in range(10)) * 2**30
    assert by_kind["host_oom_kill"].facts["anon_rss_bytes"] == 900 * 1024
    assert by_kind["host_oom_kill"].facts["constraint"] == "CONSTRAINT_NONE"
    assert by_kind["process_killed"].facts == {"exit_code": -9, "signal": 9, "pid": 2871532, "launcher": "torchrun",
                                               "signature": "torchrun-sigkill", "memory": "host",
                                               "certainty": "possible"}
    assert by_kind["slurm_oom"].facts["oom_events"] == 1


def test_two_kill_reports_in_one_record_keep_their_own_numbers():
    log = """\
Traceback (most recent call last):
  File "main.py", line 3, in <module>
    ray.get(ref)
ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.
Memory on the node (IP: 10.0.0.1, ID: aa) where the task (task ID: bb, name=main_task, pid=11, memory used=1.00GB) was running was 95.00GB / 100.00GB (0.95), which exceeds the memory usage threshold of 0.95.
ray.exceptions.OutOfMemoryError: 1 worker(s) were killed due to the node running low on memory. Memory on the node (IP: 10.0.0.2, ID: cc) was 9.80GB / 10.00GB (0.98); OOM kill reason: user cgroup memory upper bound was met or exceeded
"""
    kills = [e for e in read_events(log.encode()).events if e.kind == "ray_oom_kill"]
    assert [(k.facts["node_ip"], k.facts["node_fraction"]) for k in kills] == [("10.0.0.1", 0.95), ("10.0.0.2", 0.98)]
    assert kills[1].line == 6


def test_emitted_facts_are_declared():
    declared = set(ray.FACTS) | set(host.FACTS)
    kinds = set(ray.KINDS) | set(host.KINDS)
    for name in ("ray.yaml", "host.yaml"):
        for case in yaml.safe_load((SAMPLES / name).read_text()):
            for e in read_events(case["log"].encode()).events:
                if e.kind in kinds:
                    assert set(e.facts) <= declared, (case["name"], set(e.facts) - declared)


def test_a_pool_worker_killed_is_a_kill_only_when_its_exit_code_says_so():
    """loky's TerminatedWorkerError names memory as one possible cause whatever happened; its
    exit codes tell: SIGKILL reads as a kill, a segfault or an exit status does not."""
    head = ("Traceback (most recent call last):\n  File \"dedup.py\", line 212, in <module>\n"
            "    sigs = Parallel(n_jobs=64)(delayed(signature)(doc) for doc in docs)\n"
            "joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process managed by the "
            "executor was unexpectedly terminated. This could be caused by a segmentation fault while calling "
            "the function or by an excessive memory usage causing the Operating System to kill the worker.\n\n"
            "The exit codes of the workers are {%s}\n")
    killed = [e for e in read_events((head % "SIGKILL(-9)").encode()).events if e.kind == "process_killed"]
    assert [(e.facts["signature"], e.facts.get("signal")) for e in killed] == [("pool-worker-killed", 9)]
    for codes in ("SIGSEGV(-11)", "EXIT(1), EXIT(1)"):
        evs = read_events((head % codes).encode()).events
        assert not [e for e in evs if e.facts.get("signature") == "pool-worker-killed"], codes


def test_zsh_names_a_killed_job_in_lower_case():
    """zsh prints `killed` (its signal name table), not bash's `Killed`: a foreground job as
    `zsh: killed     cmd`, a job line as `[1]  + PID killed     cmd` (from unseen-j's j-17)."""
    for line, pid in (("zsh: killed     python train.py --bs 8", None),
                      ("[1]    55263 killed     sudo cgexec -g memory:8gb python run.py", 55263),
                      ("[2]  + 40211 killed     python train.py", 40211)):
        log = "Epoch 00:   0%|          | 0/1207 [00:00<?, ?it/s]\n" + line + "\n"
        kills = [e for e in read_events(log.encode()).events if e.kind == "process_killed"]
        assert [(k.facts["signature"], k.facts["signal"], k.facts.get("pid")) for k in kills] == \
            [("zsh-job-killed", 9, pid)], line
    # prose that only says a job was killed is no kill report
    for line in ("the job was killed     by the scheduler, see above", "[1] done       python train.py"):
        evs = read_events(("step 1\n" + line + "\n").encode()).events
        assert not [e for e in evs if e.kind == "process_killed"], line
