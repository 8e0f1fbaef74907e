"""The fleet card: a player's ship records the rulebook's way, as a picture and as text."""

from __future__ import annotations

import pytest

from engine.warpwar.ships import record
from render import draw_fleet_card, fleet_card_text, render_fleet_card
from render.examples import Midgame
from render.fleet import DAMAGE, fleet_rows
from render.palette import player_colours
from tests.engine.helpers import start
from tests.render.pictures import png_image


def test_one_line_per_ship_each_the_rulebook_record(game: Midgame) -> None:
    lines = fleet_card_text(game.after, "alice").splitlines()
    ships = game.after.ships_of("alice")
    assert lines[0] == "alice's fleet: Game-turn 6 · 20 ships"
    assert [line.split(" — ")[0] for line in lines[1:]] == [record(s) for s in ships]


def test_damage_shows_in_the_record_and_in_words(game: Midgame) -> None:
    """alice's W2 lost its screen and armour at Mari: ``S={1}0 A={1}0``."""
    line = next(t for t in fleet_card_text(game.after, "alice").splitlines() if t.startswith("W2:"))
    assert line.startswith("W2: TL0 PD=6 B=3 S={1}0 A={1}0 — at Mari (1415)")
    assert "below built: S 0 of 1, A 0 of 1" in line


def test_where_each_ship_is_what_it_carries_and_how_far_it_moves(game: Midgame) -> None:
    rows = {row.label: row.details for row in fleet_rows(game.moved, "alice")}
    assert rows["W5"] == ("at 1513", "5 MP", "carries S10")
    assert rows["S10"] == ("in W5's rack at 1513",)
    assert rows["W7"] == ("at Ur (0606)", "3 MP", "Holds 0 of 20 BP")


def test_movement_points_left_during_the_players_move_phase(game: Midgame) -> None:
    from engine.warpwar.commands import Go, Move
    from tests.engine.helpers import accept

    moved = accept(game.start, Move("alice", "W9", (Go("1812"),)))
    rows = {row.label: row.details for row in fleet_rows(moved, "alice")}
    assert "3 of 4 MP left" in rows["W9"]


def test_the_picture_draws_the_same_rows(game: Midgame) -> None:
    picture = draw_fleet_card(game.after, "alice")
    assert "W2:" in picture.texts and "S={1}0" in picture.texts
    for row in fleet_rows(game.after, "alice"):
        assert " · ".join(row.details) in picture.texts
    assert not any(t.startswith("bob") or "bob's" in t for t in picture.texts)
    assert "alice's eyes only" in picture.texts


def test_damaged_entries_are_highlighted(game: Midgame) -> None:
    image = draw_fleet_card(game.after, "alice").image
    colours = {c for _, c in image.getcolors(maxcolors=image.width * image.height) or []}
    assert DAMAGE in colours
    assert DAMAGE not in {c for _, c in draw_fleet_card(game.after, "bob").image.getcolors(2**20) or []}
    assert player_colours(game.after)["alice"] in colours


def test_the_card_is_a_deterministic_png(game: Midgame) -> None:
    png = render_fleet_card(game.after, "alice")
    assert png == render_fleet_card(game.after, "alice")
    assert png_image(png).size == draw_fleet_card(game.after, "alice").image.size


def test_a_player_without_ships_gets_a_card_that_says_so() -> None:
    state = start("revised", "advanced")
    assert fleet_card_text(state, "bob").splitlines()[1] == "No ships."
    assert "No ships." in draw_fleet_card(state, "bob").texts


def test_the_card_of_someone_not_in_the_game_is_a_mistake() -> None:
    with pytest.raises(ValueError, match="carol"):
        fleet_card_text(start("revised", "advanced"), "carol")
