"""A WarpWar game's settings: what its creator chose, checked in the player's terms.

Stored as JSON in the game's row (``games.setup``). Deadlines are in hours so a server can
run a fast evening game (0.25 h rounds) or a slow campaign (72 h phases).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from engine.text import plural
from engine.warpwar.mapgen import HOMES, MAX_HEXES, PLAYERS, default_hexes, least_hexes
from engine.warpwar.rulesets import SCENARIOS, RuleSetName
from engine.warpwar.starmap import HexMap, MapError
from engine.warpwar.state import Blind
from gm import validate
from gm.warpwar.maps import RANDOM_MAP, RETIRED_MAPS, available_maps, generated_map, load_map, map_names

MIN_HOURS = 0.05
"""Three minutes: the shortest deadline (quick games, demos, tests)."""
MAX_HOURS = 24 * 30.0


@dataclass(frozen=True)
class Settings:
    ruleset: str = "classic"
    scenario: str = "learning"
    map: str = "warpwar"
    """A map file's name, or ``random``: a map generated from ``map_seed`` (R-GEN-*)."""
    players: int = 2
    """Seats to fill before the game can start."""
    homes: str = "edge"
    """Where a random map puts the home ends: around its ``edge``, or ``spread`` over it."""
    map_size: int = 0
    """A random map's hexes; 0 for the generator's size for the players and homes."""
    map_seed: int = 0
    """The seed a random map is generated from: drawn when the game is opened (0: not yet),
    so the same seed (with the same players, homes and size) gives the same map."""
    parallel_battles: bool = False
    fixed_order: bool = False
    """Turn order as players joined, instead of drawn (R-TURN-1)."""
    phase_hours: float = 48.0
    """Time for each build, move or rearrange phase before the turn ends by itself, and for the
    choice of map end before the first turn (an end drawn at the start is taken, R-SCEN-16)."""
    round_hours: float = 24.0
    """Time to send the orders of one combat round (R-CBT-12)."""
    remind_hours: float = 6.0
    """How long before a deadline the players who still must act are reminded."""
    announce: str = "phase"
    """How the channel hears the game: ``phase``, one post per phase edited as it goes on (its
    picture a crop around what changed, the full map when the phase ends); ``action``, one post
    for every action, each with the map."""
    blind: str = "off"
    """``ships``: each player sees only what their ships and stars show them (R-BLIND-1/2);
    ``map``: the map is found too (R-BLIND-3); ``off``: everyone sees everything."""

    @property
    def title(self) -> str:
        return f"{self.ruleset} {self.scenario}"


MAX_SEED = 99_999
"""Map seeds are at most five digits: easy to read out and to type again."""
SETTING_NAMES = frozenset(f.name for f in fields(Settings))
DEADLINE_FIELDS = ("phase_hours", "round_hours", "remind_hours")
LIVE_FIELDS = (*DEADLINE_FIELDS, "announce")
"""What may still change once a game has begun."""
ANNOUNCE_CHOICES = ("phase", "action")
BLIND_CHOICES = tuple(b.value for b in Blind)


def settings_from(data: dict[str, Any]) -> Settings:
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: v for k, v in data.items() if k in known})


def to_data(settings: Settings) -> dict[str, Any]:
    return asdict(settings)


def _map_problem(settings: Settings) -> str | None:
    """Why the map cannot seat these players, or None. A retired map passes: only a game stored
    before it was retired names it (choosing it is refused in :func:`changed`)."""
    if settings.map == RANDOM_MAP:
        if settings.homes not in HOMES:
            return f"homes is edge (around the map) or spread (over it), not {settings.homes!r}."
        if settings.players not in PLAYERS:
            return f"A random map is made for 2 to 4 players, not {settings.players}."
        least = least_hexes(settings.players, settings.homes)
        if settings.map_size and not least <= settings.map_size <= MAX_HEXES:
            return (
                f"A random map for {settings.players} players with homes {settings.homes} has "
                f"{least} to {MAX_HEXES} hexes (map size), not {settings.map_size}."
            )
        if not 0 <= settings.map_seed <= MAX_SEED:
            return f"map seed is a whole number up to {MAX_SEED}, not {settings.map_seed}."
        return None
    if settings.map in RETIRED_MAPS:
        return None
    if settings.map not in available_maps():
        return f"There is no map called {settings.map!r}: choose {', '.join(map_names())}."
    try:
        ends = len(load_map(settings.map).homes)
    except MapError as broken:
        return f"The {settings.map} map cannot be played: {broken}."
    if settings.players > ends:
        return (
            f"The {settings.map} map has {ends} ends for {settings.players} players; "
            f"choose map {RANDOM_MAP}, made for them."
        )
    return None


def check(settings: Settings, with_map: bool = True) -> str | None:
    """Why these settings cannot make a game, in the creator's terms, or None if they can.
    ``with_map`` False leaves the map out: a game that has begun plays on the map in its state."""
    try:
        ruleset = RuleSetName(settings.ruleset)
    except ValueError:
        return f"There is no {settings.ruleset!r} rule set: choose classic (1977) or revised (1994)."
    scenario = SCENARIOS.get((ruleset, settings.scenario))
    if scenario is None:
        names = ", ".join(k for r, k in SCENARIOS if r is ruleset)
        return f"The {ruleset.value} rules have no {settings.scenario!r} scenario: choose {names}."
    rules = scenario.ruleset
    if not rules.min_players <= settings.players <= rules.max_players:
        if rules.min_players == rules.max_players:
            return f"The {ruleset.value} rules take exactly {rules.min_players} players."
        return f"The {ruleset.value} rules take {rules.min_players} to {rules.max_players} players."
    problem = _map_problem(settings) if with_map else None
    if problem is not None:
        return problem
    if settings.blind not in BLIND_CHOICES:
        return (
            "blind is off (everyone sees everything), ships (each sees only what their ships and stars "
            f"show) or map (the map is found too), not {settings.blind!r}."
        )
    if settings.announce not in ANNOUNCE_CHOICES:
        choice = settings.announce
        return f"announce is phase (one post per phase) or action (one per action), not {choice!r}."
    for name in DEADLINE_FIELDS:
        hours = getattr(settings, name)
        if not MIN_HOURS <= hours <= MAX_HOURS:
            return (
                f"{name.replace('_', ' ')} must be between {MIN_HOURS} and {MAX_HOURS:g} hours, not {hours}."
            )
    return None


_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def _typed(name: str, kind: object, value: object) -> Any:
    """A setting's value in its own type, from what a front end passed; ValueError says why not."""
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in _TRUE | _FALSE:
            return value.strip().lower() in _TRUE
        raise ValueError(f"{name.replace('_', ' ')} is yes or no, not {str(value)[:20]!r}")
    if kind == "int":
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        if isinstance(value, str):
            try:
                return validate.whole(value, name.replace("_", " "), 99_999)
            except validate.TextError:
                pass
        raise ValueError(f"{name.replace('_', ' ')} is a whole number, not {str(value)[:20]!r}")
    if kind == "float":
        hours = validate.number(value)
        if hours is None:
            raise ValueError(f"{name.replace('_', ' ')} is a number of hours, not {str(value)[:20]!r}")
        return hours
    if not isinstance(value, str) or len(value) > 40:
        raise ValueError(f"{name.replace('_', ' ')} is a short word, not {str(value)[:20]!r}")
    return value.strip().lower()


def changed(settings: Settings, changes: dict[str, Any], running: bool) -> Settings | str:
    """The settings with ``changes``, or why they cannot change (only deadlines once running)."""
    kinds = {f.name: f.type for f in fields(Settings)}
    unknown = [k for k in changes if k not in kinds]
    if unknown:
        return f"There is no setting called {str(unknown[0])[:40]}; the settings are {', '.join(kinds)}."
    if running:
        frozen = [k for k in changes if k not in LIVE_FIELDS]
        if frozen:
            return (
                "The game has begun: only deadlines and announce can change now, "
                f"not {frozen[0].replace('_', ' ')}."
            )
    try:
        typed = {k: _typed(k, kinds[k], v) for k, v in changes.items()}
    except ValueError as error:
        return f"{str(error)[0].upper()}{str(error)[1:]}."
    new = replace(settings, **typed)
    if new.map in RETIRED_MAPS and new.map != settings.map:
        return RETIRED_MAPS[new.map]  # chosen now; a game stored with it keeps it
    if "map" not in changes and new.players > 2 and new.map == Settings.map:
        new = replace(new, map=RANDOM_MAP)  # the printed map has no fair ends for more (R-SCEN-10)
    if seed_secret(new) and not seed_secret(settings) and "map_seed" not in changes:
        new = replace(new, map_seed=0)  # the seed told so far would show the hidden map: drawn anew
    problem = check(new, with_map=not running)
    return problem if problem else new


SECRET_SEED = "secret until the game ends"
"""What players read for a seed kept from them (:func:`seed_secret`)."""


def seed_secret(settings: Settings) -> bool:
    """Whether a random map's seed is kept from the players until the game ends: with the map
    hidden (``blind: map``), as the seed makes the map again (R-BLIND-31)."""
    return settings.map == RANDOM_MAP and settings.blind == Blind.MAP.value


def shown(settings: Settings, ended: bool) -> dict[str, object]:
    """The settings as players may read them: a secret seed (:func:`seed_secret`) is told once the
    game has ended."""
    values: dict[str, object] = asdict(settings)
    if seed_secret(settings) and not ended:
        values["map_seed"] = SECRET_SEED
    return values


def map_of(settings: Settings) -> HexMap:
    """The map these settings play on: a file's, or the one generated from the map seed (the
    lobby's preview and the game's start both ask, and get the same map)."""
    if settings.map == RANDOM_MAP:
        return generated_map(settings.map_seed, settings.players, settings.map_size or None, settings.homes)
    return load_map(settings.map)


def settle(settings: Settings, seed: int) -> Settings:
    """A random map's seed drawn from ``seed`` when the game is opened or its map becomes
    random; a seed already given is kept, so changing players or homes keeps the map's seed."""
    if settings.map != RANDOM_MAP or settings.map_seed:
        return settings
    return replace(settings, map_seed=seed % MAX_SEED + 1)


MAP_FIELDS = frozenset({"map", "players", "homes", "map_size", "map_seed"})
"""The settings a random map is made from: changing one makes the lobby show the map again."""


def describe(settings: Settings, names: Iterable[str]) -> str:
    """Some settings as a player reads them: ``phase hours 12, fixed order yes``. Changes that
    touch a random map also say the map and its seed (the map becomes random for more than two
    players without being named)."""

    def told(value: object) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return f"{value:g}" if isinstance(value, float) else str(value)

    named = list(names)
    if settings.map == RANDOM_MAP and MAP_FIELDS & set(named):
        named += [n for n in ("map", "map_seed") if n not in named and (n == "map" or settings.map_seed)]
    values = shown(settings, ended=False)
    return ", ".join(f"{name.replace('_', ' ')} {told(values[name])}" for name in named)


def map_about(settings: Settings) -> str:
    """The map in a few words: ``warpwar``, or ``random, seed 4821 (3 home ends around the
    edge, 480 hexes)``."""
    if settings.map != RANDOM_MAP:
        return settings.map
    size = settings.map_size or default_hexes(settings.players, settings.homes)
    where = "around the edge" if settings.homes == "edge" else "spread over the map"
    ends = plural(settings.players, "home end")
    seed = f"its seed {SECRET_SEED}" if seed_secret(settings) else f"seed {settings.map_seed}"
    return f"random, {seed} ({ends} {where}, {size} hexes)"


def random_map_line(settings: Settings) -> str:
    """What a random map is and how to make it again; "" for a map file."""
    if settings.map != RANDOM_MAP:
        return ""
    if seed_secret(settings):
        return f"Map: {map_about(settings)}: with blind map each of you finds it by exploring."
    return (
        f"Map: {map_about(settings)}. To play it again: map:random map_seed:{settings.map_seed}, "
        "with the same players, homes and map size."
    )
