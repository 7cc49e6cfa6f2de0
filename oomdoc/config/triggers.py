"""Literals that mark config printed in a log, for the scanner's config trigger group.

Generic shapes (argparse `Namespace(`, echoed commands, Hydra's override
list) are listed here; everything framework-specific comes from the
frameworks/*.json files: their `log_triggers` (banners, dumps, launcher
lines) and, for each program a framework declares in `detect.launchers`,
its echoed command (`+ prog ` from `set -x`, `$ prog ` from a pasted shell).
A new literal must be covered by a scanner anchor: re-run bench/make_anchors.py.
"""
from __future__ import annotations

from .mapping import FRAMEWORK_DIR, json_stems, launchers, mapping

GENERIC = (
    "Namespace(", "+ python", "$ python", "+ torchrun", "$ torchrun", "+ ray job submit", "+ export ",
    "Error executing job with overrides",
)


def config_trigger_literals() -> tuple[str, ...]:
    out = list(GENERIC)
    for stem in json_stems(FRAMEWORK_DIR):
        out.extend(mapping(stem).get("log_triggers", ()))
    for prog in launchers():
        out.extend((f"+ {prog} ", f"$ {prog} "))
    return tuple(dict.fromkeys(out))
