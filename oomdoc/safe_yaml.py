"""Bounded YAML/JSON loading for text written by strangers (config files, dumps in logs).

`yaml.safe_load` never executes anything, but it is not bounded:

* aliases are shared, not copied, so a "billion laughs" file loads in
  microseconds - and then every consumer that walks the tree (flattening
  keys, printing, comparing) expands it into billions of nodes;
* a recursive alias (`&a [*a]`) makes a cyclic object;
* nesting is composed recursively, so 10 000 `[` end in a RecursionError
  deep inside PyYAML (and the stdlib JSON decoder does the same).

Here the node graph is checked before anything is constructed: depth at
most MAX_DEPTH, aliases may add at most MAX_ALIAS_NODES nodes to the tree
they would expand to, no alias cycles. Breaking a limit raises
`LimitError` (a ValueError) with one readable sentence.
"""
from __future__ import annotations

import yaml
from yaml.composer import Composer
from yaml.constructor import SafeConstructor
from yaml.events import AliasEvent
from yaml.parser import Parser
from yaml.reader import Reader
from yaml.resolver import Resolver
from yaml.scanner import Scanner

from .safe_json import MAX_DEPTH, LimitError, load_json  # noqa: F401 - one limit, one error; load_json as before

TYPE_CHECKING = False
if TYPE_CHECKING:   # annotations only: importing typing costs ~3 ms of a short run (issue 12)
    from typing import Any

try:
    from yaml.cyaml import CParser
except ImportError:  # pragma: no cover
    CParser = None

MAX_ALIAS_NODES = 100_000




class _DepthComposer(Composer):
    """The composer, refusing deep nesting before it recurses; counts aliases."""

    def compose_node(self, parent, index):
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                mark = self.peek_event().start_mark
                raise LimitError(f"nested deeper than {MAX_DEPTH} levels (line {mark.line + 1})")
            if self.check_event(AliasEvent):
                self._aliases += 1
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _init(self) -> None:
    Composer.__init__(self)
    SafeConstructor.__init__(self)
    Resolver.__init__(self)
    self._depth = 0
    self._aliases = 0


class _PyLoader(_DepthComposer, Reader, Scanner, Parser, SafeConstructor, Resolver):
    def __init__(self, stream):
        Reader.__init__(self, stream)
        Scanner.__init__(self)
        Parser.__init__(self)
        _init(self)


if CParser is not None:
    class _CLoader(_DepthComposer, CParser, SafeConstructor, Resolver):
        """libyaml's (iterative) parser for speed, Python's composer for the depth check."""

        def __init__(self, stream):
            CParser.__init__(self, stream)
            _init(self)

    _Loader = _CLoader
else:  # pragma: no cover - PyYAML without libyaml
    _Loader = _PyLoader


def compose_yaml(text: str) -> yaml.Node | None:
    """The checked node tree of the first document (None for an empty one)."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
    except RecursionError:
        raise LimitError("nested too deeply to read") from None
    except yaml.YAMLError as exc:
        # PyYAML >= 6.0.4 refuses deep nesting itself, in its parser, before our composer sees it
        if "nesting depth" not in str(getattr(exc, "problem", "") or ""):
            raise
        mark = getattr(exc, "problem_mark", None)
        at = f" (line {mark.line + 1})" if mark is not None else ""
        raise LimitError(f"nested deeper than {MAX_DEPTH} levels{at}") from None
    finally:
        loader.dispose()
    if node is not None and loader._aliases:
        _check_expansion(node)
    return node


def construct_yaml(node: yaml.Node | None) -> Any:
    """Python objects of a node tree from `compose_yaml` (safe types only)."""
    if node is None:
        return None
    loader = yaml.SafeLoader("")
    try:
        return loader.construct_document(node)
    except RecursionError:
        raise LimitError("nested too deeply to read") from None
    finally:
        loader.dispose()


def load_yaml(text: str) -> Any:
    """`yaml.safe_load` with the limits above; raises yaml.YAMLError or LimitError."""
    return construct_yaml(compose_yaml(text))


def _check_expansion(root: yaml.Node) -> None:
    """Expanded node count vs distinct nodes, iteratively, with cycle detection."""
    size: dict[int, int] = {}          # id(node) -> nodes in its full expansion
    on_path: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        nid = id(node)
        kids = _children(node)
        if done:
            on_path.discard(nid)
            total = 1 + sum(size[id(k)] for k in kids)
            size[nid] = total
            if total - len(size) > MAX_ALIAS_NODES:
                raise LimitError(f"aliases expand to more than {MAX_ALIAS_NODES} extra nodes "
                                 f"(YAML 'billion laughs'?)")
            continue
        if nid in size:
            continue
        if nid in on_path:
            raise LimitError("a YAML alias refers to itself (recursive anchor)")
        on_path.add(nid)
        stack.append((node, True))
        for k in kids:
            kid = id(k)
            if kid in on_path:
                raise LimitError("a YAML alias refers to itself (recursive anchor)")
            if kid not in size:
                stack.append((k, False))


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


__all__ = ["LimitError", "MAX_DEPTH", "MAX_ALIAS_NODES", "compose_yaml", "construct_yaml",
           "load_yaml", "load_json"]
