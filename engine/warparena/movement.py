"""Move and Engage (4.2.7, 5.0): the movement of a player's pieces, then what will fight.

Moves are taken in the order the command lists them, each checked against the arena as the
moves before it left it (a D-bot that destroys the hex it leaves destroys what is still in
it). Any refusal refuses the whole command: the Tx is thrown away and the game is untouched,
so every move, hand-over and distance attack is checked before any of them stands
(R-WA-TURN-3). Fights are engine.warparena.combat's: this module only says where.
"""

from __future__ import annotations

from engine.text import listed, plural
from engine.warparena.arena import are_adjacent, is_arena_hex, steps_between
from engine.warparena.board import Board
from engine.warparena.board_events import (
    DistanceAttackDeclared,
    ForceFieldCreated,
    PDsHandedOver,
    PDsPickedUp,
    PDsStolen,
    PieceMoved,
    Taken,
)
from engine.warparena.changes import destroy_hex, holds_enemy
from engine.warparena.commands import DistanceAttack, Handover, Leave, MoveAndEngage, PieceMove
from engine.warparena.hexes import HexName, distance, neighbours
from engine.warparena.pieces import MOST_PDS, ROBOT_ORDER, Piece, PieceRef, Robot
from engine.warparena.tx import Refusal, Tx

B_REACH = 2
"""How far a B-bot fires (2.3.4), counted on the lattice (R-WA-MAP-7)."""


def move(tx: Tx, cmd: MoveAndEngage) -> tuple[HexName, ...]:
    """Check every piece move, hand-over and distance attack of ``cmd`` (R-WA-TURN-3), emit
    them, and return the contested hexes in the order they fight: ``cmd.order`` first, then
    the others in the order they were first entered, then distance-attack targets."""
    before = tx.state.board
    labels = [m.label for m in cmd.moves]
    twice = sorted({label for label in labels if labels.count(label) > 1})
    if twice:
        raise Refusal("moved-twice", f"{listed(twice)} may move only once in a Move action.")
    entered: list[HexName] = []
    for piece_move in cmd.moves:
        end = _move_piece(tx, cmd.player, piece_move, before)
        if end is not None:
            entered.append(end)
    for handover in cmd.handovers:
        _hand_over(tx, cmd.player, handover)
    fired: set[str] = set()
    for attack in cmd.attacks:
        _declare_attack(tx, cmd.player, attack, fired)
    targets = [a.target for a in cmd.attacks]
    return _fight_order(tx.state.board, cmd.player, cmd.order, [*entered, *targets])


def contested(board: Board, player: str) -> tuple[HexName, ...]:
    """Hexes where ``player``'s robots stand with enemy robots or on an enemy force field."""
    mine = sorted({p.hex for p in board.pieces if p.owner == player})
    return tuple(h for h in mine if holds_enemy(board, h, player))


def _fight_order(
    board: Board, player: str, chosen: tuple[HexName, ...], entered: list[HexName]
) -> tuple[HexName, ...]:
    fights = set(contested(board, player)) | {h for h in entered if holds_enemy(board, h, player)}
    for name in chosen:
        if name not in fights:
            raise Refusal(
                "not-contested", f"Nothing fights on {name}: it cannot be put in the order of fights."
            )
    if len(set(chosen)) != len(chosen):
        raise Refusal("order-twice", "The order of fights names a hex twice.")
    order = list(chosen)
    for name in [*entered, *sorted(fights)]:
        if name in fights and name not in order:
            order.append(name)
    return tuple(order)


# --- one piece --------------------------------------------------------------------------------


def _move_piece(tx: Tx, player: str, pm: PieceMove, before: Board) -> HexName | None:
    """Check and make one piece's move; the hex it ends on, or None when it stays put."""
    ref = PieceRef(player, pm.label)
    piece = tx.state.board.piece(ref)
    if piece is None:
        if before.piece(ref) is not None:
            raise Refusal(
                "piece-destroyed",
                f"{pm.label} was destroyed with its hex by a D-bot moved before it: "
                f"list {pm.label}'s move first.",
            )
        raise Refusal("no-such-piece", f"You have no {pm.label} in the arena.")
    robot = piece.robot
    if pm.leave is not None and robot is not Robot.D:
        raise Refusal(
            "not-a-d-bot",
            f"Only a D-bot destroys or fortifies the hex it leaves; {pm.label} is a {robot.spoken}.",
        )
    if pm.hop and robot is not Robot.H:
        raise Refusal("not-an-h-bot", f"Only an H-bot hops; {pm.label} is a {robot.spoken}.")
    if pm.steal and not pm.hop:
        raise Refusal("steal-without-hop", f"{pm.label} can take power discs only in a hex it hops over.")
    if pm.steal < 0 or pm.pick_up < 0:
        raise Refusal("negative", "A robot cannot pick up or take fewer than no power discs.")
    if not pm.path:
        if pm.leave is not None:
            raise Refusal(
                "leave-without-move", f"{pm.label} must move to {pm.leave.value} the hex it leaves."
            )
        if pm.pick_up_at not in (None, piece.hex):
            raise Refusal("pick-up-where", f"{pm.label} does not stand on {pm.pick_up_at} in this move.")
        _pick_up(tx, piece, pm, piece.hex)
        return None
    if pm.hop:
        _check_hop(tx.state.board, piece, pm.path)
    else:
        _check_steps(tx.state.board, piece, pm.path)
    _check_room(piece, pm.pick_up + pm.steal)
    if pm.pick_up:
        where = pm.path[-1] if pm.pick_up_at is None else pm.pick_up_at
        if where != pm.path[-1] and (robot is Robot.W or where not in (piece.hex, *pm.path[pm.hop :])):
            raise Refusal(
                "pick-up-where",
                f"{pm.label} must end its warp where it picks up power discs."
                if robot is Robot.W
                else f"{pm.label} does not stand on {where} in this move.",
            )
        _pick_up(tx, piece, pm, where)
    tx.emit(PieceMoved(piece.ref, pm.path, pm.hop))
    if pm.steal:
        _steal(tx, piece, pm.path[0], pm.steal, pm.pick_up)
    if pm.leave is Leave.DESTROY:
        if PieceRef(player, "C") in {p.ref for p in tx.state.board.pieces_at(piece.hex)}:
            raise Refusal(
                "own-c-bot",
                f"{pm.label} would destroy {piece.hex} with your C-bot still on it: move the C-bot first.",
            )
        destroy_hex(tx, piece.hex, player)
    elif pm.leave is Leave.FORTIFY:
        if piece.hex in tx.state.board.force_fields:
            raise Refusal("field-there", f"{piece.hex} already has a force field; a hex holds only one.")
        tx.emit(ForceFieldCreated(piece.hex, player))
    return pm.path[-1]


def _check_steps(board: Board, piece: Piece, path: tuple[HexName, ...]) -> None:
    """Steps one hex at a time (5.0, R-WA-MOVE-1/2/4)."""
    robot, label = piece.robot, piece.label
    most = 1 if robot is Robot.H else robot.moves
    if len(path) > most:
        if robot is Robot.H:
            raise Refusal(
                "too-far", f"{label} moves one hex, or hops over one: this path enters {len(path)}."
            )
        raise Refusal(
            "too-far", f"{label} moves at most {plural(most, 'hex', 'hexes')}; this path enters {len(path)}."
        )
    warp = robot is Robot.W
    here = piece.hex
    for i, step in enumerate(path):
        last = i == len(path) - 1
        _check_arena(board, label, step)
        if not are_adjacent(board, here, step):
            raise Refusal(
                "not-adjacent", f"{label} cannot go from {here} to {step}: they are not next to each other."
            )
        if step in board.destroyed and not (warp and not last):
            if warp:
                raise Refusal("destroyed", f"{label} cannot end its warp on {step}: it is destroyed.")
            hint = "; it may hop over it" if robot is Robot.H else ""
            raise Refusal("destroyed", f"{label} cannot enter {step}: it is destroyed{hint}.")
        field = board.force_fields.get(step)
        if field is not None and field != piece.owner and not last:
            verb = "warp through" if warp else "go on past"
            raise Refusal(
                "enemy-field",
                f"{label} cannot {verb} {step}: an enemy force field is there, and it must stop.",
            )
        if not warp and not last and any(p.owner != piece.owner for p in board.pieces_at(step)):
            raise Refusal(
                "must-stop", f"{label} cannot go on past {step}: enemy robots are there, and it must stop."
            )
        here = step


def _check_hop(board: Board, piece: Piece, path: tuple[HexName, ...]) -> None:
    """The H-bot's hop (2.3.3, R-WA-MOVE-3): over one adjacent hex onto one of the three
    hexes beyond it, 2 steps from the start."""
    label = piece.label
    if len(path) != 2:
        raise Refusal("hop-shape", f"A hop names the hex {label} jumps and the hex it lands on, two hexes.")
    jumped, landing = path
    _check_arena(board, label, jumped)
    _check_arena(board, label, landing)
    if not are_adjacent(board, piece.hex, jumped):
        raise Refusal("hop-not-adjacent", f"{label} can hop only over a hex next to it; {jumped} is not.")
    field = board.force_fields.get(jumped)
    if field is not None and field != piece.owner:
        raise Refusal("enemy-field", f"{label} cannot hop over {jumped}: an enemy force field is there.")
    if not (are_adjacent(board, jumped, landing) and steps_between(board, piece.hex, landing) == 2):
        beyond = _beyond(board, piece.hex, jumped)
        where = f"one of {listed(beyond)}" if beyond else "a hex of the arena: there is none"
        raise Refusal(
            "hop-landing",
            f"{label} hopping over {jumped} cannot land on {landing}: it must land on {where} beyond it.",
        )
    if landing in board.destroyed:
        raise Refusal("destroyed", f"{label} cannot land on {landing}: it is destroyed.")


def _beyond(board: Board, start: HexName, jumped: HexName) -> list[HexName]:
    """The arena hexes a hop from ``start`` over ``jumped`` may land on (the lost diagram)."""
    origin = board.cell_of(start)
    cells = [c for c in neighbours(board.cell_of(jumped)) if distance(origin, c) == 2]
    return [h for h in (board.hex_at(c) for c in cells) if h is not None]


def _check_arena(board: Board, label: str, name: HexName) -> None:
    if not is_arena_hex(board, name):
        raise Refusal("no-such-hex", f"{label} cannot go to {name}: there is no such hex in the arena.")


# --- power discs ------------------------------------------------------------------------------


def _check_room(piece: Piece, more: int) -> None:
    if piece.pds + more > MOST_PDS:
        room = MOST_PDS - piece.pds
        raise Refusal(
            "too-many-pds",
            f"{piece.label} carries {plural(piece.pds, 'power disc')} and can take {room} more, not {more}.",
        )


def _pick_up(tx: Tx, piece: Piece, pm: PieceMove, where: HexName) -> None:
    """Loose power discs picked up on ``where`` (R-WA-PD-3)."""
    if not pm.pick_up:
        return
    _check_room(piece, pm.pick_up + pm.steal)
    board = tx.state.board
    if holds_enemy(board, where, piece.owner):
        raise Refusal(
            "pick-up-contested",
            f"{piece.label} cannot pick up power discs on {where} before the fight there: "
            "the winner takes them.",
        )
    lying = board.unclaimed.get(where, 0)
    if pm.pick_up > lying:
        lie = "lies" if lying == 1 else "lie"
        raise Refusal(
            "not-there", f"Only {plural(lying, 'loose power disc')} {lie} on {where}, not {pm.pick_up}."
        )
    tx.emit(PDsPickedUp(piece.ref, where, pm.pick_up))


def _steal(tx: Tx, piece: Piece, jumped: HexName, n: int, picked: int) -> None:
    """An H-bot's hop takes loose discs in the jumped hex, then discs carried by enemy robots
    there, those carrying most first (2.3.3, R-WA-PD-3, R-WA-X-2)."""
    board = tx.state.board
    lying = board.unclaimed.get(jumped, 0)
    enemies = sorted(
        (p for p in board.pieces_at(jumped) if p.owner != piece.owner and p.pds > 0),
        key=lambda p: (-p.pds, ROBOT_ORDER.index(p.robot), p.owner, p.label),
    )
    there = lying + sum(p.pds for p in enemies)
    if n > there:
        raise Refusal(
            "not-there",
            f"{piece.label} can take {plural(there, 'power disc')} hopping over {jumped}, not {n}.",
        )
    from_floor = min(n, lying)
    left = n - from_floor
    taken: list[Taken] = []
    for enemy in enemies:
        if left == 0:
            break
        take = min(left, enemy.pds)
        taken.append(Taken(enemy.ref, take))
        left -= take
    tx.emit(PDsStolen(piece.ref, jumped, from_floor, tuple(taken)))


def _hand_over(tx: Tx, player: str, handover: Handover) -> None:
    """After movement, PDs pass between robots on one hex (2.3.5, R-WA-PD-3)."""
    board = tx.state.board
    giver = board.piece(PieceRef(player, handover.giver))
    taker = board.piece(PieceRef(player, handover.taker))
    for label, piece in ((handover.giver, giver), (handover.taker, taker)):
        if piece is None:
            raise Refusal("no-such-piece", f"You have no {label} in the arena.")
    assert giver is not None and taker is not None
    if giver.ref == taker.ref:
        raise Refusal("hand-to-self", f"{giver.label} cannot hand power discs to itself.")
    if giver.hex != taker.hex:
        raise Refusal(
            "not-together",
            f"{giver.label} (on {giver.hex}) and {taker.label} (on {taker.hex}) are not on the same hex.",
        )
    if handover.pds < 1:
        raise Refusal("no-pds", "A hand-over passes at least one power disc.")
    if handover.pds > giver.pds:
        raise Refusal(
            "not-carried", f"{giver.label} carries {plural(giver.pds, 'power disc')}, not {handover.pds}."
        )
    _check_room(taker, handover.pds)
    tx.emit(PDsHandedOver(giver.ref, taker.ref, handover.pds))


# --- distance attacks ---------------------------------------------------------------------------


def _declare_attack(tx: Tx, player: str, attack: DistanceAttack, fired: set[str]) -> None:
    """A B-bot's shot at an enemy hex within 2 (6.0, R-WA-TURN-3): once a turn, in its
    owner's phase, after movement."""
    state = tx.state
    board = state.board
    bbot = board.piece(PieceRef(player, attack.bbot))
    if bbot is None:
        raise Refusal("no-such-piece", f"You have no {attack.bbot} in the arena.")
    if bbot.robot is not Robot.B:
        raise Refusal(
            "not-a-b-bot", f"Only a B-bot attacks from a distance; {bbot.label} is a {bbot.robot.spoken}."
        )
    if attack.bbot in fired or state.has_fired(bbot.ref):
        raise Refusal("fired", f"{bbot.label} has already made its one distance attack this turn.")
    if not is_arena_hex(board, attack.target):
        raise Refusal("no-such-hex", f"There is no hex {attack.target} in the arena.")
    far = steps_between(board, bbot.hex, attack.target)
    if far == 0:
        raise Refusal(
            "own-hex", f"{bbot.label} is on {attack.target} itself: it fights there, not from a distance."
        )
    if far > B_REACH:
        raise Refusal(
            "out-of-reach",
            f"{bbot.label} on {bbot.hex} is {plural(far, 'hex', 'hexes')} from {attack.target}; "
            f"a B-bot reaches {B_REACH}.",
        )
    if not holds_enemy(board, attack.target, player):
        raise Refusal(
            "no-target", f"Nothing of an enemy's is on {attack.target} for {bbot.label} to fire at."
        )
    fired.add(attack.bbot)
    tx.emit(DistanceAttackDeclared(bbot.ref, attack.target))
