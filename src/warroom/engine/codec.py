"""One codec for plain-data states: ``clone``, ``to_json`` and ``from_json`` from the fields.

A state class (or a part of one: a seat, a unit) is a ``@dataclass(slots=True, kw_only=True)``
that subclasses :class:`Plain`. Its three methods are written from its fields' types the first
time each is called, as straight-line code compiled once per class (as fast as a hand-written
copy, without a constructor call), so no game writes a copy or a JSON form by hand and a field
added to a state is cloned and saved without anyone remembering to.

What each field's type means:

| type | clone | JSON |
|---|---|---|
| ``int``, ``str``, ``bool``, ``float`` | the value | the value |
| ``list`` / ``tuple`` of those | a shallow copy | a list |
| ``list[list[...]]`` of those | a copy of each row | lists |
| ``dict[...]``, ``list[dict[...]]``, ``Any`` | a deep copy of JSON-shaped data | a deep copy |
| a :class:`Plain` class, or a list of them | ``clone()`` of each | ``to_json()`` of each |
| an ``Enum`` | the value | its ``value`` |
| ``Rng`` | ``clone()`` | its state, an int |
| a class with ``clone``, ``to_json`` and ``from_json`` (``Frame``), or a list of them | ``clone()`` | ``to_json()`` |

Fields marked with :func:`shared` are never changed after set-up: a clone shares them. Fields
made with :func:`optional` (default ``None``) are left out of the JSON while they are ``None``, so
data that gains a key part-way through keeps the JSON it always had.
Fields marked with :func:`transient` (caches, values derived from others) are not saved: a
clone shares or resets them (``keep``), ``from_json`` leaves them at their default. Construction
is by keyword only (``kw_only=True``).
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, get_args, get_origin, get_type_hints

from warroom.engine.rng import Rng

P = TypeVar("P", bound="Plain")

_SHARED = "warroom.shared"
_OPTIONAL = "warroom.optional"
_UNLESS_EMPTY = "warroom.unless_empty"
_TRANSIENT = "warroom.transient"  # value: True (a clone keeps it) or False (a clone resets it)
_SCALARS = (int, str, bool, float, type(None))


_PLAIN_SCALARS = frozenset({int, str, bool, float, type(None)})


def copy_data(value: Any) -> Any:
    """A deep copy of JSON-shaped data (dicts, lists, tuples become lists, scalars), faster than
    ``copy.deepcopy``: scalars are copied without a call (search bots copy many small dicts)."""
    t = type(value)
    if t is dict:
        return {k: v if type(v) in _PLAIN_SCALARS else copy_data(v) for k, v in value.items()}
    if t is list or t is tuple:
        return [v if type(v) in _PLAIN_SCALARS else copy_data(v) for v in value]
    if isinstance(value, dict):
        return {k: copy_data(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [copy_data(v) for v in value]
    return value


def unless_empty(factory: Callable[[], Any] = dict, **kwargs: Any) -> Any:
    """A collection left out of the JSON while it is empty (so states that never fill it keep the
    JSON, and the hash, they had before it existed); ``from_json`` makes it empty when absent."""
    return dataclasses.field(default_factory=factory, metadata={_UNLESS_EMPTY: True}, **kwargs)


def optional(**kwargs: Any) -> Any:
    """A field that is often unset (``None``): left out of the JSON while it is."""
    return dataclasses.field(default=None, metadata={_OPTIONAL: True}, **kwargs)


def shared(**kwargs: Any) -> Any:
    """A field set once at set-up and never changed: a clone shares it (a configuration)."""
    return dataclasses.field(metadata={_SHARED: True}, **kwargs)


def transient(keep: bool = False, **kwargs: Any) -> Any:
    """A field that is not part of the saved state (a cache, a value derived from others): a
    clone shares it (``keep``) or resets it to its default, ``from_json`` leaves the default."""
    kwargs.setdefault("default", None)
    return dataclasses.field(metadata={_TRANSIENT: keep}, compare=False, repr=False, **kwargs)


class Plain:
    """Plain data with generated ``clone``, ``to_json`` and ``from_json`` (see the module)."""

    __slots__ = ()
    _compiled: ClassVar[dict[type, tuple[Callable[..., Any], ...]]] = {}

    def clone(self: P) -> P:
        """A deep copy, sharing only what is never changed."""
        return _methods(type(self))[0](self)  # type: ignore[no-any-return]

    def to_json(self) -> dict[str, Any]:
        """The saved form: JSON-shaped data, nothing shared with the state."""
        return _methods(type(self))[1](self)  # type: ignore[no-any-return]

    @classmethod
    def from_json(cls: type[P], data: dict[str, Any]) -> P:
        """The state ``to_json`` gave."""
        return _methods(cls)[2](data)  # type: ignore[no-any-return]

    def __post_load__(self) -> None:
        """Work out the derived fields after ``from_json`` (a class with any overrides it)."""


def _methods(cls: type) -> tuple[Callable[..., Any], ...]:
    """The three methods of ``cls``, compiled on first use and installed on the class."""
    found = Plain._compiled.get(cls)
    if found is None:
        found = Plain._compiled[cls] = _compile(cls)
        cls.clone, cls.to_json = found[0], found[1]  # type: ignore[attr-defined]
        cls.from_json = staticmethod(found[2])  # type: ignore[attr-defined]
    return found


def _kind(tp: Any) -> tuple[str, Any]:
    """How a field of type ``tp`` is copied: ``(kind, inner)``."""
    origin, args = get_origin(tp), get_args(tp)
    if origin in (typing.Union, types.UnionType):
        kinds = {_kind(a)[0] for a in args if a is not type(None)}
        return ("scalar", None) if kinds == {"scalar"} else ("data", None)
    if tp in _SCALARS:
        return "scalar", tp
    if tp is Rng:
        return "rng", None
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "enum", tp
    if isinstance(tp, type) and (issubclass(tp, Plain) or all(
            callable(getattr(tp, m, None)) for m in ("clone", "to_json", "from_json"))):
        return "plain", tp
    if origin is dict and len(args) == 2 and _kind(args[1])[0] == "scalar":
        return "flatdict", None
    if origin in (list, tuple) and args:
        inner = _kind(args[0])
        if inner[0] == "scalar":
            return "list", None
        if inner[0] == "list":
            return "rows", None
        if inner[0] == "plain":
            return "plains", inner[1]
    return "data", None


def _compile(cls: type) -> tuple[Callable[..., Any], ...]:
    hints = get_type_hints(cls)
    env: dict[str, Any] = {"_new": object.__new__, "_cls": cls, "_copy": copy_data, "_Rng": Rng}
    clone, dump, load = [], [], []
    later: list[str] = []  # optional fields: written into the JSON only when set
    for f in dataclasses.fields(cls):
        name = f.name
        v = f"self.{name}"
        if _TRANSIENT in f.metadata:
            clone.append(f"    new.{name} = {v}" if f.metadata[_TRANSIENT] else f"    new.{name} = _d_{name}()")
            env[f"_d_{name}"] = _default_of(f)
            load.append(f"    new.{name} = _d_{name}()")
            continue
        key = repr(name)
        # a field with a default is read with it where the saved data has none (older records)
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            env[f"_d_{name}"] = _default_of(f)
            d = f"(d[{key}] if {key} in d else _d_{name}())"
        else:
            d = f"d[{key}]"
        if f.metadata.get(_SHARED):
            clone.append(f"    new.{name} = {v}")
            dump.append(f"{key}: {v}")
            load.append(f"    new.{name} = {d}")
            continue
        kind, inner = _kind(hints[name])
        if inner is not None and kind in ("plain", "plains", "enum"):
            env[f"_t_{name}"] = inner
        if f.metadata.get(_UNLESS_EMPTY):  # JSON-shaped data, absent while empty
            clone.append(f"    new.{name} = _copy({v}) if {v} else _d_{name}()")
            later.append(f"    if {v}:\n        out[{key}] = _copy({v})")
            load.append(f"    new.{name} = _copy({d})")
            continue
        if f.metadata.get(_OPTIONAL):  # JSON-shaped data or a scalar, absent while None
            clone.append(f"    new.{name} = _copy({v})")
            later.append(f"    if {v} is not None:\n        out[{key}] = _copy({v})")
            load.append(f"    new.{name} = _copy(d.get({key}))")
            continue
        if kind == "scalar":
            clone.append(f"    new.{name} = {v}")
            dump.append(f"{key}: {v}")
            load.append(f"    new.{name} = {d}")
        elif kind == "list":
            clone.append(f"    new.{name} = {v}[:]")
            dump.append(f"{key}: list({v})")
            load.append(f"    new.{name} = list({d})")
        elif kind == "rows":
            clone.append(f"    new.{name} = [r[:] for r in {v}]")
            dump.append(f"{key}: [list(r) for r in {v}]")
            load.append(f"    new.{name} = [list(r) for r in {d}]")
        elif kind == "rng":
            clone.append(f"    new.{name} = {v}.clone()")
            dump.append(f"{key}: {v}.state")
            load.append(f"    new.{name} = _Rng(int({d}))")
        elif kind == "plain":
            clone.append(f"    new.{name} = {v}.clone()")
            dump.append(f"{key}: {v}.to_json()")
            load.append(f"    new.{name} = _t_{name}.from_json({d})")
        elif kind == "plains":
            clone.append(f"    new.{name} = [x.clone() for x in {v}]")
            dump.append(f"{key}: [x.to_json() for x in {v}]")
            load.append(f"    new.{name} = [_t_{name}.from_json(x) for x in {d}]")
        elif kind == "flatdict":  # a dict of scalars: a shallow copy is a whole one
            clone.append(f"    new.{name} = dict({v})")
            dump.append(f"{key}: dict({v})")
            load.append(f"    new.{name} = dict({d})")
        elif kind == "enum":
            clone.append(f"    new.{name} = {v}")
            dump.append(f"{key}: {v}.value")
            load.append(f"    new.{name} = _t_{name}({d})")
        else:
            clone.append(f"    new.{name} = _copy({v})")
            dump.append(f"{key}: _copy({v})")
            load.append(f"    new.{name} = _copy({d})")
    source = "\n".join([
        "def clone(self):", "    new = _new(_cls)", *clone, "    return new", "",
        "def to_json(self):", "    out = {" + ", ".join(dump) + "}", *later, "    return out", "",
        "def from_json(d):", "    new = _new(_cls)", *load, "    new.__post_load__()", "    return new",
    ])
    exec(compile(source, f"<codec of {cls.__qualname__}>", "exec"), env)
    return env["clone"], env["to_json"], env["from_json"]


def _default_of(f: dataclasses.Field[Any]) -> Callable[[], Any]:
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory
    value = None if f.default is dataclasses.MISSING else f.default
    return lambda: value
