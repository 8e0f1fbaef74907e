"""``/warpwar`` around the game: settings, rules, the CRT, managing, and autocomplete."""

from __future__ import annotations

import io

import pytest
import simcord
from PIL import Image

from tests.cogs.conftest import SEED, World, answer, choose_ends, manager, seen_by, text_of, use


async def start_game(world: World, **settings: object) -> None:
    await use(world.alice, world.channel, "warpwar new", fixed_order=True, **settings)
    await use(world.bob, world.channel, "warpwar join")
    await use(world.alice, world.channel, "warpwar start")
    await choose_ends(world)


async def test_settings_are_options_shown_privately_and_changed_publicly(world: World) -> None:
    ch, alice = world.channel, world.alice
    await use(alice, ch, "warpwar new", ruleset="revised", scenario="basic", players=3, phase_hours=12.0)
    shown = await use(alice, ch, "warpwar settings")
    assert shown.ephemeral
    assert "ruleset: revised" in answer(shown).content and "map: random" in answer(shown).content
    changed = await use(alice, ch, "warpwar settings", round_hours=2.5, fixed_order=True)
    assert not changed.ephemeral
    assert answer(changed).content == "Settings changed: fixed order yes, round hours 2.5."
    with pytest.raises(simcord.OptionError):
        await alice.slash(ch, "warpwar settings", ruleset="chess")


async def test_a_bad_combination_is_refused_in_plain_words(world: World) -> None:
    refused = await use(world.alice, world.channel, "warpwar new", ruleset="revised", scenario="learning")
    assert refused.ephemeral
    assert answer(refused).content.startswith("The revised rules have no 'learning' scenario")


async def test_server_defaults_are_for_managers(world: World) -> None:
    dana = manager(world)
    assert "warpwar-admin defaults" not in world.alice.available_commands(world.channel)
    done = await use(dana, world.channel, "warpwar-admin defaults", phase_hours=6.0)
    assert answer(done).content == "New games in this server will use: phase hours 6."


async def test_join_leave_and_the_seats(world: World) -> None:
    ch, alice, bob, carol = world.channel, world.alice, world.bob, world.carol
    await use(alice, ch, "warpwar new")
    await use(bob, ch, "warpwar join")
    full = await use(carol, ch, "warpwar join")
    assert full.ephemeral and answer(full).content == "Every seat is taken."
    left = await use(bob, ch, "warpwar leave")
    assert not left.ephemeral and answer(left).content.startswith("bob left")
    status = await use(carol, ch, "warpwar status")
    assert "1 of 2 seats taken (alice)" in answer(status).content


async def test_pause_resume_extend_and_abandon(world: World) -> None:
    ch, alice, dana = world.channel, world.alice, manager(world)
    await start_game(world)
    assert "paused" in answer(await use(dana, ch, "warpwar-admin pause")).content
    assert "resumes" in answer(await use(dana, ch, "warpwar-admin resume")).content
    assert "moves on by 12 hours" in answer(await use(dana, ch, "warpwar-admin extend", hours=12.0)).content
    await use(alice, ch, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5")
    abandoned = await use(dana, ch, "warpwar-admin abandon")
    assert "was abandoned" in answer(abandoned).content
    assert "PD=18" in answer(abandoned).content, "an abandoned game reveals every record"


async def test_concede_ends_the_game(world: World) -> None:
    await start_game(world)
    await use(world.bob, world.channel, "warpwar concede")
    over = await use(world.carol, world.channel, "warpwar status")
    assert "This game is over: alice won on game-turn 1" in answer(over).content


async def test_rules_and_the_crt_are_private_and_short(world: World) -> None:
    for topic in ("turn", "build", "move", "combat", "orders", "crt", "ecm", "damage", "victory"):
        shown = await use(world.carol, world.channel, "warpwar rules", topic=topic)
        assert shown.ephemeral and 100 < len(answer(shown).content) <= 2000
    crt = await use(world.carol, world.channel, "warpwar crt")
    assert crt.ephemeral and "+5 or more" in answer(crt).content and "```" in answer(crt).content
    assert seen_by(world.channel, world.alice) == []


async def test_the_map_public_private_and_refused(world: World) -> None:
    ch, alice, carol = world.channel, world.alice, world.carol
    early = await use(alice, ch, "warpwar map")
    assert early.ephemeral and "has not begun" in answer(early).content
    await start_game(world)
    mine = await use(alice, ch, "warpwar map", mine=True)
    assert mine.ephemeral and answer(mine).attachments[0].filename == "map.png"
    assert (await use(carol, ch, "warpwar map", mine=True)).ephemeral
    unknown = await use(carol, ch, "warpwar map", around="Atlantis")
    assert unknown.ephemeral and "no star or hex called Atlantis" in answer(unknown).content


async def test_autocomplete_suggests_stars_ships_paths_and_games(world: World) -> None:
    ch, alice, bob = world.channel, world.alice, world.bob
    await start_game(world)
    await use(alice, ch, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5", name="Reliant")

    stars = await alice.autocomplete(ch, "build ship", "star", "")
    assert stars[0] == {"name": "Ur (your base)", "value": "Ur"}
    assert await alice.autocomplete(ch, "build ship", "star", "baby") == [
        {"name": "Babylon", "value": "Babylon"}
    ]
    ships = await alice.autocomplete(ch, "move ship", "ship", "")
    assert ships == [{"name": "W1 Reliant at Ur", "value": "W1"}]
    assert await bob.autocomplete(ch, "move ship", "ship", "") == [], "only your own ships"
    path = await alice.autocomplete(ch, "move ship", "path", "Erech Ad", ship="W1")
    assert {"name": "Erech Adab", "value": "Erech Adab"} in path
    games = await alice.autocomplete(ch, "fleet", "game", "")
    assert [g["name"] for g in games] == ["#1 WarpWar (classic learning)"]
    # Autocomplete only suggests: anything typed is checked again.
    refused = await use(alice, ch, "build ship", star="Nowhere", design="WG=1 PD=1")
    assert refused.ephemeral and "Nowhere" in answer(refused).content


async def test_private_views_work_by_direct_message(world: World) -> None:
    await start_game(world)
    await use(world.alice, world.channel, "build ship", star="Ur", design="WG=1 PD=18 B=12 S=5")
    shown = await world.alice.user.slash("ship", label="W1")
    assert shown.acknowledged and "PD=18" in answer(shown).content
    card = await world.alice.user.slash("fleet")
    assert card.acknowledged and answer(card).attachments[0].filename == "fleet.png"
    outsider = await world.carol.user.slash("fleet")
    assert answer(outsider).content == "You have no game running; name one with the game option."


async def test_r_gen_16_map_random_shows_its_seed_and_a_preview(world: World) -> None:
    """R-GEN-16: ``/warpwar new map:random`` tells the seed drawn for the map, with how to make it
    again, under a picture of the map as it will be played, its ends marked; a change of players
    shows the map anew with the same seed, and ``/warpwar map`` shows it before the start."""
    ch, alice = world.channel, world.alice
    seed = SEED % 99_999 + 1
    opened = await use(alice, ch, "warpwar new", ruleset="revised", scenario="basic", map="random")
    message = answer(opened)
    assert not opened.ephemeral
    assert f"Map: random, seed {seed} (2 home ends around the edge, 400 hexes)" in text_of(message.message)
    assert f"map:random map_seed:{seed}" in text_of(message.message)
    [picture] = message.attachments
    assert picture.filename == "map.png"
    image = Image.open(io.BytesIO(await picture.read()))
    assert image.width > 1000 and image.height > image.width, "a tall map, as a phone shows it"
    changed = await use(alice, ch, "warpwar settings", players=3)
    assert f"Settings changed: players 3, map random, map seed {seed}." in text_of(answer(changed).message)
    assert [a.filename for a in answer(changed).attachments] == ["map.png"]
    looked = await use(world.bob, ch, "warpwar map")
    assert "as it will be played" in text_of(answer(looked).message) and answer(looked).attachments
    await use(world.bob, ch, "warpwar join")
    await use(world.carol, ch, "warpwar join")
    started = await use(alice, ch, "warpwar start")
    assert "begins" in text_of(answer(started).message)
    state = await world.bot.gm.stored_state(1)
    assert state is not None and state.map.name == f"Random map {seed}"
