"""`oomdoc.secrets`: every kind of credential is masked, masking is idempotent,
ordinary training-log lines are left alone, and nothing in the corpus (real
log formats) is masked — so masking every output cannot change a diagnosis."""
from __future__ import annotations

from pathlib import Path

import pytest

from oomdoc.render import redact
from oomdoc.secrets import MASK, find_secrets, mask_obj, mask_secrets

ROOT = Path(__file__).resolve().parent.parent
CORPUS = sorted(p for p in (ROOT / "corpus").iterdir() if (p / "train.log").is_file())

HF = "hf_QmVvXkRtLpZsYwNcBdFgHjKaTeUiOr12"
WANDB = "3f9a1c0e7b2d4a6f8e0c1b3d5a7f9e2c4b6d8a01"
BEARER = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ0cmFpbiJ9.c2lnbmF0dXJlMTIz"

# (line, secret value, what must remain visible)
KINDS = [
    (f"+ export HF_TOKEN={HF}", HF, "export HF_TOKEN=hf_****"),
    (f"huggingface-cli login --token {HF}", HF, "--token hf_****"),
    (f"WANDB_API_KEY={WANDB} python3 train.py", WANDB, "WANDB_API_KEY=**** python3"),
    (f"+ wandb login {WANDB}", WANDB, "wandb login ****"),
    (f"wandb login --relogin {WANDB}", WANDB, "--relogin ****"),
    ("export OPENAI_API_KEY=sk-proj-Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9Bc2Ef4", "Ab3De5Gh7Jk9Mn1Pq3St5Vw7Yz9", "sk-****"),
    ("client = OpenAI(api_key='sk-Zx9Cv8Bn7Mq6Wr5Et4Yu3Io2Pa1Sd0Fg')", "Zx9Cv8Bn7Mq6Wr5Et4Yu3Io2Pa1Sd0Fg",
     "api_key='sk-****'"),
    ("ANTHROPIC_API_KEY=sk-ant-api03-Qw1Er2Ty3Ui4Op5As6Df7Gh8Jk9Lz", "api03-Qw1Er2Ty3Ui4Op5As6Df7Gh8Jk9Lz",
     "sk-ant-****"),
    ("aws_access_key_id = AKIAZ7Q2W4E6R8T0Y3UP", "Z7Q2W4E6R8T0Y3UP", "AKIA****"),
    ("aws_secret_access_key=wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY", "wJalrXUtnFEMI/K7MDENG", "aws_secret_access_key=****"),
    ("git clone https://ghp_R2d2C3poBb8Yoda1Luke2Leia3Han4Solo56@github.com/team/rm.git",
     "R2d2C3poBb8Yoda1Luke2Leia3Han4Solo56", "https://ghp_****@github.com"),
    ("GITHUB_TOKEN=github_pat_11ABCDEFG0Qw3rTy5Ui7Op9As1Df3Gh5Jk7Lz", "11ABCDEFG0Qw3rTy5Ui7Op9As1Df3Gh5Jk7Lz", "gith****"),
    (f"curl -H 'Authorization: Bearer {BEARER}' https://api.example.com", BEARER, "Authorization: Bearer ****'"),
    ("pip install --index-url https://trainer:S3cr3tPassw0rd@pypi.example.com/simple x", "S3cr3tPassw0rd",
     "https://trainer:****@pypi.example.com"),
    ("mysql password=Tr0ub4dor9horse host=db", "Tr0ub4dor9horse", "password=**** host=db"),
    ("{'db_password': 'Tr0ub4dor9horse', 'user': 'rl'}", "Tr0ub4dor9horse", "'db_password': '****'"),
    ('{"password": "hunter2hunter2"}', "hunter2hunter2", '"password": "****"'),
]

ORDINARY = [
    "max_new_tokens=1024",
    "actor_rollout_ref.rollout.max_num_batched_tokens=8192 data.max_prompt_length=1024",
    "actor_rollout_ref.actor.ppo_max_token_len_per_gpu=24000",
    "tokenizer_path=/models/Qwen2.5-7B-Instruct/tokenizer.json",
    "--tokenizer_name_or_path Qwen/Qwen2.5-7B-Instruct",
    f"commit {WANDB}",
    f"vllm version 0.8.3 (git_sha={WANDB})",
    "[INFO] DeepSpeed info: version=0.10.0, git-hash=unknown, git-branch=unknown",
    "(TaskRunner pid=2201) step:1 - response_length/mean:1620.82 - response_length/max:4096.0",
    "actor_rollout_ref.actor.loss_agg_mode=token-mean algorithm.use_kl_in_reward=False",
    "pad_token_id=151643 eos_token=<|im_end|> special_tokens_map.json",
    "trust_remote_code=True use_kl_loss=True trainer.project_name=grpo",
    "--world_info=eyJsb2NhbGhvc3QiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --master_port=29500",
    "ray::TaskRunner.run() (pid=2201, actor_id=5e7a9c1b3d5f7a9c1e3b5d7f01000000)",
    "key_states = self.k_proj(hidden_states)",
    "num_tokens=4096 token_budget=16384 tokens_per_second=1234.5 kv_cache_tokens 123456",
    "HF_TOKEN=<your token> OPENAI_API_KEY=None WANDB_API_KEY=${WANDB_API_KEY}",
    "checkpoint=/ckpt/global_step_100/actor cache_key=layer0_kv",
    "import sklearn  # sk-learn; task-7f3a",
]


@pytest.mark.parametrize("line,secret,visible", KINDS, ids=[k[2][:30] for k in KINDS])
def test_each_kind_is_masked(line, secret, visible):
    out = mask_secrets(line)
    assert secret not in out
    assert visible in out
    assert find_secrets(line) and not find_secrets(out)


@pytest.mark.parametrize("line", [k[0] for k in KINDS])
def test_masking_is_idempotent(line):
    once = mask_secrets(line)
    assert mask_secrets(once) == once


@pytest.mark.parametrize("line", ORDINARY)
def test_ordinary_training_lines_are_untouched(line):
    assert mask_secrets(line) == line and find_secrets(line) == []


def test_several_secrets_on_one_line_and_offsets():
    line = f"HF_TOKEN={HF} WANDB_API_KEY={WANDB} max_new_tokens=1024"
    found = find_secrets(line)
    assert [s.kind for s in found][:1] == ["huggingface-token"] and len(found) == 2
    assert [line[s.start:s.end] for s in found] == [HF, WANDB]
    assert mask_secrets(line) == f"HF_TOKEN=hf_{MASK} WANDB_API_KEY={MASK} max_new_tokens=1024"


def test_mask_obj_walks_json():
    data = {"events": [{"text": f"token={HF}", "line": 3}], "n": 1, "ok": None}
    assert mask_obj(data) == {"events": [{"text": f"token=hf_{MASK}", "line": 3}], "n": 1, "ok": None}


def test_redact_masks_values_under_credential_keys():
    # a bare 40-hex value says nothing alone; its key says it is a W&B key
    assert mask_secrets(WANDB) == WANDB
    assert redact.value(WANDB, "WANDB_API_KEY") == MASK
    assert redact.value(WANDB, "git_sha") == WANDB
    assert redact.value("1024", "max_new_tokens") == "1024"
    assert redact.obj({"raw": {"trainer.wandb_api_key": {"value": WANDB, "key": "trainer.wandb_api_key"}},
                       "commit": WANDB}) == \
        {"raw": {"trainer.wandb_api_key": {"value": MASK, "key": "trainer.wandb_api_key"}}, "commit": WANDB}
    assert redact.credential_key("WANDB_API_KEY") and not redact.credential_key("max_new_tokens")


# -- shapes that once slipped through --------------------------------------------------

def test_authorization_header_in_a_dict_repr():
    assert BEARER not in mask_secrets(f"headers={{'Authorization': 'Bearer {BEARER}'}}")


@pytest.mark.parametrize("key", ["ACCESS_TOKEN", "auth_token", "--hub_token", "HF_TOKEN"])
def test_underscore_token_keys_with_unprefixed_values(key):
    assert "Zq8xW3vR7tY2uK9pL4mN" not in mask_secrets(f"{key}=Zq8xW3vR7tY2uK9pL4mN")


def test_url_password_without_user():
    assert "S3cr3tPassw0rd" not in mask_secrets("REDIS_URL=redis://:S3cr3tPassw0rd@10.0.0.3:6379/0")


def test_hydra_env_interpolation_is_not_a_secret():
    line = "reward_model.api_key=${oc.env:RM_API_KEY}"
    assert mask_secrets(line) == line


# -- the corpus: real formats, no secrets --------------------------------------------

@pytest.mark.parametrize("case", CORPUS, ids=[c.name for c in CORPUS])
def test_nothing_in_the_corpus_is_masked(case):
    for f in sorted(case.iterdir()):
        if f.is_file() and f.name != "expected.yaml":
            for no, line in enumerate(f.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
                assert find_secrets(line) == [], f"{f.name}:{no}: {line[:200]}"


@pytest.mark.parametrize("case", CORPUS, ids=[c.name for c in CORPUS])
def test_masked_explain_json_equals_the_raw_report_on_the_corpus(case):
    from oomdoc.diagnose import explain
    from oomdoc.render.explain_json import render

    configs = [str(p) for p in sorted(case.iterdir())
               if p.suffix in (".yaml", ".yml", ".json", ".sh", ".toml") and p.name != "expected.yaml"]
    rep = explain(str(case / "train.log"), config_paths=configs, similar=False)
    raw = rep.to_json()
    assert render(rep) == _jsonish(raw)


def _jsonish(x):
    # render() rebuilds tuples as lists; otherwise it must be the very same data
    if isinstance(x, dict):
        return {k: _jsonish(v) for k, v in x.items()}
    if isinstance(x, (list, tuple)):
        return [_jsonish(v) for v in x]
    return x
