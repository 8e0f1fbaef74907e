"""The text form of a Move and Engage action (4.2.7): several pieces in one line.

    H1 9-3 hop 10-2; W1 9-1 9-2 12-C take 1; D2 7-4 fortify; give H1 W1 2; B1 fire 9-3; order 9-3 10-2

Parts are separated by ``;``: a piece's move (its label, the hexes it enters in order, then
what it does: ``destroy`` or ``fortify`` for a D-bot, ``take N [at HEX]`` unclaimed PDs, ``steal N`` on
a hop), a handover (``give GIVER TAKER N``), a B-bot's distance attack (``B1 fire 9-3``), and
at most once the order the contested hexes fight in (``order 9-3 10-2``). A line may start with
``move``; ``move`` alone moves nothing. Part of engine.warparena.notation.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.warparena.commands import DistanceAttack, Handover, Leave, MoveAndEngage, PieceMove
from engine.warparena.hexes import HexName
from engine.warparena.pieces import MOST_PDS
from engine.warparena.reading import NotationError, Reader, Word, either, is_label

MOVE_STARTS = ("move", "give", "order")
_PART = 'a piece\'s move like H1 9-3, "give", "order" or a B-bot\'s "B1 fire 9-3"'
_PART_ENDS = ('";"', "the end")


def parse_move(text: str, items: list[Word], player: str) -> MoveAndEngage:
    """A whole line (``items``, its words) as ``player``'s move: ``[move] PART; PART; ...``."""
    moves: list[PieceMove] = []
    handovers: list[Handover] = []
    attacks: list[DistanceAttack] = []
    order: tuple[HexName, ...] | None = None
    start = 1 if items[0].key == "move" else 0
    for part in _parts(items[start:]):
        reader = Reader(text, part)
        if reader.skip("give"):
            handovers.append(
                Handover(reader.label(), reader.label(), reader.number("how many PDs", 0, MOST_PDS))
            )
        elif reader.peek() == "order":
            if order is not None:
                raise NotationError(
                    'expected one "order" part in a move, not a second', part[0].start, part[-1].end
                )
            reader.skip("order")
            order = (reader.hex(), *_hexes(reader))
        elif is_label(part[0].text):
            label = reader.label()
            if reader.skip("fire"):
                attacks.append(DistanceAttack(label, reader.hex()))
            else:
                moves.append(_piece_move(reader, label))
        else:
            raise reader.fail(_PART)
        reader.end(either(_PART_ENDS))
    return MoveAndEngage(player, tuple(moves), tuple(handovers), tuple(attacks), order or ())


def _parts(items: list[Word]) -> Iterator[list[Word]]:
    part: list[Word] = []
    for word in [*items, Word(";", 0, 0)]:
        if word.text != ";":
            part.append(word)
        elif part:
            yield part
            part = []


def _hexes(reader: Reader) -> tuple[HexName, ...]:
    """Hexes for as long as the words are hexes."""
    found: list[HexName] = []
    while not reader.done() and reader.is_hex():
        found.append(reader.hex())
    return tuple(found)


def _piece_move(reader: Reader, label: str) -> PieceMove:
    """``H1 9-3 9-4 [destroy|fortify] [take N [at HEX]] [steal N]``, or a hop ``H1 9-3 hop 10-2``."""
    path = _hexes(reader)
    hop = False
    if reader.peek() == "hop":
        word = reader.take("")
        if len(path) != 1:
            raise NotationError(
                'expected a hop written like H1 9-3 hop 10-2: the hex jumped, "hop", the landing hex',
                word.start,
                word.end,
            )
        path, hop = (path[0], reader.hex()), True
    leave: Leave | None = None
    pick_up = steal = 0
    pick_up_at: HexName | None = None
    for key in reader.extras(("destroy", "fortify"), ("take",), ("steal",), end=_PART_ENDS):
        if key == "take":
            pick_up = reader.number("how many PDs it picks up", 0, MOST_PDS)
            pick_up_at = reader.hex() if reader.skip("at") else None
        elif key == "steal":
            steal = reader.number("how many PDs it takes in the hex it hops over", 0, MOST_PDS)
        else:
            leave = Leave(key)
    return PieceMove(label, path, hop=hop, leave=leave, pick_up=pick_up, pick_up_at=pick_up_at, steal=steal)


def format_move(command: MoveAndEngage) -> str:
    """The canonical text of a move; ValueError for a hop that is not one jump and one landing."""
    parts = [_format_piece_move(m) for m in command.moves]
    parts += [f"give {h.giver} {h.taker} {h.pds}" for h in command.handovers]
    parts += [f"{a.bbot} fire {a.target}" for a in command.attacks]
    if command.order:
        parts.append(" ".join(["order", *command.order]))
    return "; ".join(parts) if parts else "move"


def _format_piece_move(move: PieceMove) -> str:
    if move.hop and len(move.path) != 2:
        raise ValueError("a hop is one hex jumped and one landing hex")
    path: list[str] = list(move.path)
    if move.hop:
        path.insert(1, "hop")
    words_ = [move.label, *path]
    if move.leave is not None:
        words_.append(move.leave.value)
    if move.pick_up or move.pick_up_at is not None:
        words_.append(f"take {move.pick_up}" + ("" if move.pick_up_at is None else f" at {move.pick_up_at}"))
    if move.steal:
        words_.append(f"steal {move.steal}")
    return " ".join(words_)
