"""Colours: a dark theme for Discord and player colours that colour-blind players can tell apart.

Player colours are the Okabe–Ito set (distinct under the common forms of colour blindness),
handed out in turn order so a player keeps their colour for the whole game. Nothing on a
picture is told by colour alone: stars are discs, bases squares, ships labelled counters,
battles and losses carry a symbol.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Protocol

RGB = tuple[int, int, int]

BACKGROUND: RGB = (18, 22, 30)
"""Deep space, darker than Discord's dark theme so the picture stands out from the chat."""
PANEL: RGB = (32, 37, 48)
"""The title bar and legend."""
GRID: RGB = (56, 65, 82)
HEX_NUMBER: RGB = (122, 134, 156)
TEXT: RGB = (236, 239, 244)
MUTED: RGB = (160, 170, 188)
STAR: RGB = (255, 246, 206)
"""Star discs: warm white, lighter than any player colour."""
VALUE: RGB = (255, 214, 92)
"""A star's economic value, printed beside its name."""
WARPLINE: RGB = (122, 132, 178)
"""Muted, so that the last phase's moves stand out over the warplines they follow."""
MARK: RGB = (255, 255, 255)
"""Battle markers and the cross over a lost base: white reads on every player colour."""
INK_DARK: RGB = (12, 14, 18)
INK_LIGHT: RGB = (255, 255, 255)

PLAYER_COLOURS: tuple[RGB, ...] = (
    (86, 180, 233),  # sky blue
    (230, 159, 0),  # orange
    (0, 158, 115),  # bluish green
    (204, 121, 167),  # reddish purple
    (240, 228, 66),  # yellow
    (213, 94, 0),  # vermillion
    (40, 130, 220),  # blue, lightened from Okabe–Ito's 0072B2 to show on the dark ground
    (190, 190, 190),  # grey, for an eighth player
)
"""Okabe–Ito, in the order players get them (a game seats at most eight)."""

GAME_OVER: RGB = (255, 246, 206)
"""A finished game's news: the stars' warm white, unlike any player's colour."""


class _Named(Protocol):
    @property
    def name(self) -> str: ...


class _Seated(Protocol):
    @property
    def players(self) -> Sequence[_Named]: ...


def seat_colours(names: Iterable[str]) -> dict[str, RGB]:
    """Each player's colour by seat (the order given), for any game: the palette knows no
    game's engine, so both games colour their players the same way."""
    return {name: PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i, name in enumerate(names)}


def player_colours(state: _Seated) -> dict[str, RGB]:
    """Each player's colour, by turn order (R-TURN-1), so it never changes during a game."""
    return seat_colours(p.name for p in state.players)


def blend(base: RGB, over: RGB, amount: float) -> RGB:
    """``over`` laid on ``base`` with opacity ``amount`` (0 to 1): tints without an alpha channel."""
    r, g, b = (round(x + (y - x) * amount) for x, y in zip(base, over, strict=True))
    return (r, g, b)


def ink_on(colour: RGB) -> RGB:
    """Dark or light text, whichever reads better on ``colour`` (relative luminance, roughly)."""
    r, g, b = colour
    return INK_DARK if 0.299 * r + 0.587 * g + 0.114 * b > 110 else INK_LIGHT
