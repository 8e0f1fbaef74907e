"""The text form of every Warp Arena command: what players type, and how the game prints it.

``parse_command(text, player)`` reads one line as ``player``'s command; ``format_command``
writes a command back in one canonical form, and parsing what it writes gives the command
again. The grammar, with examples, is docs/warparena-notation.md; in short:

    place-grid 7 at 3:5 turned 2     place C 9-C        rotate 9 by 2      convert 3 as D D cards
    H1 9-3 hop 10-2; W1 9-1 9-2 12-C take 1; D2 7-4 fortify; give H1 W1 2; B1 fire 9-3; order 9-3
    play 81 as warp-grid     warp-piece bob:H2     pds H1 2 W1 0     match H1-W2     seal 81 as 4

Keywords, labels and hexes are read in any case, hexes in every spelling of
engine.warparena.hexes.parse_hex; cards are named by number. Only the forms are checked here
(a card is 1-84, a place around a grid 1-18): whether the command is legal is the engine's
question. A line that cannot be read raises :class:`NotationError` with the span of the
wrong words and what was expected there.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Sequence
from dataclasses import replace

from engine.warparena.cards import DECK, CardKind
from engine.warparena.cards import card as card_of
from engine.warparena.commands import (
    AddInitiativeCard,
    AttackField,
    Cancel,
    Command,
    Concede,
    Conversion,
    Convert,
    DeadlinePassed,
    DestroyHex,
    DoubleWarp,
    DrawCard,
    EndCards,
    EndPhase,
    FightOrder,
    MatchUps,
    MoveAndEngage,
    OpponentOrder,
    OrientGrids,
    Pairing,
    Pass,
    PlaceGrid,
    PlacePD,
    PlacePiece,
    PlayCard,
    PlaySpecialCards,
    PutGrid,
    RandomPD,
    Redistribute,
    RotateGrid,
    SealCard,
    SwapGrids,
    WarpConverter,
    WarpGrid,
    WarpOwnPiece,
    WarpPiece,
)
from engine.warparena.hexes import RING_SLOTS
from engine.warparena.move_notation import MOVE_STARTS, format_move, parse_move
from engine.warparena.pieces import MOST_PDS, ROBOT_ORDER, PieceRef, Robot
from engine.warparena.reading import GRIDS, NotationError, Reader, Word, either, is_label, is_name, words

__all__ = ["NotationError", "choose_wild_warp", "format_command", "parse_command"]

CARDS = len(DECK)
WILD_VALUES = (1, 5)
"""The values a Wild Warp may be named as when played as a combat card (R-WA-CBT-1)."""
ROBOTS_MADE = tuple(robot.value for robot in ROBOT_ORDER if robot is not Robot.C)
"""What a converted power disc may become besides two cards (4.2.5: never a C-bot)."""

Parser = Callable[[Reader, str], Command]


# --- reading ----------------------------------------------------------------------------------


def parse_command(text: str, player: str, *, referee: bool = False) -> Command:
    """``player``'s command written as ``text``. ``referee`` lets the game master's own command
    (``deadline-passed``) through: a player may not type it."""
    items = words(text)
    if not items:
        raise NotationError("expected a command, e.g. draw, rotate 9 by 2, or H1 9-3", 0, len(text))
    first = items[0]
    if first.key in MOVE_STARTS or is_label(first.text):
        return parse_move(text, items, player)
    if first.key == "deadline-passed":
        if not referee:
            raise NotationError(
                "expected a command: deadlines are passed by the game master", first.start, first.end
            )
        return DeadlinePassed(text[first.end :].strip())
    parser = _PARSERS.get(first.key)
    if parser is None:
        raise _unknown(first)
    reader = Reader(text, items)
    reader.at = 1
    command = parser(reader, player)
    reader.end()
    return command


def _unknown(word: Word) -> NotationError:
    close = difflib.get_close_matches(word.key, list(_PARSERS), n=1, cutoff=0.75)
    if close:
        return NotationError(
            f'expected a command, not "{word.text}": did you mean "{close[0]}"?', word.start, word.end
        )
    known = either([*_PARSERS, "a piece's move like H1 9-3"])
    return NotationError(f'expected a command: {known}; not "{word.text}"', word.start, word.end)


def _place(reader: Reader) -> tuple[int, int]:
    """``3:5``: place 5 (1-18) around grid 3 (engine.warparena.hexes.slot_cell)."""

    def place(text: str) -> tuple[int, int] | None:
        grid, colon, slot = text.partition(":")
        if not (colon and grid.isdigit() and slot.isdigit()):
            return None
        if 1 <= int(grid) <= GRIDS and 1 <= int(slot) <= RING_SLOTS:
            return int(grid), int(slot)
        return None

    return reader.read(f"a place around a grid, like 3:5 (grid 3, place 1-{RING_SLOTS})", place)


def _rotation(reader: Reader) -> int:
    return reader.number("a rotation", 0, 5)


def _card(reader: Reader) -> int:
    return reader.number("a card number", 1, CARDS)


def _wild_value(reader: Reader) -> int:
    return reader.number("the value the Wild Warp is played as", *WILD_VALUES)


def _card_choice(reader: Reader) -> tuple[int | None, int | None]:
    """A combat card choice: ``none``, ``wild 3`` (a Wild Warp, its value), ``[card] 12``,
    ``[card] 81 as 4`` (a Wild Warp by number and its value)."""
    if reader.skip("none"):
        return None, None
    if reader.skip("wild"):
        return None, _wild_value(reader)
    reader.skip("card")
    card = reader.read(f'a card number (1-{CARDS}), "wild" or "none"', _card_number)
    return card, _wild_value(reader) if reader.skip("as") else None


def _card_number(text: str) -> int | None:
    return int(text) if text.isdigit() and 1 <= int(text) <= CARDS else None


def _place_grid(reader: Reader, player: str) -> PlaceGrid:
    grid = reader.grid()
    beside = slot = None
    rotation = 0
    for key in reader.extras(("at",), ("turned",)):
        if key == "at":
            beside, slot = _place(reader)
        else:
            rotation = _rotation(reader)
    return PlaceGrid(player, grid, beside, slot, rotation)


def _put_grid(reader: Reader, player: str) -> PutGrid:
    grid = None if reader.peek() == "at" else reader.grid()
    reader.keyword("at")
    beside, slot = _place(reader)
    rotation = _rotation(reader) if reader.skip("turned") else 0
    return PutGrid(player, beside, slot, rotation, grid)


def _convert(reader: Reader, player: str) -> Convert:
    count_word = None if reader.done() or reader.peek() == "as" else reader.items[reader.at]
    count = None if count_word is None else reader.number("how many discs are converted", 1, 99)
    reader.keyword("as")
    conversions: list[Conversion] = []
    becomes = "what a disc becomes: D, H, B, W or cards"
    while not reader.done() and reader.peek() != "from":
        into = reader.read(becomes, _into)
        conversions.append(Conversion(into, reader.hex() if reader.skip("at") else None))
    if not conversions:
        raise reader.fail(becomes)
    sources: list[str] = []
    if reader.skip("from"):
        sources.append(reader.read('a robot\'s label or "loose"', _source))
        while not reader.done():
            sources.append(reader.read('a robot\'s label or "loose"', _source))
    if count_word is not None and count != len(conversions):
        raise NotationError(
            f'expected {len(conversions)}, the number of conversions that follow, not "{count_word.text}"',
            count_word.start,
            count_word.end,
        )
    return Convert(player, tuple(conversions), tuple(sources))


def _into(text: str) -> str | None:
    if text.upper() in ROBOTS_MADE:
        return text.upper()
    return "cards" if text.lower() == "cards" else None


def _source(text: str) -> str | None:
    if text.lower() == "loose":
        return "loose"
    return text.upper() if is_label(text) else None


def _play(reader: Reader, player: str) -> PlayCard:
    card = _card(reader)
    kind = grid = None
    for key in reader.extras(("as",), ("on",)):
        if key == "as":
            kind = reader.read(f"a card kind: {either([k.value for k in CardKind])}", _kind)
        else:
            grid = reader.grid()
    return PlayCard(player, card, grid, kind)


def _kind(text: str) -> CardKind | None:
    return next((k for k in CardKind if k.value == text.lower()), None)


def _warp_piece(reader: Reader, player: str) -> WarpPiece:
    def target(text: str) -> PieceRef | None:
        owner, colon, label = text.rpartition(":")
        if colon and not is_name(owner):
            return None
        return PieceRef(owner if colon else player, label.upper()) if is_label(label) else None

    return WarpPiece(player, reader.read("a piece like H2 (yours) or bob:H2", target))


def _swap(reader: Reader, player: str) -> SwapGrids:
    first, second = reader.grid(), reader.grid()
    if not reader.skip("turned"):
        return SwapGrids(player, first, second)
    turned = 'a rotation (0-5) or "keep"'
    (one,), (two,) = reader.read(turned, _kept), reader.read(turned, _kept)
    return SwapGrids(player, first, second, one, two)


def _kept(text: str) -> tuple[int | None] | None:
    """A rotation, or ``keep`` (None: the grid keeps its own); None when it is neither."""
    if text.lower() == "keep":
        return (None,)
    return (int(text),) if text.isdigit() and int(text) <= 5 else None


def _redistribute(reader: Reader, player: str) -> Redistribute:
    pds: dict[str, int] = {}
    while not reader.done():
        word = reader.items[reader.at]
        label = reader.label()
        if label in pds:
            raise NotationError(f"expected each robot once, not {label} again", word.start, word.end)
        pds[label] = reader.number(f"how many power discs {label} carries", 0, MOST_PDS)
    return Redistribute(player, pds)


def _field(reader: Reader, player: str) -> AttackField:
    robot = reader.label("the label of the robot that fights the force field")
    card, wild = _card_choice(reader) if not reader.done() else (None, None)
    return AttackField(player, robot, card, wild)


def _match(reader: Reader, player: str) -> MatchUps:
    def pair(text: str) -> Pairing | None:
        attacker, dash, defender = text.partition("-")
        if dash and is_label(attacker) and is_label(defender):
            return Pairing(attacker.upper(), defender.upper())
        return None

    pairs: list[Pairing] = []
    while not reader.done():
        pairs.append(reader.read("a pair like H1-W2 (the attacker's robot first)", pair))
    return MatchUps(player, tuple(pairs))


def _labels(reader: Reader) -> tuple[str, ...]:
    found: list[str] = []
    while not reader.done():
        found.append(reader.label())
    return tuple(found)


def _seal(reader: Reader, player: str) -> SealCard:
    card, wild = _card_choice(reader)
    return SealCard(player, card, wild)


def _initiative(reader: Reader, player: str) -> AddInitiativeCard:
    if reader.skip("none"):
        return AddInitiativeCard(player)
    return AddInitiativeCard(player, reader.read(f'a card number (1-{CARDS}) or "none"', _card_number))


def _names(reader: Reader) -> tuple[str, ...]:
    found: list[str] = []
    while not reader.done():
        found.append(reader.name())
    return tuple(found)


def _rotate(reader: Reader, player: str) -> RotateGrid:
    grid = reader.grid()
    reader.keyword("by")
    return RotateGrid(player, grid, reader.number("how far to turn it, in sixth-turns clockwise", 0, 5))


def _warp_own(reader: Reader, player: str) -> WarpOwnPiece:
    label = reader.label()
    reader.keyword("to")
    return WarpOwnPiece(player, label, reader.hex())


_ONE_WORD: dict[str, Callable[[str], Command]] = {
    "random-pd": RandomPD,
    "warp-grid": WarpGrid,
    "draw": DrawCard,
    "warp-converter": WarpConverter,
    "play-cards": PlaySpecialCards,
    "end-cards": EndCards,
    "end": EndPhase,
    "pass": Pass,
    "concede": Concede,
}
"""The commands that are one word, and the command each makes for its player."""
_ONE_WORD_OF: dict[object, str] = {make: word for word, make in _ONE_WORD.items()}


def _one_word(make: Callable[[str], Command]) -> Parser:
    return lambda reader, player: make(player)


_PARSERS: dict[str, Parser] = {
    "place-grid": _place_grid,
    "place": lambda r, p: PlacePiece(p, r.label(), r.hex()),
    "initiative": _initiative,
    "place-pd": lambda r, p: PlacePD(p, r.hex()),
    "destroy-hex": lambda r, p: DestroyHex(p, r.grid()),
    "rotate": _rotate,
    "convert": _convert,
    "play": _play,
    "warp-piece": _warp_piece,
    "double-warp": lambda r, p: DoubleWarp(p, r.grid()),
    "swap": _swap,
    "warp-own": _warp_own,
    "put-grid": _put_grid,
    "orient": lambda r, p: OrientGrids(p, _rotation(r), _rotation(r)),
    "cancel": lambda r, p: Cancel(p, None if r.done() else _card(r)),
    "pds": _redistribute,
    "field": _field,
    "match": _match,
    "fight-order": lambda r, p: FightOrder(p, _labels(r)),
    "seal": _seal,
    "opponents": lambda r, p: OpponentOrder(p, _names(r)),
    **{word: _one_word(make) for word, make in _ONE_WORD.items()},
}
"""Each command's first word and the reader of the rest (a move starts with a label instead)."""


def choose_wild_warp(command: Command, hand: Sequence[int]) -> Command:
    """``seal wild 4`` and ``field B2 wild 3`` name a Wild Warp by the value it is played as,
    not by its number: the game master, which knows the hand, makes it the player's
    lowest-numbered Wild Warp before the engine sees the command (R-WA-X-34). Any other
    command, or a hand without a Wild Warp, is returned as it is (the engine then says why
    not, in its own words)."""
    if (
        isinstance(command, SealCard | AttackField)
        and command.card is None
        and command.wild_value is not None
    ):
        wilds = sorted(c for c in hand if card_of(c).kind is CardKind.WILD_WARP)
        if wilds:
            return replace(command, card=wilds[0])
    return command


# --- writing ----------------------------------------------------------------------------------


def format_command(command: Command) -> str:
    """The command's canonical text: ``parse_command(format_command(c), c.player) == c``.

    Raises ValueError for a command with no text form (one the engine could never accept: a
    grid placed beside another without a place, a hop that is not one jump and one landing)."""
    match command:
        case PlaceGrid(grid=grid, beside=beside, slot=slot, rotation=rotation):
            if (beside is None) != (slot is None):
                raise ValueError("a grid is placed beside another at a place: both or neither")
            at = "" if beside is None else f" at {beside}:{slot}"
            return f"place-grid {grid}{at}{_turned(rotation)}"
        case PutGrid(grid=grid, beside=beside, slot=slot, rotation=rotation):
            which = "" if grid is None else f" {grid}"
            return f"put-grid{which} at {beside}:{slot}{_turned(rotation)}"
        case PlacePiece(label=label, hex=hex_):
            return f"place {label} {hex_}"
        case AddInitiativeCard(card=card):
            return f"initiative {'none' if card is None else card}"
        case PlacePD(hex=hex_):
            return f"place-pd {hex_}"
        case DestroyHex(grid=grid):
            return f"destroy-hex {grid}"
        case RotateGrid(grid=grid, by=by):
            return f"rotate {grid} by {by}"
        case Convert(conversions=conversions, sources=sources):
            if not conversions:
                raise ValueError("a conversion converts at least one disc")
            items = " ".join(c.into + ("" if c.hex is None else f" at {c.hex}") for c in conversions)
            source = "".join(f" {s}" for s in sources)
            return f"convert {len(conversions)} as {items}" + (f" from{source}" if sources else "")
        case MoveAndEngage():
            return format_move(command)
        case PlayCard(card=card, grid=grid, as_kind=kind):
            return (
                f"play {card}"
                + ("" if kind is None else f" as {kind.value}")
                + ("" if grid is None else f" on {grid}")
            )
        case WarpPiece(player=player, target=target):
            owner = "" if target.owner == player else f"{target.owner}:"
            return f"warp-piece {owner}{target.label}"
        case DoubleWarp(grid=grid):
            return f"double-warp {grid}"
        case SwapGrids(first=first, second=second, first_rotation=one, second_rotation=two):
            if one is None and two is None:
                return f"swap {first} {second}"
            return f"swap {first} {second} turned {_keep(one)} {_keep(two)}"
        case WarpOwnPiece(label=label, to=to):
            return f"warp-own {label} to {to}"
        case OrientGrids(first=first, second=second):
            return f"orient {first} {second}"
        case Cancel(card=card):
            return "cancel" if card is None else f"cancel {card}"
        case Redistribute(pds=pds):
            return " ".join(["pds", *(f"{label} {n}" for label, n in pds.items())])
        case AttackField(robot=robot, card=card, wild_value=wild):
            choice = "" if card is None and wild is None else f" {_choice(card, wild, 'card ')}"
            return f"field {robot}{choice}"
        case MatchUps(pairs=pairs):
            return " ".join(["match", *(f"{p.attacker}-{p.defender}" for p in pairs)])
        case FightOrder(order=order):
            return " ".join(["fight-order", *order])
        case SealCard(card=card, wild_value=wild):
            return f"seal {_choice(card, wild, '')}"
        case OpponentOrder(order=order):
            return " ".join(["opponents", *order])
        case DeadlinePassed(note=note):
            return f"deadline-passed {note}".strip()
    return _ONE_WORD_OF[type(command)]


def _turned(rotation: int) -> str:
    return f" turned {rotation}" if rotation else ""


def _keep(rotation: int | None) -> str:
    return "keep" if rotation is None else str(rotation)


def _choice(card: int | None, wild: int | None, card_word: str) -> str:
    if card is None:
        return "none" if wild is None else f"wild {wild}"
    return f"{card_word}{card}" + ("" if wild is None else f" as {wild}")
