"""Sealed orders sent ship by ship (issue 10, items 1-3): merged, held until confirmed, and a
resend of the same orders changes nothing (R-CBT-25). R-CBT-12: ships left out fight on
standing or default orders, once their player has confirmed it or the deadline passes."""

from __future__ import annotations

import json

from engine.serial import decode, encode
from engine.warpwar import GameState
from engine.warpwar.commands import CloseRound, SubmitOrders
from engine.warpwar.events import Event, OrdersSubmitted, RoundFought
from engine.warpwar.order_notation import parse_orders
from engine.warpwar.state import Battle
from tests.engine.battle_helpers import battle, report_of
from tests.engine.helpers import accept, accepted, refuse

FLEETS = (
    "alice W1: TL0 PD=6 B=2 S=2",
    "alice W3: TL0 PD=6 B=2 S=2",
    "bob W2: TL0 PD=6 S=2",
)


def send(player: str, text: str, *, merge: bool = True, confirm: bool = False) -> SubmitOrders:
    """Orders as the game master sends them for a player (merge unless told to replace)."""
    return SubmitOrders(player, "Kish", parse_orders(text) if text else (), merge, confirm)


def held(game: GameState, player: str = "alice") -> list[str]:
    found = game.battle(game.turn.battles[0].star)
    assert found is not None
    return [o.ship for o in found.orders.get(player, ())]


def kish(game: GameState) -> Battle:
    found = game.battle(game.turn.battles[0].star)
    assert found is not None
    return found


def test_item_01_orders_for_another_ship_add_to_those_sent() -> None:
    game = accept(battle(*FLEETS), send("alice", "W1 ATTACKS W2: D=4 B=2"))
    game = accept(game, send("alice", "W3 ATTACKS W2: D=4 B=2"))
    assert held(game) == ["W1", "W3"]
    assert kish(game).sealed("alice")


def test_item_01_new_orders_for_a_ship_replace_only_that_ships() -> None:
    game = accept(battle(*FLEETS), send("alice", "W3 DODGES: D=6\nW1 ATTACKS W2: D=4 B=2"))
    game = accept(game, send("alice", "W3 ATTACKS W2: D=3 B=2 S=1"))
    orders = kish(game).orders["alice"]
    assert [o.ship for o in orders] == ["W1", "W3"], "kept in fleet order"
    assert orders[1].beam == 2


def test_item_01_replacing_all_is_explicit() -> None:
    game = accept(battle(*FLEETS), send("alice", "W1 ATTACKS W2: D=4 B=2\nW3 ATTACKS W2: D=4 B=2"))
    game = accept(game, send("alice", "W3 DODGES: D=6", merge=False, confirm=True))
    assert held(game) == ["W3"]


def test_item_01_merged_orders_are_checked_together() -> None:
    """Two orders for one ship in one message are still refused, merged or not."""
    game = accept(battle(*FLEETS), send("alice", "W1 ATTACKS W2: D=4 B=2"))
    refuse(game, send("alice", "W3 DODGES: D=6\nW3 DODGES: D=5"), "repeated")


def test_item_02_orders_that_leave_ships_out_wait_for_confirmation() -> None:
    """bob has sent all his orders; alice's for W1 alone do not start the round."""
    game = accept(battle(*FLEETS), send("bob", "W2 DODGES: D=4 S=2"))
    result = accepted(game, send("alice", "W1 ATTACKS W2: D=4 B=2"))
    assert not any(isinstance(e, RoundFought) for e in result.events)
    assert not kish(result.state).sealed("alice") and kish(result.state).pending == ("alice",)
    confirmed = accepted(result.state, send("alice", "", confirm=True))
    assert report_of(confirmed).standing == () and "alice:W3" in report_of(confirmed).defaulted


def test_item_02_orders_for_the_last_ship_seal_without_asking() -> None:
    game = accept(battle(*FLEETS), send("bob", "W2 DODGES: D=4 S=2"))
    game = accept(game, send("alice", "W1 ATTACKS W2: D=4 B=2"))
    result = accepted(game, send("alice", "W3 ATTACKS W2: D=4 B=2"))
    assert any(isinstance(e, RoundFought) for e in result.events)


def test_item_02_the_deadline_takes_held_orders_as_they_are() -> None:
    """R-CBT-12: at the deadline unconfirmed orders count, the ships left out on defaults."""
    game = accept(battle(*FLEETS), send("alice", "W1 ATTACKS W2: D=4 B=2"))
    report = report_of(accepted(game, CloseRound("Kish")))
    assert report.orders["alice:W1"].beam == 2
    assert set(report.defaulted) == {"alice:W3", "bob:W2"}


def test_item_02_once_sealed_amendments_that_leave_no_more_ships_out_stay_sealed() -> None:
    game = accept(battle(*FLEETS), send("alice", "W1 ATTACKS W2: D=4 B=2", confirm=True))
    game = accept(game, send("alice", "W1 DODGES: D=6", merge=False))
    assert kish(game).sealed("alice")
    game = accept(game, send("alice", "W3 DODGES: D=6"))
    assert kish(game).sealed("alice")


def test_item_03_an_empty_submission_waits_for_confirmation() -> None:
    game = accept(battle(*FLEETS), send("bob", "W2 DODGES: D=4 S=2"))
    result = accepted(game, send("alice", ""))
    assert not kish(result.state).sealed("alice")
    assert any(
        isinstance(e, RoundFought) for e in accepted(result.state, send("alice", "", confirm=True)).events
    )


def test_item_03_the_same_orders_again_change_nothing() -> None:
    game = accept(battle(*FLEETS), send("alice", "W1 ATTACKS W2: D=4 B=2\nW3 DODGES: D=6"))
    assert accepted(game, send("alice", "W3 DODGES: D=6")).events == ()
    assert accepted(game, send("alice", "W1 ATTACKS W2: D=4 B=2\nW3 DODGES: D=6", merge=False)).events == ()
    pending = accept(battle(*FLEETS), send("alice", "W1 ATTACKS W2: D=4 B=2"))
    assert accepted(pending, send("alice", "")).events == (), "asking again is no answer"


def test_held_orders_round_trip_and_old_games_load() -> None:
    """The new field and the new flags survive JSON; an event stored before them still loads."""
    game = battle(*FLEETS)
    command = send("alice", "W1 ATTACKS W2: D=4 B=2")
    assert decode(SubmitOrders, json.loads(json.dumps(encode(command)))) == command
    result = accepted(game, command)
    for event in result.events:
        assert decode(Event, json.loads(json.dumps(encode(event)))) == event
    assert decode(GameState, json.loads(json.dumps(encode(result.state)))) == result.state
    old = encode(result.events[0])
    del old["sealed"]
    assert decode(Event, old) == OrdersSubmitted(
        "alice", kish(game).star, 1, parse_orders("W1 ATTACKS W2: D=4 B=2")
    )
    stored = encode(kish(result.state))
    del stored["pending"], stored["sealed_by"]
    assert decode(Battle, stored).sealed("alice")


def test_item_02_an_amendment_that_takes_a_ships_orders_away_asks_again() -> None:
    """Sealed with both ships ordered, then replaced by orders for one: held until confirmed,
    and the player stays among those who have sealed this round (the channel heard it once)."""
    game = accept(battle(*FLEETS), send("alice", "W1 ATTACKS W2: D=4 B=2\nW3 DODGES: D=6"))
    game = accept(game, send("alice", "W3 DODGES: D=6", merge=False))
    assert not kish(game).sealed("alice") and kish(game).sealed_by == ("alice",)
    game = accept(game, send("alice", "W3 DODGES: D=5 S=1"))
    assert not kish(game).sealed("alice"), "a merge keeps waiting for the confirmation"
    assert kish(accept(game, send("alice", "", confirm=True))).sealed("alice")
