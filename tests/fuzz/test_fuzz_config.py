"""Config readers, bounded YAML/JSON and the rule loader on arbitrary and hostile text.

Properties: `files.read` / `logsrc.read` / `load_run_config` never raise (problems
are warnings); `safe_yaml` round-trips every ordinary document and refuses
(LimitError, quickly) every alias bomb, recursive anchor and over-deep nesting;
the rule loader reports errors instead of raising.
"""
from __future__ import annotations

import json
import string
import time

import yaml
from hypothesis import given
from hypothesis import strategies as st

from oomdoc import safe_yaml
from oomdoc.config import files, load_run_config, logsrc
from oomdoc.pipeline import read_events

from . import FUZZ
from .seeds import corpus_logs

keys = st.text(string.ascii_lowercase + "_", min_size=1, max_size=12)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-(2 ** 63), 2 ** 63), st.text(max_size=30),
                    st.floats(allow_nan=False, allow_infinity=False))
docs = st.recursive(scalars, lambda kids: st.one_of(st.lists(kids, max_size=5),
                                                    st.dictionaries(keys, kids, max_size=5)), max_leaves=40)
EXTS = [".yaml", ".json", ".toml", ".sh", ".txt"]


@FUZZ
@given(docs)
def test_safe_yaml_round_trips_ordinary_documents(obj):
    assert safe_yaml.load_yaml(yaml.safe_dump(obj)) == obj
    assert safe_yaml.load_json(json.dumps(obj)) == obj


@FUZZ
@given(st.integers(2, 30), st.integers(3, 12), st.booleans())
def test_alias_bombs_are_refused_fast(width, levels, as_list):
    lines = [f"a0: &a0 [{', '.join(['lol'] * width)}]"]
    for j in range(1, levels):
        refs = [f"*a{j - 1}"] * width
        body = f"[{', '.join(refs)}]" if as_list else "{" + ", ".join(f"k{i}: {r}" for i, r in enumerate(refs)) + "}"
        lines.append(f"a{j}: &a{j} {body}")
    text = "\n".join(lines)
    expanded = sum(width ** k for k in range(1, levels + 1))
    t0 = time.monotonic()
    try:
        obj = safe_yaml.load_yaml(text)
    except safe_yaml.LimitError:
        assert expanded > safe_yaml.MAX_ALIAS_NODES // 2
    else:
        assert expanded <= 4 * safe_yaml.MAX_ALIAS_NODES and obj["a0"] == ["lol"] * width
    assert time.monotonic() - t0 < 5


@FUZZ
@given(st.integers(1, 3000), st.sampled_from(["[", "{a: ", "- ", "{\"a\": "]))
def test_nesting_is_bounded(depth, opener):
    closer = {"[": "]", "{a: ": "}", "- ": "", "{\"a\": ": "}"}[opener]
    if opener == "- ":
        text = "".join("  " * i + "- \n" for i in range(depth)) + "  " * depth + "1\n"
    else:
        text = opener * depth + "1" + closer * depth
    for load in (safe_yaml.load_yaml, safe_yaml.load_json):
        try:
            load(text)
        except safe_yaml.LimitError:
            assert depth > safe_yaml.MAX_DEPTH - 2
        except (yaml.YAMLError, ValueError):
            pass        # not valid in this format


@FUZZ
@given(st.text(max_size=600), st.sampled_from(EXTS))
def test_config_files_of_any_text_never_raise(tmp_path_factory, text, ext):
    p = tmp_path_factory.mktemp("cfg") / f"run{ext}"
    p.write_text(text, encoding="utf-8", errors="surrogatepass")
    warnings: list[str] = []
    entries, commands, kind = files.read(str(p), warnings.append)
    assert kind in ("yaml", "json", "toml", "script", "unreadable")
    assert all(isinstance(w, str) and "Traceback" not in w for w in warnings)
    rc = load_run_config(None, [str(p)])
    assert not any(w.startswith("config layer failed") for w in rc.warnings), rc.warnings


@FUZZ
@given(docs, st.sampled_from([".yaml", ".json"]))
def test_config_files_of_any_document(tmp_path_factory, obj, ext):
    p = tmp_path_factory.mktemp("cfg") / f"run{ext}"
    p.write_text(yaml.safe_dump(obj) if ext == ".yaml" else json.dumps(obj))
    rc = load_run_config(None, [str(p)])
    assert not any(w.startswith("config layer failed") for w in rc.warnings), rc.warnings


dump_heads = st.sampled_from(["{'actor_rollout_ref': ", "json = {", "Namespace(", "actor_rollout_ref:\n  ",
                              "TrainingArguments(", "+ python3 -m verl.trainer.main_ppo ", "namespace(",
                              "Error executing job with overrides: [", "--------- config key  value ---\n"])


@FUZZ
@given(st.lists(st.tuples(dump_heads, st.text(max_size=120)), max_size=6), st.integers(0, len(corpus_logs()) - 1),
       st.integers(0, 100))
def test_config_dumps_in_logs_never_raise(blocks, i, cut):
    log = corpus_logs()[i]
    head = "\n".join(h + t for h, t in blocks).encode("utf-8", "surrogatepass")
    an = read_events(head + b"\n" + log[: len(log) * cut // 100] + b"\n")
    warnings: list[str] = []
    logsrc.read(an.lines, warnings.append)
    rc = load_run_config(an, [])
    assert not any(w.startswith("config layer failed") for w in rc.warnings), rc.warnings


@FUZZ
@given(st.one_of(docs.map(yaml.safe_dump), st.text(max_size=400)))
def test_rule_loader_reports_instead_of_raising(tmp_path_factory, text):
    from oomdoc.rules_engine.loader import load_rules, validate_file

    d = tmp_path_factory.mktemp("rules")
    p = d / "team.yaml"
    p.write_text(text, encoding="utf-8", errors="surrogatepass")
    rules, errors = validate_file(p)
    assert all(isinstance(e, str) for e in errors)
    rs = load_rules([str(d)], use_cache=False)
    assert isinstance(rs.errors, list)
