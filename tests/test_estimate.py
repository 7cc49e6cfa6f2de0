"""Model-states arithmetic: size from the name, bytes per GPU from method and sharding."""
from __future__ import annotations

import pytest

from oomdoc.config import Framework, RunConfig, Setting
from oomdoc.rules_engine.estimate import model_params, states_per_gpu


@pytest.mark.parametrize("name, params", [
    ("Qwen/Qwen2.5-7B-Instruct", 7e9), ("/root/models/Qwen-14B-Chat", 14e9), ("meta-llama/Llama-2-13b-hf", 13e9),
    ("EleutherAI/pythia-2.8b", 2.8e9), ("facebook/opt-350m", 350e6), ("Qwen2.5-0.5B", 0.5e9),
    ("gpt2-large", 774e6), ("bigcode/starcoder", 15.5e9), ("Qwen2.5-VL-7B-Instruct", 7e9),
    ("my-finetuned-model", None), ("", None),
])
def test_model_size_from_its_name(name, params):
    assert model_params(name) == params


def cfg(fw, **knobs):
    c = RunConfig(framework=Framework(id=fw))
    for k, v in knobs.items():
        key = k.replace("__", ".")
        c.settings[key] = Setting(key, v, "run.sh:1")
    return c


def test_full_shard_divides_sixteen_bytes_per_parameter():
    # verl: FSDP full-shard by default; 14B over 2 GPUs -> 14e9 * 16 / 2
    c = cfg("verl", model__name="Qwen2.5-14B-Instruct", trainer__n_gpus_per_node=2)
    assert states_per_gpu(c) == int(14e9 * 16 / 2)


def test_lora_keeps_only_the_frozen_weights_and_zero2_shards_the_rest():
    c = cfg("llama-factory", model__name="Qwen-14B-Chat", actor__lora_rank=8, zero__stage=3, trainer__num_processes=2)
    assert states_per_gpu(c) == int(14e9 * 2 / 2)
    c = cfg("llama-factory", model__name="Llama-2-7b-hf", actor__lora_rank=0, zero__stage=2, trainer__num_processes=4)
    assert states_per_gpu(c) == int(7e9 * (2 + 14 / 4))


def test_unknown_method_or_sharding_gives_no_estimate():
    # a guessed estimate would be worse than none
    assert states_per_gpu(cfg("transformers", model__name="Llama-2-7b-hf")) is None
    assert states_per_gpu(cfg("verl", model__name="my-model")) is None
