"""A Warp Arena game's settings: players, every option of 9.0 (engine.warparena.options), the
arena (players place the grids, or ``arena: random``), and a deadline per kind of decision
(engine.warparena.waiting.Decision), the reaction window's in minutes.

Read as ``name: value`` pairs (``grids: 8``, ``chain_reaction: yes``, ``arena: random``,
``phase_hours: 24``, ``window_minutes: 2``); anything wrong is said in the creator's words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass, fields, replace
from datetime import timedelta
from typing import Any

from engine.warparena.options import GRID_COUNTS, Options
from engine.warparena.waiting import Decision

MIN_PLAYERS, MAX_PLAYERS = 2, 4
MIN_HOURS, MAX_HOURS = 0.05, 24 * 30.0
MIN_MINUTES, MAX_MINUTES = 0.5, 24 * 60.0
ARENA_CHOICES = ("placed", "random")
OPTION_FLAGS = (
    "chain_reaction",
    "initiative_bonus",
    "no_combat_cards",
    "no_special_cards",
    "limited_actions",
    "placed_pd",
    "fixed_strengths",
    "d6_dice",
)
"""The optional rules of 9.0 that are on or off (engine.warparena.options.Options)."""


@dataclass(frozen=True)
class ArenaSettings:
    players: int = 2
    grids: int = 20
    arena: str = "placed"
    """``placed``: players place the grids (3.1); ``random``: the bot lays a random arena."""
    chain_reaction: bool = False
    initiative_bonus: bool = False
    no_combat_cards: bool = False
    no_special_cards: bool = False
    limited_actions: bool = False
    placed_pd: bool = False
    fixed_strengths: bool = False
    d6_dice: bool = False
    place_grid_hours: float = 24.0
    place_piece_hours: float = 24.0
    initiative_card_hours: float = 12.0
    phase_hours: float = 48.0
    """The active player's phase: the random PD and the three action points."""
    put_grid_hours: float = 12.0
    orient_grids_hours: float = 12.0
    play_cards_hours: float = 12.0
    redistribute_hours: float = 12.0
    attack_field_hours: float = 12.0
    match_ups_hours: float = 12.0
    fight_order_hours: float = 12.0
    seal_card_hours: float = 12.0
    opponent_order_hours: float = 12.0
    window_minutes: float = 5.0
    """The reaction window: every other player passes or cancels within it (R-WA-CARD-3)."""
    remind_hours: float = 6.0
    """How long before a deadline of hours those who still must decide are reminded."""

    @property
    def options(self) -> Options:
        return Options(
            grids=self.grids,
            random_arena=self.arena == "random",
            chain_reaction=self.chain_reaction,
            initiative_bonus=self.initiative_bonus,
            no_combat_cards=self.no_combat_cards,
            no_special_cards=self.no_special_cards,
            limited_actions=self.limited_actions,
            placed_pd=self.placed_pd,
            fixed_strengths=self.fixed_strengths,
            d6_dice=self.d6_dice,
        )

    @property
    def title(self) -> str:
        chosen = [name.replace("_", " ") for name in OPTION_FLAGS if getattr(self, name)]
        arena = "random arena" if self.arena == "random" else ""
        return ", ".join(x for x in (f"{self.grids} grids", arena, *chosen) if x)

    def time_for(self, decision: Decision) -> timedelta:
        """How long a decision of this kind may take before its default is taken."""
        if decision is Decision.WINDOW:
            return timedelta(minutes=self.window_minutes)
        return timedelta(hours=getattr(self, hours_field(decision)))


def hours_field(decision: Decision) -> str:
    return f"{decision.value.replace('-', '_')}_hours"


SETTING_NAMES = frozenset(f.name for f in fields(ArenaSettings))
LIVE_FIELDS = frozenset(n for n in SETTING_NAMES if n.endswith(("_hours", "_minutes")))
"""What may change once the game runs: the deadlines."""
assert all(hours_field(d) in SETTING_NAMES for d in Decision if d is not Decision.WINDOW)

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


def settings_from(data: Mapping[str, Any]) -> ArenaSettings:
    return ArenaSettings(**{k: v for k, v in data.items() if k in SETTING_NAMES})


def to_data(settings: ArenaSettings) -> dict[str, Any]:
    return asdict(settings)


def changed(settings: ArenaSettings, changes: Mapping[str, Any], running: bool) -> ArenaSettings | str:
    """``settings`` with ``changes`` (as typed), or what is wrong with them."""
    typed: dict[str, Any] = {}
    for name, value in changes.items():
        if name not in SETTING_NAMES:
            known = ", ".join(sorted(SETTING_NAMES))
            return f"Warp Arena has no setting {str(name)[:30]!r}: choose from {known}."
        if running and name not in LIVE_FIELDS:
            return f"Once the game runs only its deadlines change, not {name}."
        read = _typed(name, value)
        if isinstance(read, Wrong):
            return read.text
        typed[name] = read
    new = replace(settings, **typed)
    return check(new) or new


@dataclass(frozen=True)
class Wrong:
    text: str


def _typed(name: str, value: object) -> Any:
    kind = type(getattr(ArenaSettings(), name))
    text = str(value).strip().lower()
    if kind is bool:
        if isinstance(value, bool):
            return value
        if text in _TRUE | _FALSE:
            return text in _TRUE
        return Wrong(f"{name} is yes or no, not {str(value)[:20]!r}.")
    if kind is int:
        try:
            return int(text)
        except ValueError:
            return Wrong(f"{name} is a whole number, not {str(value)[:20]!r}.")
    if kind is float:
        try:
            number = float(text)
        except ValueError:
            return Wrong(f"{name} is a number, not {str(value)[:20]!r}.")
        return number if number == number else Wrong(f"{name} is a number, not {str(value)[:20]!r}.")
    return text


def check(settings: ArenaSettings) -> str | None:
    """Why these settings cannot make a game, in the creator's words, or None."""
    if not MIN_PLAYERS <= settings.players <= MAX_PLAYERS:
        return f"Warp Arena takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {settings.players}."
    if settings.grids not in GRID_COUNTS:
        return f"A game uses {', '.join(map(str, GRID_COUNTS))} grids, not {settings.grids}."
    if settings.arena not in ARENA_CHOICES:
        return f"arena is placed (players place the grids) or random, not {settings.arena[:20]!r}."
    for name in sorted(LIVE_FIELDS):
        value = getattr(settings, name)
        low, high = (MIN_MINUTES, MAX_MINUTES) if name.endswith("_minutes") else (MIN_HOURS, MAX_HOURS)
        if not low <= value <= high:
            return f"{name.replace('_', ' ')} must be between {low:g} and {high:g}, not {value:g}."
    return None


def describe(settings: ArenaSettings, names: Iterable[str]) -> str:
    """``grids 8, chain_reaction yes``: the named settings as a player reads them."""

    def shown(value: object) -> str:
        if isinstance(value, bool):
            return "yes" if value else "no"
        return f"{value:g}" if isinstance(value, float) else str(value)

    return ", ".join(f"{n} {shown(getattr(settings, n))}" for n in names if n in SETTING_NAMES)
