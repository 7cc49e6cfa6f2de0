"""records.dataclass behaves as dataclasses.dataclass for what oomdoc uses, and the
hand-written model classes behave as the dataclasses they replace (issue 12)."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from oomdoc import records
from oomdoc.model import MAIN, Event, Line, Record, Source


def _pair(**opts):
    """The same class made by both decorators."""
    made = []
    for deco, fld in ((dataclasses.dataclass, dataclasses.field), (records.dataclass, records.field)):
        class Thing:
            name: str
            size: int = 0
            tags: list = fld(default_factory=list)
            note: str | None = fld(default=None, repr=False, compare=False)

            def double(self) -> int:
                return 2 * self.size

        made.append(deco(**opts)(Thing))
    return made


@pytest.mark.parametrize("opts", [{}, {"slots": True}, {"frozen": True}, {"slots": True, "frozen": True}])
def test_same_behaviour_as_dataclasses(opts):
    ref, ours = _pair(**opts)
    for cls in (ref, ours):
        a, b = cls("x", 3, note="n"), cls(name="x", size=3, note="other")
        assert (a == b, a.double(), a.tags, b.tags is not a.tags, a.note) == (True, 6, [], True, "n")
        assert a != cls("x", 4) and cls("y") == cls("y", 0, [])
    assert repr(ours("x", 3, ["t"])) == repr(ref("x", 3, ["t"])).replace(ref.__qualname__, ours.__qualname__)
    assert ("__slots__" in ours.__dict__) == bool(opts.get("slots"))
    if opts.get("frozen"):
        assert hash(ours("x", tags=())) == hash(ours("x", tags=(), note="z")) == hash(ref("x", tags=()))
    else:
        assert ours.__hash__ is None and ref.__hash__ is None
    if opts.get("frozen"):
        with pytest.raises(AttributeError):
            ours("x").size = 1
    if opts.get("slots"):
        with pytest.raises((AttributeError, TypeError)):
            ours("x").other = 1
    with pytest.raises(TypeError):
        ours()
    with pytest.raises(TypeError):
        ours("x", bogus=1)
    with pytest.raises(TypeError):
        ours("x", 1, [], None, "too many")
    assert records.replace(ours("x", 3, note="n"), size=5) == ours("x", 5)
    assert records.replace(ours("x", 3, note="n"), size=5).note == "n"


def test_records_pickle_like_dataclasses():
    for opts in ({}, {"slots": True, "frozen": True}):
        _, ours = _pair(**opts)
        globals()["Thing"] = ours       # picklable by name
        ours.__qualname__ = "Thing"
        try:
            a = ours("x", 3, ["t"], note="n")
            b = pickle.loads(pickle.dumps(a))
            assert b == a and b.note == "n" and b.tags == ["t"]
        finally:
            del globals()["Thing"]


def test_unsupported_features_are_refused():
    with pytest.raises(TypeError):
        @records.dataclass
        class A:
            x: int

            def __post_init__(self):
                pass
    with pytest.raises(TypeError):
        @records.dataclass
        class B:
            x: int = 0
            y: int


def test_model_classes_match_their_dataclass_forms():
    src = Source("rank", 3, 12, None, "10.0.0.1")
    assert src == Source(kind="rank", rank=3, pid=12, ip="10.0.0.1") and hash(src) == hash(Source(*src.key))
    assert repr(src) == "Source(kind='rank', rank=3, pid=12, actor=None, ip='10.0.0.1')"
    assert {src: 1}[Source("rank", 3, 12, None, "10.0.0.1")] == 1
    with pytest.raises(AttributeError):
        src.rank = 4
    assert pickle.loads(pickle.dumps(src)) == src and pickle.loads(pickle.dumps(MAIN)) == MAIN
    line = Line(1, "a", "[rank3]: a", src)
    assert (line.repeat, line.header, line.level) == (1, False, None)
    assert line == Line(no=1, text="a", raw="[rank3]: a", source=src) and line != Line(2, "a", "[rank3]: a", src)
    assert repr(Line(1, "a", "a")) == ("Line(no=1, text='a', raw='a', source=Source(kind='', rank=None, pid=None, "
                                        "actor=None, ip=None), repeat=1, header=False, level=None)")
    rec = Record("line", [line])
    assert rec == Record(kind="line", lines=[Line(1, "a", "[rank3]: a", src)]) and rec.source == src
    ev = Event("cuda_oom", src, 1, 2, {"free": 1}, sig=("a",))
    twin = Event(kind="cuda_oom", source=src, line=1, end_line=2, facts={"free": 1})
    assert ev == twin and ev.sources == [] and ev.sources is not twin.sources   # sig is not compared
    assert "sig" not in repr(ev)
    moved = ev.replace(line=5, end_line=6)
    assert (moved.line, moved.end_line, moved.sig, ev.line) == (5, 6, ("a",), 1)
    assert pickle.loads(pickle.dumps(ev)) == ev
    for obj in (line, rec, ev):
        with pytest.raises(TypeError):
            hash(obj)


def test_every_field_in_order_fills_the_instance_as_one_by_one():
    """The all-positional shortcut (one dict update) gives what setting fields one by one
    gives, and is not taken where setting a field does more (a setter, a subclass)."""
    for frozen in (False, True):
        ref, ours = _pair(frozen=frozen)
        a, b = ours("x", 3, ["t"], "n"), ours(name="x", size=3, tags=["t"], note="n")
        assert vars(a) == vars(b) and list(vars(a)) == ["name", "size", "tags", "note"]
        assert (a.name, a.size, a.tags, a.note) == ("x", 3, ["t"], "n")

    seen = []

    @records.dataclass
    class Watched:
        a: int
        b: int = 0

        def __setattr__(self, name, value):
            seen.append(name)
            object.__setattr__(self, name, value)

    Watched(1, 2)
    assert seen == ["a", "b"]

    @records.dataclass
    class Base:
        a: int
        b: int = 0

    class Sub(Base):
        def __setattr__(self, name, value):
            seen.append(name)
            object.__setattr__(self, name, value)

    seen.clear()
    Sub(1, 2)
    assert seen == ["a", "b"] and vars(Base(1, 2)) == {"a": 1, "b": 2}
