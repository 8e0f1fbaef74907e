"""Properties of whole random games (issue 12's list), for 2, 3 and 4 players, with and
without the options: every command is legal (tests/engine/warparena/legal.py), and after
each one the invariants hold."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import serial
from engine.warparena.board_events import GridPlaced, GridWarped
from engine.warparena.deck import cards_in_game
from engine.warparena.dice import SeededDice
from engine.warparena.events import fold
from engine.warparena.game import Accepted, GameSetup, new_game
from engine.warparena.hexes import distance
from engine.warparena.options import Options
from engine.warparena.pieces import MOST_OF_A_TYPE, MOST_PDS
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Event
from tests.engine.warparena.legal import NAMES, random_game, step

TURN_CAP = 6

options = st.builds(
    Options,
    grids=st.sampled_from((4, 6, 8, 20)),
    random_arena=st.booleans(),
    chain_reaction=st.booleans(),
    initiative_bonus=st.booleans(),
    no_combat_cards=st.booleans(),
    no_special_cards=st.booleans(),
    limited_actions=st.booleans(),
    placed_pd=st.booleans(),
    fixed_strengths=st.booleans(),
    d6_dice=st.booleans(),
)


MAKE_PDS = {"PDCreated", "PlayerOut", "CardCancelled"}
"""Random and card PDs (2.3.6), a lost C-bot's two (7.0), and a cancelled card's undoing."""
DESTROY_PDS = {"HexDestroyed", "DiscsConverted", "PieceWarped", "CardCancelled"}
"""A destroyed hex (2.3.7), conversion (4.2.5), a warp onto a destroyed hex (R-WA-TURN-4)."""


def pds(state: GameState) -> int:
    return sum(p.pds for p in state.board.pieces) + sum(state.board.unclaimed.values())


def check_invariants(state: GameState, events: tuple[Event, ...], before: GameState) -> None:
    board = state.board
    # no piece on a destroyed hex
    assert not [p for p in board.pieces if p.hex in board.destroyed]
    # at most 4 PDs a robot, 5 robots of a type
    assert all(0 <= p.pds <= MOST_PDS for p in board.pieces)
    per_type = Counter((p.owner, p.robot) for p in board.pieces)
    assert all(n <= MOST_OF_A_TYPE for n in per_type.values())
    # grids never overlap; placed and warped grids touch another
    centres = {g.number: g.centre for g in board.grids}
    for a in centres:
        for b in centres:
            if a < b:
                assert distance(centres[a], centres[b]) >= 3, (a, b)
    for e in events:
        if isinstance(e, (GridPlaced, GridWarped)) and len(centres) > 1:
            moved = e.number
            assert any(distance(centres[moved], c) == 3 for n, c in centres.items() if n != moved)
    # the cards, all accounted for (deck + discards + hands), each once
    held = [*state.deck, *state.discards, *(c for p in state.players for c in p.hand)]
    assert sorted(held) == sorted(cards_in_game(state.options)), Counter(held).most_common(2)
    # PDs made and destroyed only by the rules that do so (a cancelled card undoes both)
    kinds = {type(e).__name__ for e in events}
    if pds(state) > pds(before):
        assert kinds & MAKE_PDS, kinds
    if pds(state) < pds(before):
        assert kinds & DESTROY_PDS, kinds


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=30, deadline=None)
@given(opts=options, seed=st.integers(0, 10**6))
def test_random_games_keep_the_invariants(players: int, opts: Options, seed: int) -> None:
    """Random legal games for 2-4 players with any options: no piece on a destroyed hex, at
    most 4 PDs a robot (R-WA-PD-1) and 5 robots of a type, grids never overlap and placed or
    warped grids touch (R-WA-MAP-3), the 84 cards accounted for (R-WA-SET-2), PDs made only
    by the rules that make them; the game ends (turn cap in the test only); fold of the
    events equals the state; the state and every event round-trip through JSON."""
    state, log = random_game(players, opts, seed, turn_cap=TURN_CAP, check=check_invariants)
    assert state.stage is Stage.OVER
    assert state.winner in NAMES[:players]
    assert fold(None, log) == state
    assert serial.decode(GameState, serial.encode(state)) == state
    for event in log:
        assert serial.decode(Event, serial.encode(event)) == event


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 4))
def test_a_refused_command_changes_nothing(seed: int, players: int) -> None:
    """Every command the generator proposes that the engine refuses leaves the state as it
    was (apply never mutates; a refusal leaves nothing), checked through JSON."""
    dice = SeededDice(seed)
    rng = random.Random(seed)
    created = new_game(GameSetup(NAMES[:players], Options(grids=6)), dice)
    assert isinstance(created, Accepted)
    state = created.state
    for _ in range(120):
        if state.stage is Stage.OVER:
            break
        before = serial.encode(state)
        taken = step(state, dice, rng)
        assert serial.encode(state) == before
        for command, _refusal in taken.refused:
            assert serial.encode(state) == before, command
        state = taken.accepted.state


def test_the_same_dice_play_the_same_game() -> None:
    """R-WA-DICE-1: the engine takes its dice from outside and is deterministic: the same
    dice and the same commands give the same events, roll for roll."""
    first = random_game(3, Options(grids=6, chain_reaction=True), 7, turn_cap=3)
    second = random_game(3, Options(grids=6, chain_reaction=True), 7, turn_cap=3)
    assert first == second
