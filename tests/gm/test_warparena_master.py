"""Warp Arena's game master in detail (issue 12 items 1-3): deadlines per decision, the secret,
abandoning, the server's defaults, WarpWar's actions on a game of another kind, and a Wild
Warp named by its value."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path

from engine.warparena.cards import CardKind, card
from engine.warparena.commands import DrawCard, EndPhase, Pass, SealCard
from engine.warparena.state import GameState
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision
from gm.announce import ToChannel, ToPlayer
from gm.warparena.kind import ARENA_KIND
from store import games, secrets
from tests.engine.warparena.legal import candidates
from tests.gm.test_warparena_games import (
    CHANNEL,
    GUILD,
    PLAYERS,
    SECRET,
    ArenaTable,
    _accepted,
    act,
    dice,
    open_arena,
    pass_deadline,
)

ALICE, BOB = PLAYERS[0], PLAYERS[1]
MANAGER_ALICE = ALICE.__class__(ALICE.user_id, ALICE.name, manager=True)


async def to_a_phase(table: ArenaTable, rng: random.Random) -> GameState:
    """Random legal set-up until some player's phase begins (R-WA-TURN-2)."""
    fair = dice(2)
    for _ in range(300):
        state = await table.state()
        if any(w.decision is Decision.PHASE for w in waiting_on(state)) and state.window is None:
            return state
        chosen = next((c for c in candidates(state, rng) if _accepted(state, c, fair)), None)
        if chosen is None:
            await pass_deadline(table)
        else:
            await act(table, state, chosen, fair)
    raise AssertionError("no phase began")


def other(state: GameState) -> str:
    return next(p.name for p in state.players if p.name != state.active)


async def decision_deadlines(table: ArenaTable) -> list[games.Deadline]:
    return [d for d in await games.deadlines_of(table.db, table.game_id) if d.kind == "decision"]


async def test_a_phase_keeps_its_deadline_through_its_actions(tmp_path: Path) -> None:
    """R-WA-X-40: the active player's phase deadline (phase_hours) runs from the phase's start;
    an action inside it does not restart it; ending the phase gives the next its own."""
    table = await open_arena(tmp_path, 2, arena="random", phase_hours=10, remind_hours=2)
    try:
        state = await to_a_phase(table, random.Random(3))
        [phase] = await decision_deadlines(table)
        assert phase.payload["decision"] == "phase" and state.active is not None
        reminders = [d for d in await games.deadlines_of(table.db, table.game_id) if d.kind == "remind"]
        assert [r.due_at for r in reminders] == [phase.due_at - timedelta(hours=2)]
        table.clock.advance(timedelta(hours=1))
        await act(table, state, DrawCard(state.active), dice(2))
        assert phase in await decision_deadlines(table), "the phase's deadline stays under the window"
        await act(table, await table.state(), Pass(other(state)), dice(2))
        assert (await table.state()).window is None
        assert [d.due_at for d in await decision_deadlines(table)] == [phase.due_at]
    finally:
        await table.db.close()


async def test_a_reaction_window_is_minutes_and_one_answer_gives_no_more_time(tmp_path: Path) -> None:
    """R-WA-X-40, R-WA-CARD-3: a window's deadline is window_minutes from its opening and has no
    reminder; when it passes, everyone who did not answer passes."""
    table = await open_arena(tmp_path, 2, arena="random", window_minutes=3)
    try:
        state = await to_a_phase(table, random.Random(4))
        assert state.active is not None
        await act(table, state, DrawCard(state.active), dice(2))
        state = await table.state()
        assert state.window is not None, "a Draw Card action opens a window (R-WA-CARD-3)"
        [window] = [d for d in await decision_deadlines(table) if d.payload["decision"] == "window"]
        assert window.due_at == table.clock.now() + timedelta(minutes=3)
        reminded = [d for d in await games.deadlines_of(table.db, table.game_id) if d.kind == "remind"]
        assert all(d.payload["decision"] == "phase" for d in reminded)
        await pass_deadline(table)
        after = await table.state()
        assert after.window is None
        assert any("Time is up for cancelling" in t for t in table.public())
    finally:
        await table.db.close()


async def test_the_secret_stays_out_until_the_game_is_abandoned(tmp_path: Path) -> None:
    """R-WA-X-41, R-WA-X-43: the server seed is stored apart (store.secrets), in no reply or
    announcement; abandoning shows every hand and the export then reveals the seed."""
    table = await open_arena(tmp_path, 2)
    try:
        assert await secrets.secret_of(table.db, table.game_id) == SECRET
        assert (await table.gm.export(table.game_id))["dice"]["server_seed"] is None
        assert await table.gm.check_games() == [], "the start-up check reads a Warp Arena game"
        running = await table.gm.export(table.game_id)
        refused = await table.gm.import_game(MANAGER_ALICE, GUILD, CHANNEL + 5, running)
        assert not refused.ok and "cannot go on here" in refused.text
        gone = await table.gm.abandon(ALICE, CHANNEL)
        assert gone.ok and "held" in gone.text and SECRET.hex() not in gone.text
        exported = await table.gm.export(table.game_id)
        assert exported["dice"]["server_seed"] == SECRET.hex() and exported["secret"] == SECRET.hex()
    finally:
        await table.db.close()


async def test_warpwar_actions_refuse_a_warp_arena_game(tmp_path: Path) -> None:
    """Issue 12 item 1: WarpWar's own actions name the other game instead of misreading it."""
    table = await open_arena(tmp_path, 2)
    try:
        moved = await table.gm.done(ALICE, CHANNEL)
        assert not moved.ok and moved.code == "other-game" and "Warp Arena" in moved.text
        status = await table.gm.status(CHANNEL)
        assert not status.ok and status.code == "other-game"
        listed = await table.gm.my_games(ALICE, GUILD)
        assert listed.ok and "a game of Warp Arena" in listed.text
    finally:
        await table.db.close()


async def test_server_defaults_are_kept_per_kind(tmp_path: Path) -> None:
    """R-WA-X-44: Warp Arena's server defaults shape its new games and not WarpWar's."""
    table = await open_arena(tmp_path, 2)
    try:
        done = await table.gm.server_defaults(MANAGER_ALICE, GUILD, kind="warparena", grids=8, phase_hours=6)
        assert done.ok, done.text
        await table.gm.abandon(ALICE, CHANNEL)
        fresh = await table.gm.create(ALICE, GUILD, CHANNEL + 1, kind="warparena")
        warpwar = await table.gm.create(ALICE, GUILD, CHANNEL + 2)
        assert fresh.ok and warpwar.ok
        row = await games.game_by_id(table.db, fresh.game_id or 0)
        assert row is not None and row.setup["grids"] == 8 and row.setup["phase_hours"] == 6
        other = await games.game_by_id(table.db, warpwar.game_id or 0)
        assert other is not None and "grids" not in other.setup and other.setup["phase_hours"] == 48
        refused = await table.gm.server_defaults(MANAGER_ALICE, GUILD, kind="warparena", grids=7)
        assert not refused.ok and "grids" in refused.text
    finally:
        await table.db.close()


def test_a_wild_warp_named_by_its_value_is_the_lowest_numbered() -> None:
    """R-WA-X-34: the game master fills in ``seal wild 4`` with the player's lowest-numbered
    Wild Warp before the engine judges it (the kind's apply; the engine then refuses or takes
    it, never sees a card-less Wild Warp with a hand that has one)."""
    wilds = [n for n in range(1, 85) if card(n).kind is CardKind.WILD_WARP]
    assert len(wilds) == 4
    from engine.warparena.notation import choose_wild_warp

    sealed = choose_wild_warp(SealCard("alice", None, 4), (wilds[2], 5, wilds[1]))
    assert sealed == SealCard("alice", wilds[1], 4)
    assert ARENA_KIND.signed(EndPhase("mallory"), "alice") == EndPhase("alice")


async def test_the_public_story_names_no_hand(tmp_path: Path) -> None:
    """R-WA-X-42: the deal is told as counts in the channel; each player hears their own cards."""
    table = await open_arena(tmp_path, 2)
    try:
        started = table.replies[0]
        public = "\n".join(a.text for a in started.announcements if isinstance(a.to, ToChannel))
        assert "draws" in public and "Your hand" not in public
        private: dict[str, str] = {}
        for a in started.announcements:
            if isinstance(a.to, ToPlayer):
                private[a.to.name] = private.get(a.to.name, "") + "\n" + a.text
        state = await table.state()
        for player in ("alice", "bob"):
            for n in state.player(player).hand:
                assert f"{n} ({card(n)})" in private.get(player, "") or f"{n} ({card(n)})" in started.text
    finally:
        await table.db.close()
