"""The state of one WarpWar game, and read-only queries over it.

A state is an immutable value: the engine never mutates one, it folds events into a new
one (engine.warpwar.events). Everything here serialises to JSON and back unchanged.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from engine.serial import serializable
from engine.warpwar.knowledge import Knowledge
from engine.warpwar.orders import DamageStep, Orders
from engine.warpwar.rulesets import BASE_COST, Attr, RuleSetName, Scenario, scenario
from engine.warpwar.ships import Ship, ship_key
from engine.warpwar.starmap import HexMap


class Phase(StrEnum):
    """Steps of a player-turn (R-TURN-2). Victory points and income happen as the turn begins.

    ``SETUP`` comes once, before the first player-turn: the player moving second chooses the
    map end (R-SCEN-2); nobody builds or moves until the ends are settled."""

    SETUP = "setup"
    BUILD = "build"
    MOVE = "move"
    COMBAT = "combat"
    REARRANGE = "rearrange"
    OVER = "over"


@serializable
@dataclass(frozen=True)
class PlayerState:
    name: str
    home: str | None
    """The map end the player defends; None until the ends are settled (R-SCEN-2), unless the
    game's creator fixed it."""
    alliance: str | None = None
    """Players with the same alliance name are allies (revised, fixed at the start, R-SCEN-1)."""
    bp: int = 0
    """Classic: the player's Build Points. Revised keeps BP in base stockpiles and holds."""
    vp: int = 0
    """Classic victory points."""
    out: bool = False
    """Conceded, or lost every base (R-WIN-3)."""
    next_warpship: int = 1
    next_systemship: int = 10


@serializable
@dataclass(frozen=True)
class Base:
    """A base on a star. Classic base stars are bases that never hold BP."""

    star: str
    owner: str
    progress: int = BASE_COST
    """BP paid towards it; it is finished at 30 (R-ECON-5)."""
    stockpile: int = 0
    """BP stored at the base (revised)."""

    @property
    def finished(self) -> bool:
        return self.progress >= BASE_COST


@serializable
@dataclass(frozen=True)
class Ownership:
    """Who owns a star and since which player-turn (R-ECON-3/4)."""

    player: str
    since: int
    """The serial number of the player-turn in which it was taken."""


@serializable
@dataclass(frozen=True)
class Battle:
    """Combat at one star in the active player's turn (R-CBT-1), between rounds."""

    star: str
    """The star's hex."""
    round: int = 1
    """The round whose orders are being written."""
    quiet: int = 0
    """Consecutive rounds so far without damage past screens (R-CBT-14)."""
    orders: dict[str, tuple[Orders, ...]] = field(default_factory=dict)
    """Orders sent for this round, by player; secret until every player has sent theirs."""
    pending: tuple[str, ...] = ()
    """Players whose orders leave ships out and wait for their confirmation: the round is not
    fought on them until then (or until the deadline, which takes them as they are)."""
    sealed_by: tuple[str, ...] = ()
    """Players who have sealed orders at some time in this round (they may have amended since)."""

    def sealed(self, player: str) -> bool:
        """Whether ``player``'s orders are in and confirmed: the round waits for no more of theirs."""
        return player in self.orders and player not in self.pending


class Blind(StrEnum):
    """How much each player is kept from seeing (R-BLIND-1..3)."""

    OFF = "off"
    """Everyone sees the whole map and every ship on it."""
    SHIPS = "ships"
    """The map is known; other players' ships, bases and stars only where a player watches."""
    MAP = "map"
    """As ``ships``, and the map itself is found by exploring (R-BLIND-3)."""


@serializable
@dataclass(frozen=True)
class GameOptions:
    """Choices the game's creator makes at set-up."""

    parallel_battles: bool = False
    """All battles of a turn run at once instead of one after another (R-CBT-1's option)."""
    blind: Blind = Blind.OFF
    """A blind game: each player knows only what their own ships and stars show them."""


@serializable
@dataclass(frozen=True)
class TurnState:
    """What one player-turn remembers while it lasts; reset when the next one begins."""

    mp_used: dict[str, int] = field(default_factory=dict)
    """Movement points spent so far, by ship label of the active player."""
    stopped: tuple[str, ...] = ()
    """Ships that had to stop on an enemy-occupied star (R-MOVE-3)."""
    resupply_sixths: dict[str, int] = field(default_factory=dict)
    """Resupply bought this build event per paying account, in sixths of a BP (R-BUILD-4)."""
    armor_repaired: dict[str, int] = field(default_factory=dict)
    """Armor points repaired this build event per paying account, paid 1 BP per 2 (R-BUILD-4)."""
    spent: int = 0
    """BP spent by the active player in this turn."""
    fresh: dict[str, int] = field(default_factory=dict)
    """BP produced this turn at each baseless star: they may not pay for a base there (R-ECON-5)."""
    battles: tuple[Battle, ...] = ()
    """Battles still to fight, in the order they will be fought (R-CBT-1)."""


@serializable
@dataclass(frozen=True)
class GameResult:
    winners: tuple[str, ...]
    """Winning players (an alliance wins together); empty for a draw or an abandoned game."""
    reason: str


@serializable
@dataclass(frozen=True)
class GameState:
    ruleset: RuleSetName
    scenario_key: str
    map: HexMap
    players: tuple[PlayerState, ...]
    """In turn order (R-TURN-1)."""
    game_turn: int = 1
    active: int = 0
    """Index of the player whose player-turn it is."""
    phase: Phase = Phase.BUILD
    turn_serial: int = 1
    """Counts player-turns from 1 across the whole game."""
    ships: dict[str, Ship] = field(default_factory=dict)
    bases: dict[str, Base] = field(default_factory=dict)
    """By star name."""
    owners: dict[str, Ownership] = field(default_factory=dict)
    """Star ownership by star name (revised)."""
    turn: TurnState = field(default_factory=TurnState)
    result: GameResult | None = None
    options: GameOptions = field(default_factory=GameOptions)
    standing: dict[str, Orders] = field(default_factory=dict)
    """Standing combat orders by ship key, used when a player sends none (R-CBT-12)."""
    priorities: dict[str, tuple[DamageStep, ...]] = field(default_factory=dict)
    """Standing damage priority by ship key (R-DMG-2); the default fills in the rest."""
    retired: tuple[Ship, ...] = ()
    """The ships of players who went out, as they were when they left the map (in that order):
    kept, though out of play, so that the end of the game reveals them with the rest (R-WIN-4)."""
    ends_drawn: dict[str, str] = field(default_factory=dict)
    """While the ends are being chosen (``Phase.SETUP``): the map end drawn at set-up for each
    player whose end the creator did not fix, the end they get unless the chooser's choice
    displaces them (R-SCEN-15/16). Secret, as a referee's draw is; empty once the ends are settled."""
    knowledge: Knowledge = field(default_factory=Knowledge)
    """What each player of a blind game has seen (engine.warpwar.sight keeps it); empty in an
    open game, and in games stored before there were blind games."""

    @property
    def blind(self) -> bool:
        return self.options.blind is not Blind.OFF

    # --- lookups -------------------------------------------------------------------------

    @property
    def scenario(self) -> Scenario:
        return scenario(self.ruleset, self.scenario_key)

    @property
    def active_player(self) -> PlayerState:
        return self.players[self.active]

    def player(self, name: str) -> PlayerState:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    def has_player(self, name: str) -> bool:
        return any(p.name == name for p in self.players)

    def ship(self, owner: str, label: str) -> Ship | None:
        return self.ships.get(ship_key(owner, label))

    def ships_of(self, owner: str) -> list[Ship]:
        return sorted((s for s in self.ships.values() if s.owner == owner), key=_label_order)

    def position(self, ship: Ship) -> str:
        """The hex a ship is on, looking through the rack it rides in."""
        if ship.hex is not None:
            return ship.hex
        assert ship.carried_by is not None, f"{ship.key} is nowhere"
        carrier = self.ships[ship_key(ship.owner, ship.carried_by)]
        assert carrier.hex is not None
        return carrier.hex

    def ships_at(self, hex_name: str) -> list[Ship]:
        """Every ship on a hex, carried ones included, sorted by owner and label."""
        return list(self._ships_by_hex.get(hex_name, ()))

    @cached_property
    def _ships_by_hex(self) -> dict[str, tuple[Ship, ...]]:
        """Every ship by the hex it is on, each hex's sorted by owner and label: built once per
        state (a state never changes), so asking a battle's many questions costs no new sort."""
        found: dict[str, list[Ship]] = {}
        for ship in self.ships.values():
            found.setdefault(self.position(ship), []).append(ship)
        return {h: tuple(sorted(here, key=lambda s: (s.owner, _label_order(s)))) for h, here in found.items()}

    def allied(self, a: str, b: str) -> bool:
        """True for the same player, or two players of one alliance."""
        if a == b:
            return True
        pa, pb = self.player(a), self.player(b)
        return pa.alliance is not None and pa.alliance == pb.alliance

    def enemies_at(self, player: str, hex_name: str) -> list[Ship]:
        return [s for s in self.ships_at(hex_name) if not self.allied(player, s.owner)]

    def others_at(self, player: str, hex_name: str) -> list[Ship]:
        return [s for s in self.ships_at(hex_name) if s.owner != player]

    def base_at_hex(self, hex_name: str) -> Base | None:
        star = self.map.star_at(hex_name)
        return self.bases.get(star.name) if star else None

    def bases_of(self, player: str) -> list[Base]:
        return [b for b in self.bases.values() if b.owner == player]

    def star_owner(self, star_name: str) -> str | None:
        base = self.bases.get(star_name)
        if base is not None:
            return base.owner
        owned = self.owners.get(star_name)
        return owned.player if owned else None

    def contested_stars(self) -> list[str]:
        """Star hexes where ships of players who are not allied are together (R-CBT-1)."""
        found: list[str] = []
        for star in self.map.stars:
            owners = {s.owner for s in self.ships_at(star.hex)}
            if any(not self.allied(a, b) for a in owners for b in owners):
                found.append(star.hex)
        return found

    def battle(self, star: str) -> Battle | None:
        return next((b for b in self.turn.battles if b.star == star), None)

    def open_battles(self) -> tuple[Battle, ...]:
        """Battles taking orders now: all of them with parallel battles, else the first (R-CBT-1)."""
        if self.phase is not Phase.COMBAT:
            return ()
        return self.turn.battles if self.options.parallel_battles else self.turn.battles[:1]

    def sides_at(self, hex_name: str) -> list[tuple[str, ...]]:
        """Players with ships on a hex grouped into sides (allies together), in turn order."""
        present = {s.owner for s in self.ships_at(hex_name)}
        sides: list[tuple[str, ...]] = []
        for p in self.players:
            if p.name in present and not any(self.allied(p.name, side[0]) for side in sides):
                sides.append(
                    tuple(q.name for q in self.players if q.name in present and self.allied(p.name, q.name))
                )
        return sides

    def can_fight(self, ship: Ship) -> bool:
        """A ship able to fight: current Beams, Tubes with Missiles, or Cannons with Shells (R-WIN-2)."""
        return (
            ship.now(Attr.B) > 0
            or (ship.now(Attr.T) > 0 and ship.now(Attr.M) > 0)
            or (ship.now(Attr.C) > 0 and ship.now(Attr.SH) > 0)
        )

    def living_players(self) -> list[PlayerState]:
        return [p for p in self.players if not p.out]


def _label_order(ship: Ship) -> tuple[int, int]:
    """W1, W2, …, W10, then S10, S11, … (numeric, not alphabetical)."""
    return (0 if ship.label.startswith("W") else 1, int(ship.label[1:]))
