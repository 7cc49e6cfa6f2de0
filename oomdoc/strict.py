"""Strict mode (`OOMDOC_STRICT=1`, set by the test suite): bugs fail loudly.

At the input boundary a parser meets text written by strangers, so a parser
that raises on one odd line costs a warning, not the diagnosis. In strict mode
the same exception propagates: a parser bug fails the tests instead of
silently making diagnoses worse. Missing dependencies are never tolerated.
"""
from __future__ import annotations

import os


def on() -> bool:
    return os.environ.get("OOMDOC_STRICT", "") not in ("", "0")
