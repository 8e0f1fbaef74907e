"""The choice of map ends through the game master (R-SCEN-2, R-SCEN-15, R-SCEN-16): who is called,
the question's buttons, the choice by command or through ``act``, the deadline's draw and its
replay, the reminder, a pause and an extension."""

from __future__ import annotations

from pathlib import Path

from engine.warpwar import GameState
from engine.warpwar.commands import ChooseEnd
from engine.warpwar.state import Phase
from gm.announce import Reply, ToChannel, ToPlayer
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, GUILD, Table, open_table, said


async def started(table: Table, phase_hours: float = 48.0, remind_hours: float = 6.0) -> tuple[int, Reply]:
    """A classic learning game of alice (first) and bob (second), just started."""
    await table.ok(
        table.gm.create(
            ALICE,
            GUILD,
            CHANNEL,
            "Ends",
            fixed_order=True,
            phase_hours=phase_hours,
            remind_hours=remind_hours,
        )
    )
    await table.ok(table.gm.join(BOB, CHANNEL))
    reply = await table.ok(table.gm.start(ALICE, CHANNEL))
    return await table.game_id(), reply


async def state_of(table: Table, game: int) -> GameState:
    state = await table.gm.stored_state(game)
    assert isinstance(state, GameState)
    return state


async def test_r_scen_2_the_start_calls_the_second_player_to_choose_with_a_button_per_end(
    table: Table,
) -> None:
    """R-SCEN-2: the channel's news names the chooser, the ends with their bases and the deadline,
    and carries the question; bob's letter carries it too; nobody gets Build Points yet."""
    game, reply = await started(table, phase_hours=24.0)
    due = int(table.clock.now().timestamp()) + 24 * 3600
    (news,) = [a for a in reply.announcements if isinstance(a.to, ToChannel)]
    assert news.heading is not None and news.heading.title == "Before game-turn 1 · bob · Choosing a map end"
    assert "**bob moves second and chooses the map end**: north (Ur) or south (Babylon)" in news.text
    assert "alice gets the other" in news.text
    assert news.turn is not None and (news.turn.player, news.turn.phase, news.turn.deadline) == (
        "bob",
        "setup",
        due,
    )
    assert news.prompt is not None and news.prompt.kind == "end" and news.prompt.game_id == game
    assert news.prompt.choices == ("north", "south")
    assert news.prompt.labels == ("North — Ur", "South — Babylon")
    (letter,) = [a for a in reply.announcements if a.to == ToPlayer("bob", BOB.user_id)]
    assert letter.prompt == news.prompt
    assert "you choose your map end" in letter.text and f"<t:{due}:R>" in letter.text
    assert "/warpwar end end:north" in letter.text
    assert not [a for a in reply.announcements if a.to == ToPlayer("alice", ALICE.user_id)]
    assert "BP" not in said(reply)


async def test_r_scen_2_the_choice_through_act_places_the_bases_and_calls_the_first_player(
    table: Table,
) -> None:
    """R-SCEN-2: bob's choice, sent as an engine command through GameMaster.act (signed with his
    seat, whatever name it carries): he has the north end, alice the south, and her turn begins."""
    game, _ = await started(table)
    chosen = await table.ok(table.gm.act(BOB, game, ChooseEnd("alice", "north")))
    public = "\n".join(a.text for a in chosen.announcements if isinstance(a.to, ToChannel))
    assert "**bob chose the north end (Ur)**; alice defends the south end (Babylon)." in public
    called = [a.turn for a in chosen.announcements if isinstance(a.to, ToChannel) and a.turn is not None]
    assert [(t.player, t.phase, t.call) for t in called] == [("alice", "build", True)]
    assert all(a.prompt is None for a in chosen.announcements), "the question is answered"
    state = await state_of(table, game)
    assert (state.player("bob").home, state.player("alice").home) == ("north", "south")
    assert (state.bases["Ur"].owner, state.bases["Babylon"].owner) == ("bob", "alice")
    await table.no(
        table.gm.act(BOB, game, ChooseEnd("bob", "south")), "ends-chosen", "you defend the north end"
    )


async def test_r_scen_2_the_slash_command_reads_the_end_as_typed(table: Table) -> None:
    """R-SCEN-2: ``/warpwar end end:South`` in the channel; carol, who has no seat, is refused."""
    game, _ = await started(table)
    await table.no(table.gm.choose_end(CAROL, CHANNEL, "south"), "not-seated")
    await table.ok(table.gm.choose_end(BOB, CHANNEL, " South "))
    assert (await state_of(table, game)).player("bob").home == "south"


async def test_r_scen_16_the_deadline_draws_the_end_the_seed_gave_and_a_replay_agrees(tmp_path: Path) -> None:
    """R-SCEN-16: bob lets his deadline pass: he gets the end drawn for him at the start, the
    channel says so, alice's turn begins; the log replays to the stored game, and a game started
    from the same seed draws the same end."""
    homes = []
    for run in ("first", "second"):
        table = await open_table(tmp_path / run / "games.sqlite3")
        try:
            game, _ = await started(table, phase_hours=4.0)
            drawn = (await state_of(table, game)).ends_drawn["bob"]
            (fired,) = await table.pass_time(4.01)
            public = "\n".join(a.text for a in fired.announcements if isinstance(a.to, ToChannel))
            assert public.startswith("The deadline passed")
            assert f"**bob's time to choose ran out**: the {drawn} end" in public
            state = await state_of(table, game)
            assert state.player("bob").home == drawn and state.phase is Phase.BUILD
            assert state.active_player.name == "alice" and state.turn_serial == 1
            assert await table.gm.replay(game) == state
            homes.append(drawn)
        finally:
            await table.db.close()
    assert homes[0] == homes[1]


async def test_r_scen_16_the_chooser_is_reminded_and_pause_and_extend_hold_the_choice(table: Table) -> None:
    """R-SCEN-16: a reminder before the deadline goes to bob alone; paused, the deadline waits;
    extended, it moves on; then it passes and the end is drawn."""
    game, _ = await started(table, phase_hours=4.0, remind_hours=1.0)
    (reminded,) = await table.pass_time(3.01)
    assert [a.to for a in reminded.announcements] == [ToPlayer("bob", BOB.user_id)]
    assert (
        "is waiting for you" in reminded.announcements[0].text and "map end" in reminded.announcements[0].text
    )
    await table.ok(table.gm.pause(ALICE, CHANNEL))
    assert await table.pass_time(10) == []
    await table.ok(table.gm.resume(ALICE, CHANNEL))
    await table.ok(table.gm.extend(ALICE, CHANNEL, 5))
    await table.pass_time(4)
    assert (await state_of(table, game)).phase is Phase.SETUP, "extended: still choosing"
    await table.pass_time(2)
    assert (await state_of(table, game)).phase is Phase.BUILD
