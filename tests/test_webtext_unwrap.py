"""Undoing what a web page (webtext.py) and a terminal (unwrap.py) did to a pasted log."""
from __future__ import annotations

from oomdoc.pipeline import read_events
from oomdoc.units import to_bytes
from oomdoc.unwrap import unwrap
from oomdoc.webtext import fixer

OOM = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of "
       "79.15 GiB of which 1.10 GiB is free. Including non-PyTorch memory, this process has 78.04 GiB memory in "
       "use. Of the allocated memory 75.20 GiB is allocated by PyTorch, and 1.91 GiB is reserved by PyTorch but "
       "unallocated.")


def _oom(data: bytes):
    evs = [e for e in read_events(data).events if e.kind == "gpu_oom"]
    assert len(evs) == 1, [e.kind for e in read_events(data).events]
    return evs[0]


def test_no_break_spaces_and_zero_width_marks_are_undone():
    pasted = OOM.replace(" ", "\u00a0").replace("memory", "mem\u200bory", 1)
    ev = _oom(("step 1\n" + pasted + "\n").encode())
    assert ev.facts["requested_bytes"] == 2 << 30 and ev.facts["total_bytes"] == to_bytes("79.15", "GiB")


def test_html_entities_are_undone_only_when_the_text_was_rendered():
    fix = fixer(b"File &quot;train.py&quot;, line 3, in &lt;module&gt;\n")
    assert fix(b"{&#39;loss&#39;: 1.2} &amp;lt;") == b"{'loss': 1.2} &lt;"
    assert fixer(b"see https://x.org/?a=1&amp;b=2 for help\n") is None     # one entity: a URL's
    assert fixer(b"plain ascii log\n") is None


def test_terminal_hard_wrap_is_joined_and_numbers_point_into_the_paste():
    pieces = [OOM[i:i + 100] for i in range(0, len(OOM), 100)]
    data = ("epoch 1\n" + "\n".join(pieces) + "\nwandb: done\n").encode()
    joined, renumber = unwrap(data)
    assert joined.split(b"\n")[1].decode() == OOM
    assert renumber(2) == 2 and renumber(3) == 2 + len(pieces)     # `wandb: done` keeps its line
    ev = _oom(data)
    assert ev.line == 2 and ev.facts["reserved_bytes"] > ev.facts["allocated_bytes"]


def test_two_lines_of_equal_length_by_chance_are_not_a_wrap():
    data = (b"+ python3 -m verl.trainer.main_ppo data.train_batch_size=1024\n"
            b"step:12 - actor/pg_loss:0.013 - perf/cpu_memory_used_gb:231.5\nKilled\n")
    assert unwrap(data) == (data, None)


def test_a_new_prefixed_line_is_never_glued_to_a_full_one():
    w = 80
    a = "(WorkerDict pid=1) " + "x" * (w - 19)
    data = "\n".join([a, "(WorkerDict pid=1) next", a, "(WorkerDict pid=2) other", a, "[rank0]: third"]).encode()
    assert unwrap(data) == (data, None) or b"\n(WorkerDict pid=1) next" in unwrap(data)[0]


def test_json_log_records_give_their_message_lines():
    import json

    rec = json.dumps({"level": "error", "message": "Traceback (most recent call last):\n"
                      "  File \"train.py\", line 3, in <module>\n    loss.backward()\n" + OOM})
    ev = _oom((rec + "\n").encode())
    assert ev.facts["requested_bytes"] == 2 << 30


def test_a_double_spaced_paste_is_closed_up_with_its_numbers():
    lines = ["step 1", "step 2", "Traceback (most recent call last):", '  File "train.py", line 3, in <module>',
             "    loss.backward()", OOM, "", "wandb: done"]
    data = "\n\n".join(lines).encode() + b"\n"
    closed, renumber = unwrap(data)
    assert closed.decode().split("\n")[:8] == lines
    ev, plain = _oom(data), _oom(("\n".join(lines) + "\n").encode())
    assert (ev.line, ev.end_line) == (renumber(plain.line), renumber(plain.end_line)) == (5, 2 * plain.end_line - 1)
    assert ev.facts == plain.facts


def test_a_word_wrapped_paste_is_joined_with_spaces():
    import textwrap

    ray = ("The actor is dead because its worker process has died. Worker exit type: SYSTEM_ERROR Worker exit "
           "detail: Worker unexpectedly exits with a connection error code 2. End of file. There are some "
           "potential root causes. (1) The process is killed by SIGKILL by OOM killer due to high memory usage.")
    lines = ["ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.", ray, ""]
    pasted = "\n".join("\n".join(textwrap.wrap(ln, 80) or [""]) for ln in lines)
    joined, renumber = unwrap(pasted.encode())
    assert joined.decode().split("\n")[:2] == lines[:2]
    assert renumber(2) == 3      # the report starts on the paste's third line


def test_tab_separated_rows_in_a_word_wrapped_paste_stay_rows():
    import textwrap

    prose = ("Memory on the node (IP: 10.8.0.11, ID: 4f2c) where the task was running was 479.62GB / 503.77GB "
             "(0.952), which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: 9a1e) because "
             "it was the most recently scheduled task; to see more information about memory usage on this node, "
             "use `ray logs raylet.out -ip 10.8.0.11`. Top 10 memory users:")
    rows = ["PID\tMEM(GB)\tCOMMAND", "20612\t31.42\tray::ActorModelRayActor.__init__",
            "20744\t29.87\tray::ReferenceModelRayActor.__init__", "20411\t16.79\tray::LLMRayActor.sleep"]
    pasted = "\n".join(textwrap.wrap(prose, 80) + rows)
    joined, _ = unwrap(pasted.encode())
    # a row's tab-separated columns are no long word that failed to fit after the row before
    assert joined.decode().split("\n")[-4:] == rows


def test_a_table_of_equal_lines_is_no_wrap():
    row = "| " + "x" * 76 + " |"
    data = "\n".join(["+" + "-" * 78 + "+", row, "| Processes: " + " " * 65 + "|", row, "+" + "-" * 78 + "+"]).encode()
    assert unwrap(data) == (data, None)


def test_json_records_that_are_not_log_records_are_left_as_they_are():
    from oomdoc.prefixes import clean

    deep = '{"a":' * 5000 + "1" + "}" * 5000
    assert clean(deep) == [deep]                       # too deep for json: not a record
    assert clean('{"log": 5}') == ['{"log": 5}']       # no message string
    assert clean('{"log": "cut here\\') == ["cut here\\"] or clean('{"log": "cut here\\')[0].startswith("cut here")


from hypothesis import given, settings
from hypothesis import strategies as st

_PIECES = st.sampled_from(["x" * 80, "y" * 79, "", "  File \"a.py\", line 1, in f", "Cell In[1], line 2",
                           "---> 3 f()", "&lt;", "&amp;", "\u00a0", "\u200b", "{\"log\": \"a\\n\"}", "\t1\tz",
                           "[rank0]: q", "| |", "+--+", OOM[:120], "\r", "é", "\x1b[31m"])


@settings(max_examples=150, deadline=None)
@given(st.lists(_PIECES, max_size=40), st.integers(min_value=0, max_value=3))
def test_any_mix_of_shapes_reads_without_error(pieces, sep):
    text = ["\n", "\n\n", "\r\n", " "][sep].join(pieces).encode()
    data, renumber = unwrap(text)
    assert data.count(b"\n") <= text.count(b"\n")
    if renumber is not None:
        lines = text.count(b"\n") + 1
        assert all(1 <= renumber(n) <= lines for n in range(1, len(data.split(b"\n")) + 1))
    read_events(text)          # never raises: every shape degrades to reading the text as it is


def test_a_double_spaced_paste_piped_into_live_mode_is_closed_up_too():
    """`pbpaste | oomdoc explain -`: the whole input arrives at once and is read as a file
    is, so a Ray report a web view double-spaced keeps its table of top memory users."""
    import json as _json
    import subprocess
    import sys
    from pathlib import Path

    case = Path(__file__).resolve().parent.parent / "corpus" / "cpu-offload-host-ram-openrlhf-engines-top-host-ram-users"
    lines = (case / "train.log").read_text(encoding="utf-8").rstrip("\n").split("\n")
    proc = subprocess.run([sys.executable, "-m", "oomdoc", "explain", "--format", "json", "-"],
                          input="\n\n".join(lines).encode(), capture_output=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-500:]
    report = _json.loads(proc.stdout.decode().splitlines()[0])
    assert report["diagnoses"][0]["cause"] == "cpu-offload-host-ram"
    first = min(e["line"] for e in report["events"] if e["kind"] == "ray_oom_kill")
    assert lines[(first + 1) // 2 - 1].startswith("(raylet)")      # numbered as in the paste


def test_colour_codes_a_log_store_wrote_out_take_no_column():
    """rsyslog writes ESC as `#033`: the terminal that wrapped the line showed no such text."""
    body = "2 Workers (tasks / actors) killed due to memory pressure (OOM), 0 Workers crashed due to other " \
           "reasons at node (ID: abd406d415bd2b74a5e281968fd76aa200d56e4529fd1c1cd4373840, IP: 10.0.0.26)"
    shown = "(raylet) " + body
    pieces = [shown[i:i + 60] for i in range(0, len(shown), 60)]
    pieces[0] = pieces[0].replace("(raylet)", "#033[2m#033[33m(raylet)#033[0m")
    joined, renumber = unwrap("\n".join(pieces).encode())
    assert joined.decode().split("\n")[0].endswith(body) and renumber(1) == 1


RAY_OOM = ("ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory. Memory on the "
           "node (IP: 10.0.0.5, ID: 5e0c2be7b51dd4a1f0d7396f3c9c1f14a6b2b1e0de9a0e8a3f2fd1c2) where the task "
           "(task ID: ffffffffffffffff0a6c1c3e5f0e86a9b0d7b2c201000000, name=WorkerDict.update_actor, pid=4242, "
           "memory used=58.31GB) was running was 487.52GB / 511.29GB (0.953512), which exceeds the memory usage "
           "threshold of 0.95. Ray killed this worker (ID: 3d0f4b7c2a1e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c9b8a) "
           "because it was the most recently scheduled task; to see more information about memory usage on this "
           "node, use `ray logs raylet.out -ip 10.0.0.5`.")


def test_a_word_wrap_that_left_a_line_short_before_a_long_id_is_joined_too():
    """An id or hash longer than the room left sends the wrap early; the short line is joined."""
    import textwrap

    from conftest import fold

    tb = ['Traceback (most recent call last):',
          '  File "/opt/conda/lib/python3.11/site-packages/ray/_private/auto_init_hook.py", line 21, in auto_init_wrapper',
          '    return fn(*args, **kwargs)', RAY_OOM, ""]
    for pasted in ("\n".join("\n".join(textwrap.wrap(ln, 80) or [""]) for ln in tb), fold("\n".join(tb), 80)):
        ev = [e for e in read_events(pasted.encode()).events if e.kind == "ray_oom_kill"]
        assert len(ev) == 1
        f = ev[0].facts
        assert (f["node_used_bytes"], f["node_total_bytes"]) == (to_bytes(487.52, "GB"), to_bytes(511.29, "GB"))
        assert f["task_memory_bytes"] == to_bytes(58.31, "GB")
        assert f["node_fraction"] == 0.953512


def test_a_word_wrap_keeps_a_statement_and_the_exception_after_it_apart():
    """`    return f(x)` ends a statement: the exception head after it, however long, is its own line;
    a rank prefix left alone on a line takes the dump line below it."""
    import textwrap

    lines = [OOM] * 2 + [
        "    actor_output = self.actor_rollout_wg.update_actor(batch)",
        "ray.exceptions.RayTaskError(OutOfMemoryError): ray::WorkerDict.actor_rollout_update_actor() (pid=60874)",
        "(main_task pid=60211)" + " " * 50 + "'param_offload': False,"]
    pasted = "\n".join("\n".join(textwrap.wrap(ln, 80) or [""]) for ln in lines)
    joined = unwrap(pasted.encode())[0].decode().split("\n")
    assert joined[:2] == lines[:2]
    assert joined[2] == lines[2]
    assert joined[3] == lines[3]
    assert joined[4] == "(main_task pid=60211) 'param_offload': False,"


def test_a_rule_line_and_a_traceback_header_end_themselves_in_a_word_wrapped_paste():
    import textwrap

    long = ("File /usr/local/lib/python3.10/dist-packages/unsloth/save.py:1298, in unsloth_save_pretrained_merged("
            "self, save_directory, tokenizer, save_method, push_to_hub, token, is_main_process, state_dict)")
    lines = ["-" * 75, "OutOfMemoryError                          Traceback (most recent call last)",
             "Cell In[21], line 2", long, long, long]
    pasted = "\n".join("\n".join(textwrap.wrap(ln, 80) or [""]) for ln in lines)
    joined, _ = unwrap(pasted.encode())
    assert joined.decode().split("\n")[:3] == lines[:3]


def test_a_one_line_message_word_wrapped_once_with_a_longer_second_piece_is_read():
    text = ("`2020-10-22 02:48:58 10.128.0.33 [3]   (1) Resource exhausted: Attempting to\n"
            "allocate 180.59M. That was not possible. There are 142.58M free.; (0x3x0_HBM1)`\n")
    evs = [e for e in read_events(text.encode()).events if e.kind == "accelerator_oom"]
    assert len(evs) == 1 and evs[0].facts.get("requested_bytes") == to_bytes("180.59", "M")


def test_a_shell_kill_notice_split_or_glued_by_a_paste_is_still_a_kill():
    for text in ("  5%|#    | 1/20 [14:19<4:32:11, 859.55s/it]./run.sh:\nline 142: 175323 Killed                  python -m x\n",
                 "8.08s/it]/home/u/start-rl.sh: line 14: 3103923 Killed python trl/examples/ppo.py --lr 3e-6\n"):
        kills = [e for e in read_events(text.encode()).events if e.kind == "process_killed"]
        assert [(e.facts["signal"], e.facts["launcher"]) for e in kills] == [(9, "shell")], text


def _fold(text: str, width: int = 80) -> str:
    """`fold -s -w 80`: broken after the last blank that fits (kept at the line's end), a word
    longer than the width cut at it."""
    import subprocess

    return subprocess.run(["fold", "-s", "-w", str(width)], input=text.encode(), capture_output=True,
                          check=True).stdout.decode()


def test_a_word_longer_than_the_width_is_joined_without_a_space_in_a_word_wrapped_paste():
    # fold -s and textwrap cut a word longer than the width (a long path) at the width: the
    # pieces of that word join tightly, the other breaks with a space
    frame = '  File "/mnt/storage/app/minimind/.venv/lib/python3.12/site-packages/torch/nn/functional.py", line 2213, in softmax'
    text = "\n".join(["Traceback (most recent call last):", frame, "    ret = input.softmax(dim)", OOM, ""])
    joined, _ = unwrap(_fold(text).encode())
    assert frame.encode() in joined.replace(b" \n", b"\n")
    ev = _oom(_fold(text).encode())
    assert ev.facts["requested_bytes"] == 2 << 30 and ev.facts.get("op") == "attention"


def test_a_short_word_wrapped_paste_with_two_lines_of_one_length_is_no_terminal_wrap():
    # textwrap at 80 left two lines of 78 columns: a coincidence, not a terminal's width
    text = ("joblib.externals.loky.process_executor.TerminatedWorkerError: A worker process\n"
            "managed by the executor was unexpectedly terminated. This could be caused by a\n"
            "segmentation fault while calling the function or by an excessive memory usage\n"
            "causing the Operating System to kill the worker.\n")
    joined, _ = unwrap(text.encode())
    assert joined.decode().split("\n")[0] == " ".join(text.split("\n")[:4])


def test_an_exception_line_after_a_code_line_that_fits_exactly_is_its_own_line():
    code = " attn_output = torch.nn.functional.scaled_dot_product_attention("
    mps = ("RuntimeError: MPS backend out of memory (MPS allocated: 7.23 GB, other allocations: 1.54 GB, max "
           "allowed: 9.07 GB). Tried to allocate 896.00 MB on private pool. Use "
           "PYTORCH_MPS_HIGH_WATERMARK_RATIO=0.0 to disable upper limit for memory allocations (may cause system "
           "failure).")
    joined, _ = unwrap(_fold(code + "\n" + mps + "\n").encode())
    assert joined.decode().split("\n")[0] == code


def test_a_shell_continuation_and_a_progress_bar_pushed_down_by_a_word_wrap_are_joined():
    import textwrap

    cmd = '                --master_port=$(echo "$ARNOLD_WORKER_0_PORT" | cut -d "," -f 1) \\'
    bar = "Train:  18%|████████████████" + " " * 60 + "| 88/494 [04:04<18:48,  2.78s/it]"
    text = "\n".join(["torchrun --nproc_per_node=8 \\", cmd, "                --per_device_train_batch_size 4",
                      OOM, OOM, bar, ""])
    wrapped = "\n".join("\n".join(textwrap.wrap(ln, 80, break_on_hyphens=False) or [""]) for ln in text.split("\n"))
    lines = unwrap(wrapped.encode())[0].decode().split("\n")
    assert cmd.strip() in [ln.strip() for ln in lines]
    assert "Train:  18%|████████████████ | 88/494 [04:04<18:48,  2.78s/it]" in lines
