"""The turn machinery's events: set-up, the deck and hands, initiative, phases, actions and
special cards. The arena's own changes are in engine.warparena.board_events, combat's in
engine.warparena.combat_events, the windows' in engine.warparena.windows.

Each event says what happened and folds into a state (``apply``); a game is the fold of its
events from :class:`GameCreated` (:func:`fold`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from engine.warparena.board import Board
from engine.warparena.cards import CardKind
from engine.warparena.commands import Command
from engine.warparena.hexes import Grid, HexName, arena_type
from engine.warparena.options import Options
from engine.warparena.state import CardPlay, GameState, Pending, PlayerState, Stage
from engine.warparena.tx import Event


@arena_type
@dataclass(frozen=True)
class GameCreated(Event):
    """A game began: its options and players in seat order; everything else comes after."""

    options: Options
    players: tuple[str, ...]

    def apply(self, state: GameState | None) -> GameState:
        return GameState(self.options, tuple(PlayerState(p) for p in self.players), Board())


@arena_type
@dataclass(frozen=True)
class DeckShuffled(Event):
    """The deck was shuffled (R-WA-SET-2): the new deck, top first. ``reshuffle``: it was
    made from the discards when the deck ran out."""

    deck: tuple[int, ...]
    reshuffle: bool = False

    def apply(self, state: GameState) -> GameState:
        return replace(state, deck=self.deck, discards=() if self.reshuffle else state.discards)


@arena_type
@dataclass(frozen=True)
class CardsDrawn(Event):
    """A player took cards from the top of the deck (private: only they see the numbers)."""

    player: str
    cards: tuple[int, ...]

    def apply(self, state: GameState) -> GameState:
        assert state.deck[: len(self.cards)] == self.cards
        return replace(
            _with_hand(state, self.player, lambda hand: (*hand, *self.cards)),
            deck=state.deck[len(self.cards) :],
        )


@arena_type
@dataclass(frozen=True)
class GridsDealt(Event):
    """The grids, dealt at random as evenly as possible in seat order (R-WA-SET-1)."""

    grids: dict[str, tuple[int, ...]]

    def apply(self, state: GameState) -> GameState:
        return replace(state, grids_left=dict(self.grids))


@arena_type
@dataclass(frozen=True)
class ArenaBuilt(Event):
    """Option ``arena: random``: the bot laid every grid (R-WA-SET-1)."""

    grids: tuple[Grid, ...]

    def apply(self, state: GameState) -> GameState:
        return replace(state, board=replace(state.board, grids=self.grids), grids_left={})


@arena_type
@dataclass(frozen=True)
class SetUpBegun(Event):
    """A set-up stage begins: who places in what order, from a roll (R-WA-SET-1/3)."""

    stage: Stage
    placing: tuple[str, ...]

    def apply(self, state: GameState) -> GameState:
        return replace(state, stage=self.stage, placing=self.placing, active=self.placing[0])


@arena_type
@dataclass(frozen=True)
class GridLaid(Event):
    """A player placed one of their grids (the arena's GridPlaced says where)."""

    player: str
    grid: int

    def apply(self, state: GameState) -> GameState:
        left = dict(state.grids_left)
        left[self.player] = tuple(g for g in left.get(self.player, ()) if g != self.grid)
        return replace(state, grids_left=left)


@arena_type
@dataclass(frozen=True)
class NextToPlace(Event):
    """Set-up passes to the next player to place."""

    player: str

    def apply(self, state: GameState) -> GameState:
        return replace(state, active=self.player)


@arena_type
@dataclass(frozen=True)
class InitiativeRolled(Event):
    """This turn's initiative dice are shown (4.1); with option 9.3 the players in ``asking``
    may each add a combat card, in that order (R-WA-TURN-1)."""

    rolls: dict[str, int]
    asking: tuple[str, ...] = ()

    def apply(self, state: GameState) -> GameState:
        return replace(
            state,
            stage=Stage.PLAYING,
            initiative=dict(self.rolls),
            initiative_asking=self.asking,
            active=None,
        )


@arena_type
@dataclass(frozen=True)
class InitiativeCard(Event):
    """Option 9.3: a player added a combat card to the roll (``card`` None: they did not)."""

    player: str
    card: int | None = None
    value: int = 0

    def apply(self, state: GameState) -> GameState:
        asking = tuple(p for p in state.initiative_asking if p != self.player)
        if self.card is None:
            return replace(state, initiative_asking=asking)
        totals = dict(state.initiative)
        totals[self.player] = totals.get(self.player, 0) + self.value
        state = _with_hand(state, self.player, lambda hand: tuple(c for c in hand if c != self.card))
        return replace(
            state, initiative=totals, initiative_asking=asking, discards=(*state.discards, self.card)
        )


@arena_type
@dataclass(frozen=True)
class TurnBegun(Event):
    """A turn begins in this order of play (4.1)."""

    turn: int
    order: tuple[str, ...]

    def apply(self, state: GameState) -> GameState:
        return replace(state, turn=self.turn, order=self.order, initiative_asking=(), active=None)


@arena_type
@dataclass(frozen=True)
class PhaseBegun(Event):
    """A player phase begins: 3 action points, and the optional PD may be made first (4.2)."""

    player: str
    points: int = 3

    def apply(self, state: GameState) -> GameState:
        return replace(state, active=self.player, ap_left=self.points, pd_open=True, pending=None)


@arena_type
@dataclass(frozen=True)
class PhaseEnded(Event):
    """The phase is over; points not spent lapse (R-WA-TURN-2)."""

    player: str

    def apply(self, state: GameState) -> GameState:
        return replace(state, ap_left=0, pd_open=False, pending=None)


@arena_type
@dataclass(frozen=True)
class PhasePDMade(Event):
    """The phase's optional PD was made (random or, with option 9.4, placed): the arena's
    events say where it went."""

    player: str
    placed: bool = False

    def apply(self, state: GameState) -> GameState:
        return replace(state, pd_open=False)


@arena_type
@dataclass(frozen=True)
class ActionSelected(Event):
    """A player selected an action and spent its points; it runs when its window closes
    uncancelled (R-WA-CARD-3: the points are spent either way)."""

    player: str
    action: Command
    cost: int

    def apply(self, state: GameState) -> GameState:
        return replace(state, ap_left=state.ap_left - self.cost, pd_open=False)


@arena_type
@dataclass(frozen=True)
class PendingSet(Event):
    """The game now waits on this decision (or on none)."""

    pending: Pending | None

    def apply(self, state: GameState) -> GameState:
        return replace(state, pending=self.pending)


@arena_type
@dataclass(frozen=True)
class CardPlayed(Event):
    """A special card was played (2.4, R-WA-CARD-1/2): it leaves the hand for the discards;
    its result follows, provisionally, until its window closes."""

    player: str
    card: int
    kind: CardKind
    grid: int | None = None

    def apply(self, state: GameState) -> GameState:
        before = state
        state = _with_hand(state, self.player, lambda hand: tuple(c for c in hand if c != self.card))
        play = CardPlay(self.player, self.card, self.kind, self.grid, before)
        return replace(state, discards=(*state.discards, self.card), card_play=play)


@arena_type
@dataclass(frozen=True)
class CardStood(Event):
    """The card's window closed without cancelling it: its result stands."""

    card: int

    def apply(self, state: GameState) -> GameState:
        return replace(state, card_play=None)


@arena_type
@dataclass(frozen=True)
class CardCancelled(Event):
    """The card was cancelled (R-WA-CARD-3): the game is exactly as before it, except that the
    dice rolled stay rolled and the card and every Wild Warp played on it are discarded."""

    card: int
    wild_warps: tuple[int, ...]

    def apply(self, state: GameState) -> GameState:
        assert state.card_play is not None
        before = state.card_play.before
        gone = {self.card, *self.wild_warps}
        players = tuple(replace(p, hand=tuple(c for c in p.hand if c not in gone)) for p in before.players)
        return replace(
            before,
            players=players,
            discards=(*before.discards, self.card, *self.wild_warps),
            rolls=state.rolls,
            window=None,
            card_play=None,
        )


@arena_type
@dataclass(frozen=True)
class DiscsConverted(Event):
    """Convert (4.2.5): power discs on the C-bot's hex were spent, taken from the robots named
    (by label) and from those lying loose."""

    player: str
    hex: HexName
    taken: dict[str, int]
    loose: int = 0

    def apply(self, state: GameState) -> GameState:
        board = state.board
        pieces = tuple(
            replace(p, pds=p.pds - self.taken.get(p.label, 0)) if p.owner == self.player else p
            for p in board.pieces
        )
        unclaimed = dict(board.unclaimed)
        if self.loose:
            unclaimed[self.hex] = unclaimed.get(self.hex, 0) - self.loose
            if unclaimed[self.hex] <= 0:
                del unclaimed[self.hex]
        return replace(state, board=replace(board, pieces=pieces, unclaimed=unclaimed))


@arena_type
@dataclass(frozen=True)
class PointsLapsed(Event):
    """The player ended the phase with points left; they lapse (R-WA-TURN-2)."""

    player: str
    points: int

    def apply(self, state: GameState) -> GameState:
        return replace(state, ap_left=0, pd_open=False)


@arena_type
@dataclass(frozen=True)
class NoPlaceForGrid(Event):
    """A grid rolled to warp has no legal place to go: the warp does nothing (R-WA-X-13)."""

    grid: int

    def apply(self, state: GameState) -> GameState:
        return state


def _with_hand(
    state: GameState, player: str, change: Callable[[tuple[int, ...]], tuple[int, ...]]
) -> GameState:
    return replace(
        state,
        players=tuple(replace(p, hand=change(p.hand)) if p.name == player else p for p in state.players),
    )


def fold(state: GameState | None, events: Iterable[Event]) -> GameState:
    """Apply events in order to ``state``; from nothing (None) the first event must be
    :class:`GameCreated`. ``fold(None, all_events)`` rebuilds a game from its log."""
    for event in events:
        if state is None and not isinstance(event, GameCreated):
            raise ValueError("a game's events must begin with GameCreated")
        state = event.apply(state)  # type: ignore[arg-type]
    if state is None:
        raise ValueError("no events to fold")
    return state
