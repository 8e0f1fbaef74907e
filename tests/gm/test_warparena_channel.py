"""Issue 13 item 5: the channel's arena picture through the game master: a close-up after a
single action, the whole arena at a phase's, a turn's or the game's end (R-WA-X-72); and
set-up told as one post, edited as placements go on (R-WA-X-73)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from engine.warparena import events as ev
from engine.warparena.board_events import PieceMoved
from engine.warparena.combat_events import GameWon
from engine.warparena.commands import EndPhase, PlaceGrid, PlacePiece
from engine.warparena.game import Accepted, apply
from engine.warparena.hexes import HexName
from engine.warparena.pieces import PieceRef
from engine.warparena.state import Stage
from engine.warparena.tx import Event
from gm.announce import Announcement, ToChannel
from gm.warparena.channel import SET_UP, SET_UP_OVER, SET_UP_TITLE, arena_news
from render.warparena.examples import showcase
from tests.engine.warparena.legal import candidates
from tests.gm.test_warparena_games import ArenaTable, act, dice, open_arena, pass_deadline

MOVED = PieceMoved(PieceRef("ann", "D1"), (HexName("1-2"), HexName("1-3")))


def _moved_news(*more: Event) -> Announcement:
    """The channel's news of ann's D1 moving from 1-1 to 1-3, with ``more`` events after it."""
    after = showcase().state
    board = after.board
    before = replace(
        after,
        board=replace(
            board,
            pieces=tuple(
                replace(p, hex=HexName("1-1")) if p.label == "D1" and p.owner == "ann" else p
                for p in board.pieces
            ),
        ),
    )
    told = arena_news([Announcement(ToChannel(), "ann moves D1.")], (MOVED, *more), before, after)
    return told[0]


def test_r_wa_x_72_a_single_action_gets_a_close_up() -> None:
    """R-WA-X-72: the news of one action that moved a piece asks for a close-up around it."""
    news = _moved_news()
    assert news.picture is not None and news.picture.around == ("1-1", "1-3")


def test_r_wa_x_72_a_phase_turn_or_game_end_gets_the_whole_arena_though_the_board_changed() -> None:
    """R-WA-X-72: the same move, when its news also ends the phase (or begins a turn, or wins
    the game), carries the whole arena instead."""
    for ending in (ev.PhaseEnded("ann"), ev.TurnBegun(4, ("bob", "ann", "cat")), GameWon("ann")):
        news = _moved_news(ending)
        assert news.picture is not None and news.picture.around == (), ending


def test_r_wa_x_72_a_phase_end_that_changed_nothing_still_shows_the_whole_arena() -> None:
    """R-WA-X-72: a phase ended without touching the board: the whole arena all the same, so
    the channel shows it at least once a phase; news of neither gets no picture."""
    state = showcase().state
    told = [Announcement(ToChannel(), "ann ends their phase.")]
    ended = arena_news(told, (ev.PhaseEnded("ann"), ev.PhaseBegun("bob", 3)), state, state)
    assert ended[0].picture is not None and ended[0].picture.around == ()
    assert arena_news(told, (ev.PendingSet(None),), state, state)[0].picture is None


async def _set_up(table: ArenaTable, players: int, seed: int) -> None:
    """Every placement of set-up as its player sends it (legal commands, picked at random)."""
    rng, fair = random.Random(seed), dice(players)
    while (state := await table.state()).stage in (Stage.PLACING_GRIDS, Stage.PLACING_PIECES):
        placing = [c for c in candidates(state, rng) if isinstance(c, PlaceGrid | PlacePiece)]
        legal = next((c for c in placing if isinstance(apply(state, c, fair), Accepted)), None)
        if legal is None:
            await pass_deadline(table)
        else:
            await act(table, state, legal, fair)


async def test_r_wa_x_73_set_up_is_one_post_and_a_phase_end_the_whole_arena(tmp_path: Path) -> None:
    """R-WA-X-73, through the game master: from the start to the last placement every line
    of the channel's story is set-up's post (its key, its heading, a whole arena picture to
    replace the one before); the last placement's news says set-up is over, and what follows
    it (initiative, turn 1) is posted apart. Then, R-WA-X-72: the first phase's end carries the
    whole arena."""
    table = await open_arena(tmp_path, 3, grids=4)
    try:
        await _set_up(table, 3, seed=5)
        story = [
            a
            for r in table.replies
            for a in r.announcements
            if isinstance(a.to, ToChannel) and a.prompt is None
        ]
        set_up = [a for a in story if a.phase == SET_UP]
        assert len(set_up) > 12, len(set_up)  # the start, and one per grid and piece placed
        assert all(a.heading is not None and a.heading.title == SET_UP_TITLE for a in set_up)
        assert all(a.picture is not None and a.picture.around == () for a in set_up)
        assert [a.heading.footer for a in set_up if a.heading is not None][-1] == SET_UP_OVER
        assert all(a.heading is not None and a.heading.live for a in set_up[:-1])
        placed = "\n".join(a.text for a in set_up)
        assert "places C on" in placed and "places grid" in placed
        assert "places next" not in placed, "who places next is the footer's, not a line each time"
        footers = [a.heading.footer for a in set_up[1:-1] if a.heading is not None]
        assert footers and all(f.endswith(" places next.") for f in footers), footers
        after = [
            a for a in table.replies[-1].announcements if isinstance(a.to, ToChannel) and a.phase is None
        ]
        assert any("Turn 1" in a.text for a in after), [a.text for a in after]
        assert not any("Turn 1" in a.text or "Initiative" in a.text for a in set_up)

        rng, fair = random.Random(1), dice(3)
        start = len(table.replies)
        while "ends their phase" not in "\n".join(
            a.text for r in table.replies[start:] for a in r.announcements if isinstance(a.to, ToChannel)
        ):
            state = await table.state()
            ending = next((c for c in candidates(state, rng) if isinstance(c, EndPhase)), None)
            if ending is not None:
                await act(table, state, ending, fair)
            else:
                await pass_deadline(table)
        ended = next(
            a
            for r in table.replies[start:]
            for a in r.announcements
            if isinstance(a.to, ToChannel) and "ends their phase" in a.text
        )
        assert ended.picture is not None and ended.picture.around == ()
    finally:
        await table.db.close()
