"""Notebook tracebacks (IPython 7 and 8 renderings) give the phase as a script's do."""
from __future__ import annotations

from oomdoc.ipython import to_python
from oomdoc.pipeline import read_events

OOM = ("OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB (GPU 0; 14.75 GiB total capacity; "
       "12.31 GiB already allocated; 1.27 GiB free; 12.45 GiB reserved in total by PyTorch)")

IPYTHON8 = f"""---------------------------------------------------------------------------
OutOfMemoryError                          Traceback (most recent call last)
Cell In[12], line 1
----> 1 trainer.train()

File /usr/lib/python3.10/site-packages/transformers/trainer.py:1539, in Trainer.train(self, resume_from_checkpoint)
   1537         hf_hub_utils.enable_progress_bars()
-> 1539     return inner_training_loop(
   1540         args=args,

File /usr/lib/python3.10/site-packages/torch/autograd/__init__.py:200, in backward(tensors, grad_tensors)
--> 200 Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass
    201     tensors, grad_tensors_, retain_graph, create_graph, inputs,

{OOM}
"""

IPYTHON7 = f"""---------------------------------------------------------------------------
RuntimeError                              Traceback (most recent call last)
<ipython-input-5-3f2b1c> in <module>()
----> 1 model = AutoModelForCausalLM.from_pretrained(name).to("cuda")

/usr/local/lib/python3.7/dist-packages/transformers/modeling_utils.py in from_pretrained(cls, name, *args)
   2180         model = cls(config, *model_args, **model_kwargs)
-> 2181         state_dict = load_state_dict(resolved_archive_file)

{OOM.replace("OutOfMemoryError", "RuntimeError")}
"""


def _oom(text: str):
    return next(e for e in read_events(text.encode()).events if e.kind == "gpu_oom")


def test_ipython8_frames_give_the_phase():
    ev = _oom(IPYTHON8)
    assert ev.facts["phase"] == "backward" and ev.line == 2 and ev.facts["requested_bytes"] == 3 << 29


def test_ipython7_frames_give_the_phase():
    assert _oom(IPYTHON7).facts["phase"] == "model_load"


def test_lines_are_rewritten_as_python_prints_them():
    assert to_python("File /x/trainer.py:1539, in Trainer.train(self, a)") == \
        '  File "/x/trainer.py", line 1539, in train'
    code = to_python("-> 1539     return inner_training_loop(")
    assert code.startswith("    ") and code.strip() == "return inner_training_loop("
    assert to_python("Cell In[12], line 1") == '  File "<cell 12>", line 1, in <module>'
    assert to_python("plain log line") == "plain log line"


def test_a_ray_table_is_left_alone_outside_a_notebook_traceback():
    log = ("ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\n"
           "PID\tMEM(GB)\tCOMMAND\n 40102\t47.92\tray::LLMRayActor\n")
    assert "40102" in "\n".join(ln.text for ln in read_events(log.encode()).lines)


COLAB = f"""---------------------------------------------------------------------------
OutOfMemoryError                          Traceback (most recent call last)
[<ipython-input-7-3d62c575fcfd>](https://localhost:8080/#) in <cell line: 1>()
----> 1 trainer_stats = trainer.train()

13 frames
[/usr/local/lib/python3.10/dist-packages/transformers/trainer.py](https://localhost:8080/#) in training_step(self, model, inputs)
   3233         else:
-> 3234             self.accelerator.backward(loss)

[/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py](https://localhost:8080/#) in backward(tensors)
--> 266     Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass

{OOM}
"""


def test_colab_frames_rendered_as_markdown_links_give_the_phase():
    ev = _oom(COLAB)
    assert ev.facts["phase"] == "backward" and ev.line == 2
    assert any("transformers/trainer.py" in f for f in ev.frames)
