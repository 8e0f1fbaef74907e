"""Issue 10, item 12: a quieter, more readable channel.

With ``announce: phase`` (the default) each phase has one message in the game's channel, edited
as the phase goes on: its lines grow and its picture is a crop around what the last action
changed; when the phase ends the message gets the full map, once. ``announce: action`` keeps one
message per action. Every post has a title, the acting player's colour and the deadline in its
footer; battle news and the end of the game are messages of their own.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import discord
import pytest

import cogs.shared.phase_post
from cogs.app import WarpWarBot
from gm.announce import Picture
from gm.service import GameMaster
from render.palette import GAME_OVER, PLAYER_COLOURS, RGB
from store import games
from store.db import open_database
from tests.cogs.conftest import (
    World,
    answer,
    choose_ends,
    manager,
    play_to_the_battle,
    send_orders,
    text_of,
    use,
)

SMALL = "WG=1 PD=5 B=3"
"""13 BP: alice can build three with her 40."""


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[Picture]:
    """Every picture request the herald has drawn, in order."""
    asked: list[Picture] = []
    draw = GameMaster.picture

    async def spy(self: GameMaster, game_id: int, picture: Picture, scale: float = 1.0) -> bytes | None:
        asked.append(picture)
        return await draw(self, game_id, picture, scale)

    monkeypatch.setattr(GameMaster, "picture", spy)
    return asked


async def start(world: World, **options: Any) -> int:
    await use(world.alice, world.channel, "warpwar new", fixed_order=True, **options)
    await use(world.bob, world.channel, "warpwar join")
    await use(world.alice, world.channel, "warpwar start")
    await choose_ends(world)
    row = await world.bot.gm.game_in(world.channel.id)
    assert row is not None
    return row.id


async def spend_the_start(world: World) -> None:
    """Three SMALL ships: the learning game spends its 40 BP on the first turn (R-BUILD-6)."""
    for _ in range(3):
        await use(world.alice, world.channel, "build ship", star="Ur", design=SMALL)


def posts(world: World) -> list[discord.Message]:
    """The bot's posts about the game (embeds with a title), oldest first."""
    return [m for m in world.channel.history() if m.embeds and m.embeds[0].title]


def lines(message: discord.Message) -> list[str]:
    return (message.embeds[0].description or "").splitlines()


def colour(rgb: RGB) -> discord.Colour:
    return discord.Colour.from_rgb(*rgb)


def pinged(world: World, message: discord.Message) -> list[int]:
    """Whom the message notifies as it is now (SimCord's record: Discord's mentions list also
    names members it does not ping)."""
    return list(world.env.backend.get_message(message.channel.id, message.id).ping_user_ids)


async def hex_of(world: World, game_id: int, star: str) -> str:
    state = (await world.bot.gm.load(game_id)).state
    assert state is not None
    found: str | None = state.map.resolve(star)
    assert found is not None
    return found


async def test_item_12_a_phase_with_several_actions_is_one_message_whose_lines_grow(
    world: World, drawn: list[Picture]
) -> None:
    ch, alice = world.channel, world.alice
    game_id = await start(world)
    setup, build = posts(world)[-2:]
    assert setup.embeds[0].title == "Before game-turn 1 · bob · Choosing a map end"
    assert [a.filename for a in setup.attachments] == ["map.png"], "the game's first phase shows the map"
    assert setup.embeds[0].footer.text == "Phase over", "the map again, with the bases, once ends are chosen"
    assert build.embeds[0].title == "Game-turn 1 · alice · Build"
    assert not build.attachments, "the map is just above it"
    messages = len(ch.history())
    grown = [len(lines(build))]
    for _ in range(3):
        await use(alice, ch, "build ship", star="Ur", design=SMALL)
        again = posts(world)[-1]
        assert again.id == build.id and again.edited_at is not None, "edited, not posted again"
        grown.append(len(lines(again)))
    assert grown == [1, 2, 3, 4]
    assert lines(posts(world)[-1])[1:] == [f"alice built Warpship W{n} at Ur." for n in (1, 2, 3)]
    assert len(ch.history()) == messages, "three actions, no new message"
    assert drawn[-1].around == (await hex_of(world, game_id, "Ur"),), "a crop around what changed"


async def test_item_12_the_full_map_is_posted_once_at_the_end_of_the_phase(
    world: World, drawn: list[Picture]
) -> None:
    ch, alice = world.channel, world.alice
    await start(world)
    await spend_the_start(world)
    build = posts(world)[-1]
    before = len(drawn)
    await use(alice, ch, "build done")
    assert [p.around for p in drawn[before:]] == [()], "one picture: the whole map"
    ended, move = posts(world)[-2:]
    assert ended.id == build.id and ended.embeds[0].footer.text == "Phase over"
    assert ended.embeds[0].timestamp is None and [a.filename for a in ended.attachments] == ["map.png"]
    assert lines(ended) == lines(build), "its lines stay"
    assert build.components and not ended.components, "the turn's buttons go with the phase"
    assert move.embeds[0].title == "Game-turn 1 · alice · Move" and lines(move) == ["alice's move phase."]
    assert not move.attachments, "the map is just above it"

    await use(alice, ch, "move ship", ship="W1", to="Erech")
    moved = posts(world)[-1]
    assert moved.id == move.id and [a.filename for a in moved.attachments] == ["map.png"]
    assert drawn[-1].around, "a crop while the phase goes on"


async def test_item_12_a_phase_that_changed_nothing_on_the_map_ends_without_a_map(
    world: World, drawn: list[Picture]
) -> None:
    """The full map above it still holds: the same picture again would only be noise."""
    ch, alice = world.channel, world.alice
    await start(world)
    await spend_the_start(world)
    await use(alice, ch, "build done")
    move = posts(world)[-1]
    before = len(drawn)
    await use(alice, ch, "move done")
    ended = next(m for m in posts(world) if m.id == move.id)
    assert ended.embeds[0].footer.text == "Phase over" and not ended.attachments
    assert len(drawn) == before, "nothing drawn for it"


async def test_item_12_announce_action_restores_one_message_per_action(
    world: World, drawn: list[Picture]
) -> None:
    ch, alice = world.channel, world.alice
    await start(world, announce="action")
    first = len(ch.history())
    await spend_the_start(world)
    await use(alice, ch, "build done")
    new = ch.history()[first:]
    assert [text_of(m).splitlines()[-1] for m in new] == [
        "alice built Warpship W1 at Ur.",
        "alice built Warpship W2 at Ur.",
        "alice built Warpship W3 at Ur.",
        "alice's move phase.",
    ]
    assert all([a.filename for a in m.attachments] == ["map.png"] for m in new), "each with the map"
    assert not any(m.edited_at for m in ch.history())
    assert all(p.around == () for p in drawn), "the whole map every time"
    assert new[0].embeds[0].title == "Game-turn 1 · alice · Build", "titled all the same"


async def test_item_12_titles_colours_and_the_deadline_in_the_footer(world: World) -> None:
    ch, alice, bob = world.channel, world.alice, world.bob
    game_id = await start(world)
    alices = posts(world)[-1].embeds[0]
    due = [d.due_at for d in await games.deadlines_of(world.bot.db, game_id) if d.kind == "phase"]
    assert alices.title == "Game-turn 1 · alice · Build" and alices.colour == colour(PLAYER_COLOURS[0])
    assert alices.footer.text == "Deadline" and alices.timestamp == due[0]
    assert due[0] - world.bot.gm.clock.now() == timedelta(hours=48)

    await spend_the_start(world)
    for command in ("build done", "move done"):
        await use(alice, ch, command)
    bobs = posts(world)[-1].embeds[0]
    assert bobs.title == "Game-turn 1 · bob · Build" and bobs.colour == colour(PLAYER_COLOURS[1])

    await use(bob, ch, "warpwar concede")
    over = posts(world)[-1]
    assert over.embeds[0].title == "Game over" and over.embeds[0].colour == colour(GAME_OVER)
    assert "The game is over: alice won" in lines(over)[0] and not over.embeds[0].footer.text
    assert [a.filename for a in over.attachments] == ["map.png"]
    bobs_last = posts(world)[-2]
    assert bobs_last.embeds[0].footer.text == "Phase over" and "bob is out" in lines(bobs_last)[-1]


async def test_item_12_a_restart_mid_phase_keeps_editing_the_same_message(world: World) -> None:
    ch, alice = world.channel, world.alice
    await start(world)
    await use(alice, ch, "build ship", star="Ur", design=SMALL)
    build = posts(world)[-1]

    restarted = WarpWarBot(await open_database(world.bot.db.path), options=world.bot.options)
    old = world.bot
    try:
        await world.env.restart_bot(restarted)
        await old.db.close()
        await use(alice, ch, "build ship", star="Ur", design=SMALL)
        again = posts(world)[-1]
        assert again.id == build.id
        assert lines(again)[-2:] == ["alice built Warpship W1 at Ur.", "alice built Warpship W2 at Ur."]
    finally:
        await restarted.db.close()


async def test_item_12_battle_news_is_a_message_of_its_own(world: World, drawn: list[Picture]) -> None:
    """The round's news is posted; the orders of the next round start a new combat post below it,
    so the channel reads in order. The news that ends the phase shows the full map."""
    await play_to_the_battle(world)
    combat = posts(world)[-1]
    assert combat.embeds[0].title == "Game-turn 2 · alice · Combat"
    await send_orders(world, world.alice, "Babylon", "W1 ATTACKS W1@bob: D=4 B=12 S=2")
    assert posts(world)[-1].id == combat.id and "alice has sent orders" in lines(posts(world)[-1])[-1]
    await send_orders(world, world.bob, "Babylon", "W1 ATTACKS W1@alice: D=3 B=4 S=2")
    news = posts(world)[-1]
    assert news.id != combat.id and lines(news)[0].startswith("Round 1 at Babylon fought")
    assert news.embeds[0].title == "Game-turn 2 · alice · Combat"
    await send_orders(world, world.alice, "Babylon", "W1 ATTACKS W1@bob: D=9 B=9")
    after = posts(world)[-1]
    assert after.id not in (combat.id, news.id) and "round 2" in lines(after)[0]

    before = len(drawn)
    await send_orders(world, world.bob, "Babylon", "W1 RETREATS: D=6")
    ended, last, turn = posts(world)[-3:]
    assert ended.id == after.id and ended.embeds[0].footer.text == "Phase over"
    assert "The battle at Babylon is over" in lines(last)[-1] and not last.embeds[0].footer.text
    assert [p.around for p in drawn[before:]][-1:] == [()], "the news that ended the phase has the map"
    assert turn.embeds[0].title == "Game-turn 2 · bob · Build"


async def test_item_12_a_phase_past_the_embed_limit_goes_on_in_a_new_message(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord's 4096 characters, made small here: the next lines start the phase's next message,
    which is then the one edited."""
    monkeypatch.setattr(cogs.shared.phase_post, "EMBED_DESCRIPTION_LIMIT", 100)
    ch, alice = world.channel, world.alice
    await start(world)
    first = posts(world)[-1]
    for _ in range(3):
        await use(alice, ch, "build ship", star="Ur", design=SMALL)
    build = [m for m in posts(world) if m.embeds[0].title == "Game-turn 1 · alice · Build"]
    assert len(build) == 2 and build[0].id == first.id
    assert all(len(m.embeds[0].description or "") <= 100 for m in build)
    assert lines(build[0])[1:] == ["alice built Warpship W1 at Ur."]
    assert lines(build[1]) == ["alice built Warpship W2 at Ur.", "alice built Warpship W3 at Ur."]


async def test_item_12_announce_may_change_while_the_game_runs(world: World) -> None:
    ch, alice = world.channel, world.alice
    await start(world)
    build = posts(world)[-1]
    changed = await use(alice, ch, "warpwar settings", announce="action")
    assert "announce action" in answer(changed).content
    await use(alice, ch, "build ship", star="Ur", design=SMALL)
    assert posts(world)[-1].id != build.id, "one message for the action"
    assert lines(next(m for m in posts(world) if m.id == build.id))[-1].startswith("**Game-turn 1")


async def test_item_12_pause_resume_and_extend_keep_the_phase_posts_deadline_true(world: World) -> None:
    """The live post's footer follows the deadline: paused (no time), then the moved deadline;
    its call of the player says the same without pinging again. Only each command's own line is
    posted: the phase keeps its one message."""
    ch, alice, bob, dana = world.channel, world.alice, world.bob, manager(world)
    game_id = await start(world)
    await spend_the_start(world)
    await use(alice, ch, "build done")
    await use(alice, ch, "move done")
    bobs = posts(world)[-1]
    call = f"<@{bob.id}>, your build phase"

    async def shown() -> tuple[discord.Message, datetime | None]:
        """bob's post as it is now, and the phase's deadline as stored."""
        post = next(m for m in posts(world) if m.id == bobs.id)
        due = [d.due_at for d in await games.deadlines_of(world.bot.db, game_id) if d.kind == "phase"]
        return post, due[0] if due else None

    def stamp(due: datetime | None) -> str:
        assert due is not None
        return f"<t:{int(due.timestamp())}:R>"

    post, due = await shown()
    assert post.embeds[0].footer.text == "Deadline" and post.embeds[0].timestamp == due
    assert post.content == f"{call}: it ends {stamp(due)}." and pinged(world, post) == [bob.id]
    messages = len(ch.history())

    paused = await use(dana, ch, "warpwar-admin pause")
    assert answer(paused).content.startswith("The game is paused")
    post, due = await shown()
    assert post.embeds[0].footer.text == "Paused" and post.embeds[0].timestamp is None
    assert post.content == f"{call}." and pinged(world, post) == [], "said again, not pinged again"
    assert [a.filename for a in post.attachments] == [a.filename for a in bobs.attachments]
    assert lines(post) == lines(bobs), "no line added"
    await use(bob, ch, "build ship", star="Babylon", design=SMALL)
    post, due = await shown()
    assert post.embeds[0].footer.text == "Paused", "still paused after another action"

    await world.env.advance_time(2 * 3600)
    await use(dana, ch, "warpwar-admin resume")
    post, resumed = await shown()
    assert resumed is not None and due is not None and resumed - due == timedelta(hours=2)
    assert post.embeds[0].footer.text == "Deadline" and post.embeds[0].timestamp == resumed
    assert post.content == f"{call}: it ends {stamp(resumed)}."

    await use(dana, ch, "warpwar-admin extend", hours=12.0)
    post, extended = await shown()
    assert extended is not None and extended - resumed == timedelta(hours=12)
    assert post.embeds[0].timestamp == extended and post.content == f"{call}: it ends {stamp(extended)}."
    assert len(ch.history()) == messages + 3, "only the three commands' own lines"
    assert lines(post)[-1] == "bob built Warpship W1 at Babylon."
