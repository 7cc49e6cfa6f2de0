"""Build bench/evalsets/messages-e: one OOM message format per case, as the library prints it.

Written blind (before running oomdoc on it); each case names the source it was read from.
Run from the repository root: python bench/evalsets/messages-e/_build/build.py
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).parent))
from cases_gpu import CASES as GPU  # noqa: E402
from cases_host import CASES as HOST  # noqa: E402
from cases_lookalike import CASES as LOOK  # noqa: E402

GPU_ACCEPTED = ["micro-batch-too-large", "model-states-exceed-gpu", "sequence-too-long",
                "allocator-fragmentation", "gpu-shared-with-other-process",
                "too-many-colocated-models", "vllm-gpu-memory-utilization",
                "no-gradient-checkpointing", "response-length-blowup", "memory-leak",
                "gpu-retriever"]
HOST_ACCEPTED = ["host-ram-pressure", "cpu-offload-host-ram", "memory-leak"]
KV_ACCEPTED = ["vllm-kv-cache-too-small", "vllm-gpu-memory-utilization", "model-states-exceed-gpu",
               "sequence-too-long", "gpu-shared-with-other-process", "too-many-colocated-models",
               "micro-batch-too-large"]
# Cases the suite's evalset test fails, kept with their labels and marked `xfail: reason` (never deleted).
# The blind run's thirteen (detection misses 04 09 10 20 26 27 29 30 31 34 35, false alarms L01 L08) were fixed
# by family in session 7 (README.md, "After"); none is left.
XFAIL: dict[str, str] = {}
DEFAULTS = {
    "cuda": (["micro-batch-too-large", "model-states-exceed-gpu"], GPU_ACCEPTED),
    "host": (["host-ram-pressure"], HOST_ACCEPTED),
    "kv": (["vllm-kv-cache-too-small", "vllm-gpu-memory-utilization"], KV_ACCEPTED),
    "lookalike": (["not-oom"], ["not-oom"]),
}


def main() -> None:
    out = Path(__file__).resolve().parent.parent
    rows = []
    seen = set()
    for case in GPU + HOST + LOOK:
        name = case["name"]
        assert name not in seen, name
        seen.add(name)
        kind = case["kind"]
        top, accepted = DEFAULTS[kind]
        label = {
            "source": case["source"],
            "family": case["family"],
            "version": case["version"],
            "oom_kind": {"kv": "cuda", "lookalike": "none"}.get(kind, kind),
            "facts": case.get("facts", {}),
            "top_causes": case.get("top", top),
            "accepted_causes": case.get("accepted", accepted),
            "confidence": case.get("confidence", "medium"),
            "note": case.get("note", "single message rendering; cause labelled from the message alone"),
        }
        xfail = case.get("xfail") or XFAIL.get(name)
        if xfail:
            label["xfail"] = xfail
        d = out / name
        if d.exists():
            shutil.rmtree(d)
        d.mkdir()
        (d / "train.log").write_text(case["log"].strip("\n") + "\n")
        (d / "label.yaml").write_text(yaml.safe_dump(label, sort_keys=False, width=200))
        rows.append(f"| {name} | {case['family']} | {case['version']} | {case['source']} | {kind} |")
    n_look = len(LOOK)
    readme = (out / "_build" / "README.head.md").read_text().replace("{N}", str(len(rows))) \
        .replace("{OOM}", str(len(rows) - n_look)).replace("{LOOK}", str(n_look))
    readme += "\n| folder | family | version | source | kind |\n|---|---|---|---|---|\n" + "\n".join(rows) + "\n"
    (out / "README.md").write_text(readme)
    print(f"{len(rows)} cases ({n_look} lookalikes)")


if __name__ == "__main__":
    main()
