"""Combat orders in the rulebooks' notation: every printed example reads, errors point at the words.

The orders are the "Power allocation and ship orders" and "Recording ship damage" examples of
the 1994 text and the matching examples of the 1977 text, copied as printed.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.warpwar.crt import Tactic
from engine.warpwar.order_notation import (
    NotationError,
    format_damage,
    format_order,
    format_orders,
    parse_damage,
    parse_order,
    parse_orders,
)
from engine.warpwar.orders import CannonShot, DamageSlot, DamageStep, MissileShot, Orders

ATTACK, DODGE, RETREAT = Tactic.ATTACK, Tactic.DODGE, Tactic.RETREAT


def steps(*slots: DamageSlot) -> tuple[DamageStep, ...]:
    """A damage priority that empties each slot in turn."""
    return tuple(DamageStep(slot) for slot in slots)


W3_BEAM = Orders(ship="W3", tactic=ATTACK, target="S25", drive=0, beam=3, screen=2, tubes=0)
S25_MISSILE = Orders(ship="S25", tactic=DODGE, drive=4, beam=0, screen=0, tubes=1)
S32_CANNONS = Orders(
    ship="S32", tactic=ATTACK, target="W3", drive=3, cannons=2, shots=(CannonShot(3), CannonShot(1))
)
S35_MISSILES = Orders(
    ship="S35",
    tactic=DODGE,
    drive=4,
    tubes=2,
    missiles=(MissileShot("W4", 3), MissileShot("W4", 4)),
)


@pytest.mark.parametrize(
    ("example", "text", "expected"),
    [
        (
            "1994 text, Example of beam fire (as the brief writes it)",
            "W3 ATTACKS S25: D=0 B=3 S=2 T=0",
            W3_BEAM,
        ),
        ("1994 text, Example of beam fire", "W3 (TL0) ATTACKS S25: D=0 B=3 S=2 T=0", W3_BEAM),
        ("1977 text, Example of beam fire", "W3 (Level 0) ATTACKS S25: D = 0, B = 3, S = 2, T = 0.", W3_BEAM),
        ("1994 text, Example of missile fire (header only)", "S25 (TL0) DODGE: D=4 B=0 S=0 T=1", S25_MISSILE),
        (
            "1977 text, Example of missile fire (header only)",
            "S25 (Level 0) DODGE: D = 4, B = 0, S = 0, T = 1.",
            S25_MISSILE,
        ),
        (
            "1994 text, Example of missile fire",
            "S25 (TL0) DODGE: D=4 B=0 S=0 T=1\n  M ATTACKS W3: D=3",
            Orders(ship="S25", tactic=DODGE, drive=4, tubes=1, missiles=(MissileShot("W3", 3),)),
        ),
        (
            "1977 text, Example of missile fire (the text prints S25 where W3 is meant; read as printed)",
            "S25 (Level 0) DODGE: D = 4, B = 0, S = 0, T = 1.\n\nM at S25: D = 3.",
            Orders(ship="S25", tactic=DODGE, drive=4, tubes=1, missiles=(MissileShot("S25", 3),)),
        ),
        (
            "1994 text, Example of cannon fire",
            "S32 (TL1) ATTACKS W3: D=3 C=1 (firing 3 shells) C=1 (firing 1 shell)",
            S32_CANNONS,
        ),
        (
            "1994 text, Example of cannon fire (short form)",
            "S32 ATTACKS W3: D=3 C=1 (3 shells) C=1 (1 shell)",
            S32_CANNONS,
        ),
        (
            "1994 text, Recording ship damage: S35's orders",
            "S35 (TL1): DODGE D=4 T=2\n   M1 at W4: D=3\n   M2 at W4: D=4",
            S35_MISSILES,
        ),
        (
            "1977 text, Recording ship damage: S35's orders",
            "S35(Level 1): DODGE PD = 4, B = 0, S = 0, T = 2.\n\nM at W4: D = 3\n\nM at W4: D = 4",
            S35_MISSILES,
        ),
        (
            "1994 text, Recording ship damage: W4's orders",
            "W4 (TL0): ATTACK D=2 B=2 S=1 E=1",
            Orders(ship="W4", tactic=ATTACK, drive=2, beam=2, screen=1, ecm=1),
        ),
        (
            "1977 text, Recording ship damage: W4's orders",
            "W4(Level 0): ATTACK D = 2, B = 3, S = 1, T = 0",
            Orders(ship="W4", tactic=ATTACK, drive=2, beam=3, screen=1, tubes=0),
        ),
    ],
)
def test_rulebook_examples_read(example: str, text: str, expected: Orders) -> None:
    assert parse_order(text) == expected, example


def test_both_ships_orders_of_the_1994_damage_example_read_together() -> None:
    """1994 text, Recording ship damage: "Combat orders for both ships are written out"."""
    text = """
   S35 (TL1): DODGE D=4 T=2
      M1 at W4: D=3
      M2 at W4: D=4
   W4 (TL0): ATTACK D=2 B=2 S=1 E=1
"""
    assert parse_orders(text) == (
        S35_MISSILES,
        Orders(ship="W4", tactic=ATTACK, drive=2, beam=2, screen=1, ecm=1),
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("W3 DODGES, FIRING AT S25: D=4", Orders(ship="W3", tactic=DODGE, target="S25", drive=4)),
        ("w3 dodge at s25: d=4", Orders(ship="W3", tactic=DODGE, target="S25", drive=4)),
        ("W3 RETREATS, FIRES AT W1@Bob: D=5", Orders(ship="W3", tactic=RETREAT, target="W1@Bob", drive=5)),
        ("W3 (TL 2) ATTACKS w1@bob D=1", Orders(ship="W3", tactic=ATTACK, target="W1@bob", drive=1)),
        ("S9 ATTACKS: D=0 C=2", Orders(ship="S9", tactic=ATTACK, cannons=2)),
        (
            "S9 ATTACKS W1: D=0 C=2 (2 shells) C=1 (3 shells at w5) C=1",
            Orders(
                ship="S9",
                tactic=ATTACK,
                target="W1",
                cannons=4,
                shots=(CannonShot(2), CannonShot(2), CannonShot(3, "W5")),
            ),
        ),
    ],
)
def test_headers_targets_and_cannons(text: str, expected: Orders) -> None:
    """Targets after the tactic, owner suffixes keep their case, bursts may name their own target."""
    assert parse_order(text) == expected


def test_further_clauses_on_their_own_lines_or_after_semicolons() -> None:
    """Pick-up, drop, retreat hex and damage priority (R-CBT-8, R-CBT-9, R-DMG-2)."""
    expected = Orders(
        ship="W2",
        tactic=DODGE,
        beam=2,
        pick_up=("S12", "S13"),
        drop=("S14",),
        retreat_to="1719",
        damage=steps(
            DamageSlot.A,
            DamageSlot.S,
            DamageSlot.EMPTY_H,
            DamageSlot.LOADED_H,
            DamageSlot.EMPTY_SR,
            DamageSlot.PD,
        ),
    )
    on_lines = "W2 DODGES: D=0 B=2\npickup S12, S13\ndrop s14\nescape to 1719\ndamage A, S, H, empty SR, PD"
    on_one_line = (
        "W2 DODGES: D=0 B=2; pick up S12 S13; drop S14; retreat to 1719; damage A, S, H, empty SR, PD."
    )
    assert parse_order(on_lines) == expected
    assert parse_order(on_one_line) == expected


def test_bare_sr_is_empty_then_loaded_racks() -> None:
    orders = parse_order("W2 RETREATS: D=3; damage SR, loaded H")
    assert orders.damage == steps(DamageSlot.EMPTY_SR, DamageSlot.LOADED_SR, DamageSlot.LOADED_H)


def test_a_damage_step_may_count_its_hits() -> None:
    """1977 text, screens example: "one hit in PD, one in Screens, and one in Missiles"."""
    orders = parse_order("W4 ATTACKS: D=0 S=4; damage PD 1, S 1, M 1, empty H 2")
    assert orders.damage == (
        DamageStep(DamageSlot.PD, 1),
        DamageStep(DamageSlot.S, 1),
        DamageStep(DamageSlot.M, 1),
        DamageStep(DamageSlot.EMPTY_H, 2),
    )
    assert format_order(orders) == "W4 ATTACKS: D=0 S=4; damage PD 1, S 1, M 1, empty H 2"


def test_a_standing_damage_priority_reads_on_its_own() -> None:
    """R-DMG-2: a ship's standing priority is written like a round's, without the word."""
    assert parse_damage("A, S 2, B") == (
        DamageStep(DamageSlot.A),
        DamageStep(DamageSlot.S, 2),
        DamageStep(DamageSlot.B),
    )
    assert parse_damage("damage PD") == (DamageStep(DamageSlot.PD),)
    assert format_damage(parse_damage("a,  s 2,b")) == "A, S 2, B"
    with pytest.raises(NotationError, match="given twice"):
        parse_damage("S, S 2")


@pytest.mark.parametrize(
    ("text", "line", "column", "fragment", "phrase"),
    [
        ("W3 CHARGES S25: D=0 B=3", 1, 4, "CHARGES", "not a tactic"),
        ("W3 (TL0)", 1, 1, "W3 (TL0)", "tactic is missing"),
        ("W3 ATTACKS S25: D=0 B=x", 1, 21, "B=x", "a power allocation is written like B=3"),
        ("W3 ATTACKS S25: D=0 Q=3", 1, 21, "Q=3", "Q is not a power allocation"),
        ("M at W3: D=3\nW3 ATTACKS S25: D=0", 1, 1, "M at W3: D=3", "orders begin with a ship"),
        ("\n  M ATTACKS W3: D=3", 2, 3, "M ATTACKS W3: D=3", "orders begin with a ship"),
        ("S32 ATTACKS W3: D=3 C=1 (9 bananas)", 1, 25, "(9 bananas)", "a burst is written like"),
        ("S32 ATTACKS W3: D=3 C=1 (2 shells at)", 1, 25, "(2 shells at)", "a burst is written like"),
        ("W3 RETREATS: D=5\nretreat to 17x9", 2, 12, "17x9", "four digits"),
        ("W3 RETREATS: D=5; retreat to 1719; escape to 1720", 1, 36, "escape to 1720", "already given"),
        ("W3 ATTACKS S25: D=0 B=3 D=1", 1, 25, "D=1", "D (the drive) is given twice"),
        ("W3 ATTACKS S25: D=0 B=3 PD=1", 1, 25, "PD=1", "PD (the drive) is given twice"),
        ("W3 ATTACKS S25: D = 0, B = 3, B = 1", 1, 31, "B = 1", "given twice"),
        ("W3 (TL) ATTACKS S25: D=0", 1, 4, "(TL)", "tech level is written like (TL0)"),
        ("W3 DODGES, FIRING AT: D=0", 1, 21, ":", "name the ship to fire at"),
        ("W3 DODGES: D=0\n  M at W4: D=x", 2, 3, "M at W4: D=x", "a missile is written like"),
        ("W3 DODGES: D=0; fire at W4", 1, 17, "fire", "does not start an order"),
        ("W3 DODGES: D=0; pick up S12 W", 1, 29, "W", "not a ship label"),
        ("W3 DODGES: D=0; damage A, Q", 1, 27, "Q", "not a damage slot"),
        ("W3 DODGES: D=0; damage A, H, loaded H", 1, 30, "loaded H", "given twice"),
        ("W3 DODGES: D=0; damage A 0", 1, 26, "0", "1 or more"),
        ("W3 DODGES: D=0; damage H 2", 1, 24, "H 2", "empty H or loaded H"),
        ("W3 DODGES: D=-1", 1, 12, "D=-1", "written like D=3"),
        ("", 1, 1, "", "there are no orders"),
    ],
)
def test_errors_point_at_the_offending_part(
    text: str, line: int, column: int, fragment: str, phrase: str
) -> None:
    with pytest.raises(NotationError) as caught:
        parse_orders(text)
    error = caught.value
    assert (error.line, error.column, error.fragment) == (line, column, fragment), str(error)
    assert phrase in str(error)
    assert str(error).startswith(f'line {line}, at "{fragment}": ' if fragment else f"line {line}: ")


def test_error_message_reads_like_the_brief() -> None:
    with pytest.raises(
        NotationError, match=re.escape('line 1, at "B=x": a power allocation is written like B=3')
    ):
        parse_order("W3 ATTACKS S25: D=0 B=x S=2")


def test_parse_order_wants_exactly_one_ship() -> None:
    with pytest.raises(NotationError) as caught:
        parse_order("S35 (TL1): DODGE D=4 T=2\nW4 (TL0): ATTACK D=2 B=2 S=1 E=1")
    assert (caught.value.line, caught.value.column, caught.value.fragment) == (2, 1, "W4")
    assert "only one ship" in str(caught.value)


@pytest.mark.parametrize(
    ("example", "text", "printed"),
    [
        (
            "1994 text, Example of beam fire",
            "W3 (TL0) ATTACKS S25: D=0 B=3 S=2 T=0",
            "W3 ATTACKS S25: D=0 B=3 S=2",
        ),
        (
            "1994 text, Example of missile fire",
            "S25 (TL0) DODGE: D=4 B=0 S=0 T=1\n  M ATTACKS W3: D=3",
            "S25 DODGES: D=4 T=1\n  M at W3: D=3",
        ),
        (
            "1994 text, Example of cannon fire",
            "S32 (TL1) ATTACKS W3: D=3 C=1 (firing 3 shells) C=1 (firing 1 shell)",
            "S32 ATTACKS W3: D=3 C=1 (3 shells) C=1 (1 shell)",
        ),
        (
            "1994 text, Recording ship damage",
            "S35 (TL1): DODGE D=4 T=2\n   M1 at W4: D=3\n   M2 at W4: D=4\nW4 (TL0): ATTACK D=2 B=2 S=1 E=1",
            "S35 DODGES: D=4 T=2\n  M at W4: D=3\n  M at W4: D=4\nW4 ATTACKS: D=2 B=2 S=1 E=1",
        ),
        (
            "1977 text, Recording ship damage",
            "S35(Level 1): DODGE PD = 4, B = 0, S = 0, T = 2.\nM at W4: D = 3\n"
            "W4(Level 0): ATTACK D = 2, B = 3",
            "S35 DODGES: D=4 T=2\n  M at W4: D=3\nW4 ATTACKS: D=2 B=3",
        ),
        (
            "Every clause, and bursts grouped",
            "W3 retreat at w1@bob: D=0 B=1 C=1 (3 shells) C=1 (3 shells) C=1 (2 shells at S5)"
            " C=1 (1 shell) C=2\n"
            "pick up S12 S13\ndrop S14\nretreat to 1719\ndamage A, S, B, PD",
            "W3 RETREATS, FIRING AT W1@bob: D=0 B=1 C=2 (3 shells) C=1 (2 shells at S5) C=1 (1 shell) C=2"
            "; pick up S12 S13; drop S14; retreat to 1719; damage A, S, B, PD",
        ),
    ],
)
def test_printing_gives_the_canonical_form(example: str, text: str, printed: str) -> None:
    assert format_orders(parse_orders(text)) == printed, example
    assert format_orders(parse_orders(printed)) == printed, example


def test_headers_print_by_tactic_and_target() -> None:
    assert format_order(Orders(ship="W1", tactic=ATTACK)) == "W1 ATTACKS: D=0"
    assert format_order(Orders(ship="W1", tactic=DODGE)) == "W1 DODGES: D=0"
    assert format_order(Orders(ship="W1", tactic=RETREAT, drive=6)) == "W1 RETREATS: D=6"
    assert format_order(Orders(ship="W1", tactic=DODGE, target="S2")) == "W1 DODGES, FIRING AT S2: D=0"


# --- properties --------------------------------------------------------------------------------

numbers = st.integers(0, 12)
labels = st.builds("{}{}".format, st.sampled_from("WS"), st.integers(0, 120))
owners = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,7}", fullmatch=True)
targets = labels | st.builds("{}@{}".format, labels, owners)
label_lists = st.lists(labels, max_size=3).map(tuple)


@st.composite
def any_orders(draw: st.DrawFn) -> Orders:
    """Orders with any numbers ≥ 0, legal or not; only ``cannons >= len(shots)`` is kept."""
    shots = tuple(draw(st.lists(st.builds(CannonShot, st.integers(0, 4), st.none() | targets), max_size=5)))
    return Orders(
        ship=draw(labels),
        tactic=draw(st.sampled_from(list(Tactic))),
        drive=draw(numbers),
        beam=draw(numbers),
        screen=draw(numbers),
        ecm=draw(numbers),
        tubes=draw(numbers),
        cannons=len(shots) + draw(st.integers(0, 3)),
        target=draw(st.none() | targets),
        missiles=tuple(draw(st.lists(st.builds(MissileShot, targets, numbers), max_size=3))),
        shots=shots,
        pick_up=draw(label_lists),
        drop=draw(label_lists),
        retreat_to=draw(st.none() | st.from_regex(r"[0-9]{4}", fullmatch=True)),
        damage=tuple(
            DamageStep(slot, draw(st.none() | st.integers(1, 9)))
            for slot in draw(st.lists(st.sampled_from(list(DamageSlot)), unique=True, max_size=6))
        ),
    )


order_lists = st.lists(any_orders(), min_size=1, max_size=3).map(tuple)


def loosely(text: str) -> str:
    """The same orders as a player might type them: spaces round ``=``, a clause a line, periods."""
    spaced = text.replace("=", " = ").replace("; ", "\n")
    return "\n\n".join(f"{line}." for line in spaced.splitlines())


@given(order_lists)
def test_parse_reads_back_what_format_prints(orders: tuple[Orders, ...]) -> None:
    assert parse_orders(format_orders(orders)) == orders


@given(order_lists)
def test_format_is_stable_on_its_own_output(orders: tuple[Orders, ...]) -> None:
    text = format_orders(orders)
    assert format_orders(parse_orders(text)) == text


@given(order_lists)
def test_loosely_written_orders_read_the_same(orders: tuple[Orders, ...]) -> None:
    assert parse_orders(loosely(format_orders(orders))) == orders


# --- a ship named instead of labelled (issue 10, item 5) ------------------------------------------

FLEET = {"reliant": "W1", "w1 reliant": "W1", "star-fury": "W2", "w2 star-fury": "W2", "w1": "W1"}


def namer(words: str) -> str | None:
    """The ordering player's ships as a caller knowing them reads them; "twin" is two ships'."""
    if words.casefold() == "twin":
        raise ValueError("2 of your ships are called Twin: W3 and W4")
    return FLEET.get(words.casefold())


def test_item_05_orders_begin_with_the_ship_s_name() -> None:
    """Name, label and name, or a name with punctuation: each reads as the ship's label, and a
    missile or other clause after it still belongs to it."""
    text = (
        "Reliant ATTACKS W1: D=2 B=3\nM at W1: D=3\nw1 reliant dodges: D=1\nStar-Fury DODGES: D=4; damage A"
    )
    first, second, third = parse_orders(text, namer)
    assert (first.ship, first.target, first.missiles) == ("W1", "W1", (MissileShot("W1", 3),))
    assert (second.ship, second.tactic) == ("W1", DODGE)
    assert (third.ship, third.damage) == ("W2", steps(DamageSlot.A))


def test_item_05_errors_after_a_name_point_at_the_words_typed() -> None:
    with pytest.raises(NotationError) as caught:
        parse_orders("Reliant ATTACKS W1: D=2 B=x", namer)
    assert (caught.value.line, caught.value.column, caught.value.fragment) == (1, 25, "B=x")


def test_item_05_a_name_two_ships_share_is_refused_at_the_name() -> None:
    with pytest.raises(NotationError) as caught:
        parse_orders("W1 ATTACKS W2: D=1\nTwin DODGES: D=1", namer)
    assert (caught.value.line, caught.value.column, caught.value.fragment) == (2, 1, "Twin")
    assert "W3 and W4" in str(caught.value)


def test_item_05_without_a_namer_a_name_is_not_a_ship() -> None:
    with pytest.raises(NotationError, match="orders begin with a ship"):
        parse_orders("Reliant ATTACKS W1: D=2")
    assert parse_orders("W9 DODGES: D=1", namer)[0].ship == "W9"  # the engine judges unknown labels


def test_item_05_a_target_named_instead_of_labelled_is_refused_at_the_name() -> None:
    """An enemy's names are private to them: targets are read by label only."""
    with pytest.raises(NotationError) as caught:
        parse_orders("Reliant ATTACKS Warden: D=4 B=2", namer)
    assert (caught.value.column, caught.value.fragment) == (17, "Warden")
    assert "Warden is not a ship label" in str(caught.value)
