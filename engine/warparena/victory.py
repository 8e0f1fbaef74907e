"""Victory and concession (7.0, R-WA-WIN-1/2): a player whose C-bot is lost is out; the
last player in wins."""

from __future__ import annotations

from engine.warparena.combat_events import GameWon, PlayerOut
from engine.warparena.hexes import HexName
from engine.warparena.pieces import PieceRef
from engine.warparena.tx import Refusal, Tx


def cbot_lost(tx: Tx, owner: str, by: str | None, at: HexName | None = None) -> None:
    """``owner``'s C-bot is destroyed (R-WA-WIN-1): two unclaimed PDs appear on its hex (none
    if the hex is destroyed), its owner's robots and force fields leave the arena (PDs they
    carry stay unclaimed where they stood, R-WA-X-25), the hand goes to ``by`` (who destroyed
    it) or to the discards, the player is out, and when one player is left they win
    (Stage.OVER, ``winner``).

    ``at``: where the C-bot was, when it has already left the board (a fight removes the
    loser first); by default the C-bot's own hex. A combat the player was in is settled by
    engine.warparena.combat, which calls this."""
    state = tx.state
    if state.player(owner).out:
        return
    cbot = state.board.piece(PieceRef(owner, "C"))
    hex_ = cbot.hex if cbot is not None else at
    tx.emit(PlayerOut(owner, by if by != owner else None, hex_, state.player(owner).hand))
    left = tx.state.in_play
    if len(left) == 1:
        tx.emit(GameWon(left[0]))


def concede(tx: Tx, player: str) -> None:
    """The player leaves as if their C-bot were destroyed by nobody (R-WA-WIN-2); a combat
    they were in goes on without them (engine.warparena.combat.settle)."""
    from engine.warparena import combat  # combat calls this module: imported when used

    if player not in tx.state.in_play:
        raise Refusal("out", f"{player} is no longer in the game.")
    cbot_lost(tx, player, None)
    combat.settle(tx)
