"""Tracebacks as Jupyter / IPython / Colab print them, read as Python prints them.

A notebook user pastes IPython's rendering (ultratb), not Python's:

    OutOfMemoryError                          Traceback (most recent call last)
    Cell In[12], line 1
    ----> 1 trainer.train()
    File /usr/lib/python3.10/site-packages/transformers/trainer.py:1539, in Trainer.train(self, ...)
       1537         hf_hub_utils.enable_progress_bars()
    -> 1539     return inner_training_loop(
    OutOfMemoryError: CUDA out of memory. Tried to allocate ...

Each line is rewritten to the shape of Python's own traceback (`  File "path", line N, in
func`, code lines indented), so the frames give the phase and the framework as they do
for a script. IPython 7 wrote frames as `path.py in func(args)`; both are read.
"""
from __future__ import annotations

from . import re_cache

# IPython >= 8: `File /path/x.py:1539, in Trainer.train(self, ...)`
_FRAME8 = r"File (?P<path>/?[^\s:\"][^:\"]*\.py):(?P<no>\d+), in (?:[\w.<>]+\.)?(?P<func>[\w<>]+)\("
# IPython 7: `/path/x.py in train(self, ...)` and `<ipython-input-5-ab12> in <module>`
_FRAME7 = r"(?P<path>/\S+\.py|<ipython-input-[\w-]+>) in (?P<func>[\w<>]+)(?:\(| line)"
_CELL = r"(?:Cell In ?\[(?P<cell>\d*)\]|Input In ?\[(?P<inp>\d*)\]), line (?P<no>\d+)"
# `----> 1 trainer.train()`, `-> 1539     return ...`, `   1537         x = ...`
_CODE = r"(?:-*> ?|\s+)\d+ "
_HEADER = r"(?P<exc>[A-Za-z_][\w.]*)\s{2,}Traceback \(most recent call last\)\s*$"
# Colab renders a frame's file as a Markdown link: `[/usr/.../trainer.py](https://localhost:8080/#) in train(...)`
_LINKED = r"\[([^\]]+)\]\(https?://[^)\s]*\)"
_rx = re_cache.compile   # compiled on first use (per process): most logs hold no notebook traceback
_STARTS = ("File ", "Cell In", "Input In", "-", "/", "<ipython-input-")


def starts(text: str) -> bool:
    """`text` is a line only IPython prints: from here on the log's tracebacks are IPython's."""
    if text[:1] not in "CIF-<[" and "Traceback (most" not in text:
        return False
    if text[:1] == "[":
        return text.startswith("[<ipython-input-") and "](" in text
    return text.startswith(("Cell In", "Input In", "---->", "<ipython-input-")) or \
        _rx(_FRAME8).match(text) is not None or _rx(_HEADER).match(text) is not None


def to_python(text: str) -> str:
    """`text` as Python's traceback would print that line (unchanged when it is no IPython line)."""
    if text[:1] == "[" and "](" in text:
        text = _rx(_LINKED).sub(r"\1", text, count=1)
    c = text[:1]
    if c.isdigit() and _collapsed(text):
        return ""
    if c == " " and (m := _rx(_CODE).match(text)) is not None:
        return "    " + text[m.end():]
    if not text.startswith(_STARTS) and "Traceback (most" not in text:
        return text
    if (m := _rx(_FRAME8).match(text)) is not None:
        return f'  File "{m["path"]}", line {m["no"]}, in {m["func"]}'
    if (m := _rx(_CELL).match(text)) is not None:
        return f'  File "<cell {m["cell"] or m["inp"] or ""}>", line {m["no"]}, in <module>'
    if (m := _rx(_FRAME7).match(text)) is not None:
        return f'  File "{m["path"]}", line 0, in {m["func"]}'
    if c == "-" and (m := _rx(_CODE).match(text)) is not None:
        return "    " + text[m.end():]
    if (m := _rx(_HEADER).match(text)) is not None:
        # the header names the exception; when the paste stops before the traceback's last line it is the
        # only place the class is said, so an out-of-memory class is kept in Python's form on that line
        if m["exc"].rpartition(".")[2] == "OutOfMemoryError":
            return f"Traceback (most recent call last): {m['exc']}"
        return "Traceback (most recent call last):"
    return text


def _collapsed(text: str) -> bool:
    """Colab's `13 frames` line, standing for the frames it folded away."""
    head, _, rest = text.partition(" ")
    return head.isdigit() and rest.strip() == "frames"
