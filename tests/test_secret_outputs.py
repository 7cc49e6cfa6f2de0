"""No planted credential survives in any output of oomdoc, and masking does not
change the diagnosis.

The logs are realistic OOM logs carrying every kind of secret the way they
reach training logs: an echoed launch script (`export HF_TOKEN=…`, `wandb
login`), a traceback source line (`from_pretrained(…, token="hf_…")`, which a
packaged rule quotes as evidence), a config dump, an HTTP debug line with an
`Authorization` header, a proxy URL with a password.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from oomdoc.cli import main
from oomdoc.diagnose import explain
from oomdoc.secrets import mask_secrets

ROOT = Path(__file__).resolve().parent.parent
VERL_CASE = ROOT / "corpus" / "allocator-fragmentation-verl-v05-midrun"

SECRETS = {
    "hf": "hf_QmVvXkRtLpZsYwNcBdFgHjKaTeUiOr12",
    "wandb_env": "3f9a1c0e7b2d4a6f8e0c1b3d5a7f9e2c4b6d8a01",
    "wandb_login": "9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b",
    "openai_proj": "sk-proj-Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc2Ef4",
    "openai": "sk-Zx9Cv8Bn7Mq6Wr5Et4Yu3Io2Pa1Sd0Fg",
    "anthropic": "sk-ant-api03-Qw1Er2Ty3Ui4Op5As6Df7Gh8Jk9Lz",
    "aws_id": "AKIAZ7Q2W4E6R8T0Y3UP",
    "aws_secret": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY",
    "ghp": "ghp_R2d2C3poBb8Yoda1Luke2Leia3Han4Solo56",
    "github_pat": "github_pat_11ABCDEFG0Qw3rTy5Ui7Op9As1Df3Gh5Jk7Lz",
    "bearer": "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0cmFpbiJ9.c2lnbmF0dXJlMTIz",
    "url_password": "S3cr3tPassw0rd",
    "password": "Tr0ub4dor9horse",
}
S = SECRETS

LAUNCH = f"""\
+ export HF_TOKEN={S['hf']}
+ export WANDB_API_KEY={S['wandb_env']}
+ wandb login {S['wandb_login']}
+ export OPENAI_API_KEY={S['openai_proj']}
+ export ANTHROPIC_API_KEY={S['anthropic']}
+ export AWS_ACCESS_KEY_ID={S['aws_id']}
+ export AWS_SECRET_ACCESS_KEY={S['aws_secret']}
+ export GITHUB_TOKEN={S['ghp']}
+ export HF_ENDPOINT=https://trainer:{S['url_password']}@hf-mirror.internal.example.com
+ git clone https://{S['ghp']}@github.com/team/reward-models.git
+ pip install --extra-index-url https://trainer:{S['url_password']}@pypi.internal.example.com/simple flash-attn
"""
DUMP = (f"{{'trainer': {{'project_name': 'grpo', 'wandb_api_key': '{S['wandb_env']}', 'hf_token': "
        f"'{S['hf']}'}}, 'reward_model': {{'openai_api_key': '{S['openai']}', 'github_token': "
        f"'{S['github_pat']}', 'db_password': '{S['password']}', 'headers': {{'Authorization': "
        f"'Bearer {S['bearer']}'}}}}}}\n")
HTTP = (f"urllib3.connectionpool DEBUG: https://api.example.com:443 \"POST /v1/score HTTP/1.1\" 401 "
        f"headers={{'Authorization': 'Bearer {S['bearer']}'}} password={S['password']}\n")

MODEL_LOAD_OOM = LAUNCH + f"""\
+ torchrun --nproc_per_node 8 sft.py --model_name_or_path meta-llama/Llama-2-70b-hf --per_device_train_batch_size 2 --bf16 True --hub_token {S['hf']} --report_to wandb
""" + DUMP + HTTP + f"""\
Traceback (most recent call last):
  File "/home/user/sft.py", line 88, in <module>
    model = AutoModelForCausalLM.from_pretrained(args.model_name_or_path, token="{S['hf']}", torch_dtype=torch.bfloat16, device_map={{"": local_rank}})
  File "/usr/local/lib/python3.10/dist-packages/transformers/modeling_utils.py", line 3850, in from_pretrained
    ) = cls._load_pretrained_model(
  File "/usr/local/lib/python3.10/dist-packages/accelerate/utils/modeling.py", line 329, in set_module_tensor_to_device
    new_value = value.to(device)
torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 448.00 MiB. GPU 0 has a total capacity of 79.15 GiB of which 301.25 MiB is free. Including non-PyTorch memory, this process has 78.84 GiB memory in use. Of the allocated memory 78.30 GiB is allocated by PyTorch, and 41.22 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.
"""


def _verl_with_secrets() -> str:
    lines = (VERL_CASE / "train.log").read_text(encoding="utf-8").splitlines(keepends=True)
    return "".join(lines[:1] + LAUNCH.splitlines(keepends=True) + lines[1:3]
                   + ["(TaskRunner pid=2201) " + DUMP, "(TaskRunner pid=2201) " + HTTP] + lines[3:])


LOGS = {"model-load": MODEL_LOAD_OOM, "verl": _verl_with_secrets()}

OUTPUTS = [("explain", "text"), ("explain", "json"), ("explain", "markdown"), ("facts", "text"),
           ("facts", "json"), ("config", "text"), ("config", "json")]


def _run(capsys, *args) -> str:
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = exc.code
    out = capsys.readouterr()
    assert code == 0, out.err
    return out.out + out.err


def _leaks(text: str) -> list[str]:
    return [k for k, v in SECRETS.items() if v in text]


@pytest.fixture(params=sorted(LOGS))
def log(request, tmp_path):
    p = tmp_path / "train.log"
    p.write_text(LOGS[request.param], encoding="utf-8")
    return request.param, p


def test_every_planted_secret_is_in_the_log():
    for name, text in LOGS.items():
        assert _leaks(text) == sorted(SECRETS, key=list(SECRETS).index), name


@pytest.mark.parametrize("cmd,fmt", OUTPUTS)
def test_no_secret_in_any_output(log, cmd, fmt, capsys):
    _, path = log
    out = _run(capsys, cmd, str(path), "--format", fmt)
    assert _leaks(out) == []


def test_the_outputs_really_echo_the_secrets(log, capsys, monkeypatch):
    """Without masking, the outputs together would leak every planted value but
    the `wandb login` argument (no output quotes that line): the checks above
    exercise real echo paths."""
    from oomdoc.render import redact

    monkeypatch.setattr(redact, "mask_secrets", lambda s: s)
    redact.credential_key.cache_clear()
    _, path = log
    leaked = set()
    for cmd, fmt in OUTPUTS:
        leaked |= set(_leaks(_run(capsys, cmd, str(path), "--format", fmt)))
    redact.credential_key.cache_clear()
    assert leaked == set(SECRETS) - {"wandb_login"}


def test_config_all_lists_credentials_masked(log, capsys):
    name, path = log
    out = _run(capsys, "config", str(path), "--all")
    assert _leaks(out) == []
    assert "HF_TOKEN = hf_****" in out or "hf_****" in out
    data = json.loads(_run(capsys, "config", str(path), "--format", "json"))
    raw = data["raw"]
    # the values were echoed (so the test is not vacuous) and masked
    assert raw["WANDB_API_KEY"]["value"] == "****"          # bare hex: masked because of the key
    assert raw["HF_TOKEN"]["value"] == "hf_****"
    assert raw["AWS_ACCESS_KEY_ID"]["value"] == "AKIA****"


def test_evidence_quotes_the_traceback_line_masked(capsys, tmp_path):
    p = tmp_path / "train.log"
    p.write_text(MODEL_LOAD_OOM, encoding="utf-8")
    text = _run(capsys, "explain", str(p))
    assert 'from_pretrained(args.model_name_or_path, token="hf_****"' in text
    md = _run(capsys, "explain", str(p), "--format", "markdown")
    assert 'token="hf_****"' in md


def test_masking_leaves_the_diagnosis_unchanged(log, capsys):
    name, path = log
    rep = explain(str(path), similar=False)
    raw = rep.to_json()
    shown = json.loads(_run(capsys, "explain", str(path), "--format", "json"))
    for d_raw, d_out in zip(raw["diagnoses"], shown["diagnoses"], strict=True):
        assert {k: v for k, v in d_out.items() if k != "evidence"} == \
               {k: v for k, v in d_raw.items() if k != "evidence"}
        assert [e["line"] for e in d_out["evidence"]] == [e["line"] for e in d_raw["evidence"]]
        assert [e["text"] for e in d_out["evidence"]] == [mask_secrets(e["text"]) for e in d_raw["evidence"]]
    assert shown["fixes"] == raw["fixes"] and shown["shortfall_bytes"] == raw["shortfall_bytes"]
    assert [e["kind"] for e in shown["events"]] == [e["kind"] for e in raw["events"]]


def test_planted_lines_do_not_change_the_corpus_diagnosis(tmp_path):
    p = tmp_path / "train.log"
    p.write_text(LOGS["verl"], encoding="utf-8")
    clean, planted = explain(str(VERL_CASE / "train.log"), similar=False), explain(str(p), similar=False)
    key = lambda r: [(d.cause, d.rule, round(d.confidence, 3)) for d in r.diagnoses]  # noqa: E731
    assert key(planted) == key(clean)
    assert [(f.knob, f.value) for f in planted.fixes] == [(f.knob, f.value) for f in clean.fixes]


@pytest.mark.parametrize("fmt", ["jsonl", "text", "markdown"])
def test_live_output_is_masked(fmt):
    # stdin is a pipe: live mode, one report per incident
    proc = subprocess.run([sys.executable, "-m", "oomdoc", "explain", "-", "--format", fmt],
                          input=MODEL_LOAD_OOM.encode(), capture_output=True, timeout=120, cwd=ROOT)
    out = proc.stdout.decode()
    assert proc.returncode == 0, proc.stderr.decode()
    assert "model-states-exceed-gpu" in out
    assert 'token=\\"hf_****\\"' in out if fmt == "jsonl" else 'token="hf_****"' in out
    assert _leaks(out + proc.stderr.decode()) == []
    if fmt == "jsonl":
        (doc,) = [json.loads(ln) for ln in out.splitlines() if ln.strip()]
        assert doc["diagnoses"][0]["cause"] == "model-states-exceed-gpu"
