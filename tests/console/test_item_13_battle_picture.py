"""Issue 10, item 13 on the console: the battle pictures it saves after a crowded round are the
labelled ones (no label over another, the ECM that moved missiles named), one per fighter."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from console.app import user_id
from engine.warpwar.state import Phase, TurnState
from gm.core import Actor
from tests.console.helpers import Console
from tests.engine.battle_helpers import battle
from tests.gm.table import position
from tests.render.battles import SIX_A_SIDE, Drawn, check_labels, six_a_side_orders, spy_on_battle_pictures


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every battle picture the game master draws for the console, as render drew it."""
    return spy_on_battle_pictures(monkeypatch)


async def test_item_13_the_battle_pictures_saved_are_labelled_clearly(console: Console, drawn: Drawn) -> None:
    """Six against six meet at Kish; alice then bob type their orders: each gets the round's
    picture, saved as a file, and it is the one checked here."""
    state = replace(battle(*SIX_A_SIDE), phase=Phase.MOVE, turn=TurnState())
    users = {name: user_id(name) for name in ("alice", "bob")}
    mod = Actor(user_id("mod"), "mod", manager=True)
    imported = await console.session.gm.import_game(mod, 1, 1, position(state, users))
    assert imported.ok, imported.text
    orders = six_a_side_orders("; ")
    out = await console.play(
        "/move done",
        f'/orders star:Kish text:"{orders["alice"]}"',
        "/as bob",
        f'/orders star:Kish text:"{orders["bob"]}"',
    )
    for viewer in ("alice", "bob"):
        [line] = [x for x in out if x.startswith(f"[to {viewer}] picture:")]
        path = Path(line.split("picture:", 1)[1].strip())
        assert path.name.endswith(f"-battle-Kish-{viewer}.png")
        assert path.read_bytes() == check_labels(drawn, viewer).png()
    assert any("moved it from drive 4 to 5" in x for x in out), "the write-up names the ECM too"
