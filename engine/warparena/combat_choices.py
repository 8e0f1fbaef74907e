"""The checks of the fight decisions that settle something (6.1 steps 1 and 3, R-WA-CBT-4):
each refuses what the rules do not allow, in the player's words, or records the choice and
returns the combat moved on. engine.warparena.combat checks whose decision it is first.
"""

from __future__ import annotations

from dataclasses import replace

from engine.text import listed, plural
from engine.warparena import combat_sides as sides
from engine.warparena.combat_events import MatchedUp, PDsRedistributed
from engine.warparena.commands import FightOrder, MatchUps, OpponentOrder, Redistribute
from engine.warparena.fight import Combat, Step
from engine.warparena.pieces import MOST_PDS
from engine.warparena.state import GameState
from engine.warparena.tx import Refusal, Tx


def opponent_order(state: GameState, c: Combat, command: OpponentOrder) -> Combat:
    if sorted(command.order) != sorted(c.opponents):
        raise Refusal(
            "bad-order",
            f"Name each opponent in {c.hex} once, in the order to fight them: {listed(c.opponents)}.",
        )
    return replace(c, defender=command.order[0], opponents=command.order[1:], step=Step.REDISTRIBUTE)


def redistribute(tx: Tx, c: Combat, command: Redistribute) -> None:
    """Step 1: the player's robots in the hex share their PDs anew (0-4 each, same total)."""
    mine = {p.label: p for p in tx.state.board.pieces_at(c.hex) if p.owner == command.player}
    for label, n in command.pds.items():
        if label not in mine:
            raise Refusal("not-here", f"{label} is not one of your robots in {c.hex}.")
        if not 0 <= n <= MOST_PDS:
            raise Refusal("pds", f"{label} cannot carry {n} power discs: a robot carries 0 to {MOST_PDS}.")
    before = sum(p.pds for p in mine.values())
    after = sum(command.pds.get(label, p.pds) for label, p in mine.items())
    if after != before:
        raise Refusal(
            "pds-total",
            f"Your robots in {c.hex} carry {plural(before, 'power disc')} between them; "
            f"that gives out {plural(after, 'power disc')}.",
        )
    changed = {label: n for label, n in command.pds.items() if mine[label].pds != n}
    if changed:
        tx.emit(PDsRedistributed(command.player, c.hex, changed))


def match_ups(tx: Tx, c: Combat, command: MatchUps) -> Combat:
    """Step 3: every robot of the smaller side fights one of the larger side's, one on one."""
    a = {p.label for p in sides.eligible(tx.state, c)}
    d = {p.label for p in sides.defenders(tx.state, c)}
    pairs = command.pairs
    wanted = min(len(a), len(d))
    bad = next((p for p in pairs if p.attacker not in a or p.defender not in d), None)
    if bad is not None:
        raise Refusal(
            "bad-pair",
            f"{bad.attacker} against {bad.defender} is not a fight of this round: {c.attacker}'s robots "
            f"are {listed(sorted(a))}, {c.defender}'s are {listed(sorted(d))}.",
        )
    if len({p.attacker for p in pairs}) != len(pairs) or len({p.defender for p in pairs}) != len(pairs):
        raise Refusal("bad-pair", "A robot fights only once in a round.")
    if len(pairs) != wanted:
        raise Refusal(
            "bad-pair",
            f"This round has {plural(wanted, 'fight')}: every robot of the smaller side fights, one on one.",
        )
    ordered = len(pairs) == 1
    tx.emit(MatchedUp(c.hex, c.round, command.player, pairs, ordered=ordered))
    return replace(c, pairs=pairs, step=Step.SEAL if ordered else Step.FIGHT_ORDER)


def fight_order(tx: Tx, c: Combat, command: FightOrder) -> Combat:
    by_attacker = {p.attacker: p for p in c.pairs}
    if sorted(command.order) != sorted(by_attacker):
        raise Refusal(
            "bad-order",
            "Name each of the round's attacking robots once, in the order they fight: "
            f"{listed(sorted(by_attacker))}.",
        )
    pairs = tuple(by_attacker[label] for label in command.order)
    tx.emit(MatchedUp(c.hex, c.round, c.chooser or c.attacker, pairs, ordered=True))
    return replace(c, pairs=pairs, step=Step.SEAL)
