"""One combat round written up the way a referee would read it out (R-CBT-11).

Players should not have to decode a data structure to learn what happened: the write-up
names every revealed order in the rulebook notation, reads each weapon off the CRT the way
the rule texts' examples do (``ATTACK (0, +1) against ATTACK: Hit +2``), and says what each
ship suffered. It always renders :meth:`RoundReport.view_for` itself, so a caller that
passes the full report cannot leak another player's damage, record or cargo by mistake.
The text is plain and short enough for one Discord message for a small battle.
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.text import plural
from engine.warpwar.order_notation import format_order
from engine.warpwar.orders import DamageSlot
from engine.warpwar.report import QUIET_ROUNDS, RoundReport, ShipResult, Shot, Weapon

_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def write_up(report: RoundReport, place: str, viewer: str | None) -> str:
    """The round at ``place`` (the star's name) as ``viewer`` may read it (None: everyone in the battle).

    Sections follow the order a referee works in: orders revealed, fire read on the CRT,
    damage per ship, then how close the battle is to ending without a winner.
    """
    seen = report.view_for(viewer)
    sections = [
        [f"{place}, round {seen.round}"],
        ["Orders revealed:", *_orders(seen)],
        ["Fire:", *_fire(seen)],
        ["Damage:", *(line for r in seen.ships for line in _damage(r, place))],
    ]
    quiet = _quiet(seen.quiet)
    if quiet:
        sections.append([quiet])
    return "\n\n".join("\n".join(section) for section in sections)


def ship_name(key: str) -> str:
    """``alice:W4`` as players say it: ``alice's W4`` (labels repeat between players)."""
    owner, _, label = key.partition(":")
    return f"{owner}'s {label}"


# --- orders ----------------------------------------------------------------------------------


def _orders(report: RoundReport) -> Iterator[str]:
    """Each ship's orders as its player would have typed them, marked when nobody typed them."""
    for key, orders in report.orders.items():
        first, *missiles = format_order(orders).split("\n")
        yield f"{key.partition(':')[0]}'s {first}{_order_source(report, key)}"
        yield from missiles


def _order_source(report: RoundReport, key: str) -> str:
    """Standing and default orders are flagged: the other side should know nobody chose them."""
    if key in report.standing:
        return " (standing orders)"
    if key in report.defaulted:
        return " (default orders: none were sent)"
    return ""


# --- fire ------------------------------------------------------------------------------------


def _fire(report: RoundReport) -> Iterator[str]:
    """One line per weapon fired, then any ECM that was powered against missiles but not spent."""
    if not report.shots:
        yield "No weapon fired."
        return
    for shot in report.shots:
        yield _shot_line(shot)
    yield from _unspent_ecm(report)


def _weapon(shot: Shot) -> str:
    """``beam 2``, ``missile``, ``cannon, 3 shells``: what was fired, with its strength."""
    if shot.weapon is Weapon.BEAM:
        return f"beam {shot.strength}"
    if shot.weapon is Weapon.CANNON:
        return f"cannon, {plural(shot.strength, 'shell')}"
    return "missile"


def _shot_line(shot: Shot) -> str:
    """One weapon read on the CRT, as a referee says it:
    ``bob's S35, missile at alice's W4: drive 3 against 2 → ATTACK (0, +1) against ATTACK: Hit +2, 5 hits.``

    For a missile the target met with ECM, the ECM comes first: it changed the drive the
    CRT was read with.
    """
    head = f"{ship_name(shot.shooter)}, {_weapon(shot)} at {ship_name(shot.target)}: "
    ecm = f"{_ecm_clause(shot)}; " if shot.ecm is not None else ""
    cell = f"{shot.tactic.name} ({shot.row}) against {shot.column.name}"
    return f"{head}{ecm}drive {shot.drive} against {shot.target_drive} → {cell}: {_result(shot)}"


def _ecm_clause(shot: Shot) -> str:
    """How the target's ECM moved this missile's drive (R-ECM-1/2)."""
    use = shot.ecm
    assert use is not None
    spent = f"{ship_name(shot.target)} spent {use.points} ECM ({use.effective} effective)"
    if use.drive_after == use.drive_before:
        return f"{spent}, which could not move it from drive {use.drive_before}"
    return f"{spent} and moved it from drive {use.drive_before} to {use.drive_after}"


def _result(shot: Shot) -> str:
    """The cell as printed, and the hits when it hits (``Miss.``, ``Escapes.``, ``Hit +2, 5 hits.``)."""
    if not shot.outcome.hits:
        return f"{shot.outcome.value}."
    return f"{shot.outcome.value}, {plural(shot.hits, 'hit')}."


def _unspent_ecm(report: RoundReport) -> Iterator[str]:
    """ECM left unspent by a ship a missile hit, so its owner sees why the PD bought nothing.

    The engine spends ECM as a careful defender would; points it leaves are points that could
    not lessen the damage (against a missile of higher tech level, say). Ships no missile hit
    are left out: there was nothing for their ECM to do, and big battles have many of them.
    """
    for key, orders in report.orders.items():
        incoming = [s for s in report.shots if s.target == key and s.weapon is Weapon.MISSILE]
        if orders.ecm <= 0 or not any(s.hits for s in incoming):
            continue
        spent = sum(s.ecm.points for s in incoming if s.ecm is not None)
        if spent < orders.ecm:
            unused = "spent none" if spent == 0 else f"left {orders.ecm - spent}"
            yield (
                f"{ship_name(key)} {unused} of its {orders.ecm} ECM: "
                "no use of it would have lessened the damage."
            )


# --- damage ----------------------------------------------------------------------------------


def _damage(result: ShipResult, place: str) -> Iterator[str]:
    """The public line for a ship, then what the hits did to it if the view kept that.

    Only :meth:`RoundReport.view_for` decides who sees the private fields; repeating the
    rule here would let the two drift apart.
    """
    yield f"{ship_name(result.ship)}: {_hits(result)}{_fate(result, place)}"
    private = _private(result)
    if private:
        yield f"  {private}"


def _hits(result: ShipResult) -> str:
    """``9 hits, 1 absorbed by its screen, 8 taken.`` — what R-CBT-11 tells everyone."""
    if result.received == 0:
        return "no hits."
    parts = [plural(result.received, "hit")]
    if result.absorbed:
        parts.append(f"{result.absorbed} absorbed by its screen")
    parts.append(f"{result.effective} taken")
    return ", ".join(parts) + "."


def _fate(result: ShipResult, place: str) -> str:
    """Destroyed, escaped, and Systemships left on or taken off the star: all public."""
    notes: list[str] = []
    if result.destroyed:
        notes.append("Destroyed.")
    if result.escaped_to is not None:
        notes.append(f"Escaped to hex {result.escaped_to}.")
    if result.dropped:
        notes.append(f"Dropped {', '.join(result.dropped)} at {place}.")
    if result.picked_up:
        notes.append(f"Picked up {', '.join(result.picked_up)}.")
    return "".join(f" {note}" for note in notes)


def _private(result: ShipResult) -> str:
    """Where the hits went, the record after, and what was lost with the ship: its owner's eyes only."""
    parts: list[str] = []
    if result.taken:
        parts.append(f"taken in {_taken(result.taken)}")
    if result.record is not None:
        parts.append(f"now {result.record}")
    if result.cargo_lost:
        parts.append(f"{result.cargo_lost} BP of cargo lost")
    if result.lost:
        parts.append(f"{', '.join(result.lost)} lost with it in its racks")
    return "; ".join(parts) + "." if parts else ""


def _taken(taken: dict[DamageSlot, int]) -> str:
    """``E 1, SH 1, C 1, S 2, B 3``: slots in the order the hits were taken."""
    return ", ".join(f"{slot.value} {hits}" for slot, hits in taken.items())


def _quiet(quiet: int) -> str:
    """R-CBT-10: say how near the battle is to ending for want of damage."""
    if quiet <= 0:
        return ""
    if quiet >= QUIET_ROUNDS:
        return f"{plural(quiet, 'round')} in a row without damage: the battle ends."
    left = QUIET_ROUNDS - quiet
    if left == 1 and len(_ORDINALS) >= QUIET_ROUNDS:
        more = f"a {_ORDINALS[QUIET_ROUNDS - 1]} ends the battle"
    else:
        more = f"{left} more in a row end the battle"
    run = "in a row " if quiet > 1 else ""
    return f"{plural(quiet, 'round')} {run}without damage; {more}."
