"""Issue 10, item 22 on the console: when a game of three ends, #game hears every ship's
record, those of a player who conceded earlier too (R-WIN-4)."""

from __future__ import annotations

from console.app import user_id
from gm.core import Actor
from tests.console.helpers import Console
from tests.gm.table import position
from tests.gm.test_item_06_20_22_rules_fixes import CAROLS, REVEALED, three_players


async def test_item_22_records_of_a_player_out_earlier_are_revealed_at_the_end(console: Console) -> None:
    """R-WIN-4: carol concedes first, nothing of her ships is said; when bob concedes, the end of
    the game lists her records with the others'."""
    users = {name: user_id(name) for name in ("alice", "bob", "carol")}
    mod = Actor(user_id("mod"), "mod", manager=True)
    imported = await console.session.gm.import_game(mod, 1, 1, position(three_players(), users))
    assert imported.ok, imported.text
    out = await console.play("/as carol", "/warpwar concede")
    assert any(line.strip() == "carol is out of the game: conceded." for line in out)
    assert not any(record.split(" (")[0] in line for line in out for record in CAROLS)
    over = await console.play("/as bob", "/warpwar concede")
    start = over.index("[#game] The game is over: alice won (the last side standing).")
    assert over[start + 1].strip() == "Every ship's record, now revealed:"
    assert {line.strip() for line in over[start + 2 : start + 6]} == set(REVEALED)
