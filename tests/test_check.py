"""`oomdoc check` on incident reports: findings, levels, exit codes, formats, --fix."""
from __future__ import annotations

import gzip
import json
import textwrap
from pathlib import Path

import pytest

from oomdoc.cli import main

ROOT = Path(__file__).resolve().parent.parent
TOKEN = "hf_" + "aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789"   # split: never a real-looking literal in git

LOG = """\
+ python3 -m verl.trainer.main_ppo algorithm.adv_estimator=grpo actor_rollout_ref.actor.fsdp_config.param_offload=False actor_rollout_ref.rollout.name=vllm actor_rollout_ref.rollout.gpu_memory_utilization=0.8 trainer.n_gpus_per_node=8
(WorkerDict pid=89033, ip=10.24.1.15) INFO 04-02 16:22:05 worker.py:267] the current vLLM instance can use total_gpu_memory (79.15GiB) x gpu_memory_utilization (0.80) = 63.32GiB
(WorkerDict pid=89033, ip=10.24.1.15) Traceback (most recent call last):
(WorkerDict pid=89033, ip=10.24.1.15)   File "/opt/verl/verl/workers/sharding_manager/fsdp_vllm.py", line 85, in __enter__
(WorkerDict pid=89033, ip=10.24.1.15)     self.inference_engine.wake_up()
(WorkerDict pid=89033, ip=10.24.1.15)   File "/usr/local/lib/python3.10/dist-packages/vllm/device_allocator/cumem.py", line 76, in create_and_map
(WorkerDict pid=89033, ip=10.24.1.15)     python_create_and_map(*allocation_handle)
(WorkerDict pid=89033, ip=10.24.1.15) RuntimeError: CUDA Error: out of memory at /workspace/csrc/cumem_allocator.cpp:62
"""
EXC_LINE = LOG.splitlines()[-1]

FRONT = """\
---
title: GRPO rollout OOM on vLLM wake-up
date: 2025-04-02
status: resolved
cause: {cause}
framework: verl
---
"""


def report(cause="vllm-gpu-memory-utilization", log=LOG, extra="", front=None):
    fm = FRONT.format(cause=cause) if front is None else front
    return f"{fm}\n# Rollout OOM\n\nIt died.\n\n```text\n{log}```\n{extra}"


@pytest.fixture
def inc(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "incidents").mkdir()

    def write(text, name="r.md"):
        p = tmp_path / "incidents" / name
        p.write_text(text, encoding="utf-8")
        return f"incidents/{name}"
    return write


def run(capsys, *args):
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    return code, out.out, out.err


def lines_of(out, check):
    return [ln for ln in out.splitlines() if f"[{check}]" in ln]


def cause_line(path):
    return next(i for i, ln in enumerate(Path(path).read_text().splitlines(), 1) if ln.startswith("cause:"))


def test_good_report_is_clean(inc, capsys):
    code, out, err = run(capsys, "check", inc(report()))
    assert (code, out, err) == (0, "", "oomdoc: 1 report checked: all clean\n")


def test_missing_cause_is_an_error_with_a_suggestion(inc, capsys):
    p = inc(report(front="---\ntitle: x\nstatus: open\n---\n"))
    code, out, _ = run(capsys, "check", p)
    assert code == 1
    (ln,) = lines_of(out, "cause-missing")
    assert ln.startswith(f"{p}:") and ": error [cause-missing]" in ln
    assert "oomdoc suggests `cause: vllm-gpu-memory-utilization`" in ln


def test_report_without_front_matter_but_with_oom_log_needs_a_cause(inc, capsys):
    code, out, _ = run(capsys, "check", inc(report(front="")))
    assert code == 1 and lines_of(out, "cause-missing")


def test_plain_markdown_without_log_or_front_matter_passes(inc, capsys):
    assert run(capsys, "check", inc("# Incidents\n\nOne file per incident.\n", "README.md"))[0] == 0


def test_disagreeing_cause_is_an_error_on_the_cause_line(inc, capsys):
    p = inc(report(cause="memory-leak"))
    code, out, _ = run(capsys, "check", p)
    assert code == 1
    (ln,) = lines_of(out, "cause-disagrees")
    assert ln.startswith(f"{p}:{cause_line(p)}: error [cause-disagrees] cause 'memory-leak'")
    assert "vllm-gpu-memory-utilization (0." in ln


@pytest.mark.parametrize("override", [
    "<!-- oomdoc: disagree — the pool grew every step (dashboard) -->",
    "oomdoc: disagree - the pool grew every step (dashboard)",
    "oomdoc: disagree -- the pool grew every step (dashboard)",
    "<!--oomdoc:disagree—the pool grew every step (dashboard)-->",
])
def test_override_with_reason_turns_the_failure_into_a_note(inc, capsys, override):
    code, out, _ = run(capsys, "check", inc(report(cause="memory-leak", extra=f"\n{override}\n")))
    assert code == 0
    (ln,) = lines_of(out, "cause-disagrees")
    assert ": note [cause-disagrees]" in ln and "kept by override: the pool grew every step (dashboard)" in ln


def test_override_in_front_matter(inc, capsys):
    fm = FRONT.format(cause="memory-leak").replace("---\n", "", 1)
    fm = "---\n" + fm.replace("---\n", "oomdoc: disagree — growth over 30 steps\n---\n")
    code, out, _ = run(capsys, "check", inc(report(front=fm)))
    assert code == 0 and "kept by override: growth over 30 steps" in out


def test_override_without_reason_is_an_error(inc, capsys):
    code, out, _ = run(capsys, "check", inc(report(cause="memory-leak", extra="\n<!-- oomdoc: disagree -->\n")))
    assert code == 1
    assert lines_of(out, "override-reason") and ": error [cause-disagrees]" in out


def test_override_when_oomdoc_agrees_is_a_note(inc, capsys):
    code, out, _ = run(capsys, "check", inc(report(extra="\noomdoc: disagree — habit\n")))
    assert code == 0 and lines_of(out, "override-unused")


def test_leaked_token_is_reported_masked_by_line(inc, capsys):
    log = LOG.replace("trainer.n_gpus_per_node=8", f"trainer.n_gpus_per_node=8 HF_TOKEN={TOKEN}")
    p = inc(report(log=log))
    code, out, err = run(capsys, "check", p, "--format", "json")
    assert code == 1 and TOKEN not in out + err
    data = json.loads(out)
    (f,) = [f for f in data["findings"] if f["check"] == "secret"]
    text = Path(p).read_text().splitlines()
    assert TOKEN in text[f["line"] - 1]
    assert f["level"] == "error" and "hf_****" in f["message"]


def test_broken_front_matter_points_at_the_yaml_error(inc, capsys):
    p = inc(report(front=FRONT.format(cause="micro-batch-too-large").replace("status: resolved",
                                                                             "status: [resolved")))
    code, out, _ = run(capsys, "check", p)
    assert code == 1
    (ln,) = lines_of(out, "front-matter")
    assert ln.startswith(f"{p}:5: error") and "not valid YAML" in ln
    assert not lines_of(out, "cause-missing")   # no guess about a cause that did not parse


def test_unknown_keys_and_values_warn_with_hints(inc, capsys):
    fm = FRONT.format(cause="vllm-gpu-memory-utilization").replace("status: resolved", "status: resolvd")
    fm = fm.replace("framework: verl", "framework: verl\nhardwre: 8x A100")
    code, out, _ = run(capsys, "check", inc(report(front=fm)))
    assert code == 0
    assert "unknown front-matter key 'hardwre' (did you mean 'hardware'?)" in out
    assert "(did you mean 'resolved'?)" in out and ": warning [front-matter-value]" in out
    assert run(capsys, "check", "--strict", "incidents/r.md")[0] == 1


def test_cause_typo_is_an_error_with_a_hint(inc, capsys):
    code, out, _ = run(capsys, "check", inc(report(cause="vllm-gpu-mem-utilization")))
    assert code == 1 and "did you mean 'vllm-gpu-memory-utilization'" in out


def test_traceback_cut_before_its_exception_line(inc, capsys):
    log = LOG.replace(EXC_LINE + "\n", "")
    p = inc(report(log=log))
    code, out, _ = run(capsys, "check", p)
    assert code == 1
    (ln,) = lines_of(out, "evidence-truncated")
    tb = next(i for i, t in enumerate(Path(p).read_text().splitlines(), 1) if "Traceback" in t)
    assert ln.startswith(f"{p}:{tb}: error") and "never reaches its exception line" in ln


def test_traceback_with_elision_then_exception_is_complete(inc, capsys):
    log = LOG.replace('(WorkerDict pid=89033, ip=10.24.1.15)   File "/usr/local/lib/python3.10/dist-packages/vllm/'
                      'device_allocator', "...\n(WorkerDict pid=89033, ip=10.24.1.15)   File \"/x/vllm/device_allocator")
    assert run(capsys, "check", inc(report(log=log)))[0] == 0


def test_oom_message_cut_before_its_numbers(inc, capsys):
    cut = "[rank0]: torch.OutOfMemoryError: CUDA out of memory.\n"
    p = inc(report(cause="micro-batch-too-large", log=cut))
    code, out, _ = run(capsys, "check", p)
    assert code == 1
    (ln,) = lines_of(out, "evidence-truncated")
    at = Path(p).read_text().splitlines().index(cut.strip()) + 1
    assert "cut before its numbers" in ln and ln.startswith(f"{p}:{at}: error")


def test_blocks_under_a_fix_heading_are_not_evidence(inc, capsys):
    extra = "\n## Fix that worked\n\n```yaml\nactor_rollout_ref:\n  rollout:\n    gpu_memory_utilization: 0.4\n```\n"
    extra += "\n```text\n[rank0]: torch.OutOfMemoryError: CUDA out of memory.\n```\n"
    assert run(capsys, "check", inc(report(extra=extra)))[0] == 0


def test_linked_logs_plain_and_gz_and_missing(inc, capsys, tmp_path):
    logs = tmp_path / "incidents" / "logs"
    logs.mkdir()
    (logs / "a.log").write_text(LOG)
    (logs / "b.log.gz").write_bytes(gzip.compress(LOG.encode()))
    body = FRONT.format(cause="vllm-gpu-memory-utilization") + "\nsee [log](logs/a.log)\n"
    assert run(capsys, "check", inc(body))[0] == 0
    assert run(capsys, "check", inc(body.replace("logs/a.log", "logs/b.log.gz")))[0] == 0
    code, out, _ = run(capsys, "check", inc(body.replace("logs/a.log", "logs/nope.log")))
    assert code == 1 and ":9: error [link-missing]" in out
    code, out, _ = run(capsys, "check", inc(body.replace("cause: vllm-gpu-memory-utilization", "status: open")))
    assert code == 1 and lines_of(out, "cause-missing")


def test_cause_with_no_log_is_a_note(inc, capsys):
    code, out, _ = run(capsys, "check", inc(FRONT.format(cause="memory-leak") + "\nNo log kept.\n"))
    assert code == 0 and lines_of(out, "no-log")


def test_github_format_and_usage_errors(inc, capsys):
    p = inc(report(cause="memory-leak"))
    code, out, _ = run(capsys, "check", "--format", "github", p)
    assert code == 1
    assert out.startswith(f"::error file={p},line={cause_line(p)},title=oomdoc cause-disagrees::cause 'memory-leak'")
    code, out, err = run(capsys, "check", "incidents/missing.md")
    assert code == 2 and out == "" and err.strip() == "oomdoc: incidents/missing.md: no such file or directory"
    code, out, err = run(capsys, "check")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_directory_argument_checks_every_report(inc, capsys):
    inc(report(), "a.md")
    inc(report(cause="memory-leak"), "b.md")
    code, out, _ = run(capsys, "check", "incidents")
    assert code == 1 and out.count("[cause-disagrees]") == 1 and "incidents/b.md" in out


def test_fix_writes_section_masks_secrets_and_is_idempotent(inc, capsys):
    log = LOG.replace("trainer.n_gpus_per_node=8", f"trainer.n_gpus_per_node=8 HF_TOKEN={TOKEN}")
    p = inc(report(log=log))
    before = Path(p).read_text()
    assert run(capsys, "check", p)[0] == 1 and Path(p).read_text() == before   # never modified without --fix
    code, out, _ = run(capsys, "check", "--fix", p)
    after = Path(p).read_text()
    assert code == 1 and lines_of(out, "fixed") and not lines_of(out, "secret")
    assert TOKEN not in after and "HF_TOKEN=hf_****" in after
    section = after[after.index("<!-- oomdoc:diagnosis:start -->"):]
    assert section.rstrip().endswith("<!-- oomdoc:diagnosis:end -->")
    assert "### Out-of-memory diagnosis: vllm-gpu-memory-utilization" in section
    exc = next(i for i, t in enumerate(after.splitlines(), 1)     # evidence cites the exception line,
               if "RuntimeError: CUDA Error: out of memory" in t)  # not the Traceback header
    assert f"| {exc} | `RuntimeError: CUDA Error: out of memory" in section   # report lines, not buffer lines
    assert "/tmp" not in section and "log:" not in section
    assert run(capsys, "check", "--fix", p)[0] == 0 and Path(p).read_text() == after
    assert run(capsys, "check", p) == (0, "", "oomdoc: 1 report checked: all clean\n")


def test_fix_refreshes_a_stale_section_in_place(inc, capsys):
    stale = "\n<!-- oomdoc:diagnosis:start -->\nold text\n<!-- oomdoc:diagnosis:end -->\n\n## Later\n\nmore.\n"
    p = inc(report(extra=stale))
    code, out, _ = run(capsys, "check", p)
    assert code == 0 and lines_of(out, "diagnosis-stale")
    assert run(capsys, "check", "--fix", p)[0] == 1
    after = Path(p).read_text()
    assert "old text" not in after and after.rstrip().endswith("more.") and after.count("diagnosis:start") == 1
    assert run(capsys, "check", "--fix", p)[0] == 0 and Path(p).read_text() == after


def test_unbalanced_markers(inc, capsys):
    code, out, _ = run(capsys, "check", inc(report(extra="\n<!-- oomdoc:diagnosis:start -->\n")))
    assert code == 1 and lines_of(out, "diagnosis-markers")


def test_multiline_private_key_masking_keeps_section_lines_right(inc, capsys):
    key = "-----BEGIN RSA PRIVATE KEY-----\nMIIEow" + "A" * 60 + "\n" + "B" * 64 + "\n-----END RSA PRIVATE KEY-----"
    p = inc(report(extra=f"\n```\n{key}\n```\n").replace("# Rollout OOM", f"# Rollout OOM\n\n```\n{key}\n```"))
    assert run(capsys, "check", "--fix", p)[0] == 1
    after = Path(p).read_text()
    assert "BBBB" not in after
    exc = next(i for i, t in enumerate(after.splitlines(), 1) if "RuntimeError: CUDA Error: out of memory" in t)
    assert f"| {exc} | `RuntimeError" in after
    assert run(capsys, "check", "--fix", p)[0] == 0


def test_examples_pass(capsys):
    reports = sorted(str(p) for p in (ROOT / "examples" / "incidents").glob("*.md"))
    assert len(reports) >= 2
    code, out, err = run(capsys, "check", *reports)
    # a note (diagnosis-stale after a rule change) is fine; errors and warnings are not
    assert code == 0 and not [ln for ln in out.splitlines() if ": error [" in ln or ": warning [" in ln]


def test_examples_name_the_expected_causes(capsys):
    code, out, _ = run(capsys, "check", "--format", "json", "--top", "1", str(ROOT / "examples" / "incidents"))
    assert code == 0 and json.loads(out)["errors"] == 0 and json.loads(out)["reports"] >= 2


def test_new_incident_output_passes_check(inc, capsys, tmp_path):
    log = tmp_path / "train.log"
    log.write_text(textwrap.dedent(LOG).replace("trainer.n_gpus_per_node=8",
                                                f"trainer.n_gpus_per_node=8 HF_TOKEN={TOKEN}"))
    code, out, err = run(capsys, "new-incident", str(log))
    assert code == 0 and err == "" and TOKEN not in out
    assert "cause: vllm-gpu-memory-utilization" in out and "framework: verl" in out
    assert "<!-- oomdoc:diagnosis:start -->" in out and EXC_LINE in out
    p = inc(out, "new.md")
    assert run(capsys, "check", p) == (0, "", "oomdoc: 1 report checked: all clean\n")
    assert run(capsys, "check", "--fix", p)[0] == 0


@pytest.mark.parametrize("case", sorted(p.name for p in (ROOT / "corpus").iterdir() if (p / "expected.yaml").is_file()))
def test_new_incident_on_corpus_cases_passes_check(inc, capsys, case):
    d = ROOT / "corpus" / case
    configs = [str(p) for p in sorted(d.iterdir()) if p.suffix in (".yaml", ".json", ".sh")
               and p.name != "expected.yaml"]
    code, out, _ = run(capsys, "new-incident", str(d / "train.log"), *[a for c in configs for a in ("--config", c)])
    assert code == 0
    assert "oomdoc: disagree" not in out    # the excerpt reproduces the whole log's cause
    code, out2, _ = run(capsys, "check", inc(out, "n.md"))
    assert code == 0 and ": warning [" not in out2, out2


def test_new_incident_keeps_a_trend_visible_in_a_long_log(inc, capsys, tmp_path):
    """A cause read from a metric trend over 400 steps: the excerpt keeps a spread of the
    metric lines, so the report alone still shows the trend (and passes check)."""
    lines = ["+ python3 -m verl.trainer.main data.max_response_length=8192"]
    for step in range(1, 401):
        lines += [f"(WorkerDict pid={300 + i}) INFO scheduler: Running: {i * 7 + step % 13} reqs" for i in range(4)]
        mean = 300 + step * 4 + (step * 37) % 41 - 20
        lines.append(f"(TaskRunner pid=9) step:{step} - response_length/mean:{mean} - "
                     f"response_length/max:{min(8192, mean * 3)} - perf/max_memory_allocated_gb:{50 + step * 0.05:.2f}")
    lines += ["(WorkerDict pid=300) Traceback (most recent call last):",
              '(WorkerDict pid=300)   File "verl/workers/fsdp_workers.py", line 580, in update_actor',
              "(WorkerDict pid=300) torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 9.28 GiB. "
              "GPU 0 has a total capacity of 79.15 GiB of which 6.12 GiB is free. Including non-PyTorch memory, "
              "this process has 73.0 GiB memory in use. Of the allocated memory 68.4 GiB is allocated by PyTorch, "
              "and 3.2 GiB is reserved by PyTorch but unallocated."]
    log = tmp_path / "train.log"
    log.write_text("\n".join(lines) + "\n")
    code, out, _ = run(capsys, "new-incident", str(log))
    assert code == 0 and "cause: response-length-blowup" in out and "oomdoc: disagree" not in out
    assert 25 <= out.count("step:") < 100          # a spread of the trend, not the whole log
    assert run(capsys, "check", inc(out, "trend.md"))[0] == 0


def test_new_incident_usage_errors(capsys, tmp_path):
    code, out, err = run(capsys, "new-incident", str(tmp_path / "none.log"))
    assert code == 2 and out == "" and "no such file" in err


def test_fix_keeps_crlf_line_endings_and_is_idempotent(inc, capsys):
    p = inc("x")
    Path(p).write_bytes(report().replace("\n", "\r\n").encode())
    assert run(capsys, "check", "--fix", p)[0] == 1
    data = Path(p).read_bytes()
    assert b"<!-- oomdoc:diagnosis:start -->\r\n" in data and data.count(b"\n") == data.count(b"\r\n")
    assert run(capsys, "check", "--fix", p)[0] == 0 and Path(p).read_bytes() == data


def test_git_lfs_pointer_is_not_read_as_a_log(inc, capsys, tmp_path):
    (tmp_path / "incidents" / "big.log").write_text(
        "version https://git-lfs.github.com/spec/v1\noid sha256:" + "0" * 64 + "\nsize 123456789\n")
    code, out, _ = run(capsys, "check", inc(FRONT.format(cause="memory-leak") + "\n[log](big.log)\n"))
    assert code == 0 and ": warning [log-unreadable]" in out and "Git LFS pointer" in out


def test_traceback_pasted_as_python_is_evidence(inc, capsys):
    p = inc(report(cause="memory-leak").replace("```text", "```python"))
    code, out, _ = run(capsys, "check", p)
    assert code == 1 and lines_of(out, "cause-disagrees")
    code, out, _ = run(capsys, "check", inc(FRONT.format(cause="memory-leak") + "\n```python\nimport torch\n```\n"))
    assert code == 0 and lines_of(out, "no-log")


def test_oom_message_cut_before_its_breakdown_is_a_warning(inc, capsys):
    cut = ("[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 98.00 MiB. GPU 0 has a total "
           "capacity of 21.99 GiB of which 33.44 MiB is free.\n")
    code, out, _ = run(capsys, "check", inc(report(cause="unknown", log=cut)))
    (ln,) = lines_of(out, "evidence-truncated")
    assert ": warning [evidence-truncated]" in ln and "cut before its breakdown" in ln
    assert code == 0    # request and capacity are there: diagnosable, so not an error


def test_log_ends_here_flag_turns_a_cut_traceback_into_a_note(inc, capsys):
    log = LOG.replace(EXC_LINE + "\n", "")
    code, out, _ = run(capsys, "check", inc(report(log=log, cause="unknown").replace("```text", "```text log-ends-here")))
    assert ": note [evidence-truncated]" in out and ": error [evidence-truncated]" not in out
