"""Bugs are loud: the test suite runs in strict mode (conftest.py), so a parser that
raises or a missing dependency fails a test instead of becoming a warning."""
from __future__ import annotations

import os
import sys

import pytest

from oomdoc import parsers, read_events


def test_the_suite_runs_strict():
    assert os.environ.get("OOMDOC_STRICT") == "1"


def test_a_missing_dependency_fails_instead_of_degrading(monkeypatch):
    from oomdoc.config import load_run_config

    analysis = read_events(b"+ python3 -m verl.trainer.main_ppo data.train_batch_sise=8 actor_rollout_ref.rollout.gpu_memory_utilisation=0.5\nstep 1\n")
    monkeypatch.setitem(sys.modules, "rapidfuzz", None)          # `import rapidfuzz` now fails
    monkeypatch.setitem(sys.modules, "rapidfuzz.distance", None)
    with pytest.raises(ImportError):
        load_run_config(analysis)
    monkeypatch.setenv("OOMDOC_STRICT", "0")                     # even for users: never a warning
    with pytest.raises(ImportError):
        load_run_config(analysis)


def test_a_parser_bug_is_raised_in_strict_mode_and_a_warning_for_users(monkeypatch):
    pytorch = next(m for m in parsers.modules() if m.NAME == "pytorch")

    def broken(record):
        raise ZeroDivisionError("a bug")

    monkeypatch.setattr(pytorch, "parse", broken)
    log = b"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB.\n"
    with pytest.raises(ZeroDivisionError):
        read_events(log)
    monkeypatch.setenv("OOMDOC_STRICT", "0")
    assert "parser pytorch failed on line 1: ZeroDivisionError" in read_events(log).warnings
