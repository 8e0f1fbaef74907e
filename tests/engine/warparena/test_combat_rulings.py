"""Every combat ruling (R-WA-CBT-1..5) and the project's combat rulings (R-WA-X-20..29),
on small positions in grid 9."""

from __future__ import annotations

import pytest

from engine import serial
from engine.warparena import combat, windows
from engine.warparena.combat_events import CombatOver, MatchedUp, Revealed
from engine.warparena.commands import (
    AttackField,
    DistanceAttack,
    FightOrder,
    MatchUps,
    OpponentOrder,
    Pairing,
    Redistribute,
    SealCard,
)
from engine.warparena.fight import Step
from engine.warparena.hexes import HexName
from engine.warparena.pieces import PieceRef
from engine.warparena.state import GameState
from engine.warparena.tx import Refusal, Tx
from engine.warparena.waiting import Decision, Waiting
from tests.engine.warparena.builders import Position
from tests.engine.warparena.combat_helpers import WILD, all_pass, combat_value, decided, pds, tx_of

HEX = HexName("9-C")


def base(*players: str) -> Position:
    """Grid 9 with each player's C-bot on a secondary hex of its own."""
    pos = Position.of(*(players or ("ann", "bob"))).grid(9).grid(10, beside=9, slot=7)
    for k, player in enumerate(pos.players, start=1):
        pos = pos.piece(player, "C", f"10-{k}")
    return pos.playing(pos.players[0])


def here(tx: Tx, owner: str) -> list[str]:
    return [p.label for p in tx.state.board.pieces_at(HEX) if p.owner == owner]


def seal_none(tx: Tx, *players: str) -> None:
    for player in players or ("ann", "bob"):
        combat.decide(tx, SealCard(player))


def fold(start: GameState, tx: Tx) -> GameState:
    state = start
    for event in tx.events:
        state = event.apply(state)
    return state


# --- R-WA-CBT-1: the sequence, sealed cards, the Wild Warp as a combat card -----------------------


def test_sealed_cards_are_hidden_until_both_chose_then_revealed_after_the_dice() -> None:
    """R-WA-CBT-1, R-WA-X-22 (6.1 A-E): a sealed card stays in the hand until both fighters
    have chosen; the dice are rolled before the cards are turned over; a Wild Warp counts as
    the value named."""
    pos = base().piece("ann", "H1", "9-C").piece("bob", "D1", "9-C")
    tx = tx_of(pos, [4, 6], ann=(WILD[0],), bob=(combat_value(2),))
    combat.begin(tx, (HEX,), "ann")
    assert {w.player for w in combat.waiting(tx.state)} == {"ann", "bob"}
    combat.decide(tx, SealCard("ann", WILD[0], wild_value=5))
    assert combat.sealing(tx.state) and tx.state.player("ann").hand == (WILD[0],)
    assert combat.waiting(tx.state) == (
        Waiting("bob", Decision.SEAL_CARD, "the fight in 9-C: ann's H1 against bob's D1"),
    )
    combat.decide(tx, SealCard("bob", combat_value(2)))
    revealed = next(e for e in tx.events if isinstance(e, Revealed))
    assert (revealed.attacker_roll, revealed.defender_roll) == (4, 6)
    assert revealed.values == {"ann": 5, "bob": 2}
    all_pass(tx)
    fight = decided(tx)[-1]
    assert (fight.attacker_total, fight.defender_total, fight.winner) == (9, 8, "ann")
    assert here(tx, "bob") == [] and tx.state.combat is None


@pytest.mark.parametrize(
    ("card", "wild_value", "code"),
    [
        (55, None, "not-combat-card"),
        (WILD[0], None, "wild-value"),
        (WILD[0], 6, "wild-value"),
        (3, None, "not-in-hand"),
    ],
)
def test_a_sealed_card_must_be_a_combat_card_in_hand(card: int, wild_value: int | None, code: str) -> None:
    """R-WA-CBT-1: only a combat card from the hand, or a Wild Warp with a value 1-5, is sealed."""
    pos = base().piece("ann", "H1", "9-C").piece("bob", "D1", "9-C")
    tx = tx_of(pos, [], ann=(55, WILD[0], combat_value(1)))
    combat.begin(tx, (HEX,), "ann")
    with pytest.raises(Refusal) as refused:
        combat.decide(tx, SealCard("ann", card, wild_value))
    assert refused.value.code == code


def test_a_decision_out_of_turn_is_refused_with_what_the_game_waits_on() -> None:
    """R-WA-CBT-1: each decision belongs to one player; another's is refused, saying whom the
    game waits on and for what."""
    pos = base().piece("ann", "H1", "9-C", pds=1).piece("ann", "W1", "9-C").piece("bob", "D1", "9-C")
    tx = tx_of(pos)
    combat.begin(tx, (HEX,), "ann")
    with pytest.raises(Refusal) as refused:
        combat.decide(tx, Redistribute("bob", {}))
    assert refused.value.message == (
        "That is not yours to decide now: the game waits on ann for a redistribution of power discs "
        "(the combat in 9-C)."
    )
    with pytest.raises(Refusal):
        combat.decide(tx, SealCard("ann"))


def test_redistribution_keeps_the_total_and_the_limit_of_four() -> None:
    """6.1 step 1 (R-WA-PD-1): PDs move only between the player's robots in the hex, 0-4 each."""
    pos = base().piece("ann", "H1", "9-C", pds=3).piece("ann", "W1", "9-C", pds=2).piece("bob", "D1", "9-C")
    tx = tx_of(pos)
    combat.begin(tx, (HEX,), "ann")
    for given, code in (
        ({"H1": 5, "W1": 0}, "pds"),
        ({"H1": 4, "W1": 0}, "pds-total"),
        ({"C": 1}, "not-here"),
    ):
        with pytest.raises(Refusal) as refused:
            combat.decide(tx, Redistribute("ann", given))
        assert refused.value.code == code
    combat.decide(tx, Redistribute("ann", {"H1": 4, "W1": 1}))
    assert pds(tx, "ann", "H1") == 4


def test_a_wild_warp_cancels_a_revealed_combat_card() -> None:
    """6.1 F, R-WA-X-22, R-WA-CARD-3: in the window after the reveal the defender cancels the
    attacker's card with a Wild Warp; the fight is decided without it, both cards discarded."""
    pos = base().piece("ann", "H1", "9-C").piece("bob", "D1", "9-C")
    five = combat_value(5)
    tx = tx_of(pos, [6, 5], ann=(five,), bob=(WILD[1],))
    combat.begin(tx, (HEX,), "ann")
    combat.decide(tx, SealCard("ann", five))
    combat.decide(tx, SealCard("bob"))
    assert tx.state.combat is not None and tx.state.combat.step is Step.WINDOW
    assert combat.waiting(tx.state) == ()
    windows.answer_cancel(tx, "bob", None, tx.state.player("bob").hand)
    all_pass(tx)
    fight = decided(tx)[-1]
    assert (fight.attacker_total, fight.defender_total, fight.winner, fight.cancelled) == (
        6,
        5,
        "ann",
        (five,),
    )
    tx2 = tx_of(pos, [4, 5], ann=(five,), bob=(WILD[1],))
    combat.begin(tx2, (HEX,), "ann")
    combat.decide(tx2, SealCard("ann", five))
    combat.decide(tx2, SealCard("bob"))
    windows.answer_cancel(tx2, "bob", five, tx2.state.player("bob").hand)
    all_pass(tx2)
    assert decided(tx2)[-1].winner == "bob" and here(tx2, "ann") == []
    assert set(tx2.state.discards) == {five, WILD[1]}


# --- R-WA-CBT-2: the force field ----------------------------------------------------------


def test_robots_losing_to_a_field_die_until_none_is_left_and_the_defender_keeps_the_hex() -> None:
    """R-WA-CBT-2 (6.1 step 2): a robot in the hex totalling under 6 against the field is
    destroyed (its PD left unclaimed); the attacker goes on until nothing eligible is left;
    the field's owner keeps the hex and takes up the PD (step 4)."""
    pos = (
        base()
        .field("9-C", "bob")
        .piece("ann", "W1", "9-C", pds=1)
        .piece("ann", "W2", "9-C")
        .piece("bob", "H1", "9-C")
    )
    tx = tx_of(pos, [4, 3])
    combat.begin(tx, (HEX,), "ann")
    combat.decide(tx, Redistribute("ann", {}))
    combat.decide(tx, AttackField("ann", "W1"))
    assert decided(tx)[-1].destroyed == PieceRef("ann", "W1")
    assert tx.state.board.unclaimed[HEX] == 1
    combat.decide(tx, AttackField("ann", "W2"))
    assert here(tx, "ann") == [] and HEX in tx.state.board.force_fields
    assert tx.state.combat is None
    assert pds(tx, "bob", "H1") == 1
    assert HEX not in tx.state.board.unclaimed


def test_a_field_alone_falls_to_a_distance_b_bot_and_the_combat_ends() -> None:
    """R-WA-CBT-2, R-WA-X-28: a B-bot firing from a distance at a lone field brings it down
    with 6 or more and is done; at 5 it survives, the field stands, and nothing is left."""
    pos = base().field("9-C", "bob").piece("ann", "B1", "9-1", pds=1)
    for roll, down in ((5, True), (4, False)):
        tx = tx_of(pos, [roll])
        combat.begin(tx, (), "ann", (DistanceAttack("B1", HEX),))
        combat.decide(tx, AttackField("ann", "B1"))
        assert (HEX not in tx.state.board.force_fields) is down
        assert tx.state.board.piece(PieceRef("ann", "B1")) is not None
        assert tx.state.combat is None


# --- R-WA-CBT-3: rounds, distance B-bots, step 4 -------------------------------------------------


def test_distance_b_bots_fight_one_round_and_survive_then_the_defender_keeps_the_hex() -> None:
    """R-WA-CBT-3, R-WA-X-28: two B-bots firing from a distance each fight once; losing, they
    survive; with none left to fire the combat ends and the defender keeps the hex."""
    pos = base().piece("ann", "B1", "9-1").piece("ann", "B2", "9-2").piece("bob", "W1", "9-C")
    tx = tx_of(pos, [1, 4, 2, 4])
    combat.begin(tx, (), "ann", (DistanceAttack("B1", HEX), DistanceAttack("B2", HEX)))
    assert combat.waiting(tx.state) == (Waiting("ann", Decision.MATCH_UPS, "the combat in 9-C, round 1"),)
    combat.decide(tx, MatchUps("ann", (Pairing("B2", "W1"),)))
    seal_none(tx)
    seal_none(tx)  # round 2: B1 against W1, matched by itself (R-WA-X-27)
    assert [f.attacker.label for f in decided(tx)] == ["B2", "B1"]
    assert [f.destroyed for f in decided(tx)] == [None, None]
    assert tx.state.combat is None and here(tx, "bob") == ["W1"]
    assert tx.events[-2] == CombatOver(HEX, "bob")


def test_rounds_go_on_until_one_side_is_left_and_the_survivor_claims_the_pds() -> None:
    """R-WA-CBT-3, 6.1 step 4, R-WA-X-23: the losers' PDs lie unclaimed until the end, then go
    to the survivor's robots, fewest first, four at most each."""
    pos = (
        base()
        .piece("ann", "D1", "9-C", pds=3)
        .piece("ann", "W1", "9-C", pds=4)
        .piece("bob", "H1", "9-C", pds=4)
        .piece("bob", "W1", "9-C", pds=1)
    )
    tx = tx_of(pos, [4, 1, 10, 1])
    combat.begin(tx, (HEX,), "ann")
    combat.decide(tx, Redistribute("ann", {}))
    combat.decide(tx, Redistribute("bob", {}))
    # Equal numbers: the defender matches (6.1 step 3).
    assert combat.waiting(tx.state)[0] == Waiting("bob", Decision.MATCH_UPS, "the combat in 9-C, round 1")
    combat.decide(tx, MatchUps("bob", (Pairing("D1", "H1"), Pairing("W1", "W1"))))
    combat.decide(tx, FightOrder("ann", ("W1", "D1")))
    seal_none(tx)
    seal_none(tx)
    assert [f.winner for f in decided(tx)] == ["ann", "ann"]  # 4+4 > 1+1, then 10+3 > 1+4
    assert here(tx, "bob") == [] and tx.state.combat is None
    board = tx.state.board
    assert (pds(tx, "ann", "D1"), pds(tx, "ann", "W1")) == (4, 4)
    assert board.unclaimed[HEX] == 4  # 5 lay there, D1 had room for one


def test_match_ups_must_engage_every_robot_of_the_smaller_side_once() -> None:
    """6.1 step 3: the larger side chooses; every robot of the smaller side fights, one on one."""
    pos = base().pieces_at("ann", "9-C", "H1", "H2", "W1").pieces_at("bob", "9-C", "D1", "W1")
    tx = tx_of(pos)
    combat.begin(tx, (HEX,), "ann")
    for pairs in (
        (Pairing("H1", "D1"),),
        (Pairing("H1", "D1"), Pairing("H1", "W1")),
        (Pairing("H1", "D1"), Pairing("H2", "D1")),
        (Pairing("H1", "D1"), Pairing("C", "W1")),
    ):
        with pytest.raises(Refusal):
            combat.decide(tx, MatchUps("ann", pairs))
    with pytest.raises(Refusal):
        combat.decide(tx, MatchUps("bob", (Pairing("H1", "D1"), Pairing("H2", "W1"))))
    combat.decide(tx, MatchUps("ann", (Pairing("H1", "D1"), Pairing("H2", "W1"))))
    with pytest.raises(Refusal):
        combat.decide(tx, FightOrder("ann", ("H1",)))
    combat.decide(tx, FightOrder("ann", ("H2", "H1")))
    assert combat.waiting(tx.state)[0].detail == "the fight in 9-C: ann's H2 against bob's W1"


# --- R-WA-CBT-4: three or four players -------------------------------------------------------------


def test_three_players_the_attacker_fights_each_in_the_order_chosen() -> None:
    """R-WA-CBT-4, R-WA-X-24: the attacker orders the opponents and fights them one after
    the other, each from step 1."""
    pos = (
        base("ann", "bob", "cy").piece("ann", "D1", "9-C").piece("bob", "W1", "9-C").piece("cy", "W1", "9-C")
    )
    tx = tx_of(pos, [9, 1, 9, 2])
    combat.begin(tx, (HEX,), "ann")
    assert combat.waiting(tx.state) == (
        Waiting("ann", Decision.OPPONENT_ORDER, "the combat in 9-C: bob and cy"),
    )
    with pytest.raises(Refusal):
        combat.decide(tx, OpponentOrder("ann", ("cy",)))
    combat.decide(tx, OpponentOrder("ann", ("cy", "bob")))
    assert tx.state.combat is not None and tx.state.combat.defender == "cy"
    seal_none(tx, "ann", "cy")
    assert tx.state.combat is not None and tx.state.combat.defender == "bob"
    seal_none(tx, "ann", "bob")
    assert [f.defender.owner for f in decided(tx) if f.defender] == ["cy", "bob"]
    assert tx.state.combat is None and here(tx, "ann") == ["D1"]


def test_three_players_a_beaten_attacker_leaves_the_winner_fighting_the_rest() -> None:
    """R-WA-X-24: when the attacker is beaten and two others remain, the one who beat it fights
    on as the attacker, until one player's pieces are left."""
    pos = (
        base("ann", "bob", "cy").piece("ann", "W1", "9-C").piece("bob", "D1", "9-C").piece("cy", "H1", "9-C")
    )
    tx = tx_of(pos, [1, 5, 7, 3])
    combat.begin(tx, (HEX,), "ann")
    combat.decide(tx, OpponentOrder("ann", ("bob", "cy")))
    seal_none(tx, "ann", "bob")
    c = tx.state.combat
    assert c is not None and (c.attacker, c.defender) == ("bob", "cy")
    seal_none(tx, "bob", "cy")
    assert tx.state.combat is None
    assert [p.owner for p in tx.state.board.pieces_at(HEX)] == ["bob"]


# --- R-WA-CBT-5 and R-WA-X-20: defaults ---------------------------------------------------------------


def test_defaults_take_every_pending_decision_fewest_pd_first() -> None:
    """R-WA-CBT-5, R-WA-X-20: PDs stay, the field is attacked by the distance B-bot first, the
    match-ups pair both sides fewest-PD-first (C-bot last), the fights go in that order, no
    card is sealed; each default waits for its own deadline."""
    pos = (
        base()
        .field("9-C", "bob")
        .piece("ann", "H1", "9-C", pds=2)
        .piece("ann", "W1", "9-C", pds=1)
        .piece("ann", "B1", "9-1", pds=3)
        .piece("bob", "D1", "9-C", pds=1)
        .piece("bob", "W1", "9-C")
    )
    tx = tx_of(pos, [6, 1, 1, 1, 1])
    combat.begin(tx, (HEX,), "ann", (DistanceAttack("B1", HEX),))
    seen = []
    while tx.state.combat is not None:
        seen.append(tuple((w.player, w.decision) for w in combat.waiting(tx.state)))
        combat.defaults(tx)
    assert seen == [
        (("ann", Decision.REDISTRIBUTE),),
        (("bob", Decision.REDISTRIBUTE),),
        (("ann", Decision.ATTACK_FIELD),),
        (("bob", Decision.MATCH_UPS),),  # two against two once B1 has fired: the defender
        (("ann", Decision.FIGHT_ORDER),),
        (("ann", Decision.SEAL_CARD), ("bob", Decision.SEAL_CARD)),
        (("ann", Decision.SEAL_CARD), ("bob", Decision.SEAL_CARD)),
    ]
    field_attack = decided(tx)[0]
    assert field_attack.attacker.label == "B1" and field_attack.field_down  # 6 + 3 PDs
    matched = [e for e in tx.events if isinstance(e, MatchedUp)]
    assert matched[0].pairs == (Pairing("W1", "W1"), Pairing("H1", "D1"))


# --- options (R-WA-OPT-1/2) -------------------------------------------------------------------------


def test_fixed_strengths_compare_side_totals_once() -> None:
    """R-WA-OPT-1, R-WA-X-26: no dice, no match-ups: the attacker's 5 + 2 (H-bot, PDs) + 3
    (W-bot) + 4 (B-bot from a distance) = 14 beats the D-bot's 6 + 4 + the W-bot's 3 = 13; the
    defender's robots are destroyed. One point less and the defender wins the tie."""
    opts = base().with_options(fixed_strengths=True)
    pos = opts.piece("ann", "H1", "9-C", pds=2).piece("ann", "W1", "9-C").piece("ann", "B1", "9-1")
    pos = pos.piece("bob", "D1", "9-C", pds=4).piece("bob", "W1", "9-C")
    tx = tx_of(pos)
    combat.begin(tx, (HEX,), "ann", (DistanceAttack("B1", HEX),))
    combat.decide(tx, Redistribute("ann", {}))
    combat.decide(tx, Redistribute("bob", {}))
    assert tx.state.combat is None and here(tx, "bob") == [] and here(tx, "ann") == ["H1", "W1"]
    weaker = opts.piece("ann", "H1", "9-C", pds=1).piece("ann", "W1", "9-C").piece("ann", "B1", "9-1")
    weaker = weaker.piece("bob", "D1", "9-C", pds=4).piece("bob", "W1", "9-C")
    tx = tx_of(weaker)
    combat.begin(tx, (HEX,), "ann", (DistanceAttack("B1", HEX),))
    combat.decide(tx, Redistribute("ann", {}))
    combat.decide(tx, Redistribute("bob", {}))
    assert here(tx, "ann") == [] and tx.state.board.piece(PieceRef("ann", "B1")) is not None
    assert tx.state.rolls == 0


def test_d6_dice_every_robot_rolls_1d6_plus_its_add() -> None:
    """R-WA-OPT-2: the C-bot fights with 1d6 + 4 against the W-bot's 1d6 + 0."""
    pos = base().with_options(d6_dice=True).piece("ann", "W1", "9-C").piece("bob", "C", "9-C")
    pos = pos._with(pieces=tuple(p for p in pos.pieces if p.hex != "10-2"))
    tx = tx_of(pos, [6, 2])
    combat.begin(tx, (HEX,), "ann")
    seal_none(tx)
    fight = decided(tx)[-1]
    assert (fight.attacker_total, fight.defender_total, fight.winner) == (6, 6, "bob")


def test_no_combat_cards_skips_the_sealing_and_refuses_a_card() -> None:
    """R-WA-OPT-1 (9.4, no combat cards): fights need no sealed choice; a card is refused."""
    pos = (
        base()
        .with_options(no_combat_cards=True)
        .field("9-C", "bob")
        .piece("ann", "H1", "9-C")
        .piece("bob", "W1", "9-C")
    )
    tx = tx_of(pos, [6, 3, 2], ann=(combat_value(5),))
    combat.begin(tx, (HEX,), "ann")
    with pytest.raises(Refusal) as refused:
        combat.decide(tx, AttackField("ann", "H1", card=combat_value(5)))
    assert refused.value.code == "no-combat-cards"
    combat.decide(tx, AttackField("ann", "H1"))
    assert tx.state.combat is None and here(tx, "bob") == []


# --- R-WA-TURN-3/4 and R-WA-X-29: several hexes, random warps ----------------------------------------


def test_hexes_fight_in_order_and_a_distance_target_last() -> None:
    """R-WA-TURN-3, R-WA-X-29: the contested hexes fight in the mover's order; a B-bot's
    target no robot entered comes after them."""
    pos = (
        base()
        .piece("ann", "H1", "9-1")
        .piece("bob", "W1", "9-1")
        .piece("ann", "H2", "9-2")
        .piece("bob", "W2", "9-2")
    )
    pos = pos.piece("ann", "B1", "9-4").piece("bob", "W3", "9-5")
    tx = tx_of(pos, [8, 1, 8, 1, 6, 1])
    combat.begin(tx, (HexName("9-2"), HexName("9-1")), "ann", (DistanceAttack("B1", HexName("9-5")),))
    for _ in range(3):
        seal_none(tx)
    assert [e.hex for e in tx.events if isinstance(e, CombatOver)] == ["9-2", "9-1", "9-5"]


def test_a_random_warp_onto_an_enemy_starts_combat_with_the_warped_piece_attacking() -> None:
    """R-WA-TURN-4, R-WA-X-29: bob's W-bot warped by ann onto ann's hex attacks it."""
    pos = base().piece("ann", "D1", "9-C").piece("bob", "W1", "9-C")
    tx = tx_of(pos, [4, 1])
    combat.begin(tx, (HEX,), "bob")
    assert tx.state.combat is not None and tx.state.combat.attacker == "bob"
    seal_none(tx, "bob", "ann")
    assert decided(tx)[-1].winner == "bob" and here(tx, "ann") == []


def test_combat_state_and_events_round_trip_through_json_and_fold() -> None:
    """The combat's state mid-fight and its events survive JSON; folding the events over the
    start gives the state (engine.serial)."""
    pos = base().piece("ann", "H1", "9-C", pds=1).piece("ann", "W1", "9-C").piece("bob", "D1", "9-C")
    tx = tx_of(pos, [4, 5], ann=(combat_value(3),))
    start = tx.state
    combat.begin(tx, (HEX,), "ann")
    combat.decide(tx, Redistribute("ann", {"H1": 0, "W1": 1}))
    combat.decide(tx, MatchUps("ann", (Pairing("W1", "D1"),)))
    combat.decide(tx, SealCard("ann", combat_value(3)))
    assert serial.decode(GameState, serial.encode(tx.state)) == tx.state
    combat.decide(tx, SealCard("bob"))
    assert serial.decode(GameState, serial.encode(tx.state)) == tx.state
    for event in tx.events:
        assert serial.decode(type(event), serial.encode(event)) == event
    assert fold(start, tx) == tx.state
