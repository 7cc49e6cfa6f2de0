"""`oomdoc explain` end to end: exit codes, text/markdown/JSON renderers, the JSON
Schema, examples, and the `rules` subcommands."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from oomdoc.cli import main
from oomdoc.diagnose import explain

FRAG = ("[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total "
        "capacity of 79.15 GiB of which 1.19 GiB is free. Including non-PyTorch memory, this process has "
        "77.90 GiB memory in use. Of the allocated memory 60.00 GiB is allocated by PyTorch, and 15.00 GiB "
        "is reserved by PyTorch but unallocated.\n")
CRASH = ("RuntimeError: CUDA error: an illegal memory access was encountered\n"
         "CUDA kernel errors might be asynchronously reported at some other API call\n")


@pytest.fixture
def log(tmp_path):
    def write(text, name="train.log"):
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        return str(p)
    return write


def run(capsys, *args):
    code = main(list(args))
    out = capsys.readouterr()
    return code, out.out, out.err


def test_api_names_the_cause_with_evidence_and_fixes(log):
    rep = explain(log(FRAG))
    top = rep.diagnoses[0]
    assert top.cause == "allocator-fragmentation" and 0 < top.confidence <= 1
    assert top.evidence[0][0] == 1 and "Tried to allocate" in top.evidence[0][1]
    assert "alloc.expandable_segments" in {f.knob for f in rep.fixes}
    assert rep.shortfall_bytes == int(round(0.81 * 2**30))


def test_json_contract(log, capsys):
    code, out, _ = run(capsys, "explain", log(FRAG), "--format", "json")
    assert code == 0
    data = json.loads(out)
    for key in ("schema_version", "oomdoc_version", "source", "events", "metrics", "stats",
                "framework", "config", "diagnoses", "fixes", "shortfall_bytes"):
        assert key in data
    assert isinstance(data["framework"], dict) and "id" in data["framework"]
    d = data["diagnoses"][0]
    assert set(d) >= {"rule", "cause", "confidence", "title", "evidence", "fixes"}
    assert d["evidence"][0] == {"line": 1, "text": d["evidence"][0]["text"]}
    fix = d["fixes"][0]
    assert set(fix) >= {"knob", "value", "change", "frees_bytes", "why", "cost"}
    assert data["events"][0]["kind"] == "gpu_oom"


_TYPES = {"object": dict, "array": list, "string": str, "boolean": bool, "null": type(None),
          "integer": int, "number": (int, float)}


def _check_schema(value, schema, path="$") -> list[str]:
    """The JSON Schema keywords `oomdoc schema` uses (type, const, required, properties,
    additionalProperties, items, minimum, maximum): no dependency on jsonschema."""
    errs: list[str] = []
    types = schema.get("type")
    if types is not None:
        names = [types] if isinstance(types, str) else types
        ok = any(isinstance(value, _TYPES[t]) and not (t in ("integer", "number") and isinstance(value, bool))
                 for t in names)
        if not ok:
            return [f"{path}: {type(value).__name__} is not {names}"]
    if "const" in schema and value != schema["const"]:
        errs.append(f"{path}: {value!r} != {schema['const']!r}")
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            errs.append(f"{path}: {value} < {schema['minimum']}")
        if "maximum" in schema and value > schema["maximum"]:
            errs.append(f"{path}: {value} > {schema['maximum']}")
    if isinstance(value, dict):
        errs += [f"{path}: missing {k!r}" for k in schema.get("required", []) if k not in value]
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for k, v in value.items():
            if k in props:
                errs += _check_schema(v, props[k], f"{path}.{k}")
            elif extra is False:
                errs.append(f"{path}: unexpected {k!r}")
            elif isinstance(extra, dict):
                errs += _check_schema(v, extra, f"{path}.{k}")
    if isinstance(value, list) and isinstance(schema.get("items"), dict):
        for i, v in enumerate(value):
            errs += _check_schema(v, schema["items"], f"{path}[{i}]")
    return errs


def test_json_matches_its_schema(log, capsys):
    _, out, _ = run(capsys, "explain", log(FRAG), "--format", "json")
    _, schema, _ = run(capsys, "schema")
    report, schema = json.loads(out), json.loads(schema)
    assert _check_schema(report, schema) == []
    assert _check_schema({"schema_version": "x"}, schema)      # the checker does check
    try:
        import jsonschema
    except ImportError:
        return
    jsonschema.validate(report, schema)


def test_schema_command_prints_json_schema(capsys):
    code, out, _ = run(capsys, "schema")
    schema = json.loads(out)
    assert code == 0 and "diagnoses" in schema["properties"] and schema["properties"]["schema_version"]


def test_text_output_plain_without_tty(log, capsys, monkeypatch):
    monkeypatch.delenv("NO_COLOR", raising=False)
    code, out, _ = run(capsys, "explain", log(FRAG))
    assert code == 0
    assert "\x1b[" not in out                       # not a TTY: no colour
    assert "cause: allocator-fragmentation" in out
    assert "tried to allocate 2.00 GiB" in out and "line 1" in out
    assert "fixes" in out and "expandable_segments" in out


def test_text_colour_only_on_tty_and_no_color(log):
    from oomdoc.render.explain_text import render

    rep = explain(log(FRAG))
    assert "\x1b[" in render(rep, color=True)
    assert "\x1b[" not in render(rep, color=False)


def test_markdown_section(log, capsys):
    code, out, _ = run(capsys, "explain", log(FRAG), "--format", "markdown")
    assert code == 0
    assert out.startswith("### Out-of-memory diagnosis: allocator-fragmentation")
    assert "| line | text |" in out and "**Fixes**" in out


def test_not_oom_crash(log, capsys):
    code, out, _ = run(capsys, "explain", log(CRASH), "--format", "json")
    assert code == 0
    causes = [d["cause"] for d in json.loads(out)["diagnoses"]]
    assert causes and set(causes) == {"not-oom"}


def test_healthy_log_exit_zero_and_no_oom_cause(log, capsys):
    code, out, _ = run(capsys, "explain", log("step:1 - loss:1.0\nstep:2 - loss:0.9\n"), "--format", "json")
    assert code == 0
    assert all(d["cause"] == "not-oom" for d in json.loads(out)["diagnoses"])


def test_top_limits_diagnoses(log, capsys):
    _, out, _ = run(capsys, "explain", log(FRAG), "--format", "json", "--top", "1")
    assert len(json.loads(out)["diagnoses"]) == 1


@pytest.mark.parametrize("args", [["explain", "/no/such/file.log"], ["explain"],
                                  ["explain", "--example", "no-such-example-xyz"],
                                  ["explain", "--format", "yaml", "x"]])
def test_usage_and_input_errors_exit_2(args, capsys):
    with pytest.raises(SystemExit) as exc:
        code = main(args)
        raise SystemExit(code)
    assert exc.value.code == 2


def test_broken_user_rules_exit_2_naming_file(log, tmp_path, capsys):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "bad.yaml").write_text("id: bad\ncause: not-a-cause\ntitle: t\nwhat: w\nwhy: y\n"
                                    "when: {all: [{event: gpu_oom}]}\n")
    with pytest.raises(SystemExit) as exc:
        main(["explain", log(FRAG), "--rules", str(rules)])
    assert exc.value.code == 2
    assert "bad.yaml" in capsys.readouterr().err


def test_user_rule_adds_a_diagnosis(log, tmp_path, capsys):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "team.yaml").write_text(
        "id: team-crash\ncause: not-oom\ntitle: Our flaky kernel\nwhat: w\nwhy: y\n"
        "when:\n  all:\n    - {event: crash, text: 'illegal memory', weight: 0.95}\n")
    _, out, _ = run(capsys, "explain", log(CRASH), "--rules", str(rules), "--format", "json")
    assert json.loads(out)["diagnoses"][0]["rule"] == "team-crash"


def test_examples_and_example_flag(capsys):
    code, out, _ = run(capsys, "examples")
    assert code == 0
    name = out.split()[0]
    code, out, _ = run(capsys, "explain", "--example", name, "--format", "json")
    assert code == 0 and json.loads(out)["diagnoses"]


def test_rules_list_show_check(capsys):
    code, out, _ = run(capsys, "rules", "list")
    assert code == 0 and "allocator-fragmentation-reserved-unallocated" in out
    code, out, _ = run(capsys, "rules", "show", "allocator-fragmentation-reserved-unallocated")
    assert code == 0 and "## What it detects" in out and "## References" in out
    with pytest.raises(SystemExit) as exc:
        main(["rules", "check"])
    assert exc.value.code == 0
    with pytest.raises(SystemExit) as exc:
        main(["rules", "show", "allocator-fragmentaton-reserved"])
    assert exc.value.code == 2 and "did you mean" in capsys.readouterr().err


def test_rules_check_reports_bad_file(tmp_path, capsys):
    bad = tmp_path / "x.yaml"
    bad.write_text("id: x\ncause: memory-leak\ntitle: t\nwhat: w\nwhy: y\n"
                   "when: {all: [{knob: actor.micro_batch_sise, gte: 2}]}\n")
    with pytest.raises(SystemExit) as exc:
        main(["rules", "check", str(bad)])
    out = capsys.readouterr().out
    assert exc.value.code == 1 and "x.yaml" in out and "actor.micro_batch_size" in out


def test_low_confidence_shows_closest_cases(log):
    from oomdoc import similarity

    rep = explain(log("[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. "
                      "GPU 0 has a total capacity of 79.15 GiB of which 30.00 GiB is free.\n"))
    assert not rep.diagnoses or rep.diagnoses[0].confidence < 0.5
    sig = similarity.signature(rep.analysis)
    assert "gpu_oom" in sig and "N" in sig and "20.00" not in sig      # numbers masked


def test_rules_test_runs_a_corpus_dir(tmp_path, capsys):
    case = tmp_path / "corpus" / "frag-case"
    case.mkdir(parents=True)
    (case / "train.log").write_text(FRAG)
    (case / "expected.yaml").write_text(
        "first_cause: allocator-fragmentation\nmust_not: [not-oom]\n"
        "facts:\n  - kind: gpu_oom\n    facts: {requested_bytes: 2 GiB, device: 0}\n"
        "fixes: [alloc.expandable_segments]\n")
    bad = tmp_path / "corpus" / "wrong-case"
    bad.mkdir()
    (bad / "train.log").write_text(FRAG)
    (bad / "expected.yaml").write_text("first_cause: memory-leak\n")
    with pytest.raises(SystemExit) as exc:
        main(["rules", "test", str(tmp_path / "corpus")])
    out = capsys.readouterr().out
    assert exc.value.code == 1
    assert "FAIL   wrong-case" in out and "frag-case" not in out.split("FAIL")[1]
    assert "2 cases, 1 passed, 1 failed" in out


@pytest.mark.parametrize("case", sorted(p.name for p in (Path(__file__).resolve().parent.parent / "corpus").iterdir()
                                        if (p / "train.log").is_file())[::5])
def test_corpus_reports_match_the_schema(case):
    from oomdoc.diagnose import explain
    from oomdoc.render.explain_json import SCHEMA, render

    d = Path(__file__).resolve().parent.parent / "corpus" / case
    report = json.loads(json.dumps(render(explain(str(d / "train.log"), similar=False)), default=str))
    assert _check_schema(report, SCHEMA) == []


DS_TEARDOWN = '$ deepspeed --num_gpus 2 finetune.py --deepspeed ds_zero2.json --model_name_or_path Qwen/Qwen1.5-7B --per_device_train_batch_size 16 --max_length 2048 --bf16 True\n[2024-03-02 14:20:13,882] [INFO] [launch.py:145:main] WORLD INFO DICT: {\'localhost\': [0, 1]}\n[2024-03-02 14:20:13,882] [INFO] [launch.py:163:main] dist_world_size=2\nTrainingArguments(\nbf16=True,\ndeepspeed=ds_zero2.json,\ngradient_accumulation_steps=1,\ngradient_checkpointing=True,\nlearning_rate=2e-05,\nper_device_train_batch_size=16,\n)\n***** Running training *****\n  Num examples = 52,002\n  Num Epochs = 3\n  Instantaneous batch size per device = 16\n  Total train batch size (w. parallel, distributed & accumulation) = 32\n  Gradient Accumulation steps = 1\n{\'loss\': 1.9121, \'grad_norm\': 2.4410, \'learning_rate\': 2e-05, \'epoch\': 0.01}\n{\'loss\': 1.8734, \'grad_norm\': 2.1028, \'learning_rate\': 2e-05, \'epoch\': 0.02}\nTraceback (most recent call last):\n  File "/workspace/finetune.py", line 212, in <module>\n    trainer.train()\n  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 1624, in train\n    return inner_training_loop(\n  File "/usr/local/lib/python3.10/dist-packages/transformers/models/qwen2/modeling_qwen2.py", line 1185, in forward\n    logits = logits.float()\ntorch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 18.55 GiB. GPU 1 has a total capacity of 79.15 GiB of which 9.12 GiB is free. Process 40312 has 70.02 GiB memory in use. Of the allocated memory 61.87 GiB is allocated by PyTorch, and 6.54 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)\n[2024-03-02 14:31:40,117] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 40311\n[2024-03-02 14:31:40,118] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 40312\n'


def test_deepspeed_launcher_teardown_after_a_cuda_oom_is_no_host_kill():
    """DeepSpeed's sigkill_handler kills every child once one exits with an error: its `Killing
    subprocess N` lines after the log's own CUDA OOM (the paste cut before the exit-code line) are
    its teardown, not host memory (from unseen-j's j-06). The logits request is 16 x 2048 x 151936
    x 4 bytes = 18.55 GiB."""
    rep = explain(DS_TEARDOWN.encode(), similar=False)
    causes = [d.cause for d in rep.diagnoses]
    assert causes[0] == "micro-batch-too-large", causes
    assert "host-ram-pressure" not in causes
    # the same kill lines with no device OOM in the log still read as a possible host kill
    alone = "\n".join(ln for ln in DS_TEARDOWN.split("\n") if "sigkill_handler" in ln or ln.startswith("{'loss'"))
    assert "host-ram-pressure" in [d.cause for d in explain(alone.encode(), similar=False).diagnoses]
