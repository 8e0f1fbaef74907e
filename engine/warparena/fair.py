"""Provably fair dice (R-WA-DICE-2): every roll derived from a committed secret and the players' seeds.

When a game is created the game master draws a secret *server seed* (``secrets.token_bytes``)
and announces its :func:`commitment`, the SHA-256 of the seed in hex. Each player may add a
seed of their own (any text) when joining. Roll n of the game is then a pure function of the
server seed, the player seeds in seat order, n and the die, so nobody can steer it: the game
master fixed its seed before any player seed was known, and the players cannot know it. When
the game ends the seed is revealed; anyone can check it against the commitment and derive
every roll again (engine.warparena.verify, docs/warparena-dice.md).

The derivation, exactly (all integers unsigned and big-endian, text UTF-8):

    message   = b"warp-arena-dice-1"                           the scheme's 17-byte tag
                || u32(number of player seeds)
                || for each player seed in seat order: u32(length in bytes) || its bytes
                || u64(n)                                      the roll's number, 1, 2, ...
    candidate = HMAC-SHA-256(key = server seed, message || u32(k))   for k = 0, 1, 2, ...
    x         = the candidate's first 8 bytes as a u64
    limit     = 2**64 - (2**64 mod sides)
    the roll  = x mod sides + 1 for the first candidate with x < limit

Every field has a fixed width or a length in front, so no two different inputs give the same
message. Rejection sampling (throwing away an x at or above ``limit``, a multiple of
``sides``) makes every face exactly as likely: a plain ``x mod sides`` would favour the low
faces. For the dice of this game a candidate is thrown away less than once in 10**17 rolls,
so in practice the first candidate (k = 0) decides.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence

SCHEME = "warp-arena-dice-1"
"""The derivation's name: the tag at the head of every message, and the export's ``scheme``."""

_TAG = SCHEME.encode("ascii")
_SPAN = 2**64
"""How many values a candidate's first 8 bytes can take."""


def commitment(server_seed: bytes) -> str:
    """What the game master announces at creation: the SHA-256 of the server seed, in hex."""
    return hashlib.sha256(server_seed).hexdigest()


def accept(x: int, sides: int) -> int | None:
    """The face (1..sides) a candidate's value ``x`` (0 <= x < 2**64) shows, or None when it
    lies in the incomplete top block and must be thrown away (rejection sampling)."""
    if x >= _SPAN - _SPAN % sides:
        return None
    return x % sides + 1


class FairDice:
    """The game's dice (engine.warparena.dice.Dice) from a server seed and the player seeds.

    ``player_seeds`` are one per seat, in seat order, as the export lists them; a player who
    gave no seed has ``""``, which still counts (it is encoded with length 0)."""

    def __init__(self, server_seed: bytes, player_seeds: tuple[str, ...]) -> None:
        self.server_seed = server_seed
        self.player_seeds = player_seeds
        # The key and the seeds are the same for every roll: HMAC them once, copy per roll.
        self._prefix = hmac.new(server_seed, _seeds_part(player_seeds), hashlib.sha256)

    def roll(self, n: int, sides: int) -> int:
        """Roll number ``n`` (1, 2, ...) on a die of ``sides`` sides: 1..sides."""
        if n < 1 or sides < 1:
            raise ValueError(f"roll {n} on a die of {sides} sides cannot be made")
        head = self._prefix.copy()
        head.update(n.to_bytes(8, "big"))
        k = 0
        while True:
            candidate = head.copy()
            candidate.update(k.to_bytes(4, "big"))
            face = accept(int.from_bytes(candidate.digest()[:8], "big"), sides)
            if face is not None:
                return face
            k += 1


def _seeds_part(player_seeds: Sequence[str]) -> bytes:
    parts = [_TAG, len(player_seeds).to_bytes(4, "big")]
    for seed in player_seeds:
        encoded = seed.encode("utf-8")
        parts += [len(encoded).to_bytes(4, "big"), encoded]
    return b"".join(parts)
