"""`oomdoc scan` through the real CLI: same answers as `explain`, discovery,
grouping, outputs, cache, --since, bad input as error rows, exit codes."""
from __future__ import annotations

import csv
import gzip
import io
import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from oomdoc.cli import main

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "corpus"
CASES = sorted(p for p in CORPUS.iterdir() if (p / "train.log").is_file())
VLLM = "seed-001-orz-vllm-utilization"
FRAG = ("[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
        "capacity of 79.15 GiB of which 1.19 GiB is free. Including non-PyTorch memory, this process has "
        "77.90 GiB memory in use. Of the allocated memory 60.00 GiB is allocated by PyTorch, and 15.00 GiB "
        "is reserved by PyTorch but unallocated.\n")
CRASH = "RuntimeError: CUDA error: an illegal memory access was encountered\n"
CLEAN = "step 1 loss 0.31\nstep 2 loss 0.29\n"


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def scan_json(capsys, *args) -> dict:
    code, out, err = run(capsys, "scan", "--format", "json", *args)
    assert code == 0, err
    return json.loads(out)


def by_path(doc) -> dict:
    return {r["path"]: r for r in doc["runs"]}


@pytest.fixture
def fleet(tmp_path):
    """runs/<name>/train.log trees: a few copies of one vLLM case (with its
    config files), a fragmentation OOM, a crash and a clean run."""
    root = tmp_path / "runs"
    for i in range(3):
        shutil.copytree(CORPUS / VLLM, root / f"vllm-{i}")
    (root / "frag").mkdir()
    (root / "frag" / "train.log").write_text(FRAG)
    (root / "crash").mkdir()
    (root / "crash" / "job.err").write_text(CRASH)
    (root / "clean" / "deep").mkdir(parents=True)
    (root / "clean" / "deep" / "stdout.out").write_text(CLEAN)
    return root


def test_every_corpus_case_gets_the_same_answer_as_explain(capsys):
    doc = scan_json(capsys, "--jobs", "2", str(CORPUS))
    runs = by_path(doc)
    assert len(runs) == len(CASES) and doc["counts"]["error"] == 0
    for case in CASES:
        code, out, err = run(capsys, "explain", "--example", case.name, "--format", "json")
        assert code == 0, err
        row = runs[str(case / "train.log")]
        assert row["report"] == json.loads(out), case.name
        expected_configs = sorted(str(p) for p in case.iterdir() if p.suffix in (".yaml", ".json", ".sh", ".toml")
                                  and p.name != "expected.yaml")
        assert sorted(row["configs"]) == expected_configs
        top = row["report"]["diagnoses"][0] if row["report"]["diagnoses"] else None
        assert row["cause"] == (top["cause"] if top else None)


def test_scan_document_is_in_the_published_schema(capsys, fleet):
    jsonschema = pytest.importorskip("jsonschema")
    doc = scan_json(capsys, str(fleet), "/nonexistent/run.log")
    _, schema_text, _ = run(capsys, "schema")
    schema = json.loads(schema_text)
    assert "scan" in schema["$defs"]
    wrapper = {"$schema": schema["$schema"], "$ref": schema["$id"] + "#/$defs/scan", "$defs": {"explain": schema}}
    jsonschema.validate(doc, wrapper)
    bad = dict(doc, runs=[dict(doc["runs"][0], status="maybe")])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, wrapper)


def test_groups_counts_and_outcomes(capsys, fleet):
    doc = scan_json(capsys, str(fleet))
    assert doc["counts"] == {"runs": 6, "oom": 4, "not_oom": 1, "clean": 1, "error": 0, "cached": 0}
    top = doc["groups"][0]
    assert top["count"] == 3 and top["cause"] == "vllm-gpu-memory-utilization" and top["framework"] == "orz"
    assert top["settings"]["rollout.gpu_memory_utilization"]["value"] == 0.85
    assert top["fix"]["knob"] == "rollout.gpu_memory_utilization" and top["fix"]["value"] == 0.75
    assert top["fix_runs"] == 3
    assert top["runs"] == [str(fleet / f"vllm-{i}" / "train.log") for i in range(3)]
    runs = by_path(doc)
    assert runs[str(fleet / "frag" / "train.log")]["cause"] == "allocator-fragmentation"
    assert runs[str(fleet / "crash" / "job.err")]["outcome"] == "not-oom"
    assert runs[str(fleet / "clean" / "deep" / "stdout.out")]["outcome"] == "clean"
    assert doc["by_cause"]["vllm-gpu-memory-utilization"] == 3
    assert doc["complete"] is True


def test_configs_beside_the_log_are_used_and_can_be_switched_off(capsys, fleet):
    log = fleet / "vllm-0" / "train.log"
    (fleet / "vllm-0" / "run.sh").write_text("python -m playground.orz_7b_ppo exp.gpu_memory_utilization=0.6\n")
    with_cfg = by_path(scan_json(capsys, str(log)))[str(log)]
    assert str(fleet / "vllm-0" / "run.sh") in with_cfg["configs"]
    code, out, _ = run(capsys, "explain", str(log), "--config", str(fleet / "vllm-0" / "run.sh"), "--format", "json")
    assert with_cfg["report"] == json.loads(out)
    without = by_path(scan_json(capsys, "--no-configs", str(log)))[str(log)]
    code, out, _ = run(capsys, "explain", str(log), "--format", "json")
    assert without["configs"] == [] and without["report"] == json.loads(out)


def test_discovery_dirs_globs_manifest_gz_and_stdin(capsys, tmp_path, fleet):
    with gzip.open(fleet / "frag" / "old.log.gz", "wt") as fh:
        fh.write(FRAG)
    (fleet / "frag" / "notes.md").write_text(FRAG)          # not a log name: skipped in a directory
    (fleet / ".hidden").mkdir()
    (fleet / ".hidden" / "x.log").write_text(FRAG)
    doc = scan_json(capsys, str(fleet))
    paths = set(by_path(doc))
    assert str(fleet / "frag" / "old.log.gz") in paths and by_path(doc)[str(fleet / "frag" / "old.log.gz")][
        "cause"] == "allocator-fragmentation"
    assert not any(p.endswith(("notes.md", "x.log")) for p in paths)
    assert len(paths) == 7

    doc = scan_json(capsys, str(fleet / "vllm-*" / "train.log"), str(fleet / "**" / "*.err"))
    assert sorted(by_path(doc)) == sorted([str(fleet / f"vllm-{i}" / "train.log") for i in range(3)]
                                          + [str(fleet / "crash" / "job.err")])

    manifest = tmp_path / "runs.txt"
    manifest.write_text(f"# last week\n{fleet / 'frag' / 'train.log'}\n\n{fleet / 'crash'}\n")
    doc = scan_json(capsys, f"@{manifest}", str(fleet / "frag" / "train.log"))     # duplicates once
    assert sorted(by_path(doc)) == [str(fleet / "crash" / "job.err"), str(fleet / "frag" / "train.log")]

    proc = subprocess.run([sys.executable, "-m", "oomdoc", "scan", "--format", "json", "-"],
                          input=f"{fleet / 'clean'}\n", capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert list(by_path(json.loads(proc.stdout))) == [str(fleet / "clean" / "deep" / "stdout.out")]


def test_bad_input_is_an_error_row_and_the_scan_goes_on(capsys, tmp_path, fleet, monkeypatch):
    (fleet / "empty.log").write_text("")
    (fleet / "binary.log").write_bytes(bytes(range(256)) * 64)
    os.symlink(tmp_path / "gone.log", fleet / "vanished.log")
    (fleet / "boom").mkdir()
    (fleet / "boom" / "train.log").write_text(FRAG)
    import oomdoc.diagnose as diagnose_mod

    real = diagnose_mod.explain

    def explain_or_crash(log, *a, **kw):
        if "boom" in str(log):
            raise ValueError("parser fell over")
        return real(log, *a, **kw)

    monkeypatch.setattr(diagnose_mod, "explain", explain_or_crash)
    code, out, err = run(capsys, "scan", "--jobs", "1", str(fleet), str(tmp_path / "missing.log"),
                         str(tmp_path / "nothing-*.log"))
    assert code == 0 and err == ""
    assert "Scanned 12 logs" in out and "4 OOM, 1 failed not by OOM, 1 clean, 6 errors" in out
    assert "vllm-gpu-memory-utilization" in out
    code, out, err = run(capsys, "scan", "--jobs", "1", "--format", "json", str(fleet), str(tmp_path / "missing.log"))
    errors = {e["path"]: e["error"] for e in json.loads(out)["errors"]}
    assert "empty" in errors[str(fleet / "empty.log")]
    assert "binary" in errors[str(fleet / "binary.log")]
    assert "no such file" in errors[str(fleet / "vanished.log")]
    assert errors[str(fleet / "boom" / "train.log")].endswith("oomdoc crashed: ValueError: parser fell over")
    assert "no such file" in errors[str(tmp_path / "missing.log")]
    assert json.loads(out)["counts"]["oom"] == 4


@pytest.mark.parametrize("args, says", [
    ([], "give PATH"),
    (["--since", "last tuesday", "."], "--since"),
    (["@/nonexistent/manifest.txt"], "cannot read manifest"),
    (["--address", "auto", "."], "--address is for --engine ray"),
    (["--jobs", "0", "."], "--jobs"),
    (["--rules", "/nonexistent/rules", "."], "no such rule"),
])
def test_usage_errors_exit_2_with_one_line(capsys, args, says):
    code, out, err = run(capsys, "scan", *args)
    assert code == 2 and out == ""
    assert says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_jsonl_csv_markdown_and_text(capsys, fleet):
    code, out, _ = run(capsys, "scan", "--format", "jsonl", str(fleet))
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 6 and all(r["report"]["schema_version"] == 1 for r in lines)
    code, out, _ = run(capsys, "scan", "--format", "csv", str(fleet))
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 6
    vllm = [r for r in rows if r["cause"] == "vllm-gpu-memory-utilization"]
    assert len(vllm) == 3 and vllm[0]["fix_knob"] == "rollout.gpu_memory_utilization" and vllm[0]["fix_value"] == "0.75"
    assert "rollout.gpu_memory_utilization=0.85" in vllm[0]["settings"]
    code, out, _ = run(capsys, "scan", "--format", "markdown", str(fleet))
    assert out.startswith("## Fleet OOM report") and "| 3 | `vllm-gpu-memory-utilization` | orz 3 |" in out
    assert ("**3 runs:** `vllm-gpu-memory-utilization`, orz, "
            "`rollout.gpu_memory_utilization=0.85, rollout.enforce_eager=False`") in out
    code, out, err = run(capsys, "scan", str(fleet))
    assert "Scanned 6 logs" in out and "4 OOM, 1 failed not by OOM, 1 clean, 0 errors" in out
    assert "    3 runs: vllm-gpu-memory-utilization, orz, rollout.gpu_memory_utilization=0.85" in out
    assert "fix: exp.gpu_memory_utilization=0.75" in out
    assert err == ""          # no progress bar when stderr is not a terminal
    code, out, err = run(capsys, "scan", "--progress", str(fleet))
    assert "6/6 logs" in err


def test_cache_reads_only_new_or_changed_logs(capsys, tmp_path, fleet):
    cache = tmp_path / "cache"
    first = scan_json(capsys, "--cache", str(cache), str(fleet))
    assert first["counts"]["cached"] == 0
    second = scan_json(capsys, "--cache", str(cache), str(fleet))
    assert second["counts"]["cached"] == 6

    def strip(doc):
        return {p: {k: v for k, v in r.items() if k not in ("cached", "seconds", "peak_rss_bytes")}
                for p, r in by_path(doc).items()}
    assert strip(first) == strip(second)
    grown = fleet / "clean" / "deep" / "stdout.out"
    with open(grown, "a") as fh:
        fh.write(CRASH)
    (fleet / "new").mkdir()
    (fleet / "new" / "train.log").write_text(FRAG)
    third = scan_json(capsys, "--cache", str(cache), str(fleet))
    fresh = sorted(p for p, r in by_path(third).items() if not r["cached"])
    assert fresh == [str(grown), str(fleet / "new" / "train.log")]
    assert by_path(third)[str(grown)]["outcome"] == "not-oom"


def test_since_limits_by_modification_time(capsys, fleet):
    old = time.time() - 10 * 86400
    for p in fleet.rglob("*"):
        if p.is_file() and "vllm" not in str(p):
            os.utime(p, (old, old))
    doc = scan_json(capsys, "--since", "7d", str(fleet))
    assert sorted(by_path(doc)) == [str(fleet / f"vllm-{i}" / "train.log") for i in range(3)]
    assert len(by_path(scan_json(capsys, "--since", "2000-01-01", str(fleet)))) == 6


def test_ctrl_c_prints_what_was_finished(tmp_path):
    import select
    import signal

    root = tmp_path / "many"
    root.mkdir()
    big = (CORPUS / VLLM / "train.log").read_bytes()
    for i in range(600):
        (root / f"r{i:03d}.log").write_bytes(big)
    proc = subprocess.Popen([sys.executable, "-m", "oomdoc", "scan", "--jobs", "2", "--progress", str(root)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen, deadline = b"", time.monotonic() + 120
    while max((int(n) for n in re.findall(rb"\] (\d+)/600", seen)), default=0) < 5:
        assert time.monotonic() < deadline and proc.poll() is None, seen[-500:]
        if select.select([proc.stderr], [], [], 1.0)[0]:
            seen += os.read(proc.stderr.fileno(), 4096)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err[-500:]
    text = out.decode()
    assert "INTERRUPTED" in text and "logs not scanned" in text
    scanned = int(text.split("Scanned ")[1].split(" logs")[0])
    assert 5 <= scanned < 600
    assert "vllm-gpu-memory-utilization" in text and b"Traceback" not in err


def test_ray_engine_without_ray_says_how_to_install(tmp_path):
    code = ("import sys; sys.modules['ray'] = None\n"     # as if the extra were not installed
            "from oomdoc.cli import main; sys.exit(main(['scan', '--engine', 'ray', sys.argv[1]]))")
    proc = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.strip() == "oomdoc: the ray engine needs Ray: pip install 'oomdoc[ray]'"


def test_corpus_flag_scans_the_bundled_corpus(capsys):
    doc = scan_json(capsys, "--corpus", "--no-configs")
    assert doc["counts"]["runs"] == len(CASES) and doc["counts"]["error"] == 0
    assert doc["counts"]["oom"] > len(CASES) // 2 and doc["groups"]
    assert all(r["configs"] == [] for r in doc["runs"])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the pool forks its workers on Linux only")
def test_a_worker_killed_from_outside_costs_only_its_own_log(capsys, fleet, monkeypatch):
    import signal

    import oomdoc.diagnose as diagnose_mod

    (fleet / "killer").mkdir()
    (fleet / "killer" / "train.log").write_text(FRAG)
    real = diagnose_mod.explain

    def explain_or_die(log, *a, **kw):        # what the kernel OOM killer does to a worker
        if "killer" in str(log):
            os.kill(os.getpid(), signal.SIGKILL)
        return real(log, *a, **kw)

    monkeypatch.setattr(diagnose_mod, "explain", explain_or_die)      # forked workers inherit it
    doc = scan_json(capsys, "--jobs", "2", str(fleet))
    assert doc["counts"] == {"runs": 7, "oom": 4, "not_oom": 1, "clean": 1, "error": 1, "cached": 0}
    assert doc["errors"] == [{"path": str(fleet / "killer" / "train.log"),
                              "error": str(fleet / "killer" / "train.log") + ": the worker process died on this "
                              "log (killed from outside, e.g. by the kernel OOM killer?)"}]
