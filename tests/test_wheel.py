"""Build the wheel, install it into a fresh virtual environment, run it there.

Proves the rules, corpus and example data ship inside the package (a checkout
is not needed at run time). Dependencies come from the running interpreter's
site-packages (`--system-site-packages`) so the test needs no network.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory):
    pytest.importorskip("hatchling")
    tmp = tmp_path_factory.mktemp("wheel")
    dist = tmp / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                    "-w", str(dist), str(ROOT)], check=True, capture_output=True)
    wheel = next(dist.glob("oomdoc-*.whl"))
    env_dir = tmp / "venv"
    venv.EnvBuilder(system_site_packages=True, with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    # the dependencies as pip would have installed them: the test environment's own
    # (a .pth path entry: its .pth files, e.g. an editable oomdoc, are not run)
    site = Path(subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                               check=True, capture_output=True, text=True).stdout.strip())
    import sysconfig

    deps = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (site / "oomdoc-test-deps.pth").write_text("".join(f"{d}\n" for d in sorted(deps)))
    subprocess.run([sys.executable, "-m", "pip", "--python", str(py), "install", "--no-deps", "--no-index",
                    "--force-reinstall", str(wheel)], check=True, capture_output=True)
    return env_dir, wheel


def _run(env_dir: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH",)}
    return subprocess.run([str(env_dir / "bin" / "oomdoc"), *args], capture_output=True, text=True,
                          cwd=cwd, env=env, timeout=120)


def test_wheel_contains_rules_and_corpus(installed):
    import zipfile

    _, wheel = installed
    names = zipfile.ZipFile(wheel).namelist()
    assert any(n.startswith("oomdoc/_data/rules/") and n.endswith(".yaml") for n in names)
    assert any(n.startswith("oomdoc/_data/corpus/") and n.endswith("train.log") for n in names)
    assert "oomdoc/config/knobs.yaml" in names
    # the signature catalogue's extra entry files (oomdoc/signatures/catalogue.d/) ship too
    extra = sorted(p.name for p in (ROOT / "oomdoc" / "signatures" / "catalogue.d").glob("*.yaml"))
    assert extra and all(f"oomdoc/signatures/catalogue.d/{n}" in names for n in extra)


def test_installed_oomdoc_runs_outside_the_checkout(installed, tmp_path):
    env_dir, _ = installed
    log = tmp_path / "t.log"
    log.write_text("[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has "
                   "a total capacity of 79.15 GiB of which 1.19 GiB is free.\n")
    res = _run(env_dir, "facts", str(log), "--format", "json", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["events"][0]["facts"]["requested_bytes"] == 2 * 2**30
    # the package imported is the installed one, not the checkout
    where = subprocess.run([str(env_dir / "bin" / "python"), "-c", "import oomdoc; print(oomdoc.__file__)"],
                           capture_output=True, text=True, cwd=tmp_path).stdout
    assert str(env_dir) in where


def test_installed_explain_runs_a_bundled_example(installed, tmp_path):
    env_dir, _ = installed
    listed = _run(env_dir, "examples", cwd=tmp_path)
    if listed.returncode != 0:
        pytest.skip("examples command not available yet")
    name = listed.stdout.split()[0]
    res = _run(env_dir, "explain", "--example", name, "--format", "json", cwd=tmp_path)
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["diagnoses"], res.stdout


def test_wheel_ships_no_path_of_the_machine_it_was_built_on(installed):
    """Bundled rules, corpus and docs name no directory of the build machine: the
    checkout, the directories beside it (e.g. the shared research notes a case was
    written from), the home directory. A log's own paths (`/work/train.py`) may stay."""
    import zipfile

    _, wheel = installed
    # beside the checkout: the shared notes and other checkouts (not whatever else lives in
    # the parent, e.g. /tmp/ray of a local Ray, a path real logs print too)
    machine = {str(ROOT) + "/"} | {str(p) + "/" for p in ROOT.parent.iterdir()
                                   if p.is_dir() and (p.name == "shared" or (p / ".git").exists())}
    home = str(Path.home())
    if home not in ("/", "/root"):
        machine.add(home + "/")
    found = []
    with zipfile.ZipFile(wheel) as zf:
        for name in zf.namelist():
            if name.endswith((".pyc", ".so")):
                continue
            text = zf.read(name).decode("utf-8", "replace")
            found += [f"{name}: {p}" for p in sorted(machine) if p in text]
    assert not found, found
