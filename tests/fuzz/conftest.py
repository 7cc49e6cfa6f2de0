"""Fuzz fixtures: seed logs (corpus/*/train.log, tests/samples/*.yaml lines) and invariants.

The hypothesis profiles live in `tests/fuzz/__init__.py` (`ci`, `long`; env
`OOMDOC_FUZZ_PROFILE`).
"""
from __future__ import annotations

from . import PROFILE


def pytest_report_header(config):
    return f"oomdoc fuzz profile: {PROFILE}"
