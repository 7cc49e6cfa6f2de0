"""Pictures of the trend that led to the failure: a sparkline in text, a Mermaid chart in
Markdown, inline SVG in a self-contained HTML page — the same series in all three."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LEAK = "memory-leak-megatron-allocated-growth-cuda-oom"
LEAK_LOG = f"corpus/{LEAK}/train.log"
EXAMPLE_LOG = "corpus/response-length-blowup-verl-v04-grpo-h200/train.log"
REPORTS = ROOT / "examples" / "reports"


def oomdoc(*args) -> subprocess.CompletedProcess:
    e = {k: v for k, v in os.environ.items() if k != "FORCE_COLOR"}
    e["NO_COLOR"] = "1"
    return subprocess.run([sys.executable, "-m", "oomdoc", *args], capture_output=True, text=True, cwd=ROOT,
                          env=e, timeout=120, stdin=subprocess.DEVNULL)


def test_text_sparkline_with_first_peak_last_and_the_crossing():
    out = oomdoc("explain", "--example", LEAK).stdout
    line = next(ln for ln in out.splitlines() if ln.lstrip().startswith("GPU memory reserved (peak per step)"))
    spark = re.search(r"[▁▂▃▄▅▆▇█]{8,}", line).group(0)
    assert spark[0] == "▁" and spark[-1] == "█"                   # it climbed to its peak at the end
    assert ("first 46.50 GiB, peak 76.83 GiB at step 1600, last 76.83 GiB, "
            "crossed 90% of the GPU's 79.14 GiB at step 1400") in line
    assert "GPU memory allocated (peak per step)" in out


def test_no_trend_when_nothing_climbed():
    out = oomdoc("explain", "--example", "vllm-gpu-memory-utilization-trl-colocate").stdout
    assert "trend" not in out and "▁" not in out


def test_a_series_that_rises_and_falls_is_not_a_trend():
    from oomdoc.render.trends import _climbed

    assert _climbed([1, 2, 3, 4, 5, 6, 7, 8])
    assert not _climbed([1, 8, 8, 2, 9, 8, 2, 3])              # per-phase reports, back down at the end
    assert not _climbed([5, 5, 5, 5, 5, 5])


def test_markdown_embeds_a_mermaid_xychart_with_the_line():
    md = oomdoc("explain", "--example", LEAK, "--format", "markdown").stdout
    blocks = re.findall(r"```mermaid\n(.*?)```", md, re.S)
    assert len(blocks) == 2
    b = blocks[0]
    assert b.startswith("xychart-beta\n") and 'title "GPU memory reserved (peak per step)"' in b
    xs = re.search(r'x-axis "step" \[(.*?)\]', b).group(1).split(", ")
    assert xs[0] == "10" and xs[-1] == "1600" and len(xs) == len(set(xs))      # one point per step
    series, line = re.findall(r"line \[(.*?)\]", b)
    assert series.split(", ")[0] == "46.5" and series.split(", ")[-1] == "76.83"
    assert set(line.split(", ")) == {"71.23"}                 # 90 % of 79.14 GiB, in GiB
    assert "crossed 90% of the GPU's 79.14 GiB at step 1400" in md


def test_html_is_one_self_contained_page():
    r = oomdoc("explain", "--example", LEAK, "--format", "html")
    page = r.stdout
    assert r.returncode == 0 and page.startswith("<!doctype html>")
    for banned in ("http://", "https://", "<script", "src=", "@import", "url("):
        assert banned not in page, banned                     # nothing fetched when it is viewed
    assert page.count("<svg") == 2 and "<polyline" in page and 'stroke-dasharray' in page
    assert "memory-leak" in page and "Memory rose step after step until it failed" in page
    assert re.search(r'<td class="ln">line 227 \(210-227\)</td><td class="tx">torch.OutOfMemoryError', page)
    assert "crossed 90% of the GPU&#x27;s 79.14 GiB at step 1400" in page
    page = oomdoc("explain", EXAMPLE_LOG, "--format", "html").stdout    # a case with fixes
    assert "<h2>Fixes" in page and "<li><code>+actor_rollout_ref.actor.use_dynamic_bsz=True</code>" in page
    assert page.count("<svg") == 3


def test_html_masks_and_escapes_echoed_text(tmp_path):
    log = tmp_path / "t.log"
    log.write_text("export HF_TOKEN=hf_abcdefghijklmnopqrstuvwxyzABCDEFGH\n<script>alert(1)</script>\n"
                   "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
                   "capacity of 79.15 GiB of which 1.00 GiB is free. <b>x</b>\n")
    page = oomdoc("explain", str(log), "--format", "html").stdout
    assert "hf_abcdefghijklmnop" not in page and "<script>" not in page and "<b>x</b>" not in page


def test_html_from_a_pipe_is_one_page_for_the_whole_stream():
    data = (ROOT / LEAK_LOG).read_bytes()
    p = subprocess.run([sys.executable, "-m", "oomdoc", "explain", "-", "--format", "html"], input=data,
                       capture_output=True, cwd=ROOT, timeout=120)
    page = p.stdout.decode()
    assert p.returncode == 0 and page.count("<!doctype html>") == 1 and page.count("<svg") == 2
    assert "log <code>&lt;stdin&gt;</code>" in page and "memory-leak" in page


def test_committed_example_reports_are_current():
    """examples/reports/ is what `oomdoc explain EXAMPLE_LOG --format html|markdown` prints now
    (regenerate: see examples/reports/README.md)."""
    for fmt, ext in (("html", "html"), ("markdown", "md")):
        fresh = oomdoc("explain", EXAMPLE_LOG, "--format", fmt).stdout
        committed = (REPORTS / f"response-length-blowup-verl.{ext}").read_text(encoding="utf-8")
        assert fresh == committed, f"examples/reports/response-length-blowup-verl.{ext} is stale"
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "examples/reports/response-length-blowup-verl.html" in readme


def test_readme_sparkline_is_what_oomdoc_prints():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    out = oomdoc("explain", EXAMPLE_LOG).stdout
    trend_lines = [ln for ln in out.splitlines() if re.search(r"[▁▂▃▄▅▆▇█]{8,}", ln)]
    assert len(trend_lines) == 3
    for ln in trend_lines:
        assert ln in readme, ln
