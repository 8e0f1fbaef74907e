"""Which of the bot's shards this process runs: ``SHARD_COUNT`` and ``SHARD_IDS``.

Discord splits a bot's servers among shards (a server's shard is ``(server id >> 22) %
SHARD_COUNT``) and requires more than one past 2,500 servers. Every process of one bot gives the
same ``SHARD_COUNT`` and its own ``SHARD_IDS`` (``0-3``, ``0,2``, ``0-1,4``); together they run
every shard once. The processes share one PostgreSQL database, so any of them answers any
interaction and any direct message for any game (docs/deployment.md). Direct messages arrive on
shard 0 only, so one process must run it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

MAX_SHARDS = 4096
"""More shards than any bot of this kind needs (Discord's largest bots run a few thousand)."""


@dataclass(frozen=True)
class Shards:
    """The bot's shard count and the shards this process runs."""

    count: int = 1
    """How many shards the bot has in all (1: one connection, enough for 2,500 servers)."""
    ids: tuple[int, ...] | None = None
    """The shards this process runs, in order; None: every one."""

    @property
    def running(self) -> tuple[int, ...]:
        """The shards this process runs."""
        return self.ids if self.ids is not None else tuple(range(self.count))


ONE_SHARD = Shards()
"""A process alone on one shard: the default."""


def shards_from(environ: Mapping[str, str]) -> Shards | str:
    """The shards from ``SHARD_COUNT`` and ``SHARD_IDS`` (one shard when both are unset); or
    what is wrong with them, in one line."""
    count_text = environ.get("SHARD_COUNT", "").strip()
    ids_text = environ.get("SHARD_IDS", "").strip()
    if not count_text:
        if ids_text:
            return "SHARD_IDS needs SHARD_COUNT, the number of shards of every process together"
        return ONE_SHARD
    if not count_text.isdigit() or not 1 <= int(count_text) <= MAX_SHARDS:
        return f"SHARD_COUNT must be a whole number from 1 to {MAX_SHARDS}, not {count_text[:30]!r}"
    count = int(count_text)
    if not ids_text:
        return Shards(count)
    ids = read_shard_ids(ids_text, count)
    if isinstance(ids, str):
        return ids
    return Shards(count, ids)


def read_shard_ids(text: str, count: int) -> tuple[int, ...] | str:
    """``0-3``, ``0,2`` or ``0-1,4`` read as shard ids below ``count``, each once, in order; or
    what is wrong with the text."""
    wanted: list[int] = []
    for part in (piece.strip() for piece in text.split(",")):
        first, dash, last = part.partition("-")
        first, last = first.strip(), last.strip() if dash else first.strip()
        if not (first.isdigit() and last.isdigit()) or int(first) > int(last):
            return f"SHARD_IDS must be shard numbers and ranges like 0-3 or 0,2, not {part[:30]!r}"
        if int(last) >= count:  # checked before the range is made: "0-99999999" makes none
            return f"SHARD_IDS names shard {int(last)}, but SHARD_COUNT={count} numbers them 0 to {count - 1}"
        wanted.extend(range(int(first), int(last) + 1))
    if len(set(wanted)) != len(wanted):
        return f"SHARD_IDS names a shard twice: {text[:30]!r}"
    return tuple(sorted(wanted))
