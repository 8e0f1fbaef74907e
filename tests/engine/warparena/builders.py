"""A fluent builder for Warp Arena positions: grids where a test wants them, pieces, power
discs, force fields and destroyed hexes, then a Board, a GameState or a Tx over it.

    pos = (Position.of("ann", "bob")
           .grid(9).grid(10, beside=9, slot=7, rotation=2)
           .piece("ann", "C", "9-C", pds=1).piece("bob", "D1", "10-3")
           .loose("9-2", 2).field("10-C", "bob").destroyed("9-4"))
    tx = pos.tx(dice=[3, 5])

Every call returns a new Position, so one base position can branch into several tests.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from engine.warparena.board import Board
from engine.warparena.board_events import piece_order
from engine.warparena.dice import ScriptedDice
from engine.warparena.hexes import Cell, Grid, HexName, slot_cell
from engine.warparena.options import Options
from engine.warparena.pieces import Piece
from engine.warparena.state import GameState, PlayerState, Stage
from engine.warparena.tx import Tx


@dataclass(frozen=True)
class Position:
    """A position under construction. ``players`` in seat order."""

    players: tuple[str, ...] = ("ann", "bob")
    options: Options = field(default_factory=Options)
    grids: tuple[Grid, ...] = ()
    pieces: tuple[Piece, ...] = ()
    unclaimed: tuple[tuple[str, int], ...] = ()
    fields: tuple[tuple[str, str], ...] = ()
    wrecked: frozenset[str] = frozenset()
    stage: Stage = Stage.PLAYING
    turn: int = 1
    active: str | None = None

    @classmethod
    def of(cls, *players: str, options: Options | None = None) -> Position:
        """An empty position for these players (seat order), with these options."""
        return cls(players=players or ("ann", "bob"), options=options or Options())

    def _with(self, **changes: object) -> Position:
        return replace(self, **changes)  # type: ignore[arg-type]

    # --- grids --------------------------------------------------------------------------

    def grid(
        self,
        number: int,
        *,
        at: tuple[int, int] | Cell | None = None,
        beside: int | None = None,
        slot: int | None = None,
        rotation: int = 0,
    ) -> Position:
        """Grid ``number`` with its centre on ``at`` (q, r), on place ``slot`` beside grid
        ``beside``, or on (0, 0) when neither is given. No check that it fits: a test may
        want an illegal board."""
        if beside is not None:
            assert slot is not None, "beside needs a slot"
            centre = slot_cell(self._grid(beside).centre, slot)
        elif at is None:
            centre = Cell(0, 0)
        else:
            centre = at if isinstance(at, Cell) else Cell(*at)
        rest = tuple(g for g in self.grids if g.number != number)
        return self._with(
            grids=tuple(sorted((*rest, Grid(number, centre, rotation)), key=lambda g: g.number))
        )

    def _grid(self, number: int) -> Grid:
        return next(g for g in self.grids if g.number == number)

    # --- what lies on the hexes -----------------------------------------------------------

    def piece(self, owner: str, label: str, hex: str, pds: int = 0) -> Position:
        """A robot ``label`` of ``owner`` on ``hex`` carrying ``pds``."""
        return self._with(pieces=(*self.pieces, Piece(owner, label, HexName(hex), pds)))

    def pieces_at(self, owner: str, hex: str, *labels: str) -> Position:
        """Several robots of one owner on one hex, none carrying anything."""
        pos = self
        for label in labels:
            pos = pos.piece(owner, label, hex)
        return pos

    def loose(self, hex: str, pds: int) -> Position:
        """Unclaimed power discs lying on ``hex``."""
        return self._with(unclaimed=(*self.unclaimed, (hex, pds)))

    def field(self, hex: str, owner: str) -> Position:
        """A force field of ``owner`` on ``hex``."""
        return self._with(fields=(*self.fields, (hex, owner)))

    def destroyed(self, *hexes: str) -> Position:
        return self._with(wrecked=self.wrecked | frozenset(hexes))

    def playing(self, active: str, turn: int = 1) -> Position:
        """It is ``active``'s phase in turn ``turn``."""
        return self._with(active=active, turn=turn)

    def with_options(self, **options: object) -> Position:
        return self._with(options=replace(self.options, **options))  # type: ignore[arg-type]

    # --- results --------------------------------------------------------------------------

    def board(self) -> Board:
        return Board(
            grids=self.grids,
            destroyed=frozenset(HexName(h) for h in self.wrecked),
            force_fields={HexName(h): o for h, o in self.fields},
            pieces=tuple(sorted(self.pieces, key=piece_order)),
            unclaimed={HexName(h): n for h, n in self.unclaimed},
        )

    def state(self) -> GameState:
        return GameState(
            options=self.options,
            players=tuple(PlayerState(name) for name in self.players),
            board=self.board(),
            stage=self.stage,
            turn=self.turn,
            order=self.players,
            active=self.active if self.active is not None else self.players[0],
            ap_left=3,
        )

    def tx(self, dice: Sequence[int] = ()) -> Tx:
        """A Tx over :meth:`state` whose dice show ``dice`` in order."""
        state = self.state()
        return Tx(state, ScriptedDice(dice, first=state.rolls + 1))


def line_of_grids(*numbers: int) -> Position:
    """Grids side by side going south-east from (0, 0), each touching the next (place 7 is
    3 steps SE), all unrotated: a quick arena for movement tests."""
    pos = Position()
    for i, number in enumerate(numbers):
        pos = pos.grid(number, at=(3 * i, 0))
    return pos
