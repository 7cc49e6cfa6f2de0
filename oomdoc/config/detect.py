"""Which framework wrote the log: scored evidence, a confidence, the reasons.

Evidence comes from traceback module paths and other literal text (the
log's head, traceback frames), Ray actor names, the launch command's entry
point and the config keys seen. Frameworks come in tiers: an RL/fine-tuning
framework (tier 1) is reported over the library or launcher it runs on
(tier 2: accelerate, DeepSpeed, Megatron, transformers, vLLM), which is
reported over plain Ray or PyTorch (tier 3). Forks that keep their base's
keys are reported as the base with the fork named (`fork`).
"""
from __future__ import annotations

import os
import re
from collections import defaultdict

from . import Framework

TIER1 = ("search-r1", "easyr1", "orz", "openrlhf", "verl", "trl", "llama-factory", "nemo-rl")
TIER2 = ("accelerate", "deepspeed", "megatron", "transformers", "vllm")
TIER3 = ("ray", "pytorch")
# A specific fork-framework wins over its base when it has evidence of its own.
SPECIFIC = {"search-r1": "verl", "easyr1": "verl", "orz": "openrlhf"}
# Base-framework evidence a fork cannot show (EasyR1 has no actor_rollout_ref keys, no main_ppo).
CONTRADICTS = {"easyr1": ("config keys actor_rollout_ref.*", "launch entry verl.trainer.main_ppo",
                          "Ray actor TaskRunner")}

# (lowercase literal, framework, weight, why)
TEXT = (
    ("verl.trainer.main_ppo", "verl", 4, "launch entry verl.trainer.main_ppo"),
    ("verl/trainer/main_ppo.py", "verl", 4, "traceback through verl/trainer/main_ppo.py"),
    ("verl/workers/", "verl", 2, "traceback through verl/workers/"),
    ("verl/single_controller", "verl", 2, "traceback through verl/single_controller"),
    ("verl/trainer/ppo/", "verl", 2, "traceback through verl/trainer/ppo/"),
    ("ray::workerdict", "verl", 2, "Ray worker ray::WorkerDict (verl family)"),
    ("ray::taskrunner", "verl", 2, "Ray driver ray::TaskRunner (verl)"),
    ("ray::main_task", "verl", 1, "Ray driver ray::main_task (old verl family)"),
    ("search_r1", "search-r1", 5, "module search_r1"),
    ("observation too long, consider changing your config", "search-r1", 5, "Search-R1 observation warning"),
    ("retrieval_server.py", "search-r1", 3, "Search-R1 retrieval server"),
    ("verl/trainer/main.py", "easyr1", 4, "traceback through verl/trainer/main.py (EasyR1)"),
    ("easyr1", "easyr1", 5, "name EasyR1"),
    ("openrlhf", "openrlhf", 5, "module openrlhf"),
    ("orz/ppo", "orz", 5, "traceback through orz/ppo"),
    ("playground.orz", "orz", 5, "launch entry playground.orz_*"),
    ("playground/orz", "orz", 5, "playground/orz_* script"),
    ("open-reasoner-zero", "orz", 5, "name Open-Reasoner-Zero"),
    ("ppoexpconfig", "orz", 4, "PPOExpConfig"),
    ("--------- config key ---------", "orz", 3, "Open-Reasoner-Zero config table"),
    ("trl/trainer", "trl", 5, "traceback through trl/trainer"),
    ("trl/extras", "trl", 4, "traceback through trl/extras"),
    ("trl/scripts", "trl", 4, "traceback through trl/scripts"),
    ("trl/generation", "trl", 4, "traceback through trl/generation"),
    ("trl vllm-serve", "trl", 4, "trl vllm-serve"),
    ("grpoconfig(", "trl", 4, "GRPOConfig print"),
    ("sftconfig(", "trl", 3, "SFTConfig print"),
    ("dpoconfig(", "trl", 3, "DPOConfig print"),
    ("llamafactory", "llama-factory", 5, "module llamafactory"),
    ("llama-factory", "llama-factory", 4, "name LLaMA-Factory"),
    ("llama_factory", "llama-factory", 4, "name LLaMA-Factory"),
    ("nemo_rl", "nemo-rl", 5, "module nemo_rl"),
    ("nemo-rl", "nemo-rl", 4, "name NeMo-RL"),
    ("megatron/core", "megatron", 3, "traceback through megatron/core"),
    ("megatron/training", "megatron", 3, "traceback through megatron/training"),
    ("pretrain_gpt.py", "megatron", 3, "Megatron pretrain_gpt.py"),
    ("see_memory_usage", "deepspeed", 3, "DeepSpeed see_memory_usage lines"),
    ("deepspeedengine configuration", "deepspeed", 3, "DeepSpeedEngine configuration print"),
    ("deepspeedzerooffload", "deepspeed", 2, "DeepSpeed ZeRO offload"),
    ("deepspeedcpuadam", "deepspeed", 2, "DeepSpeedCPUAdam"),
    ("deepspeed/runtime", "deepspeed", 2, "traceback through deepspeed/runtime"),
    ("deepspeed/__init__.py", "deepspeed", 1, "traceback through deepspeed/__init__.py"),
    ("accelerate launch", "accelerate", 4, "accelerate launch command"),
    ("accelerate/accelerator.py", "accelerate", 1, "traceback through accelerate/accelerator.py"),
    ("transformers/trainer.py", "transformers", 3, "traceback through transformers/trainer.py"),
    ("***** running training *****", "transformers", 3, "HF Trainer banner"),
    ("trainingarguments(", "transformers", 3, "TrainingArguments print"),
    ("initializing an llm engine", "vllm", 3, "vLLM engine start-up line"),
    ("initializing a v1 llm engine", "vllm", 3, "vLLM engine start-up line"),
    ("vllm serve", "vllm", 4, "vllm serve command"),
    ("vllm/entrypoints", "vllm", 2, "traceback through vllm/entrypoints"),
    ("vllm/engine", "vllm", 1, "traceback through vllm/engine"),
    ("site-packages/vllm/", "vllm", 1, "traceback through vllm"),
    ("ray.exceptions", "ray", 2, "ray.exceptions"),
    ("(raylet)", "ray", 2, "raylet messages"),
    ("ray/memory_monitor.py", "ray", 3, "Ray memory monitor"),
    ("rayoutofmemoryerror", "ray", 3, "RayOutOfMemoryError"),
    ("ray_worker", "ray", 1, "ray_worker processes"),
    ("ray::", "ray", 1, "ray:: task names"),
    ("outofmemoryerror: cuda out of memory", "pytorch", 1, "PyTorch CUDA OOM"),
    ("cuda out of memory", "pytorch", 1, "CUDA OOM message"),
    ("site-packages/torch/", "pytorch", 1, "traceback through torch"),
)
# (lowercase literal, base framework, fork name)
FORKS = (
    ("gigpo", "verl", "verl-agent"), ("agent_system/", "verl", "verl-agent"), ("verl-agent", "verl", "verl-agent"),
    ("verl_agent", "verl", "verl-agent"), ("ragen/", "verl", "RAGEN"), ("ragen.", "verl", "RAGEN"),
    ("recipe/dapo", "verl", "DAPO"), ("recipe.dapo", "verl", "DAPO"), ("main_dapo", "verl", "DAPO"),
    ("tinyzero", "verl", "TinyZero"), ("agent_r1", "verl", "Agent-R1"), ("skyrl", "verl", "SkyRL"),
    ("lmm_r1", "openrlhf", "lmm-r1"), ("lmm-r1", "openrlhf", "lmm-r1"),
    ("open_r1", "trl", "open-r1"), ("open-r1", "trl", "open-r1"),
)
ACTORS = {
    "WorkerDict": ("verl", 3), "TaskRunner": ("verl", 3), "TaskRunnerV1": ("verl", 3), "main_task": ("verl", 2),
    "vLLMHttpServer": ("verl", 2), "AgentLoopWorker": ("verl", 2), "Runner": ("easyr1", 2),
    "ActorModelRayActor": ("openrlhf", 3), "ReferenceModelRayActor": ("openrlhf", 3),
    "CriticModelRayActor": ("openrlhf", 3), "RewardModelRayActor": ("openrlhf", 3),
    "PolicyModelActor": ("openrlhf", 3), "ReferenceModelActor": ("openrlhf", 3), "CriticModelActor": ("openrlhf", 3),
    "LLMRayActor": ("openrlhf", 2), "RolloutRayActor": ("openrlhf", 2),
    "PolicyRayActorBase": ("orz", 4), "CriticRayActorBase": ("orz", 4), "RefRayActorBase": ("orz", 4),
    "RewardRayActorBase": ("orz", 4), "LLMActor": ("orz", 2),
}
# (key prefix in the run's config, framework, weight, why)
KEYS = (
    ("actor_rollout_ref.", "verl", 3, "config keys actor_rollout_ref.*"),
    ("max_turns", "search-r1", 2, "config key max_turns"), ("retriever.url", "search-r1", 2, "config key retriever.url"),
    ("do_search", "search-r1", 2, "config key do_search"), ("data.max_obs_length", "search-r1", 2, "config key data.max_obs_length"),
    ("worker.actor.", "easyr1", 3, "config keys worker.actor.*"), ("worker.rollout.", "easyr1", 3, "config keys worker.rollout.*"),
    ("vllm_num_engines", "openrlhf", 2, "config key vllm_num_engines"), ("colocate_all_models", "openrlhf", 2, "config key colocate_all_models"),
    ("micro_rollout_batch_size", "openrlhf", 1, "config key micro_rollout_batch_size"),
    ("vllm.num_engines", "openrlhf", 2, "config key vllm.num_engines"),
    ("micro_forward_batch_size", "orz", 2, "config key micro_forward_batch_size"), ("use_grpo", "orz", 1, "config key use_grpo"),
    ("cutoff_len", "llama-factory", 3, "config key cutoff_len"), ("finetuning_type", "llama-factory", 3, "config key finetuning_type"),
    ("num_generations", "trl", 2, "config key num_generations"), ("vllm_mode", "trl", 2, "config key vllm_mode"),
    ("max_completion_length", "trl", 2, "config key max_completion_length"), ("_config_class", "trl", 2, "TRL config class"),
    ("policy.generation.vllm_cfg", "nemo-rl", 3, "config keys policy.generation.vllm_cfg"),
    ("per_device_train_batch_size", "transformers", 1, "TrainingArguments keys"),
)
NS_EVIDENCE = {"deepspeed": ("deepspeed", 2, "DeepSpeed config"), "accelerate": ("accelerate", 2, "accelerate config"),
               "vllm": ("vllm", 1, "vLLM engine arguments")}
TRL_SCRIPT = re.compile(r"^(sft|dpo|grpo|ppo|orpo|kto|rloo|reward|cpo|gkd|xpo|nash)(_\w+)?\.py$")
RAY_FAMILY = {"verl", "search-r1", "easyr1", "openrlhf", "orz", "nemo-rl", "ray"}
MAX_TEXT = 4 << 20


def detect(lines, events, entries, commands) -> Framework:
    score: dict[str, float] = defaultdict(float)
    why: dict[str, list[str]] = defaultdict(list)
    forks: list[str] = []
    fork_base: dict[str, str] = {}

    def add(fw, w, reason):
        if reason not in why[fw]:
            score[fw] += w
            why[fw].append(reason)

    text = _evidence_text(lines, events, commands)
    for lit, fw, w, reason in TEXT:
        if lit in text:
            add(fw, w, reason)
    for lit, base, fork in FORKS:
        if lit in text and fork not in forks:
            forks.append(fork)
            fork_base[fork] = base
    for ln in lines or ():
        actor = ln.source.actor
        if actor and actor in ACTORS:
            fw, w = ACTORS[actor]
            add(fw, w, f"Ray actor {actor}")
    keys = {e.key for e in entries if e.ns == "main"}
    for prefix, fw, w, reason in KEYS:
        if any(k.startswith(prefix) for k in keys):
            add(fw, w, reason)
    for e in entries:
        if e.ns in NS_EVIDENCE:
            fw, w, reason = NS_EVIDENCE[e.ns]
            add(fw, w, reason)
        if e.key == "algorithm.adv_estimator" and str(e.value).lower() == "gigpo" and "verl-agent" not in forks:
            forks.append("verl-agent")
            fork_base["verl-agent"] = "verl"
    for c in commands:
        entry = (c.entry or "").strip()
        base = os.path.basename(entry)
        if entry.startswith("verl.trainer.main") and not entry.startswith("verl.trainer.main_"):
            add("easyr1", 4, "launch entry verl.trainer.main (EasyR1)")
        if c.launcher == "deepspeed":
            add("deepspeed", 2, "deepspeed launcher")
        if c.launcher == "accelerate" and TRL_SCRIPT.match(base):
            add("trl", 1.5, f"accelerate-launched {base} (TRL trainer script name)")
        if entry.startswith("llamafactory-cli"):
            add("llama-factory", 5, "llamafactory-cli command")
        if entry.startswith("trl "):
            add("trl", 4, f"`{entry}` command")
    return _choose(score, why, forks, fork_base, entries)


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
    return "\n".join(parts).lower()


def _choose(score, why, forks, fork_base, entries) -> Framework:
    best = None
    for tier, need in ((TIER1, 1.5), (TIER2, 1.0), (TIER3, 1.0)):
        cands = {f: score[f] for f in tier if score.get(f, 0) >= need}
        if not cands:
            continue
        best = max(cands, key=lambda f: (cands[f], -tier.index(f)))
        for spec, base in SPECIFIC.items():
            if spec in cands and cands[spec] >= 3 and best == base \
                    and not any(r in why[base] for r in CONTRADICTS.get(spec, ())):
                best = spec
        scale = {TIER1: 1.0, TIER2: 0.9, TIER3: 0.75}[tier]
        break
    if best is None:
        return Framework(evidence=["no framework-specific evidence found"])
    total = score[best] + sum(score[b] for s, b in SPECIFIC.items() if s == best)
    runner_up = max((v for f, v in score.items() if f != best and f in TIER1 + TIER2), default=0)
    conf = (1 - 0.5 ** (total / 2.5)) * scale
    if runner_up >= total and best not in SPECIFIC:
        conf *= 0.7
    evidence = list(why[best])
    for s, b in SPECIFIC.items():
        if s == best:
            evidence += [f"{r} (base {b})" for r in why.get(b, ())]
    fork = next((f for f in forks if fork_base[f] in (best, SPECIFIC.get(best))), None)
    if fork:
        evidence.append(f"fork {fork} of {best}")
    others = [f"also {f}: {', '.join(why[f][:2])}" for f in TIER1 + TIER2 + TIER3
              if f != best and score.get(f) and f != SPECIFIC.get(best)]
    fw = Framework(id=best, confidence=min(conf, 0.97), evidence=evidence + others[:4], fork=fork,
                   version=_version(best, entries))
    return fw


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
