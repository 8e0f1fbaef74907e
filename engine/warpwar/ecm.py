"""Electronic countermeasures: the defender's best use of its ECM points (R-ECM-1..3).

After the reveal every fact is known, so instead of asking the defender the engine picks the
assignment a careful player would: the fewest hits past the screen, then the fewest ECM
points, then the fewest hits received, then points on the earliest missiles (R-ECM-4). Each
missile's options are independent once its points are fixed, so a small knapsack over
(missile, points) finds the optimum exactly.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.serial import serializable
from engine.warpwar.crt import Tactic, read_crt

MISSILE_DAMAGE = 2
"""Basic hits of a Missile that hits, before tech level and the CRT's bonus."""


@serializable
@dataclass(frozen=True)
class EcmUse:
    """ECM spent on one incoming missile."""

    points: int
    """ECM points the defender assigned to it."""
    effective: int
    """Points after the tech-level difference (R-ECM-1), never below 0."""
    drive_before: int
    drive_after: int


@dataclass(frozen=True)
class Incoming:
    """A missile as the defender sees it after the reveal."""

    tl: int
    drive: int


@dataclass(frozen=True)
class Defence:
    """The defending ship's side of the reckoning."""

    points: int
    """ECM points powered this round."""
    tl: int
    drive: int
    tactic: Tactic
    other_hits: int
    """Hits from beams and shells this round, which the screen absorbs together with missiles."""
    absorb: int
    """What the screen absorbs this round (screen power + TL, or 0)."""


def missile_hits(missile_tl: int, drive: int, target_drive: int, target_tactic: Tactic) -> int:
    """Hits a missile with this drive does to the target (0 on a miss or an "Escapes")."""
    reading = read_crt(Tactic.ATTACK, drive - target_drive, target_tactic)
    return MISSILE_DAMAGE + missile_tl + reading.outcome.bonus if reading.outcome.hits else 0


def effective_points(points: int, defender_tl: int, missile_tl: int) -> int:
    """R-ECM-1: points + (target TL − missile TL), not below 0; no points, no effect."""
    return max(0, points + defender_tl - missile_tl) if points > 0 else 0


def _best_shift(missile: Incoming, effective: int, defence: Defence) -> tuple[int, int]:
    """The drive within ``effective`` of the missile's (never below 1) that does least harm.

    Ties go to the smallest change, then to the lower drive. Drives past target + 5 all read
    "+5 or more" (a miss in every column), so the search stops there.
    """
    best_drive, best_hits = (
        missile.drive,
        missile_hits(missile.tl, missile.drive, defence.drive, defence.tactic),
    )
    ceiling = max(missile.drive, defence.drive + 5)
    for shift in range(1, effective + 1):
        for drive in (missile.drive - shift, missile.drive + shift):
            if drive < 1 or drive > ceiling:
                continue
            hits = missile_hits(missile.tl, drive, defence.drive, defence.tactic)
            if hits < best_hits:
                best_drive, best_hits = drive, hits
    return best_drive, best_hits


def plan_ecm(defence: Defence, missiles: list[Incoming]) -> list[EcmUse]:
    """The ECM use on each missile (in the given order) that minimises harm (R-ECM-2/3)."""
    uses = [EcmUse(0, 0, m.drive, m.drive) for m in missiles]
    if defence.points <= 0 or not missiles:
        return uses
    # options[i][a]: (drive, hits) for missile i given a points.
    options = [
        [_best_shift(m, effective_points(a, defence.tl, m.tl), defence) for a in range(defence.points + 1)]
        for m in missiles
    ]
    least, picks = _least_hits(options, defence.points)

    def harm(used: int) -> tuple[int, int, int]:
        received = defence.other_hits + least[used]
        return (max(0, received - defence.absorb), used, received)

    # Each number of points used is one candidate, so the least harm is one of them: no tie is left.
    left = min(range(defence.points + 1), key=harm)
    split = []
    for pick in picks:
        split.append(pick[left])
        left -= pick[left]
    return [
        EcmUse(a, effective_points(a, defence.tl, m.tl), m.drive, option[a][0]) if a else use
        for m, a, option, use in zip(missiles, split, options, uses, strict=True)
    ]


def _least_hits(options: list[list[tuple[int, int]]], points: int) -> tuple[list[int], list[list[int]]]:
    """The least missile hits for each number of points used in all (exactly 0 … ``points``),
    and for each missile, by the points left for it and those after it, the points it takes.

    A knapsack over the missiles from the last to the first, holding numbers only (no split is
    copied): ties go to the most points on the earlier missile (R-ECM-4). Comparing splits
    as tuples (``(1, 0)`` before ``(0, 1)``) is then deciding the first missile's points, and
    what the later missiles take with the points left is already the best, so the plan is exact.
    """
    after = [0] + [_NONE] * points  # the missiles after this one: nothing left, no points used
    picks: list[list[int]] = []
    for option in reversed(options):
        here = [_NONE] * (points + 1)
        pick = [0] * (points + 1)
        for total in range(points + 1):
            for a in range(total, -1, -1):  # most points first: an equal later one does not replace it
                hits = option[a][1] + after[total - a]
                if hits < here[total]:
                    here[total], pick[total] = hits, a
        after = here
        picks.append(pick)
    picks.reverse()
    return after, picks


_NONE = 1 << 60
"""More hits than any plan: an entry no split reaches."""
