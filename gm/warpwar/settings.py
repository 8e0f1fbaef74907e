"""A WarpWar game's settings: what its creator chose, checked in the player's terms.

Stored as JSON in the game's row (``games.setup``). Deadlines are in hours so a server can
run a fast evening game (0.25 h rounds) or a slow campaign (72 h phases).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from engine.warpwar.rulesets import SCENARIOS, RuleSetName
from gm import validate
from gm.warpwar.maps import available_maps, load_map

MIN_HOURS = 0.05
"""Three minutes: the shortest deadline (quick games, demos, tests)."""
MAX_HOURS = 24 * 30.0


@dataclass(frozen=True)
class Settings:
    ruleset: str = "classic"
    scenario: str = "learning"
    map: str = "warpwar"
    players: int = 2
    """Seats to fill before the game can start."""
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

    @property
    def title(self) -> str:
        return f"{self.ruleset} {self.scenario}"


FOUR_ENDS = "warpwar-four"
"""The printed map with two more ends, for three or four players (R-SCEN-3)."""

SETTING_NAMES = frozenset(f.name for f in fields(Settings))
DEADLINE_FIELDS = ("phase_hours", "round_hours", "remind_hours")
LIVE_FIELDS = (*DEADLINE_FIELDS, "announce")
"""What may still change once a game has begun."""
ANNOUNCE_CHOICES = ("phase", "action")


def settings_from(data: dict[str, Any]) -> Settings:
    known = {f.name for f in fields(Settings)}
    return Settings(**{k: v for k, v in data.items() if k in known})


def to_data(settings: Settings) -> dict[str, Any]:
    return asdict(settings)


def check(settings: Settings) -> str | None:
    """Why these settings cannot make a game, in the creator's terms, or None if they can."""
    try:
        ruleset = RuleSetName(settings.ruleset)
    except ValueError:
        return f"There is no {settings.ruleset!r} rule set: choose classic (1977) or revised (1994)."
    scenario = SCENARIOS.get((ruleset, settings.scenario))
    if scenario is None:
        names = ", ".join(k for r, k in SCENARIOS if r is ruleset)
        return f"The {ruleset.value} rules have no {settings.scenario!r} scenario: choose {names}."
    if settings.map not in available_maps():
        return f"There is no map called {settings.map!r}: choose {', '.join(available_maps())}."
    rules = scenario.ruleset
    if not rules.min_players <= settings.players <= rules.max_players:
        if rules.min_players == rules.max_players:
            return f"The {ruleset.value} rules take exactly {rules.min_players} players."
        return f"The {ruleset.value} rules take {rules.min_players} to {rules.max_players} players."
    ends = len(load_map(settings.map).homes)
    if settings.players > ends:
        return (
            f"The {settings.map} map has {ends} ends for {settings.players} players; choose map {FOUR_ENDS}."
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
    if "map" not in changes and new.players > 2 and new.map == Settings.map:
        new = replace(new, map=FOUR_ENDS)  # the printed map has two ends (R-SCEN-3)
    problem = check(new)
    return problem if problem else new


def describe(settings: Settings, names: Iterable[str]) -> str:
    """Some settings as a player reads them: ``phase hours 12, fixed order yes``."""

    def shown(value: object) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return f"{value:g}" if isinstance(value, float) else str(value)

    return ", ".join(f"{name.replace('_', ' ')} {shown(getattr(settings, name))}" for name in names)
