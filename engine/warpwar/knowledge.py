"""The referee's record of what each player of a blind game has seen (R-BLIND-1..3).

The 1994 text's referee keeps "records of how much each player knows about all other players
and about the map". This is that record, as data: for each player, the other players' ships
as last seen (where, in which game-turn, and the watched hexes of a path seen passing), the
stars as last seen (who held them, their Base), and with ``blind: map`` the hexes found.

What a player sees *now* is not stored: it follows from the state (engine.warpwar.sight,
R-BLIND-2). The record keeps what stays after the watch ends, and is updated by every event
(engine.warpwar.events), so every state carries it and a replay rebuilds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.serial import serializable


@serializable
@dataclass(frozen=True)
class Sighting:
    """Another player's ship as a player last saw it: ``W3@bob, Kish, turn 5``."""

    owner: str
    label: str
    hex: str
    """Where it was last seen."""
    turn: int
    """The game-turn it was last seen in."""
    path: tuple[str, ...] = ()
    """The hexes of its path the player watched, in order, when it was seen moving (``hex`` is
    the last of them); empty for a ship seen standing."""
    towards: str | None = None
    """The hex it went on to when it was seen leaving the last watched hex."""

    @property
    def key(self) -> str:
        return f"{self.owner}:{self.label}"

    @property
    def moving(self) -> bool:
        return bool(self.path) or self.towards is not None


@serializable
@dataclass(frozen=True)
class StarSighting:
    """A star as a player last saw it: who held it and whose Base was there."""

    star: str
    """The star's name."""
    turn: int
    owner: str | None = None
    """Who held the star (its Base's owner, or who took it, revised R-ECON-3)."""
    base: str | None = None
    """Whose Base stood there."""
    finished: bool = True
    """Whether that Base was finished (its progress in BP stays its owner's secret)."""


@serializable
@dataclass(frozen=True)
class PlayerKnowledge:
    """One player's part of the record."""

    ships: dict[str, Sighting] = field(default_factory=dict)
    """Other players' ships as last seen, by ship key (``bob:W3``)."""
    stars: dict[str, StarSighting] = field(default_factory=dict)
    """Stars as last seen, by name."""
    hexes: tuple[str, ...] = ()
    """With ``blind: map``: the hexes found so far, by number (R-BLIND-3)."""


@serializable
@dataclass(frozen=True)
class Knowledge:
    """Every player's record; empty in an open game."""

    players: dict[str, PlayerKnowledge] = field(default_factory=dict)
    fresh: tuple[str, ...] = ()
    """Players who saw something change in the phase going on (their own ships included): at
    the phase's end the game master sends each of them their map (at the start everyone gets
    theirs anyway)."""

    def of(self, player: str) -> PlayerKnowledge:
        return self.players.get(player, PlayerKnowledge())
