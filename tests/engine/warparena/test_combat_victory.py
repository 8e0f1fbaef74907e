"""Victory and concession (7.0, R-WA-WIN-1/2, R-WA-X-25): a lost C-bot, its hand, its
robots and fields, the last player in; and a C-bot lost in a fight."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine.warparena import combat, victory
from engine.warparena.combat_events import GameWon, PlayerOut
from engine.warparena.commands import AttackField, OpponentOrder, SealCard
from engine.warparena.hexes import HexName
from engine.warparena.pieces import PieceRef
from engine.warparena.state import Stage
from engine.warparena.tx import Refusal
from tests.engine.warparena.builders import Position
from tests.engine.warparena.combat_helpers import cards_accounted, combat_value, decided, tx_of

HEX = HexName("9-C")


def three() -> Position:
    """ann, bob and cy on grids 9 and 10; bob has a C-bot with a PD, a W-bot with two and a
    force field."""
    return (
        Position.of("ann", "bob", "cy")
        .grid(9)
        .grid(10, beside=9, slot=7)
        .piece("ann", "C", "10-1")
        .piece("cy", "C", "10-3")
        .piece("bob", "C", "9-C", pds=1)
        .piece("bob", "W1", "9-3", pds=2)
        .field("9-5", "bob")
        .playing("ann")
    )


def test_a_c_bot_destroyed_by_a_player_gives_them_the_hand() -> None:
    """R-WA-WIN-1, R-WA-X-25: two unclaimed PDs on the C-bot's hex (besides the one it
    carried), its robots and fields leave (their PDs stay unclaimed), the destroyer takes the
    hand; with two players left the game goes on."""
    tx = tx_of(three(), bob=(5, 81), ann=(1,))
    victory.cbot_lost(tx, "bob", "ann")
    state = tx.state
    assert state.player("bob").out and state.in_play == ("ann", "cy")
    assert state.board.pieces_of("bob") == () and state.board.force_fields == {}
    assert state.board.unclaimed == {HEX: 3, HexName("9-3"): 2}
    assert state.player("ann").hand == (1, 5, 81) and state.player("bob").hand == ()
    assert state.stage is Stage.PLAYING and state.winner is None
    assert cards_accounted(state)


def test_a_c_bot_lost_to_nobody_discards_the_hand_and_the_last_player_wins() -> None:
    """R-WA-WIN-1: destroyed by nobody, the hand goes to the discards; the last player with a
    C-bot wins and the game is over."""
    pos = three()._with(players=("ann", "bob"), pieces=tuple(p for p in three().pieces if p.owner != "cy"))
    tx = tx_of(pos, bob=(5,))
    victory.cbot_lost(tx, "bob", None)
    assert tx.state.discards == (5,)
    assert tx.events[-1] == GameWon("ann")
    assert (tx.state.stage, tx.state.winner) == (Stage.OVER, "ann")


def test_a_c_bot_on_a_destroyed_hex_leaves_no_pds() -> None:
    """R-WA-WIN-1, 2.3.7: a C-bot lost with its hex (already off the board) leaves no PDs:
    a PD created on a destroyed hex is destroyed."""
    pos = three().destroyed("9-C")
    pos = pos._with(pieces=tuple(p for p in pos.pieces if p.ref != PieceRef("bob", "C")))
    tx = tx_of(pos)
    victory.cbot_lost(tx, "bob", "cy", at=HEX)
    assert HEX not in tx.state.board.unclaimed
    assert tx.events[0] == PlayerOut("bob", "cy", HEX, ())


def test_concession_is_a_loss_to_nobody_and_is_refused_twice() -> None:
    """R-WA-WIN-2: the player is out as if their C-bot were destroyed by nobody."""
    tx = tx_of(three(), bob=(7,))
    victory.concede(tx, "bob")
    assert tx.events[0] == PlayerOut("bob", None, HEX, (7,))
    assert tx.state.discards == (7,)
    with pytest.raises(Refusal) as refused:
        victory.concede(tx, "bob")
    assert refused.value.code == "out"


def test_a_c_bot_destroyed_in_a_fight_ends_its_player_and_the_game() -> None:
    """R-WA-WIN-1 in combat (6.1 G): bob's C-bot loses to ann's D-bot; bob is out, ann takes
    his hand, the PDs (its own and the two new ones) go to the D-bot in step 4, ann wins."""
    pos = Position.of("ann", "bob").grid(9).piece("ann", "D1", "9-C").piece("ann", "C", "9-1")
    pos = pos.piece("bob", "C", "9-C", pds=1).piece("bob", "H1", "9-4", pds=1)
    tx = tx_of(pos, [10, 1], bob=(combat_value(4), 82))
    combat.begin(tx, (HEX,), "ann")
    combat.decide(tx, SealCard("ann"))
    combat.decide(tx, SealCard("bob"))
    assert decided(tx)[-1].destroyed == PieceRef("bob", "C")
    state = tx.state
    assert (state.stage, state.winner, state.combat) == (Stage.OVER, "ann", None)
    assert state.player("ann").hand == (combat_value(4), 82)
    assert state.board.pieces_of("bob") == ()
    assert state.board.unclaimed == {HexName("9-4"): 1, HEX: 3}
    assert cards_accounted(state)


def test_an_attacking_c_bot_lost_against_a_field_goes_to_the_field_owner() -> None:
    """R-WA-X-25 (R-WA-CBT-2): ann's C-bot attacks bob's force field and loses: bob destroyed
    it and takes ann's hand; cy plays on; ann's queued combat is dropped."""
    pos = three().piece("ann", "W1", "9-2").piece("cy", "W1", "9-2")
    pos = pos._with(
        pieces=tuple(
            replace(p, hex=HexName("9-5")) if p.ref == PieceRef("ann", "C") else p for p in pos.pieces
        )
    )
    tx = tx_of(pos, [2], ann=(3,))
    combat.begin(tx, (HexName("9-5"), HexName("9-2")), "ann")
    combat.decide(tx, AttackField("ann", "C"))
    assert tx.state.player("ann").out and tx.state.player("bob").hand == (3,)
    assert tx.state.combat is None and tx.state.in_play == ("bob", "cy")
    assert [p.owner for p in tx.state.board.pieces_at(HexName("9-2"))] == ["cy"]


def test_a_defender_conceding_mid_combat_leaves_the_attacker_to_fight_the_next() -> None:
    """R-WA-WIN-2, R-WA-CBT-4: with three players in a hex, bob concedes while his fight
    waits on sealed cards: his robots leave and ann fights cy."""
    pos = (
        Position.of("ann", "bob", "cy")
        .grid(9)
        .piece("ann", "C", "9-1")
        .piece("bob", "C", "9-2")
        .piece("cy", "C", "9-3")
        .piece("ann", "D1", "9-C")
        .piece("bob", "W1", "9-C")
        .piece("cy", "W1", "9-C")
        .playing("ann")
    )
    tx = tx_of(pos, [9, 1])
    combat.begin(tx, (HEX,), "ann")
    combat.decide(tx, OpponentOrder("ann", ("bob", "cy")))
    combat.decide(tx, SealCard("ann"))
    victory.concede(tx, "bob")
    c = tx.state.combat
    assert c is not None and (c.attacker, c.defender) == ("ann", "cy") and c.sealed == {}
    combat.decide(tx, SealCard("ann"))
    combat.decide(tx, SealCard("cy"))
    assert tx.state.combat is None and [p.owner for p in tx.state.board.pieces_at(HEX)] == ["ann"]


def test_the_game_ends_while_a_fight_window_is_open() -> None:
    """R-WA-WIN-2, R-WA-WIN-1: bob concedes while the 6.1 F window on ann's card is open; ann
    wins and the game waits on nothing more; every card is accounted for."""
    pos = Position.of("ann", "bob").grid(9).piece("ann", "C", "9-1").piece("ann", "H1", "9-C")
    pos = pos.piece("bob", "C", "9-2").piece("bob", "D1", "9-C")
    tx = tx_of(pos, [3, 3], ann=(combat_value(2),), bob=(combat_value(1),))
    combat.begin(tx, (HEX,), "ann")
    combat.decide(tx, SealCard("ann", combat_value(2)))
    combat.decide(tx, SealCard("bob"))
    assert tx.state.window is not None
    victory.concede(tx, "bob")
    state = tx.state
    assert (state.stage, state.winner, state.combat, state.window) == (Stage.OVER, "ann", None, None)
    assert state.discards == (combat_value(2), combat_value(1))
    assert cards_accounted(state)
