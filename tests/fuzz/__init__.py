"""Fuzz suite: hypothesis over the reader, the pipeline (every parser), the config
readers, the rule loader and `explain` end to end.

Profiles (env `OOMDOC_FUZZ_PROFILE`):

* `ci` (default): a few dozen examples per target, derandomized, the whole
  suite in well under a minute;
* `long`: 100 000 examples per target, random seeds - run it with
  `OOMDOC_FUZZ_PROFILE=long python3 -m pytest tests/fuzz` or `bench/fuzz_long.py`.

Tests use `FUZZ` (or `FUZZ_SLOW` for end-to-end targets) instead of the global
profile, so loading this package changes no other test's settings.
"""
from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

_SUPPRESS = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
             HealthCheck.large_base_example]
settings.register_profile("oomdoc-fuzz-ci", max_examples=80, deadline=None, derandomize=True,
                          suppress_health_check=_SUPPRESS, print_blob=True)
settings.register_profile("oomdoc-fuzz-long", max_examples=int(os.environ.get("OOMDOC_FUZZ_EXAMPLES", 100_000)),
                          deadline=None,
                          suppress_health_check=_SUPPRESS, print_blob=True)

PROFILE = os.environ.get("OOMDOC_FUZZ_PROFILE", "ci")
FUZZ = settings.get_profile(f"oomdoc-fuzz-{PROFILE}")
# end-to-end targets (explain, subprocess-free but rule-heavy) get fewer examples in CI
FUZZ_SLOW = settings(FUZZ, max_examples=25) if PROFILE == "ci" else FUZZ
