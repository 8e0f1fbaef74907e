"""Victory and concession (7.0, R-WA-WIN-1/2): a player whose C-bot is lost is out; the
last player in wins."""

from __future__ import annotations

from engine.warparena.tx import Tx


def cbot_lost(tx: Tx, owner: str, by: str | None) -> None:
    """``owner``'s C-bot is destroyed (R-WA-WIN-1): two unclaimed PDs appear on its hex (none
    if the hex is destroyed), its owner's robots and force fields leave the arena (PDs they
    carry stay unclaimed where they stood, R-WA-X-25), the hand goes to ``by`` (who destroyed
    it) or to the discards, the player is out, and when one player is left they win
    (Stage.OVER, ``winner``). A combat the player was in is settled by the caller
    (engine.warparena.combat)."""
    raise NotImplementedError


def concede(tx: Tx, player: str) -> None:
    """The player leaves as if their C-bot were destroyed by nobody (R-WA-WIN-2)."""
    raise NotImplementedError
