from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.fixture
def events_of():
    """Run the whole pipeline on literal log text; return the events."""
    from oomdoc import read_events

    def run(text: str, **kw):
        return read_events(text.encode() if isinstance(text, str) else text, **kw).events

    return run
