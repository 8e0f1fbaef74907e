"""Check a finished game's dice from its export: ``python -m engine.warparena.verify FILE``.

An export is a JSON object with the game (whatever the game master writes there) and the dice:

    {"game": ...,
     "dice": {"scheme": "warp-arena-dice-1",
              "commitment": "<64 hex digits: SHA-256 of the server seed, announced at creation>",
              "server_seed": "<the seed in hex, revealed when the game ends>" or null,
              "player_seeds": ["<seat 1's seed>", "<seat 2's seed>", ...],
              "rolls": [{"n": 1, "sides": 20, "value": 7}, {"n": 2, "sides": 6, "value": 3}, ...]}}

``rolls`` lists every die of the game in order, numbered from 1 without a gap; ``sides`` is
the die and ``value`` what it showed. :func:`dice_record` writes this section for the game
master. The check: the revealed seed's SHA-256 equals the commitment, and every roll derived
again (engine.warparena.fair) equals the recorded one. The command prints ``all N rolls
verified`` and exits 0, or names the first difference and exits 1; it exits 2 without judging
when it cannot check: the file is not an export, or the seed is not revealed yet.

Players should also see their own seed in ``player_seeds``: the command prints them.
Everything but :func:`main` is pure; main reads the file and prints (docs/warparena-dice.md).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.text import plural
from engine.warparena.dice import Roll
from engine.warparena.fair import SCHEME, FairDice, commitment

VERIFIED, DIFFERS, CANNOT_CHECK = 0, 1, 2
"""Exit statuses: every roll checked out; something differs; the file could not be judged."""

_HEX_DIGEST = re.compile(r"[0-9a-f]{64}")
_HEX_BYTES = re.compile(r"(?:[0-9a-f]{2})+")
_ROLL_EXAMPLE = '{"n": 1, "sides": 20, "value": 7}'


def dice_record(
    rolls: Sequence[Roll], commitment: str, server_seed: bytes | None, player_seeds: Sequence[str]
) -> dict[str, Any]:
    """The export's ``dice`` section. ``server_seed`` is None until the game is over: the
    export of a game in progress shows the commitment and the rolls, not the seed."""
    return {
        "scheme": SCHEME,
        "commitment": commitment,
        "server_seed": None if server_seed is None else server_seed.hex(),
        "player_seeds": list(player_seeds),
        "rolls": [{"n": r.n, "sides": r.sides, "value": r.value} for r in rolls],
    }


@dataclass(frozen=True)
class Verdict:
    """What the check found: an exit status and the lines to print."""

    status: int
    lines: tuple[str, ...]


class _ExportError(Exception):
    """The export cannot be judged; the message says why."""


def check(export: object) -> Verdict:
    """Judge an export already read from JSON."""
    try:
        dice = _dice_section(export)
        server_seed = _server_seed(dice)
        seeds = tuple(_list_of(dice, "player_seeds", str, "texts"))
        rolls = [_roll(entry) for entry in _list_of(dice, "rolls", dict, "objects")]
    except _ExportError as problem:
        return Verdict(CANNOT_CHECK, (str(problem),))
    announced = dice["commitment"]
    if commitment(server_seed) != announced:
        return Verdict(
            DIFFERS,
            (
                "the server seed does not match the commitment: its SHA-256 is "
                f"{commitment(server_seed)}, the game announced {announced}",
            ),
        )
    fair = FairDice(server_seed, seeds)
    for expected, roll in enumerate(rolls, start=1):
        if roll.n != expected:
            return Verdict(
                DIFFERS, (f"roll {expected} is missing: the record has roll {roll.n} in its place",)
            )
        derived = fair.roll(roll.n, roll.sides)
        if derived != roll.value:
            return Verdict(
                DIFFERS,
                (f"roll {roll.n} (1d{roll.sides}) differs: recorded {roll.value}, derived {derived}",),
            )
    counted = "1 roll verified" if len(rolls) == 1 else f"all {plural(len(rolls), 'roll')} verified"
    shown = ", ".join(json.dumps(seed, ensure_ascii=False) for seed in seeds) or "none"
    return Verdict(VERIFIED, (counted, f"player seeds in seat order: {shown}"))


def _dice_section(export: object) -> dict[str, Any]:
    if not isinstance(export, dict) or not isinstance(export.get("dice"), dict):
        raise _ExportError('this is not a Warp Arena game export: it has no "dice" section')
    dice: dict[str, Any] = export["dice"]
    if dice.get("scheme") != SCHEME:
        raise _ExportError(f"the dice were made by scheme {dice.get('scheme')!r}; this checks {SCHEME!r}")
    if not isinstance(dice.get("commitment"), str) or not _HEX_DIGEST.fullmatch(dice["commitment"]):
        raise _ExportError('the "commitment" is not a SHA-256 in hex (64 digits 0-9, a-f)')
    return dice


def _server_seed(dice: dict[str, Any]) -> bytes:
    seed = dice.get("server_seed")
    if seed is None:
        raise _ExportError("the server seed is not revealed yet: it is revealed when the game is over")
    if not isinstance(seed, str) or not _HEX_BYTES.fullmatch(seed):
        raise _ExportError('the "server_seed" is not bytes in hex (pairs of digits 0-9, a-f)')
    return bytes.fromhex(seed)


def _list_of(dice: dict[str, Any], key: str, kind: type, what: str) -> list[Any]:
    items = dice.get(key)
    if not isinstance(items, list) or not all(isinstance(item, kind) for item in items):
        raise _ExportError(f'the "{key}" are not a list of {what}')
    return items


def _roll(entry: dict[str, Any]) -> Roll:
    numbers = [entry.get(key) for key in ("n", "sides", "value")]
    whole = [x for x in numbers if isinstance(x, int) and not isinstance(x, bool) and x >= 1]
    if len(whole) != len(numbers):
        raise _ExportError(f'a roll is written {{"n": 1, "sides": 20, "value": 7}}, not {json.dumps(entry)}')
    n, sides, value = whole
    return Roll(n, sides, value)


def main(argv: Sequence[str] | None = None) -> int:
    """Read an export file, judge it, print the verdict; return the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m engine.warparena.verify",
        description="Re-derive every die of a finished Warp Arena game from its export.",
    )
    parser.add_argument("file", help="the game's export (JSON)")
    path = parser.parse_args(argv).file
    try:
        with open(path, encoding="utf-8") as source:
            export = json.load(source)
    except OSError as problem:
        print(f"{path}: cannot be read: {problem.strerror or problem}", file=sys.stderr)
        return CANNOT_CHECK
    except (UnicodeDecodeError, json.JSONDecodeError):
        print(f"{path}: this is not a Warp Arena game export: it is not JSON", file=sys.stderr)
        return CANNOT_CHECK
    verdict = check(export)
    stream = sys.stdout if verdict.status != CANNOT_CHECK else sys.stderr
    prefix = f"{path}: " if verdict.status == CANNOT_CHECK else ""
    for line in verdict.lines:
        print(prefix + line, file=stream)
    return verdict.status


if __name__ == "__main__":
    sys.exit(main())
