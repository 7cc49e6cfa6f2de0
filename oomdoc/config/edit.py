"""Apply a rendered `Fix` to the text it talks about (a YAML/JSON/TOML file,
a launch command or script, an env export): the way a user would edit it.

Used by the round-trip tests and available to tools; it edits text, it never
runs anything.
"""
from __future__ import annotations

import json
import re

from .spelling import Fix, value_as


def apply_fix(text: str, fix: Fix) -> str:
    if fix.style == "yaml":
        return _apply_yaml(text, fix)
    if fix.style == "json":
        from ..safe_json import load_json

        obj = load_json(text)
        _set_path(obj, fix.key.split("."), fix.own_value)
        return json.dumps(obj, indent=2) + "\n"
    if fix.style == "toml":
        return _apply_toml(text, fix)
    if fix.style == "env":
        return _apply_env(text, fix)
    if fix.style in ("hydra", "kv", "exp"):
        return _apply_kv(text, fix)
    if fix.style in ("flag", "dashflag"):
        return _apply_flag(text, fix)
    raise ValueError(f"nothing to apply for a {fix.style!r} fix")


def _set_path(obj, parts, value):
    for p in parts[:-1]:
        obj = obj.setdefault(p, {})
    obj[parts[-1]] = value


def _apply_yaml(text: str, fix: Fix) -> str:
    lines = text.splitlines()
    parts = fix.key.split(".")
    idx, indent = 0, -1
    for depth, part in enumerate(parts):
        found = None
        for j in range(idx, len(lines)):
            s = lines[j]
            ind = len(s) - len(s.lstrip())
            if s.strip() and not s.lstrip().startswith("#") and ind <= indent:
                break   # left the parent block
            if re.match(rf"^\s*{re.escape(part)}\s*:", s) and ind > indent:
                found = j
                indent = ind
                break
        if found is None:
            import yaml

            from ..safe_yaml import load_yaml

            obj = load_yaml(text) or {}
            _set_path(obj, parts, fix.own_value)
            return yaml.safe_dump(obj, sort_keys=False)
        idx = found + 1
    j = idx - 1
    m = re.match(r"^(\s*[^:#]+:\s*)([^#]*?)(\s*#.*)?$", lines[j])
    lines[j] = m.group(1) + value_as('yaml', fix.own_value) + (m.group(3) or "")
    return "\n".join(lines) + "\n"


def _apply_toml(text: str, fix: Fix) -> str:
    parts = fix.key.split(".")
    section, leaf = ".".join(parts[:-1]), parts[-1]
    cur = ""
    lines = text.splitlines()
    for j, s in enumerate(lines):
        m = re.match(r"^\s*\[\s*([\w.\-]+)\s*\]\s*$", s)
        if m:
            cur = m.group(1)
            continue
        if cur == section and re.match(rf"^\s*{re.escape(leaf)}\s*=", s):
            lines[j] = f"{leaf} = {value_as('toml', fix.own_value)}"
            return "\n".join(lines) + "\n"
    return text.rstrip("\n") + (f"\n[{section}]" if section else "") + f"\n{leaf} = {value_as('toml', fix.own_value)}\n"


def _apply_env(text: str, fix: Fix) -> str:
    pat = re.compile(rf"^(\s*(?:export\s+)?){re.escape(fix.key)}=.*$", re.M)
    line = f"{fix.key}={value_as('env', fix.own_value)}"
    if pat.search(text):
        return pat.sub(lambda m: m.group(1) + line, text, count=1)
    return f"export {line}\n" + text


def _apply_kv(text: str, fix: Fix) -> str:
    new = fix.text.strip("'")
    key = new.split("=", 1)[0].lstrip("+")
    pat = re.compile(rf"(?<![\w.])'?\+{{0,2}}{re.escape(key)}=(?:'[^']*'|\"[^\"]*\"|[^\s\\'\"]*)'?")
    if pat.search(text):
        return pat.sub(lambda m: fix.text, text, count=1)
    return _append(text, fix.text)


def _apply_flag(text: str, fix: Fix) -> str:
    flag = "--" + (fix.key.replace("_", "-") if fix.style == "dashflag" else fix.key)
    pat = re.compile(rf"(?<!\S){re.escape(flag)}(?:=\S+|\s+(?!-)[^\s\\]+)?(?=\s|$)")
    if fix.text.startswith(("remove ", "no ")):
        return pat.sub("", text, count=1)
    if pat.search(text):
        return pat.sub(lambda m: fix.text, text, count=1)
    return _append(text, fix.text)


def _append(text: str, arg: str) -> str:
    """Add an argument at the end of the (possibly continued) command."""
    lines = text.rstrip("\n").split("\n")
    last = lines[-1]
    m = re.search(r"\s+(\|.*|2>&1.*|>.*|&)$", last)
    if m:
        lines[-1] = last[:m.start()] + " " + arg + last[m.start():]
    else:
        lines[-1] = last + " " + arg
    return "\n".join(lines) + "\n"


__all__ = ["apply_fix"]
