"""Issue 11, item 7: text from users is cleaned once, where it enters the game master.

Names others read (a game's title, an alliance, a ship's name) refuse control characters, NUL,
bidi overrides and zero-width characters; any text refuses a lone surrogate (it used to raise
UnicodeEncodeError on the way into SQLite); a display name is shown without them. Every number
has bounds: extending by 1e-300 hours is refused, and NaN, infinities, fractions and booleans
are never amounts, even through the game master's API. A player with no ships in a battle gets
no situation of it. The hostile sweep of tests/gm/test_bad_input.py stages the scenes.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, cast

import pytest

from gm.core import Actor
from tests.engine.battle_helpers import battle
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, GUILD, Table, said, seat_position
from tests.gm.test_bad_input import Bad, alice, import_copy, in_scene, refuses, staged

HIDDEN = {
    "NUL": "\x00",
    "a bell": "\x07",
    "a line break": "\n",
    "a right-to-left override": "\u202e",
    "a left-to-right embedding": "\u202a",
    "a right-to-left isolate": "\u2067",
    "a zero-width space": "\u200b",
    "a zero-width joiner": "\u200d",
    "a word joiner": "\u2060",
    "a byte-order mark": "\ufeff",
}
"""Characters no name shown to others may hold, by what they are."""
SURROGATE = "\ud800"
"""A lone surrogate: valid in a Python string, impossible in UTF-8."""

# fmt: off
CASES = [
    *in_scene(
        "empty",
        *((f"a title with {what}", lambda s, c=char: s.gm.create(ALICE, GUILD, CHANNEL, f"Duel{c}of stars"),
           "bad-text", "title has") for what, char in HIDDEN.items()),
        ("a title with a lone surrogate", lambda s: s.gm.create(ALICE, GUILD, CHANNEL, f"Duel {SURROGATE}"),
         "bad-text", "broken character"),
        ("an alliance with a bidi override",
         lambda s: s.gm.create(ALICE, GUILD, CHANNEL, alliance="red\u202eder", ruleset="revised"),
         "bad-text", "An alliance's name has an invisible character (U+202E)"),
        ("players as a superscript two", lambda s: s.gm.create(ALICE, GUILD, CHANNEL, players="²"),
         "bad-settings", "whole number, not '²'"),
        ("phase hours of infinity", lambda s: s.gm.create(ALICE, GUILD, CHANNEL, phase_hours="inf"),
         "bad-settings", "number of hours, not 'inf'"),
        ("phase hours as a bool", lambda s: s.gm.create(ALICE, GUILD, CHANNEL, phase_hours=True),
         "bad-settings", "number of hours, not 'True'"),
    ),
    *in_scene(
        "classic",
        *((f"extend by {hours!r} hours", alice("extend", hours), "bad-number", "at least 0.05")
          for hours in (1e-300, 0.01, "1e-300", True, "nan", "inf", -math.inf)),
        ("a ship named with a zero-width space",
         alice("build_ship", "{home}", "WG=1 PD=5", name="Re\u200bliant"),
         "bad-text", "A ship's name has an invisible character (U+200B)"),
        ("a ship named with NUL", alice("build_ship", "{home}", "WG=1 PD=5", name="Reliant\x00"),
         "bad-text", "control character (U+0000)"),
        ("a ship's name of 21 characters", alice("build_ship", "{home}", "WG=1 PD=5", name="R" * 21),
         "too-long", "at most 20 characters"),
        ("a design with a lone surrogate", alice("build_ship", "{home}", f"WG=1 PD=5{SURROGATE}"),
         "bad-text", "broken character"),
        *((f"a base paid with {amount!r} BP", alice("build_base", "{home}", amount), "bad-number",
           "The amount of BP is a whole number")
          for amount in (True, 2.5, math.nan, math.inf)),
    ),
    *in_scene(
        "revised_start",
        ("a split of ² BP", alice("split_bp", "{home}=1²"), "bad-input", "write it like Ur=10"),
        ("a split of Arabic-Indic digits", alice("split_bp", "{home}=٢٠"),
         "bad-input", "write it like Ur=10"),
    ),
    *in_scene(
        "revised",
        ("resupply True missiles", alice("resupply", "W1", True), "bad-number",
         "The amount of missiles is a whole number"),
        ("resupply NaN shells", alice("resupply", "W1", 0, math.nan), "bad-number",
         "The amount of shells is a whole number"),
        ("load 1.5 BP", alice("load_hold", "W1", 1.5), "bad-number", "whole number"),
        ("unload True BP", alice("unload_hold", "W1", True), "bad-number", "whole number"),
    ),
    *in_scene(
        "lobby",
        ("settings of NaN hours", alice("change_settings", round_hours="nan"),
         "bad-settings", "number of hours"),
    ),
    *in_scene(
        "battle",
        ("orders with NUL", alice("submit_orders", "{target}", "W1 DODGES: D=1\x00"),
         "bad-text", "control character (U+0000)"),
        ("a situation at a star with a lone surrogate",
         lambda s: s.gm.situation(ALICE, s.game, f"Kish{SURROGATE}"), "bad-text", "broken character"),
        ("an import whose title has a bidi override", import_copy(title="Duel\u202e"),
         "bad-import", "its title has an invisible character (U+202E)"),
        ("the story's page NaN", lambda s: s.gm.log(CHANNEL, cast(Any, math.nan)),
         "bad-number", "The page is a whole"),
        ("the last 2.5 battle reports", lambda s: s.gm.battle_reports(ALICE, s.game, cast(Any, 2.5)),
         "bad-number", "The number of rounds is a whole number"),
    ),
]
# fmt: on


@pytest.mark.parametrize("case", CASES)
async def test_item_7_refused(tmp_path: Path, case: Bad) -> None:
    async with staged(tmp_path, case.scene) as scene:
        reply = await refuses(scene, case.call, case.code, case.says)
        assert SURROGATE not in reply.text and "\x00" not in reply.text, "never echoed back"


async def test_item_7_an_alliance_joined_is_a_visible_name(table: Table) -> None:
    await table.ok(table.gm.create(ALICE, GUILD, CHANNEL, ruleset="revised", scenario="advanced"))
    await table.no(
        table.gm.join(BOB, CHANNEL, alliance="red\u200d"), "bad-text", "invisible character (U+200D)"
    )
    await table.no(table.gm.join(BOB, CHANNEL, alliance=f"red{SURROGATE}"), "bad-text", "broken character")


async def test_item_7_a_display_name_is_shown_without_what_cannot_be_shown(table: Table) -> None:
    """A nickname is not the player's choice here: its hidden characters are taken out."""
    sly = Actor(ALICE.user_id, f"al\u202eice\x00{SURROGATE}\u200b")
    reply = await table.ok(table.gm.create(sly, GUILD, CHANNEL, "Duel"))
    assert "alice has the first seat" in said(reply)


async def test_item_7_names_are_stored_stripped(table: Table) -> None:
    reply = await table.ok(table.gm.create(ALICE, GUILD, CHANNEL, "  Duel of stars  "))
    assert "**Duel of stars** is open" in reply.text


async def test_item_7_extend_takes_a_twentieth_of_an_hour(tmp_path: Path) -> None:
    async with staged(tmp_path, "classic") as scene:
        reply = await scene.gm.extend(ALICE, CHANNEL, 0.05)
        assert reply.ok, reply.text


async def test_item_7_a_player_with_no_ships_in_a_battle_gets_no_situation_of_it(table: Table) -> None:
    """carol plays, but only alice and bob fight at Kish: she sees nothing of it."""
    state = battle("alice W1: TL0 PD=3 B=1", "bob W2: TL0 PD=3 B=1", players=("alice", "bob", "carol"))
    game = await seat_position(table, state)
    kish = state.map.star("Kish").hex
    await table.no(table.gm.situation(CAROL, game, kish), "not-in-battle", "You have no ships in the battle")
    assert (await table.gm.situation(ALICE, game, kish)).ok
