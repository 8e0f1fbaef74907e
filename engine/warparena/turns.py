"""Turns (4.0, R-WA-TURN-1/2): initiative, the player phases in order, the phase's optional
power disc, and moving the game on when nothing is left to wait for.

:func:`advance` runs after every command: it ends a phase whose points are spent, begins the
next player's, begins a new turn after the last, and skips players who are out. It stops at
anything that waits on a player: a window, a fight, a pending decision, a card in play.
"""

from __future__ import annotations

from engine.warparena import changes, setup, victory
from engine.warparena.cards import CardKind, card
from engine.warparena.commands import AddInitiativeCard, EndPhase, PlacePD, RandomPD
from engine.warparena.events import (
    InitiativeCard,
    InitiativeRolled,
    PendingSet,
    PhaseBegun,
    PhaseEnded,
    PhasePDMade,
    PointsLapsed,
    TurnBegun,
)
from engine.warparena.state import Stage
from engine.warparena.tx import Refusal, Tx

POINTS = 3
"""Action points a phase (4.2)."""


def begin_turn(tx: Tx) -> None:
    """Initiative (4.1, R-WA-TURN-1): every player still in rolls 1d20; with option 9.3 each
    may then add a combat card, in the order of the turn just completed (seat order before
    turn 1, R-WA-X-10)."""
    state = tx.state
    players = state.in_play
    rolls = {p: tx.roll(20, "initiative", p) for p in players}
    asking: tuple[str, ...] = ()
    if state.options.initiative_bonus and not state.options.no_combat_cards:
        before = tuple(p for p in state.order if p in players)
        asking = before + tuple(p for p in players if p not in before)
    tx.emit(InitiativeRolled(rolls, asking))
    if not asking:
        _finish_initiative(tx)


def _finish_initiative(tx: Tx) -> None:
    state = tx.state
    players = state.in_play
    totals = {p: state.initiative.get(p, 0) for p in players}
    order = setup.ranked(tx, players, "initiative", totals)
    tx.emit(TurnBegun(state.turn + 1, order))


def add_initiative_card(tx: Tx, cmd: AddInitiativeCard) -> None:
    """Option 9.3: add a combat card to the initiative roll, or not (R-WA-TURN-1)."""
    asking = tx.state.initiative_asking
    if not asking:
        raise Refusal("no-initiative", "Nobody is adding cards to initiative now.")
    if asking[0] != cmd.player:
        raise Refusal("not-your-turn", f"It is {asking[0]}'s turn to add an initiative card.")
    if cmd.card is None:
        tx.emit(InitiativeCard(cmd.player))
    else:
        if cmd.card not in tx.state.player(cmd.player).hand:
            raise Refusal("not-in-hand", f"You do not hold card {cmd.card}.")
        chosen = card(cmd.card)
        if chosen.kind is not CardKind.COMBAT:
            raise Refusal(
                "not-combat", f"Only a combat card adds to initiative; card {cmd.card} is a {chosen}."
            )
        tx.emit(InitiativeCard(cmd.player, cmd.card, chosen.value))
    if not tx.state.initiative_asking:
        _finish_initiative(tx)


def in_phase(tx: Tx, player: str) -> None:
    """Refuse unless it is ``player``'s phase and nothing else is under way (a fight, a card,
    a decision): the check every action and the phase's PD share."""
    state = tx.state
    if state.stage is not Stage.PLAYING or state.initiative_asking or state.active is None:
        raise Refusal("not-your-phase", "It is nobody's player phase yet.")
    if state.active != player:
        raise Refusal("not-your-phase", f"It is {state.active}'s player phase, not yours.")
    if state.combat is not None:
        raise Refusal("fight-on", f"The fight in {state.combat.hex} must end first.")
    if state.card_play is not None or state.pending is not None:
        raise Refusal("decision-pending", "Finish what you are doing first.")


def end_phase(tx: Tx, cmd: EndPhase) -> None:
    """The player is done; points left lapse (R-WA-TURN-2). Ending a Play Special Cards action
    with it is the same as EndCards then EndPhase."""
    state = tx.state
    if state.pending is not None and state.pending.player == cmd.player and state.card_play is None:
        tx.emit(PendingSet(None))
    in_phase(tx, cmd.player)
    tx.emit(PointsLapsed(cmd.player, tx.state.ap_left))


def _pd_open(tx: Tx, player: str) -> None:
    in_phase(tx, player)
    if not tx.state.pd_open:
        raise Refusal("pd-closed", "The phase's power disc comes before any action, once.")


def random_pd(tx: Tx, cmd: RandomPD) -> None:
    """The phase's optional random PD (4.2): grid 1dN, secondary hex 1d6."""
    _pd_open(tx, cmd.player)
    if tx.state.options.placed_pd:
        raise Refusal("placed-pd", "This game gives a placed power disc instead (place-pd HEX).")
    tx.emit(PhasePDMade(cmd.player))
    setup.random_pd(tx, cmd.player, "random power disc")


def place_pd(tx: Tx, cmd: PlacePD) -> None:
    """Option 9.4: the phase's power disc on a hex of the player's choice."""
    _pd_open(tx, cmd.player)
    if not tx.state.options.placed_pd:
        raise Refusal("random-pd", "This game makes the phase's power disc at random (random-pd).")
    tx.emit(PhasePDMade(cmd.player, placed=True))
    changes.create_pd(tx, cmd.hex)


def _sweep_lost_cbots(tx: Tx) -> bool:
    """A C-bot gone from the arena by a rule that does not call victory itself (a D-bot
    destroying the hex it leaves, a warp onto a destroyed hex): its player is out
    (R-WA-WIN-1), lost to the active player when it was not their own."""
    state = tx.state
    for player in state.in_play:
        if any(p.label == "C" for p in state.board.pieces_of(player)):
            continue
        by = state.active if state.active not in (None, player) else None
        victory.cbot_lost(tx, player, by)
        return True
    return False


def advance(tx: Tx) -> None:
    """Move the game on until it waits on a player (or is over)."""
    while True:
        state = tx.state
        if state.window is not None or state.combat is not None or state.card_play is not None:
            return
        if state.stage is Stage.OVER:
            return
        if state.pending is not None:
            if state.pending.player in state.in_play:
                return
            tx.emit(PendingSet(None))
            continue
        if state.stage is Stage.PLACING_GRIDS:
            if state.active is not None and state.active not in state.in_play:
                setup.default_grid(tx)
                continue
            return
        if state.stage is Stage.PLACING_PIECES:
            if state.active is not None and state.active not in state.in_play:
                setup.next_piece_placer(tx)
                continue
            return
        if _sweep_lost_cbots(tx):
            continue
        if state.initiative_asking:
            first = state.initiative_asking[0]
            if first in state.in_play:
                return
            tx.emit(InitiativeCard(first))
            if not tx.state.initiative_asking:
                _finish_initiative(tx)
            continue
        if state.active is not None and state.active in state.in_play and state.ap_left > 0:
            return
        _next_phase(tx)


def _next_phase(tx: Tx) -> None:
    state = tx.state
    order = state.order
    if state.active is not None:
        tx.emit(PhaseEnded(state.active))
        start = order.index(state.active) + 1
    else:
        start = 0
    following = [p for p in order[start:] if p in tx.state.in_play]
    if following:
        tx.emit(PhaseBegun(following[0], POINTS))
    else:
        begin_turn(tx)
