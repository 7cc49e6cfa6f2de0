"""The way back: a (knob, value) fix as the exact change, in the user's words.

The key is the spelling the run already uses (else the framework's current
one, or for OpenRLHF the flat/dotted flag style its printed args show); the
style follows where the current value came from: a YAML/JSON/TOML file is
edited in place (`a.b.c: 0.9 → 0.5`, with file:line), a command-line value
is re-typed in that command's style (Hydra `k=v` / `+k=v`, OmegaConf `k=v`,
`--flag v`, store_true flags added or removed, ORZ `exp.k=v`), and an
environment knob becomes an `export`. A knob the framework has no key for
is said to be absent, never invented.
"""
from __future__ import annotations

from ..records import dataclass
from .mapping import from_knob, mapping

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: importing typing costs start-up time (issue 12)
    from typing import Any

FILE_STYLES = ("yaml", "json", "toml")
CLI_WHERE = {
    "hydra": "Hydra override", "kv": "command-line override", "exp": "ORZ override",
    "flag": "command-line flag", "dashflag": "command-line flag",
}


@dataclass
class Fix:
    knob: str
    value: Any                 # the knob value asked for
    style: str                 # hydra | kv | exp | flag | dashflag | yaml | json | toml | attr | env | absent | neutral
    key: str | None = None     # the framework's own key / flag / variable
    own_value: Any = None      # the value in the framework's own terms
    current: Any = None        # current knob value, when known
    current_source: str | None = None
    text: str = ""             # exactly what to type / the edit
    where: str = ""            # where that goes
    path: str | None = None    # file to edit, when the value came from one
    line: int | None = None
    note: str = ""

    def explanation(self) -> str:
        """Where the change goes, what it replaces, notes: everything but the text to paste."""
        extra = [self.where] if self.where else []
        if self.current is not None and self.style not in FILE_STYLES + ("attr",):
            extra.append(f"now {_plain(self.current)}" + (f" from {self.current_source}" if self.current_source else ""))
        if self.note:
            extra.append(self.note)
        return "; ".join(extra)

    def render(self) -> str:
        extra = self.explanation()
        return self.text + (f"  ({extra})" if extra else "")


def fix_for(rc, knob: str, value: Any) -> Fix:
    fw = rc.framework.id
    setting = rc.settings.get(knob)
    origin = rc.origins.get(knob)
    current = setting.value if setting is not None else None
    cur_src = setting.source if setting is not None else None
    ns = _namespace(rc, knob, origin)
    if ns is None:
        if fw and mapping(fw).get("knobs"):
            name = mapping(fw).get("name", fw)
            return Fix(knob, value, "absent", current=current, current_source=cur_src,
                       text=f"{name} has no setting for `{knob}`", where="nothing to change in its config")
        # no config vocabulary (framework unknown, or a plain PyTorch script): say it neutrally
        where = f"neutral knob name; {fw} has no config keys of its own" if fw else "neutral knob name; framework unknown"
        return Fix(knob, value, "neutral", current=current, current_source=cur_src,
                   text=f"{knob} = {_plain(value)}", where=where)
    spec = mapping(ns)["knobs"][knob]
    keys = spec.get("keys") or []
    if not keys:
        name = mapping(ns).get("name", ns)
        return Fix(knob, value, "absent", current=current, current_source=cur_src,
                   text=f"{name} has no setting for `{knob}`", where=spec.get("note", "not configurable"))
    key = _key(rc, ns, keys, setting, origin)
    raw_cur = origin.value if origin is not None else None
    own = from_knob(value, spec.get("transform"), raw_cur)
    notes = [n for n in (spec.get("renamed", {}).get(key), spec.get("note"),
                         mapping(fw).get("env_notes", {}).get(knob) if fw else None) if n]
    fix = Fix(knob, value, "", key=key, own_value=own, current=current, current_source=cur_src,
              note="; ".join(notes))
    style = _style(rc, ns, origin)
    if style == "env":
        fix.style = "env"
        fix.text = f"export {key}={_env(own)}"
        fix.where = "in the shell that launches the run (before Ray starts)" if knob.startswith("ray.") \
            else "in the shell that launches the run"
        return fix
    if style in FILE_STYLES:
        fix.style = style
        fmt = _json if style == "json" else (_toml if style == "toml" else _yaml)
        kind = {"yaml": "YAML path", "json": "JSON path", "toml": "TOML key"}[style]
        if origin is not None:
            fix.path, fix.line = origin.path, origin.line
            fix.text = f"{key}: {fmt(raw_cur)} → {fmt(own)}"
            fix.where = f"{kind} in {origin.source}"
            named = _file_named(rc, ns) if origin.path is None else None
            if named:   # printed by the run: the file its command names is where to change it
                fix.where = f"{kind} in {named}, printed at {origin.source}"
        else:
            fix.text = f"{key}: {fmt(own)}"
            fix.where = f"{kind} in {mapping(ns).get('file', {}).get('where', 'the config file')}"
            if current is not None:
                fix.where += f"; now {_plain(current)} from {cur_src}"
        return fix
    fix.style = style
    cmd_where = mapping(ns).get("cli", {}).get("where", "")
    entry = _main_entry(rc) if ns == fw else None
    if style != mapping(ns).get("cli", {}).get("style") or entry:
        what = {"hydra": "Hydra override", "kv": "override", "flag": "flag", "dashflag": "flag",
                "exp": "override"}.get(style, "argument")
        cmd_where = f"{what} on the `{entry}` command" if entry else CLI_WHERE.get(style, "")
    if style == "flag" or style == "dashflag":
        flag = "--" + (key.replace("_", "-") if style == "dashflag" else key)
        if spec.get("flag") == "store_true" or (origin is not None and origin.value is True and isinstance(own, bool)):
            on = bool(origin is not None and origin.value is True)
            fix.text = flag if own else (f"remove {flag}" if on else f"no {flag} (already off)")
        else:
            fix.text = f"{flag} {_cli(own)}"
    elif style == "exp":
        fix.text = f"exp.{key}={_cli(own)}"
    else:
        prefix = "+" if style == "hydra" and _absent_from_dump(rc, key) else ""
        text = f"{prefix}{key}={_cli(own, hydra=style == 'hydra')}"
        fix.text = f"'{text}'" if any(c in text for c in "[]{}() ") else text
    fix.where = cmd_where or CLI_WHERE.get(style, "")
    if origin is not None and origin.path:
        fix.where += f", in {origin.path}"
    return fix


def _file_named(rc, ns) -> str | None:
    """The config file the launch command names for a component (`--deepspeed ds.json`)."""
    flags = mapping(ns).get("file", {}).get("named_by", ())
    for e in (e for c in getattr(rc, "commands", ()) for e in c.entries):
        if e.key in flags and isinstance(e.value, str) and "." in e.value:
            return e.value
    return None


def _main_entry(rc) -> str | None:
    for c in getattr(rc, "commands", ()):
        if c.entry and any(e.ns == "main" for e in c.entries):
            return c.entry
    return None


def _namespace(rc, knob, origin) -> str | None:
    fw = rc.framework.id
    if knob in mapping("env").get("knobs", {}):
        return "env"
    if origin is not None and origin.ns != "main" and knob in mapping(origin.ns).get("knobs", {}):
        # a library's printed dump (vLLM's engine line inside an OpenRLHF run) is changed
        # through the setting of the framework that drives it, when that one has it; a
        # library beside another (HF Trainer's banner in a run detected as DeepSpeed) keeps its own
        if not (origin.style == "dump" and fw and fw != origin.ns and knob in mapping(fw).get("knobs", {})
                and _tier(fw) < _tier(origin.ns)):
            return origin.ns
    if fw and knob in mapping(fw).get("knobs", {}):
        return fw
    used = {e.ns for e in rc.origins.values()} | {c.launcher for c in getattr(rc, "commands", ())}
    for comp in ("accelerate", "deepspeed", "transformers", "vllm", "launcher"):
        if comp in used and knob in mapping(comp).get("knobs", {}):
            return comp
    return None


def _tier(name: str) -> int:
    return mapping(name).get("detect", {}).get("tier", 2)


def _key(rc, ns, keys, setting, origin) -> str:
    # a key the user wrote is kept; a name from a dump the framework printed
    # (vLLM's engine line says `max_seq_len`) is not necessarily a flag: use the first
    if origin is not None and origin.key in keys and (origin.style != "dump" or origin.key == keys[0]):
        return origin.key
    present = [k for k in keys if k in rc.raw]
    if present:
        return present[0]
    if ns == "openrlhf":
        dotted = (rc.framework.version or "").startswith(">=0.10.2")
        for k in keys:
            if ("." in k) == dotted:
                return k
    return keys[0]


def _style(rc, ns, origin) -> str:
    if ns == "env":
        return "env"
    if origin is not None and origin.rank != 0:
        if origin.style in FILE_STYLES:
            return origin.style
        if origin.style in ("hydra", "kv", "exp", "dashflag"):
            return origin.style
        if origin.style == "flag":
            return "dashflag" if mapping(ns).get("cli", {}).get("style") == "dashflag" else "flag"
    style = mapping(ns).get("cli", {}).get("style", "kv")
    if ns == rc.framework.id and style in ("kv", "flag"):
        # No value of this knob was typed: follow how the run's own command passes arguments.
        typed = [e.style for c in getattr(rc, "commands", ()) for e in c.entries if e.ns == "main"]
        if typed:
            flags = sum(1 for t in typed if t in ("flag", "dashflag"))
            style = "flag" if flags * 2 >= len(typed) else "kv"
    return style


def _absent_from_dump(rc, key) -> bool:
    """A Hydra key not in the printed resolved config needs `+key=`."""
    dumped = [s for s in rc.raw.values() if s.source.startswith("log:")]
    if not dumped and not any(o.rank == 3 for o in rc.origins.values()):
        return False
    return key not in rc.raw and not any(s.raw_key == key for s in rc.settings.values() if not s.default)


def _plain(v) -> str:
    return "null" if v is None else str(v)


def _cli(v, hydra: bool = False) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return ("True" if v else "False") if hydra else ("true" if v else "false")
    if isinstance(v, (list, tuple)):
        return "[" + ",".join(_cli(x, hydra) for x in v) + "]"
    return str(v)


def _yaml(v) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (list, tuple, dict)):
        return _dumps(v)
    return str(v)


def _dumps(v) -> str:
    import json      # only when a fix is spelled for a file (start-up time, issue 12)

    return json.dumps(v)


def _json(v) -> str:
    return _dumps(v)


def _toml(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return _dumps(v)
    return _dumps(v)


def _env(v) -> str:
    if isinstance(v, bool):
        return "True" if v else "False"
    return str(v)


_WRITERS = {"cli": _cli, "hydra": lambda v: _cli(v, hydra=True), "env": _env, "yaml": _yaml, "json": _json,
            "toml": _toml}


def value_as(style: str, value: Any) -> str:
    """`value` as it is written in a `style` of source: cli | hydra | env | yaml | json | toml."""
    return _WRITERS[style](value)
