"""Bad config input never raises: a warning names the file and line; diagnosis goes on."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from oomdoc.config import load_run_config
from oomdoc.pipeline import read_events

FIX = Path(__file__).parent / "config_fixtures"


def test_broken_yaml_warns_with_line_and_keeps_other_sources():
    rc = load_run_config(read_events(str(FIX / "verl_dump.log")), [str(FIX / "broken.yaml")])
    assert any("broken.yaml:" in w and "broken YAML" in w for w in rc.warnings)
    assert rc.value("rollout.n") == 5            # the log's config still read


def test_broken_json_warns_with_line():
    rc = load_run_config(None, [str(FIX / "broken.json")])
    assert any("broken.json:1" in w and "broken JSON" in w for w in rc.warnings)


def test_script_without_launch_command():
    rc = load_run_config(None, [str(FIX / "not_a_launcher.sh")])
    assert any("not_a_launcher.sh:1" in w and "no launch command" in w for w in rc.warnings)


def test_missing_file():
    rc = load_run_config(None, ["/nonexistent/run.yaml"])
    assert any("/nonexistent/run.yaml" in w and "cannot read" in w for w in rc.warnings)


def test_near_miss_key_suggested():
    rc = load_run_config(read_events(str(FIX / "hydra_error.log")), [str(FIX / "typo.yaml")])
    assert any("typo.yaml:3" in w and "did you mean 'actor_rollout_ref.rollout.gpu_memory_utilization'" in w
               for w in rc.warnings)
    assert "actor_rollout_ref.rollout.gpu_memory_utilisation" in rc.raw


def test_config_of_another_framework():
    rc = load_run_config(read_events(str(FIX / "verl_dump.log")), [str(FIX / "easyr1_config.yaml")])
    assert rc.framework.id == "verl"
    assert any("easyr1_config.yaml" in w and "EasyR1 config" in w for w in rc.warnings)
    assert rc.value("rollout.gpu_memory_utilization") == 0.6     # not taken from the foreign file


def test_value_of_wrong_type_is_warned():
    text = b"+ python3 -m verl.trainer.main_ppo data.train_batch_size=lots\n"
    rc = load_run_config(read_events(text), [])
    assert any("data.train_batch_size='lots' is not a int" in w for w in rc.warnings)


def test_unbalanced_quotes_in_command():
    text = b"+ python3 -m verl.trainer.main_ppo 'data.train_batch_size=8 trainer.nnodes=2\n"
    rc = load_run_config(read_events(text), [])
    assert any("unbalanced quotes" in w for w in rc.warnings)


def test_truncated_dump_does_not_raise():
    text = b"(TaskRunner pid=1) {'actor_rollout_ref': {'rollout': {'n': 5,\n(TaskRunner pid=1) garbage ]]\n"
    rc = load_run_config(read_events(text), [])
    assert rc.framework.id == "verl"


def test_never_executes_config(tmp_path):
    marker = tmp_path / "pwned"
    bad = tmp_path / "evil.yaml"
    bad.write_text(f"a: !!python/object/apply:os.system ['touch {marker}']\n")
    rc = load_run_config(None, [str(bad)])
    assert not marker.exists() and any("evil.yaml" in w for w in rc.warnings)
    log = f"Namespace(a=__import__('os').system('touch {marker}'), b=1)\n".encode()
    load_run_config(read_events(log), [])
    assert not marker.exists()


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=400))
def test_arbitrary_text_never_raises(tmp_path_factory, text):
    d = tmp_path_factory.mktemp("cfg")
    for name in ("x.yaml", "x.json", "x.sh", "x.toml", "x"):
        (d / name).write_text(text)
    rc = load_run_config(read_events(("{'actor_rollout_ref': " + text + "\n").encode()),
                         [str(d / n) for n in ("x.yaml", "x.json", "x.sh", "x.toml", "x")])
    assert not any(w.startswith("config layer failed") for w in rc.warnings), rc.warnings
    rc.render_fix("rollout.gpu_memory_utilization", 0.5)
    json.dumps(rc.report_json(), default=str)


def test_cli_text_and_json():
    run = [sys.executable, "-m", "oomdoc", "config", str(FIX / "verl_dump.log"), "--config", str(FIX / "broken.yaml")]
    out = subprocess.run(run, capture_output=True, text=True, check=True).stdout
    assert "framework: verl" in out and "rollout.gpu_memory_utilization" in out and "broken YAML" in out
    out = subprocess.run(run + ["--format", "json"], capture_output=True, text=True, check=True).stdout
    data = json.loads(out)
    assert data["framework"]["id"] == "verl"
    assert data["config"]["rollout.n"] == {"value": 5, "source": "log:22",
                                           "key": "actor_rollout_ref.rollout.n", "default": False}
    assert data["warnings"]


def test_the_typo_gate_never_hides_a_key_two_edits_away():
    """`_maybe_typo` only spares importing rapidfuzz (issue 12): it must hold for every pair
    of leaves at most two edits apart (Levenshtein), whatever else it lets through."""
    import random

    from rapidfuzz.distance import Levenshtein

    from oomdoc.config.loader import _maybe_typo

    rnd = random.Random(5)
    letters = "abc_de"
    for _ in range(5000):
        a = "".join(rnd.choice(letters) for _ in range(rnd.randint(0, 9)))
        b = list(a)
        for _ in range(rnd.randint(0, 3)):      # random edits: insert, delete, substitute
            op = rnd.randrange(3)
            i = rnd.randint(0, len(b))
            if op == 0:
                b.insert(i, rnd.choice(letters))
            elif b and i < len(b):
                if op == 1:
                    del b[i]
                else:
                    b[i] = rnd.choice(letters)
        b = "".join(b)
        if Levenshtein.distance(a, b) <= 2:
            assert _maybe_typo(a, b), (a, b)
    assert not _maybe_typo("train_batch_size", "gradient_accumulation")
