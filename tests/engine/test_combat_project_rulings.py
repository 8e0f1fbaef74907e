"""The combat rulings this project added in docs/rulings.md (R-CBT-18..23, R-DMG-6), one case each.

R-DMG-5 and R-ECON-11 are in test_ecm_and_damage.py and test_battles.py.
"""

from __future__ import annotations

from engine.warpwar import Accepted
from engine.warpwar.commands import CloseRound, OrderBattles, SubmitOrders
from engine.warpwar.crt import Tactic
from engine.warpwar.order_notation import parse_order
from tests.engine.battle_helpers import battle, fight, report_of, ship_result, submit
from tests.engine.helpers import accept, accepted, refuse


def test_r_cbt_18_systemships_in_racks_sit_the_round_out() -> None:
    """R-CBT-18: a Systemship carried when the round begins has no orders and cannot be a target."""
    game = battle("alice W1: TL0 PD=6 S=2 SR=1", "alice S10 in W1: TL0 PD=3 B=2", "bob W2: TL0 PD=6 B=3")
    refuse(game, SubmitOrders("alice", "Kish", (parse_order("S10 ATTACKS W2: D=1 B=2"),)), "not-in-battle")
    refuse(game, SubmitOrders("bob", "Kish", (parse_order("W2 ATTACKS S10: D=1 B=3"),)), "unknown-target")
    report = report_of(accepted(game, CloseRound("Kish")))
    assert set(report.orders) == {"alice:W1", "bob:W2"}


def test_r_cbt_19_ships_left_out_of_the_orders_fight_on_the_defaults() -> None:
    """R-CBT-19: orders cover the ships they name; the rest fight on standing or default orders."""
    game = battle("alice W1: TL0 PD=6 B=2", "alice W3: TL0 PD=4 S=3", "bob W2: TL0 PD=6 S=2")
    result = fight(game, alice="W1 ATTACKS W2: D=1 B=2", bob="W2 DODGE: D=4 S=2")
    report = report_of(result)
    assert report.orders["alice:W3"].tactic is Tactic.DODGE and report.defaulted == ("alice:W3",)
    assert report.orders["alice:W1"].beam == 2


def test_r_cbt_20_the_moving_side_withdraws_allies_included() -> None:
    """R-CBT-20: after three quiet rounds the moving player's allies leave with it."""
    game = battle(
        "alice W1: TL0 PD=6 S=2",
        "carol W5: TL0 PD=6 S=2",
        "bob W2: TL0 PD=6 S=2",
        players=("alice", "bob", "carol"),
        alliances={"alice": "red", "carol": "red"},
    )
    for _ in range(3):
        game = accept(game, CloseRound("Kish"))
    kish = game.map.star("Kish").hex
    assert [s.hex for s in (game.ship("alice", "W1"), game.ship("carol", "W5"))] == ["2017", "2017"]  # type: ignore[union-attr]
    assert game.ship("bob", "W2").hex == kish  # type: ignore[union-attr]


def test_r_cbt_21_orders_sent_to_a_battle_put_back_stay_sealed() -> None:
    """R-CBT-21: bob's orders for Ur wait while alice fights Kish first, and count when Ur opens."""
    game = battle(
        "alice W1: TL0 PD=6 B=2 S=2",
        "bob W2: TL0 PD=6 S=2",
        "alice W3: TL0 PD=6 B=2 S=2 @Ur",
        "bob W4: TL0 PD=6 S=2 @Ur",
    )
    sealed = parse_order("W4 RETREATS: D=6")
    game = accept(game, SubmitOrders("bob", "Ur", (sealed,)))
    game = accept(game, OrderBattles("alice", ("Kish", "Ur")))
    refuse(game, SubmitOrders("bob", "Ur", ()), "battle-later")
    game = fight(game, alice="W1 ATTACKS: D=6", bob="W2 RETREATS: D=6").state  # W2 escapes
    assert [game.map.label(b.star) for b in game.open_battles()] == ["Ur"]
    result = submit(game, "alice", "W3 DODGE: D=6", star="Ur")
    assert isinstance(result, Accepted)
    assert report_of(result).orders["bob:W4"] == sealed


def test_r_cbt_22_labels_repeat_so_targets_may_name_their_owner() -> None:
    """R-CBT-22: ``W1@carol`` names carol's W1 when bob's W1 is there too."""
    game = battle(
        "alice W1: TL0 PD=8 B=3",
        "bob W1: TL0 PD=4 S=1",
        "carol W1: TL0 PD=4 S=1",
        players=("alice", "bob", "carol"),
    )
    refuse(game, SubmitOrders("alice", "Kish", (parse_order("W1 ATTACKS W1: D=1 B=3"),)), "ambiguous-target")
    result = fight(game, bob="", carol="", alice="W1 DODGES, FIRING AT W1@carol: D=1 B=3")
    assert report_of(result).shots[0].target == "carol:W1"


def test_r_cbt_23_a_systemship_left_on_the_star_is_public() -> None:
    """R-CBT-23: everyone in the battle sees a Systemship dropped by a hit rack, not the hit."""
    game = battle("alice W1: TL0 PD=9 SR=1", "alice S10 in W1: TL0 PD=2", "bob W2: TL0 PD=9 B=1")
    result = fight(game, alice="W1 ATTACKS: D=2; damage loaded SR 1", bob="W2 DODGES, FIRING AT W1: D=2 B=1")
    public = report_of(result).view_for("bob").result("alice:W1")
    assert public.dropped == ("S10",) and public.taken == {}


def test_r_dmg_6_a_round_priority_with_counts_then_the_default() -> None:
    """R-DMG-6: ``PD 1, S 1`` takes one hit in each; the rest follow the default order."""
    game = battle("alice W1: TL0 PD=7 B=3 S=3 A=1", "bob W2: TL0 PD=9 B=4")
    result = fight(game, alice="W1 ATTACKS: D=2; damage PD 1, S 1", bob="W2 ATTACKS W1: D=2 B=4")
    assert ship_result(result, "alice:W1").taken == {"PD": 1, "S": 3, "A": 1, "B": 1}
