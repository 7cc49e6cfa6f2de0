"""Launch commands and shell scripts, read (never run).

A launch command is split like the shell would (`shlex`, with a tolerant
fallback), the launcher's own options (torchrun, accelerate, deepspeed,
`ray job submit ... --`) are told apart from the program's, and every
argument becomes an `Entry`: Hydra/OmegaConf `key=value` (`+key=`, `++key=`,
`~key`), `--flag value`, `--flag=value`, bare `--flag` (True). Scripts add
`export NAME=value` lines and plain variables used to expand `$name`.
"""
from __future__ import annotations

import os
from functools import lru_cache

from .. import re_cache
from ..records import dataclass, field
from .mapping import hydra_entries, launchers
from .values import COMMAND, Entry, coerce

PYTHONS = re_cache.lazy(r"^python(\d(\.\d+)?)?$")
# Generic launchers; frameworks add their own programs in their JSON (`detect.launchers`).
GENERIC_LAUNCHERS = ("torchrun", "ray", "python", "python3", "uv")
# `python -m <module>` forms of launchers (DeepSpeed's runner execs deepspeed.launcher.launch)
MODULE_LAUNCHERS = {"torch.distributed.run": "torchrun", "torch.distributed.launch": "torchrun",
                    "deepspeed.launcher.launch": "deepspeed", "deepspeed.launcher.runner": "deepspeed"}
SKIP = {"sudo", "nohup", "time", "exec", "env", "command", "srun", "!sudo"}
_ASSIGN = re_cache.lazy(r"^([A-Za-z_][A-Za-z0-9_]*)=(.*)$")
_MODULE = re_cache.lazy(r"^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$")
_VAR = re_cache.lazy(r"\$\{([A-Za-z_]\w*)(?::?-([^}]*))?\}|\$([A-Za-z_]\w*)")


@lru_cache(maxsize=1)
def all_launchers() -> frozenset[str]:
    return frozenset(GENERIC_LAUNCHERS) | frozenset(launchers())


@dataclass
class Command:
    entry: str | None = None         # module or script the launcher runs
    launcher: str | None = None      # torchrun / accelerate / deepspeed / ray / ...
    entries: list[Entry] = field(default_factory=list)
    text: str = ""
    line: int = 0


def logical_lines(text: str, warn=None, label: str = "") -> list[tuple[int, str]]:
    """Join backslash continuations and quoted strings spanning lines; [(first line, text)]."""
    out: list[tuple[int, str]] = []
    cur: list[str] = []
    glued: list[int] = []
    start = 0
    quote = ""
    for no, line in enumerate(text.splitlines(), 1):
        if not cur:
            start = no
        s = line.rstrip()
        quote = _quote_state(s, quote)
        if quote:
            cur.append(s)
            continue
        if s.endswith("\\") and not s.endswith("\\\\"):
            body = s[:-1]
            if body and not body[-1].isspace() and "=" in body.split()[-1]:
                glued.append(no)
                body += " "
            cur.append(body)
            continue
        cur.append(s)
        out.append((start, cur[0] if len(cur) == 1 else " ".join(p.strip() for p in cur)))
        cur = []
    if cur:
        out.append((start, " ".join(p.strip() for p in cur)))
    if glued and warn:
        shown = ", ".join(map(str, glued[:6])) + (" ..." if len(glued) > 6 else "")
        warn(f"{label}:{glued[0]}: no space before the line-continuation backslash (lines {shown}); "
             "bash glues such an argument to the next one - read as separate arguments")
    return out


def _quote_state(s: str, quote: str) -> str:
    """Quote still open at the end of `s` (starting inside `quote`)."""
    i, n = 0, len(s)
    while i < n:
        c = s[i]
        if quote:
            if c == "\\" and quote == '"':
                i += 1
            elif c == quote:
                quote = ""
        elif c == "#" and (i == 0 or s[i - 1].isspace()):
            break
        elif c == "\\":
            i += 1
        elif c in "'\"":
            quote = c
        i += 1
    return quote


def split(text: str, warn=None, where: str = "") -> list[str]:
    from .shellsplit import split as words   # shlex's split, without importing shlex and re

    try:
        tokens = words(text)
    except ValueError:
        if warn:
            warn(f"{where}: unbalanced quotes in a command; split on spaces")
        tokens = text.split()
    return _join_substitutions(tokens) if ("$(" in text or "`" in text) else tokens


def _join_substitutions(tokens: list[str]) -> list[str]:
    """A command substitution is one argument: `--master_port=$(echo "$P" | cut -d , -f 1)`
    (its `|` ends nothing) and `` --nnodes=`cat n` ``; the word splitter cuts them at their spaces."""
    out: list[str] = []
    depth = 0          # open `$(` parentheses of the argument being joined
    tick = False       # inside a backtick substitution
    for t in tokens:
        if depth > 0 or tick:
            out[-1] += " " + t
        else:
            out.append(t)
            if "$(" not in t and t.count("`") % 2 == 0:
                continue
        if depth > 0 or "$(" in t:
            depth = max(0, depth + t.count("(") - t.count(")"))
        if t.count("`") % 2:
            tick = not tick
    return out


def expand(text: str, env: dict[str, str]) -> str:
    def sub(m):
        name = m.group(1) or m.group(3)
        if name in env:
            return env[name]
        if m.group(2) is not None:
            return m.group(2)
        return m.group(0)
    return _VAR.sub(sub, text) if "$" in text else text


def is_command(tokens: list[str]) -> bool:
    i = _skip_prefix(tokens)
    if i >= len(tokens):
        return False
    prog = os.path.basename(tokens[i])
    return bool(PYTHONS.match(prog)) or prog in all_launchers() or bool(_MODULE.match(prog) and "--" in " ".join(tokens[i + 1:i + 3])) \
        or prog.endswith(".py")


def _skip_prefix(tokens: list[str]) -> int:
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t in ("+", "++", "$", "!") or t.startswith("+") and set(t) == {"+"}:
            i += 1
        elif t in SKIP:
            i += 1
        elif t.startswith("!") and len(t) > 1:
            tokens[i] = t[1:]
        elif _ASSIGN.match(t):
            i += 1
        else:
            break
    return i


_OPERATOR = re_cache.lazy(r"^(?:&|&&|\|\||\||;|\d?>>?(?:&\d)?|&>>?|<)$")


def parse_command(tokens: list[str], source_of, rank: int = COMMAND, path: str | None = None,
                  line: int | None = None) -> Command:
    """Tokens of one command -> Command with its entries.

    `source_of()` returns the provenance string for the entries (e.g. "log:12").
    """
    cmd = Command(text=" ".join(tokens), line=line or 0)
    src = source_of()

    def add(key, value, ns="main", style="flag", removed=False):
        cmd.entries.append(Entry(key=key, value=value, source=src, rank=rank, ns=ns, style=style,
                                 removed=removed, path=path, line=line))

    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.startswith("!") and len(t) > 1:
            t = tokens[i] = t[1:]
        if t in ("+", "++", "$", "!") or t in SKIP or (t.startswith("+") and set(t) == {"+"}):
            i += 1
            continue
        m = _ASSIGN.match(t)
        if m:
            add(m.group(1), coerce(m.group(2)), ns="env", style="env")
            i += 1
            continue
        break
    # a redirect, `&`, `|`, `&&` or `;` ends this command's arguments
    # (`... --faiss_gpu &` must not read `&` as the flag's value)
    end = next((j for j in range(i, len(tokens)) if _OPERATOR.match(tokens[j])), len(tokens))
    tokens = tokens[:end]
    n = len(tokens)
    if i < n and os.path.basename(tokens[i]) == "ray" and "--" in tokens[i:]:
        cmd.launcher = "ray"
        i = tokens.index("--", i) + 1
        while i < n and _ASSIGN.match(tokens[i]):
            i += 1
    if i >= n:
        return cmd
    prog = os.path.basename(tokens[i])
    i += 1
    launcher_ns = None
    if prog == "uv" and i < n and tokens[i] == "run":
        i += 1
        prog = os.path.basename(tokens[i]) if i < n else ""
        i += 1
    if PYTHONS.match(prog):
        while i < n and tokens[i].startswith("-") and tokens[i] not in ("-m",):
            i += 2 if tokens[i] in ("-X", "-W") else 1
        if i < n and tokens[i] == "-m":
            cmd.entry = tokens[i + 1] if i + 1 < n else None
            i += 2
            if cmd.entry in MODULE_LAUNCHERS:
                prog, launcher_ns = MODULE_LAUNCHERS[cmd.entry], "launcher"
        elif i < n:
            cmd.entry = tokens[i]
            i += 1
    elif prog in ("torchrun", "deepspeed"):
        launcher_ns = "launcher"
    elif prog == "accelerate":
        if i < n and tokens[i] == "launch":
            i += 1
        launcher_ns = "accelerate"
    elif prog == "llamafactory-cli":
        cmd.entry = "llamafactory-cli " + (tokens[i] if i < n else "")
        i += 1
        if i < n and not tokens[i].startswith("-") and "=" not in tokens[i]:
            add("config_file", tokens[i], style="positional")
            i += 1
    elif prog in ("trl", "vllm", "swift"):   # `trl grpo`, `vllm serve`, ms-swift's `swift rlhf`
        sub = tokens[i] if i < n else ""
        cmd.entry = f"{prog} {sub}"
        i += 1
        if prog == "vllm" and i < n and not tokens[i].startswith("-"):
            add("model", tokens[i], ns="vllm", style="positional")
            i += 1
    elif _MODULE.match(prog) or prog.endswith(".py"):
        cmd.entry = tokens[i - 1]
    else:
        return cmd
    if launcher_ns:
        cmd.launcher = prog
        while i < n:
            t = tokens[i]
            if t in ("-m", "--module"):
                cmd.entry = tokens[i + 1] if i + 1 < n else None
                i += 2
                break
            if t.startswith("--"):
                k, eq, v = t[2:].partition("=")
                if eq:
                    add(k.replace("-", "_"), coerce(v), ns=launcher_ns)
                    i += 1
                elif i + 1 < n and not tokens[i + 1].startswith("-") and not tokens[i + 1].endswith(".py"):
                    add(k.replace("-", "_"), coerce(tokens[i + 1]), ns=launcher_ns)
                    i += 2
                else:
                    add(k.replace("-", "_"), True, ns=launcher_ns)
                    i += 1
                continue
            if t.startswith("-"):
                i += 1
                continue
            cmd.entry = t
            i += 1
            break
        if cmd.entry and PYTHONS.match(os.path.basename(cmd.entry)):
            rest = parse_command(tokens[i - 1:], source_of, rank, path, line)
            cmd.entry = rest.entry
            cmd.entries.extend(rest.entries)
            return cmd
    ns = "vllm" if cmd.entry in ("trl vllm-serve", "vllm serve") else "main"
    hydra = bool(cmd.entry) and any(h in cmd.entry for h in hydra_entries())
    while i < n:
        t = tokens[i]
        if t in ("|", "||", "&&", ";", "&", ">", ">>", "2>&1", "2>", "1>"):
            break
        if t.startswith("--") and len(t) > 2:
            k, eq, v = t[2:].partition("=")
            # argparse takes a flag only as it was defined: a fix is written in the typed spelling
            style = "dashflag" if "-" in k else "flag"
            k = k.replace("-", "_")
            if eq:
                add(k, coerce(v), ns=ns, style=style)
                i += 1
            elif i + 1 < n and (not tokens[i + 1].startswith("-") or _number(tokens[i + 1])):
                add(k, coerce(tokens[i + 1]), ns=ns, style=style)
                i += 2
            else:
                add(k, True, ns=ns, style=style)
                i += 1
            continue
        if "=" in t and not t.startswith("-"):
            k, _, v = t.partition("=")
            plus = len(k) - len(k.lstrip("+"))
            k = k.lstrip("+")
            if k.startswith("~"):
                add(k[1:], None, ns=ns, style="hydra", removed=True)
            elif k:
                add(k, coerce(v), ns=ns, style="hydra" if (hydra or plus) else "kv")
            i += 1
            continue
        if t.startswith("~") and hydra:
            add(t[1:], None, ns=ns, style="hydra", removed=True)
        i += 1
    return cmd


def _number(t: str) -> bool:
    try:
        float(t)
        return True
    except ValueError:
        return False


def read_script(text: str, label: str, rank: int, warn) -> tuple[list[Command], list[Entry]]:
    """A shell script -> (launch commands, exported env entries)."""
    env: dict[str, str] = {}
    exports: list[Entry] = []
    commands: list[Command] = []
    raw = text.splitlines()
    in_heredoc: str | None = None
    heredoc_lines: list[tuple[int, str]] = []
    for no, line in logical_lines(text, warn, label):
        s = line.strip()
        if in_heredoc is not None:
            if s == in_heredoc:
                in_heredoc = None
                body = " ".join(x for _, x in heredoc_lines)
                if heredoc_lines:
                    _command(body, heredoc_lines[0][0], env, label, rank, warn, commands, raw)
                heredoc_lines = []
            elif s and not s.startswith("#"):
                heredoc_lines.append((no, s))
            continue
        if not s or s.startswith("#"):
            continue
        hm = re_cache.search(r"<<-?\s*['\"]?(\w+)['\"]?", s)
        if hm:
            in_heredoc = hm.group(1)
            continue
        if s.startswith("export "):
            for tok in split(s[7:], warn, f"{label}:{no}"):
                m = _ASSIGN.match(tok)
                if m:
                    val = expand(m.group(2), env)
                    env[m.group(1)] = val
                    exports.append(Entry(key=m.group(1), value=coerce(val), source=f"{label}:{no}",
                                         rank=rank, ns="env", style="env", path=label, line=no))
            continue
        m = _ASSIGN.match(s)
        if m and " " not in s.strip():
            env[m.group(1)] = expand(coerce_shell(m.group(2)), env)
            continue
        _command(s, no, env, label, rank, warn, commands, raw)
    return commands, exports


def coerce_shell(v: str) -> str:
    v = v.strip()
    if len(v) >= 2 and v[0] == v[-1] and v[0] in "'\"":
        return v[1:-1]
    return v.split(" #", 1)[0]


def _command(s, no, env, label, rank, warn, commands, raw_lines=None):
    tokens = split(expand(s, env), warn, f"{label}:{no}")
    if tokens and is_command(list(tokens)):
        cmd = parse_command(tokens, lambda: f"{label}:{no}", rank, path=label, line=no)
        if raw_lines is not None:
            relocate(cmd, raw_lines, no, label)
        if cmd.entry or cmd.entries:
            commands.append(cmd)


def relocate(cmd: Command, raw_lines: list[str], start: int, label: str, numbers=None) -> None:
    """Give each argument of a multi-line command the line it is written on."""
    p = start - 1
    for e in cmd.entries:
        needles = (f"{e.key}=", f"--{e.key}", f"--{e.key.replace('_', '-')}")
        for j in range(p, min(len(raw_lines), start - 1 + 2000)):
            if any(nd in raw_lines[j] for nd in needles):
                p = j
                no = numbers[j] if numbers else j + 1
                e.line = no
                e.source = f"{label}:{no}"
                break
