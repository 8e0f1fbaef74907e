"""Item 14 of issue 10: what players read has its plurals right, names no ruling id, and never
ends a battle report with the news that a turn began.

The whole games of test_whole_games.py are played again here and everything they said, to
anyone, is read; the string literals of every layer are read too, so a refusal no game meets
cannot carry a ruling id either.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest

from engine.text import plural
from engine.warpwar import Rejected
from gm.warpwar.views import fleet, status
from tests.engine.battle_helpers import battle, submit
from tests.gm import test_whole_games as whole
from tests.gm.table import ALICE, BOB, CHANNEL, GUILD, Table, said

ROOT = Path(__file__).resolve().parents[2]
RULING_ID = re.compile(r"\bR-[A-Z]+-\d")
COUNTED = (
    "ship|Warpship|Systemship|seat|player|hit|round|missile|shell|tube|cannon|point|hour|minute|day|"
    "event|battle|star|base|turn|message|line|picture|step|character|game|order|command|place"
)
WRONG_PLURAL = re.compile(rf"(?<![\d.,])\b1 (?:more )?(?:victory |movement )?(?:{COUNTED})s\b|\w\(s\)")
"""``1 ships``, ``1 more players``, ``1 victory points``, and the lazy ``seat(s)``."""

Game = Callable[[Table], Awaitable[None]]
WHOLE_GAMES: tuple[Game, ...] = (
    whole.test_classic_learning_to_a_win,
    whole.test_revised_basic_two_battles_to_a_destroyed_base,
    whole.test_three_players_revised_advanced_with_an_alliance,
)


def everything_said(table: Table) -> list[str]:
    """Every reply and every announcement of the game, to whoever it went."""
    return [text for r in table.replies for text in (r.text, *(a.text for a in r.announcements))]


def test_item_14_plural() -> None:
    assert [plural(n, "ship") for n in (0, 1, 2)] == ["0 ships", "1 ship", "2 ships"]
    assert plural(1, "hex", "hexes") == "1 hex" and plural(3, "hex", "hexes") == "3 hexes"
    assert plural(1.0, "hour") == "1 hour" and plural(1.5, "hour") == "1.5 hours"
    assert WRONG_PLURAL.search("1 ships") and WRONG_PLURAL.search("2 seat(s) left")
    assert not WRONG_PLURAL.search("11 ships, 1 ship, 21 hits, 1 is")


@pytest.mark.parametrize("game", WHOLE_GAMES, ids=lambda g: g.__name__.removeprefix("test_"))
async def test_item_14_whole_games_say_no_ruling_id_and_no_wrong_plural(table: Table, game: Game) -> None:
    await game(table)
    said = everything_said(table)
    assert len(said) > 30
    for text in said:
        assert RULING_ID.search(text) is None, text
        assert WRONG_PLURAL.search(text) is None, text
        assert not ("Orders revealed" in text and "Your turn has begun" in text), text


def player_strings(layer: str) -> Iterator[tuple[str, int, str]]:
    """String literals of a layer that are not docstrings: what its code can say to players."""
    for path in sorted((ROOT / layer).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
                yield path.relative_to(ROOT).as_posix(), node.lineno, node.value


@pytest.mark.parametrize("layer", ["engine", "gm", "cogs", "console", "render"])
def test_item_14_no_text_of_any_layer_names_a_ruling_id(layer: str) -> None:
    """Refusals and replies speak the player's terms; the ids stay in docstrings and comments."""
    found = [f"{path}:{n}: {text!r}" for path, n, text in player_strings(layer) if RULING_ID.search(text)]
    assert found == []


async def test_item_14_the_turn_news_is_not_part_of_the_battle_report_that_ended_the_turn(
    table: Table,
) -> None:
    """bob's last orders end the battle and alice's turn; his own turn begins. The write-up
    answers him, and the news of his turn comes as a message of its own."""
    game = await whole.start_classic_learning(table)
    target, _ = await whole.into_battle(table, game)
    for alice, bob in (("D=5 B=13", "D=5 S=5"), ("D=10 B=12", "D=10")):
        await table.ok(table.gm.submit_orders(ALICE, game, target, f"W1 DODGES, FIRING AT W1: {alice}"))
        last = await table.ok(table.gm.submit_orders(BOB, game, target, f"W1 DODGES: {bob}"))
    assert "Orders revealed" in last.text and "Destroyed." in last.text
    assert "Your turn has begun" not in last.text
    turn = [a for a in last.announcements if "Your turn has begun" in a.text]
    assert len(turn) == 1 and turn[0].turn is not None, "marked with the turn: a message of its own"
    assert getattr(turn[0].to, "name", None) == "bob" and "Orders revealed" not in turn[0].text


async def test_item_14_one_seat_left_and_one_more_player(table: Table) -> None:
    await table.ok(table.gm.create(ALICE, GUILD, CHANNEL, ruleset="revised", scenario="advanced", players=3))
    joined = await table.ok(table.gm.join(BOB, CHANNEL))
    assert "1 seat left." in said(joined)
    await table.no(table.gm.start(ALICE, CHANNEL), "seats-empty", "Waiting for 1 more player to join.")


def test_item_14_one_ship_in_the_fleet_and_the_status() -> None:
    state = battle("alice W4: TL0 PD=7 B=3 S=2", "bob W9: TL0 PD=6 S=3", "bob W10: TL0 PD=6 S=3")
    assert fleet(state, "alice").startswith("Your fleet (1 ship).")
    assert fleet(state, "bob").startswith("Your fleet (2 ships).")
    text = status(state, "Kish", None, paused=False)
    assert "alice: 1 ship," in text and "bob: 2 ships," in text


@pytest.mark.parametrize(
    ("record", "orders", "told"),
    [
        (
            "alice W4: TL0 PD=9 T=1 M=3",
            "W4 ATTACKS W9: D=1\nM at W9: D=3",
            "fires 1 missile but powers only T=0",
        ),
        (
            "alice W4: TL0 PD=9 T=1 M=0",
            "W4 ATTACKS W9: D=1 T=1\nM at W9: D=3",
            "these orders fire 1 missile.",
        ),
        ("alice W4: TL0 PD=9 B=1", "W4 ATTACKS W9: D=1 T=1", "these orders power 1 tube."),
    ],
)
def test_item_14_engine_refusals_count_right(record: str, orders: str, told: str) -> None:
    state = battle(record, "bob W9: TL0 PD=6 S=3")
    refused = submit(state, "alice", orders)
    assert isinstance(refused, Rejected) and told in refused.message, refused
