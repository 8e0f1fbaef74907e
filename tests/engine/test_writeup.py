"""The referee's write-up of a combat round: what everyone reads, and what only an owner reads (R-CBT-11)."""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar import GameState
from engine.warpwar.commands import CloseRound, SetStandingOrders, SubmitOrders
from engine.warpwar.crt import Tactic
from engine.warpwar.events import PhaseBegan, RoundFought
from engine.warpwar.orders import CannonShot, MissileShot, Orders
from engine.warpwar.report import RoundReport
from engine.warpwar.state import Phase
from engine.warpwar.writeup import write_up
from tests.engine.helpers import accept, accepted, carry, place, revised


def _battle_at_kish(state: GameState) -> GameState:
    """Open combat at Kish with the ships already placed there."""
    return PhaseBegan(Phase.COMBAT, (state.map.star("Kish").hex,)).apply(state)


def _fought(state: GameState, *submissions: SubmitOrders | CloseRound) -> RoundReport:
    """Send every submission; the last one resolves the round. Returns its report."""
    for submission in submissions[:-1]:
        state = accept(state, submission)
    result = accepted(state, submissions[-1])
    return next(e for e in result.events if isinstance(e, RoundFought)).report


def _game() -> GameState:
    return replace(revised("advanced"), game_turn=3)


def _w4_against_s35() -> RoundReport:
    """The 1994 text's second round at a star: S35 dodges and fires two missiles at W4."""
    g = _game()
    g = place(g, "alice", "W4", "WG=1 PD=7 B=3 S=3 C=1 SH=12 E=1", "Kish", damage="PD=6 S=2 SH=6")
    g = place(g, "bob", "S35", "PD=6 S=3 T=2 M=9", "Kish", tl=1, damage="M=7")
    g = _battle_at_kish(g)
    s35 = Orders("S35", Tactic.DODGE, drive=4, tubes=2, missiles=(MissileShot("W4", 3), MissileShot("W4", 4)))
    w4 = Orders("W4", Tactic.ATTACK, drive=2, beam=2, screen=1, ecm=1, target="S35")
    return _fought(g, SubmitOrders("bob", "Kish", (s35,)), SubmitOrders("alice", "Kish", (w4,)))


# --- the 1994 example -----------------------------------------------------------------------


def test_public_write_up_of_the_1994_example_reveals_orders_fire_and_hit_totals() -> None:
    text = write_up(_w4_against_s35(), "Kish", None)
    assert text.startswith("Kish, round 1\n")
    assert "alice's W4 ATTACKS S35: D=2 B=2 S=1 E=1" in text
    assert "bob's S35 DODGES: D=4 T=2\n  M at W4: D=3\n  M at W4: D=4" in text
    assert (
        "bob's S35, missile at alice's W4: drive 3 against 2 → ATTACK (0, +1) against ATTACK: Hit +2, 5 hits."
        in text
    )
    assert (
        "bob's S35, missile at alice's W4: drive 4 against 2 → ATTACK (+2) against ATTACK: Hit +1, 4 hits."
        in text
    )
    assert "alice's W4, beam 2 at bob's S35: drive 2 against 4 → ATTACK (-1, -2) against DODGE: Miss." in text
    assert "alice's W4: 9 hits, 1 absorbed by its screen, 8 taken." in text
    assert "bob's S35: no hits." in text


def test_public_write_up_keeps_every_ships_attributes_private() -> None:
    text = write_up(_w4_against_s35(), "Kish", None)
    assert "taken in" not in text
    assert "B=0" not in text
    assert "M=5" not in text
    assert "now " not in text


def test_the_1994_round_fits_one_discord_message() -> None:
    report = _w4_against_s35()
    for viewer in (None, "alice", "bob"):
        assert len(write_up(report, "Kish", viewer)) < 2000


def test_the_owner_reads_where_the_hits_went_and_the_record_after() -> None:
    text = write_up(_w4_against_s35(), "Kish", "alice")
    public = "alice's W4: 9 hits, 1 absorbed by its screen, 8 taken."
    assert f"{public}\n  taken in E 1, SH 1, C 1, S 2, B 3;" in text
    assert "now W4: TL0 PD={7}6 B={3}0 S={3}0 C={1}0 SH={12}0 E={1}0." in text
    assert "M=5" not in text, "bob's missiles left are bob's business"


def test_the_other_player_reads_only_their_own_ship_in_private() -> None:
    text = write_up(_w4_against_s35(), "Kish", "bob")
    assert "taken in" not in text
    assert "B=0" not in text
    assert "now S35: TL1 PD=6 S=3 T=2 M={9}5." in text


def test_the_write_up_hides_private_fields_even_when_given_the_full_report() -> None:
    """The caller passes the whole report; write_up must filter it itself."""
    report = _w4_against_s35()
    assert report.result("alice:W4").taken, "the full report has the private fields"
    assert "taken in" not in write_up(report, "Kish", "carol")


def test_ecm_that_cannot_help_is_said_to_be_unspent() -> None:
    """W4 is TL0 and the missiles TL1, so its one ECM point is worth nothing (1994 example)."""
    text = write_up(_w4_against_s35(), "Kish", None)
    assert "alice's W4 spent none of its 1 ECM: no use of it would have lessened the damage." in text


# --- destroyed, escaped, ECM, cannons ------------------------------------------------------


def _destroy_and_escape() -> RoundReport:
    """alice's W1 beams S10 to pieces; bob's W2 retreats and nobody fires at it."""
    g = _game()
    g = place(g, "alice", "W1", "WG=1 PD=10 B=8", "Kish")
    g = place(g, "bob", "S10", "PD=2 S=1", "Kish")
    g = place(g, "bob", "W2", "WG=1 PD=4", "Kish")
    g = _battle_at_kish(g)
    bob = (Orders("S10", Tactic.ATTACK, screen=1), Orders("W2", Tactic.RETREAT, drive=4))
    alice = (Orders("W1", Tactic.ATTACK, beam=8, target="S10"),)
    return _fought(g, SubmitOrders("bob", "Kish", bob), SubmitOrders("alice", "Kish", alice))


def test_a_destroyed_ship_is_written_up_for_everyone() -> None:
    text = write_up(_destroy_and_escape(), "Kish", None)
    assert (
        "alice's W1, beam 8 at bob's S10: drive 0 against 0 → ATTACK (0, +1) against ATTACK: Hit +2, 10 hits."
        in text
    )
    assert "bob's S10: 10 hits, 1 absorbed by its screen, 9 taken. Destroyed." in text
    assert "taken in" not in text


def test_the_owner_of_a_destroyed_ship_reads_where_it_was_hit_and_no_record() -> None:
    text = write_up(_destroy_and_escape(), "Kish", "bob")
    assert "bob's S10: 10 hits, 1 absorbed by its screen, 9 taken. Destroyed.\n  taken in S 1, PD 2." in text
    assert "now S10" not in text


def test_a_retreating_warpship_nobody_fires_at_escapes() -> None:
    report = _destroy_and_escape()
    hex_name = report.result("bob:W2").escaped_to
    assert hex_name is not None
    text = write_up(report, "Kish", None)
    assert "bob's W2 RETREATS: D=4" in text
    assert f"bob's W2: no hits. Escaped to hex {hex_name}." in text


def _carrier_lost() -> RoundReport:
    """bob's W5, with S11 in its rack and 5 BP in its hold, is destroyed; W6 drops S12."""
    g = _game()
    g = place(g, "alice", "W1", "WG=1 PD=10 B=8", "Kish")
    g = place(g, "bob", "W5", "WG=1 PD=1 SR=1 H=1", "Kish")
    g = place(g, "bob", "S11", "PD=1", "Kish")
    g = place(g, "bob", "W6", "WG=1 PD=1 SR=1", "Kish")
    g = place(g, "bob", "S12", "PD=1", "Kish")
    g = carry(carry(g, "bob", "W5", "S11"), "bob", "W6", "S12")
    w5 = g.ships["bob:W5"]
    g = replace(g, ships={**g.ships, w5.key: replace(w5, cargo=5)})
    g = _battle_at_kish(g)
    bob = (Orders("W5", Tactic.ATTACK, drive=1), Orders("W6", Tactic.DODGE, drop=("S12",)))
    alice = (Orders("W1", Tactic.ATTACK, drive=1, beam=8, target="W5"),)
    return _fought(g, SubmitOrders("bob", "Kish", bob), SubmitOrders("alice", "Kish", alice))


def test_losses_with_a_destroyed_carrier_are_told_to_its_owner_only() -> None:
    report = _carrier_lost()
    public = write_up(report, "Kish", None)
    assert "bob's W5: 10 hits, 10 taken. Destroyed." in public
    assert "bob's W6: no hits. Dropped S12 at Kish." in public
    assert "S11" not in public
    assert "cargo" not in public
    owner = write_up(report, "Kish", "bob")
    assert "5 BP of cargo lost; S11 lost with it in its racks." in owner
    assert "S11" not in write_up(report, "Kish", "alice")


def test_ecm_that_moves_a_missile_is_written_before_the_crt_reading() -> None:
    """A TL1 W4 spends 2 ECM (3 effective) to push a TL0 missile from drive 2 to 5: a miss."""
    g = _game()
    g = place(g, "alice", "W4", "WG=1 PD=6 E=2", "Kish", tl=1)
    g = place(g, "bob", "S20", "PD=3 T=1 M=3", "Kish")
    g = _battle_at_kish(g)
    s20 = Orders("S20", Tactic.ATTACK, drive=1, tubes=1, missiles=(MissileShot("W4", 2),))
    w4 = Orders("W4", Tactic.ATTACK, drive=2, ecm=2)
    report = _fought(g, SubmitOrders("bob", "Kish", (s20,)), SubmitOrders("alice", "Kish", (w4,)))
    text = write_up(report, "Kish", None)
    assert (
        "bob's S20, missile at alice's W4: "
        "alice's W4 spent 2 ECM (3 effective) and moved it from drive 2 to 5; "
        "drive 5 against 2 → ATTACK (+3, +4) against ATTACK: Miss." in text
    )
    assert "alice's W4: no hits." in text


def test_a_cannon_burst_names_its_shells() -> None:
    g = _game()
    g = place(g, "alice", "W3", "WG=1 PD=5 S=2", "Kish")
    g = place(g, "bob", "S32", "PD=4 C=2 SH=6", "Kish", tl=1)
    g = _battle_at_kish(g)
    s32 = Orders("S32", Tactic.ATTACK, drive=1, cannons=2, target="W3", shots=(CannonShot(3), CannonShot(1)))
    w3 = Orders("W3", Tactic.ATTACK, drive=1, screen=2)
    report = _fought(g, SubmitOrders("bob", "Kish", (s32,)), SubmitOrders("alice", "Kish", (w3,)))
    text = write_up(report, "Kish", None)
    assert "bob's S32 ATTACKS W3: D=1 C=1 (3 shells) C=1 (1 shell)" in text
    reading = "drive 1 against 1 → ATTACK (0, +1) against ATTACK: Hit +2"
    assert f"bob's S32, cannon, 3 shells at alice's W3: {reading}, 6 hits." in text
    assert f"bob's S32, cannon, 1 shell at alice's W3: {reading}, 4 hits." in text
    assert "alice's W3: 10 hits, 2 absorbed by its screen, 8 taken." in text


# --- standing and default orders, quiet rounds -----------------------------------------------


def _quiet_battle() -> GameState:
    g = _game()
    g = place(g, "alice", "W1", "WG=1 PD=4 S=2", "Kish")
    g = place(g, "bob", "W2", "WG=1 PD=4 S=1", "Kish")
    g = accept(g, SetStandingOrders("alice", "W1", Orders("W1", Tactic.DODGE, drive=2, screen=2)))
    return _battle_at_kish(g)


def test_orders_nobody_sent_are_marked_and_quiet_rounds_counted() -> None:
    g = _quiet_battle()
    first = _fought(g, CloseRound("Kish"))
    text = write_up(first, "Kish", None)
    assert "alice's W1 DODGES: D=2 S=2 (standing orders)" in text
    assert "bob's W2 DODGES: D=3 S=1 (default orders: none were sent)" in text
    assert "No weapon fired." in text
    assert text.endswith("\n\n1 round without damage; 2 more in a row end the battle.")


def test_the_second_quiet_round_warns_that_a_third_ends_the_battle() -> None:
    g = accept(_quiet_battle(), CloseRound("Kish"))
    second = _fought(g, CloseRound("Kish"))
    text = write_up(second, "Kish", None)
    assert text.startswith("Kish, round 2\n")
    assert text.endswith("\n\n2 rounds in a row without damage; a third ends the battle.")


def test_a_round_with_damage_says_nothing_of_quiet_rounds() -> None:
    assert "without damage" not in write_up(_w4_against_s35(), "Kish", None)
