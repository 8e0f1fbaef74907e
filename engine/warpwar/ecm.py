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


def _better(candidate: tuple[int, tuple[int, ...]], kept: tuple[int, tuple[int, ...]]) -> bool:
    """Fewer hits; on a tie the split that puts points on earlier missiles (R-ECM-4).

    Splits compare as tuples, so ``(1, 0)`` (the first missile jammed) beats ``(0, 1)``. A
    prefix kept this way is also the best prefix of the best whole plan, so the table stays exact.
    """
    return candidate[0] < kept[0] or (candidate[0] == kept[0] and candidate[1] > kept[1])


def plan_ecm(defence: Defence, missiles: list[Incoming]) -> list[EcmUse]:
    """The ECM use on each missile (in the given order) that minimises harm (R-ECM-2/3)."""
    uses = [EcmUse(0, 0, m.drive, m.drive) for m in missiles]
    if defence.points <= 0 or not missiles:
        return uses
    # options[i][a]: (hits, drive) for missile i given a points.
    options = [
        [_best_shift(m, effective_points(a, defence.tl, m.tl), defence) for a in range(defence.points + 1)]
        for m in missiles
    ]
    # table[p] = (least missile hits using exactly p points, the points given to each missile)
    table: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
    for option in options:
        grown: dict[int, tuple[int, tuple[int, ...]]] = {}
        for used, (hits, split) in table.items():
            for a in range(defence.points - used + 1):
                candidate = (hits + option[a][1], (*split, a))
                if used + a not in grown or _better(candidate, grown[used + a]):
                    grown[used + a] = candidate
        table = grown

    def harm(item: tuple[int, tuple[int, tuple[int, ...]]]) -> tuple[int, int, int]:
        used, (hits, _) = item
        received = defence.other_hits + hits
        return (max(0, received - defence.absorb), used, received)

    # Each number of points used has its own entry, so the least harm is one entry: no tie is left.
    _, (_, split) = min(table.items(), key=harm)
    return [
        EcmUse(a, effective_points(a, defence.tl, m.tl), m.drive, option[a][0]) if a else use
        for m, a, option, use in zip(missiles, split, options, uses, strict=True)
    ]
