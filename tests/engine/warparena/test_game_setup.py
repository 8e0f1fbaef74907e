"""Set-up (3.0) through game.new_game and game.apply: the deck and the deal, the arena by
players or at random, the pieces, the first PDs, and the roll orders with ties re-rolled."""

from __future__ import annotations

from engine.warparena.board_events import PDCreated
from engine.warparena.commands import DeadlinePassed, PlaceGrid, PlacePiece
from engine.warparena.dice import ScriptedDice
from engine.warparena.events import GameCreated, InitiativeRolled, fold
from engine.warparena.game import Accepted, GameSetup, Rejected, new_game
from engine.warparena.hexes import HexName as H
from engine.warparena.options import Options
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Rolled
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision
from tests.engine.warparena.turn_helpers import of_type, refused, run

SHUFFLE = [1] * 83
"""The deck's Fisher-Yates: 83 rolls (any 1 is legal)."""
THREE = ("ann", "bob", "cat")


def started(players: tuple[str, ...] = THREE, rolls: tuple[int, ...] = (5, 12, 12, 3, 9)) -> Accepted:
    grids = [1] * 3  # the four grids' shuffle
    result = new_game(GameSetup(players, Options(grids=4)), ScriptedDice([*SHUFFLE, *grids, *rolls]))
    assert isinstance(result, Accepted), result
    return result


def test_player_count_and_names() -> None:
    """R-WA-SET-1 / 1.0: 2 to 4 players with distinct names; a refusal says why."""
    for players in (("ann",), ("a", "b", "c", "d", "e")):
        result = new_game(GameSetup(players), ScriptedDice([]))
        assert isinstance(result, Rejected) and "2 to 4 players" in result.message
    result = new_game(GameSetup(("ann", "ann")), ScriptedDice([]))
    assert isinstance(result, Rejected) and result.code == "bad-names"


def test_deck_shuffled_by_the_dice_and_three_cards_dealt() -> None:
    """R-WA-SET-2: the deck is shuffled with the game's dice (83 recorded rolls, a
    Fisher-Yates) and three cards go to each player; all 84 are accounted for."""
    result = started()
    shuffles = [e for e in of_type(result.events, Rolled) if e.for_ == "shuffle"]  # type: ignore[attr-defined]
    assert len(shuffles) == 83 + 3
    state = result.state
    assert [len(p.hand) for p in state.players] == [3, 3, 3]
    assert sorted([*state.deck, *(c for p in state.players for c in p.hand)]) == list(range(1, 85))
    assert isinstance(result.events[0], GameCreated)
    assert fold(None, result.events) == state


def test_grids_dealt_evenly_and_the_first_roll_ties_rerolled_by_the_tied() -> None:
    """R-WA-SET-1, R-WA-DICE-3: grids are dealt as evenly as possible in seat order; the
    1d20 for the first placement rolls 5, 12, 12: bob and cat alone roll again (3, 9), so
    cat places first, then the others in seat order after cat."""
    state = started().state
    sizes = sorted(len(g) for g in state.grids_left.values())
    assert sizes == [1, 1, 2] and sorted(g for gs in state.grids_left.values() for g in gs) == [1, 2, 3, 4]
    assert len(state.grids_left["ann"]) == 2
    rerolls = [e for e in of_type(started().events, Rolled) if "tie" in e.for_]  # type: ignore[attr-defined]
    assert [e.player for e in rerolls] == ["bob", "cat"]  # type: ignore[attr-defined]
    assert state.stage is Stage.PLACING_GRIDS
    assert state.placing == ("cat", "ann", "bob") and state.active == "cat"
    assert waiting_on(state)[0].decision is Decision.PLACE_GRID


def _grids_placed() -> GameState:
    state = started().state
    cat = state.grids_left["cat"][0]
    ann = state.grids_left["ann"]
    bob = state.grids_left["bob"][0]
    state, _ = run(
        state,
        PlaceGrid("cat", cat),
        PlaceGrid("ann", ann[0], cat, 1),
        PlaceGrid("bob", bob, cat, 7),
        PlaceGrid("ann", ann[1], cat, 13, rotation=2),
        dice=[7, 15, 2],  # the pieces' order: bob first
    )
    return state


def test_grid_placement_in_turn_and_touching() -> None:
    """R-WA-SET-1 / 3.1: one grid at a time in the placement order, the first anywhere, each
    next one touching a placed grid; another's grid or another's turn is refused."""
    state = started().state
    cat = state.grids_left["cat"][0]
    ann = state.grids_left["ann"][0]
    assert "cat's turn" in refused(state, PlaceGrid("ann", ann)).message
    assert refused(state, PlaceGrid("cat", ann)).code == "not-your-grid"
    state, _ = run(state, PlaceGrid("cat", cat))
    assert state.active == "ann"
    assert refused(state, PlaceGrid("ann", ann)).code == "place-needed"
    done = _grids_placed()
    assert done.stage is Stage.PLACING_PIECES and len(done.board.grids) == 4
    assert done.placing == ("bob", "cat", "ann")


def test_pieces_then_first_pds_then_turn_one() -> None:
    """R-WA-SET-3, R-WA-SET-4, 3.3-3.4: pieces one at a time in the roll's order, never on an enemy's
    hex; then each player in seat order makes one random PD; then turn 1's initiative."""
    state = _grids_placed()
    hexes = [f"{g.number}-C" for g in state.board.grids]
    state, _ = run(state, PlacePiece("bob", "C", H(hexes[0])))
    assert "bob's pieces are there" in refused(state, PlacePiece("cat", "C", H(hexes[0]))).message
    assert refused(state, PlacePiece("cat", "Q1", H(hexes[1]))).code == "not-to-place"
    state, _ = run(state, PlacePiece("cat", "C", H(hexes[1])), PlacePiece("ann", "C", H(hexes[2])))
    for _ in range(11):
        state, _ = run(state, DeadlinePassed())
    pd_dice = [1, 1, 2, 2, 3, 3]
    initiative = [4, 17, 9]
    state, events = run(state, DeadlinePassed(), dice=[*pd_dice, *initiative])
    assert len(state.board.pieces) == 15
    assert [e.hex for e in of_type(events, PDCreated)] == ["1-1", "2-2", "3-3"]  # type: ignore[attr-defined]
    assert of_type(events, InitiativeRolled)
    assert state.stage is Stage.PLAYING and state.turn == 1
    assert state.order == ("bob", "cat", "ann") and state.active == "bob" and state.ap_left == 3


def test_random_arena() -> None:
    """R-WA-SET-1, option ``arena: random``: the bot lays every grid; set-up goes straight to
    the pieces."""
    dice = ScriptedDice([*SHUFFLE, 1, 1, 1, 1, 1, 1, 1, 20, 3])  # 7 for the arena
    result = new_game(GameSetup(("ann", "bob"), Options(grids=4, random_arena=True)), dice)
    assert isinstance(result, Accepted), result
    assert len(result.state.board.grids) == 4
    assert result.state.stage is Stage.PLACING_PIECES and result.state.active == "ann"


def test_placement_deadline_places_a_grid_at_random() -> None:
    """R-WA-SET-1: a player whose placement deadline passes has a grid placed for them at
    random (their lowest grid, on a place picked by a die over the legal ones)."""
    state = started().state
    state, _ = run(state, DeadlinePassed())
    assert len(state.board.grids) == 1
    state, events = run(state, DeadlinePassed(), dice=[5])
    assert len(state.board.grids) == 2
    assert of_type(events, Rolled)[0].roll.sides == 18  # type: ignore[attr-defined]
    assert state.active == "bob" and state.grids_left["ann"] == (2,)  # the lowest went first


def test_cards_taken_out_by_option_9_4() -> None:
    """R-WA-X-19, 9.4: without combat cards the deck holds the 44 others; without special
    cards (the Wild Warp with them) the 40 combat cards; hands come from what is left."""
    from engine.warparena.cards import CardKind, card
    from engine.warparena.deck import cards_in_game

    no_combat = cards_in_game(Options(no_combat_cards=True))
    assert len(no_combat) == 44 and all(card(c).kind is not CardKind.COMBAT for c in no_combat)
    assert len(cards_in_game(Options(no_special_cards=True))) == 40
    assert cards_in_game(Options(no_combat_cards=True, no_special_cards=True)) == ()
