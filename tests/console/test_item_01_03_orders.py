"""Sealed orders sent ship by ship in the console (issue 10, items 1-3): bob has two ships at
Babylon when alice attacks, and writes their orders one at a time (R-CBT-12/17 for the ships
he leaves out, and R-CBT-25 for confirming them)."""

from __future__ import annotations

from tests.console.helpers import STARTED, Console

BATTLE = (
    *STARTED,
    '/build ship star:Ur design:"WG=1 PD=18 B=12 S=5"',
    "/build done",
    "/move ship ship:W1 to:Sumer",
    "/move done",
    "/as bob",
    '/build ship star:Babylon design:"WG=1 PD=9 B=5 S=4"',
    '/build ship star:Babylon design:"WG=1 PD=8 B=4"',
    "/build done",
    "/move done",
    "/as alice",
    "/build done",
    "/move ship ship:W1 to:Babylon",
    "/move done",
)
"""alice's Reliant attacks Babylon, where bob's two ships wait."""
ALICE_SENT = (*BATTLE, '/orders star:Babylon text:"W1 ATTACKS W1@bob: D=4 B=12 S=2"', "/as bob")
"""alice has sent her orders; bob types."""


SENT = "bob has sent orders for round 1 at Babylon"


async def said(console: Console, line: str) -> str:
    return "\n".join(await console.play(line))


async def test_item_01_orders_sent_ship_by_ship_add_up(console: Console) -> None:
    await console.play(*BATTLE, "/as bob", '/orders star:Babylon text:"W1 DODGES: D=5 S=4"')
    second = await said(console, '/orders star:Babylon text:"W2 DODGES: D=8"')
    assert "are sealed:\n         ```\n         W1 DODGES: D=5 S=4\n         W2 DODGES: D=8" in second
    await console.play("/as alice")
    fought = await said(console, '/orders star:Babylon text:"W1 ATTACKS W1@bob: D=4 B=12 S=2"')
    assert "bob's W1 DODGES: D=5 S=4\n         bob's W2 DODGES: D=8" in fought


async def test_item_01_replace_yes_replaces_every_order_sent(console: Console) -> None:
    await console.play(*ALICE_SENT, '/orders star:Babylon text:"W1 ATTACKS W1@alice: D=5 B=4"')
    replaced = await said(console, '/orders star:Babylon text:"W2 DODGES: D=8" replace:yes')
    assert "W1 has no orders" in replaced and "W1 ATTACKS" not in replaced


async def test_item_02_ships_left_out_are_named_and_confirm_yes_seals(console: Console) -> None:
    await console.play(*ALICE_SENT)
    held = await said(console, '/orders star:Babylon text:"W1 DODGES: D=5 S=4"')
    assert "not sealed yet" in held and "W2 has no orders: it fights on default orders" in held
    assert "/orders star:Babylon confirm:yes" in held and SENT not in held
    fought = await said(console, "/orders star:Babylon confirm:yes")
    assert SENT in fought and "bob's W2 DODGES: D=8 (default orders" in fought


async def test_item_03_empty_orders_ask_and_the_same_orders_again_change_nothing(console: Console) -> None:
    await console.play(*ALICE_SENT)
    empty = await said(console, "/orders star:Babylon")
    assert "(no orders)" in empty and "confirm:yes" in empty and SENT not in empty
    await console.play('/orders star:Babylon text:"W1 DODGES: D=5 S=4"', "/as alice")
    amended = await said(console, '/orders star:Babylon text:"W1 ATTACKS W1@bob: D=5 B=12 S=1"')
    assert "alice has sent orders" not in amended, "the channel heard of alice's orders once"
    again = await said(console, '/orders star:Babylon text:"W1 ATTACKS W1@bob: D=5 B=12 S=1"')
    assert "nothing changed" in again and "[#game]" not in again


async def test_item_02_orders_show_says_held_orders_await_confirmation(console: Console) -> None:
    await console.play(*ALICE_SENT, '/orders star:Babylon text:"W1 DODGES: D=5 S=4"')
    shown = await said(console, "/orders show star:Babylon")
    assert "not sealed yet" in shown and "To confirm: `/orders star:Babylon confirm:yes`." in shown
    await console.play("/orders star:Babylon confirm:yes")
    assert "To confirm" not in await said(console, "/orders show star:Babylon")


NAMES = {"B=5 S=4": "Warden", "B=4": "Lookout"}
"""bob's two ships, by their designs' ends."""


def named(line: str) -> str:
    """bob's builds of BATTLE with a name given."""
    end = next(
        (n for d, n in NAMES.items() if line.startswith("/build ship star:Babylon") and d in line), None
    )
    return f"{line} name:{end}" if end else line


async def test_item_05_orders_name_the_ordering_ship_by_its_name(console: Console) -> None:
    """bob orders Warden (W1) and Lookout (W2) by name, in orders and standing orders alike."""
    await console.play(*map(named, BATTLE), "/as bob")
    await console.play('/standing orders ship:Lookout orders:"Lookout DODGES: D=8"')
    held = await said(console, '/orders star:Babylon text:"warden DODGES: D=5 S=4"')
    assert "W1 DODGES: D=5 S=4" in held and "W2 has no orders: it fights on its standing orders" in held
    refused = await said(console, '/orders star:Babylon text:"Warden ATTACKS Reliant: D=5 B=4"')
    assert 'at "Reliant": Reliant is not a ship label' in refused
