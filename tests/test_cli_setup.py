"""The README's set-up works as written: the first command (a virtual environment,
PEP 668-proof) and the pre-commit snippet, through the real `pre-commit` on a fresh
`git clone` of the repository."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")

if shutil.which("git") is None:
    pytest.skip("git is needed", allow_module_level=True)


def git(cwd, *args) -> str:
    return subprocess.run(["git", "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false",
                           *args], cwd=cwd, check=True, capture_output=True, text=True).stdout


def checkout_copy(dst: Path) -> Path:
    """The checkout as it is (committed or not), as a repository whose branch is `main`."""
    names = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           check=True, capture_output=True).stdout.decode().split("\0")
    for n in filter(None, names):
        src = ROOT / n
        if src.is_file():
            (dst / n).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst / n)
    git(dst, "init", "-q", "-b", "main")
    git(dst, "add", "-A")
    git(dst, "commit", "-qm", "oomdoc")
    return dst


def first_setup_command() -> str:
    section = README[README.index("## Set-up"):README.index("## Use")]
    return re.search(r"```sh\n(.*?)\n", section).group(1)


def test_readme_first_command_uses_a_virtual_environment():
    cmd = first_setup_command()
    assert cmd.startswith("python3 -m venv ") and cmd.index("venv") < cmd.index("pip install")
    assert "--break-system-packages" not in README and "pip install --user" not in README


def test_readme_first_command_runs_as_written(tmp_path):
    src = checkout_copy(tmp_path / "oomdoc")
    env = {k: v for k, v in os.environ.items() if k not in ("VIRTUAL_ENV", "PYTHONPATH")}
    env["PATH"] = os.pathsep.join(p for p in env["PATH"].split(os.pathsep) if "venv" not in p)
    p = subprocess.run(["bash", "-c", first_setup_command()], cwd=src, env=env, capture_output=True, text=True,
                       timeout=600)
    if p.returncode and re.search(r"No matching distribution|Could not find a version|Network is unreachable",
                                  p.stderr):
        pytest.skip("no package index reachable for the dependencies")
    assert p.returncode == 0, p.stderr[-3000:]
    assert "cause: vllm-gpu-memory-utilization" in p.stdout
    assert (src / ".venv" / "bin" / "oomdoc").exists()


def snippet(url: str) -> str:
    section = README[README.index("## Pre-commit hook"):]
    text = re.search(r"```yaml\n(repos:.*?)```", section, re.S).group(1)
    assert "<oomdoc's git URL>" in text
    return text.replace("<oomdoc's git URL>", url)        # the one thing a team fills in


def test_precommit_snippet_works_on_a_fresh_clone(tmp_path):
    pytest.importorskip("pre_commit")
    pre_commit = [shutil.which("pre-commit")] if shutil.which("pre-commit") else [sys.executable, "-m", "pre_commit"]
    src = checkout_copy(tmp_path / "published")
    fresh = tmp_path / "fresh"
    git(tmp_path, "clone", "-q", str(src), str(fresh))      # what a team points `repo:` at
    team = tmp_path / "team"
    team.mkdir()
    git(team, "init", "-q")
    shutil.copytree(ROOT / "examples" / "incidents", team / "incidents")
    (team / ".pre-commit-config.yaml").write_text(snippet(str(fresh)))
    git(team, "add", "-A")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    env.update(PRE_COMMIT_HOME=str(tmp_path / "pre-commit-home"), NO_COLOR="1",
               OOMDOC_CACHE_DIR=str(tmp_path / "cache"))

    def run(*args):
        p = subprocess.run([*pre_commit, *args], cwd=team, env=env, capture_output=True, text=True, timeout=600)
        return p.returncode, p.stdout + p.stderr

    code, out = run("run", "--all-files")
    assert code == 0, out
    assert re.search(r"oomdoc incident reports\.+Passed", out), out
    # a report whose cause disagrees fails the hook
    bad = team / "incidents" / "bad.md"
    bad.write_text((team / "incidents" / "2025-06-12-verl-grpo-vllm-startup-utilization.md").read_text()
                   .replace("cause: vllm-gpu-memory-utilization", "cause: memory-leak", 1))
    git(team, "add", "-A")
    code, out = run("run", "--all-files")
    assert code == 1 and "incidents/bad.md" in out and "[cause-disagrees]" in out, out
    bad.unlink()
    git(team, "add", "-A")
    # pinning the branch to its commit, as the README says (running it again would only
    # build the same environment a second time: ~10 s)
    code, out = run("autoupdate", "--freeze")
    assert code == 0, out
    head = git(fresh, "rev-parse", "HEAD").strip()
    assert re.search(rf"^    rev: {head}\b", (team / ".pre-commit-config.yaml").read_text(), re.M)
