"""Properties of combat over random positions, dice and legal decisions (hypothesis): every
combat ends with one player's robots (or none) in each contested hex, PDs are neither made
nor lost except by a lost C-bot (R-WA-WIN-1), the 84 cards stay accounted for, refused
decisions change nothing, and the events fold and travel through JSON."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import serial
from engine.warparena import combat, windows
from engine.warparena.cards import CardKind, card
from engine.warparena.combat_events import PlayerOut
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
from engine.warparena.hexes import HexName
from engine.warparena.state import GameState
from engine.warparena.tx import Refusal, Tx
from engine.warparena.waiting import Decision, Waiting
from tests.engine.warparena.builders import Position
from tests.engine.warparena.combat_helpers import cards_accounted, with_hands

HEX = HexName("9-C")
PLAYERS = ("ann", "bob", "cy")
LABELS = ("C", "D1", "D2", "H1", "H2", "B1", "W1", "W2")


class SeededDice:
    """Fair-looking dice from a seed: roll n is a pure function of (seed, n)."""

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def roll(self, n: int, sides: int) -> int:
        return random.Random(self.seed * 100_003 + n).randint(1, sides)


@st.composite
def battles(draw: st.DrawFn) -> tuple[GameState, tuple[DistanceAttack, ...], int]:
    """A hex 9-C with the attacker's robots (and B-bots 2 away firing) against one or two
    others, perhaps a force field, PDs, hands, options."""
    count = draw(st.sampled_from((2, 2, 3)))
    players = PLAYERS[:count]
    options = draw(
        st.sampled_from(({}, {}, {"fixed_strengths": True}, {"d6_dice": True}, {"no_combat_cards": True}))
    )
    pos = Position.of(*players).grid(9).grid(10, beside=9, slot=7).with_options(**options)
    for player in players:
        labels = draw(
            st.lists(st.sampled_from(LABELS), min_size=1 if player != "ann" else 0, max_size=4, unique=True)
        )
        if "C" not in labels:
            pos = pos.piece(player, "C", f"10-{players.index(player) + 1}")
        for label in labels:
            pos = pos.piece(player, label, "9-C", pds=draw(st.integers(0, 4)))
    attacks: tuple[DistanceAttack, ...] = ()
    for b in draw(st.lists(st.sampled_from(("B3", "B4")), max_size=2, unique=True)):
        pos = pos.piece("ann", b, "9-1", pds=draw(st.integers(0, 2)))
        attacks += (DistanceAttack(b, HEX),)
    if draw(st.booleans()):
        pos = pos.field("9-C", draw(st.sampled_from(players[1:])))
    pos = pos.loose("9-C", draw(st.integers(0, 3)))
    if not any(p.owner == "ann" and p.hex == "9-C" for p in pos.pieces) and not attacks:
        pos = pos.piece("ann", "W5", "9-C")
    deck = list(range(1, 85))
    draw(st.randoms()).shuffle(deck)
    hands = {p: deck[3 * i : 3 * i + 3] for i, p in enumerate(players)}
    return with_hands(pos.state(), **hands), attacks, draw(st.integers(0, 10**6))


def total_pds(state: GameState) -> int:
    return sum(p.pds for p in state.board.pieces) + sum(state.board.unclaimed.values())


def choose(state: GameState, wait: Waiting, rnd: random.Random) -> object:
    """A random decision, legal or not (refusals must change nothing)."""
    c = state.combat
    assert c is not None
    here = list(state.board.pieces_at(c.hex))
    mine = [p.label for p in here if p.owner == wait.player]
    match wait.decision:
        case Decision.OPPONENT_ORDER:
            order = list(c.opponents)
            rnd.shuffle(order)
            return OpponentOrder(wait.player, tuple(order))
        case Decision.REDISTRIBUTE:
            return Redistribute(wait.player, {label: rnd.randint(0, 4) for label in mine[:1]})
        case Decision.ATTACK_FIELD:
            labels = mine + list(c.distance)
            return AttackField(wait.player, rnd.choice(labels))
        case Decision.MATCH_UPS:
            a = [p.label for p in here if p.owner == c.attacker] + list(c.distance)
            d = [p.label for p in here if p.owner == c.defender]
            rnd.shuffle(a)
            rnd.shuffle(d)
            return MatchUps(wait.player, tuple(Pairing(x, y) for x, y in zip(a, d, strict=False)))
        case Decision.FIGHT_ORDER:
            order = [p.attacker for p in c.pairs]
            rnd.shuffle(order)
            return FightOrder(wait.player, tuple(order))
        case _:
            hand = [
                n
                for n in state.player(wait.player).hand
                if card(n).kind in (CardKind.COMBAT, CardKind.WILD_WARP)
            ]
            pick = rnd.choice([None, *hand])
            wild = rnd.randint(1, 5) if pick is not None and card(pick).kind is CardKind.WILD_WARP else None
            return SealCard(wait.player, pick, wild)


@settings(max_examples=150, deadline=None)
@given(battles())
def test_every_combat_ends_and_keeps_its_accounts(
    battle: tuple[GameState, tuple[DistanceAttack, ...], int],
) -> None:
    """R-WA-CBT-3, R-WA-X-24: the combat ends with at most one player's robots in the hex;
    PDs are conserved but for a lost C-bot's two; the 84 cards are accounted for; refused
    decisions change nothing; fold and JSON round-trip (R-WA-CBT-1..5 exercised at random)."""
    start, attacks, seed = battle
    rnd = random.Random(seed)
    tx = Tx(start, SeededDice(seed))
    combat.begin(tx, (HEX,), "ann", attacks)
    for _ in range(400):
        state = tx.state
        if state.combat is None:
            break
        if state.window is not None:
            asked = state.window.asked()
            who = rnd.choice(asked)
            if rnd.random() < 0.2:
                try:
                    windows.answer_cancel(tx, who, None, state.player(who).hand)
                except Refusal:
                    assert tx.state == state
            else:
                windows.answer_pass(tx, who)
            continue
        waits = combat.waiting(state)
        assert waits
        if rnd.random() < 0.3:
            combat.defaults(tx)
            continue
        wait = rnd.choice(waits)
        try:
            combat.decide(tx, choose(state, wait, rnd))  # type: ignore[arg-type]
        except Refusal:
            assert tx.state == state
    end = tx.state
    assert end.combat is None, "the combat never ended"
    assert len({p.owner for p in end.board.pieces_at(HEX)}) <= 1
    lost = sum(1 for e in tx.events if isinstance(e, PlayerOut) and e.hex is not None)
    assert total_pds(end) == total_pds(start) + 2 * lost
    assert cards_accounted(end)
    folded = start
    for event in tx.events:
        folded = event.apply(folded)
    assert folded == end
    assert serial.decode(GameState, serial.encode(end)) == end
