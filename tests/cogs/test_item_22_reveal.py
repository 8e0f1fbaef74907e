"""Issue 10, item 22 on Discord: when a game of three ends, the channel hears every ship's
record, those of a player who conceded earlier too (R-WIN-4)."""

from __future__ import annotations

from gm.core import Actor
from tests.cogs.conftest import World, seen_by, use
from tests.gm.table import position
from tests.gm.test_item_06_20_22_rules_fixes import CAROLS, REVEALED, three_players


async def test_item_22_records_of_a_player_out_earlier_are_revealed_at_the_end(world: World) -> None:
    """R-WIN-4: carol concedes first (her ships leave the map, nothing of them is said); when bob
    concedes the game is over and its post lists her records with the others'."""
    ch = world.channel
    users = {"alice": world.alice.id, "bob": world.bob.id, "carol": world.carol.id}
    mod = Actor(0, "mod", manager=True)
    imported = await world.bot.gm.import_game(mod, world.guild.id, ch.id, position(three_players(), users))
    assert imported.ok, imported.text
    await use(world.carol, ch, "warpwar concede")
    before = "\n".join(seen_by(ch, world.alice))
    assert "carol is out of the game: conceded" in before
    assert not any(record.split(" (")[0] in before for record in CAROLS)
    await use(world.bob, ch, "warpwar concede")
    over = next(m for m in reversed(ch.history()) if m.embeds and m.embeds[0].title == "Game over")
    shown = over.embeds[0].description or ""
    assert shown.startswith("**The game is over: alice won")
    assert all(record in shown for record in REVEALED), shown
