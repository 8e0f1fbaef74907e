"""Shuffling and drawing (2.4, 4.2.3, R-WA-SET-2): every shuffle is a Fisher-Yates over the
game's dice, so a verified export also verifies the order of the deck."""

from __future__ import annotations

from engine.warparena.cards import CardKind, card
from engine.warparena.events import CardsDrawn, DeckShuffled
from engine.warparena.options import Options
from engine.warparena.tx import Tx


def cards_in_game(options: Options) -> tuple[int, ...]:
    """The card numbers this game plays with: option 9.4 takes out combat cards, special
    cards (the Wild Warp with them), or both."""
    out: set[CardKind] = set()
    if options.no_combat_cards:
        out.add(CardKind.COMBAT)
    if options.no_special_cards:
        out |= {CardKind.DESTROY_HEX, CardKind.WARP_GRID, CardKind.DOUBLE_WARP, CardKind.CREATE_PD}
        out.add(CardKind.WILD_WARP)
    return tuple(n for n in range(1, 85) if card(n).kind not in out)


def shuffled(tx: Tx, cards: tuple[int, ...]) -> tuple[int, ...]:
    """``cards`` in a random order: Fisher-Yates, position i (from the last down to the
    second) swapped with position 1d(i+1) - 1; one recorded roll per swap."""
    order = list(cards)
    for i in range(len(order) - 1, 0, -1):
        j = tx.roll(i + 1, "shuffle") - 1
        order[i], order[j] = order[j], order[i]
    return tuple(order)


def draw(tx: Tx, player: str, count: int) -> int:
    """Draw ``count`` cards for ``player``; an empty deck is remade from the shuffled discards
    (4.2.3). Returns how many were drawn: fewer when deck and discards are both empty."""
    drawn = 0
    while drawn < count:
        if not tx.state.deck:
            if not tx.state.discards:
                break
            tx.emit(DeckShuffled(shuffled(tx, tx.state.discards), reshuffle=True))
        take = tx.state.deck[: count - drawn]
        tx.emit(CardsDrawn(player, take))
        drawn += len(take)
    return drawn
