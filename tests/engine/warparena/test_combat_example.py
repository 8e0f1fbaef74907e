"""The combat example of 6.2, step by step with its dice, cards and choices.

The defender (bob) holds 9-C with a force field, a D-bot and two W-bots carrying 2 PDs
each, and combat cards 2 and 4. The attacker (ann) has moved two H-bots, a B-bot and two
W-bots in (W1 and H1 carrying a PD each) and fires two B-bots from a distance (B2 with a
PD); she holds combat cards 1, 3 and 5.
"""

from __future__ import annotations

import pytest

from engine.warparena import combat
from engine.warparena.combat_events import CombatOver
from engine.warparena.commands import (
    AttackField,
    DistanceAttack,
    FightOrder,
    MatchUps,
    Pairing,
    Redistribute,
    SealCard,
)
from engine.warparena.hexes import HexName
from engine.warparena.pieces import PieceRef
from engine.warparena.tx import Tx
from engine.warparena.waiting import Decision, Waiting
from tests.engine.warparena.builders import Position
from tests.engine.warparena.combat_helpers import all_pass, cards_accounted, combat_value, decided, pds, tx_of

HEX = HexName("9-C")
ONE, THREE, FIVE = combat_value(1), combat_value(3), combat_value(5)
TWO, FOUR = combat_value(2), combat_value(4)

FIELD_DICE = [3, 5]
ROUND_1 = [2, 4, 3, 1, 4, 4]
ROUND_2 = [5, 2, 6, 3]
ROUND_3 = [7, 9]


def position() -> Position:
    return (
        Position.of("ann", "bob")
        .grid(9)
        .field("9-C", "bob")
        .piece("bob", "D1", "9-C")
        .piece("bob", "W1", "9-C", pds=2)
        .piece("bob", "W2", "9-C", pds=2)
        .piece("ann", "H1", "9-C", pds=1)
        .pieces_at("ann", "9-C", "H2", "B1")
        .piece("ann", "W1", "9-C", pds=1)
        .piece("ann", "W2", "9-C")
        .piece("ann", "C", "9-4")
        .piece("bob", "C", "9-6")
        .piece("ann", "B2", "9-1", pds=1)
        .piece("ann", "B3", "9-2")
        .playing("ann")
    )


def start(dice: list[int]) -> Tx:
    tx = tx_of(position(), dice, ann=(ONE, THREE, FIVE), bob=(TWO, FOUR))
    combat.begin(tx, (HEX,), "ann", (DistanceAttack("B2", HEX), DistanceAttack("B3", HEX)))
    return tx


def step_1(tx: Tx) -> None:
    combat.decide(tx, Redistribute("ann", {"H1": 2, "W1": 0}))
    combat.decide(tx, Redistribute("bob", {"D1": 4, "W1": 0, "W2": 0}))


def step_2(tx: Tx) -> None:
    combat.decide(tx, AttackField("ann", "B2", card=ONE))
    all_pass(tx)
    combat.decide(tx, AttackField("ann", "H1"))


def round_1(tx: Tx) -> None:
    combat.decide(tx, MatchUps("ann", (Pairing("B3", "D1"), Pairing("H1", "W1"), Pairing("H2", "W2"))))
    combat.decide(tx, FightOrder("ann", ("B3", "H1", "H2")))
    for _ in range(3):
        combat.decide(tx, SealCard("ann"))
        combat.decide(tx, SealCard("bob"))


def round_2(tx: Tx) -> None:
    combat.decide(tx, MatchUps("ann", (Pairing("B1", "D1"), Pairing("H1", "W2"))))
    combat.decide(tx, FightOrder("ann", ("B1", "H1")))
    combat.decide(tx, SealCard("ann", THREE))
    combat.decide(tx, SealCard("bob", TWO))
    all_pass(tx)
    combat.decide(tx, SealCard("ann"))
    combat.decide(tx, SealCard("bob"))


def round_3(tx: Tx) -> None:
    combat.decide(tx, MatchUps("ann", (Pairing("H1", "D1"),)))
    combat.decide(tx, SealCard("ann", FIVE))
    combat.decide(tx, SealCard("bob", FOUR))
    all_pass(tx)


def test_step_1_redistribution_attacker_first() -> None:
    """6.2 step 1 (R-WA-CBT-1, 6.1 step 1): the attacker redistributes first (both PDs to an
    H-bot), then the defender (all four to the D-bot); the B-bot firing from a distance keeps
    its PD out of it."""
    tx = start(FIELD_DICE)
    assert combat.waiting(tx.state) == (Waiting("ann", Decision.REDISTRIBUTE, "the combat in 9-C"),)
    combat.decide(tx, Redistribute("ann", {"H1": 2, "W1": 0}))
    assert [w.player for w in combat.waiting(tx.state)] == ["bob"]
    combat.decide(tx, Redistribute("bob", {"D1": 4, "W1": 0, "W2": 0}))
    assert (pds(tx, "ann", "H1"), pds(tx, "ann", "W1"), pds(tx, "ann", "B2")) == (2, 0, 1)
    assert (pds(tx, "bob", "D1"), pds(tx, "bob", "W1"), pds(tx, "bob", "W2")) == (4, 0, 0)
    assert combat.waiting(tx.state) == (Waiting("ann", Decision.ATTACK_FIELD, "the force field in 9-C"),)


def test_step_2_force_field_holds_at_3_plus_2_then_falls_at_5_plus_2() -> None:
    """6.2 step 2 (R-WA-CBT-2): the distance B-bot with its PD and card 1 rolls 3: 5, the
    field holds and the B-bot survives; the H-bot with 2 PDs rolls 5: 7, the field falls."""
    tx = start(FIELD_DICE)
    step_1(tx)
    combat.decide(tx, AttackField("ann", "B2", card=ONE))
    assert tx.state.window is not None  # 6.1 F: the card may be cancelled
    all_pass(tx)
    first = decided(tx)[-1]
    assert (first.attacker_total, first.field_down, first.destroyed) == (5, False, None)
    assert tx.state.board.piece(PieceRef("ann", "B2")) is not None
    assert HEX in tx.state.board.force_fields
    combat.decide(tx, AttackField("ann", "H1"))
    second = decided(tx)[-1]
    assert (second.attacker_total, second.field_down) == (7, True)
    assert HEX not in tx.state.board.force_fields
    assert ONE in tx.state.discards and ONE not in tx.state.player("ann").hand
    # Round 1: six attacking robots (B2 has fired) against three: the attacker matches.
    assert combat.waiting(tx.state) == (Waiting("ann", Decision.MATCH_UPS, "the combat in 9-C, round 1"),)


def test_round_1_eight_to_two_five_to_one_and_the_four_four_tie() -> None:
    """6.2 round 1 (6.1 step 3, R-WA-CBT-3): B3 from a distance loses 2 to 8 and survives; H1
    beats a W-bot 5 to 1; H2 and the other W-bot tie at 4 and the defender wins the tie."""
    tx = start(FIELD_DICE + ROUND_1)
    step_1(tx)
    step_2(tx)
    round_1(tx)
    fights = [(f.attacker.label, f.attacker_total, f.defender_total, f.winner) for f in decided(tx)[2:]]
    assert fights == [("B3", 2, 8, "bob"), ("H1", 5, 1, "ann"), ("H2", 4, 4, "bob")]
    board = tx.state.board
    assert board.piece(PieceRef("ann", "B3")) is not None
    assert board.piece(PieceRef("bob", "W1")) is None
    assert board.piece(PieceRef("ann", "H2")) is None
    c = tx.state.combat
    assert c is not None and c.distance == ()  # both distance B-bots have fired
    assert combat.waiting(tx.state) == (Waiting("ann", Decision.MATCH_UPS, "the combat in 9-C, round 2"),)


def test_round_2_eight_eight_tie_with_cards_3_and_2() -> None:
    """6.2 round 2 (6.1 A-G, R-WA-CBT-1): sealed cards 3 and 2 revealed after the dice; the
    B-bot's 5+3 ties the D-bot's 2+4+2 and the defender wins; H1's 6+2 beats the W-bot's 3."""
    tx = start(FIELD_DICE + ROUND_1 + ROUND_2)
    step_1(tx)
    step_2(tx)
    round_1(tx)
    combat.decide(tx, MatchUps("ann", (Pairing("B1", "D1"), Pairing("H1", "W2"))))
    combat.decide(tx, FightOrder("ann", ("B1", "H1")))
    combat.decide(tx, SealCard("ann", THREE))
    assert THREE in tx.state.player("ann").hand  # sealed, not yet shown
    combat.decide(tx, SealCard("bob", TWO))
    assert tx.state.window is not None and {THREE, TWO} <= set(tx.state.discards)
    all_pass(tx)
    tie = decided(tx)[-1]
    assert (tie.attacker_total, tie.defender_total, tie.winner) == (8, 8, "bob")
    combat.decide(tx, SealCard("ann"))
    combat.decide(tx, SealCard("bob"))
    last = decided(tx)[-1]
    assert (last.attacker_total, last.defender_total, last.winner) == (8, 3, "ann")
    assert [p.label for p in tx.state.board.pieces_at(HEX) if p.owner == "bob"] == ["D1"]


def test_round_3_fourteen_loses_to_seventeen() -> None:
    """6.2 round 3: H1 (7 + 2 PDs + card 5 = 14) loses to the D-bot (9 + 4 PDs + card 4 = 17)."""
    tx = start(FIELD_DICE + ROUND_1 + ROUND_2 + ROUND_3)
    step_1(tx)
    step_2(tx)
    round_1(tx)
    round_2(tx)
    round_3(tx)
    fight = decided(tx)[-1]
    assert (fight.attacker_total, fight.defender_total, fight.winner) == (14, 17, "bob")
    assert tx.state.board.piece(PieceRef("ann", "H1")) is None
    assert tx.state.board.unclaimed[HEX] == 2  # H1's PDs lie unclaimed until the end


@pytest.mark.parametrize("w_roll", [1, 2, 3, 4])
def test_the_hopeless_w_bots_are_removed_and_step_4_leaves_two_unclaimed(w_roll: int) -> None:
    """6.2's end (R-WA-X-21, R-WA-CBT-3, 6.1 step 4): the W-bots fight rounds 4 and 5 and,
    whatever they roll (at most 4 against the D-bot's at least 5), are removed; the two PDs of
    the attacker's H-bot stay unclaimed, the D-bot already carrying four."""
    tx = start(FIELD_DICE + ROUND_1 + ROUND_2 + ROUND_3 + [w_roll, 1, w_roll, 1])
    step_1(tx)
    step_2(tx)
    round_1(tx)
    round_2(tx)
    round_3(tx)
    # Round 4: two W-bots against the D-bot, the attacker matches; round 5: one against one.
    assert combat.waiting(tx.state) == (Waiting("ann", Decision.MATCH_UPS, "the combat in 9-C, round 4"),)
    combat.decide(tx, MatchUps("ann", (Pairing("W1", "D1"),)))
    for _ in range(2):
        combat.decide(tx, SealCard("ann"))
        combat.decide(tx, SealCard("bob"))
    assert [(f.attacker_total, f.defender_total) for f in decided(tx)[-2:]] == [(w_roll, 5), (w_roll, 5)]
    board = tx.state.board
    assert [p.label for p in board.pieces_at(HEX)] == ["D1"]
    assert board.piece(PieceRef("bob", "D1")) is not None
    assert pds(tx, "bob", "D1") == 4 and board.unclaimed[HEX] == 2
    assert tx.state.combat is None
    assert [e for e in tx.events if isinstance(e, CombatOver)] == [CombatOver(HEX, "bob")]
    # The B-bots that fired from a distance are still there; every card is accounted for.
    assert board.piece(PieceRef("ann", "B2")) is not None and board.piece(PieceRef("ann", "B3")) is not None
    assert tx.state.player("ann").hand == () and tx.state.player("bob").hand == ()
    assert cards_accounted(tx.state)
