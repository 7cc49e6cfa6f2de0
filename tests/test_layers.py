"""The package's layers, kept honest by reading every import statement.

Data flows one way (README "How it works"); a lower layer never imports a
higher one, however the import is written: at module level, inside a
function (for start-up time), relative or absolute, or by `import_module`
with a literal name. Nor does a module import another package's private
(`_name`) names or modules.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

PKG = Path(__file__).resolve().parent.parent / "oomdoc"

# Lowest first. A module may import its own layer and the layers below it.
LAYERS = [
    {"units", "model", "records", "safe_json", "safe_yaml", "secrets", "reader", "datafiles", "re_cache", "scan_anchors",
     "scan_lines", "strict",
     "progress", "webtext", "ipython"},
    {"scan", "scan_hs", "signatures", "prefixes", "assemble", "metrics_store", "unwrap"},
    {"parsers"},
    {"pipeline", "config"},
    {"grouping", "stream"},
    {"rules_engine"},
    {"similarity"},
    {"diagnose"},
    {"corpus_check", "rule_pages"},
    {"render"},
    {"incident", "fleet"},
    {"commands"},
    {"cli", "__main__"},
]
# The package root only offers the version and lazy entry points (read_events,
# explain); every layer may read `oomdoc.__version__`.
ROOT_NAMES = {"__version__", "JSON_SCHEMA_VERSION"}
# Private names imported across packages, owned by another change in flight.
KNOWN_PRIVATE: set = set()


def _modules():
    for path in sorted(PKG.rglob("*.py")):
        parts = list(path.relative_to(PKG.parent).with_suffix("").parts)
        is_pkg = parts[-1] == "__init__"
        if is_pkg:
            parts = parts[:-1]
        yield ".".join(parts), is_pkg, path


def imports_of(name: str, is_pkg: bool, source: str):
    """(line, imported dotted name) for every import in `source`, function-level ones too."""
    package = name if is_pkg else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield node.lineno, a.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            for a in node.names:
                yield node.lineno, f"{mod}.{a.name}" if mod else a.name
        elif isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", None)) \
                in ("import_module", "__import__") and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                yield node.lineno, arg.value
            elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
                yield node.lineno, arg.values[0].value.rstrip(".")   # f"oomdoc.commands.{x}"


def layer_of(dotted: str) -> int | None:
    parts = dotted.split(".")
    if parts[0] != "oomdoc" or len(parts) < 2:
        return None
    for i, layer in enumerate(LAYERS):
        if parts[1] in layer:
            return i
    return None


def _violations():
    out = []
    for name, is_pkg, path in _modules():
        own = layer_of(name)
        for line, target in imports_of(name, is_pkg, path.read_text(encoding="utf-8")):
            if not target.startswith("oomdoc"):
                continue
            if target.split(".")[1:2] and target.split(".")[1] in ROOT_NAMES:
                continue
            to = layer_of(target)
            if own is None:      # the package root: the top, may import anything
                continue
            if to is None:
                out.append(f"{path.name}:{line}: {name} imports {target}, which is in no layer")
            elif to > own:
                out.append(f"{path.relative_to(PKG.parent)}:{line}: {name} (layer {own}) imports "
                           f"{target} (layer {to})")
    return out


def test_every_module_has_a_layer():
    missing = [n for n, _, _ in _modules() if n != "oomdoc" and layer_of(n) is None]
    assert not missing, f"add these to LAYERS: {missing}"


def test_no_lower_layer_imports_a_higher_one():
    bad = _violations()
    assert not bad, "\n".join(bad)


def test_no_private_names_across_modules():
    """A module's `_names` are its own; a package's `_module` is for that package's modules."""
    bad = []
    for name, is_pkg, path in _modules():
        for line, target in imports_of(name, is_pkg, path.read_text(encoding="utf-8")):
            parts = target.split(".")
            if parts[0] != "oomdoc":
                continue
            i = next((i for i, p in enumerate(parts) if p.startswith("_") and not p.startswith("__")), None)
            if i is None or (name, target) in KNOWN_PRIVATE:
                continue
            owner = ".".join(parts[:i])
            if _is_module(parts[: i + 1]):
                ok = name == owner or name.startswith(owner + ".")
            else:
                ok = name == owner
            if not ok:
                bad.append(f"{path.relative_to(PKG.parent)}:{line}: {name} imports private {target}")
    assert not bad, "\n".join(bad)


def _is_module(parts: list[str]) -> bool:
    base = PKG.parent.joinpath(*parts)
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


@pytest.mark.parametrize("source, expect", [
    ("from ..diagnose import explain", "oomdoc.diagnose.explain"),
    ("def f():\n    from oomdoc import commands\n", "oomdoc.commands"),
    ("import oomdoc.render.markdown as m", "oomdoc.render.markdown"),
    ("from importlib import import_module\nimport_module('oomdoc.cli')", "oomdoc.cli"),
])
def test_the_checker_sees_every_way_of_importing(source, expect):
    got = [t for _, t in imports_of("oomdoc.parsers.pytorch", False, source)]
    assert expect in got
    assert layer_of(expect) > layer_of("oomdoc.parsers.pytorch")
