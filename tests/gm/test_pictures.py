"""Pictures asked for by announcements come out as PNGs, each from its viewer's side."""

from __future__ import annotations

from gm.announce import Picture
from tests.engine.battle_helpers import battle
from tests.gm.table import ALICE, BOB, Table, seat_position

PNG = b"\x89PNG\r\n\x1a\n"


async def test_every_picture_an_announcement_asks_for_is_drawn(table: Table) -> None:
    game = await seat_position(table, battle("alice W1: TL0 PD=6 B=3", "bob W2: TL0 PD=6 S=2"))
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=1 B=3"))
    round_one = await table.ok(table.gm.submit_orders(BOB, game, "Kish", "W2 DODGE: D=4 S=2"))
    asked = [a.picture for a in round_one.announcements if a.picture is not None]
    assert {p.kind for p in asked} >= {"map", "battle"}
    for picture in [*asked, Picture("fleet", viewer="alice"), Picture("map", viewer="bob", around=("Kish",))]:
        png = await table.gm.picture(game, picture)
        assert png is not None and png.startswith(PNG), picture


async def test_a_battle_picture_of_a_star_without_battles_is_none(table: Table) -> None:
    game = await seat_position(table, battle("alice W1: TL0 PD=6 B=3", "bob W2: TL0 PD=6 S=2"))
    assert await table.gm.picture(game, Picture("battle", viewer="alice", star="0606")) is None
