"""Config printed in the log itself: dumps, reprs, tables and echoed commands.

Shapes read (each from the first line of its block; multi-line blocks are
re-joined from the lines of the same writer, so other ranks' output in
between does not break them):

* verl / Search-R1 `pprint` dict dump (`{'actor_rollout_ref': ...`), via `literal_eval` (`pyliteral`: ast's);
* YAML-shaped dumps (`OmegaConf.to_yaml`) starting at a known top-level key;
* JSON dumps: EasyR1's `json.dumps(config)` and DeepSpeed's `json = {...}`;
* `Name(key=value, ...)` reprs: argparse `Namespace`, OpenRLHF's nested
  `namespace(...)`, HF `TrainingArguments`/`GRPOConfig`/`SFTConfig`/...,
  Open-Reasoner-Zero `PPOExpConfig`;
* vLLM's `Initializing an LLM engine ... with config: ...` line and `non-default args: {...}`;
* torch elastic's `Starting elastic_operator with launch configs:` block;
* Open-Reasoner-Zero's `config key / value` table and `Override k from a to b`;
* accelerate's "`--num_processes` was set to a value of `8`" summary;
* LLaMA-Factory's `Process rank: 0, world size: 8, ...`; HF Trainer's banner;
* a call to `gradient_checkpointing_enable(...)` in quoted code (a traceback's context, a pasted script);
* echoed launch commands (`set -x` `+ python3 -m ...`, `$ accelerate launch ...`),
  `+ export NAME=value`, Hydra's `Error executing job with overrides: [...]`.
"""
from __future__ import annotations

from .. import re_cache
from . import banners, shell
from .values import COMMAND, DUMP, Entry, bracket_depth, flatten, literal, parse_kv

MAX_BLOCK = 20000
_REPR = re_cache.lazy(r"\b([A-Z]\w*(?:Config|Arguments)|[Nn]amespace)\(")
_YAML_TOP = re_cache.lazy(r"^([a-z_]+):\s*$")
_YAML_LINE = re_cache.lazy(r"^(\s+\S|[\w.-]+:(\s|$)|- )")
# a flat YAML run config pasted into a report (LLaMA-Factory's, axolotl's, torchtune's): `key: value` lines
_FLAT_KV = re_cache.lazy(r"^([a-z_][a-z0-9_.]*):[ \t]+(\S.*?)\s*$")
FLAT_MIN_KEYS = 5        # key: value lines in the block
FLAT_MIN_KNOWN = 2       # of them, keys some framework's mapping reads
_ACCEL = re_cache.lazy(r"`--(\w+)` was set to a value of `([^`]*)`")
_LF_RANK = re_cache.lazy(r"Process rank: \d+, world size: (\d+), device: \S+, distributed training: \w+, "
                      r"compute dtype: torch\.(\w+)")
_ENV = re_cache.lazy(r"^(?:\+\s+)?(?:export\s+)?((?:PYTORCH_CUDA_ALLOC_CONF|PYTORCH_ALLOC_CONF|RAY_memory_\w+|"
                  r"CUDA_VISIBLE_DEVICES|VLLM_\w+))=(\S*)")
_ENV_FIRST = "+ePCRV"      # what an _ENV match starts with: `+ `, `export `, a variable's name
_ORZ_OVERRIDE = re_cache.lazy(r"^Override (\w+) from (.*) to (.*)$")
_TOPS = ("actor_rollout_ref", "worker", "algorithm", "trainer", "critic", "data", "reward_model")
_HF_BANNER_HEADS = ("Instantaneous", "Gradient Acc", "Total ", "Num ", "Number of train", "Training with Data")
# a call to HF's `gradient_checkpointing_enable(...)` in code, not commented out (an IPython context line keeps its
# number gutter, an arrow `---->` marks the running one)
_CALLED = re_cache.lazy(r"^(?:-*>?\s*\d+\s+)?[^#'\"]*\bgradient_checkpointing_enable\(")
_TRL_CLASSES = ("GRPOConfig", "PPOConfig", "RLOOConfig", "DPOConfig", "SFTConfig", "KTOConfig", "ORPOConfig")


def read(lines, warn) -> tuple[list[Entry], list[shell.Command]]:
    entries: list[Entry] = []
    commands: list[shell.Command] = []
    n = len(lines)
    i = 0
    seen_blocks: set[int] = set()
    while i < n:
        ln = lines[i]
        t = ln.text
        s = banners.message(t.strip()).strip()
        i += 1
        if not s:
            continue
        c = s[0]
        try:
            if c == "{" and (s.startswith("{'") or s == "{"):
                _dump(lines, i - 1, s, entries, warn)
            elif s.startswith("json = {"):
                _json(lines, i - 1, entries, warn, ns="deepspeed", first=s[7:])
            elif s.startswith("cmd = ") or "spawned with command:" in s:
                _launcher_line(_unwrapped(lines, i - 1, s), ln.no, entries, commands, warn)
            elif c in "+$" or (c.isalpha() and _maybe_command(s)):
                _command_line(lines, i - 1, s, entries, commands, warn)
            if banners.is_deepspeed_print(ln.raw, s):
                got, json_text = banners.deepspeed_print(_unwrapped(lines, i - 1, s), ln.no)
                entries.extend(got)
                if json_text:
                    _json(lines, i - 1, entries, warn, ns="deepspeed", first=json_text, wrap="zero_optimization")
            elif s.startswith(banners.ACCELERATE_STATE):
                block = list(_same_source_lines(lines, i, 10))
                entries.extend(banners.accelerate_state([b.text for b in block], [b.no for b in block]))
            elif c == "-" and banners.ARGS_TABLE.match(s):
                block = list(_same_source_lines(lines, i, 2000))
                entries.extend(banners.args_table([b.text for b in block], [b.no for b in block]))
            elif "DeepSpeedZero" in s:
                entries.extend(banners.zero_reprs(s, ln.no))
            elif "non-default args: {" in s:
                entries.extend(banners.vllm_non_default_args(s.split("non-default args: ", 1)[1], ln.no))
            elif banners.ELASTIC_CONFIGS in s:
                block = list(_same_source_lines(lines, i, 16))
                entries.extend(banners.elastic_launch_configs([b.text for b in block], [b.no for b in block]))
            elif "with config:" in s and "LLM engine" in s:
                body = s.split("with config:", 1)[1]
                _add_all(entries, flatten(parse_kv(body)), ln.no, DUMP, "vllm", "dump")
            elif "(" in s and _REPR.search(s) and ln.no not in seen_blocks:
                _repr(lines, i - 1, entries, seen_blocks)
            elif _YAML_TOP.match(t) and _YAML_TOP.match(t).group(1) in _TOPS:
                _yaml(lines, i - 1, entries, warn)
            elif "a" <= c <= "z" and _FLAT_KV.match(t):
                i = _flat_yaml(lines, i - 1, entries)
            elif "config key" in s and "value" in s and "---" in s:
                _orz_table(lines, i, entries)
            elif s.startswith("Override ") and " from " in s:
                m = _ORZ_OVERRIDE.match(s)
                if m:
                    entries.append(Entry(m.group(1), literal(m.group(3)), f"log:{ln.no}", COMMAND, style="exp"))
            elif "was set to a value of" in s:
                for k, v in _ACCEL.findall(s):
                    entries.append(Entry(k, literal(v), f"log:{ln.no}", DUMP, ns="accelerate", style="dump"))
            elif "world size:" in s:
                m = _LF_RANK.search(s)
                if m:
                    entries.append(Entry("world_size", int(m.group(1)), f"log:{ln.no}", DUMP, style="dump"))
            elif s.startswith(_HF_BANNER_HEADS):
                entries.extend(banners.hf_banner(s, ln.no))
            elif "Error executing job with overrides:" in s:
                _hydra_list(_hydra_joined(lines, i - 1, s), ln.no, entries)
            elif banners.BATCH_EXHAUSTED in s:
                entries.extend(banners.batch_exhausted(ln.no))
            elif "gradient_checkpointing_enable(" in s and _CALLED.search(s):
                # the code that ran, quoted by a traceback's context or a pasted script: checkpointing is on
                entries.append(Entry("gradient_checkpointing", True, f"log:{ln.no}", DUMP, style="code"))
        except (RecursionError, MemoryError):
            warn(f"log:{ln.no}: config block too deep or too large; skipped")
    return entries, commands


def _maybe_command(s: str) -> bool:
    # asked of every line that starts with a letter (start-up, issue 12): each regex only
    # where its first characters can match
    head = s.split(None, 1)[0]
    if head.startswith("python") and shell.PYTHONS.match(head):
        # `python3 train.py`, `python -m pkg`: not the kernel's "python3 invoked oom-killer: ..."
        parts = s.split(None, 2)
        return len(parts) == 1 or bool(_PY_ARG.match(parts[1]))
    return head in shell.all_launchers() or head in ("export", "sudo") or \
        (s[:1] in _ENV_FIRST and bool(_ENV.match(s)))


_PY_ARG = re_cache.lazy(r"^(?:-|\S*[/.=$])")     # a flag, a path/script, or a variable


def _same_source_lines(lines, start, limit=MAX_BLOCK):
    """Lines of the writer of lines[start], from start on (others' output skipped)."""
    key = lines[start].source.key
    got = 0
    for j in range(start, min(len(lines), start + 3 * limit)):
        if lines[j].source.key == key:
            yield lines[j]
            got += 1
            if got >= limit:
                return


def _depth(text: str, state: list) -> int:
    """Update [depth, quote] over text (quotes do not span lines in these dumps)."""
    state[0] = bracket_depth(text, state[0])
    state[1] = ""   # an open quote at end of line is a broken dump; reset
    return state[0]


def _block(lines, start, first_text=None, limit=MAX_BLOCK):
    """Join the writer's lines from `start` until brackets balance; (text, [Line]) or None.

    Inside the open brackets, a line with no prefix right after one of the writer's is the
    rest of that line: a terminal or `fold -s` cut it and only the first piece kept the
    writer's prefix (`(main_task pid=1)  'fsdp_config':` / `{'grad_offload': False,`)."""
    from ..model import MAIN

    key = lines[start].source.key
    prefixed = lines[start].source is not MAIN
    state = [0, ""]
    parts, used = [], []
    last = -2
    for j in range(start, min(len(lines), start + 3 * limit)):
        ln = lines[j]
        if ln.source.key != key and not (prefixed and state[0] > 0 and last == j - 1
                                         and ln.source is MAIN and not ln.header):
            continue
        text = first_text if (not used and first_text is not None) else ln.text
        parts.append(text)
        used.append(ln)
        last = j
        if _depth(text, state) <= 0:
            return "\n".join(parts), used
        if len(used) >= limit:
            break
    return None


def _locate(pairs, used, quote="'"):
    """Line number of each flattened key: search `'leaf':` forward through the block."""
    out = []
    p = 0
    for key, _ in pairs:
        leaf = f"{quote}{key.rsplit('.', 1)[-1]}{quote}:"
        no = used[0].no
        for j in range(p, len(used)):
            if leaf in used[j].text:
                no, p = used[j].no, j
                break
        out.append(no)
    return out


_NAN = re_cache.lazy(r":\s*-?(?:nan|inf)\b")


def _dump(lines, start, s, entries, warn):
    got = _block(lines, start)
    if got is None:
        return
    text, used = got
    if s == "{":
        _json(lines, start, entries, warn, ns=None)
        return
    try:
        from .pyliteral import literal_eval   # not ast's: start-up time (issue 12)
        obj = literal_eval(text.strip())
    except (ValueError, SyntaxError, TypeError):
        if not _NAN.search(text):   # `{'loss': nan, ...}` is a metrics dict, not a config
            warn(f"log:{used[0].no}: a printed config dict could not be read; skipped")
        return
    if isinstance(obj, dict):
        _add_dict(obj, used, entries, "'")


def _add_dict(obj, used, entries, quote, ns=None):
    if ns is None:
        ns = "deepspeed" if ("zero_optimization" in obj or "train_micro_batch_size_per_gpu" in obj) else "main"
    pairs = flatten(obj)
    for (k, v), no in zip(pairs, _locate(pairs, used, quote)):
        entries.append(Entry(k, v, f"log:{no}", DUMP, ns=ns, style="dump"))


def _json(lines, start, entries, warn, ns, first=None, wrap=None):
    got = _block(lines, start, first_text=first)
    if got is None:
        return
    text, used = got
    from ..safe_json import load_json

    try:
        obj = load_json(text)
    except ValueError:
        if first is not None or '"' in text[:200]:
            warn(f"log:{used[0].no}: a printed JSON config could not be read; skipped")
        return
    if isinstance(obj, dict):
        _add_dict({wrap: obj} if wrap else obj, used, entries, '"', ns=ns)


def _repr(lines, start, entries, seen):
    ln = lines[start]
    m = _REPR.search(ln.text)
    got = _block(lines, start, first_text=ln.text[m.start():], limit=3000)
    if got is None:
        return
    text, used = got
    seen.update(u.no for u in used)
    name = m.group(1)
    end = text.find("(")
    body = text[end + 1:text.rfind(")")]
    obj = parse_kv(body)
    if len(obj) < 2:
        return
    style = "dump"
    pairs = flatten(obj)
    for (k, v), no in zip(pairs, _locate([(f"{k}=", v) for k, v in pairs], used, "")):
        entries.append(Entry(k, v, f"log:{no}", DUMP, style=style))
    if name in _TRL_CLASSES:
        entries.append(Entry("_config_class", name, f"log:{ln.no}", DUMP, style="dump"))


def _yaml(lines, start, entries, warn):
    first = lines[start]
    block = []
    for ln in _same_source_lines(lines, start, 5000):
        if block and not _YAML_LINE.match(ln.text):
            break
        block.append(ln)
    if len(block) < 3 or not block[1].text.startswith(" "):
        return
    import yaml

    from ..safe_yaml import LimitError, load_yaml

    try:
        obj = load_yaml("\n".join(b.text for b in block))
    except LimitError as exc:
        warn(f"log:{first.no}: a printed YAML config is {exc}; skipped")
        return
    except yaml.YAMLError:
        warn(f"log:{first.no}: a printed YAML config could not be read; skipped")
        return
    if isinstance(obj, dict):
        pairs = flatten(obj)
        nos = _locate([(k + ":", v) for k, v in pairs], block, "")
        for (k, v), no in zip(pairs, nos):
            entries.append(Entry(k, v, f"log:{no}", DUMP, style="dump"))


def _flat_yaml(lines, start, entries) -> int:
    """A flat YAML config (a run's `train.yaml` pasted into the report): consecutive `key: value`
    lines, comments and `### section` lines between them. Read when several of its keys are keys
    a framework's mapping knows, so a log's own `name: value` lines are not taken for one.
    Returns the index to go on from."""
    pairs: list[tuple[str, str, int]] = []
    j, blank = start, 0
    while j < len(lines):
        text = lines[j].text
        m = _FLAT_KV.match(text)
        if m:
            value = m.group(2)
            if " #" in value:       # an inline comment (`ds_z3_config.json   # choices: [...]`)
                value = value.split(" #", 1)[0].rstrip()
            pairs.append((m.group(1), value, lines[j].no))
            blank = 0
        elif not text.strip():
            blank += 1
            if blank > 1:
                break
        elif not text.lstrip().startswith("#"):
            break
        j += 1
    if len(pairs) < FLAT_MIN_KEYS:
        return start + 1
    from .mapping import known_keys

    known = known_keys()
    if sum(k in known for k, _, _ in pairs) < FLAT_MIN_KNOWN:
        return start + 1
    for k, v, no in pairs:
        entries.append(Entry(k, literal(v), f"log:{no}", DUMP, style="yaml"))   # (a quoted value unquoted)
    return j


def _orz_table(lines, start, entries):
    for ln in lines[start:start + 2000]:
        parts = re_cache.compile(r"\s{2,}").split(ln.text.strip(), maxsplit=1)
        if len(parts) != 2 or not re_cache.compile(r"^\w+$").match(parts[0]):
            break
        entries.append(Entry(parts[0], literal(parts[1]), f"log:{ln.no}", DUMP, style="dump"))


_HYDRA_ITEM = re_cache.lazy(r"^[+~]{0,2}[A-Za-z_][\w.\-]*=")


def _hydra_joined(lines, start, s, limit=20):
    """Hydra's overrides list, re-joined when a paste wrapped it inside a quoted item.

    A log record never ends inside one of the list's quoted items: while the quotes are
    unbalanced, the next line is the rest of the item the wrap (a terminal, an issue
    editor) broke, joined without a separator.
    """
    if s.rstrip().endswith("]"):
        return s                        # a whole list (an item may hold an apostrophe of its own)
    k = start + 1
    while s.count("'") % 2 and k < len(lines) and k <= start + limit and lines[k].text.strip():
        s += lines[k].text.strip()
        k += 1
    return s


def _hydra_items(body):
    """The `key=value` items of the printed list; a list cut short keeps its whole items only."""
    try:
        from .pyliteral import literal_eval   # not ast's: start-up time (issue 12)
        items = literal_eval(body)
        if isinstance(items, list):
            return [str(x) for x in items]
    except (ValueError, SyntaxError):
        pass
    # a cut paste or an item with quotes inside (`trainer.logger=['wandb']`): split between items
    if not body.startswith("["):
        return []
    closed = body.endswith("]")
    inner = body[1:-1] if closed else body[1:]
    parts = re_cache.compile(r"'\s*,\s*'").split(inner)
    if not closed:
        parts = parts[:-1]          # the last item was cut where the paste stopped
    items = [p.strip().strip("'") for p in parts]
    return [x for x in items if _HYDRA_ITEM.match(x)]


def _hydra_list(s, no, entries):
    body = s.split("overrides:", 1)[1].strip()
    items = _hydra_items(body)
    if items:
        toks = ["python", "-m", "main_ppo"] + items
        cmd = shell.parse_command(toks, lambda: f"log:{no}", COMMAND)
        entries.extend(cmd.entries)


_LOGGER_HEAD = re_cache.lazy(r"^\[\d{4}-\d\d-\d\d |^(?:DEBUG|INFO|WARNING|ERROR) \d\d-\d\d ")


def _unwrapped(lines, start, s, limit=60):
    """A long one-line print cut by a terminal at its width: the line and its pieces, re-joined.

    A piece is a later line of the same writer that starts no log record of its own, after
    a piece that filled the terminal's width; the last piece is shorter.
    """
    first = lines[start]
    width = len(first.raw)
    # one long line alone proves nothing: two pieces of exactly that width do
    if width < 80 or start + 1 >= len(lines) or len(lines[start + 1].raw) != width:
        return s
    parts, prev = [s], width
    for ln in lines[start + 1:start + 1 + limit]:
        if ln.source.key != first.source.key or not ln.raw.strip() or _LOGGER_HEAD.match(ln.raw) \
                or prev < width - 1:
            break
        parts.append(ln.raw)
        prev = len(ln.raw)
    return "".join(parts)


def _launcher_line(s, no, entries, commands, warn):
    """DeepSpeed's `cmd = ...` / `process N spawned with command: [...]`: the command it runs."""
    got = banners.launch_tokens(s, lambda text: shell.split(text, warn, f"log:{no}"))
    if not got or not got[0] or not shell.is_command(list(got[0])):
        return
    tokens, exports = got
    for k, v in exports:
        entries.append(Entry(k, shell.coerce_shell(v), f"log:{no}", COMMAND, ns="env", style="env"))
    cmd = shell.parse_command(list(tokens), lambda: f"log:{no}", COMMAND, line=no)
    for e in list(cmd.entries):
        if e.ns == "launcher" and e.key == "world_info":
            nodes_gpus = banners.world_info(e.value)
            if nodes_gpus:
                for key, value in zip(("num_nodes", "num_gpus"), nodes_gpus):
                    cmd.entries.append(Entry(key, value, f"log:{no}", COMMAND, ns="launcher", style="flag"))
    if cmd.entry or cmd.entries:
        commands.append(cmd)
        entries.extend(cmd.entries)


def _command_line(lines, start, s, entries, commands, warn):
    no = lines[start].no
    body = s.lstrip("+$ ").strip() if s[0] in "+$" else s
    m = _ENV.match(body)
    if body.startswith("export ") or (m and " " not in body.strip()):
        for tok in shell.split(body[7:] if body.startswith("export ") else body, warn, f"log:{no}"):
            k, eq, v = tok.partition("=")
            if eq and k.replace("_", "").isalnum():
                entries.append(Entry(k, shell.coerce_shell(v), f"log:{no}", COMMAND, ns="env", style="env"))
        return
    j = start
    while body.endswith("\\") and j + 1 < len(lines) and j - start < 500:
        j += 1
        body = body[:-1] + " " + lines[j].text.strip()
    # a terminal cut the command at its width: two or more pieces of exactly that
    # width (one long line alone proves nothing), then the rest
    width = len(lines[start].raw)
    if j == start and width >= 80 and start + 2 < len(lines) and len(lines[start + 1].raw) == width:
        while j + 1 < len(lines) and j - start < 200 and len(lines[j].raw) == width \
                and lines[j + 1].source.key == lines[start].source.key and lines[j + 1].raw.strip():
            j += 1
            body += lines[j].raw
    if j == start:
        j, body = _argument_lines(lines, start, body)
    tokens = shell.split(body, warn, f"log:{no}")
    if not tokens or not shell.is_command(list(tokens)):
        return
    cmd = shell.parse_command(tokens, lambda: f"log:{no}", COMMAND, line=no)
    if j > start:
        shell.relocate(cmd, [ln.text for ln in lines[start:j + 1]], 1, "log",
                       numbers=[ln.no for ln in lines[start:j + 1]])
    if cmd.entry or cmd.entries:
        commands.append(cmd)
        entries.extend(cmd.entries)


_ARG = re_cache.lazy(r"^(?:--?[A-Za-z][\w.-]*(?:=\S*)?|\+{0,2}~?[A-Za-z_][\w.]*=\S*)$")


def _takes_value(word: str) -> bool:
    """A `--flag` with no `=value`: the next word may be its value."""
    return word.startswith("-") and "=" not in word and _ARG.match(word) is not None


def _argument_lines(lines, start, body, limit=200):
    """A command an editor or mail client word-wrapped: later lines of the same writer made
    only of arguments (`key=value` Hydra overrides, `--flag [value]`) carry on its argument list.

    A value may follow a flag, on its line or from the end of the line before; a line with no
    flag or override at all (a log message) ends the command.
    """
    key = lines[start].source.key
    after_flag = _takes_value(body.split()[-1])
    j = start
    while j + 1 < len(lines) and j - start < limit:
        words = lines[j + 1].text.split()
        if lines[j + 1].source.key != key or not words:
            break
        shaped, prev_flag = 0, after_flag
        for w in words:
            if _ARG.match(w):
                shaped += 1
                prev_flag = _takes_value(w)
            elif prev_flag:
                prev_flag = False
            else:
                shaped = -1
                break
        if shaped <= 0:
            break
        j += 1
        body += " " + " ".join(words)
        after_flag = prev_flag
    return j, body


def _add_all(entries, pairs, no, rank, ns, style):
    for k, v in pairs:
        entries.append(Entry(k, v, f"log:{no}", rank, ns=ns, style=style))
