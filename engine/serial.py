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


def to_json(value: Any, like: Any = None) -> str:
    """``json.dumps(encode(value))``, the same text, written faster: the text of each instance
    of a class that cannot change (:func:`_unchanging`: a ship, a base, a game's map) is kept
    on it, so a state stored after each command writes out again only what the command made
    new. The engine makes new instances rather than changing them, so a kept text stays true.

    ``like``: an earlier value of the same class that was written with a ``like`` too (the
    state before a command): each field that is the very same object in both is not written
    again (a state's dict of ships, unchanged by a move of a base). The texts of the fields are
    kept on ``value`` for the next."""
    if like is not None:
        return _like(value, like)
    kind = type(value)
    if kind is str:
        return _string(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return int.__repr__(value)
    if value is None:
        return "null"
    try:
        names = _DATACLASS_FIELDS[kind]
    except KeyError:
        names = _DATACLASS_FIELDS[kind] = _field_names(kind)
    if names is not None:
        keep = _unchanging(kind)
        if keep:
            kept: str | None = value.__dict__.get(_TEXT)
            if kept is not None:
                return kept
        parts = [f'"type": {_string(_NAMES.get(kind, kind.__name__))}']
        parts += [f"{_string(name)}: {to_json(getattr(value, name))}" for name in names]
        text = "{" + ", ".join(parts) + "}"
        if keep:
            value.__dict__[_TEXT] = text
        return text
    if isinstance(value, enum.Enum):
        return to_json(value.value)
    if isinstance(value, Mapping):
        items = [
            f"{_string(k if type(k) is str else _encode_key(k))}: {to_json(v)}" for k, v in value.items()
        ]
        return "{" + ", ".join(items) + "}"
    if isinstance(value, (tuple, list, frozenset, set)):
        ordered = sorted(value) if isinstance(value, (frozenset, set)) else value
        return "[" + ", ".join([to_json(v) for v in ordered]) + "]"
    return json.dumps(encode(value))  # a float, or what encode refuses


def _like(value: Any, like: Any) -> str:
    """:func:`to_json` of a dataclass, reusing the texts of the fields it shares with ``like``."""
    kind = type(value)
    names = _field_names(kind)
    if names is None:
        return to_json(value)
    before: dict[str, tuple[Any, str]] = like.__dict__.get(_FIELD_TEXTS, {}) if type(like) is kind else {}
    texts: dict[str, tuple[Any, str]] = {}
    for name in names:
        field = getattr(value, name)
        old = before.get(name)
        texts[name] = (field, old[1] if old is not None and old[0] is field else to_json(field))
    value.__dict__[_FIELD_TEXTS] = texts
    parts = [f'"type": {_string(_NAMES.get(kind, kind.__name__))}']
    parts += [f"{_string(name)}: {text}" for name, (_, text) in texts.items()]
    return "{" + ", ".join(parts) + "}"


_FIELD_TEXTS = "_serial_fields"
"""Where a value written with a ``like`` keeps its fields and their texts (:func:`_like`)."""
_string: Callable[[str], str] = json.encoder.encode_basestring_ascii
"""A string as ``json.dumps`` writes it (ASCII only)."""
_TEXT = "_serial_text"
"""Where an instance of an unchanging class keeps its JSON text (in its ``__dict__``, as
``cached_property`` does)."""


def _unchanging(kind: type[Any]) -> bool:
    """A class whose instances never change: a frozen dataclass whose fields are all of
    unchanging types, or one marked :func:`encoded_once`. Found once per class.

    A dict in a frozen record counts as unchanging: the engine never changes one in place (it
    makes a new record with a new dict, as ``replace(ship, current={...})``), and the tests
    check every state stored in whole games against ``json.dumps(encode(state))``. A list or a
    set does not count."""
    found = _UNCHANGING.get(kind)
    if found is None:
        found = _UNCHANGING[kind] = kind in _ONCE or _fixed(kind, frozenset())
    return found


_UNCHANGING: dict[type[Any], bool] = {}


def _fixed(tp: Any, seen: frozenset[Any]) -> bool:
    """Values of type ``tp`` cannot change (``seen``: the classes being checked, for classes
    that refer to themselves)."""
    if tp in seen or tp in (int, str, bool, float, type(None)):
        return True
    if hasattr(tp, "__supertype__"):  # a typing.NewType
        return _fixed(tp.__supertype__, seen)
    origin = typing.get_origin(tp)
    if origin in (tuple, frozenset, typing.Union, types.UnionType, typing.Literal, dict, Mapping):
        args = [a for a in typing.get_args(tp) if a is not Ellipsis]
        return origin is typing.Literal or all(_fixed(a, seen) for a in args)
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return True
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        params = getattr(tp, "__dataclass_params__", None)
        if params is None or not params.frozen or not tp.__dictoffset__:  # slots: no __dict__
            return False
        hints = _hints(tp)
        inner = seen | {tp}
        return all(_fixed(hints[f.name], inner) for f in dataclasses.fields(tp) if f.init)
    return False


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
