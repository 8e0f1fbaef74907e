"""A generator of random legal Warp Arena commands, for property tests and whole games.

:func:`candidates` proposes commands for whoever the game waits on (many legal, some not:
the engine is the judge); :func:`step` tries them in a random order and applies the first
accepted, so a game driven by it only ever takes legal steps. It proposes every set-up,
phase, action, card, window and initiative command, and sealed combat cards; the fights'
other decisions (redistribution, the force field, match-ups, orders) are taken by their
deadline defaults (engine.warparena.combat.defaults), as the combat helper's own property
tests choose those at random. :func:`random_game` plays a whole game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from engine.warparena import arena
from engine.warparena.cards import SPECIAL_KINDS, CardKind, card
from engine.warparena.commands import (
    AddInitiativeCard,
    Cancel,
    Command,
    Concede,
    Conversion,
    Convert,
    DeadlinePassed,
    DestroyHex,
    DistanceAttack,
    DoubleWarp,
    DrawCard,
    EndCards,
    EndPhase,
    Leave,
    MoveAndEngage,
    OrientGrids,
    Pass,
    PieceMove,
    PlaceGrid,
    PlacePD,
    PlacePiece,
    PlayCard,
    PlaySpecialCards,
    PutGrid,
    RandomPD,
    RotateGrid,
    SealCard,
    SwapGrids,
    WarpConverter,
    WarpGrid,
    WarpOwnPiece,
    WarpPiece,
)
from engine.warparena.dice import Dice, SeededDice
from engine.warparena.game import Accepted, GameSetup, Rejected, apply, new_game
from engine.warparena.hexes import HexName, hex_name
from engine.warparena.options import Options
from engine.warparena.pieces import Piece, Robot
from engine.warparena.setup import pieces_left
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Event, Tx
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision


def hexes(state: GameState) -> list[HexName]:
    return [hex_name(g.number, k) for g in state.board.grids for k in range(7)]


def candidates(state: GameState, rng: random.Random) -> list[Command]:
    """Commands worth trying now, for the players the game waits on."""
    out: list[Command] = []
    for wait in waiting_on(state):
        out += _for(state, wait.player, wait.decision, rng)
    # a Wild Warp played as a special card by anyone, at any moment (R-WA-CARD-2)
    for p in state.players:
        for c in p.hand:
            if card(c).kind is CardKind.WILD_WARP and rng.random() < 0.2:
                kind = rng.choice(SPECIAL_KINDS)
                grid = rng.choice(state.board.grids).number if state.board.grids else None
                out.append(PlayCard(p.name, c, grid=grid, as_kind=kind))
    return out


def _for(state: GameState, player: str, decision: Decision, rng: random.Random) -> list[Command]:
    board = state.board
    grids = [g.number for g in board.grids]
    hand = state.player(player).hand
    match decision:
        case Decision.WINDOW:
            named = [Cancel(player, c) for c in (state.window.subject.cards() if state.window else ())]
            return [Pass(player), Pass(player), Cancel(player), *named]
        case Decision.PLACE_GRID:
            mine = state.grids_left.get(player, ())
            out: list[Command] = []
            for number in mine:
                places = arena.legal_places(board, number) if grids else ()
                if not grids:
                    out.append(PlaceGrid(player, number, rotation=rng.randrange(6)))
                for beside, slot in rng.sample(places, min(3, len(places))):
                    out.append(PlaceGrid(player, number, beside, slot, rng.randrange(6)))
            return out
        case Decision.PLACE_PIECE:
            tx = Tx(state, _NoDice())
            labels = pieces_left(tx, player)
            spots = rng.sample(hexes(state), min(6, len(hexes(state))))
            return [PlacePiece(player, label, spot) for label in labels[:2] for spot in spots]
        case Decision.INITIATIVE_CARD:
            combat = [c for c in hand if card(c).kind is CardKind.COMBAT]
            return [AddInitiativeCard(player), *(AddInitiativeCard(player, c) for c in combat[:2])]
        case Decision.PUT_GRID:
            assert state.pending is not None
            places = arena.legal_places(board, state.pending.grid)
            return [
                PutGrid(player, b, s, rng.randrange(6)) for b, s in rng.sample(places, min(4, len(places)))
            ]
        case Decision.ORIENT_GRIDS:
            return [OrientGrids(player, rng.randrange(6), rng.randrange(6))]
        case Decision.PLAY_CARDS:
            specials = [c for c in hand if card(c).kind in (*SPECIAL_KINDS, CardKind.WILD_WARP)]
            plays: list[Command] = [EndCards(player)]
            for c in specials:
                kind = rng.choice(SPECIAL_KINDS) if card(c).kind is CardKind.WILD_WARP else None
                plays.append(PlayCard(player, c, grid=rng.choice(grids), as_kind=kind))
            return plays
        case Decision.PHASE:
            return _phase(state, player, rng)
        case Decision.SEAL_CARD:
            combat = [c for c in hand if card(c).kind is CardKind.COMBAT]
            wilds = [c for c in hand if card(c).kind is CardKind.WILD_WARP]
            seals: list[Command] = [SealCard(player), *(SealCard(player, c) for c in combat[:2])]
            seals += [SealCard(player, c, wild_value=rng.randint(1, 5)) for c in wilds[:1]]
            return seals
        case _:
            return [DeadlinePassed()]


class _NoDice:
    def roll(self, n: int, sides: int) -> int:
        raise AssertionError("no dice here")


def _phase(state: GameState, player: str, rng: random.Random) -> list[Command]:
    board = state.board
    grids = [g.number for g in board.grids]
    mine = board.pieces_of(player)
    others = [p for p in board.pieces if p.owner != player and p.label != "C"]
    out: list[Command] = [EndPhase(player)]
    if state.pd_open:
        out.append(RandomPD(player))
        out.append(PlacePD(player, rng.choice(hexes(state))))
    moves = [_move(state, player, rng) for _ in range(4)]
    out += [m for m in moves if m is not None]
    out += [
        DestroyHex(player, rng.choice(grids)),
        WarpGrid(player),
        DrawCard(player),
        RotateGrid(player, rng.choice(grids), rng.randint(1, 5)),
        _convert(state, player, rng),
        WarpConverter(player),
        PlaySpecialCards(player),
        DoubleWarp(player, rng.choice(grids)),
        SwapGrids(player, rng.choice(grids), rng.choice(grids), rng.choice((None, 0, 1, 2, 3, 4, 5))),
    ]
    if others:
        out.append(WarpPiece(player, rng.choice(others).ref))
    if mine:
        out.append(WarpOwnPiece(player, rng.choice(mine).label, rng.choice(hexes(state))))
    if rng.random() < 0.01:
        out.append(Concede(player))
    return out


def _convert(state: GameState, player: str, rng: random.Random) -> Command:
    kinds = ["D", "H", "B", "W", "cards"]
    count = rng.randint(1, 3)
    return Convert(player, tuple(Conversion(rng.choice(kinds)) for _ in range(count)))


def _move(state: GameState, player: str, rng: random.Random) -> MoveAndEngage | None:
    """A random move of a few pieces along adjacent hexes (many will be illegal: fine)."""
    board = state.board
    mine = list(board.pieces_of(player))
    if not mine:
        return None
    movers = rng.sample(mine, min(len(mine), rng.randint(1, 3)))
    moves: list[PieceMove] = []
    attacks: list[DistanceAttack] = []
    for piece in movers:
        path = _path(board, piece, rng)
        if piece.robot is Robot.B and rng.random() < 0.3:
            targets = [
                h
                for h in {p.hex for p in board.pieces if p.owner != player}
                if arena.steps_between(board, piece.hex, h) <= 2
            ]
            if targets:
                attacks.append(DistanceAttack(piece.label, rng.choice(sorted(targets))))
                continue
        if not path:
            continue
        leave = rng.choice((None, Leave.FORTIFY, Leave.DESTROY)) if piece.robot is Robot.D else None
        moves.append(PieceMove(piece.label, tuple(path), leave=leave, pick_up=rng.choice((0, 0, 1))))
    if not moves and not attacks:
        return None
    return MoveAndEngage(player, tuple(moves), attacks=tuple(attacks))


def _path(board: object, piece: Piece, rng: random.Random) -> list[HexName]:
    from engine.warparena.board import Board

    assert isinstance(board, Board)
    steps = rng.randint(1, piece.robot.moves if piece.robot is not Robot.H else 1)
    path: list[HexName] = []
    here = piece.hex
    for _ in range(steps):
        nxt = [h for h in arena.adjacent(board, here) if h not in board.destroyed and h not in path]
        if not nxt:
            break
        here = rng.choice(nxt)
        path.append(here)
        if any(p.owner != piece.owner for p in board.pieces_at(here)):
            break
    return path


@dataclass(frozen=True)
class Step:
    command: Command
    accepted: Accepted
    refused: tuple[tuple[Command, Rejected], ...]


def step(state: GameState, dice: Dice, rng: random.Random, tries: int = 12) -> Step:
    """Apply one legal command chosen at random (a passed deadline when nothing else is)."""
    proposals = candidates(state, rng)
    rng.shuffle(proposals)
    refused: list[tuple[Command, Rejected]] = []
    for command in proposals[:tries]:
        result = apply(state, command, dice)
        if isinstance(result, Accepted):
            return Step(command, result, tuple(refused))
        refused.append((command, result))
    result = apply(state, DeadlinePassed(), dice)
    assert isinstance(result, Accepted), result
    return Step(DeadlinePassed(), result, tuple(refused))


NAMES = ("ann", "bob", "cat", "dan")

Check = Callable[[GameState, tuple[Event, ...], GameState], None]
"""Called after each step with (the new state, the step's events, the state before)."""


def random_game(
    players: int,
    options: Options,
    seed: int,
    *,
    turn_cap: int = 6,
    steps: int = 500,
    check: Check | None = None,
) -> tuple[GameState, list[Event]]:
    """A whole random game of legal commands; past ``turn_cap`` the players concede, last
    seat first, until one is left (so every game ends). Returns the end and the full log."""
    dice = SeededDice(seed)
    rng = random.Random(seed)
    created = new_game(GameSetup(NAMES[:players], options), dice)
    assert isinstance(created, Accepted), created
    state = created.state
    log: list[Event] = list(created.events)
    for _ in range(steps):
        if state.stage is Stage.OVER:
            break
        result = _concede_one(state, dice) if state.turn > turn_cap else step(state, dice, rng).accepted
        if check is not None:
            check(result.state, result.events, state)
        log += result.events
        state = result.state
    return state, log


def _concede_one(state: GameState, dice: Dice) -> Accepted:
    for name in reversed(state.in_play):
        result = apply(state, Concede(name), dice)
        if isinstance(result, Accepted):
            return result
    result = apply(state, DeadlinePassed(), dice)
    assert isinstance(result, Accepted), result
    return result
