"""Which framework wrote the log: scored evidence, a confidence, the reasons.

What each framework looks like is data: the `detect` section of its
frameworks/<id>.json (tier, Python packages, launch entry points, literal
text, Ray actor classes, config keys, forks, the parser families whose
messages only it prints). Evidence read from the log:

* code paths: a `pkg/.../file.py` path (traceback frames, warnings; Windows too) or a
  dotted module name (`vllm.engine.multiprocessing.MQEngineDeadError`, a
  logger name `llamafactory.hparams.parser`, torchrun's `verl.trainer.x
  FAILED`) says that package's code ran;
* literal text (banners, start-up lines), log-line formats only one library
  prints (vLLM's and DeepSpeed's logger headers), events of a parser family;
* source files only one framework's tree has (EasyR1's own `verl/trainer/ray_trainer.py`),
  class names only it defines (TRL's `GRPOTrainer`), files it ships (`examples/grpo_trainer/`);
* Ray actor classes (the line's source, `ray::Name` / `Name.method` in text, Ray's `name=` fields);
* the launch command's entry point and the config keys seen;
* a Python environment named after it (`envs/hf_trl/`): the user's own label, weak.

Frameworks come in tiers: an RL/fine-tuning framework (tier 1) is reported
over the library or launcher it runs on (tier 2: accelerate, DeepSpeed,
Megatron, transformers, vLLM), which is reported over plain Ray or PyTorch
(tier 3): a traceback that passes through `torch/` or `vllm/` never outvotes
the framework that called them. Forks that keep their base's keys are
reported as the base with the fork named (`fork`).
"""
from __future__ import annotations

import os
import sys
from collections import defaultdict
from functools import lru_cache

from .. import re_cache
from . import Framework
from .mapping import detect_profiles, mapping

TRL_SCRIPT = re_cache.lazy(r"^(sft|dpo|grpo|ppo|orpo|kto|rloo|reward|cpo|gkd|xpo|nash)(_\w+)?\.py$")
MAX_TEXT = 4 << 20
FORK_WEIGHT = 2
ENV_WEIGHT = 1.5   # enough for a framework alone, never over code that ran
LOGGER_LINES = 5000   # a library's logger format shows in its start-up lines
# From here one multi-literal pass beats a substring search per literal (~130 literals, ~0.1-0.15 s
# per MB of text): importing hyperscan and loading the cached database costs ~12 ms (compiling it,
# once per literal set, ~18 ms); with hyperscan already imported (a big log was scanned with it)
# only the database is loaded, in microseconds.
BIG_TEXT = 128 << 10
WARM_TEXT = 16 << 10
NEED = {1: 1.5, 2: 1.0, 3: 1.0, 4: 1.0}
SCALE = {1: 1.0, 2: 0.9, 3: 0.75, 4: 0.75}
# dotted names that are web addresses, not modules (`docs.ray.io`, `vllm.ai`)
_NOT_MODULES = {"io", "ai", "com", "org", "net", "dev", "html", "md", "yaml", "json", "sh", "txt", "log"}
# log-line formats only one library's logger prints (vllm/logger.py, deepspeed/utils/logging.py)
_LOGGER_FORMATS = (
    (re_cache.lazy(r"(?:^|\) )(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) \d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)? \[?[\w./-]+\.py:\d+\]"),
     "vllm", 2, "vLLM logger lines (`INFO mm-dd hh:mm:ss [file.py:n]`)"),
    # DeepSpeed's `[LEVEL] [file.py:line:func]` header; pastes often drop the leading date. Code that
    # ran: it outweighs a Python environment's name (ENV_WEIGHT)
    (re_cache.lazy(r"(?:^|\) )(?:\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] )?\[(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)\] "
                r"\[[\w.]+\.py:\d+:\w+\]"),
     "deepspeed", 1.6, "DeepSpeed logger lines (`[date] [INFO] [file.py:n:func]`)"),
    # transformers' explicit format (utils/logging.py enable_explicit_format), used by HF example
    # scripts and LLaMA-Factory: `[INFO|trainer.py:2134] 2024-06-01 10:00:00,123 >> msg`
    (re_cache.lazy(r"(?:^|\) |\]: ?)\[(?:DEBUG|INFO|WARNING|ERROR|CRITICAL)\|[\w.]+\.py:\d+\] [^>]{0,40}>>"),
     "transformers", 2, "transformers logger lines (`[INFO|file.py:n] date >>`)"),
)


@lru_cache(maxsize=1)
def _tables():
    """Evidence tables built once from the JSON profiles."""
    profiles = detect_profiles()
    packages = {p: (fw, w) for fw, d in profiles.items() for p, w in d.get("packages", {}).items()}
    # one literal-led pattern per package: the regex engine then skips to the literal (fast on MBs);
    # kept as text, compiled (and cached by `re`) only for a package the log names
    modules = {p: rf"{re_cache.escape(p)}\.([a-z_][a-z0-9_]*)(?:\.[A-Za-z_]\w*)*" for p in packages}
    actors = {a: (fw, w) for fw, d in profiles.items() for a, w in d.get("actors", {}).items()}
    # a CamelCase compound name is specific enough as `Name.method`; a plain word needs `ray::`
    actor_res = {a: rf"{re_cache.escape(a)}\.\w" for a in actors if sum(c.isupper() for c in a) >= 2}
    parsers = {p: fw for fw, d in profiles.items() for p in d.get("parsers", ())}
    names = {n: (fw, w) for fw, d in profiles.items() for n, w in d.get("names", {}).items()}
    tree = {p.removesuffix(".py"): (fw, w, reason) for fw, d in profiles.items() for p, w, reason in d.get("paths", ())}
    repos = {r.lower(): fw for fw, d in profiles.items() for r in d.get("repos", ())}
    return profiles, packages, modules, actors, actor_res, parsers, names, tree, repos


def tier(fw: str | None) -> int:
    return detect_profiles().get(fw or "", {}).get("tier", 3)


def detect(lines, events, entries, commands) -> Framework:
    profiles, packages, modules, actors, actor_res, parsers, names, tree, repos = _tables()
    score: dict[str, float] = defaultdict(float)
    why: dict[str, list[str]] = defaultdict(list)
    forks: list[str] = []
    fork_base: dict[str, str] = {}

    def add(fw, w, reason):
        if reason not in why[fw]:
            score[fw] += w
            why[fw].append(reason)

    def fork(name, base):
        if name not in forks:
            forks.append(name)
            fork_base[name] = base

    raw = _evidence_text(lines, events, commands)
    text = raw.lower()
    present = _literals_in(text, tuple(lit for d in profiles.values() for lit, _, _ in d.get("text", ())))
    forks_named = _literals_in(text, tuple(lit for d in profiles.values() for lit in d.get("forks", {})))
    for fw, d in profiles.items():
        for lit, w, reason in d.get("text", ()):
            if lit in present:
                add(fw, w, reason)
        for lit, name in d.get("forks", {}).items():
            if lit in forks_named:
                fork(name, fw)
                add(fw, FORK_WEIGHT, f"{name} (a fork of {fw}) named in the log")   # a fork runs its base's code
    _path_evidence(_code_evidence(raw, packages, modules, add), tree, add)
    _name_evidence(raw, names, add)
    _env_evidence(raw, profiles, packages, add)
    # both formats name the caller's `file.py:line` in the first 160 characters: a C-speed test first
    py_lines = [ln.raw for ln in (lines or ())[:LOGGER_LINES] if ln.raw.find(".py:", 0, 160) >= 0]
    for rx, fw, w, reason in _LOGGER_FORMATS:
        if any(rx.search(raw, 0, 160) for raw in py_lines):
            add(fw, w, reason)
    # an actor's own __repr__ may add to its name (NeMo-RL: `VllmGenerationWorker[rank=0]`)
    seen_actors = {ln.source.actor.split("[", 1)[0] for ln in lines or () if ln.source.actor}
    seen_actors.update(_RAY_PREFIX.findall(raw))
    seen_actors.update(_ray_task_names(raw))
    if any(ln.source.kind == "vllm" for ln in lines or ()):
        add("vllm", 2, "vLLM engine process output (`(EngineCore pid=...)`)")
    named = _literals_in(raw, tuple(actors))
    seen_actors.update(a for a in actors if a in named and (
        f"ray::{a}" in raw or (a in actor_res and re_cache.compile(actor_res[a]).search(raw))))
    for actor in sorted(seen_actors & actors.keys()):
        fw, w = actors[actor]
        add(fw, w, f"Ray actor {actor}")
    for ev in events or ():
        fw = parsers.get(_family(ev.kind))
        if fw:
            add(fw, 2, f"{mapping(fw).get('name', fw)} message ({ev.kind})")
        # a catalogue family only one library prints (vLLM's sampler warm-up OOM arrives as a
        # `gpu_oom` like any allocator message): the repository its text was read from
        sig = ev.facts.get("signature")
        fw = repos.get(_signature_repo(sig)) if sig else None
        if fw:
            add(fw, 2, f"{mapping(fw).get('name', fw)} message ({sig})")
    keys = {e.key for e in entries if e.ns == "main"}
    for fw, d in profiles.items():
        for prefix, w, reason in d.get("keys", ()):
            if any(k.startswith(prefix) for k in keys):
                add(fw, w, reason)
    for e in entries:
        d = profiles.get(e.ns, {})
        if "component" in d:
            w, reason = d["component"]
            add(e.ns, w, reason)
        if e.key == "algorithm.adv_estimator" and str(e.value).lower() == "gigpo":
            fork("verl-agent", "verl")
    for c in commands:
        _command_evidence(c, profiles, add)
    return _choose(score, why, forks, fork_base, entries, profiles)


def _literals_in(text: str, lits: tuple[str, ...]) -> set[str]:
    """The literals the text holds. A big text is searched once for all of them by the
    scanner's multi-literal engine (one substring search per literal costs ~0.3-1 ms per MB:
    the profiles' text literals, forks, actor, package and class names are ~300 literals, and
    a dense verl log keeps ~2.5 MB of evidence text); a small one, or where that engine is
    missing, one literal at a time."""
    big = len(text) >= (WARM_TEXT if "hyperscan" in sys.modules else BIG_TEXT)
    matcher = _literal_matcher(lits) if big else None
    if matcher is None:
        short = _digit_free_lines(text)
        return {lit for lit in lits if lit in (text if _DIGITS_OR_NL.intersection(lit) else short)}
    buf = text.encode("utf-8", "replace")
    blocks = matcher.scan(buf, 0, len(buf), True)[1]
    return {x.decode() for _, _, found in blocks for x in found}


_DIGITS_OR_NL = frozenset("0123456789\n")
_TO_ZERO = str.maketrans("0123456789", "0" * 10)
_BYTES_TO_ZERO = bytes.maketrans(b"0123456789", b"0" * 10)
_SHORT_SLOT: list = [None, None]   # [text, its digit-free lines]: detect searches two texts five times


def _digit_free_lines(text: str) -> str:
    """The text's distinct lines with every ASCII digit written as 0: a literal with no digit and
    no newline occurs in it exactly when it occurs in the text (an occurrence covers no digit, so
    the rewrite leaves it alone, and lies within one line). A small log's evidence is mostly
    metric lines that differ only in their numbers: 36 KB became 0.8 KB here, and the ~200
    substring searches ~2 ms -> ~0.05 ms (start-up, issue 12)."""
    if _SHORT_SLOT[0] is not text:
        if text.isascii():
            zeroed = text.translate(_TO_ZERO)
        else:   # str.translate is ~50 ns a character off ASCII; in UTF-8 a digit byte is only a digit
            zeroed = text.encode("utf-8", "surrogatepass").translate(_BYTES_TO_ZERO).decode("utf-8", "surrogatepass")
        _SHORT_SLOT[:] = [text, "\n".join(dict.fromkeys(zeroed.split("\n")))]
    return _SHORT_SLOT[1]


@lru_cache(maxsize=8)
def _literal_matcher(lits: tuple[str, ...]):
    from .. import scan_hs

    if not scan_hs.wanted() or not lits:
        return None
    try:
        return scan_hs.Matcher((), tuple(dict.fromkeys(lit.encode() for lit in lits)))
    except Exception:   # no hyperscan wheel here, or the database does not compile
        return None


def _code_evidence(raw, packages, modules, add) -> set[str]:
    """Package code that ran: source paths and dotted module names, one reason per package.
    Returns the distinct source paths seen (without `.py`)."""
    found: dict[str, str] = {}
    seen: set[str] = set()
    for m in _DOT_PY.finditer(raw):
        end = m.start()
        # the path before `.py`: the last whitespace-separated token, cut at quotes / brackets
        token = raw[max(0, end - 300):end].rsplit(None, 1)[-1] if end else ""
        for ch in "\"'([=,`:":
            token = token.rsplit(ch, 1)[-1]
        if "\\" in token:   # a Windows path (`C:\...\site-packages\trl\trainer\x.py`)
            token = token.replace("\\", "/")
        if token in seen or "/" not in token:
            continue
        seen.add(token)
        pkg = _package_of(token, packages)
        if pkg:
            found.setdefault(pkg, f"code path {token[-80:]}.py")
    dotted = _literals_in(raw, tuple(pkg + "." for pkg in modules))
    for pkg, pattern in modules.items():
        if pkg in found or pkg + "." not in dotted:
            continue
        for m in re_cache.compile(pattern).finditer(raw):
            before = raw[m.start() - 1] if m.start() else " "
            if not (before.isalnum() or before in "_./-") and m.group(1) not in _NOT_MODULES:
                found[pkg] = f"module {m.group(0)}"
                break
    for pkg, reason in found.items():
        fw, w = packages[pkg]
        add(fw, w, reason)
    return seen


def _path_evidence(paths, tree, add) -> None:
    """Source files only one framework's tree has (EasyR1 ships its own `verl` package with
    `verl/trainer/ray_trainer.py`, where verl has `verl/trainer/ppo/ray_trainer.py`)."""
    for path in paths:
        for suffix, (fw, w, reason) in tree.items():
            if path.endswith(suffix) and (len(path) == len(suffix) or path[-len(suffix) - 1] == "/"):
                add(fw, w, reason)


def _name_evidence(raw, names, add) -> None:
    """Class names only one framework defines (TRL's `GRPOTrainer`), as whole identifiers:
    `CustomDPOTrainer` is LLaMA-Factory's subclass, not a sign of TRL's own script."""
    named = _literals_in(raw, tuple(names))
    for name, (fw, w) in names.items():
        if name not in named:
            continue
        i = raw.find(name)
        while i >= 0:
            end = i + len(name)
            if not (i and _ident(raw[i - 1])) and not (end < len(raw) and _ident(raw[end])):
                add(fw, w, f"{mapping(fw).get('name', fw)} class {name}")
                break
            i = raw.find(name, end)


def _env_evidence(raw, profiles, packages, add) -> None:
    """A Python environment named after what it runs (`envs/hf_trl/`, `envs/verl/`, `verl/.venv/`):
    the user's own label for the job, weaker than any code that ran."""
    if "\\envs\\" in raw or "venv\\" in raw:
        raw = raw.replace("\\", "/")
    envs = {a or b for a, b in _ENV_DIR.findall(raw)} if "envs/" in raw or "venv/" in raw else set()
    if not envs:
        return
    squash = re_cache.compile(r"[^a-z0-9]").sub
    names = {squash("", n): fw for fw in profiles for n in (fw, *profiles[fw].get("packages", ()))}
    names.update({squash("", p): fw for p, (fw, _) in packages.items()})
    # ... or after a fork, which runs its base's code (`envs/openr1/`: open-r1 on TRL)
    names.update({squash("", n.lower()): fw for fw in profiles for n in profiles[fw].get("forks", {}).values()})
    for env in sorted(envs):
        low = env.lower()
        tokens = {squash("", low), *re_cache.compile(r"[^a-z]+").split(low)}
        for fw in sorted({names[t] for t in tokens if t in names}):
            add(fw, ENV_WEIGHT, f"Python environment named {env}")


def _ident(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _ray_task_names(raw) -> set[str]:
    """Actor classes named in Ray's own reports: the OOM killer's `(actor ID: ..., name=WorkerDict.
    __init__,` and `lease (name=agent_loop_worker_4:AgentLoopWorker.__init__,`, ActorDiedError's
    `class_name: WorkerDict`. Like `Name.method`
    in text, only a CamelCase compound counts: a plain task function (`main_task`, which verl and
    early EasyR1 both define) names no one framework."""
    if "name=" not in raw and "class_name: " not in raw:
        return set()
    names = {(a or b).rsplit(":", 1)[-1].split(".", 1)[0] for a, b in _RAY_NAME_FIELD.findall(raw)}
    return {n for n in names if sum(c.isupper() for c in n) >= 2}


# Ray's log prefix `(ActorClass pid=N, ip=...)`, also when the actor's repr adds `[rank=0]`
_RAY_PREFIX = re_cache.lazy(r"\(([A-Za-z_]\w*)(?:\[[^\]]*\])? pid=\d")
_RAY_NAME_FIELD = re_cache.lazy(r"(?:(?:task|actor) ID: [0-9a-f]+, |lease \()name=([\w.:]+)|\bclass_name: ([A-Za-z_]\w*)")
_DOT_PY = re_cache.lazy(r"\.py\b")
# conda's `envs/NAME/`, a project's `NAME/.venv/` or `NAME/venv/`, as printed in frame paths
_ENV_DIR = re_cache.lazy(r"(?:/envs/([\w.+-]+)/|/([\w.+-]+)/\.?venv/)")
_INSTALLED = re_cache.lazy(r"(?:site|dist)-packages/([A-Za-z_]\w*)/")


def _package_of(path: str, packages) -> str | None:
    """The package a source file belongs to: the one installed under site-/dist-packages,
    else the innermost known package directory (`.../_ray_pkg_x/verl/workers/a.py` is verl)."""
    installed = _INSTALLED.findall(path)
    if installed:
        return installed[-1] if installed[-1] in packages else None
    dirs = path.split("/")[:-1]
    return next((d for d in reversed(dirs) if d in packages), None)


def _command_evidence(c, profiles, add) -> None:
    entry = (c.entry or "").strip()
    base = os.path.basename(entry)
    for fw, d in profiles.items():
        for name, w in d.get("entries", {}).items():
            if _runs(entry, base, name.strip()):
                add(fw, w, f"launch entry {entry}")
        if c.launcher and c.launcher in d.get("launchers", ()):
            add(fw, 2, f"{c.launcher} launcher")
    if c.launcher == "accelerate" and TRL_SCRIPT.match(base):
        add("trl", 1.5, f"accelerate-launched {base} (TRL trainer script name)")


def _runs(entry: str, base: str, name: str) -> bool:
    """The command's entry point is `name`: the module / program itself (`verl.trainer.main`
    is not `verl.trainer.main_ppo`), or a script named after it (`run_grpo_math.py`)."""
    if entry == name or (entry.startswith(name) and not (entry[len(name)].isalnum() or entry[len(name)] == "_")):
        return True
    return base.endswith(".py") and "." not in name and base.startswith(name)


@lru_cache(maxsize=None)
def _signature_repo(sid: str) -> str:
    from ..signatures import catalogue   # loaded already: the event came from it
    try:
        return str(catalogue().by_id(sid).source.get("repo", "")).lower()
    except KeyError:
        return ""


def _family(kind: str) -> str | None:
    from .. import parsers

    for m in parsers.modules():
        if kind in getattr(m, "KINDS", {}):
            return getattr(m, "NAME", m.__name__.rsplit(".", 1)[-1])
    return None


def _evidence_text(lines, events, commands) -> str:
    parts: list[str] = []
    size = 0
    for ln in lines or ():
        t = ln.raw
        if size < MAX_TEXT or t.lstrip().startswith('File "'):
            parts.append(t)
            size += len(t)
    for ev in events or ():
        parts.extend(getattr(ev, "frames", ()) or ())
    for c in commands:
        parts.append(c.text)
    return "\n".join(parts)


def _choose(score, why, forks, fork_base, entries, profiles) -> Framework:
    best = best_tier = None
    for t in (1, 2, 3, 4):
        tier_fws = [f for f, d in profiles.items() if d.get("tier") == t]
        cands = {f: score[f] for f in tier_fws if score.get(f, 0) >= NEED[t]}
        if not cands:
            continue
        best = max(cands, key=lambda f: (cands[f], -tier_fws.index(f)))
        for spec, d in profiles.items():
            base = d.get("fork_of")
            if base and spec in cands and cands[spec] >= 3 and best == base \
                    and not any(r in why[base] for r in d.get("contradicts", ())):
                best = spec
        best_tier = t
        break
    if best is None:
        return Framework(evidence=["no framework-specific evidence found"])
    base = profiles[best].get("fork_of")
    total = score[best] + (score[base] if base else 0)
    runner_up = max((v for f, v in score.items() if f != best and profiles.get(f, {}).get("tier", 3) <= 2),
                    default=0)
    conf = (1 - 0.5 ** (total / 2.5)) * SCALE[best_tier]
    if runner_up >= total and not base:
        conf *= 0.7
    evidence = list(why[best])
    if base:
        evidence += [f"{r} (base {base})" for r in why.get(base, ())]
    fork = next((f for f in forks if fork_base[f] in (best, base)), None)
    if fork:
        evidence.append(f"fork {fork} of {best}")
    order = sorted(profiles, key=lambda f: profiles[f].get("tier", 3))
    others = [f"also {f}: {', '.join(why[f][:2])}" for f in order
              if f != best and score.get(f) and f != base]
    return Framework(id=best, confidence=min(conf, 0.97), evidence=evidence + others[:4], fork=fork,
                     version=_version(best, entries))


def _version(fw: str, entries) -> str | None:
    keys = {e.key for e in entries if e.ns == "main"}
    if fw == "verl":
        if any(k.startswith("critic.fsdp.") for k in keys):
            return ">=0.8 (critic.fsdp keys)"
        if any(k.startswith("ray_kwargs.") for k in keys) or any(k.endswith("cudagraph_capture_sizes") for k in keys):
            return ">=0.6 (ray_kwargs / cudagraph_capture_sizes keys)"
        if any(k.endswith("fsdp_config.grad_offload") for k in keys):
            return "<0.3 (grad_offload key)"
        if any(k.endswith("ppo_micro_batch_size_per_gpu") for k in keys):
            return ">=0.2 (ppo_micro_batch_size_per_gpu key)"
    if fw == "openrlhf" and keys:
        dotted = sum(1 for k in keys if "." in k and k.split(".", 1)[0] in
                     ("vllm", "train", "rollout", "ds", "actor", "ref", "data", "critic", "reward"))
        if dotted >= 2:
            return ">=0.10.2 (dotted flags)"
        if any(k.startswith(("vllm_", "micro_train_batch_size", "zero_stage", "colocate_")) for k in keys):
            return "<=0.10.1 (flat flags)"
    return None
