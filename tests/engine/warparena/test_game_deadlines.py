"""Deadlines (R-WA-X-16, R-WA-CBT-5, R-WA-CARD-3, R-WA-TURN-2): a passed deadline takes the
default of whatever the game waits on, one decision at a time; and the special cards not
covered elsewhere (Create Power Disc, Double Warp rolling its own grid)."""

from __future__ import annotations

from dataclasses import replace

from engine.warparena.cards import CardKind
from engine.warparena.commands import (
    DeadlinePassed,
    DoubleWarp,
    EndPhase,
    OrientGrids,
    Pass,
    PlayCard,
    PlaySpecialCards,
)
from engine.warparena.pieces import PieceRef
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision
from tests.engine.warparena.turn_helpers import CREATES, DOUBLES, arena2, cards_of, phase, refused, run


def test_a_phase_deadline_ends_the_phase() -> None:
    """R-WA-TURN-2: points not spent when the phase's deadline passes lapse."""
    state, _ = run(phase(arena2()), DeadlinePassed())
    assert state.active == "bob" and state.ap_left == 3


def test_a_play_cards_deadline_ends_the_cards_then_the_phase() -> None:
    """R-WA-X-16: in Play Special Cards the first deadline ends the cards, the next the phase."""
    state = phase(arena2(), hands={"ann": (CREATES[0],)})
    state, _ = run(state, PlaySpecialCards("ann"), Pass("bob"), DeadlinePassed())
    assert state.pending is None and state.active == "ann" and state.ap_left == 1
    assert waiting_on(state)[0].decision is Decision.PHASE
    state, _ = run(state, DeadlinePassed())
    assert state.active == "bob"


def test_an_initiative_card_deadline_plays_no_card() -> None:
    """R-WA-X-16, 9.3: the player asked adds no card; the next one is asked."""
    five = cards_of(CardKind.COMBAT, value=5)[0]
    state = phase(arena2().with_options(initiative_bonus=True), hands={"ann": (five,)})
    state = replace(state, active="bob")
    state, _ = run(state, EndPhase("bob"), dice=[6, 6])
    assert state.initiative_asking == ("ann", "bob")
    state, _ = run(state, DeadlinePassed())
    assert state.initiative_asking == ("bob",) and five in state.player("ann").hand
    state, _ = run(state, DeadlinePassed(), dice=[2, 11])
    assert state.order == ("bob", "ann")


def test_an_orient_deadline_keeps_the_rotations() -> None:
    """R-WA-X-16: a Double Warp's grids swap places keeping their rotations."""
    state, _ = run(phase(arena2()), DoubleWarp("ann", 1), Pass("bob"), dice=[2])
    state, _ = run(state, DeadlinePassed())
    one, two = state.board.grid(1), state.board.grid(2)
    assert one is not None and two is not None and (one.rotation, two.rotation) == (0, 0)
    assert one.centre.q == 3 and two.centre.q == 0


def test_create_power_disc_card() -> None:
    """2.4.5: a power disc is created on the player's C-bot's hex (to the C-bot, R-WA-PD-2)."""
    state = phase(arena2(), hands={"ann": (CREATES[0],)})
    state, _ = run(state, PlaySpecialCards("ann"), Pass("bob"), PlayCard("ann", CREATES[0]), Pass("bob"))
    assert state.board.piece(PieceRef("ann", "C")).pds == 1  # type: ignore[union-attr]


def test_double_warp_card_rolling_its_own_grid_only_rotates() -> None:
    """2.4.4, R-WA-MAP-5: when the roll names the chosen grid it may be rotated in place or
    left; its place does not change."""
    state = phase(arena2(), hands={"ann": (DOUBLES[0],)})
    assert refused(state, PlayCard("ann", DOUBLES[0], grid=3)).code == "not-in-action"
    state, _ = run(state, PlaySpecialCards("ann"), Pass("bob"), PlayCard("ann", DOUBLES[0], grid=3), dice=[3])
    assert state.pending is not None and state.pending.kind is Decision.ORIENT_GRIDS
    state, _ = run(state, OrientGrids("ann", 5, 5), Pass("bob"))
    three = state.board.grid(3)
    assert three is not None and three.rotation == 5 and three.centre.q == 6
