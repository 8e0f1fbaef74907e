"""The blind check itself (tests/gm/blind_check.py) and the game master's side of drops on
arrival, the map request and the status of a blind game: a check that never fails would prove
nothing, so each kind of leak it must catch is caught here."""

from __future__ import annotations

import pytest

from gm.announce import Picture
from gm.kinds import Drawing
from render.mapview import MapView, render_map
from store import games
from tests.gm.blind_table import BlindTable
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, Table


async def blind_two(table: Table, mode: str = "map") -> BlindTable:
    """A blind revised basic game of alice and bob, bob's base guarded by a named ship."""
    blind = BlindTable(table)
    state = await blind.open(ruleset="revised", scenario="basic", blind=mode)
    await blind.ok(ALICE, table.gm.done(ALICE, CHANNEL))
    await blind.ok(ALICE, table.gm.done(ALICE, CHANNEL))
    base = state.bases_of("bob")[0].star
    await blind.ok(BOB, table.gm.build_ship(BOB, CHANNEL, base, "WG=1 PD=6 B=2", name="Warden"))
    return blind


async def test_r_blind_2_the_check_catches_a_ship_star_or_base_never_seen(table: Table) -> None:
    """R-BLIND-2/3: told to alice, bob's guard by label or name, his base and the stars she has
    not found are leaks; the same words to bob are not."""
    blind = await blind_two(table)
    watch = blind.watch
    base = (await blind.state()).bases_of("bob")[0].star
    for leak in ("bob's W1 is at home", "W1@bob", "the Warden", f"bob's Base at {base}", f"Ships at {base}"):
        with pytest.raises(AssertionError):
            watch.told("alice", leak)
    for fine in ("bob's W1 is at home", "the Warden", f"Ships at {base}", "alice's W7"):
        watch.told("bob", fine)
    with pytest.raises(AssertionError, match="channel"):
        watch.public(f"Combat at {base}!")
    with pytest.raises(AssertionError, match="channel"):
        watch.public("bob built W1.")
    watch.public("Game-turn 1: bob's turn. Build phase.")


async def test_r_blind_4_the_check_catches_a_picture_drawn_from_the_whole_game(table: Table) -> None:
    """R-BLIND-4: a map for alice drawn from the state itself (bob's ship, his base) is caught;
    the one the game master draws for her passes; there is no public picture."""
    blind = await blind_two(table)
    state = await blind.state()
    with pytest.raises(AssertionError):
        blind.watch.drawn("alice", Drawing(render_map, (state, MapView(viewer="alice"))))
    kind = table.gm.kinds["warpwar"]
    sketch = kind.sketch(None, await games.events(table.db, blind.game))
    blind.watch.drawn("alice", kind.picture(sketch, Picture("map", viewer="alice"), "t", None, 1.0))
    assert kind.picture(sketch, Picture("map"), "t", None, 1.0) is None


async def test_r_blind_16_a_blind_map_by_request_is_the_players_own(table: Table) -> None:
    """R-BLIND-16: /warpwar map in a blind game shows a player their own map, privately; someone
    who does not play is told why not; a place not found is unknown to them; the status of a
    seated player is theirs alone, and names nobody else's ships."""
    blind = await blind_two(table, "map")
    gm = table.gm
    mine = await blind.ok(ALICE, gm.map_picture(ALICE, CHANNEL))
    assert mine.private and mine.pictures == (Picture("map", viewer="alice"),)
    await blind.no(CAROL, gm.map_picture(CAROL, CHANNEL), "blind", "blind game")
    base = (await blind.state()).bases_of("bob")[0].star
    refused = await blind.no(
        ALICE, gm.map_picture(ALICE, CHANNEL, around=base, mine=True), "unknown-star", typed=base
    )
    assert "You know of no star or hex" in refused.text
    status = await blind.ok(ALICE, gm.status(CHANNEL, ALICE))
    assert status.private and "A blind game" in status.text and "• bob\n" in status.text + "\n"
    public = await blind.ok(CAROL, gm.status(CHANNEL, CAROL))
    assert not public.private and "• alice\n• bob" in public.text and " ship," not in public.text


async def test_r_blind_5_a_move_drops_systemships_on_arrival_through_the_game_master(table: Table) -> None:
    """R-BLIND-5/R-BLIND-13: `/move ship … drop:S10` carries S10 to the star and leaves it there;
    the drop is told to its player alone."""
    blind = BlindTable(table)
    gm = table.gm
    state = await blind.open(ruleset="revised", scenario="basic", blind="ships")
    home = state.bases_of("alice")[0].star
    await blind.ok(ALICE, gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=8 SR=1"))
    await blind.ok(ALICE, gm.build_ship(ALICE, CHANNEL, home, "S=2"))
    await blind.ok(ALICE, gm.done(ALICE, CHANNEL))
    await blind.ok(ALICE, gm.transfer(ALICE, CHANNEL, "W1", "S10", drop=False))
    state = await blind.state()
    here = state.map.star(home).hex
    star = next(
        s
        for s in state.map.stars
        if here in state.map.warp_destinations(s.hex) or s.hex in state.map.warp_destinations(here)
    )
    moved = await blind.ok(ALICE, gm.move(ALICE, CHANNEL, "W1", path=star.name, drop="S10"))
    assert f"left S10 at {star.name}" in moved.text
    after = await blind.state()
    assert after.ships["alice:S10"].hex == star.hex
    assert not any("left S10" in t for t in table.public())
