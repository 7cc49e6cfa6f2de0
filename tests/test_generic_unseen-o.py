"""Shapes and families read from the misses of bench/evalsets/unseen-o."""
from __future__ import annotations

import pytest

from oomdoc.diagnose import explain
from oomdoc.pipeline import read_events


def _events(text: str):
    return read_events(text.encode()).events


def _kills(text: str):
    return [e for e in _events(text) if e.kind == "process_killed"]


@pytest.mark.parametrize("text", [
    "Writing metrics: /home/u/logdir/scores.jsonl\n已杀死\n",  # zh_CN
    "./run.sh: Zeile 7: 31337 Getötet                 python train.py\n",  # de, bash job line
    "Epoch 1:  12%|█▏        | 120/1000 [01:02<07:40,  1.91it/s]Убито\n",  # ru, glued to a bar
    "step 480/2000 loss 1.93\n強制終了\n",  # ja
    "run.sh: line 3: 2211 Processus arrêté        python infer.py --bs 8\n",  # fr
])
def test_a_localized_shell_kill_notice_is_a_kill(text):
    evs = _kills(text)
    assert len(evs) == 1 and evs[0].facts.get("launcher") == "shell" and evs[0].facts.get("signal") == 9


@pytest.mark.parametrize("text", [
    "O processo foi morto pelo usuário.\n",                 # pt prose, lower case, not the notice
    "Il modello è stato Ucciso dal watchdog, vedi sotto.\n",  # the word inside a sentence
    "Morto o processo, reiniciamos o treino e tudo correu bem\n",
    "status: 已杀死的任务会被重新调度\n",
])
def test_a_translated_word_inside_prose_is_no_kill(text):
    assert not _kills(text)


@pytest.mark.parametrize("text", [
    "Traceback (most recent call last):\n  File \"/app/minisgl/engine/engine.py\", line 120, in _determine_num_pages\n"
    "    assert num_pages > 1, \"Not enough memory for KV cache，try reducing --num-pages\"\n"
    "AssertionError: Not enough memory for KV cache，try reducing --num-pages\n",
    "AssertionError: Not enough memory for KV cache. Free: 1073741824, Peak: 23622320128, "
    "Block size: 229376 bytes. Try reducing max_model_len or batch size.\n",
])
def test_a_small_engine_kv_pool_check_is_a_kv_cache_oom(text):
    evs = [e for e in _events(text) if e.kind == "vllm_no_cache_blocks"]
    assert evs and evs[0].facts.get("engine") == "mini-engine"


def test_the_fallback_warning_is_not_an_oom():
    text = "WARNING: Not enough memory for KV cache. Defaulting to 16 blocks.\n"
    assert not [e for e in _events(text) if e.kind == "vllm_no_cache_blocks"]


# ---- llama.cpp: a ggml buffer failure while creating a long context is the context length

_CTX_OLD = ("llama_new_context_with_model: n_ctx      = {n}\n"
            "llama_new_context_with_model: n_batch    = 2048\n"
            "ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 805306368032\n"
            "llama_kv_cache_init: failed to allocate buffer for kv cache\n")
_CTX_NEW = ("llama_kv_cache: size = 23480.00 MiB ({n} cells,  40 layers,  1/1 seqs), K (f16): 11740.00 MiB\n"
            "llama_context: pipeline parallelism enabled (n_copies=4)\n"
            "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 12710.31 MiB on device 0: "
            "cudaMalloc failed: out of memory\n")


@pytest.mark.parametrize("template", [_CTX_OLD, _CTX_NEW])
def test_llamacpp_context_length_is_read(template):
    evs = [e for e in _events(template.format(n=163840)) if e.kind == "llamacpp_context"]
    assert evs and evs[0].facts["max_model_len"] == 163840


@pytest.mark.parametrize("template", [_CTX_OLD, _CTX_NEW])
def test_a_ggml_failure_in_a_long_context_is_the_sequence(template, tmp_path):
    for n, want in ((163840, True), (4096, False)):
        log = tmp_path / f"l{n}.log"
        log.write_text(template.format(n=n))
        rules = [d.rule for d in explain(str(log), similar=False).diagnoses]
        assert ("sequence-too-long-local-engine-context" in rules) is want
