"""Issue 14, items 2 and 4: ``map: random`` with its seed and its preview in the lobby, and the
map of games of three or four players (R-SCEN-4, R-SCEN-10, R-GEN-16)."""

from __future__ import annotations

import io

from PIL import Image

from engine.warpwar.fairness import measure
from gm.announce import Picture
from gm.warpwar.maps import generated_map
from tests.engine.helpers import start
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, GUILD, MANAGER, Table, position, seat_position

SEED = 7 * 1000 + 1
"""What the table's seeds give the channel's first game (tests/gm/table.py)."""
MAP_SEED = SEED % 99_999 + 1


async def test_r_scen_10_three_players_get_a_random_map_with_its_seed_and_preview(table: Table) -> None:
    """R-SCEN-10/R-GEN-16: a game of three, its map not chosen, gets map random; its seed is drawn
    when the game is opened and told with how to make the same map again, and the lobby shows the
    map it will be played on, which is the map the game starts with."""
    gm = table.gm
    opened = await table.ok(gm.create(ALICE, GUILD, CHANNEL, ruleset="revised", scenario="basic", players=3))
    assert f"Map: random, seed {MAP_SEED} (3 home ends around the edge, 480 hexes)" in opened.text
    assert f"map:random map_seed:{MAP_SEED}" in opened.text
    assert opened.pictures == (Picture("map"),)
    game = await table.game_id()
    png = await gm.picture(game, Picture("map"))
    assert png is not None and Image.open(io.BytesIO(png)).width > 1000
    status = await table.ok(gm.status(CHANNEL))
    assert f"map:random map_seed:{MAP_SEED}" in status.text
    looked = await table.ok(gm.map_preview(CHANNEL))
    assert looked.pictures == (Picture("map"),) and f"seed {MAP_SEED}" in looked.text
    await table.ok(gm.join(BOB, CHANNEL))
    await table.ok(gm.join(CAROL, CHANNEL))
    await table.ok(gm.start(ALICE, CHANNEL))
    state = await gm.replay(game)
    assert state is not None and state.map == generated_map(MAP_SEED, 3, None, "edge")
    assert measure(state.map).fair
    assert await gm.picture(game, Picture("map")) != png, "once begun, the map is the game's"


async def test_r_gen_16_changing_players_or_homes_keeps_the_seed(table: Table) -> None:
    """R-GEN-16: a random map's seed stays when the players, homes or size change, so the same
    settings make the same map again; each change shows the map anew. A seed may be given."""
    gm = table.gm
    await table.ok(gm.create(ALICE, GUILD, CHANNEL, ruleset="revised", scenario="advanced"))
    printed = await table.ok(gm.change_settings(ALICE, CHANNEL, phase_hours=12))
    assert printed.pictures == ()
    more = await table.ok(gm.change_settings(ALICE, CHANNEL, players=4))
    assert more.text == f"Settings changed: players 4, map random, map seed {MAP_SEED}."
    assert more.pictures == (Picture("map"),)
    spread = await table.ok(gm.change_settings(ALICE, CHANNEL, homes="spread"))
    assert spread.text == f"Settings changed: homes spread, map random, map seed {MAP_SEED}."
    assert spread.pictures == (Picture("map"),)
    chosen = await table.ok(gm.change_settings(ALICE, CHANNEL, map_seed=12345, map_size=900))
    assert chosen.text == "Settings changed: map seed 12345, map size 900, map random."
    game = await table.game_id()
    settings = (await gm.load(game)).settings
    assert (settings.map, settings.map_seed, settings.homes, settings.map_size) == (
        "random",
        12345,
        "spread",
        900,
    )
    await table.no(gm.change_settings(ALICE, CHANNEL, map_size=700), "bad-settings", "800 to 1200 hexes")
    await table.no(gm.change_settings(ALICE, CHANNEL, homes="middle"), "bad-settings", "not 'middle'")
    back = await table.ok(gm.change_settings(ALICE, CHANNEL, players=2, map="warpwar"))
    assert back.pictures == (Picture("map"),), "another map is shown too"


async def test_r_scen_10_the_printed_map_is_refused_for_three(table: Table) -> None:
    """R-SCEN-10: the printed map has two ends; asking it for three players says to choose the
    random map, made for them."""
    await table.no(
        table.gm.create(ALICE, GUILD, CHANNEL, ruleset="revised", scenario="basic", players=3, map="warpwar"),
        "bad-settings",
        "The warpwar map has 2 ends for 3 players; choose map random, made for them.",
    )


async def test_r_scen_3_the_retired_map_is_refused_but_a_game_begun_on_it_plays_on(table: Table) -> None:
    """R-SCEN-3 (retired, R-SCEN-4): nobody may choose the four-ended map now, but a game begun on
    it (its map is in its state) is imported, changes its deadlines and plays on; a game waiting
    in its lobby on it is told to choose another map when it would start."""
    await table.no(
        table.gm.create(
            ALICE, GUILD, CHANNEL, ruleset="revised", scenario="basic", players=3, map="warpwar-four"
        ),
        "bad-settings",
        "The warpwar-four map was retired",
    )
    state = start("revised", "basic", "alice", "bob", "carol", hex_map=generated_map(5, 3, None, "edge"))
    game = await seat_position(table, state, map="warpwar-four")
    assert (await table.gm.load(game)).settings.map == "warpwar-four"
    await table.ok(table.gm.change_settings(ALICE, CHANNEL, phase_hours=24))
    await table.ok(table.gm.done(ALICE, CHANNEL))
    waiting = {**position(state, {"alice": ALICE.user_id, "bob": BOB.user_id, "carol": CAROL.user_id})}
    waiting.update(status="lobby", events=[], setup={**waiting["setup"], "map": "warpwar-four"})  # type: ignore[dict-item]
    await table.ok(table.gm.import_game(MANAGER, GUILD, 300, waiting))
    await table.no(table.gm.start(ALICE, 300), "retired-map", "Choose another with /warpwar settings.")
