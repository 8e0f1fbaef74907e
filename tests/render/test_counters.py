"""Ship counters: readable stacks (``W1 W3 +2 more``) and the viewer's own ships in detail."""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar.notation import parse_design
from engine.warpwar.rulesets import Attr
from engine.warpwar.ships import new_ship
from render.counters import damage, fit_lines, own_token


def width(text: str) -> float:
    """Every character 5 pixels wide: layouts are tested apart from any font."""
    return 5.0 * len(text)


def test_a_stack_that_fits_names_every_ship() -> None:
    assert fit_lines(["W1", "W3"], width, 100, 1) == (["W1 W3"], 2)


def test_a_stack_too_long_says_how_many_more() -> None:
    """The issue's example: W1 W3 +2 more."""
    assert fit_lines(["W1", "W3", "W4", "W5", "W6"], width, 65, 1) == (["W1 W3 +3 more"], 2)


def test_a_narrow_counter_falls_back_to_the_short_count() -> None:
    assert fit_lines(["W1", "W3", "W4", "W5"], width, 35, 1) == (["W1 +3"], 1)


def test_more_lines_name_more_ships() -> None:
    lines, shown = fit_lines([f"W{n}" for n in range(1, 9)], width, 50, 2)
    assert lines == ["W1 W2 W3", "W4 +4 more"]
    assert shown == 4


def test_sixty_ships_cost_one_measurement_each() -> None:
    measured: list[str] = []

    def counting(text: str) -> float:
        measured.append(text)
        return width(text)

    lines, shown = fit_lines([f"S{n}" for n in range(10, 70)], counting, 80, 1)
    assert lines[0].endswith(f"+{60 - shown} more")
    assert len(measured) < 60 + 10


def test_own_token_shows_pd_damage_and_what_is_aboard() -> None:
    ship = new_ship("alice", "W2", parse_design("WG=1 PD=6 B=3 S=2 T=1 M=4 SR=1"), 0, "0101", 1)
    hurt = replace(ship.with_current({Attr.PD: 4, Attr.B: 1, Attr.M: 1}), carrying=("S10",))
    assert own_token(ship) == "W2 PD6"
    assert own_token(hurt) == "W2 PD4 ▼4 [S10]"


def test_fired_missiles_are_not_damage() -> None:
    ship = new_ship("alice", "S10", parse_design("PD=6 T=2 M=6"), 0, "0101", 1)
    assert damage(ship.with_current({Attr.M: 2})) == 0
    assert damage(ship.with_current({Attr.M: 2, Attr.S: 0})) == 0
    assert damage(ship.with_current({Attr.T: 1})) == 1


def test_with_no_room_for_a_label_the_counter_still_says_how_many() -> None:
    assert fit_lines(["W12 PD10", "W13 PD9"], width, 36, 1) == (["+2 more"], 0)
    assert fit_lines(["W12 PD10", "W13 PD9"], width, 20, 1) == (["+2"], 0)
