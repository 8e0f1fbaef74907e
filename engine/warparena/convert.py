"""Convert Any or All Power Discs (4.2.5, R-WA-PD-4): at the C-bot, each disc becomes a robot
or two cards."""

from __future__ import annotations

from collections import Counter

from engine.text import plural
from engine.warparena import arena, changes
from engine.warparena.commands import Convert
from engine.warparena.deck import draw
from engine.warparena.events import DiscsConverted
from engine.warparena.hexes import HexName
from engine.warparena.pieces import MOST_OF_A_TYPE, ROBOT_ORDER, Piece, PieceRef, Robot
from engine.warparena.tx import Refusal, Tx

LOOSE = "loose"
"""A source naming an unclaimed disc on the C-bot's hex."""
ROBOTS_MADE = ("D", "H", "B", "W")
CARDS = "cards"
CARDS_A_DISC = 2


def convert(tx: Tx, cmd: Convert) -> None:
    """Spend the discs (by ``sources`` or the default: loose first, then the robots carrying
    most), then make each conversion in order."""
    board = tx.state.board
    cbot = board.piece(PieceRef(cmd.player, "C"))
    if cbot is None:
        raise Refusal("no-cbot", "You have no C-bot to convert with.")
    count = len(cmd.conversions)
    if count == 0:
        raise Refusal("nothing-to-convert", "Name at least one power disc to convert.")
    for conversion in cmd.conversions:
        if conversion.into not in (*ROBOTS_MADE, CARDS):
            raise Refusal(
                "bad-conversion",
                f"A power disc becomes a D-, H-, B- or W-bot, or two cards; not {conversion.into!r}.",
            )
    taken, loose = _sources(tx, cmd, cbot.hex)
    tx.emit(DiscsConverted(cmd.player, cbot.hex, taken, loose))
    for conversion in cmd.conversions:
        if conversion.into == CARDS:
            draw(tx, cmd.player, CARDS_A_DISC)
            continue
        robot = Robot(conversion.into)
        where = conversion.hex if conversion.hex is not None else cbot.hex
        _check_place(tx, cmd.player, cbot.hex, where, robot)
        changes.add_piece(tx, Piece(cmd.player, _free_label(tx, cmd.player, robot), where))


def _sources(tx: Tx, cmd: Convert, where: HexName) -> tuple[dict[str, int], int]:
    board = tx.state.board
    mine = {p.label: p.pds for p in board.pieces_at(where) if p.owner == cmd.player and p.pds}
    lying = board.unclaimed.get(where, 0)
    count = len(cmd.conversions)
    have = lying + sum(mine.values())
    if have < count:
        raise Refusal(
            "too-few-discs",
            f"Your C-bot's hex {where} has {plural(have, 'power disc')} to convert, not {count}.",
        )
    if cmd.sources:
        if len(cmd.sources) != count:
            raise Refusal(
                "sources-count", f"Name one source for each of the {count} discs, not {len(cmd.sources)}."
            )
        wanted = Counter(cmd.sources)
        for source, n in wanted.items():
            there = lying if source == LOOSE else mine.get(source)
            if there is None:
                raise Refusal("bad-source", f"{source} carries no power disc on {where}.")
            if n > there:
                raise Refusal(
                    "bad-source", f"{source} has only {plural(there, 'power disc')} on {where}, not {n}."
                )
        return {k: v for k, v in wanted.items() if k != LOOSE}, wanted.get(LOOSE, 0)
    loose = min(lying, count)
    taken: dict[str, int] = {}
    left = count - loose
    while left:
        label = max(mine, key=lambda lb: (mine[lb] - taken.get(lb, 0), -_rank(lb)))
        taken[label] = taken.get(label, 0) + 1
        left -= 1
    return taken, loose


def _rank(label: str) -> int:
    return ROBOT_ORDER.index(Robot(label[0])) * 10 + (int(label[1:]) if label[1:] else 0)


def _check_place(tx: Tx, player: str, home: HexName, where: HexName, robot: Robot) -> None:
    board = tx.state.board
    have = sum(1 for p in board.pieces_of(player) if p.robot is robot)
    if have >= MOST_OF_A_TYPE:
        raise Refusal("five-of-a-type", f"You already have five {robot.spoken}s in the arena.")
    if where == home:
        return
    if not arena.is_arena_hex(board, where) or where not in arena.adjacent(board, home):
        raise Refusal(
            "not-adjacent", f"A new {robot.spoken} goes on {home} or a hex next to it, not {where}."
        )
    if where in board.destroyed:
        raise Refusal("hex-destroyed", f"A new {robot.spoken} cannot go on {where}: it is destroyed.")
    if changes.holds_enemy(board, where, player):
        raise Refusal("not-free", f"A new {robot.spoken} cannot go on {where}: enemies are there.")


def _free_label(tx: Tx, player: str, robot: Robot) -> str:
    used = {p.label for p in tx.state.board.pieces_of(player)}
    return next(f"{robot.value}{i}" for i in range(1, MOST_OF_A_TYPE + 1) if f"{robot.value}{i}" not in used)
