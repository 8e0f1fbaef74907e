"""Warp Arena on the game master for front ends (issue 13 items 1-4): typed commands, what a
player may do, hand, status, log and dice; prompts to the right player only; reaction windows
with standing answers (R-WA-X-55); restarts mid-window and mid-fight; a deadline for every
decision the game waits on. Games are driven as in tests/gm/test_warparena_games.py."""

from __future__ import annotations

import random
from pathlib import Path

from engine.warparena.actions import ActionSubject
from engine.warparena.commands import Command, DrawCard, Pass
from engine.warparena.state import GameState, Stage
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision
from gm.announce import Announcement, Prompt, Reply, ToChannel, ToPlayer
from gm.service import GameMaster
from store import games
from tests.engine.warparena.legal import candidates
from tests.gm.test_warparena_games import (
    SECRET,
    ArenaTable,
    _accepted,
    act,
    dice,
    no_secrets_in_public,
    open_arena,
    pass_deadline,
    play,
)


def prompts(replies: list[Reply]) -> list[tuple[Announcement, Prompt]]:
    return [(a, a.prompt) for r in replies for a in r.announcements if a.prompt is not None]


async def reopened(table: ArenaTable) -> None:
    """The same database read by a new game master, as after a restart."""
    table.gm = GameMaster(table.db, table.clock, seeds=lambda game_id: 7, secrets=lambda game_id: SECRET)
    await table.gm.check_games()


async def play_until(table: ArenaTable, players: int, rng: random.Random, wanted: object) -> GameState:
    """Random legal play until ``wanted(state)`` holds."""
    fair = dice(players)
    for _ in range(3000):
        state = await table.state()
        if wanted(state):  # type: ignore[operator]
            return state
        assert state.stage is not Stage.OVER, "the game ended first"
        proposals = candidates(state, rng)
        rng.shuffle(proposals)
        chosen = next((c for c in proposals[:12] if _accepted(state, c, fair)), None)
        if chosen is None:
            await pass_deadline(table)
        else:
            await act(table, state, chosen, fair)
    raise AssertionError("never reached")


async def test_item_01_act_text_reads_the_notation_and_points_at_mistakes(tmp_path: Path) -> None:
    """A line of the notation is its player's command; a line that cannot be read is refused
    with the wrong words pointed at, and the game does not change."""
    table = await open_arena(tmp_path, 2, arena="random")
    try:
        state = await table.state()
        version = (await games.game_by_id(table.db, table.game_id)).version  # type: ignore[union-attr]
        player = waiting_on(state)[0].player
        wrong = await table.gm.act_text(table.actor(player), table.game_id, "place C nowhere")
        assert not wrong.ok and wrong.code == "notation" and "^" in wrong.text and wrong.private
        assert (await games.game_by_id(table.db, table.game_id)).version == version  # type: ignore[union-attr]
        other = "bob" if player == "alice" else "alice"
        choices = await table.gm.arena_choices(table.actor(player), table.game_id)
        assert choices is not None and Decision.PLACE_PIECE.value in choices.decisions
        idle = await table.gm.arena_choices(table.actor(other), table.game_id)
        assert idle is not None and idle.decisions == {} and idle.actions == ()
        fair = dice(2)
        legal = next(c for c in candidates(state, random.Random(1)) if _accepted(state, c, fair))
        from engine.warparena.notation import format_command

        done = await table.gm.act_text(table.actor(player), table.game_id, format_command(legal))
        assert done.ok, done.text
    finally:
        await table.db.close()


async def test_item_01_hand_status_log_and_dice(tmp_path: Path) -> None:
    """The hand is the owner's alone (with its picture); status, log and dice are public and
    hold no hand or secret; the server seed shows only once the game has ended."""
    table = await open_arena(tmp_path, 2, arena="random")
    try:
        alice = table.actor("alice")
        hand = await table.gm.arena_hand(alice, table.game_id)
        state = await table.state()
        assert hand.ok and hand.private and all(str(n) in hand.text for n in state.player("alice").hand)
        assert hand.pictures and hand.pictures[0].kind == "hand" and hand.pictures[0].viewer == "alice"
        status = await table.gm.arena_status(alice, table.game_id)
        assert status.ok and "Deck: " in status.text and "Waiting on" in status.text
        assert "Your hand" not in status.text
        log = await table.gm.arena_log(alice, table.game_id)
        assert log.ok and "the story, page" in log.text and "You draw" not in log.text
        assert "on 1d20 (piece placement, roll #" in log.text, log.text
        rolled = await table.gm.arena_dice(alice, table.game_id)
        assert SECRET.hex() not in rolled.text and "revealed when the game ends" in rolled.text
        await table.gm.arena_concede(alice, table.game_id)
        ended = await table.gm.arena_dice(alice, table.game_id)
        assert SECRET.hex() in ended.text and "python -m engine.warparena.verify FILE" in ended.text
        drawn = await table.gm.picture(table.game_id, hand.pictures[0])
        assert drawn is not None and drawn.startswith(b"\x89PNG")
    finally:
        await table.db.close()


async def test_item_02_prompts_go_to_the_player_owed_and_windows_to_the_channel(tmp_path: Path) -> None:
    """R-WA-X-57: over a whole game: every decision prompt goes privately to a player the game then waited
    on for it, with answers; every window prompt is one channel announcement offering exactly
    cancel and pass, whoever holds a Wild Warp (R-WA-CARD-4); nothing secret is public."""
    table = await open_arena(tmp_path, 3, grids=4, arena="random", window_minutes=2)
    try:
        await play(table, 3, random.Random(3), turn_cap=12)
        asked = prompts(table.replies)
        windows = [(a, p) for a, p in asked if p.kind == "window"]
        assert windows and all(
            isinstance(a.to, ToChannel) and p.choices == ("cancel", "pass") for a, p in windows
        )
        owed = [(a, p) for a, p in asked if p.kind != "window"]
        assert owed and all(isinstance(a.to, ToPlayer) for a, _ in owed)
        assert {p.kind for _, p in owed} >= {"place-piece", "phase"}
        assert all(p.choices for _, p in owed)
        seals = [p for _, p in owed if p.kind == "seal-card"]
        assert all("seal none" in p.choices for p in seals)
        no_secrets_in_public(table)
        pictures = {a.picture.kind for r in table.replies for a in r.announcements if a.picture is not None}
        assert {"arena", "hand"} <= pictures
        hands = [a for r in table.replies for a in r.announcements if a.picture and a.picture.kind == "hand"]
        assert all(isinstance(a.to, ToPlayer) and a.picture.viewer == a.to.name for a in hands)  # type: ignore[union-attr]
    finally:
        await table.db.close()


def _in_action_window(state: GameState) -> bool:
    return state.window is not None and isinstance(state.window.subject, ActionSubject)


async def test_item_03_standing_answers_pass_for_their_seats(tmp_path: Path) -> None:
    """R-WA-X-55: with "pass on actions" set by every other seat, an action's window closes at
    once (their passes are in the story) and no window prompt is posted; the setting survives
    a restart; "ask me" is read however it is spaced or cased."""
    table = await open_arena(tmp_path, 2, arena="random")
    try:
        state = await play_until(
            table,
            2,
            random.Random(5),
            lambda s: (
                s.stage is Stage.PLAYING
                and s.active is not None
                and s.window is None
                and s.pending is None
                and s.combat is None
                and s.ap_left >= 1
            ),
        )
        active = str(state.active)
        other = "bob" if active == "alice" else "alice"
        bad = await table.gm.arena_reactions(table.actor(other), table.game_id, "pass on everything")
        assert not bad.ok
        set_ = await table.gm.arena_reactions(table.actor(other), table.game_id, "pass on actions")
        assert set_.ok and "an action opens" in set_.text
        await reopened(table)
        shown = await table.gm.arena_reactions(table.actor(other), table.game_id)
        assert "every window an action opens" in shown.text
        drew = await table.gm.act(table.actor(active), table.game_id, DrawCard(active))
        assert drew.ok, drew.text
        after = await table.state()
        assert after.window is None
        assert any(f"{other} passes." in a.text for a in drew.announcements)
        assert not [p for _, p in prompts([drew]) if p.kind == "window"]
        asked_again = await table.gm.arena_reactions(table.actor(other), table.game_id, "Ask  me")
        assert asked_again.ok and "Every window asks you" in asked_again.text
    finally:
        await table.db.close()


async def test_item_03_a_cancel_without_a_wild_warp_is_refused_privately(tmp_path: Path) -> None:
    """R-WA-CARD-4, R-WA-X-56: a Cancel from a player without a Wild Warp is refused to that player only
    and changes nothing; after a restart mid-window the window is still open and answerable."""
    for seed in range(10):
        table = await open_arena(tmp_path / str(seed), 2, arena="random")
        try:
            state = await play_until(table, 2, random.Random(seed), _in_action_window)
            asked = state.window.asked()[0]  # type: ignore[union-attr]
            holds = any(n in range(81, 85) for n in state.player(asked).hand)
            await reopened(table)
            if not holds:
                version = (await games.game_by_id(table.db, table.game_id)).version  # type: ignore[union-attr]
                no = await table.gm.act_text(table.actor(asked), table.game_id, "cancel")
                assert not no.ok and no.private and not no.announcements
                assert (await games.game_by_id(table.db, table.game_id)).version == version  # type: ignore[union-attr]
            passed = await table.gm.act(table.actor(asked), table.game_id, Pass(asked))
            assert passed.ok, passed.text
            if not holds:
                return
        finally:
            await table.db.close()
    raise AssertionError("no window found a player without a Wild Warp")


async def test_item_04_a_restart_mid_fight_plays_on_to_the_end(tmp_path: Path) -> None:
    """A game stopped with a fight under way is read again by a new game master and played to
    its end; every roll still verifies."""
    table = await open_arena(tmp_path, 2, grids=4, arena="random")
    try:
        await play_until(table, 2, random.Random(2), lambda s: s.combat is not None)
        await reopened(table)
        assert (await table.state()).combat is not None
        final = await play(table, 2, random.Random(9), turn_cap=30)
        assert final.winner is not None
        no_secrets_in_public(table)
    finally:
        await table.db.close()


async def test_item_04_every_decision_waited_on_has_its_deadline(tmp_path: Path) -> None:
    """Over a whole three-player game, after every step each kind of decision the game waits on
    has a stored deadline, due within that decision's setting."""
    table = await open_arena(tmp_path, 3, grids=4, arena="random", window_minutes=2)
    try:
        fair = dice(3)
        rng = random.Random(4)
        seen: set[str] = set()
        for _ in range(3000):
            state = await table.state()
            if state.stage is Stage.OVER:
                break
            stored = {
                d.payload.get("decision")
                for d in await games.deadlines_of(table.db, table.game_id)
                if d.kind == "decision"
            }
            for wait in waiting_on(state):
                assert wait.decision.value in stored, (wait, stored)
                seen.add(wait.decision.value)
            if state.turn > 12:
                from tests.gm.test_warparena_games import concede_one

                await concede_one(table, state, fair)
                continue
            proposals: list[Command] = candidates(state, rng)
            rng.shuffle(proposals)
            chosen = next((c for c in proposals[:12] if _accepted(state, c, fair)), None)
            if chosen is None:
                await pass_deadline(table)
            else:
                await act(table, state, chosen, fair)
        assert {"place-piece", "phase", "window", "seal-card"} <= seen
    finally:
        await table.db.close()


async def test_item_04_reminders_pause_resume_extend_and_abandon(tmp_path: Path) -> None:
    """The admin actions work on a Warp Arena game as on WarpWar's: a paused game fires no
    deadline, a resumed one keeps the time left, an extension moves every deadline, and an
    abandoned one ends; a reminder goes to the player owed alone, never to the channel."""
    from datetime import timedelta

    from tests.gm.test_warparena_games import CHANNEL, MANAGER

    table = await open_arena(tmp_path, 2, arena="random", place_piece_hours=10, remind_hours=2)
    try:
        state = await table.state()
        owed = waiting_on(state)[0].player
        table.clock.advance(timedelta(hours=8, minutes=1))
        fired = await table.gm.fire_due()
        told = [a for r in fired for a in r.announcements]
        assert told and all(isinstance(a.to, ToPlayer) and a.to.name == owed for a in told), told
        assert await table.state() == state
        assert (await table.gm.pause(MANAGER, CHANNEL)).ok
        table.clock.advance(timedelta(hours=5))
        assert await table.gm.fire_due() == [] and await table.state() == state
        assert (await table.gm.resume(MANAGER, CHANNEL)).ok
        assert (await table.gm.extend(MANAGER, CHANNEL, 3)).ok
        table.clock.advance(timedelta(hours=3))
        assert [r for r in await table.gm.fire_due() if r.announcements] == []
        assert await table.state() == state
        table.clock.advance(timedelta(hours=2))
        assert await table.gm.fire_due() and await table.state() != state
        abandoned = await table.gm.abandon(MANAGER, CHANNEL)
        assert abandoned.ok
        row = await games.game_by_id(table.db, table.game_id)
        assert row is not None and row.status == "abandoned"
        assert await games.deadlines_of(table.db, table.game_id) == []
    finally:
        await table.db.close()


async def test_item_01_a_pieces_legal_moves_for_autocomplete(tmp_path: Path) -> None:
    """In a player's phase each of their pieces lists the steps (and an H-bot's hops) the
    engine would take, every one of them accepted; another player's list is empty."""
    from engine.warparena.game import Accepted, apply
    from engine.warparena.notation import parse_command

    table = await open_arena(tmp_path, 2, arena="random")
    try:
        state = await play_until(
            table,
            2,
            random.Random(6),
            lambda s: (
                s.stage is Stage.PLAYING
                and s.active is not None
                and s.window is None
                and s.pending is None
                and s.combat is None
                and s.ap_left >= 2
            ),
        )
        active = str(state.active)
        other = "bob" if active == "alice" else "alice"
        listed: list[str] = []
        for piece in state.board.pieces_of(active):
            moves = await table.gm.arena_moves(table.actor(active), table.game_id, piece.label)
            listed += moves
            for text in moves:
                assert isinstance(apply(state, parse_command(text, active), dice(2)), Accepted), text
        assert listed
        mine = state.board.pieces_of(other)[0].label
        assert await table.gm.arena_moves(table.actor(other), table.game_id, mine) == ()
    finally:
        await table.db.close()
