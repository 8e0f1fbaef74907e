"""Two games may each have a class of the same name: namespaces keep them apart in JSON."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.serial import decode, encode, serializable, serializable_in


@serializable_in("testgame")
@dataclass(frozen=True)
class Concede:
    player: str


def test_a_namespaced_class_is_written_and_read_under_its_namespace() -> None:
    data = encode(Concede("ann"))
    assert data == {"type": "testgame.Concede", "player": "ann"}
    assert decode(Concede, data) == Concede("ann")


def test_warpwar_classes_keep_their_bare_names() -> None:
    from engine.warpwar.commands import Concede as WarpWarConcede

    assert encode(WarpWarConcede("ann"))["type"] == "Concede"


def test_the_same_name_twice_in_one_namespace_is_refused() -> None:
    with pytest.raises(TypeError, match=r"testgame\.Concede"):

        @serializable_in("testgame")
        @dataclass(frozen=True)
        class Concede:
            player: str

    with pytest.raises(TypeError, match="not a dataclass"):
        serializable(int)
