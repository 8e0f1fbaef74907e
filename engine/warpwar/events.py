"""Events: the facts a game is made of. The state is the fold of its events.

Each event knows how to apply itself to a state (``event.apply(state) -> new state``) and
nothing else: validation happens before an event is made (engine.warpwar.game), so applying
never fails for an event the engine produced. Replaying a game's events from the first
(:class:`GameCreated`) rebuilds it exactly, each player's knowledge record of a blind game
included: every event is a :class:`Fact`, which the players watch (engine.warpwar.sight).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar, Union, cast

from engine.records import replace
from engine.serial import serializable
from engine.warpwar.accounts import Account, credit
from engine.warpwar.orders import DamageStep, Orders
from engine.warpwar.report import RoundReport
from engine.warpwar.rulesets import Attr
from engine.warpwar.ships import Ship, ship_key
from engine.warpwar.sight import Movement, observe
from engine.warpwar.state import (
    Base,
    Battle,
    GameResult,
    GameState,
    Ownership,
    Phase,
    TurnState,
)

T = TypeVar("T")
_APPLIED = "_fact_applied"
"""Where an event keeps the last state it was applied to and its result (:meth:`Fact.apply`)."""


class Fact(ABC):
    """What every event shares: it changes the state its own way (``change``), and then each
    player of a blind game sees what they may of it (engine.warpwar.sight, R-BLIND-2)."""

    def apply(self, state: GameState) -> GameState:
        """The state after this event, every player's knowledge record included (the one the
        engine made, if it is applied again to the state the engine applied it to: :meth:`made`)."""
        kept = self.__dict__.get(_APPLIED)
        if kept is not None and kept[0] is state:
            return cast(GameState, kept[1])
        return observe(state, self.change(state), self.movements(state))

    def made(self, state: GameState) -> GameState:
        """:meth:`apply`, for an event the engine has just made (engine.warpwar.tx): the state
        and its result are kept on the event, because the game master tells the command's story
        by applying its events again to the same states (gm.warpwar.story) and so gets the
        engine's own results back at once. Both are frozen: the same value the event would make
        again. Only a command's few events keep theirs; a fold of the log keeps nothing, or a
        long log's events would hold every state of the game."""
        after = self.apply(state)
        self.__dict__[_APPLIED] = (state, after)  # frozen: a cache the dataclass does not see
        return after

    @abstractmethod
    def change(self, state: GameState) -> GameState:
        """The state after this event, before anyone looks at it."""

    def movements(self, state: GameState) -> tuple[Movement, ...]:
        """The ships this event moves from hex to hex (seen passing, R-BLIND-2)."""
        return ()


def _put_ship(state: GameState, ship: Ship) -> GameState:
    return replace(state, ships={**state.ships, ship.key: ship})


def _ship(state: GameState, owner: str, label: str) -> Ship:
    return state.ships[ship_key(owner, label)]


@serializable
@dataclass(frozen=True)
class GameCreated(Fact):
    """The game as set up, before the first player-turn."""

    state: GameState

    def apply(self, state: GameState | None) -> GameState:
        return observe(None, self.state, ())

    def change(self, state: GameState) -> GameState:
        return self.state


@serializable
@dataclass(frozen=True)
class EndsOffered(Fact):
    """The player moving second is to choose their map end among ``ends`` (R-SCEN-2): the game
    waits for them in its set-up phase."""

    player: str
    ends: tuple[str, ...]
    """The ends free to choose when the choice began."""

    def change(self, state: GameState) -> GameState:
        index = next(i for i, p in enumerate(state.players) if p.name == self.player)
        return replace(state, active=index, phase=Phase.SETUP)


@serializable
@dataclass(frozen=True)
class EndsAssigned(Fact):
    """Every player's map end is settled and their bases are placed there (R-SCEN-2/15/16)."""

    ends: dict[str, str]
    """Player → map end, in turn order (players who went out before have none)."""
    chosen_by: str | None = None
    """The player who chose their end; None when nobody chose (fixed ends, one end free, or the
    chooser conceded)."""
    drawn: bool = False
    """The chooser's time ran out: their end is the one drawn for them at set-up."""

    def change(self, state: GameState) -> GameState:
        players = tuple(replace(p, home=self.ends.get(p.name, p.home)) for p in state.players)
        middle_only = state.scenario.middle_base_only
        bases = dict(state.bases)
        owners = dict(state.owners)
        for player, end in self.ends.items():
            home = state.map.home(end)
            for star in (home.middle,) if middle_only else home.bases:
                bases[star] = Base(star=star, owner=player)
                owners[star] = Ownership(player=player, since=0)
        return replace(state, players=players, bases=bases, owners=owners, ends_drawn={})


@serializable
@dataclass(frozen=True)
class TurnBegan(Fact):
    """A player-turn begins: this player is active, in the build phase."""

    player: str
    game_turn: int
    serial: int

    def change(self, state: GameState) -> GameState:
        index = next(i for i, p in enumerate(state.players) if p.name == self.player)
        return replace(
            state,
            active=index,
            game_turn=self.game_turn,
            turn_serial=self.serial,
            phase=Phase.BUILD,
            turn=TurnState(),
        )


@serializable
@dataclass(frozen=True)
class PhaseBegan(Fact):
    """The active player's turn moves on to ``phase`` (with the battles to fight, if combat)."""

    phase: Phase
    battles: tuple[str, ...] = ()

    def change(self, state: GameState) -> GameState:
        battles = tuple(Battle(star) for star in self.battles)
        return replace(state, phase=self.phase, turn=replace(state.turn, battles=battles))


@serializable
@dataclass(frozen=True)
class BPMoved(Fact):
    """Build Points move between accounts; ``None`` is outside the game (income, spending, loss)."""

    source: Account | None
    target: Account | None
    amount: int
    reason: str
    spending: bool = False
    """True when the active player spent them (counted for the turn)."""

    def change(self, state: GameState) -> GameState:
        if self.source is not None:
            state = credit(state, self.source, -self.amount)
        if self.target is not None:
            state = credit(state, self.target, self.amount)
        if self.spending:
            state = replace(state, turn=replace(state.turn, spent=state.turn.spent + self.amount))
        return state


@serializable
@dataclass(frozen=True)
class ResupplyCounted(Fact):
    """Resupply bought this build event at one paying place, in sixths of a BP (R-BUILD-4).

    ``place`` is the hex where it was paid for (a base's stockpile or the Holds there), or
    ``"pool"`` for a classic player's Build Points.
    """

    place: str
    sixths: int

    def change(self, state: GameState) -> GameState:
        sixths = {**state.turn.resupply_sixths, self.place: self.sixths}
        return replace(state, turn=replace(state.turn, resupply_sixths=sixths))


@serializable
@dataclass(frozen=True)
class ArmorRepairCounted(Fact):
    """Armor points repaired this build event at one paying place (R-BUILD-4): the points are
    summed and paid at 1 BP per 2, so two ships mended by 1 point each cost 1 BP together.

    ``place`` is as in :class:`ResupplyCounted`.
    """

    place: str
    points: int

    def change(self, state: GameState) -> GameState:
        points = {**state.turn.armor_repaired, self.place: self.points}
        return replace(state, turn=replace(state.turn, armor_repaired=points))


@serializable
@dataclass(frozen=True)
class ProductionFresh(Fact):
    """BP produced this turn at a baseless star went into Holds there (R-ECON-4/5)."""

    star: str
    amount: int

    def change(self, state: GameState) -> GameState:
        fresh = {**state.turn.fresh, self.star: state.turn.fresh.get(self.star, 0) + self.amount}
        return replace(state, turn=replace(state.turn, fresh=fresh))


@serializable
@dataclass(frozen=True)
class ShipBuilt(Fact):
    ship: Ship

    def change(self, state: GameState) -> GameState:
        owner = state.player(self.ship.owner)
        if self.ship.is_warpship:
            owner = replace(owner, next_warpship=int(self.ship.label[1:]) + 1)
        else:
            owner = replace(owner, next_systemship=int(self.ship.label[1:]) + 1)
        players = tuple(owner if p.name == owner.name else p for p in state.players)
        return _put_ship(replace(state, players=players), self.ship)


@serializable
@dataclass(frozen=True)
class ShipRecordChanged(Fact):
    """These attributes now have these current values: repaired, resupplied, or fired and hit
    in a combat round."""

    owner: str
    label: str
    values: dict[Attr, int]
    reason: str

    def change(self, state: GameState) -> GameState:
        return _put_ship(state, _ship(state, self.owner, self.label).with_current(self.values))


class Removal(StrEnum):
    """Why a ship left the game."""

    DESTROYED = "destroyed"
    """In a combat round, or in the rack of a ship destroyed there (R-DMG-1/4)."""
    LEFT_BEHIND = "left behind"
    """A Systemship with no free rack when its side withdrew (R-CBT-10)."""
    SCRAPPED = "scrapped"
    PLAYER_OUT = "player out"


@serializable
@dataclass(frozen=True)
class ShipRemoved(Fact):
    """A ship leaves the game: ``cause`` says why, ``reason`` says it in words. The record of a
    ship whose player went out is kept in ``GameState.retired`` for the end of the game."""

    owner: str
    label: str
    reason: str
    cause: Removal

    def change(self, state: GameState) -> GameState:
        ship = _ship(state, self.owner, self.label)
        ships = {k: s for k, s in state.ships.items() if k != ship.key}
        if ship.carried_by is not None:
            carrier = ships[ship_key(ship.owner, ship.carried_by)]
            carrying = tuple(x for x in carrier.carrying if x != ship.label)
            ships[carrier.key] = replace(carrier, carrying=carrying)
        standing = _with(state.standing, ship.key, None)
        retired = (*state.retired, ship) if self.cause is Removal.PLAYER_OUT else state.retired
        return replace(
            state,
            ships=ships,
            standing=standing,
            priorities=_with(state.priorities, ship.key, None),
            retired=retired,
        )


@serializable
@dataclass(frozen=True)
class ShipMoved(Fact):
    """A Warpship moved along ``path`` (hexes entered, in order), spending ``mp``."""

    owner: str
    label: str
    path: tuple[str, ...]
    mp: int
    stopped: bool = False
    """It entered a star with enemy ships and may move no further this turn (R-MOVE-3)."""

    def change(self, state: GameState) -> GameState:
        ship = _ship(state, self.owner, self.label)
        state = _put_ship(state, replace(ship, hex=self.path[-1]))
        used = {**state.turn.mp_used, self.label: state.turn.mp_used.get(self.label, 0) + self.mp}
        stopped = (*state.turn.stopped, self.label) if self.stopped else state.turn.stopped
        return replace(state, turn=replace(state.turn, mp_used=used, stopped=stopped))

    def movements(self, state: GameState) -> tuple[Movement, ...]:
        start = state.position(_ship(state, self.owner, self.label))
        return (Movement(self.owner, self.label, (start, *self.path)),)


@serializable
@dataclass(frozen=True)
class MoveHalted(Fact):
    """In a blind game a move order stopped short for something its player could not see when
    they gave it (R-BLIND-6): the ship stands at ``at``, and the steps after were not taken."""

    owner: str
    label: str
    at: str
    reason: str
    """Why, in the player's words and in what they may know: ``1721 is not a hex of the map``."""

    def change(self, state: GameState) -> GameState:
        return state


@serializable
@dataclass(frozen=True)
class MoveTakenBack(Fact):
    """The moving player took back their last move order: the game is as it was before it.

    The engine never makes this event; the game master does (it knows the state before the
    move from the log) and checks that the move revealed nothing (R-MOVE-8).
    """

    player: str
    ship: str
    after: int
    """The number of events before the move: those after it, up to this one, are undone."""
    state: GameState

    def change(self, state: GameState) -> GameState:
        return self.state


@serializable
@dataclass(frozen=True)
class SystemshipPickedUp(Fact):
    owner: str
    carrier: str
    systemship: str
    mp: int
    """1 during movement, 0 in the free rearrangement after combat."""

    def change(self, state: GameState) -> GameState:
        carrier = _ship(state, self.owner, self.carrier)
        carried = _ship(state, self.owner, self.systemship)
        state = _put_ship(state, replace(carrier, carrying=(*carrier.carrying, carried.label)))
        state = _put_ship(state, replace(carried, hex=None, carried_by=carrier.label))
        return _spend_mp(state, self.carrier, self.mp)


@serializable
@dataclass(frozen=True)
class SystemshipDropped(Fact):
    owner: str
    carrier: str
    systemship: str
    hex: str
    mp: int

    def change(self, state: GameState) -> GameState:
        carrier = _ship(state, self.owner, self.carrier)
        carried = _ship(state, self.owner, self.systemship)
        carrying = tuple(x for x in carrier.carrying if x != carried.label)
        state = _put_ship(state, replace(carrier, carrying=carrying))
        state = _put_ship(state, replace(carried, hex=self.hex, carried_by=None))
        return _spend_mp(state, self.carrier, self.mp)


def _spend_mp(state: GameState, label: str, mp: int) -> GameState:
    if not mp:
        return state
    used = {**state.turn.mp_used, label: state.turn.mp_used.get(label, 0) + mp}
    return replace(state, turn=replace(state.turn, mp_used=used))


def _with(mapping: dict[str, T], key: str, value: T | None) -> dict[str, T]:
    """A copy of a per-ship mapping with ``key`` set to ``value``, or left out when it is None."""
    copy = {k: v for k, v in mapping.items() if k != key}
    if value is not None:
        copy[key] = value
    return copy


def _put_battle(state: GameState, battle: Battle) -> GameState:
    battles = tuple(battle if b.star == battle.star else b for b in state.turn.battles)
    return replace(state, turn=replace(state.turn, battles=battles))


@serializable
@dataclass(frozen=True)
class BattlesOrdered(Fact):
    """The moving player chose the order of the battles still to fight (R-CBT-1)."""

    stars: tuple[str, ...]

    def change(self, state: GameState) -> GameState:
        by_star = {b.star: b for b in state.turn.battles}
        battles = tuple(by_star[star] for star in self.stars)
        return replace(state, turn=replace(state.turn, battles=battles))


@serializable
@dataclass(frozen=True)
class OrdersSubmitted(Fact):
    """A player's orders for a round, all the ships' orders now held; they replace the earlier ones."""

    player: str
    star: str
    round: int
    orders: tuple[Orders, ...]
    sealed: bool = True
    """False: they leave ships out and wait for the player to confirm them."""

    def change(self, state: GameState) -> GameState:
        battle = state.battle(self.star)
        assert battle is not None
        others = tuple(p for p in battle.pending if p != self.player)
        pending = others if self.sealed else (*others, self.player)
        orders = {**battle.orders, self.player: self.orders}
        sealed_by = battle.sealed_by
        if self.sealed and self.player not in sealed_by:
            sealed_by = (*sealed_by, self.player)
        return _put_battle(state, replace(battle, orders=orders, pending=pending, sealed_by=sealed_by))


@serializable
@dataclass(frozen=True)
class RoundFought(Fact):
    """A round was revealed and resolved; its report says everything that happened.

    The ship records change by the events that follow it (ShipRecordChanged, ShipRemoved, …).
    """

    report: RoundReport

    def change(self, state: GameState) -> GameState:
        battle = state.battle(self.report.star)
        assert battle is not None
        return _put_battle(state, Battle(battle.star, round=self.report.round + 1, quiet=self.report.quiet))


@serializable
@dataclass(frozen=True)
class ShipLeftStar(Fact):
    """A Warpship left a battle for an adjacent hex: it escaped (R-CBT-8) or withdrew (R-CBT-10)."""

    owner: str
    label: str
    hex: str
    reason: str

    def change(self, state: GameState) -> GameState:
        return _put_ship(state, replace(_ship(state, self.owner, self.label), hex=self.hex))

    def movements(self, state: GameState) -> tuple[Movement, ...]:
        start = state.position(_ship(state, self.owner, self.label))
        return (Movement(self.owner, self.label, (start, self.hex)),)


@serializable
@dataclass(frozen=True)
class BattleEnded(Fact):
    """Combat at a star is over (R-CBT-10)."""

    star: str
    reason: str

    def change(self, state: GameState) -> GameState:
        battles = tuple(b for b in state.turn.battles if b.star != self.star)
        return replace(state, turn=replace(state.turn, battles=battles))


@serializable
@dataclass(frozen=True)
class StandingOrdersSet(Fact):
    """A ship's standing combat orders (None clears them), used when its player sends none."""

    owner: str
    label: str
    orders: Orders | None

    def change(self, state: GameState) -> GameState:
        return replace(state, standing=_with(state.standing, ship_key(self.owner, self.label), self.orders))


@serializable
@dataclass(frozen=True)
class DamagePrioritySet(Fact):
    """A ship's standing damage priority (R-DMG-2); empty restores the default."""

    owner: str
    label: str
    priority: tuple[DamageStep, ...]

    def change(self, state: GameState) -> GameState:
        priority = self.priority or None
        return replace(state, priorities=_with(state.priorities, ship_key(self.owner, self.label), priority))


@serializable
@dataclass(frozen=True)
class StarTaken(Fact):
    """A player's ship entered or passed an otherwise empty star: it is theirs (R-ECON-3)."""

    star: str
    player: str
    serial: int

    def change(self, state: GameState) -> GameState:
        owners = {**state.owners, self.star: Ownership(player=self.player, since=self.serial)}
        return replace(state, owners=owners)


@serializable
@dataclass(frozen=True)
class BaseFounded(Fact):
    """Work on a new Base begins (revised advanced, R-ECON-5); BP paid arrive by BPMoved."""

    star: str
    owner: str

    def change(self, state: GameState) -> GameState:
        base = Base(star=self.star, owner=self.owner, progress=0)
        return replace(state, bases={**state.bases, self.star: base})


@serializable
@dataclass(frozen=True)
class BaseDestroyed(Fact):
    """An enemy held the star unopposed at the end of its turn (R-ECON-6)."""

    star: str
    owner: str
    by: str

    def change(self, state: GameState) -> GameState:
        bases = {k: b for k, b in state.bases.items() if k != self.star}
        owners = {**state.owners, self.star: Ownership(player=self.by, since=state.turn_serial)}
        return replace(state, bases=bases, owners=owners)


@serializable
@dataclass(frozen=True)
class VictoryPointsScored(Fact):
    """Classic: points for enemy base stars held at the start of the turn (R-WIN-1)."""

    player: str
    points: int
    stars: tuple[str, ...]

    def change(self, state: GameState) -> GameState:
        players = tuple(
            replace(p, vp=p.vp + self.points) if p.name == self.player else p for p in state.players
        )
        return replace(state, players=players)


@serializable
@dataclass(frozen=True)
class PlayerOut(Fact):
    """A player conceded or lost every base; their ships are removed by ShipRemoved events."""

    player: str
    reason: str

    def change(self, state: GameState) -> GameState:
        players = tuple(replace(p, out=True) if p.name == self.player else p for p in state.players)
        bases = {k: b for k, b in state.bases.items() if b.owner != self.player}
        owners = {k: o for k, o in state.owners.items() if o.player != self.player}
        return replace(state, players=players, bases=bases, owners=owners)


@serializable
@dataclass(frozen=True)
class GameEnded(Fact):
    result: GameResult

    def change(self, state: GameState) -> GameState:
        return replace(state, result=self.result, phase=Phase.OVER)


Event = Union[  # noqa: UP007 - the codec reads this union at run time
    GameCreated,
    EndsOffered,
    EndsAssigned,
    TurnBegan,
    PhaseBegan,
    BPMoved,
    ResupplyCounted,
    ArmorRepairCounted,
    ProductionFresh,
    ShipBuilt,
    ShipRecordChanged,
    ShipRemoved,
    ShipMoved,
    MoveHalted,
    MoveTakenBack,
    SystemshipPickedUp,
    SystemshipDropped,
    BattlesOrdered,
    OrdersSubmitted,
    RoundFought,
    ShipLeftStar,
    BattleEnded,
    StandingOrdersSet,
    DamagePrioritySet,
    StarTaken,
    BaseFounded,
    BaseDestroyed,
    VictoryPointsScored,
    PlayerOut,
    GameEnded,
]


def fold(events: list[Event] | tuple[Event, ...], state: GameState | None = None) -> GameState:
    """Apply events in order; starting from nothing, the first must be :class:`GameCreated`."""
    for event in events:
        if state is None and not isinstance(event, GameCreated):
            raise ValueError("a game's events must begin with GameCreated")
        state = event.apply(state)  # type: ignore[arg-type]
    if state is None:
        raise ValueError("no events to fold")
    return state
