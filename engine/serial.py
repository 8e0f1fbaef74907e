"""A small JSON codec for the engine's frozen dataclasses.

Game states, events and commands must round-trip through JSON losslessly (they are stored
in SQLite and exported). Rather than hand-writing ``to_dict``/``from_dict`` for dozens of
classes, every dataclass that may travel is registered with :func:`serializable` and this
module walks the type hints. Every encoded dataclass carries its class name under
``"type"`` so that fields typed as a union of dataclasses (an event, a move step) decode to
the right class.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, TypeVar

JSON = Any  # what json.dumps accepts: dict, list, str, int, bool, None
T = TypeVar("T")

_REGISTRY: dict[str, type[Any]] = {}
_NAMES: dict[type[Any], str] = {}
_ONCE: set[type[Any]] = set()
"""Classes whose instances are encoded once (:func:`encoded_once`)."""
_KEPT = "_serial_encoded"
"""Where such an instance keeps its encoding (in its ``__dict__``, as ``cached_property`` does)."""


def serializable(cls: type[T]) -> type[T]:
    """Register a dataclass so that :func:`decode` can find it by its class name.

    WarpWar's classes use bare names (as every stored game does); another game registers
    its classes in a namespace of its own with :func:`serializable_in`."""
    return _register(cls, cls.__name__)


def serializable_in(namespace: str) -> Callable[[type[T]], type[T]]:
    """A decorator registering dataclasses as ``namespace.ClassName``.

    Two games may then each have a ``GameState`` or a ``Concede``: the name written under
    ``"type"`` says which game's class it is."""

    def register(cls: type[T]) -> type[T]:
        return _register(cls, f"{namespace}.{cls.__name__}")

    return register


def encoded_once(cls: type[T]) -> type[T]:
    """Mark a serializable class whose instances never change and are encoded often (a game's
    map, inside every state stored): each instance is encoded once and the JSON data kept on it.
    The data :func:`encode` returns is never to be changed in place."""
    _ONCE.add(cls)
    return cls


def _register(cls: type[T], name: str) -> type[T]:
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} is not a dataclass")
    if name in _REGISTRY and _REGISTRY[name] is not cls:
        raise TypeError(f"two serializable classes are named {name}")
    _REGISTRY[name] = cls
    _NAMES[cls] = name
    return cls


def encode(value: Any) -> JSON:
    """Turn a registered dataclass (or any value made of them) into plain JSON data."""
    kind = type(value)
    if kind in _PLAIN:
        return value
    try:
        names = _DATACLASS_FIELDS[kind]
    except KeyError:
        names = _DATACLASS_FIELDS[kind] = _field_names(kind)
    if names is not None:
        if kind not in _ONCE:
            return _fields(value, names)
        kept = value.__dict__.get(_KEPT)
        if kept is None:
            kept = value.__dict__[_KEPT] = _fields(value, names)
        return kept
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (bool, int, str, float)):
        return value
    if isinstance(value, Mapping):
        return {
            k if type(k) is str else _encode_key(k): v if type(v) in _PLAIN else encode(v)
            for k, v in value.items()
        }
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else value
        return [v if type(v) in _PLAIN else encode(v) for v in items]
    raise TypeError(f"cannot encode {type(value).__name__}")


def to_json(value: Any) -> str:
    """``json.dumps(encode(value))``, the text of each field whose class is encoded once (a
    game's map: most of a stored state) written once too, and put in place."""
    data = encode(value)
    names = _field_names(type(value)) or ()
    once = [name for name in names if type(getattr(value, name)) in _ONCE]
    if not once:
        return json.dumps(data)
    marks = {name: f"{_MARK}{name}" for name in once}
    text = json.dumps({**data, **marks})
    for name, mark in marks.items():
        field = getattr(value, name)
        kept = field.__dict__.get(_TEXT)
        if kept is None:
            kept = field.__dict__[_TEXT] = json.dumps(data[name])
        text = text.replace(json.dumps(mark), kept, 1)
    return text


_MARK = "\x00serial.to_json\x00"
"""Where a field's kept text goes (no text a game stores holds this)."""
_TEXT = "_serial_text"


_PLAIN = frozenset({str, int, bool, float, type(None)})
"""Types encoded as themselves, found by their type alone (most values are)."""


_DATACLASS_FIELDS: dict[type[Any], tuple[str, ...] | None] = {}
"""The fields each type is encoded with (:func:`_field_names`), found once per type: states
hold thousands of values."""


def _field_names(kind: type[Any]) -> tuple[str, ...] | None:
    """The fields a dataclass is encoded with (those its constructor takes); None for a type
    that is not a dataclass."""
    if not dataclasses.is_dataclass(kind):
        return None
    return tuple(f.name for f in dataclasses.fields(kind) if f.init)


def _fields(value: Any, names: tuple[str, ...]) -> dict[str, JSON]:
    """A dataclass's fields, encoded, under its registered name (plain values as they are)."""
    out: dict[str, JSON] = {"type": _NAMES.get(type(value), type(value).__name__)}
    for name in names:
        field = getattr(value, name)
        out[name] = field if type(field) in _PLAIN else encode(field)
    return out


def _encode_key(key: Any) -> str:
    if isinstance(key, enum.Enum):
        return str(key.value)
    if isinstance(key, str):
        return key
    raise TypeError(f"mapping keys must be strings or enums, not {type(key).__name__}")


def decode(tp: Any, data: JSON) -> Any:
    """Rebuild a value of type ``tp`` from what :func:`encode` produced."""
    return _decoder(tp)(data)


_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = typing.get_type_hints(cls)
    return _HINTS[cls]


def _decode_dataclass(data: JSON) -> Any:
    if not isinstance(data, dict) or "type" not in data:
        raise ValueError(f"expected an object with a type, got {data!r}")
    cls = _REGISTRY.get(data["type"])
    if cls is None:
        raise ValueError(f"unknown type {data['type']!r}")
    hints = _hints(cls)
    kwargs = {
        f.name: decode(hints[f.name], data[f.name])
        for f in dataclasses.fields(cls)
        if f.init and f.name in data
    }
    return cls(**kwargs)


@cache
def _decoder(tp: Any) -> Callable[[JSON], Any]:
    """How to decode values of type ``tp``; worked out once per type (decoding is hot)."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return lambda d: d
    if hasattr(tp, "__supertype__"):  # a typing.NewType, such as a hex's name
        return _decoder(tp.__supertype__)
    if origin in (typing.Union, types.UnionType):
        return lambda d: _decode_union(args, d)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return lambda d: tuple(decode(args[0], x) for x in d)
        return lambda d: tuple(decode(a, x) for a, x in zip(args, d, strict=True))
    if origin is frozenset:
        return lambda d: frozenset(decode(args[0], x) for x in d)
    if origin in (dict, Mapping) or origin is typing.Mapping:
        key_t, val_t = args
        return lambda d: {decode(key_t, k): decode(val_t, v) for k, v in d.items()}
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return tp
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _decode_dataclass
    if tp in (int, str, bool, float):
        return lambda d: d
    if tp is type(None):
        return lambda d: None
    raise TypeError(f"cannot decode type {tp!r}")


def _decode_union(args: tuple[Any, ...], data: JSON) -> Any:
    if data is None and type(None) in args:
        return None
    if isinstance(data, dict) and "type" in data:
        return _decode_dataclass(data)
    for arg in args:
        if arg is type(None):
            continue
        try:
            return decode(arg, data)
        except (TypeError, ValueError):
            continue
    raise ValueError(f"{data!r} matches none of {args}")
