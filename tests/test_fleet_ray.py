"""`oomdoc scan --engine ray` against a real local Ray instance (no mock):
the same JSON as the local engine on a directory of corpus cases."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from oomdoc.cli import main

ray = pytest.importorskip("ray", reason="Ray is not importable here (no wheel for this platform or Python); "
                                         "`pip install 'oomdoc[ray]'` where Ray has one")

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
VOLATILE = ("seconds", "peak_rss_bytes")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def scan(capsys, *args) -> dict:
    code = main(["scan", "--format", "json", *args])
    out = capsys.readouterr()
    assert code == 0, out.err
    doc = json.loads(out.out)
    for run in doc["runs"]:
        for key in VOLATILE:
            run.pop(key)
    return doc


def test_ray_engine_gives_the_same_json_as_the_local_engine(local_ray, capsys, tmp_path, monkeypatch):
    cases = sorted(p for p in CORPUS.iterdir() if (p / "train.log").is_file())[::6]
    for case in cases:
        shutil.copytree(case, tmp_path / "runs" / case.name)
    (tmp_path / "runs" / "empty.log").write_text("")
    monkeypatch.chdir(tmp_path)          # relative paths: Ray workers resolve them from the driver's directory
    local = scan(capsys, "--jobs", "2", "runs")
    on_ray = scan(capsys, "--engine", "ray", "runs")
    assert on_ray == local
    assert local["counts"]["runs"] == len(cases) + 1 and local["counts"]["error"] == 1
    assert local["counts"]["oom"] >= len(cases) // 2
    assert ray.is_initialized()          # the engine leaves a Ray it did not start running


def test_cli_joins_a_running_cluster_with_address_auto(local_ray, tmp_path):
    import subprocess
    import sys

    case = CORPUS / "seed-001-orz-vllm-utilization"
    shutil.copytree(case, tmp_path / "run")
    proc = subprocess.run([sys.executable, "-m", "oomdoc", "scan", "--engine", "ray", "--address", "auto",
                           "--format", "jsonl", str(tmp_path)], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    rows = [json.loads(line) for line in proc.stdout.splitlines()]
    assert [r["cause"] for r in rows] == ["vllm-gpu-memory-utilization"]
