"""`config.shellsplit.split` gives what `shlex.split(text, comments=True, posix=True)` gives,
error for error: on generated text over the characters that matter and on real commands."""
from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from oomdoc.config.shellsplit import split

ROOT = Path(__file__).resolve().parent.parent


def _shlex(text: str):
    try:
        return shlex.split(text, comments=True, posix=True)
    except ValueError:
        return ValueError


def _ours(text: str):
    try:
        return split(text)
    except ValueError:
        return ValueError


CASES = [
    "", " ", "a", "a b  c", "  lead and trail  ", "tab\tsep\nnewline\r\rcr",
    "'single quoted' \"double quoted\"", "''", '""', "a''b", 'a""', "'' ''", "x '' y",
    "a#b c", "a #comment\nnext line", "#only a comment", "a\\ b", "a\\", "'open", '"open',
    '"a\\"b"', '"a\\\\b"', '"a\\$b"', "'a\\b'", "\\\n", "a\\\nb", "a'b'\"c\"d", "\"#not comment\"",
    "'#not' # comment 'quote", "python3 -m verl.trainer.main_ppo data.train_batch_size=1024 "
    "actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu=8 trainer.project_name='my run' $@",
    "torchrun --nproc_per_node=8 train.py --deepspeed ds_config.json --lr 1e-5 # tuned",
    "+ export PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True",
    "é ü 中文 'é' \"ü\\中\"", "\x00 \x0b\x0c", "a\\#b", "a \\# b", "\"a\"'b'c#d e",
]


@pytest.mark.parametrize("text", CASES)
def test_hand_picked_lines_split_as_shlex_splits_them(text):
    assert _ours(text) == _shlex(text)


@settings(max_examples=3000, deadline=None, derandomize=True)
@given(st.text(alphabet=st.sampled_from(list(" \t\n\r#'\"\\abc=-$é")), max_size=40))
def test_generated_lines_split_as_shlex_splits_them(text):
    assert _ours(text) == _shlex(text)


def test_every_line_of_the_corpus_splits_as_shlex_splits_it():
    """The real command lines (and every other line) of the corpus logs and scripts."""
    files = sorted((ROOT / "corpus").glob("*/train.log")) + sorted((ROOT / "corpus").glob("*/*.sh"))
    assert files
    for f in files:
        for line in f.read_text(encoding="utf-8", errors="replace").splitlines()[:3000]:
            assert _ours(line) == _shlex(line), (f, line)
