"""Where the per-log function runs: a local process pool or Ray tasks.

Both yield rows as they finish (so jsonl streams and Ctrl-C keeps what is
done). Local mode is `concurrent.futures.ProcessPoolExecutor`; the Ray engine
runs the same `work.diagnose` as Ray tasks on a cluster whose workers see the
logs' paths (a shared filesystem) and have oomdoc installed.
"""
from __future__ import annotations

import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool

from .work import Job, diagnose, quiet_worker

RAY_HINT = "the ray engine needs Ray: pip install 'oomdoc[ray]'"


class EngineUnavailable(Exception):
    pass


def error_row(job: Job, reason: str) -> dict:
    return {"path": job.path, "configs": list(job.configs), "status": "error", "error": reason,
            "outcome": None, "cause": None, "confidence": None, "framework": None, "settings": {},
            "fix": None, "report": None, "seconds": None, "peak_rss_bytes": None}


def default_workers() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


DIED = "the worker process died on this log (killed from outside, e.g. by the kernel OOM killer?)"


def local_rows(jobs: list[Job], workers: int):
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:          # no pool to start for one log or one worker
            yield diagnose(job)
        return
    # A worker killed from outside breaks the whole pool, and which log it was
    # running is not known: retry the unfinished ones once, then one log per pool.
    remaining = yield from _pool_pass(list(jobs), workers)
    if remaining:
        remaining = yield from _pool_pass(remaining, workers)
    for job in remaining:
        for lost in (yield from _pool_pass([job], 1)):
            yield error_row(lost, f"{lost.path}: {DIED}")


def _pool_pass(jobs: list[Job], workers: int):
    """Yield the rows of `jobs`; return the jobs lost when the pool broke."""
    before = set(multiprocessing.active_children())
    ctx = multiprocessing.get_context("fork") if sys.platform.startswith("linux") else None
    pool = ProcessPoolExecutor(max_workers=min(workers, len(jobs)), mp_context=ctx, initializer=quiet_worker)
    finished = False
    lost: list[Job] = []
    try:
        futures = {pool.submit(diagnose, job): job for job in jobs}
        for fut in as_completed(futures):
            job = futures[fut]
            try:
                yield fut.result()
            except BrokenProcessPool:
                lost.append(job)
            except Exception as exc:
                yield error_row(job, f"{job.path}: oomdoc crashed: {type(exc).__name__}: {exc}")
        finished = True
    finally:
        if not finished:          # interrupted: stop the workers we started, now
            for proc in set(multiprocessing.active_children()) - before:
                proc.terminate()
        # then wait for the pool's manager thread: left running, it trips over the dead
        # workers' pipes at exit and prints a traceback after our clean summary
        pool.shutdown(wait=True, cancel_futures=True)
    return lost


def _ray_task(job: Job, cwd: str) -> dict:
    # Relative paths name files from the driver's directory, where the node has it.
    if os.path.isdir(cwd) and os.getcwd() != cwd:
        os.chdir(cwd)
    return diagnose(job)


def ray_rows(jobs: list[Job], address: str | None):
    try:
        import ray
    except ImportError:
        raise EngineUnavailable(RAY_HINT) from None
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(address=address, log_to_driver=False, logging_level="ERROR")
        except Exception as exc:
            raise EngineUnavailable(f"cannot start or reach Ray at {address or 'a local instance'}: "
                                    f"{type(exc).__name__}: {exc}") from None
    task = ray.remote(num_cpus=1)(_ray_task)
    cwd = os.getcwd()
    window = max(8, 2 * int(ray.cluster_resources().get("CPU", 1)))
    queue = iter(jobs)
    pending: dict = {}
    try:
        _fill(pending, queue, window, task, cwd)
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            for ref in ready:
                job = pending.pop(ref)
                try:
                    yield ray.get(ref)
                except Exception as exc:     # a task that crashed or lost its node
                    yield error_row(job, f"{job.path}: ray task failed: {type(exc).__name__}: {exc}")
            _fill(pending, queue, window, task, cwd)
    finally:
        for ref in pending:
            try:
                ray.cancel(ref, force=True)
            except Exception:
                pass
        if started:
            ray.shutdown()


def _fill(pending: dict, queue, window: int, task, cwd: str) -> None:
    while len(pending) < window:
        job = next(queue, None)
        if job is None:
            return
        pending[task.remote(job, cwd)] = job

