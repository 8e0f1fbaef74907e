"""The Warp Arena deck (2.4, R-WA-SET-2): 84 cards, each with a number 1-84.

Hands, the deck and the discards hold card numbers, so every card is always accounted for
and two combat 3s are still two different cards.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class CardKind(StrEnum):
    COMBAT = "combat"
    DESTROY_HEX = "destroy-hex"
    WARP_GRID = "warp-grid"
    DOUBLE_WARP = "double-warp"
    CREATE_PD = "create-pd"
    WILD_WARP = "wild-warp"

    @property
    def spoken(self) -> str:
        """Its name in players' words: "Double Warp"."""
        return _TITLES[self]


_TITLES = {
    CardKind.COMBAT: "Combat",
    CardKind.DESTROY_HEX: "Destroy Hex",
    CardKind.WARP_GRID: "Warp Grid",
    CardKind.DOUBLE_WARP: "Double Warp",
    CardKind.CREATE_PD: "Create Power Disc",
    CardKind.WILD_WARP: "Wild Warp",
}

SPECIAL_KINDS = (CardKind.DESTROY_HEX, CardKind.WARP_GRID, CardKind.DOUBLE_WARP, CardKind.CREATE_PD)
"""The kinds played in a Play Special Cards action (4.2.8), besides the Wild Warp."""


@dataclass(frozen=True)
class Card:
    """One card of the deck: its kind, and its value for a combat card (1-5)."""

    number: int
    kind: CardKind
    value: int = 0

    def __str__(self) -> str:
        return f"Combat {self.value}" if self.kind is CardKind.COMBAT else self.kind.spoken


def _deck() -> tuple[Card, ...]:
    cards: list[Card] = []
    for value in range(1, 6):
        cards += [Card(0, CardKind.COMBAT, value)] * 8
    for kind, count in (
        (CardKind.DESTROY_HEX, 16),
        (CardKind.WARP_GRID, 8),
        (CardKind.DOUBLE_WARP, 8),
        (CardKind.CREATE_PD, 8),
        (CardKind.WILD_WARP, 4),
    ):
        cards += [Card(0, kind)] * count
    return tuple(Card(n, c.kind, c.value) for n, c in enumerate(cards, start=1))


DECK: tuple[Card, ...] = _deck()
"""All 84 cards; card n is ``DECK[n - 1]``."""
assert len(DECK) == 84


def card(number: int) -> Card:
    """Card ``number`` (1-84)."""
    return DECK[number - 1]
