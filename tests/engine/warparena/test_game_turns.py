"""Turns (4.0-4.2, R-WA-TURN-1/2): initiative, the player phases, action points, the phase's
optional PD, the limited actions of 9.4, players who are out, concession."""

from __future__ import annotations

from dataclasses import replace

from engine.warparena.board_events import PDCreated
from engine.warparena.cards import CardKind
from engine.warparena.commands import (
    AddInitiativeCard,
    Concede,
    Conversion,
    Convert,
    DrawCard,
    EndPhase,
    Pass,
    PlacePD,
    RandomPD,
    SwapGrids,
)
from engine.warparena.events import InitiativeRolled, TurnBegun
from engine.warparena.hexes import HexName as H
from engine.warparena.state import PlayerState, Stage
from engine.warparena.tx import Rolled
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision
from tests.engine.warparena.builders import Position, line_of_grids
from tests.engine.warparena.turn_helpers import arena2, cards_of, of_type, phase, refused, run


def arena3() -> Position:
    pos = line_of_grids(1, 2, 3, 4).with_options(grids=4)
    pos = pos._with(players=("ann", "bob", "cat"))
    return pos.piece("ann", "C", "1-C").piece("bob", "C", "4-C").piece("cat", "C", "2-C")


def test_an_action_costs_its_points_and_too_few_are_refused() -> None:
    """R-WA-TURN-2 / 4.2: each action costs its points; one the points left do not cover is
    refused with its cost and the points left, and nothing happens."""
    state = phase(arena2(), ap=2)
    rejected = refused(state, SwapGrids("ann", 1, 2))
    assert rejected.message == "Swap Grids costs 3 action points; you have 2 left."
    state, _ = run(state, DrawCard("ann"), Pass("bob"))
    assert state.ap_left == 1 and state.active == "ann"


def test_repeats_allowed_and_the_phase_ends_when_points_are_spent() -> None:
    """R-WA-TURN-2: the same action more than once; when the points are spent the next player's
    phase begins; after the last phase a new turn begins with initiative (4.1)."""
    state = phase(arena2())
    state, _ = run(state, *(c for _ in range(3) for c in (DrawCard("ann"), Pass("bob"))))
    assert len(state.player("ann").hand) == 3
    assert state.active == "bob" and state.ap_left == 3 and state.turn == 1
    state, events = run(state, EndPhase("bob"), dice=[4, 16])
    assert of_type(events, InitiativeRolled)
    assert state.turn == 2 and state.order == ("bob", "ann") and state.active == "bob"


def test_initiative_ties_rerolled_by_the_tied_only() -> None:
    """R-WA-TURN-1, R-WA-DICE-3: initiative rolls 9, 9, 3: ann and bob alone roll again."""
    state = phase(arena3())
    state = replace(state, active="cat", order=("ann", "bob", "cat"))
    state, events = run(state, EndPhase("cat"), dice=[9, 9, 3, 2, 5])
    rolls = of_type(events, Rolled)
    assert [r.player for r in rolls] == ["ann", "bob", "cat", "ann", "bob"]  # type: ignore[attr-defined]
    assert state.order == ("bob", "ann", "cat")


def test_initiative_bonus_cards_in_the_previous_order() -> None:
    """R-WA-TURN-1, option 9.3: after the rolls, each player in the order of the turn just
    completed may add one combat card; only a combat card; the totals set the order."""
    five = cards_of(CardKind.COMBAT, value=5)[0]
    destroy = cards_of(CardKind.DESTROY_HEX)[0]
    pos = arena3().with_options(initiative_bonus=True)
    state = phase(pos, hands={"ann": (five, destroy)})
    state = replace(state, order=("bob", "cat", "ann"), active="ann")
    state, _ = run(state, EndPhase("ann"), dice=[10, 12, 3])
    assert state.initiative_asking == ("bob", "cat", "ann")
    assert waiting_on(state)[0].decision is Decision.INITIATIVE_CARD
    assert "bob's turn" in refused(state, AddInitiativeCard("ann", five)).message
    state, _ = run(state, AddInitiativeCard("bob"), AddInitiativeCard("cat"))
    assert refused(state, AddInitiativeCard("ann", destroy)).code == "not-combat"
    state, _ = run(state, AddInitiativeCard("ann", five), dice=[1])
    assert state.initiative["ann"] == 15
    assert state.order == ("ann", "bob", "cat")
    assert five in state.discards and five not in state.player("ann").hand


def test_the_phase_pd_before_any_action_only() -> None:
    """R-WA-TURN-2 / 4.2: the optional random PD (grid 1dN, hex 1d6) comes first or not at
    all; with option 9.4 a placed PD replaces it."""
    state = phase(arena2())
    done, events = run(state, RandomPD("ann"), dice=[2, 5])
    assert [e.hex for e in of_type(events, PDCreated)] == ["2-5"]  # type: ignore[attr-defined]
    assert refused(done, RandomPD("ann")).code == "pd-closed"
    later, _ = run(state, DrawCard("ann"), Pass("bob"))
    assert refused(later, RandomPD("ann")).code == "pd-closed"
    assert refused(state, PlacePD("ann", H("1-C"))).code == "random-pd"
    placed = phase(arena2().with_options(placed_pd=True))
    assert refused(placed, RandomPD("ann")).code == "placed-pd"
    placed, _ = run(placed, PlacePD("ann", H("1-C")))
    assert placed.board.piece(placed.board.pieces[0].ref).pds == 1  # type: ignore[union-attr]


def test_limited_actions_only_move_and_convert() -> None:
    """R-WA-OPT-1, 9.4: with limited actions only Move and Engage and Convert are allowed."""
    pos = arena2().with_options(limited_actions=True)
    state = phase(pos.loose("1-C", 1))
    assert refused(state, DrawCard("ann")).code == "limited-actions"
    state, _ = run(state, Convert("ann", (Conversion("D"),)), Pass("bob"))
    assert any(p.label == "D1" for p in state.board.pieces_of("ann"))


def test_players_who_are_out_are_skipped() -> None:
    """4.0: a player phase for each remaining player: cat, out, gets no phase and no roll."""
    state = phase(arena3())
    state = replace(state, players=tuple(replace(p, out=p.name == "cat") for p in state.players))
    state = replace(state, order=("ann", "cat", "bob"))
    state, _ = run(state, EndPhase("ann"))
    assert state.active == "bob"
    state, events = run(state, EndPhase("bob"), dice=[3, 8])
    assert [r.player for r in of_type(events, Rolled)] == ["ann", "bob"]  # type: ignore[attr-defined]
    assert of_type(events, TurnBegun)[0].order == ("bob", "ann")  # type: ignore[attr-defined]


def test_concede_ends_a_two_player_game() -> None:
    """R-WA-WIN-2: a player who concedes is out as if the C-bot were destroyed by nobody;
    the last player in wins; their hand goes to the discards."""
    state = phase(arena2(), hands={"bob": (1, 2)})
    state, _ = run(state, Concede("bob"))
    assert state.stage is Stage.OVER and state.winner == "ann"
    assert state.player("bob") == PlayerState("bob", (), out=True)
    assert 1 in state.discards and not state.board.pieces_of("bob")


def test_actions_only_in_ones_own_phase() -> None:
    """R-WA-TURN-2: actions and the phase's PD are the active player's; anyone else is told
    whose phase it is."""
    state = phase(arena2())
    for command in (DrawCard("bob"), RandomPD("bob"), EndPhase("bob"), SwapGrids("bob", 1, 2)):
        assert refused(state, command).message == "It is ann's player phase, not yours."


def test_no_concession_while_a_window_is_open() -> None:
    """R-WA-X-17: a window never waits on a player who has left: concede once it closes."""
    state, _ = run(phase(arena2()), DrawCard("ann"))
    assert refused(state, Concede("bob")).code == "window-open"
    state, _ = run(state, Pass("bob"), Concede("bob"))
    assert state.winner == "ann"


def test_a_cbot_lost_to_a_d_bot_destroying_its_hex_puts_its_player_out() -> None:
    """R-WA-MOVE-5, R-WA-X-17: a D-bot leaving a hex destroys it with everything still in it;
    an enemy C-bot there is lost, its player out and the hand to the mover."""
    from engine.warparena.commands import Leave, MoveAndEngage, PieceMove
    from engine.warparena.hexes import HexName

    pos = arena2().piece("ann", "D1", "3-1").piece("cat", "C", "3-1")._with(players=("ann", "bob", "cat"))
    state = phase(pos, hands={"cat": (5,)})
    move = MoveAndEngage("ann", (PieceMove("D1", (HexName("3-C"),), leave=Leave.DESTROY),))
    state, _ = run(state, move, Pass("bob"), Pass("cat"))
    assert "3-1" in state.board.destroyed
    assert state.player("cat").out and 5 in state.player("ann").hand
    assert state.stage is Stage.PLAYING and state.in_play == ("ann", "bob")


def test_initiative_totals_that_tie_after_cards_are_rerolled() -> None:
    """R-WA-X-10, R-WA-DICE-3: a card that makes two totals equal (8 + 2 against 10) is
    settled by fresh dice of the two tied players only."""
    two = cards_of(CardKind.COMBAT, value=2)[0]
    state = phase(arena2().with_options(initiative_bonus=True), hands={"ann": (two,)})
    state = replace(state, active="bob")
    state, _ = run(state, EndPhase("bob"), dice=[8, 10])
    state, events = run(state, AddInitiativeCard("ann", two), AddInitiativeCard("bob"), dice=[3, 12])
    assert state.initiative == {"ann": 10, "bob": 10}
    assert [r.player for r in of_type(events, Rolled)] == ["ann", "bob"]  # type: ignore[attr-defined]
    assert state.order == ("bob", "ann")
