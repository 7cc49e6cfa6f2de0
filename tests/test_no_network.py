"""oomdoc never touches the network and never runs text as code.

* At run time: with every way to open a connection patched to fail, `explain`
  runs on every corpus case in-process, and the real CLI runs in a subprocess
  whose `sitecustomize` (or a `-c` wrapper) patches `socket` before oomdoc is
  imported; any attempt is recorded and fails the test.
* Statically: an AST walk over oomdoc/**/*.py finds no eval/exec/compile (but a
  `compile(..., PyCF_ONLY_AST)`, which only parses: `config/pyliteral.py`'s literal_eval),
  no pickle/marshal/shelve (marshal only in datafiles' cache reader and writer),
  no network module, no `yaml.load` without
  SafeLoader, no `os.system`/`os.popen`/`os.exec*`, no `shell=True`, and
  `import_module` only on oomdoc's own module names.
"""
from __future__ import annotations

import ast
import json
import os
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PKG = ROOT / "oomdoc"
CORPUS = sorted(p for p in (ROOT / "corpus").iterdir() if (p / "train.log").is_file())
CASE = ROOT / "corpus" / "allocator-fragmentation-verl-v05-midrun"

DENY = textwrap.dedent("""
    import socket, sys
    def _deny(*args, **kwargs):
        sys.stderr.write("NETWORK ATTEMPT %r\\n" % (args[1:] if len(args) > 1 else args,))
        raise OSError("network disabled by the test")
    socket.socket.connect = _deny
    socket.socket.connect_ex = _deny
    socket.socket.sendto = _deny
    socket.create_connection = _deny
    socket.getaddrinfo = _deny
""")


# -- run time ----------------------------------------------------------------------

@pytest.fixture
def no_network(monkeypatch):
    attempts = []

    def deny(*args, **kwargs):
        attempts.append(args[1:] if len(args) > 1 else args)
        raise OSError("network disabled by the test")

    for obj, name in ((socket.socket, "connect"), (socket.socket, "connect_ex"), (socket.socket, "sendto"),
                      (socket, "create_connection"), (socket, "getaddrinfo")):
        monkeypatch.setattr(obj, name, deny)
    return attempts


def _configs(case: Path) -> list[str]:
    return [str(p) for p in sorted(case.iterdir())
            if p.suffix in (".yaml", ".yml", ".json", ".sh", ".toml") and p.name != "expected.yaml"]


def test_explain_on_every_corpus_case_makes_no_connection(no_network):
    from oomdoc.diagnose import explain

    diagnosed = 0
    for case in CORPUS:
        rep = explain(str(case / "train.log"), config_paths=_configs(case))   # similar cases too
        diagnosed += bool(rep.diagnoses)
    assert no_network == []
    assert diagnosed >= len(CORPUS) * 0.9


def test_every_command_in_process_makes_no_connection(no_network, capsys, tmp_path, monkeypatch):
    from oomdoc.cli import main

    monkeypatch.setenv("OOMDOC_CACHE_DIR", str(tmp_path / "cache"))
    log = str(CASE / "train.log")
    for args in (["explain", log, "--format", "json"], ["explain", log, "--format", "markdown"],
                 ["facts", log, "--format", "json"], ["config", log], ["rules", "list"], ["examples"]):
        try:
            code = main(args)
        except SystemExit as exc:
            code = exc.code
        assert code == 0, (args, capsys.readouterr().err)
    assert no_network == []


def _run(cmd: list[str], env_extra: dict, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, **env_extra}
    return subprocess.run(cmd, input=stdin, capture_output=True, timeout=180, env=env, cwd=ROOT)


def test_cli_subprocess_with_socket_patched_by_sitecustomize(tmp_path):
    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(DENY, encoding="utf-8")
    env = {"PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", "")]),
           "OOMDOC_CACHE_DIR": str(tmp_path / "cache")}
    probe = _run([sys.executable, "-c", "import socket; socket.create_connection(('example.com', 80))"], env)
    assert b"NETWORK ATTEMPT" in probe.stderr          # the patch is really active in the child

    log = str(CASE / "train.log")
    res = _run([sys.executable, "-m", "oomdoc", "explain", log, "--format", "json"], env)
    assert res.returncode == 0, res.stderr.decode()
    assert json.loads(res.stdout)["diagnoses"][0]["cause"] == "allocator-fragmentation"
    live = _run([sys.executable, "-m", "oomdoc", "explain", "-", "--format", "jsonl"], env,
                stdin=(CASE / "train.log").read_bytes())
    assert live.returncode == 0 and b"allocator-fragmentation" in live.stdout
    for r in (res, live):
        assert b"NETWORK ATTEMPT" not in r.stderr


def test_cli_main_under_a_c_wrapper(tmp_path):
    wrapper = DENY + "sys.argv = ['oomdoc'] + sys.argv[1:]\nfrom oomdoc.cli import entry\nentry()\n"
    env = {"OOMDOC_CACHE_DIR": str(tmp_path / "cache")}
    for args in (["explain", str(CASE / "train.log")], ["facts", str(CASE / "train.log"), "--format", "json"],
                 ["config", str(CASE / "train.log"), "--format", "json"]):
        res = _run([sys.executable, "-c", wrapper, *args], env)
        assert res.returncode == 0, res.stderr.decode()
        assert res.stdout and b"NETWORK ATTEMPT" not in res.stderr


# -- static ----------------------------------------------------------------------------

BANNED_CALLS = {"eval", "exec", "compile", "__import__", "breakpoint"}
BANNED_MODULES = {"pickle", "cPickle", "_pickle", "marshal", "shelve", "dill", "cloudpickle", "joblib",
                  "socket", "ssl", "urllib.request", "urllib3", "http.client", "http.server", "requests",
                  "httpx", "aiohttp", "ftplib", "smtplib", "telnetlib", "xmlrpc", "webbrowser", "code", "pty"}
BANNED_OS = {"system", "popen", "execv", "execve", "execl", "execlp", "execvp", "execvpe", "spawnl", "spawnv",
             "spawnlp", "spawnvp", "posix_spawn", "posix_spawnp", "startfile"}
UNSAFE_YAML = {"unsafe_load", "unsafe_load_all", "full_load", "full_load_all", "Loader", "UnsafeLoader",
               "FullLoader", "CLoader", "CUnsafeLoader", "CFullLoader"}
SAFE_LOADERS = {"SafeLoader", "CSafeLoader", "BaseLoader", "CBaseLoader"}


def _dotted(node) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{_dotted(node.value)}.{node.attr}"
    return "?"


def _own_module_name(arg) -> bool:
    """`import_module` only on oomdoc's own modules: f"oomdoc.x.{name}" or f"{__name__}.{name}"."""
    if isinstance(arg, ast.Constant):
        return isinstance(arg.value, str) and arg.value.startswith(("oomdoc.", "."))
    if isinstance(arg, ast.JoinedStr) and arg.values:
        head = arg.values[0]
        if isinstance(head, ast.Constant):
            return str(head.value).startswith("oomdoc.")
        return (isinstance(head, ast.FormattedValue) and _dotted(head.value) == "__name__"
                and len(arg.values) > 1 and str(getattr(arg.values[1], "value", "")).startswith("."))
    return False


def _only_parses(call: ast.Call) -> bool:
    """`compile(text, name, mode, PyCF_ONLY_AST)`: a syntax tree, as `ast.parse` makes it (what
    `ast.literal_eval` reads); no code object is made, so nothing can run."""
    flags = call.args[3] if len(call.args) > 3 else next((k.value for k in call.keywords if k.arg == "flags"), None)
    return _dotted(call.func) == "compile" and flags is not None and _dotted(flags).split(".")[-1] == "PyCF_ONLY_AST"


def violations(source: str, name: str = "<src>") -> list[str]:
    out = []
    tree = ast.parse(source, filename=name)
    for node in ast.walk(tree):
        where = f"{name}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name in BANNED_MODULES or a.name.split(".")[0] in BANNED_MODULES:
                    out.append(f"{where}: import {a.name}")
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            mod = node.module
            if mod in BANNED_MODULES or mod.split(".")[0] in BANNED_MODULES:
                out.append(f"{where}: from {mod} import ...")
            if mod == "os" and any(a.name in BANNED_OS for a in node.names):
                out.append(f"{where}: from os import {', '.join(a.name for a in node.names)}")
            if mod == "yaml" and any(a.name in UNSAFE_YAML or a.name == "load" for a in node.names):
                out.append(f"{where}: from yaml import {', '.join(a.name for a in node.names)}")
            if mod == "builtins":
                out.append(f"{where}: from builtins import ...")
        elif isinstance(node, ast.Attribute):
            full = _dotted(node)
            if full.startswith("yaml.") and node.attr in UNSAFE_YAML:
                out.append(f"{where}: {full}")
            if full.startswith("os.") and node.attr in BANNED_OS:
                out.append(f"{where}: {full}")
        elif isinstance(node, ast.Call):
            fn = _dotted(node.func)
            if isinstance(node.func, ast.Name) and fn in BANNED_CALLS and not _only_parses(node):
                out.append(f"{where}: {fn}()")
            if fn in ("getattr",) and len(node.args) > 1 and isinstance(node.args[1], ast.Constant) \
                    and node.args[1].value in BANNED_CALLS | BANNED_OS:
                out.append(f"{where}: getattr(..., {node.args[1].value!r})")
            if fn in ("yaml.load", "yaml.load_all"):
                loader = next((k.value for k in node.keywords if k.arg == "Loader"),
                              node.args[1] if len(node.args) > 1 else None)
                if loader is None or _dotted(loader).split(".")[-1] not in SAFE_LOADERS:
                    out.append(f"{where}: {fn} without SafeLoader")
            for k in node.keywords:
                if k.arg == "shell" and not (isinstance(k.value, ast.Constant) and k.value.value is False):
                    out.append(f"{where}: {fn}(shell=...)")
            if fn.split(".")[-1] == "import_module" and not (node.args and _own_module_name(node.args[0])):
                out.append(f"{where}: import_module on a name that is not oomdoc's")
    return out


def test_the_static_check_finds_what_it_bans():
    bad = textwrap.dedent("""
        import pickle, socket
        from urllib.request import urlopen
        import yaml, os, subprocess
        from importlib import import_module
        eval("1"); exec("x = 1"); compile("1", "f", "eval"); compile("1", "f", "eval", PyCF_ALLOW_TOP_LEVEL_AWAIT)
        yaml.load(s); yaml.load(s, Loader=yaml.Loader); yaml.unsafe_load(s)
        os.system("ls"); os.popen("ls")
        subprocess.run("ls", shell=True)
        import_module(user_text)
    """)
    found = " | ".join(violations(bad))
    for what in ("import pickle", "import socket", "from urllib.request", "eval()", "exec()", "compile()",
                 "yaml.load without SafeLoader", "yaml.Loader", "yaml.unsafe_load", "os.system", "os.popen",
                 "shell=", "import_module on a name"):
        assert what in found, what
    good = textwrap.dedent("""
        import ast, re, yaml
        from importlib import import_module
        ast.literal_eval("[1]"); re.compile("x"); yaml.safe_load(s); yaml.load(s, Loader=yaml.SafeLoader)
        compile(s, "<unknown>", "eval", PyCF_ONLY_AST); compile(s, "f", "eval", flags=_ast.PyCF_ONLY_AST)
        import_module(f"oomdoc.commands.{name}"); import_module(f"{__name__}.{name}")
        subprocess.run(["ls"], shell=False)
    """)
    assert violations(good) == []


def test_package_has_no_eval_exec_pickle_network_or_unsafe_yaml():
    files = sorted(PKG.rglob("*.py"))
    assert len(files) > 20
    found = []
    for f in files:
        found += violations(f.read_text(encoding="utf-8"), str(f.relative_to(ROOT)))
    # The cache files (datafiles: read_cache / cache_bytes, pack / unpack) are marshal:
    # plain data in the user's own cache dir, never run. Nowhere else.
    allowed = [v for v in found if v.startswith("oomdoc/datafiles.py:") and v.endswith(": import marshal")]
    assert allowed
    assert [v for v in found if v not in allowed] == []
