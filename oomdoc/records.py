"""`dataclass`, `field`, `replace`, `fields`: the part of `dataclasses` oomdoc uses,
without its start-up cost (issue 12).

`import dataclasses` pulls in `inspect` (and with it `ast`, `dis`, `tokenize`),
and each class it decorates costs ~0.3 ms of generated-code compiling: together
a seventh of a short `oomdoc explain`. Here the methods are plain closures over
the field list (oomdoc runs no generated code; tests/test_no_network.py), so
making a class costs microseconds. Instances are made a little more slowly, so
the classes made per line of a log (`model.py`) are written out by hand.

Same behaviour as `dataclasses` for what oomdoc uses: fields in annotation order,
defaults and `default_factory`, `repr=False` / `compare=False` fields, `slots`,
`frozen` (hashable, immutable, `FrozenInstanceError`), eq-without-hash, and
fields inherited from a decorated base class. Not supported (refused loudly):
`ClassVar`/`InitVar` annotations, `__post_init__`, ordering, keyword-only fields.
"""
from __future__ import annotations

_MISSING = object()


class FrozenInstanceError(AttributeError):
    """Assigning to a field of a frozen record."""


class Field:
    __slots__ = ("name", "default", "default_factory", "repr", "compare")

    def __init__(self, default=_MISSING, default_factory=_MISSING, repr: bool = True, compare: bool = True):
        if default is not _MISSING and default_factory is not _MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.default, self.default_factory, self.repr, self.compare = default, default_factory, repr, compare

    def __repr__(self) -> str:
        return f"Field(name={self.name!r})"


def field(*, default=_MISSING, default_factory=_MISSING, repr: bool = True, compare: bool = True):  # noqa: A002
    return Field(default, default_factory, repr, compare)


def fields(obj_or_cls) -> tuple[Field, ...]:
    return type(obj_or_cls).__record_fields__ if not isinstance(obj_or_cls, type) \
        else obj_or_cls.__record_fields__


def replace(obj, **changes):
    """A copy of the record `obj` with some fields changed (as `dataclasses.replace`)."""
    for f in fields(obj):
        if f.name not in changes:
            changes[f.name] = getattr(obj, f.name)
    return type(obj)(**changes)


def dataclass(cls=None, /, *, slots: bool = False, frozen: bool = False):
    """Decorate a class as `dataclasses.dataclass(slots=..., frozen=...)` would."""
    def wrap(c):
        return _process(c, slots, frozen)

    return wrap if cls is None else wrap(cls)


def _process(cls, slots: bool, frozen: bool):
    own = cls.__dict__.get("__annotations__", {})
    for name, ann in own.items():
        text = ann if isinstance(ann, str) else getattr(ann, "__name__", "")
        if text.startswith(("ClassVar", "InitVar", "typing.ClassVar", "dataclasses.")):
            raise TypeError(f"{cls.__name__}.{name}: records do not support {text}")
    if "__post_init__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: records do not support __post_init__")
    inherited: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for f in base.__dict__.get("__record_fields__", ()):
            inherited[f.name] = f
    flds = dict(inherited)
    for name in own:
        value = cls.__dict__.get(name, _MISSING)
        f = value if isinstance(value, Field) else Field(default=value)
        f.name = name
        flds[name] = f
        if isinstance(value, Field):
            if f.default is _MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    all_fields = tuple(flds.values())
    seen_default = False
    for f in all_fields:
        has = f.default is not _MISSING or f.default_factory is not _MISSING
        if seen_default and not has:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
        seen_default = seen_default or has

    body = dict(cls.__dict__)
    body["__record_fields__"] = all_fields
    plain: list = []        # the class, once made, when its instances may take a dict update
    body["__init__"] = _make_init(cls.__name__, all_fields, frozen, plain)
    if "__repr__" not in cls.__dict__:
        body["__repr__"] = _make_repr(all_fields)
    if "__eq__" not in cls.__dict__:
        body["__eq__"] = _make_eq(all_fields)
    if frozen:
        body["__setattr__"], body["__delattr__"] = _frozen_setattr, _frozen_delattr
        if "__hash__" not in cls.__dict__:
            body["__hash__"] = _make_hash(all_fields)
    elif "__hash__" not in cls.__dict__:
        body["__hash__"] = None     # eq without frozen: unhashable, as dataclasses makes it
    if not slots:
        for k, v in body.items():
            if k not in cls.__dict__ or cls.__dict__[k] is not v:
                type.__setattr__(cls, k, v)
        if _plain_dict_instances(cls, all_fields, frozen):
            plain.append(cls)
        return cls
    names = tuple(f.name for f in all_fields if f.name in own)
    for name in names:
        body.pop(name, None)
    body.pop("__dict__", None)
    body.pop("__weakref__", None)
    body["__slots__"] = names
    if frozen:      # pickling a frozen slots instance cannot go through __setattr__
        body["__getstate__"] = _slots_getstate
        body["__setstate__"] = _slots_setstate
    new = type(cls)(cls.__name__, cls.__bases__, body)
    new.__qualname__ = cls.__qualname__
    return new


def _plain_dict_instances(cls, flds: tuple, frozen: bool) -> bool:
    """Whether setting the fields one by one only fills the instance's `__dict__`: no
    `__setattr__` of its own (a frozen record's is bypassed anyway) and no field shadowed
    by a descriptor that sets (a property, a slot). Only for the class itself: a subclass
    may set differently."""
    if not frozen and cls.__setattr__ is not object.__setattr__:
        return False
    for f in flds:
        for base in cls.__mro__:
            if f.name in base.__dict__:
                if hasattr(type(base.__dict__[f.name]), "__set__"):
                    return False
                break
    return True


def _make_init(cls_name: str, flds: tuple, frozen: bool, plain: list):
    names = tuple(f.name for f in flds)
    defaults = {f.name: f.default for f in flds if f.default is not _MISSING}
    factories = {f.name: f.default_factory for f in flds if f.default_factory is not _MISSING}
    setter = object.__setattr__ if frozen else setattr
    n = len(names)

    def __init__(self, *args, **kwargs):
        if plain and type(self) is plain[0] and len(args) == n and not kwargs:
            # every field given in order (a catalogue entry: twenty of them): one dict update
            self.__dict__.update(zip(names, args))
            return
        if len(args) > n:
            raise TypeError(f"{cls_name}.__init__() takes {n + 1} positional arguments but {len(args) + 1} were given")
        for name, value in zip(names, args):
            setter(self, name, value)
        if len(args) == n and not kwargs:
            return
        for name in names[len(args):]:
            if name in kwargs:
                setter(self, name, kwargs.pop(name))
            elif name in factories:
                setter(self, name, factories[name]())
            elif name in defaults:
                setter(self, name, defaults[name])
            else:
                raise TypeError(f"{cls_name}.__init__() missing required argument: {name!r}")
        if kwargs:
            bad = next(iter(kwargs))
            raise TypeError(f"{cls_name}.__init__() got an unexpected keyword argument {bad!r}"
                            if bad not in names else f"{cls_name}.__init__() got multiple values for {bad!r}")

    return __init__


def _make_repr(flds: tuple):
    shown = tuple(f.name for f in flds if f.repr)
    busy: set = set()

    def __repr__(self):
        key = (id(self), _thread_id())
        if key in busy:
            return "..."
        busy.add(key)
        try:
            inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        finally:
            busy.discard(key)
        return f"{type(self).__qualname__}({inner})"

    return __repr__


def _thread_id() -> int:
    import _thread

    return _thread.get_ident()


def _make_eq(flds: tuple):
    compared = tuple(f.name for f in flds if f.compare)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return tuple(getattr(self, n) for n in compared) == tuple(getattr(other, n) for n in compared)
        return NotImplemented

    return __eq__


def _make_hash(flds: tuple):
    compared = tuple(f.name for f in flds if f.compare)

    def __hash__(self):
        return hash(tuple(getattr(self, n) for n in compared))

    return __hash__


def _frozen_setattr(self, name, value):
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _frozen_delattr(self, name):
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _slots_getstate(self):
    return [getattr(self, f.name) for f in type(self).__record_fields__]


def _slots_setstate(self, state):
    for f, value in zip(type(self).__record_fields__, state):
        object.__setattr__(self, f.name, value)
