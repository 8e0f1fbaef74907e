"""``engine.records.replace`` makes the same record ``dataclasses.replace`` makes (issue 15): a
copy of the fields for a record whose ``__init__`` only sets them, ``dataclasses.replace`` for
every other class; what a record keeps beside its fields (a JSON text, a cached index) is never
copied into the new one."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from functools import cached_property

import pytest

from engine import serial
from engine.records import replace
from engine.serial import encode, to_json
from tests.engine.battle_helpers import battle


@dataclass(frozen=True)
class Plain:
    name: str
    counts: dict[str, int]
    tags: tuple[str, ...] = ()

    @cached_property
    def total(self) -> int:
        return sum(self.counts.values())


@dataclass(frozen=True)
class Checked:
    name: str

    def __post_init__(self) -> None:
        if not self.name:
            raise ValueError("a name is needed")


@dataclass(frozen=True)
class Derived:
    name: str
    shout: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "shout", self.name.upper())


def test_a_plain_record_is_copied_with_its_changes_and_nothing_it_kept() -> None:
    record = Plain("a", {"x": 1}, ("t",))
    assert record.total == 1 and "total" in record.__dict__
    changed = replace(record, counts={"x": 2, "y": 3})
    assert changed == dataclasses.replace(record, counts={"x": 2, "y": 3})
    assert changed.total == 5, "the cached total is the new record's, not copied"
    assert replace(record) == record and replace(record) is not record
    with pytest.raises(dataclasses.FrozenInstanceError):
        changed.name = "b"  # type: ignore[misc]


def test_other_classes_go_to_dataclasses_replace() -> None:
    """A ``__post_init__`` still runs (and still refuses); a field the class sets itself is
    made anew; a change naming no field is refused as before."""
    with pytest.raises(ValueError, match="a name is needed"):
        replace(Checked("a"), name="")
    assert replace(Derived("a"), name="b").shout == "B"
    with pytest.raises(TypeError):
        replace(Plain("a", {}), colour="red")


def test_a_states_records_made_by_replace_are_written_as_json_dumps_writes_them() -> None:
    """The kept JSON text of a record (engine.serial) is not copied into the record made from it."""
    game = battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 A=9")
    ship = game.ships["alice:W1"]
    to_json(ship)
    assert serial._TEXT in ship.__dict__
    moved = replace(ship, cargo=ship.cargo + 1)
    assert serial._TEXT not in moved.__dict__
    assert to_json(moved) == json.dumps(encode(moved)) != to_json(ship)
