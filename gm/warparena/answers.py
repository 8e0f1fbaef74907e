"""The answers one player may give now, in the game's text form (docs/warparena-notation.md).

For a front end's buttons (gm.announce.Prompt) and autocomplete: each decision the game waits
on from a player has a short list of candidate lines, kept only if the engine accepts them
(tried on the state, never stored). A decision whose answers are too many to list (where a
grid goes, how robots pair up) gets the first word of its command, for the player to finish.

A reaction window is answered ``cancel`` or ``pass`` by everyone asked, whatever they hold:
the buttons never tell who holds a Wild Warp (R-WA-CARD-4).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import permutations

from engine.warparena.actions import COSTS, LIMITED, NAMES
from engine.warparena.arena import adjacent, steps_between
from engine.warparena.cards import CardKind, card
from engine.warparena.dice import Dice
from engine.warparena.game import Accepted, apply
from engine.warparena.notation import NotationError, choose_wild_warp, parse_command
from engine.warparena.pieces import Robot
from engine.warparena.state import GameState
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision

WINDOW_ANSWERS = ("cancel", "pass")
"""The same two answers for everyone asked in a window (R-WA-CARD-4)."""
PHASE_WORDS = ("random-pd", "draw", "warp-grid", "warp-converter", "play-cards", "end")
"""A phase's one-word actions, tried as they are."""
TEMPLATES: dict[Decision, str] = {
    Decision.PLACE_GRID: "place-grid",
    Decision.PLACE_PIECE: "place",
    Decision.PUT_GRID: "put-grid",
    Decision.REDISTRIBUTE: "pds",
    Decision.ATTACK_FIELD: "field",
    Decision.MATCH_UPS: "match",
    Decision.FIGHT_ORDER: "fight-order",
    Decision.OPPONENT_ORDER: "opponents",
}
"""Decisions whose answers are too many to list: the command's first word, to finish."""
MOST_TRIED = 40


def accepts(state: GameState, text: str, player: str, dice: Dice) -> bool:
    """Whether the engine would take ``text`` from ``player`` now (nothing is stored)."""
    try:
        command = parse_command(text, player)
    except NotationError:
        return False
    command = choose_wild_warp(command, state.player(player).hand)
    return isinstance(apply(state, command, dice), Accepted)


def decisions_of(state: GameState, player: str) -> tuple[Decision, ...]:
    """What the game waits on from ``player`` now (one entry per kind)."""
    return tuple(dict.fromkeys(w.decision for w in waiting_on(state) if w.player == player))


def answers(state: GameState, player: str, decision: Decision, dice: Dice) -> tuple[str, ...]:
    """The legal answers to ``decision`` for ``player``, in notation (see the module docstring)."""
    if decision is Decision.WINDOW:
        return WINDOW_ANSWERS
    if decision in TEMPLATES:
        found = [t for t in _listed(state, player, decision) if accepts(state, t, player, dice)]
        return tuple(found) or (TEMPLATES[decision],)
    tried = list(_candidates(state, player, decision))[:MOST_TRIED]
    return tuple(t for t in tried if accepts(state, t, player, dice))


def _combat_cards(hand: Iterable[int]) -> list[int]:
    return sorted(n for n in hand if card(n).kind is CardKind.COMBAT)


def _has_wild(hand: Iterable[int]) -> bool:
    return any(card(n).kind is CardKind.WILD_WARP for n in hand)


def _candidates(state: GameState, player: str, decision: Decision) -> Iterable[str]:
    hand = state.player(player).hand
    if decision is Decision.SEAL_CARD:
        yield "seal none"
        yield from (f"seal {n}" for n in _combat_cards(hand))
        if _has_wild(hand):
            yield from (f"seal wild {v}" for v in range(1, 6))
    elif decision is Decision.INITIATIVE_CARD:
        yield "initiative none"
        yield from (f"initiative {n}" for n in _combat_cards(hand))
    elif decision is Decision.PLAY_CARDS:
        yield "end-cards"
        yield from (f"play {n}" for n in sorted(hand) if card(n).kind not in (CardKind.COMBAT,))
    elif decision is Decision.ORIENT_GRIDS:
        yield from (f"orient {a} {b}" for a in range(6) for b in range(6))
    elif decision is Decision.PHASE:
        yield from PHASE_WORDS


def _listed(state: GameState, player: str, decision: Decision) -> Iterable[str]:
    """The few complete answers worth trying for a templated decision (a fight's orders)."""
    fight = state.combat
    if fight is None:
        return
    if decision is Decision.OPPONENT_ORDER and len(fight.opponents) <= 3:
        yield from ("opponents " + " ".join(order) for order in permutations(fight.opponents))
    if decision is Decision.FIGHT_ORDER and len(fight.pairs) <= 3:
        yield from (
            "fight-order " + " ".join(p.attacker for p in order) for order in permutations(fight.pairs)
        )


def affordable(state: GameState, player: str) -> tuple[str, ...]:
    """The actions ``player`` can pay for with the action points left (``Draw a Card (1)``);
    none outside their own phase."""
    if state.active != player or state.window is not None or state.pending is not None:
        return ()
    allowed = LIMITED if state.options.limited_actions else tuple(COSTS)
    return tuple(
        f"{NAMES[kind]} ({cost})" for kind, cost in COSTS.items() if cost <= state.ap_left and kind in allowed
    )


def piece_moves(state: GameState, player: str, label: str, dice: Dice) -> tuple[str, ...]:
    """The moves of ``player``'s piece ``label`` the engine takes now, in notation: one step
    to each hex it may enter (``H1 9-3``), and an H-bot's hops (``H1 9-3 hop 10-2``). Longer
    paths go on from these, one step at a time (a guided builder asks again from there)."""
    board = state.board
    piece = next((p for p in board.pieces_of(player) if p.label == label.upper()), None)
    if piece is None or state.active != player:
        return ()
    found = []
    for near in adjacent(board, piece.hex):
        found.append(f"{piece.label} {near}")
        if piece.robot is Robot.H:
            found += [
                f"{piece.label} {near} hop {far}"
                for far in adjacent(board, near)
                if far != piece.hex and steps_between(board, piece.hex, far) == 2
            ]
    return tuple(text for text in found if accepts(state, text, player, dice))
