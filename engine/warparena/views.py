"""What one player may see (issue 12 item 5), and who the game waits on.

:func:`view_for` hides what the rules keep private: other players' hands (only their sizes
show), the deck's order (only its size), sealed fight choices before the reveal (only who
has sealed), and the state a card in play would return to. ``None`` is the public view, for
the game's channel. :func:`waiting_on` lists every player the game waits on, and for what.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.warparena.board import Board
from engine.warparena.combat import waiting as fight_waiting
from engine.warparena.fight import Combat
from engine.warparena.hexes import arena_type
from engine.warparena.options import Options
from engine.warparena.state import GameState, Pending, Stage
from engine.warparena.waiting import Decision, Waiting
from engine.warparena.windows import Window


@arena_type
@dataclass(frozen=True)
class PlayerView:
    name: str
    hand_size: int
    out: bool


@arena_type
@dataclass(frozen=True)
class CardInPlay:
    """The special card whose result is shown provisionally (its window decides)."""

    player: str
    card: int
    kind: str
    grid: int | None


@arena_type
@dataclass(frozen=True)
class GameView:
    """A game as one player (or the public) sees it."""

    viewer: str | None
    options: Options
    players: tuple[PlayerView, ...]
    hand: tuple[int, ...] | None
    """The viewer's own hand; None in the public view."""
    deck_size: int
    discards: tuple[int, ...]
    board: Board
    stage: Stage
    turn: int
    order: tuple[str, ...]
    active: str | None
    ap_left: int
    rolls: int
    initiative: dict[str, int]
    combat: Combat | None
    sealed_by: tuple[str, ...]
    """Fighters who have sealed their choice for the next fight (what they chose is hidden)."""
    window: Window | None
    pending: Pending | None
    card_in_play: CardInPlay | None
    winner: str | None
    waiting: tuple[Waiting, ...]


def view_for(state: GameState, player: str | None) -> GameView:
    """What ``player`` may see of ``state`` (None: what everyone may see)."""
    hand = (
        state.player(player).hand
        if player is not None and player in {p.name for p in state.players}
        else None
    )
    fight = state.combat
    sealed_by: tuple[str, ...] = ()
    if fight is not None:
        sealed_by = tuple(sorted(fight.sealed))
        fight = replace(fight, sealed={k: v for k, v in fight.sealed.items() if k == player})
    play = state.card_play
    return GameView(
        viewer=player,
        options=state.options,
        players=tuple(PlayerView(p.name, len(p.hand), p.out) for p in state.players),
        hand=hand,
        deck_size=len(state.deck),
        discards=state.discards,
        board=state.board,
        stage=state.stage,
        turn=state.turn,
        order=state.order,
        active=state.active,
        ap_left=state.ap_left,
        rolls=state.rolls,
        initiative=dict(state.initiative),
        combat=fight,
        sealed_by=sealed_by,
        window=state.window,
        pending=state.pending,
        card_in_play=None if play is None else CardInPlay(play.player, play.card, play.kind.value, play.grid),
        winner=state.winner,
        waiting=waiting_on(state),
    )


def waiting_on(state: GameState) -> tuple[Waiting, ...]:
    """Every player the game waits on now, and for what (the game master's deadlines)."""
    if state.window is not None:
        about = state.window.subject.describe()
        return tuple(Waiting(p, Decision.WINDOW, f"pass or cancel {about}") for p in state.window.asked())
    if state.stage is Stage.OVER:
        return ()
    if state.combat is not None:
        return fight_waiting(state)
    if state.pending is not None:
        pending = state.pending
        detail = {
            Decision.PUT_GRID: f"where grid {pending.grid} goes",
            Decision.ORIENT_GRIDS: f"how grids {pending.grid} and {pending.second} are turned",
            Decision.PLAY_CARDS: "the next special card, or end-cards",
        }.get(pending.kind, "")
        return (Waiting(pending.player, pending.kind, detail),)
    if state.active is None and not state.initiative_asking:
        return ()
    if state.stage is Stage.PLACING_GRIDS:
        assert state.active is not None
        left = state.grids_left.get(state.active, ())
        return (Waiting(state.active, Decision.PLACE_GRID, f"grids left: {', '.join(map(str, left))}"),)
    if state.stage is Stage.PLACING_PIECES:
        assert state.active is not None
        return (Waiting(state.active, Decision.PLACE_PIECE, "the next piece"),)
    if state.initiative_asking:
        return (
            Waiting(
                state.initiative_asking[0], Decision.INITIATIVE_CARD, "a combat card for initiative, or none"
            ),
        )
    assert state.active is not None
    return (Waiting(state.active, Decision.PHASE, f"{state.ap_left} action points left"),)
