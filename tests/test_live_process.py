"""Real processes, no mocked pipe: a writer appends a log line by line, `tail -f`
pipes it into `oomdoc explain -`, and the diagnosis must appear while the
writer is still running."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CASE = ROOT / "corpus" / "seed-003-trl-vllm-server-shared-gpus" / "train.log"

WRITER = r"""
import sys, time
src, dst, marker = sys.argv[1:4]
with open(dst, "a") as out:
    for line in open(src):
        out.write(line); out.flush(); time.sleep(0.002)
open(marker, "w").write(repr(time.monotonic()))
time.sleep(8)          # the job is dead but the writer (and tail) keep running
"""


@pytest.mark.skipif(not shutil.which("tail"), reason="needs tail")
def test_diagnosis_arrives_before_the_writer_ends(tmp_path):
    log = tmp_path / "train.log"
    log.write_text("")
    marker = tmp_path / "written"
    writer = subprocess.Popen([sys.executable, "-c", WRITER, str(CASE), str(log), str(marker)])
    tail = subprocess.Popen(["tail", "-n", "+1", "-f", str(log)], stdout=subprocess.PIPE)
    doc = subprocess.Popen([sys.executable, "-m", "oomdoc", "explain", "-", "--format", "jsonl"],
                           stdin=tail.stdout, stdout=subprocess.PIPE, cwd=tmp_path)
    tail.stdout.close()
    try:
        line = doc.stdout.readline()
        got_at = time.monotonic()
        assert line, "no diagnosis before EOF"
        assert writer.poll() is None, "writer had already finished: not a live diagnosis"
        report = json.loads(line)
        assert report["diagnoses"][0]["cause"] == "gpu-shared-with-other-process"
        assert marker.exists()
        assert got_at - float(marker.read_text()) < 5.0
    finally:
        for p in (doc, tail, writer):
            p.kill()
            p.wait()


def test_closed_downstream_pipe_ends_quietly(tmp_path):
    data = CASE.read_bytes() * 3
    res = subprocess.run(f"{sys.executable} -m oomdoc explain - | head -c 10",
                         shell=True, input=data, capture_output=True, cwd=tmp_path, timeout=60)
    assert b"Traceback" not in res.stderr
