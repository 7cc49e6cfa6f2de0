"""watch, check, rules and the small things, through the real CLI."""
from __future__ import annotations

import gzip
import os
import pty
import re
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LOG = ROOT / "corpus" / "micro-batch-too-large-verl-v04-update-actor" / "train.log"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def oomdoc(*args, env=None, cwd=ROOT, timeout=120) -> subprocess.CompletedProcess:
    e = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR", "TERM")}
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "oomdoc", *args], capture_output=True, text=True, cwd=cwd,
                          env=e, timeout=timeout, stdin=subprocess.DEVNULL)


def one_line_error(r, *words):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr
    for w in words:
        assert w in r.stderr, r.stderr


def on_a_terminal(args, *, stream: str, env=None, until: str, deadline: float = 60.0) -> str:
    """Run with stdout or stderr on a pseudo-terminal; return what it printed there once `until`
    appears (or the deadline passes), then stop the process."""
    master, slave = pty.openpty()
    e = {k: v for k, v in os.environ.items() if k not in ("FORCE_COLOR", "NO_COLOR", "TERM")}
    e.update(env or {})
    kw = {"stdout": slave, "stderr": subprocess.PIPE} if stream == "stdout" else \
        {"stderr": slave, "stdout": subprocess.DEVNULL}
    p = subprocess.Popen([sys.executable, "-m", "oomdoc", *args], cwd=ROOT, env=e, stdin=subprocess.DEVNULL,
                         start_new_session=True, **kw)
    os.close(slave)
    got = b""
    end = time.monotonic() + deadline
    try:
        while until.encode() not in got and time.monotonic() < end:
            ready, _, _ = select.select([master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                got += chunk
            elif p.poll() is not None:
                break
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGINT)
        try:
            p.wait(timeout=30)
        except subprocess.TimeoutExpired:   # never leave a watcher behind (seen on a loaded machine)
            os.killpg(p.pid, signal.SIGKILL)
            p.wait(timeout=30)
        os.close(master)
    return got.decode("utf-8", "replace")


# -- watch ------------------------------------------------------------------------------

def test_watch_refuses_what_explain_refuses(tmp_path):
    one_line_error(oomdoc("watch", str(tmp_path / "nope" / "train.log")), "no such directory")
    one_line_error(oomdoc("watch", str(tmp_path)), "is a directory")
    (tmp_path / "blob.log").write_bytes(os.urandom(100_000))
    one_line_error(oomdoc("watch", str(tmp_path / "blob.log")), "binary")
    (tmp_path / "run.log.gz").write_bytes(gzip.compress(LOG.read_bytes()))
    one_line_error(oomdoc("watch", str(tmp_path / "run.log.gz")), "gzip", "oomdoc explain")
    one_line_error(oomdoc("watch", str(tmp_path / "x.log"), "--flush-after", "-1"), "--flush-after")


def test_watch_says_what_it_does_on_a_terminal(tmp_path):
    log = tmp_path / "train.log"
    log.write_text("step 1\n")
    msg = f"watching {log} from the end; --from-start to read it all"
    assert msg in on_a_terminal(["watch", str(log)], stream="stderr", until=msg)
    later = tmp_path / "later.log"
    msg = f"waiting for {later} to appear"
    assert msg in on_a_terminal(["watch", str(later)], stream="stderr", until=msg)


# -- check ------------------------------------------------------------------------------

def test_check_always_ends_with_a_summary(tmp_path):
    r = oomdoc("check", str(tmp_path))
    assert r.returncode == 0 and r.stdout == ""
    assert r.stderr == f"oomdoc: no incident reports (*.md) found in {tmp_path}; nothing to check\n"
    r = oomdoc("check", "examples/incidents")
    assert r.returncode == 0 and r.stdout == ""
    assert r.stderr == "oomdoc: 2 reports checked: all clean\n"


# -- rules ------------------------------------------------------------------------------

def test_rules_show_a_cause_lists_its_rules():
    r = oomdoc("rules", "show", "vllm-gpu-memory-utilization")
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("cause vllm-gpu-memory-utilization: ")
    listed = oomdoc("rules", "list").stdout.splitlines()
    mine = {ln.split()[0] for ln in listed if len(ln.split()) > 1 and ln.split()[1] == "vllm-gpu-memory-utilization"}
    assert mine and all(f"  {rid} " in r.stdout for rid in mine)
    one_line_error(oomdoc("rules", "show", "vllm-gpu-memory-utilisation"), "did you mean 'vllm-gpu-memory-utilization'")


def columns(lines: list[str], n: int) -> set[tuple[int, ...]]:
    """Start offsets of the first `n` columns (separated by 2+ spaces) of each line."""
    out = set()
    for ln in lines:
        starts = [0] + [m.end() for m in re.finditer(r" {2,}", ln)]
        out.add(tuple(starts[:n]))
    return out


def test_rules_list_and_examples_are_aligned_columns():
    rows = [ln for ln in oomdoc("rules", "list").stdout.splitlines() if ln and not ln[0].isdigit()]
    assert len(rows) > 10 and len(columns(rows, 4)) == 1
    rows = [ln for ln in oomdoc("examples").stdout.splitlines() if ln and not ln[0].isdigit()]
    assert len(rows) > 10 and len(columns(rows, 3)) == 1


def test_rule_errors_carry_file_and_line(tmp_path):
    rules = tmp_path / "team"
    rules.mkdir()
    (rules / "bad.yaml").write_text("id: team-bad\ncause: micro-batch-too-large\ntitle: t\nwhat: w\nwhy: y\n"
                                    "when:\n  all:\n    - event: gpu_oom\n      weight: 2.5\n")
    (rules / "broken.yaml").write_text("id: x\n  bad: [\n")
    r = oomdoc("rules", "check", str(rules))
    assert r.returncode == 1
    assert f"{rules / 'bad.yaml'}:9: rule 'team-bad': when.all.0.weight:" in r.stdout
    assert f"{rules / 'broken.yaml'}:2: broken YAML" in r.stdout
    r = oomdoc("explain", str(LOG), "--rules", str(rules))
    assert r.returncode == 2 and f"oomdoc: {rules / 'bad.yaml'}:9: rule 'team-bad'" in r.stderr


def test_the_documented_rule_example_passes_rules_check(tmp_path):
    doc = (ROOT / "docs" / "writing-rules.md").read_text(encoding="utf-8")
    section = doc[doc.index("## A complete rule"):doc.index("## Top-level keys")]
    rule = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    (tmp_path / "eval-batch.yaml").write_text(rule)
    r = oomdoc("rules", "check", str(tmp_path))
    assert r.returncode == 0 and "1 valid rules, 0 problems" in r.stdout, r.stdout
    from oomdoc.rules_engine.helpers import FREES_HELPERS, VALUE_HELPERS
    from oomdoc.rules_engine.schema import Condition, Fix, Rule

    for model in (Rule, Condition, Fix):                   # every key a rule file may use is documented
        for name, field in model.model_fields.items():
            key = field.alias or name.rstrip("_")
            assert f"`{key}" in doc, f"{model.__name__}.{key} is not in docs/writing-rules.md"
    for helper in [*VALUE_HELPERS, *FREES_HELPERS]:
        assert f"`{helper}`" in doc, helper


# -- explain's options ------------------------------------------------------------------

@pytest.mark.parametrize("verb", ["explain", "config", "new-incident", "watch"])
def test_config_that_is_a_directory_or_binary(tmp_path, verb):
    one_line_error(oomdoc(verb, str(LOG), "--config", str(tmp_path)), f"{tmp_path}: is a directory")
    (tmp_path / "run.yaml").write_bytes(os.urandom(50_000))
    one_line_error(oomdoc(verb, str(LOG), "--config", str(tmp_path / "run.yaml")), "run.yaml", "binary")
    one_line_error(oomdoc(verb, str(LOG), "--config", str(tmp_path / "missing.yaml")), "no such config file")


def test_flush_after_must_not_be_negative():
    one_line_error(oomdoc("explain", "-", "--flush-after", "-1"), "--flush-after")


def test_example_and_a_file_conflict():
    one_line_error(oomdoc("explain", "--example", "seed-001-orz-vllm-utilization", str(LOG)),
                   "either a log FILE or --example")


def test_version():
    from oomdoc import __version__

    for flag in ("--version", "-V"):
        r = oomdoc(flag)
        assert (r.returncode, r.stdout) == (0, f"oomdoc {__version__}\n")


def test_a_mistyped_command_gets_did_you_mean():
    one_line_error(oomdoc("explian", str(LOG)), "did you mean `explain`?")
    one_line_error(oomdoc("frobnicate"), "no such command `frobnicate`")


def complete(words: str) -> list[str]:
    env = {"_OOMDOC_COMPLETE": "bash_complete", "COMP_WORDS": words, "COMP_CWORD": str(len(words.split()) - 1)}
    r = oomdoc(env=env)
    assert r.returncode == 0, r.stderr
    return [ln.split(",", 1)[1] for ln in r.stdout.splitlines() if "," in ln]


def test_shell_completion_of_commands_examples_and_rules():
    assert complete("oomdoc expl") == ["explain"]
    got = complete("oomdoc explain --example micro-batch-too-large-verl")
    assert got and all(g.startswith("micro-batch-too-large-verl") for g in got)
    assert "micro-batch-too-large-verl-v04-update-actor" in got
    got = complete("oomdoc rules show vllm-free")
    assert got == ["vllm-free-memory-at-startup"]
    assert "completion" in (ROOT / "README.md").read_text().lower()


def test_colour_follows_force_color_and_term_dumb():
    assert ANSI.search(oomdoc("explain", str(LOG), env={"FORCE_COLOR": "1"}).stdout)   # forced in a pipe
    assert not ANSI.search(oomdoc("explain", str(LOG)).stdout)                          # a pipe: plain
    assert not ANSI.search(oomdoc("explain", str(LOG), env={"FORCE_COLOR": "1", "NO_COLOR": "1"}).stdout)
    tty = on_a_terminal(["explain", str(LOG)], stream="stdout", until="also possible")
    assert ANSI.search(tty)                                                             # a terminal: colour
    dumb = on_a_terminal(["explain", str(LOG)], stream="stdout", env={"TERM": "dumb"}, until="also possible")
    assert "cause:" in dumb and not ANSI.search(dumb)


@pytest.mark.parametrize("args", [["examples"], ["rules", "list"]])
def test_output_into_head_exits_0(args):
    p = subprocess.Popen([sys.executable, "-m", "oomdoc", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         cwd=ROOT, stdin=subprocess.DEVNULL)
    p.stdout.readline()                                   # `| head -1`: read a line, then close the pipe
    p.stdout.close()
    rc = p.wait(timeout=60)
    err = p.stderr.read().decode()
    assert rc == 0 and err == "", (rc, err)
