"""Families and shapes read from the misses of bench/evalsets/unseen-k (session 8)."""
from __future__ import annotations

from oomdoc import read_events


def test_macos_shell_names_sigkill_with_its_number():
    """On macOS the shell's job status is strsignal()'s text, which ends with the number:
    `script: line N: PID Killed: 9  cmd`, or a bare `Killed: 9` after a progress bar."""
    for line, pid in (("./run.sh: line 41: 23001 Killed: 9               python train.py --config c.yaml", 23001),
                      ("Epoch 3:  41%|████      | 410/1000 [12:03<17:21,  1.76s/it]Killed: 9", None),
                      ("Killed: 9", None)):
        log = "step 410 loss 1.2\n" + line + "\nzsh: terminated  ./run.sh\n"
        kills = [e for e in read_events(log.encode()).events if e.kind == "process_killed"]
        assert [(k.facts["signal"], k.facts.get("pid")) for k in kills] == [(9, pid)], line
    # other signals' texts and prose are no SIGKILL report
    for line in ("Terminated: 15", "./run.sh: line 41: 23001 Terminated: 15  python train.py",
                 "the worker was Killed: 9 times out of 10 in the sweep"):
        evs = read_events(("step 1\n" + line + "\n").encode()).events
        assert not [e for e in evs if e.kind == "process_killed"], line


_NOTEBOOK = """ 81%|████████▏ | 65/80 [02:12<00:30,  2.03s/it]
---------------------------------------------------------------------------
{exc}                          Traceback (most recent call last)
Cell In[21], line 2
----> 2 model.save_pretrained_merged(out_dir, tokenizer, save_method="merged_16bit")

File /usr/local/lib/python3.10/dist-packages/unsloth/save.py:1298, in unsloth_save_pretrained_merged(self, save_directory)
   1296 arguments["model"] = self
-> 1298 unsloth_save_model(**arguments)
"""


def test_notebook_header_keeps_an_out_of_memory_class_when_the_message_was_not_pasted():
    """IPython names the exception in its header; a paste cut before the traceback's last line
    says `OutOfMemoryError` only there, so the rewrite to Python's form keeps that class."""
    for exc in ("OutOfMemoryError", "torch.OutOfMemoryError", "torch.cuda.OutOfMemoryError"):
        evs = [e for e in read_events(_NOTEBOOK.format(exc=exc).encode()).events if e.kind != "progress"]
        assert [(e.kind, e.facts.get("memory")) for e in evs] == [("accelerator_oom", "gpu")], exc
    # another class in the header stays a plain traceback start
    assert not [e for e in read_events(_NOTEBOOK.format(exc="ValueError").encode()).events
                if e.kind != "progress"]
