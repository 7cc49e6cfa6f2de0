"""The hooks in `.pre-commit-hooks.yaml`, run by the real `pre-commit` in temporary git repos.

pre-commit builds a virtualenv and pip-installs this checkout for each
(repo, rev) it sees, ~10 s here. To stay well inside CI's budget the module
builds two environments in all: one `try-repo` session (the way a team tries
the hook) and one shadow clone of the checkout that a regular
`.pre-commit-config.yaml` pins, shared by the --fix and oomdoc-rules tests.
PRE_COMMIT_HOME lives in a tmp dir shared by the module.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_check import FRONT, LOG, TOKEN, report  # noqa: E402

if shutil.which("git") is None:
    pytest.skip("git is needed", allow_module_level=True)
pytest.importorskip("pre_commit")
PRE_COMMIT = [shutil.which("pre-commit")] if shutil.which("pre-commit") else [sys.executable, "-m", "pre_commit"]


def git(cwd, *args):
    subprocess.run(["git", "-c", "user.email=t@example.com", "-c", "user.name=t", "-c", "commit.gpgsign=false",
                    *args], cwd=cwd, check=True, capture_output=True)


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    home = tmp_path_factory.mktemp("pre-commit-home")
    e = {k: v for k, v in os.environ.items() if not k.startswith(("GIT_", "PRE_COMMIT"))}
    e.update(PRE_COMMIT_HOME=str(home), NO_COLOR="1", OOMDOC_CACHE_DIR=str(home / "oomdoc-cache"))
    return e


def run(cwd, env, *args, timeout=300):
    p = subprocess.run([*PRE_COMMIT, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    return p.returncode, p.stdout + p.stderr


def team_repo(path: Path, files: dict[str, str]) -> Path:
    path.mkdir()
    git(path, "init", "-q")
    for name, text in files.items():
        f = path / name
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(text, encoding="utf-8")
    git(path, "add", "-A")
    git(path, "commit", "-qm", "reports")
    return path


def reports() -> dict[str, str]:
    return {
        "incidents/good.md": report(),
        "incidents/missing-cause.md": report(front="---\ntitle: x\nstatus: open\n---\n"),
        "incidents/disagree.md": report(cause="memory-leak"),
        "incidents/disagree-override.md": report(cause="memory-leak",
                                                 extra="\n<!-- oomdoc: disagree — growth over 30 steps -->\n"),
        "incidents/token.md": report(log=LOG.replace("trainer.n_gpus_per_node=8",
                                                     f"trainer.n_gpus_per_node=8 HF_TOKEN={TOKEN}")),
        "incidents/broken-front-matter.md": report(front=FRONT.format(cause="x").replace("status: resolved",
                                                                                        "status: [resolved")),
        "incidents/truncated.md": report(log=LOG.rsplit("\n", 2)[0] + "\n"),
        "notes/not-an-incident.md": report(cause="memory-leak"),     # outside the hook's files
    }


def findings(out: str, name: str) -> list[str]:
    return [ln for ln in out.splitlines() if ln.startswith(f"incidents/{name}.md:")]


def test_try_repo_incident_hook(tmp_path, env):
    repo = team_repo(tmp_path / "team", reports())
    before = {p: p.read_bytes() for p in repo.rglob("*.md")}
    code, out = run(repo, env, "try-repo", str(ROOT), "oomdoc-incident", "--all-files")
    assert code == 1, out
    assert "oomdoc incident reports" in out and "Failed" in out
    assert findings(out, "good") == []
    assert all(": note [" in f for f in findings(out, "disagree-override"))
    assert any(": error [cause-missing]" in f for f in findings(out, "missing-cause"))
    assert any(": error [cause-disagrees] cause 'memory-leak'" in f for f in findings(out, "disagree"))
    assert any("kept by override: growth over 30 steps" in f for f in findings(out, "disagree-override"))
    (sec,) = [f for f in findings(out, "token") if "[secret]" in f]
    assert "hf_****" in sec and TOKEN not in out
    assert any(": error [front-matter] front matter is not valid YAML" in f
               for f in findings(out, "broken-front-matter"))
    assert any("[evidence-truncated] traceback never reaches its exception line" in f
               for f in findings(out, "truncated"))
    assert "not-an-incident" not in out
    assert {p: p.read_bytes() for p in repo.rglob("*.md")} == before   # no --fix: nothing written


@pytest.fixture(scope="module")
def shadow(tmp_path_factory):
    """A committed copy of the checkout (with its uncommitted work), like try-repo makes."""
    dst = tmp_path_factory.mktemp("oomdoc-shadow")
    names = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                           check=True, capture_output=True).stdout.decode().split("\0")
    for n in filter(None, names):
        src = ROOT / n
        if src.is_file():
            (dst / n).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst / n)
    git(dst, "init", "-q")
    git(dst, "add", "-A")
    git(dst, "commit", "-qm", "shadow")
    rev = subprocess.run(["git", "rev-parse", "HEAD"], cwd=dst, check=True, capture_output=True,
                         text=True).stdout.strip()
    return dst, rev


def config(shadow) -> str:
    repo, rev = shadow
    return f"""\
repos:
  - repo: {repo}
    rev: {rev}
    hooks:
      - id: oomdoc-incident
      - id: oomdoc-incident
        alias: oomdoc-incident-fix
        args: [--fix]
        stages: [manual]
      - id: oomdoc-rules
"""


def test_fix_rewrites_once_then_changes_nothing(tmp_path, env, shadow):
    files = reports()
    files[".pre-commit-config.yaml"] = config(shadow)
    repo = team_repo(tmp_path / "team", files)
    code, out = run(repo, env, "run", "oomdoc-incident-fix", "--hook-stage", "manual", "--all-files")
    assert code == 1 and "files were modified by this hook" in out, out
    token = (repo / "incidents/token.md").read_text()
    assert TOKEN not in token and "HF_TOKEN=hf_****" in token
    good = (repo / "incidents/good.md").read_text()
    assert "<!-- oomdoc:diagnosis:start -->" in good and "diagnosis: vllm-gpu-memory-utilization" in good
    assert "diagnosis:start" not in (repo / "incidents/truncated.md").read_text()   # no OOM: nothing to say
    snapshot = {p: p.read_bytes() for p in repo.rglob("*.md")}
    git(repo, "add", "-A")
    code, out = run(repo, env, "run", "oomdoc-incident-fix", "--hook-stage", "manual", "--all-files")
    assert "files were modified by this hook" not in out
    assert {p: p.read_bytes() for p in repo.rglob("*.md")} == snapshot
    assert code == 1 and "[cause-disagrees]" in out     # fixing does not hide real findings
    for bad in ("missing-cause", "disagree", "broken-front-matter", "truncated"):
        os.remove(repo / f"incidents/{bad}.md")
    git(repo, "add", "-A")
    code, out = run(repo, env, "run", "oomdoc-incident", "--all-files")
    assert code == 0 and "Passed" in out, out


def test_rules_hook_lints_team_rules_and_runs_their_corpus(tmp_path, env, shadow):
    rule = (ROOT / "rules" / "vllm-free-memory-at-startup.yaml").read_text()
    rule = rule.replace("id: vllm-free-memory-at-startup", "id: team-vllm-free-memory-at-startup", 1)
    case = ROOT / "corpus" / "vllm-gpu-memory-utilization-easyr1-v1-free-memory"
    files = {".pre-commit-config.yaml": config(shadow), "oomdoc-rules/team.yaml": rule}
    for f in case.iterdir():
        files[f"oomdoc-corpus/{case.name}/{f.name}"] = f.read_text()
    repo = team_repo(tmp_path / "team", files)
    code, out = run(repo, env, "run", "oomdoc-rules", "--all-files")
    assert code == 0 and "Passed" in out, out
    (repo / "oomdoc-rules/team.yaml").write_text(rule.replace("cause: vllm-gpu-memory-utilization",
                                                              "cause: vllm-gpu-memory-utilisation"))
    git(repo, "add", "-A")
    code, out = run(repo, env, "run", "oomdoc-rules", "--all-files")
    assert code == 1 and "Failed" in out
    cause_line = next(i for i, t in enumerate(rule.splitlines(), 1) if t.startswith("cause:"))
    assert f"oomdoc-rules/team.yaml:{cause_line}: rule 'team-vllm-free-memory-at-startup': cause" in out, out
