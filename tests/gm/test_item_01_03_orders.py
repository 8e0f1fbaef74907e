"""Sealed orders that do what the player meant (issue 10, items 1-3), through the game master:
alice sends her orders ship by ship, is asked before ships are left on default orders
(R-CBT-12/17, R-CBT-25), and the channel hears once a round that her orders are in."""

from __future__ import annotations

from engine.warpwar.events import RoundFought
from gm.warpwar.play import UNCHANGED_ORDERS
from store import games
from tests.backends import BOTH
from tests.engine.battle_helpers import battle
from tests.gm.table import ALICE, BOB, CHANNEL, GUILD, Table, seat_position

pytestmark = BOTH

FLEETS = ("alice W1: TL0 PD=6 B=2 S=2", "alice W3: TL0 PD=6 B=2 S=2", "bob W2: TL0 PD=6 S=2")
SENT = "alice has sent orders for round 1 at Kish"


async def kish(table: Table) -> int:
    return await seat_position(table, battle(*FLEETS))


async def rounds(table: Table, game: int) -> int:
    return [e.kind for e in await games.events(table.db, game)].count(RoundFought.__name__)


async def test_item_01_orders_sent_ship_by_ship_add_up(table: Table) -> None:
    game = await kish(table)
    await table.ok(table.gm.submit_orders(BOB, game, "Kish", "W2 DODGES: D=4 S=2"))
    first = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=4 B=2"))
    assert "not sealed yet" in first.text and "W3 has no orders" in first.text
    second = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W3 ATTACKS W2: D=4 B=2"))
    assert await rounds(table, game) == 1, "every ship had orders: sealed, and the round fought"
    assert "alice's W1 ATTACKS W2: D=4 B=2\nalice's W3 ATTACKS W2: D=4 B=2" in second.text


async def test_item_01_a_second_send_lists_every_ships_orders_and_replace_is_explicit(table: Table) -> None:
    game = await kish(table)
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=4 B=2"))
    both = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W3 DODGES: D=6"))
    assert "are sealed" in both.text and "W1 ATTACKS W2: D=4 B=2\nW3 DODGES: D=6" in both.text
    only = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W3 DODGES: D=5 S=1", replace=True))
    assert "W1 ATTACKS" not in only.text and "W1 has no orders" in only.text


async def test_item_02_ships_left_out_are_named_and_the_round_waits_for_confirmation(table: Table) -> None:
    game = await kish(table)
    await table.ok(table.gm.submit_orders(BOB, game, "Kish", "W2 DODGES: D=4 S=2"))
    held = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=4 B=2"))
    assert "W3 has no orders: it fights on default orders" in held.text
    assert "Confirm to seal them" in held.text and "R-CBT" not in held.text
    assert await rounds(table, game) == 0 and not any(SENT in t for t in table.public())
    status = await table.gm.status(CHANNEL)
    assert "waiting for alice" in status.text
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", confirm=True))
    assert await rounds(table, game) == 1


async def test_item_02_the_deadline_fights_held_orders_as_they_are(table: Table) -> None:
    game = await kish(table)
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=4 B=2"))
    await table.pass_time(24 * 30)
    assert await rounds(table, game) >= 1


async def test_item_03_empty_orders_ask_first_and_the_same_orders_again_are_a_quiet_no_op(
    table: Table,
) -> None:
    game = await kish(table)
    empty = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", ""))
    assert "not sealed yet" in empty.text and "(no orders)" in empty.text and not empty.announcements
    again = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", ""))
    assert again.text == UNCHANGED_ORDERS and not again.announcements


async def test_item_03_the_channel_hears_once_a_round_never_about_amendments(table: Table) -> None:
    game = await kish(table)
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=4 B=2"))
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W3 DODGES: D=6"))
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W3 DODGES: D=5 S=1"))
    same = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W3 DODGES: D=5 S=1"))
    assert same.text == UNCHANGED_ORDERS and not same.announcements
    emptied = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "", replace=True))
    assert "not sealed yet" in emptied.text, "an empty board asks again"
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", confirm=True))
    assert sum(SENT in t for t in table.public()) == 1
    assert any(f"{SENT}. Waiting for bob." in t for t in table.public())


async def test_item_02_a_reminder_to_a_player_whose_orders_are_held_asks_to_confirm(table: Table) -> None:
    """bob sent nothing and is asked for orders; alice's are held, so she is asked to confirm
    them and told what the deadline does with them (R-CBT-25)."""
    game = await kish(table)
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=4 B=2"))
    (remind,) = [d for d in await games.deadlines_of(table.db, game) if d.kind == "remind"]
    await table.pass_time((remind.due_at - table.clock.now()).total_seconds() / 3600 + 1 / 3600)
    (held,), (waiting,) = table.told("alice")[-1:], table.told("bob")[-1:]
    assert held.startswith("Reminder: ") and "are held, **not sealed yet**" in held
    assert "waiting for your orders" not in held and "**Confirm** on your orders board" in held
    assert "`/orders star:Kish confirm:yes`" in held
    assert "the orders held count as sent and the ships left out fight on their standing orders" in held
    assert "is waiting for your orders for round 1 at Kish" in waiting


async def test_item_02_what_can_i_do_says_held_orders_await_confirmation(table: Table) -> None:
    game = await kish(table)
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=4 B=2"))
    steps = (await table.ok(table.gm.what_next(ALICE, game))).text
    assert "held, **not sealed yet**" in steps and "are sealed" not in steps


# --- item 5: the ordering ship by its name ----------------------------------------------------

NAMED = (
    "alice W1 Reliant: TL0 PD=6 B=2 S=2",
    "alice W3 Reliant: TL0 PD=6 B=2 S=2",
    "bob W2 Warden: TL0 PD=6 S=2",
)


async def test_item_05_combat_orders_name_the_ordering_ship_by_its_name(table: Table) -> None:
    """R-BUILD-7: alice's orders may begin "Reliant" or "W1 Reliant" as her commands do,
    and standing orders read names too."""
    game = await seat_position(table, battle(NAMED[0], "alice W3 Intrepid: TL0 PD=6 B=2 S=2", NAMED[2]))
    held = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "Reliant ATTACKS W2: D=4 B=2"))
    assert "W1 ATTACKS W2: D=4 B=2" in held.text and "W3 has no orders" in held.text
    both = await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "w3 intrepid DODGES: D=6"))
    assert "are sealed" in both.text and "W3 DODGES: D=6" in both.text
    await table.ok(table.gm.standing_orders(ALICE, game, "W3", "Intrepid DODGES: D=5"))


async def test_item_05_a_shared_name_in_orders_is_refused_and_enemy_names_are_not_targets(
    table: Table,
) -> None:
    """Names are private to their owner (the public story and map show labels only), so an
    enemy is still named by label: bob's Warden is no target of alice's."""
    game = await seat_position(table, battle(*NAMED))
    shared = await table.no(
        table.gm.submit_orders(ALICE, game, "Kish", "Reliant ATTACKS W2: D=4 B=2"), "bad-input"
    )
    assert 'line 1, at "Reliant"' in shared.text and "W1 and W3" in shared.text
    enemy = await table.no(
        table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS Warden: D=4 B=2"), "bad-input"
    )
    assert 'at "Warden": Warden is not a ship label' in enemy.text and "W2" not in enemy.text
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=4 B=2"))


async def test_item_02_games_lists_held_orders_as_still_wanted(table: Table) -> None:
    """/games counts a battle as needing the member until their orders are sealed: held orders
    (awaiting confirmation) are not sealed."""
    game = await kish(table)
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", "W1 ATTACKS W2: D=4 B=2"))
    listed = await table.ok(table.gm.my_games(ALICE, GUILD))
    assert "**your orders** are wanted at Kish" in listed.text, listed.text
    await table.ok(table.gm.submit_orders(ALICE, game, "Kish", confirm=True))
    listed = await table.ok(table.gm.my_games(ALICE, GUILD))
    assert "your orders" not in listed.text or "sealed" in listed.text, listed.text
