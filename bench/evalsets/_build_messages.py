"""Build one messages-* evalset: one OOM message format per case, as the library prints it.

Each set's `_build/` holds its cases (`cases_gpu.py`, `cases_host.py`, `cases_lookalike.py`,
written blind, each naming the source it was read from), its `README.head.md` and a two-line
`build.py` that calls `build()` here; run from the repository root:
`python bench/evalsets/messages-X/_build/build.py`.
"""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

import yaml

GPU_ACCEPTED = ["micro-batch-too-large", "model-states-exceed-gpu", "sequence-too-long",
                "allocator-fragmentation", "gpu-shared-with-other-process",
                "too-many-colocated-models", "vllm-gpu-memory-utilization",
                "no-gradient-checkpointing", "response-length-blowup", "memory-leak",
                "gpu-retriever"]
HOST_ACCEPTED = ["host-ram-pressure", "cpu-offload-host-ram", "memory-leak"]
KV_ACCEPTED = ["vllm-kv-cache-too-small", "vllm-gpu-memory-utilization", "model-states-exceed-gpu",
               "sequence-too-long", "gpu-shared-with-other-process", "too-many-colocated-models",
               "micro-batch-too-large"]
DEFAULTS = {
    "cuda": (["micro-batch-too-large", "model-states-exceed-gpu"], GPU_ACCEPTED),
    "host": (["host-ram-pressure"], HOST_ACCEPTED),
    "kv": (["vllm-kv-cache-too-small", "vllm-gpu-memory-utilization"], KV_ACCEPTED),
    "lookalike": (["not-oom"], ["not-oom"]),
}


def build(build_dir: Path, xfail: dict[str, str] | None = None) -> None:
    """Write the set above `build_dir` from its case modules: a folder per case (train.log,
    label.yaml) and the README. `xfail` marks cases the suite's evalset test fails (kept, never
    deleted)."""
    sys.path.insert(0, str(build_dir))
    from cases_gpu import CASES as GPU  # noqa: E402
    from cases_host import CASES as HOST  # noqa: E402
    from cases_lookalike import CASES as LOOK  # noqa: E402

    out = build_dir.parent
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
        why = case.get("xfail") or (xfail or {}).get(name)
        if why:
            label["xfail"] = why
        d = out / name
        if d.exists():
            shutil.rmtree(d)
        d.mkdir()
        (d / "train.log").write_text(case["log"].strip("\n") + "\n")
        (d / "label.yaml").write_text(yaml.safe_dump(label, sort_keys=False, width=200))
        rows.append(f"| {name} | {case['family']} | {case['version']} | {case['source']} | {kind} |")
    n_look = len(LOOK)
    readme = (build_dir / "README.head.md").read_text().replace("{N}", str(len(rows))) \
        .replace("{OOM}", str(len(rows) - n_look)).replace("{LOOK}", str(n_look))
    readme += "\n| folder | family | version | source | kind |\n|---|---|---|---|---|\n" + "\n".join(rows) + "\n"
    (out / "README.md").write_text(readme)
    print(f"{len(rows)} cases ({n_look} lookalikes)")
