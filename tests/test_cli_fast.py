"""The click-free path of `oomdoc explain FILE ...` (issue 12) prints exactly what
click's path prints, with the same exit status, and hands every other line to click."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from oomdoc.cli import main
from oomdoc.commands import facts_core
from oomdoc.commands.explain_core import fast_args

ROOT = Path(__file__).resolve().parent.parent
CASES = sorted(p for p in (ROOT / "corpus").iterdir() if (p / "train.log").is_file())
CONFIG_SUFFIXES = (".yaml", ".yml", ".json", ".sh", ".toml")


def _args(case: Path, *options: str) -> list[str]:
    args = ["explain", str(case / "train.log"), *options]
    for p in sorted(case.iterdir()):
        if p.suffix in CONFIG_SUFFIXES and p.name != "expected.yaml":
            args += ["--config", str(p)]
    return args


def _both(capsys, args):
    out = []
    for fast in (True, False):
        try:
            rc = main(args, fast=fast)
        except SystemExit as exc:
            rc = exc.code
        got = capsys.readouterr()
        out.append((rc, got.out, got.err))
    return out


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_fast_path_prints_what_click_prints_on_every_corpus_case(case, capsys, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    for fmt in ("text", "json", "markdown"):
        args = _args(case, "--format", fmt)
        assert fast_args(args) is not None
        fast, slow = _both(capsys, args)
        assert fast == slow, f"{case.name} --format {fmt}"
        assert fast[0] == 0 and fast[1]


def test_colour_and_options_match(capsys, monkeypatch):
    case = ROOT / "corpus" / "seed-001-orz-vllm-utilization"
    monkeypatch.setenv("FORCE_COLOR", "1")
    for options in ([], ["--top", "1"], ["-q"], ["--format=jsonl"], ["--format", "html"]):
        args = _args(case, *options)
        assert fast_args(args) is not None
        fast, slow = _both(capsys, args)
        assert fast == slow, options
        assert fast[0] == 0
        if not options:
            assert "\033[" in fast[1]     # FORCE_COLOR: the text is coloured on both paths


def test_input_errors_match(tmp_path, capsys):
    empty = tmp_path / "empty.log"
    empty.write_bytes(b"")
    binary = tmp_path / "cfg.yaml"
    binary.write_bytes(bytes(range(256)) * 8)
    log = ROOT / "corpus" / "seed-001-orz-vllm-utilization" / "train.log"
    for args in (["explain", str(tmp_path / "missing.log")], ["explain", str(tmp_path)], ["explain", str(empty)],
                 ["explain", str(log), "--config", str(binary)],
                 ["explain", str(log), "--config", str(tmp_path / "missing.yaml")],
                 ["explain", str(log), "--rules", str(tmp_path / "no-rules")]):
        assert fast_args(args) is not None
        fast, slow = _both(capsys, args)
        assert fast == slow, args
        assert fast[0] == 2 or args[-2] == "--rules", args
        assert fast[2].startswith("oomdoc: ") and fast[2].count("\n") == 1, fast[2]


@pytest.mark.parametrize("args", [
    ["explain"], ["explain", "-"], ["explain", "--example", "x"], ["explain", "a.log", "--help"],
    ["explain", "a.log", "b.log"], ["explain", "a.log", "--format", "xml"], ["explain", "a.log", "--format"],
    ["explain", "a.log", "--top", "0"], ["explain", "a.log", "--top", "x"], ["explain", "a.log", "--config", "-q"],
    ["explain", "a.log", "--format", "json", "--format", "text"], ["explain", "a.log", "--exit-on-oom"],
    ["explain", "a.log", "--"], ["explain", ""], ["facts", "a.log"], ["--version"], [],
])
def test_anything_unusual_goes_to_click(args):
    assert fast_args(args) is None


def test_fast_path_reads_every_form_of_its_options():
    got = fast_args(["explain", "--format=json", "a.log", "--config", "x.sh", "--config=y.yaml",
                     "--rules", "r/", "--top", "3", "--quiet"])
    assert got == {"log": "a.log", "configs": ["x.sh", "y.yaml"], "rules_dirs": ["r/"], "fmt": "json",
                   "top": 3, "quiet": True}


# -- `facts FILE [--format text|json] [-q]` has a click-free path too --------------------

@pytest.mark.parametrize("case", CASES[::4], ids=lambda p: p.name)
def test_facts_fast_path_prints_what_click_prints(case, capsys):
    for options in (["--format", "json"], [], ["--format=text", "-q"]):
        args = ["facts", str(case / "train.log"), *options]
        assert facts_core.fast_args(args) is not None
        fast, slow = _both(capsys, args)
        assert fast == slow, (case.name, options)
        assert fast[0] == 0 and fast[1]


def test_facts_input_errors_match(tmp_path, capsys):
    empty = tmp_path / "empty.log"
    empty.write_bytes(b"")
    binary = tmp_path / "model.bin"
    binary.write_bytes(bytes(range(256)) * 8)
    for args in (["facts", str(tmp_path / "missing.log")], ["facts", str(tmp_path)], ["facts", str(empty)],
                 ["facts", str(binary), "--format", "json"]):
        assert facts_core.fast_args(args) is not None
        fast, slow = _both(capsys, args)
        assert fast == slow, args
        assert fast[0] == 2 and fast[2].startswith("oomdoc: ") and fast[2].count("\n") == 1, fast


@pytest.mark.parametrize("args", [
    ["facts"], ["facts", "-"], ["facts", "a.log", "--help"], ["facts", "a.log", "b.log"],
    ["facts", "a.log", "--format", "markdown"], ["facts", "a.log", "--format"], ["facts", "--format", "json"],
    ["facts", "a.log", "--format", "json", "--format", "text"], ["facts", "a.log", "--"], ["facts", ""],
    ["explain", "a.log"], ["scan", "a.log"],
])
def test_anything_unusual_in_facts_goes_to_click(args):
    assert facts_core.fast_args(args) is None


def test_facts_fast_path_reads_every_form_of_its_options():
    assert facts_core.fast_args(["facts", "--format=json", "a.log", "--quiet"]) == \
        {"log": "a.log", "fmt": "json", "quiet": True}
    assert facts_core.fast_args(["facts", "-q", "a.log", "--format", "text"]) == \
        {"log": "a.log", "fmt": "text", "quiet": True}


# What a warm run of the fast path must not import (issue 12): each costs milliseconds.
NOT_ON_THE_FAST_PATH = ("click", "pydantic", "yaml", "rapidfuzz", "dataclasses", "inspect", "typing", "pathlib",
                        "json", "shlex", "re", "select", "zlib")


def test_a_warm_explain_imports_nothing_it_does_not_need(tmp_path):
    """The start-up budget of issue 12: with warm caches a plain run never imports
    click, the validation stack, dataclasses, typing, pathlib, a JSON codec (the caches
    are marshal files), shlex (no command line in this log), `re` (patterns come from
    re_cache), select (live mode only) or zlib (.gz input only); nor does `--format json`
    (its text is written by `render.json_text`, not by json, which imports re)."""
    log = ROOT / "corpus" / "seed-001-orz-vllm-utilization" / "train.log"
    # Modules the interpreter had before oomdoc ran do not count: a site's .pth file may
    # import typing or pathlib at start-up (the CI machine's does).
    code = ("import sys\nbefore = set(sys.modules)\nfrom oomdoc.cli import main\n"
            "rc = main(['explain', *sys.argv[1:]])\n"
            f"print(rc, sorted(m for m in {NOT_ON_THE_FAST_PATH!r} if m in sys.modules and m not in before))")
    env = dict(os.environ, NO_COLOR="1", OOMDOC_CACHE_DIR=str(tmp_path))
    for fmt in ("text", "json"):
        runs = [subprocess.run([sys.executable, "-c", code, str(log), "--format", fmt], capture_output=True,
                               text=True, env=env, timeout=120).stdout.splitlines()[-1] for _ in range(2)]
        assert runs[1] == "0 []", (fmt, runs)   # the first run fills the caches (and may import what that needs)


def test_a_json_config_file_is_read_without_yaml_or_typing(tmp_path):
    """`--config ds_config.json` (DeepSpeed's configs are JSON) reads it with the bounded JSON
    loader (`safe_json`): PyYAML and typing cost ~10 ms and a JSON file needs neither."""
    log = ROOT / "corpus" / "seed-001-orz-vllm-utilization" / "train.log"
    cfg = tmp_path / "ds_config.json"
    cfg.write_text('{"zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu"}},'
                   ' "train_micro_batch_size_per_gpu": 4}')
    code = ("import sys\nbefore = set(sys.modules)\nfrom oomdoc.cli import main\n"
            "rc = main(['explain', sys.argv[1], '--config', sys.argv[2]])\n"
            "print(rc, sorted(m for m in ('yaml', 'typing', 'oomdoc.safe_yaml') if m in sys.modules and m not in before))")
    env = dict(os.environ, NO_COLOR="1", OOMDOC_CACHE_DIR=str(tmp_path / "cache"))
    runs = [subprocess.run([sys.executable, "-c", code, str(log), str(cfg)], capture_output=True, text=True, env=env,
                           timeout=120) for _ in range(2)]
    assert "ds_config.json" in runs[1].stdout, runs[1].stdout[-800:]     # the file was read and cited
    assert runs[1].stdout.splitlines()[-1] == "0 []", [r.stdout.splitlines()[-1:] for r in runs]


def test_an_unknown_key_gets_its_did_you_mean_and_rapidfuzz_only_when_a_key_is_two_edits_away(tmp_path):
    """The near-miss warning needs a known key within two edits: a key the letter counts let
    through but that is three edits from every known one imports no rapidfuzz (nor typing, re)."""
    log = ROOT / "corpus" / "allocator-fragmentation-verl-cuda-graph-pool-counted-in" / "train.log"
    code = ("import sys, io\nbefore = set(sys.modules)\nfrom oomdoc.cli import main\n"
            "real = sys.stdout; sys.stdout = io.StringIO()\n"
            "rc = main(['explain', sys.argv[1], '--config', sys.argv[2], '--format', 'json'])\n"
            "out = sys.stdout.getvalue(); sys.stdout = real\n"
            "print([w for w in __import__('json').loads(out)['warnings'] if 'did you mean' in w])\n"
            "print(sorted(m for m in ('rapidfuzz', 'typing') if m in sys.modules and m not in before))")
    env = dict(os.environ, NO_COLOR="1", OOMDOC_CACHE_DIR=str(tmp_path / "cache"))
    got = {}
    for name, key in (("typo", "ppo_micro_batch_size_per_gp"), ("other", "ppo_micro_batch_size_gpu_per")):
        script = tmp_path / f"{name}.sh"
        script.write_text(f"python3 -m verl.trainer.main_ppo actor_rollout_ref.actor.{key}=8\n")
        for _ in range(2):
            out = subprocess.run([sys.executable, "-c", code, str(log), str(script)], capture_output=True, text=True,
                                 env=env, timeout=120)
        got[name] = out.stdout.splitlines()[-2:]
    assert "did you mean 'actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu'" in got["typo"][0], got
    # rapidfuzz is imported for it (typing with it, unless the interpreter's site had loaded it)
    assert got["typo"][1] in ("['rapidfuzz', 'typing']", "['rapidfuzz']"), got
    assert got["other"] == ["[]", "[]"], got


def test_a_warm_run_that_compares_with_the_corpus_reads_it_without_pathlib_json_or_zlib(tmp_path):
    """No rule is confident about this case, so its closest corpus cases are computed: with a
    warm cache that is one stat per case file and one marshal file (rapidfuzz, and the typing
    and re it imports, are what comparing costs)."""
    log = ROOT / "corpus" / "host-ram-pressure-nccl-dev-shm-segment-container" / "train.log"
    if not log.is_file():
        pytest.skip("corpus case gone")
    code = ("import sys\nbefore = set(sys.modules)\nfrom oomdoc.cli import main\n"
            "rc = main(['explain', sys.argv[1], '--format', 'json'])\n"
            "print(rc, sorted(m for m in ('pathlib', 'json', 'zlib', 'yaml') if m in sys.modules and m not in before))")
    env = dict(os.environ, NO_COLOR="1", OOMDOC_CACHE_DIR=str(tmp_path))
    runs = [subprocess.run([sys.executable, "-c", code, str(log)], capture_output=True, text=True, env=env,
                           timeout=120) for _ in range(2)]
    assert '"similar_cases": [\n    {' in runs[1].stdout, runs[1].stdout[-600:]
    assert runs[1].stdout.splitlines()[-1] == "0 []", [r.stdout.splitlines()[-1] for r in runs]


def _oomdoc(args, env, **kw):
    return subprocess.run([sys.executable, "-m", "oomdoc", *args], capture_output=True, env=env, timeout=120, **kw)


def test_the_fast_exit_keeps_output_exit_status_and_caches(tmp_path):
    """`entry` skips the interpreter's teardown after the fast path: output flushed,
    exit status kept, exit handlers run (the regex cache is written), a closed pipe quiet."""
    env = dict(os.environ, NO_COLOR="1", OOMDOC_CACHE_DIR=str(tmp_path / "cache"))
    log = str(ROOT / "corpus" / "seed-001-orz-vllm-utilization" / "train.log")
    fast = _oomdoc(["explain", log, "--format", "json"], env)
    slow = subprocess.run([sys.executable, "-c", "import sys; from oomdoc.cli import main; "
                           "sys.exit(main(sys.argv[1:], fast=False))", "explain", log, "--format", "json"],
                          capture_output=True, env=env, timeout=120)
    assert (fast.returncode, fast.stdout, fast.stderr) == (slow.returncode, slow.stdout, slow.stderr)
    assert fast.returncode == 0 and fast.stdout.rstrip().endswith(b"}")
    assert [p.name for p in (tmp_path / "cache").glob("regex-*.marshal")], "exit handlers ran"
    missing = _oomdoc(["explain", str(tmp_path / "missing.log")], env)
    assert missing.returncode == 2 and missing.stderr.decode().startswith("oomdoc: ")
    head = subprocess.run(f"{sys.executable} -m oomdoc explain {log} | head -c 10", shell=True,
                          capture_output=True, env=env, timeout=120)
    assert head.stdout == b"oomdoc: " + log.encode()[:2] and b"Traceback" not in head.stderr
