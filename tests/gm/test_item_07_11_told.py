"""Issue 10, items 7-11 ("being told, not having to ask"), through the game master: the turn
letter and the channel's call, reminders, End phase, /help and /games, views of a game that
ended, what refits cost, and Bases being built."""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar import GameState
from gm.announce import Reply, ToChannel, ToPlayer
from gm.warpwar import nudges
from tests.engine.helpers import classic, place, revised
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, GUILD, MANAGER, Table, seat_position
from tests.gm.test_whole_games import start_classic_learning

OTHER_GUILD = 2


def letters(reply: Reply, player: str) -> list[str]:
    return [a.text for a in reply.announcements if isinstance(a.to, ToPlayer) and a.to.name == player]


async def test_item_07_the_turn_letter_names_the_game_its_channel_the_phase_deadline_and_next_step(
    table: Table,
) -> None:
    await table.ok(table.gm.create(ALICE, GUILD, CHANNEL, "Road", fixed_order=True, phase_hours=24.0))
    await table.ok(table.gm.join(BOB, CHANNEL))
    await table.ok(table.gm.start(ALICE, CHANNEL))
    started = await table.settle_ends()
    due = int(table.clock.now().timestamp()) + 24 * 3600
    (letter,) = [t for t in letters(started, "alice") if "turn has begun" in t]
    assert letter.startswith(f"**Road** in <#{CHANNEL}>. Your turn has begun (game-turn 1): build phase")
    assert f"it ends <t:{due}:R>" in letter
    assert "You have 40 BP." in letter and "/build ship" in letter and "/build done" in letter

    (news,) = [a for a in started.announcements if isinstance(a.to, ToChannel) and a.turn is not None]
    assert news.turn is not None
    assert (news.turn.player, news.turn.user_id, news.turn.phase) == ("alice", ALICE.user_id, "build")
    assert news.turn.deadline == due and news.turn.call
    assert "40 BP" not in news.text, "Build Points stay private"

    await table.spend_the_start(ALICE, "Ur")
    ended = await table.ok(table.gm.done(ALICE, CHANNEL))
    assert "Your move phase has begun" in ended.text, "her own next phase is in her reply"
    (moved,) = [a for a in ended.announcements if isinstance(a.to, ToChannel) and a.turn is not None]
    assert moved.turn is not None and not moved.turn.call, "nobody is called to what they began"


async def test_item_07_a_reminder_says_the_same_as_the_letter(table: Table) -> None:
    await table.ok(
        table.gm.create(ALICE, GUILD, CHANNEL, "Road", fixed_order=True, phase_hours=4.0, remind_hours=1.0)
    )
    await table.ok(table.gm.join(BOB, CHANNEL))
    await table.ok(table.gm.start(ALICE, CHANNEL))
    await table.settle_ends()
    await table.pass_time(2.0)
    (reminder,) = [a for r in await table.pass_time(1.0 + 1 / 3600) for a in r.announcements]
    assert reminder.to == ToPlayer("alice", ALICE.user_id)
    assert reminder.text.startswith(
        f"Reminder: **Road** in <#{CHANNEL}> is waiting for you: your build phase"
    )
    assert "<t:" in reminder.text and "/build done" in reminder.text


async def test_item_08_end_phase_is_the_active_players_and_a_stale_one_ends_nothing(table: Table) -> None:
    game = await start_classic_learning(table)
    state = await table.gm.stored_state(game)
    assert state is not None
    serial = state.turn_serial
    await table.no(table.gm.end_phase(BOB, game, serial, "build"), "not-your-turn", "Only alice can end")
    await table.no(table.gm.end_phase(CAROL, game, serial, "build"), "not-seated")
    await table.no(table.gm.end_phase(ALICE, game, serial, "move"), "stale", "It is yours")
    await table.spend_the_start(ALICE, "Ur")
    ended = await table.ok(table.gm.end_phase(ALICE, game, serial, "build"))
    assert "Your move phase has begun" in ended.text
    await table.no(table.gm.end_phase(ALICE, game, serial, "build"), "stale", "now alice's move phase")
    # The same check holds under the game's lock, where a second press waits its turn.
    await table.no(table.gm.done(ALICE, CHANNEL, expect=(serial, "build")), "stale", "now alice's move phase")


async def test_item_08_what_can_i_do_answers_each_player_for_themselves(table: Table) -> None:
    game = await start_classic_learning(table)
    mine = await table.ok(table.gm.what_next(ALICE, game))
    assert "/build ship" in mine.text and "You have 40 BP." in mine.text
    theirs = await table.ok(table.gm.what_next(BOB, game))
    assert "It is alice's build phase" in theirs.text and "BP" not in theirs.text
    outsider = await table.ok(table.gm.what_next(CAROL, game))
    assert "You do not play in this game" in outsider.text


async def test_item_09_help_gives_the_next_step_in_the_channels_game(table: Table) -> None:
    plain = await table.ok(table.gm.help(ALICE, None))
    assert plain.text.startswith("**WarpWar in short.**") and "/games" in plain.text
    await table.ok(table.gm.create(ALICE, GUILD, CHANNEL, "Road"))
    lobby = await table.ok(table.gm.help(BOB, CHANNEL))
    assert "**Road**, this channel's game" in lobby.text and "/warpwar join" in lobby.text
    await table.ok(table.gm.join(BOB, CHANNEL))
    assert "you may begin with /warpwar start" in (await table.ok(table.gm.help(ALICE, CHANNEL))).text


async def test_item_09_games_lists_a_members_games_in_this_server_theirs_to_play_first(table: Table) -> None:
    gm = table.gm
    await table.ok(gm.create(ALICE, GUILD, CHANNEL, "Road", fixed_order=True))
    await table.ok(gm.join(BOB, CHANNEL))
    await table.ok(gm.start(ALICE, CHANNEL))
    await table.settle_ends()
    await table.ok(gm.create(BOB, GUILD, CHANNEL + 1, "Second", fixed_order=True))
    await table.ok(gm.join(ALICE, CHANNEL + 1))
    await table.ok(gm.start(BOB, CHANNEL + 1))
    await table.settle_ends(CHANNEL + 1)
    await table.ok(gm.create(ALICE, OTHER_GUILD, CHANNEL + 2, "Elsewhere"))

    listed = (await table.ok(gm.my_games(ALICE, GUILD))).text.splitlines()
    assert listed[0] == "Your games here (2); 1 waiting for you:"
    assert listed[1].startswith(
        f"• **Road** in <#{CHANNEL}>: **your turn** (game-turn 1, build phase); it ends <t:"
    )
    assert listed[2].startswith(f"• **Second** in <#{CHANNEL + 1}>: bob's build phase; it ends <t:")
    assert "Elsewhere" not in "\n".join(listed), "only this server's games"
    assert "no game on this server" in (await table.ok(gm.my_games(CAROL, GUILD))).text


async def test_item_10_every_view_of_an_abandoned_game_says_so(table: Table) -> None:
    game = await start_classic_learning(table)
    serial = (await table.gm.stored_state(game) or classic("learning")).turn_serial
    await table.ok(table.gm.abandon(MANAGER, CHANNEL))
    assert "This game was abandoned." in (await table.ok(table.gm.status(CHANNEL))).text
    assert (await table.ok(table.gm.fleet(ALICE, game_id=game))).text.startswith("This game was abandoned.")
    assert (await table.ok(table.gm.log(CHANNEL))).text.startswith("This game was abandoned.")
    assert "This game was abandoned." in (await table.ok(table.gm.what_next(ALICE, game))).text
    await table.no(
        table.gm.end_phase(ALICE, game, serial, "build"),
        "game-over",
        "This game has ended; it was abandoned.",
    )


async def test_item_10_a_finished_game_says_who_won_and_when(table: Table) -> None:
    game = await start_classic_learning(table)
    await table.ok(table.gm.concede(BOB, CHANNEL))
    status = await table.ok(table.gm.status(CHANNEL))
    assert "This game is over: alice won on game-turn 1 (the last side standing)." in status.text
    assert "Deadline" not in status.text and "alice's turn" not in status.text
    refused = await table.no(table.gm.end_phase(ALICE, game, 1, "build"), "game-over")
    assert refused.text == "This game has ended; alice won on game-turn 1 (the last side standing)."


async def test_item_11_a_repair_tells_its_cost_and_the_bp_left(table: Table) -> None:
    state = place(classic("advanced"), "alice", "W1", "WG=1 PD=7 B=2", "Ur", damage="PD=2")
    await seat_position(table, state)
    repaired = await table.ok(table.gm.repair(ALICE, CHANNEL, "W1", "PD=5"))
    assert repaired.text.startswith("W1 repaired for 5 BP: W1:")
    assert repaired.text.endswith("You have 15 BP.")


async def test_item_11_a_resupply_tells_its_cost_and_a_shared_bp_costs_nothing_more(table: Table) -> None:
    state = classic("advanced")
    for label in ("S10", "S11"):
        state = place(state, "alice", label, "PD=1 T=1 M=3", "Ur", damage="M=2")
    await seat_position(table, state)
    first = await table.ok(table.gm.resupply(ALICE, CHANNEL, "S10", missiles=1))
    assert first.text.startswith("S10 resupplied for 1 BP: S10:") and first.text.endswith("You have 19 BP.")
    second = await table.ok(table.gm.resupply(ALICE, CHANNEL, "S11", missiles=1))
    assert second.text.startswith("S11 resupplied at no further cost")
    assert second.text.endswith("You have 19 BP.")


def with_cargo(state: GameState, owner: str, label: str, amount: int) -> GameState:
    ship = state.ships[f"{owner}:{label}"]
    return replace(state, ships={**state.ships, ship.key: replace(ship, cargo=amount)})


async def test_item_11_a_base_being_built_shows_its_progress_to_its_owner_only(table: Table) -> None:
    """R-UX-11: that a Base is being built is public (the map shows it); what was paid is not."""
    state = with_cargo(place(revised("advanced"), "alice", "W1", "WG=1 PD=4 H=3", "Calah"), "alice", "W1", 30)
    await seat_position(table, state)
    paid = await table.ok(table.gm.build_base(ALICE, CHANNEL, "Calah", 20))
    assert not any("finished" in a.text for a in paid.announcements)
    mine = await table.ok(table.gm.status(CHANNEL, ALICE))
    assert mine.private and "Your Base at Calah: 20/30 BP." in mine.text
    assert "Calah (being built)" in mine.text
    public = await table.ok(table.gm.status(CHANNEL, BOB))
    assert not public.private and "Calah (being built)" in public.text and "20" not in public.text
    assert "Base at Calah: 20/30 BP (being built)." in (await table.ok(table.gm.fleet(ALICE, CHANNEL))).text

    done = await table.ok(table.gm.build_base(ALICE, CHANNEL, "Calah", 10))
    news = [a.text for a in done.announcements if isinstance(a.to, ToChannel)]
    assert "**alice finished a Base at Calah.**" in news
    after = await table.ok(table.gm.status(CHANNEL, ALICE))
    assert not after.private and "being built" not in after.text


def test_item_10_why_a_game_ended_in_words() -> None:
    state = classic("learning")
    assert nudges.ended("running", state) is None and nudges.closed("lobby", None) is None
    assert nudges.ended("abandoned", None) == "This game was abandoned."
    assert nudges.closed("abandoned", state) == "This game has ended; it was abandoned."


async def test_item_07_a_turn_begun_by_a_deadline_calls_the_next_player_under_the_news(table: Table) -> None:
    await table.ok(table.gm.create(ALICE, GUILD, CHANNEL, "Road", fixed_order=True, phase_hours=4.0))
    await table.ok(table.gm.join(BOB, CHANNEL))
    await table.ok(table.gm.start(ALICE, CHANNEL))
    await table.settle_ends()
    (fired,) = await table.pass_time(4.01)
    public = [a for a in fired.announcements if isinstance(a.to, ToChannel)]
    assert public[0].text.startswith("The deadline passed") and public[0].turn is None
    called = [a.turn for a in public if a.turn is not None]
    assert [(t.player, t.phase, t.call) for t in called] == [("bob", "build", True)]
    assert any("Your turn has begun" in text for text in letters(fired, "bob"))
