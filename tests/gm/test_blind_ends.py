"""The lobby and the choice of map end of blind games through the game master (R-BLIND-30,
R-BLIND-31), every reply of the game checked by tests/gm/blind_check.py: a hidden random map is
neither drawn nor its seed told before the game ends; the channel hears who chooses, never who
got which end; each player is told their own end and gets their map."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from engine.warpwar.state import Phase
from gm.announce import Reply, ToChannel, ToPlayer
from gm.warpwar.ends import CHOOSE_ON
from gm.warpwar.looking import NOTHING_FOUND
from gm.warpwar.settings import SECRET_SEED, Settings, changed, describe, random_map_line
from tests.gm.blind_table import BlindTable
from tests.gm.table import ALICE, BOB, CHANNEL, GUILD, Table, said


def pictures_of(reply: Reply) -> list[object]:
    return [*reply.pictures, *(a.picture for a in reply.announcements if a.picture is not None)]


async def lobby(table: BlindTable, **settings: Any) -> Reply:
    """alice opens a blind game of two and bob joins; the opening reply."""
    gm = table.table.gm
    opened = await table.table.ok(
        gm.create(ALICE, GUILD, CHANNEL, "Blind game", players=2, fixed_order=True, **settings)
    )
    await table.table.ok(gm.join(BOB, CHANNEL))
    table.game = await table.table.game_id()
    return opened


async def test_r_blind_31_a_hidden_random_map_is_not_shown_and_its_seed_is_secret(table: Table) -> None:
    """R-BLIND-31/30: map random with blind map: no preview in the lobby, /warpwar map says why,
    and the seed is told nowhere (opening, status, settings, export) until the game ends; the
    ends offered are compass words; bob's map before his end is settled is nothing found."""
    blind = BlindTable(table)
    gm = table.gm
    opened = await lobby(blind, map="random", blind="map")
    seed = (await gm.load(blind.game)).settings.map_seed
    assert seed and not pictures_of(opened), "no preview of a map to be found"
    assert SECRET_SEED in opened.text and str(seed) not in said(opened)
    looked = await table.ok(gm.map_picture(ALICE, channel_id=CHANNEL))
    assert not looked.pictures and "by exploring" in looked.text
    assert str(seed) not in said(await table.ok(gm.status(CHANNEL, ALICE)))
    assert (await gm.load(blind.game)).shown_settings["map_seed"] == SECRET_SEED
    assert (await gm.export(blind.game))["setup"]["map_seed"] == 0
    begun = await blind.ok(ALICE, gm.start(ALICE, CHANNEL))
    call = next(a for a in begun.announcements if isinstance(a.to, ToChannel) and a.prompt is not None)
    assert "north or south" in call.text
    assert call.prompt is not None and call.prompt.labels == ("North", "South")
    assert not pictures_of(begun), "nobody has found any of the map yet"
    mine = await blind.ok(BOB, gm.my_map(BOB, blind.game))
    assert mine.text.endswith(NOTHING_FOUND) and not mine.pictures
    await blind.look(ALICE)
    chosen = await blind.choose_end("south")
    channel = [a.text for a in chosen.announcements if isinstance(a.to, ToChannel)]
    assert any("bob has chosen their map end" in t for t in channel)
    assert not any("north" in t or "south" in t for t in channel), "the channel hears nobody's end"
    state = await blind.state()
    assert any(t.startswith("**You defend the north end**") for t in blind.dms(chosen, "alice"))
    assert "**You defend the south end**" in chosen.text and state.map.home("south").middle in chosen.text
    assert blind.maps_to(chosen) == {"alice", "bob"}
    assert (await gm.export(blind.game))["setup"]["map_seed"] == 0
    await blind.ok(BOB, gm.concede(BOB, CHANNEL))
    assert (await gm.load(blind.game)).shown_settings["map_seed"] == seed, "told once the game is over"
    assert (await gm.export(blind.game))["setup"]["map_seed"] == seed


async def test_r_blind_30_blind_to_ships_the_chooser_gets_the_map_of_the_ends(table: Table) -> None:
    """R-BLIND-30: blind to ships on the printed map, the chooser's letter names each end's stars
    (its buttons, under the channel's news too, only compass words) and they get the map with its
    ends by direct message (the channel none); once chosen, the channel hears that the ends are
    settled and each player their own."""
    blind = BlindTable(table)
    gm = table.gm
    await lobby(blind, blind="ships")
    begun = await blind.ok(ALICE, gm.start(ALICE, CHANNEL))
    letters = [a for a in begun.announcements if isinstance(a.to, ToPlayer) and a.to.name == "bob"]
    assert any(a.text == CHOOSE_ON and a.picture is not None and a.picture.viewer == "bob" for a in letters)
    asked = next(a for a in letters if a.prompt is not None)
    assert asked.prompt is not None and asked.prompt.labels == ("North", "South"), "as under the news"
    assert "north (Ur) or south (Babylon)" in asked.text, "the letter names the stars: the map is known"
    assert all(a.picture is None for a in begun.announcements if isinstance(a.to, ToChannel))
    assert (await blind.state()).phase is Phase.SETUP
    chosen = await blind.choose_end("north")
    assert "You defend the north end" in chosen.text
    assert any("You defend the south end" in t for t in blind.dms(chosen, "alice"))
    assert not any("Mosul" in t or "Nineveh" in t for t in table.public())


def test_r_blind_31_a_game_made_blind_to_the_map_draws_its_seed_again() -> None:
    """R-BLIND-31: the seed told while the map was known is dropped (the lobby draws another) when
    the game becomes blind map; one given with it is kept, and no line tells it."""
    known = Settings(map="random", map_seed=123)
    hidden = changed(known, {"blind": "map"}, running=False)
    assert isinstance(hidden, Settings) and hidden.map_seed == 0
    given = changed(known, {"blind": "map", "map_seed": 456}, running=False)
    assert isinstance(given, Settings) and given.map_seed == 456
    assert "456" not in describe(given, ["blind", "map_seed"]) and "456" not in random_map_line(given)
    assert "123" in random_map_line(replace(known, blind="ships")), "blind ships tells it as an open game"


async def test_r_blind_31_blind_to_ships_a_random_map_is_previewed_and_played(table: Table) -> None:
    """R-BLIND-31: with the map known (blind ships) a random map is previewed and its seed told, as
    in an open game; the game begins on it, every reply checked."""
    blind = BlindTable(table)
    gm = table.gm
    opened = await lobby(blind, map="random", blind="ships")
    seed = (await gm.load(blind.game)).settings.map_seed
    assert pictures_of(opened) and f"seed {seed}" in opened.text
    await blind.ok(ALICE, gm.start(ALICE, CHANNEL))
    chosen = await blind.choose_end()
    assert blind.maps_to(chosen) == {"alice", "bob"}
    state = await blind.state()
    assert state.map.name.startswith("Random map") and state.phase is Phase.BUILD
    await blind.look(BOB)
