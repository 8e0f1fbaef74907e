"""A console session over a real SQLite file: who types, what they are told, pictures, time."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from console.app import DEFAULT_SEED, Outcome, Setup, open_session, play_interactive, user_id
from console.clock import RunningClock
from store import games
from store.db import open_database
from tests.console.helpers import PNG, STARTED, Console


def pictures_in(lines: list[str]) -> list[Path]:
    return [Path(line.split()[-1]) for line in lines if "[picture] /" in line or "picture: /" in line]


async def test_as_switches_who_acts(console: Console) -> None:
    await console.play('/warpwar new title:"Test game"')
    assert await console.play("/as bob", "/warpwar join") == [
        "[#game] bob joins Test game. Every seat is taken: the creator may start."
    ]
    assert await console.play("/as carol", "/warpwar join") == ["[to carol] refused: Every seat is taken."]
    assert await console.play("/as bob", "/warpwar join") == [
        "[to bob] refused: You already have a seat in this game."
    ]


async def test_a_name_is_the_same_user_in_every_session() -> None:
    assert user_id("Bob") == user_id("bob") != user_id("alice")
    assert 0 < user_id("alice") < 2**48


async def test_private_messages_print_to_their_player(console: Console) -> None:
    started = await console.play(*STARTED)
    assert "[to alice] +40 BP: starting BP (your Build Points)." in started
    built = await console.play('/build ship star:Ur design:"WG=1 PD=18 B=12 S=5" name:Reliant')
    assert built[0] == "[to alice] Built at Ur for 40 BP: W1 Reliant: TL0 PD=18 B=12 S=5"
    assert "[#game] alice built Warpship W1 at Ur." in built
    assert not any("PD=" in line for line in built if line.startswith("[#game]"))
    assert await console.play("/as bob", "/fleet") == ["[to bob] Your fleet (0 ships). You have 0 BP."]


async def test_pictures_are_saved_as_numbered_pngs_and_their_paths_printed(console: Console) -> None:
    started = await console.play(*STARTED)
    lines = started + await console.play("/map around:Ur", "/fleetcard", "/map mine:yes")
    saved = pictures_in(lines)
    assert [p.name for p in saved] == [
        "0001-map.png",  # the map the end is chosen on
        "0002-map.png",  # the same once the bases are placed
        "0003-map-Ur.png",
        "0004-fleet-alice.png",
        "0005-map-alice.png",
    ]
    assert "[to alice] picture: " + str(saved[3]) in lines
    for path in saved:
        assert path.read_bytes().startswith(PNG)


async def test_a_map_around_an_unknown_star_is_refused(console: Console) -> None:
    await console.play(*STARTED)
    assert await console.play("/map around:Atlantis") == [
        "[to alice] refused: There is no star or hex called Atlantis on this map."
    ]


async def test_waiting_lets_a_deadline_pass(console: Console) -> None:
    await console.play(*STARTED)
    waited = await console.play("/wait 48h")
    assert waited[0] == "-- 48 hours later: it is now Sat 03 Jan 00:00 UTC."
    assert "[#game] The deadline passed." in waited
    assert any("Game-turn 1: bob's turn." in line for line in waited)


async def test_status_tells_the_deadline_in_the_consoles_time(console: Console) -> None:
    await console.play(*STARTED, "/wait 12h")
    status = await console.play("/warpwar status")
    assert status[-1].strip() == "Deadline in 36 h (Sat 03 Jan 00:00 UTC)."


async def test_each_channel_has_its_own_game(console: Console) -> None:
    await console.play(*STARTED)
    assert await console.play("/channel 2", "/warpwar status") == [
        "-- Now in #game-2.",
        "[to alice] refused: There is no game here.",
    ]
    opened = await console.play("/warpwar new")
    assert opened[0].startswith("[#game-2] WarpWar (classic learning) is open")


async def test_settings_are_shown_without_options_and_changed_with_them(console: Console) -> None:
    await console.play('/warpwar new title:"Test game"')
    shown = await console.play("/warpwar settings")
    assert "ruleset:classic" in shown[0] and "phase_hours:48," in shown[0]
    changed = await console.play("/warpwar settings phase_hours:12")
    assert changed == ["[#game] Settings changed: phase hours 12."]


async def test_standing_orders_take_orders_or_a_damage_priority(console: Console) -> None:
    await console.play(*STARTED, '/build ship star:Ur design:"WG=1 PD=18 B=12 S=5"')
    assert await console.play('/standing ship:W1 damage:"S, B"') == ["[to alice] Damage priority of W1: S, B"]
    assert (await console.outcome("/standing ship:W1")) is Outcome.REFUSED


async def test_help_lists_every_command_and_explains_one(console: Console) -> None:
    listing = "\n".join(await console.play("/help"))
    for usage in ("/as <name>", "/wait <time>", "/build ship star:… design:… [name:…]", "/fleetcard"):
        assert usage in listing
    one = await console.play("/help move ship")
    assert one[0].startswith("  /move ship ship:… [path:…] [to:…]")
    assert any("to:" in line and "a destination" in line for line in one)


async def test_the_prompt_shows_who_types_and_quit_ends_it(console: Console) -> None:
    typed = iter(["/warpwar new", "/as bob", "/warpwar join", "/quit", "/warpwar start"])
    prompts: list[str] = []

    def read(prompt: str) -> str | None:
        prompts.append(prompt)
        return next(typed, None)

    assert await play_interactive(console.session, read) == 0
    assert prompts == ["alice> ", "alice> ", "bob> ", "bob> "]
    assert "-- No game here yet: /warpwar new opens one, /as bob lets bob type." in console.out
    assert not any("begun" in line for line in console.out), "nothing after /quit is played"


async def test_a_finished_games_views_still_answer_in_its_channel(console: Console) -> None:
    """The game master only finds live games by channel; the console remembers the last one."""
    await console.play(*STARTED, "/as bob")
    conceded = await console.play("/warpwar concede")
    assert any("The game is over: alice won" in line for line in conceded)
    assert await console.play("/as alice", "/fleet") == [
        "[to alice] This game is over: alice won on game-turn 1 (the last side standing).",
        "           Your fleet (0 ships). You have 40 BP.",
    ]


async def test_a_picture_that_cannot_be_drawn_does_not_stop_the_game(
    console: Console, monkeypatch: pytest.MonkeyPatch
) -> None:
    async def broken(game_id: int, picture: object, scale: float = 1.0) -> bytes:
        raise RuntimeError("no ink")

    monkeypatch.setattr(console.session.gm, "picture", broken)
    started = await console.play(*STARTED)
    assert "[picture] map (could not be drawn; the error is in the log)" in started
    await console.play('/build ship star:Ur design:"WG=1 PD=18 B=12 S=5"')
    assert (await console.outcome("/build done")) is Outcome.DONE


async def test_item_15_4_a_session_prunes_requests_older_than_the_setting_as_it_opens(tmp_path: Path) -> None:
    """Issue 15, item 4: the console prunes answered requests older than its setting when a
    session opens (the Discord bot's deadline task does it at start-up and hourly)."""
    setup = Setup(tmp_path / "games.sqlite3", None, DEFAULT_SEED, requests_kept=timedelta(days=2))
    db = await open_database(setup.db)
    for request_id, days in (("old", 3), ("recent", 1)):
        await games.remember(db, request_id, None, "{}", datetime.now(UTC) - timedelta(days=days))
    await db.close()
    async with open_session(setup, RunningClock(), lambda line: None) as session:
        left = await session.gm.db.fetch_all("SELECT request_id FROM requests")
    assert [r["request_id"] for r in left] == ["recent"]
