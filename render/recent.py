"""What just happened, read from the last phase's events: the marks a map shows for one picture.

Movement trails come from ``ShipMoved`` paths (and ``ShipLeftStar`` for escapes and
withdrawals); losses from ``ShipRemoved``; fallen bases from ``BaseDestroyed``; battles from
the state. A ``ShipMoved`` path lists only the hexes entered, so a trail starts where the
ship stood before the phase when the caller gives that state, and at its first hex otherwise.

What a viewer may not know is never marked: a Systemship lost in a rack was never on the map,
so only its owner sees it go (R-CBT-22/23); round reports are read through ``view_for``.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import pairwise

from engine.warpwar import Event, GameState
from engine.warpwar.events import (
    BaseDestroyed,
    Removal,
    RoundFought,
    ShipLeftStar,
    ShipMoved,
    ShipRemoved,
    SystemshipDropped,
    SystemshipPickedUp,
)
from engine.warpwar.knowledge import Sighting
from engine.warpwar.report import RoundReport
from engine.warpwar.ships import ship_key

LOST = frozenset({Removal.DESTROYED, Removal.LEFT_BEHIND})
"""Ships lost in combat; scrapped ones and those of a player who left are not losses."""


@dataclass(frozen=True)
class Trail:
    """The hexes one ship passed through this phase, in order, where it started included."""

    owner: str
    label: str
    hexes: tuple[str, ...]
    jumps: tuple[bool, ...]
    """For each step, whether it went along a warpline rather than into a neighbouring hex."""


@dataclass(frozen=True)
class Loss:
    """A ship gone this phase, and where it was last seen."""

    owner: str
    label: str
    hex: str


@dataclass(frozen=True)
class FallenBase:
    """A base destroyed this phase (R-ECON-6)."""

    hex: str
    owner: str
    by: str


@dataclass(frozen=True)
class Happened:
    trails: tuple[Trail, ...] = ()
    losses: tuple[Loss, ...] = ()
    fallen: tuple[FallenBase, ...] = ()
    battles: tuple[str, ...] = ()
    """Star hexes with a battle to fight or being fought."""


@dataclass
class _Seen:
    """Where a ship was last, and whether everyone could see it there (not riding in a rack)."""

    hex: str
    public: bool


def what_happened(
    state: GameState,
    recent: Iterable[Event],
    before: GameState | None,
    viewer: str | None,
    ghosts: Iterable[Sighting] = (),
) -> Happened:
    """The marks ``viewer`` (None: everyone) may see for the events ``recent`` that led to ``state``;
    in a blind game ``ghosts`` are the ships last seen, those seen passing this game-turn with
    the trail of what was seen of their path."""
    seen = _positions(before)
    trails: dict[tuple[str, str], list[str]] = {}
    losses: list[Loss] = []
    fallen: list[FallenBase] = []
    for event in recent:
        if isinstance(event, ShipMoved | ShipLeftStar):
            key = ship_key(event.owner, event.label)
            steps = event.path if isinstance(event, ShipMoved) else (event.hex,)
            trail = trails.setdefault((event.owner, event.label), [seen[key].hex] if key in seen else [])
            trail.extend(steps)
            seen[key] = _Seen(steps[-1], True)
        elif isinstance(event, SystemshipPickedUp | SystemshipDropped):
            _rack_change(seen, event)
        elif isinstance(event, RoundFought):
            _fought(seen, event, viewer)
        elif isinstance(event, ShipRemoved):
            where = seen.get(ship_key(event.owner, event.label))
            lost = event.cause in LOST
            if lost and where is not None and (where.public or event.owner == viewer):
                losses.append(Loss(event.owner, event.label, where.hex))
        elif isinstance(event, BaseDestroyed):
            fallen.append(FallenBase(state.map.star(event.star).hex, event.owner, event.by))
    for ghost in ghosts:
        if ghost.turn == state.game_turn and len(ghost.path) > 1:
            trails.setdefault((ghost.owner, ghost.label), list(ghost.path))
    paths = {ship: _without_repeats(hexes) for ship, hexes in trails.items()}
    return Happened(
        trails=tuple(
            Trail(owner, label, hexes, tuple(b not in state.map.neighbours(a) for a, b in pairwise(hexes)))
            for (owner, label), hexes in paths.items()
            if len(hexes) > 1
        ),
        losses=tuple(losses),
        fallen=tuple(fallen),
        battles=battle_stars(state),
    )


def battle_stars(state: GameState) -> tuple[str, ...]:
    """Stars with battles to fight this turn, and stars where enemies meet before combat begins."""
    pending = {b.star for b in state.turn.battles} | set(state.contested_stars())
    return tuple(s.hex for s in state.map.stars if s.hex in pending)


def _positions(before: GameState | None) -> dict[str, _Seen]:
    if before is None:
        return {}
    return {key: _Seen(before.position(s), s.hex is not None) for key, s in before.ships.items()}


def _rack_change(seen: dict[str, _Seen], event: SystemshipPickedUp | SystemshipDropped) -> None:
    """A Systemship came out on a star in everyone's sight, or went into a rack: hidden from
    then on, even when the pick-up itself was seen (what a rack holds is never told)."""
    key = ship_key(event.owner, event.systemship)
    if isinstance(event, SystemshipDropped):
        seen[key] = _Seen(event.hex, True)
        return
    where = seen.get(ship_key(event.owner, event.carrier)) or seen.get(key)
    if where is not None:
        seen[key] = _Seen(where.hex, False)


def _fought(seen: dict[str, _Seen], event: RoundFought, viewer: str | None) -> None:
    """Every ship in a round fought on the star in everyone's sight; the viewer also learns
    which of their own Systemships went down in a rack."""
    report = event.report.view_for(viewer)
    for result in report.ships:
        seen[result.ship] = _Seen(report.star, True)
        for carried in result.lost:
            seen[ship_key(result.owner, carried)] = _Seen(report.star, False)


def _without_repeats(hexes: list[str]) -> tuple[str, ...]:
    """Drop a hex repeated back to back (a trail that starts where its first step already is)."""
    return tuple(h for i, h in enumerate(hexes) if i == 0 or h != hexes[i - 1])


def round_reports(events: Iterable[Event]) -> list[RoundReport]:
    """The reports of the rounds fought in ``events``, in order."""
    return [e.report for e in events if isinstance(e, RoundFought)]
