"""Set-up (3.0): the deck and the deal, arena creation, the pieces, the first power discs.

R-WA-SET-1..4. Every order of placement comes from a 1d20 roll with ties re-rolled by the
tied players only (R-WA-DICE-3): the winner places first, then the others in seat order after
them, one grid (or piece) at a time.
"""

from __future__ import annotations

from engine.text import listed
from engine.warparena import arena, changes
from engine.warparena.commands import PlaceGrid, PlacePiece
from engine.warparena.deck import cards_in_game, draw, shuffled
from engine.warparena.events import (
    ArenaBuilt,
    DeckShuffled,
    GameCreated,
    GridLaid,
    GridsDealt,
    NextToPlace,
    SetUpBegun,
)
from engine.warparena.hexes import CENTRE, HexName, hex_name
from engine.warparena.options import Options
from engine.warparena.pieces import Piece
from engine.warparena.state import Stage
from engine.warparena.tx import Refusal, Tx

HAND = 3
"""Cards dealt to each player (3.2)."""
FIRST_PIECES = ("C", "D1", "H1", "B1", "W1")
"""What each player places (3.3, R-WA-SET-3), in the order a default places them."""


def ranked(
    tx: Tx, players: tuple[str, ...], for_: str, totals: dict[str, int] | None = None
) -> tuple[str, ...]:
    """``players`` from the highest roll (or given total) down; players who tie roll 1d20
    again among themselves until the tie is broken (R-WA-DICE-3)."""
    if totals is None:
        totals = {p: tx.roll(20, for_, p) for p in players}
    out: list[str] = []
    for value in sorted({totals[p] for p in players}, reverse=True):
        tied = tuple(p for p in players if totals[p] == value)
        out += tied if len(tied) == 1 else ranked(tx, tied, f"{for_} (tie)")
    return tuple(out)


def from_winner(seats: tuple[str, ...], winner: str) -> tuple[str, ...]:
    """The winner first, then the others in seat order after them ("clockwise", 3.1)."""
    i = seats.index(winner)
    return seats[i:] + seats[:i]


def start(tx: Tx, players: tuple[str, ...], options: Options) -> None:
    """A new game, up to the first placement: shuffle, deal, and the arena's first roll."""
    if not 2 <= len(players) <= 4:
        raise Refusal("player-count", f"Warp Arena takes 2 to 4 players, not {len(players)}.")
    if len(set(players)) != len(players) or any(not p.strip() or ":" in p for p in players):
        raise Refusal("bad-names", "Players need distinct names without ':'.")
    tx.emit(GameCreated(options, players))
    tx.emit(DeckShuffled(shuffled(tx, cards_in_game(options))))
    for player in players:
        draw(tx, player, HAND)
    if options.random_arena:
        tx.emit(
            ArenaBuilt(arena.random_arena(options, players, lambda sides: tx.roll(sides, "random arena")))
        )
        _begin_pieces(tx)
        return
    grids = shuffled(tx, tuple(range(1, options.grids + 1)))
    tx.emit(GridsDealt({p: tuple(sorted(grids[i :: len(players)])) for i, p in enumerate(players)}))
    winner = ranked(tx, players, "arena creation")[0]
    tx.emit(SetUpBegun(Stage.PLACING_GRIDS, from_winner(players, winner)))


def _begin_pieces(tx: Tx) -> None:
    players = tx.state.in_play
    winner = ranked(tx, players, "piece placement")[0]
    tx.emit(SetUpBegun(Stage.PLACING_PIECES, from_winner(players, winner)))


def _placer_check(tx: Tx, player: str, stage: Stage, what: str) -> None:
    state = tx.state
    if state.stage is not stage:
        raise Refusal("wrong-stage", f"This is not the time to place {what}.")
    if state.active != player:
        raise Refusal("not-your-turn", f"It is {state.active}'s turn to place {what}.")


def place_grid(tx: Tx, cmd: PlaceGrid) -> None:
    """A player lays one of their grids (3.1, R-WA-SET-1)."""
    _placer_check(tx, cmd.player, Stage.PLACING_GRIDS, "a grid")
    mine = tx.state.grids_left.get(cmd.player, ())
    if cmd.grid not in mine:
        raise Refusal(
            "not-your-grid",
            f"Grid {cmd.grid} is not yours to place; yours: {listed([str(g) for g in mine])}.",
        )
    changes.place_grid(tx, cmd.player, cmd.grid, cmd.beside, cmd.slot, cmd.rotation)
    tx.emit(GridLaid(cmd.player, cmd.grid))
    _next_grid_placer(tx)


def _next_grid_placer(tx: Tx) -> None:
    state = tx.state
    if not any(state.grids_left.values()):
        _begin_pieces(tx)
        return
    order = state.placing
    i = order.index(state.active) if state.active in order else -1
    for step in range(1, len(order) + 1):
        nxt = order[(i + step) % len(order)]
        if state.grids_left.get(nxt):
            tx.emit(NextToPlace(nxt))
            return


def default_grid(tx: Tx) -> None:
    """A placement deadline passed (R-WA-SET-1): the player's lowest grid goes on a place
    picked at random among the legal ones, unturned. A player who is out is placed for the
    same way, so the arena is always whole."""
    player = tx.state.active
    assert player is not None
    number = tx.state.grids_left[player][0]
    places = arena.legal_places(tx.state.board, number)
    if places:
        beside, slot = places[tx.roll(len(places), "grid placed at random", player) - 1]
        changes.place_grid(tx, player, number, beside, slot, 0)
    else:
        changes.place_grid(tx, player, number, None, None, 0)
    tx.emit(GridLaid(player, number))
    _next_grid_placer(tx)


def pieces_left(tx: Tx, player: str) -> tuple[str, ...]:
    """The labels ``player`` has still to place (3.3)."""
    placed = {p.label for p in tx.state.board.pieces_of(player)}
    return tuple(label for label in FIRST_PIECES if label not in placed)


def place_piece(tx: Tx, cmd: PlacePiece) -> None:
    """A player places one piece (3.3, R-WA-SET-3): any hex not destroyed and free of enemies."""
    _placer_check(tx, cmd.player, Stage.PLACING_PIECES, "a piece")
    left = pieces_left(tx, cmd.player)
    if cmd.label not in left:
        raise Refusal(
            "not-to-place", f"{cmd.label} is not a piece you have to place; left: {listed(list(left))}."
        )
    board = tx.state.board
    if not arena.is_arena_hex(board, cmd.hex):
        raise Refusal("no-such-hex", f"There is no hex {cmd.hex} in the arena.")
    enemies = sorted({p.owner for p in board.pieces_at(cmd.hex) if p.owner != cmd.player})
    if enemies:
        raise Refusal(
            "enemy-there", f"{cmd.label} cannot go on {cmd.hex}: {listed(enemies)}'s pieces are there."
        )
    changes.add_piece(tx, Piece(cmd.player, cmd.label, cmd.hex))
    next_piece_placer(tx)


def next_piece_placer(tx: Tx) -> None:
    """Pass placement on to the next player with pieces left, or end set-up: the first PDs
    (R-WA-SET-4), then turn 1."""
    from engine.warparena import turns

    state = tx.state
    order = tuple(p for p in state.placing if p in state.in_play)
    waiting = [p for p in order if pieces_left(tx, p)]
    if not waiting:
        for player in state.in_play:
            random_pd(tx, player, "first power disc")
        turns.begin_turn(tx)
        return
    i = order.index(state.active) if state.active in order else -1
    for step in range(1, len(order) + 1):
        nxt = order[(i + step) % len(order)]
        if nxt in waiting:
            tx.emit(NextToPlace(nxt))
            return


def default_piece(tx: Tx) -> None:
    """A placement deadline passed: the next piece goes on the player's C-bot's hex, or for
    the C-bot on the first hex (grid by grid, centre first) free of enemies."""
    player = tx.state.active
    assert player is not None
    label = pieces_left(tx, player)[0]
    board = tx.state.board
    cbot = next((p for p in board.pieces_of(player) if p.label == "C"), None)
    if cbot is not None:
        where = cbot.hex
    else:
        where = next(
            name
            for g in sorted(board.grids, key=lambda g: g.number)
            for name in (hex_name(g.number, k) for k in (CENTRE, 1, 2, 3, 4, 5, 6))
            if name not in board.destroyed and all(p.owner == player for p in board.pieces_at(name))
        )
    place_piece(tx, PlacePiece(player, label, where))


def random_pd(tx: Tx, player: str, for_: str) -> HexName:
    """A power disc on grid 1dN, secondary hex 1d6 (3.4, 4.2)."""
    grid = tx.roll(tx.state.options.grids, f"{for_}: grid", player)
    k = tx.roll(6, f"{for_}: hex", player)
    name = hex_name(grid, k)
    changes.create_pd(tx, name)
    return name
