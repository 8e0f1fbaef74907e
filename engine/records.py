"""A faster ``dataclasses.replace`` for the frozen records every command makes anew.

A command makes a few dozen new records (the state with a ship moved, the ship itself, each
announcement with its deadline): ``dataclasses.replace`` gathers every field by name and calls
the class's ``__init__``, which sets each field through ``object.__setattr__`` (the class is
frozen). For a record whose ``__init__`` only sets its fields, the new one's fields can be
copied at once instead, the same value a few times faster. Any other class (one with a
``__post_init__``, a field it computes itself, slots), or a change naming no field, goes to
``dataclasses.replace`` as before.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_COPIED: dict[type[Any], tuple[tuple[str, ...], frozenset[str]]] = {}
"""The fields of each class a copy may be made of; empty for the others (found once a class)."""


def replace(record: T, /, **changes: Any) -> T:
    """``dataclasses.replace(record, **changes)``: the same new record."""
    kind = type(record)
    found = _COPIED.get(kind)
    if found is None:
        found = _COPIED[kind] = _copied(kind)
    names, known = found
    if not names or not known.issuperset(changes):
        return dataclasses.replace(record, **changes)  # type: ignore[type-var]
    made: T = object.__new__(kind)
    fields = record.__dict__
    into = made.__dict__
    for name in names:
        into[name] = fields[name]
    into.update(changes)
    return made


def _copied(kind: type[Any]) -> tuple[tuple[str, ...], frozenset[str]]:
    """The fields of a dataclass whose generated ``__init__`` does nothing but set them (so a
    copy is what it would make), in order and as a set; none for any other class."""
    none: tuple[tuple[str, ...], frozenset[str]] = ((), frozenset())
    if not dataclasses.is_dataclass(kind) or not kind.__dictoffset__ or hasattr(kind, "__post_init__"):
        return none
    made_by_dataclass = getattr(kind.__init__, "__code__", None)
    if made_by_dataclass is None or made_by_dataclass.co_filename != "<string>":  # its own __init__
        return none
    fields = dataclasses.fields(kind)
    if any(not f.init for f in fields):
        return none
    names = tuple(f.name for f in fields)
    return names, frozenset(names)
