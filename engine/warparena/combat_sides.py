"""Who is in a combat and what they bring (6.1): the sides in the hex, the robots still
eligible, the dice, the cards, and the ranking the defaults use (R-WA-X-20).

Pure reading of a state (only :func:`strike` rolls, through the Tx); engine.warparena.combat
runs the sequence with these.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.warparena.cards import CardKind, card
from engine.warparena.commands import Pairing
from engine.warparena.fight import Combat, Sealed
from engine.warparena.hexes import HexName
from engine.warparena.pieces import Piece, PieceRef, Robot
from engine.warparena.state import GameState
from engine.warparena.tx import Refusal, Tx


def card_value(state: GameState, player: str, number: int | None, wild_value: int | None) -> int:
    """What a combat card chosen by ``player`` adds; a Refusal when it cannot be played."""
    if number is None:
        if wild_value is not None:
            raise Refusal("wild-value", "Name a value only for a Wild Warp played as a combat card.")
        return 0
    if state.options.no_combat_cards:
        raise Refusal("no-combat-cards", "This game is played without combat cards.")
    if number not in state.player(player).hand:
        raise Refusal("not-in-hand", f"Card {number} is not in your hand.")
    played = card(number)
    if played.kind is CardKind.WILD_WARP:
        if wild_value is None or not 1 <= wild_value <= 5:
            raise Refusal("wild-value", "A Wild Warp played as a combat card needs a value from 1 to 5.")
        return wild_value
    if played.kind is not CardKind.COMBAT:
        raise Refusal("not-combat-card", f"Card {number} is a {played}, not a combat card.")
    if wild_value is not None:
        raise Refusal("wild-value", "Name a value only for a Wild Warp played as a combat card.")
    return played.value


def played(state: GameState, sealed: dict[str, Sealed]) -> tuple[dict[str, int], dict[str, int]]:
    """The sealed cards turned over, with what each adds (a card no longer in its player's
    hand is not played)."""
    cards: dict[str, int] = {}
    values: dict[str, int] = {}
    for player, choice in sealed.items():
        if choice.card is not None and choice.card in state.player(player).hand:
            cards[player] = choice.card
            values[player] = card_value(state, player, choice.card, choice.wild_value)
    return cards, values


# --- who is in it, and the defaults ------------------------------------------------------------


def others(state: GameState, hex_: HexName, attacker: str) -> tuple[str, ...]:
    """Players other than ``attacker`` with robots or a force field in the hex, in seat order."""
    here = {p.owner for p in state.board.pieces_at(hex_)}
    field_owner = state.board.force_fields.get(hex_)
    if field_owner is not None:
        here.add(field_owner)
    return tuple(p for p in state.in_play if p in here and p != attacker)


def eligible(state: GameState, c: Combat) -> tuple[Piece, ...]:
    """The attacker's robots that may still fight: those in the hex, and the B-bots firing
    from a distance that have not fought yet (6.1 step 1, R-WA-CBT-3)."""
    here = tuple(p for p in state.board.pieces_at(c.hex) if p.owner == c.attacker)
    far = tuple(
        p
        for b in c.distance
        if (p := state.board.piece(PieceRef(c.attacker, b))) is not None and p.hex != c.hex
    )
    return here + far


def defenders(state: GameState, c: Combat) -> tuple[Piece, ...]:
    return tuple(p for p in state.board.pieces_at(c.hex) if p.owner == c.defender)


def pair_stands(state: GameState, c: Combat, pair: Pairing) -> bool:
    a = {p.label for p in eligible(state, c)}
    d = {p.label for p in defenders(state, c)}
    return pair.attacker in a and pair.defender in d


def nothing_to_redistribute(state: GameState, hex_: HexName, player: str) -> bool:
    mine = [p for p in state.board.pieces_at(hex_) if p.owner == player]
    return len(mine) < 2 or sum(p.pds for p in mine) == 0


def carried(state: GameState, hex_: HexName, player: str) -> int:
    return sum(p.pds for p in state.board.pieces_at(hex_) if p.owner == player)


WEAKEST_FIRST = (Robot.W, Robot.B, Robot.H, Robot.D, Robot.C)


def fewest_first(c: Combat, pieces: Iterable[Piece]) -> list[Piece]:
    """The fewest-PD-first rule (R-WA-X-20): B-bots firing from a distance first (they risk
    nothing), then fewest PDs carried, then the weaker type (W, B, H, D, C: the C-bot last),
    then the lower label number."""
    return sorted(
        pieces,
        key=lambda p: (
            p.label not in c.distance,
            p.pds,
            WEAKEST_FIRST.index(p.robot),
            number(p.label),
        ),
    )


def default_pairs(state: GameState, c: Combat) -> tuple[Pairing, ...]:
    """Both sides fewest-PD-first, paired in that order; the larger side's last sit out."""
    a = fewest_first(c, eligible(state, c))
    d = fewest_first(c, defenders(state, c))
    return tuple(Pairing(x.label, y.label) for x, y in zip(a, d, strict=False))


def piece(state: GameState, owner: str, label: str) -> Piece:
    piece = state.board.piece(PieceRef(owner, label))
    assert piece is not None, f"{owner}'s {label} is not in the arena"
    return piece


def strike(tx: Tx, piece: Piece) -> int:
    """The robot's combat die (6.0), the cost-saving 1d6 plus its add (R-WA-OPT-2), or its
    fixed strength (R-WA-OPT-1); PDs and cards are added by the caller."""
    options = tx.state.options
    if options.fixed_strengths:
        return piece.robot.fixed_strength
    if options.d6_dice:
        return tx.roll(6, "combat", piece.owner) + piece.robot.d6_add
    return tx.roll(piece.robot.die, "combat", piece.owner)


def number(label: str) -> int:
    return int(label[1:] or 0)
