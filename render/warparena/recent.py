"""What the last action did, read from its events, in the terms the arena picture draws it.

The picture shows the last action's trails (each piece's path, a hop as a jump), the old
places of grids a warp or swap moved, the hexes it destroyed, and the dice it rolled. It
reads only public events: the fold of a hand (CardsDrawn) or a sealed choice is never asked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from engine.warparena.board import Board
from engine.warparena.board_events import GridsSwapped, GridWarped, HexDestroyed, PieceMoved, PieceWarped
from engine.warparena.dice import Roll
from engine.warparena.hexes import Grid, HexName
from engine.warparena.tx import Event, Rolled

SECRET_ROLLS = ("shuffle",)
"""Rolls never shown: a shuffle's dice would tell the deck's order (R-WA-X-50)."""


@dataclass(frozen=True)
class Trail:
    """One piece's way in the last action: the hexes from where it stood to where it ended."""

    owner: str
    label: str
    hexes: tuple[HexName, ...]
    hop: bool = False
    warp: bool = False
    """A warp (no path between): drawn as a jump from the old hex to the new."""


@dataclass(frozen=True)
class Shown:
    """One die of the strip: the roll and what it was for."""

    roll: Roll
    for_: str
    player: str | None = None
    """Whose roll it counts as, when it is someone's (initiative, placement order)."""


@dataclass(frozen=True)
class Recent:
    trails: tuple[Trail, ...] = ()
    old_places: tuple[Grid, ...] = ()
    """Grids the action moved (warped or swapped), where they lay before."""
    destroyed: frozenset[HexName] = frozenset()
    dice: tuple[Shown, ...] = ()
    hidden_dice: int = 0
    """Dice rolled but not shown (a shuffle's)."""


def read_recent(events: Iterable[Event], before: Board | None) -> Recent:
    """The last action's marks. ``before``: the board before it, where trails start and
    moved grids lay (without it, trails start at their first hex entered and no old place shows)."""
    trails: list[Trail] = []
    old: dict[int, Grid] = {}
    destroyed: set[HexName] = set()
    dice: list[Shown] = []
    hidden = 0
    where: dict[tuple[str, str], HexName] = {}
    if before is not None:
        where = {(p.owner, p.label): p.hex for p in before.pieces}
    for event in events:
        match event:
            case PieceMoved(piece=ref, path=path, hop=hop):
                start = where.get((ref.owner, ref.label))
                hexes = (start, *path) if start is not None else path
                trails.append(Trail(ref.owner, ref.label, tuple(hexes), hop=hop))
                where[(ref.owner, ref.label)] = path[-1]
            case PieceWarped(piece=ref, hex=to):
                start = where.get((ref.owner, ref.label))
                if start is not None:
                    trails.append(Trail(ref.owner, ref.label, (start, to), warp=True))
                where[(ref.owner, ref.label)] = to
            case GridWarped(number=n):
                _remember(old, before, n)
            case GridsSwapped(first=a, second=b):
                _remember(old, before, a.number)
                _remember(old, before, b.number)
            case HexDestroyed(hex=name):
                destroyed.add(name)
            case Rolled(roll=roll, for_=for_, player=player):
                if for_ in SECRET_ROLLS:
                    hidden += 1
                else:
                    dice.append(Shown(roll, for_, player))
    return Recent(
        tuple(trails), tuple(old[n] for n in sorted(old)), frozenset(destroyed), tuple(dice), hidden
    )


def _remember(old: dict[int, Grid], before: Board | None, number: int) -> None:
    grid = before.grid(number) if before is not None else None
    if grid is not None and number not in old:
        old[number] = grid
