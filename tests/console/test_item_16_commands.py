"""Item 16 of issue 10: the console offers what Discord does, typed the way Discord shows it:
``/move undo``, ``/warpwar rules``, ``/warpwar crt``, ``/standing orders`` and ``/standing
damage`` (tests/cogs/test_item_16_console_parity.py compares the whole command tree); and the
text items 14 and 15 fixed, as the console prints it."""

from __future__ import annotations

from console.app import Outcome
from gm.warpwar.rules_summary import TOPICS, crt_text
from tests.console.helpers import STARTED, Console

BUILT = (*STARTED, '/build ship star:Ur design:"WG=1 PD=18 B=12 S=5" name:Reliant', "/build done")
"""alice's Reliant at Ur, her move phase."""


async def test_item_16_move_undo_takes_back_the_last_move(console: Console) -> None:
    await console.play(*BUILT, "/move ship ship:W1 to:Sumer")
    undone = await console.play("/move undo")
    assert undone[0] == "[#game] alice took back W1's last move: it is at Ur again."
    assert (await console.outcome("/move undo")) is Outcome.REFUSED


async def test_item_16_warpwar_rules_prints_a_topic_privately(console: Console) -> None:
    shown = await console.play("/warpwar rules topic:ecm")
    assert shown[0] == f"[to alice] {TOPICS['ecm'].title}"
    assert len([line for line in shown if "•" in line]) == len(TOPICS["ecm"].says)
    assert "a missile of drive 4 met with 2 points may read drive 2." in "\n".join(shown)
    assert await console.play("/warpwar rules ecm") == shown, "the topic may be a bare word"
    refused = "\n".join(await console.play("/warpwar rules topic:tactics"))
    assert "There is no rules topic 'tactics'" in refused and "ecm (ECM (revised rules))" in refused


async def test_item_16_warpwar_crt_prints_the_table(console: Console) -> None:
    shown = await console.play("/warpwar crt")
    assert shown[0] == "[to alice] Combat Results Table (the same in both rule sets)"
    body = [line.strip() for line in shown[1:]]
    for row in crt_text().split("```")[1].strip().splitlines():
        assert row.strip() in body


async def test_item_16_standing_orders_and_damage_as_discord_writes_them(console: Console) -> None:
    await console.play(*BUILT)
    set_orders = await console.play('/standing orders ship:W1 orders:"W1 DODGES: D=14 S=4"')
    assert set_orders == ["[to alice] Standing orders of W1: W1 DODGES: D=14 S=4"]
    cleared = await console.play("/standing orders ship:W1")
    assert cleared == ["[to alice] Standing orders of W1: none (default orders when you send none)"]
    priority = await console.play('/standing damage ship:W1 priority:"S, B 2"')
    assert priority == ["[to alice] Damage priority of W1: S, B 2"]
    assert await console.play("/standing damage ship:W1") == ["[to alice] Damage priority of W1: the default"]


async def test_item_16_help_lists_the_new_commands(console: Console) -> None:
    listing = "\n".join(await console.play("/help"))
    for usage in ("/move undo", "/warpwar rules <topic>", "/warpwar crt", "/standing orders ship:…"):
        assert usage in listing


async def test_item_14_the_console_counts_right(console: Console) -> None:
    await console.play('/warpwar new title:"Three" ruleset:revised scenario:advanced players:3')
    joined = await console.play("/as bob", "/warpwar join")
    assert any(line.endswith("1 seat left.") for line in joined), joined
    refused = await console.play("/as alice", "/warpwar start")
    assert refused == ["[to alice] refused: Waiting for 1 more player to join."]
