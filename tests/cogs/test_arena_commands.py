"""Issue 13 item 1 on Discord: every ``/arena`` subcommand answers in every state of a game,
within Discord's limits; bad input is refused in the player's terms and changes nothing; the
hand is private and the public status names no card."""

from __future__ import annotations

from engine.warparena.views import waiting_on
from tests.cogs.arena_table import SEEDS, open_three, simcord_bot, state_of, version_of
from tests.cogs.conftest import World, answer, text_of, use

__all__ = ["simcord_bot"]

LOOKING = ("arena status", "arena hand", "arena map", "arena dice", "arena settings", "arena deadlines")
PLAYING = {
    "arena act": {"text": "draw"},
    "arena move": {"text": "H1 9-3"},
    "arena place": {"text": "H1 9-3"},
    "arena play": {"text": "1"},
    "arena pass": {},
    "arena cancel": {},
    "arena concede": {},
}


async def test_item_01_every_command_answers_before_a_game_exists(world: World) -> None:
    """With no game in the channel each command says how to open one, privately."""
    for name in (*LOOKING, *PLAYING):
        result = await use(world.alice, world.channel, name, **PLAYING.get(name, {}))
        assert result.ephemeral, name
        assert "/arena new" in answer(result).content, (name, answer(result).content)


async def test_item_01_every_command_answers_in_the_lobby(world: World) -> None:
    """In the lobby, play is refused as not running; the looking commands answer."""
    await use(world.alice, world.channel, "arena new", players=3)
    for name in (*LOOKING, *PLAYING):
        result = await use(world.bob, world.channel, name, **PLAYING.get(name, {}))
        assert answer(result).content, name
        assert len(answer(result).content) <= 2000


async def test_item_01_open_join_start_status_hand_and_dice(world: World) -> None:
    """The game opens with the dice's commitment, seats fill with seeds, the start is public;
    the status names hand sizes only, the hand is ephemeral, the dice show the seeds (R-WA-DICE-2)."""
    await open_three(world)
    state = await state_of(world)
    status = await use(world.bob, world.channel, "arena status")
    assert not status.ephemeral and "Hands:" in answer(status).content
    hand = await use(world.bob, world.channel, "arena hand")
    assert hand.ephemeral
    bob = state.player("bob").hand
    assert bob and all(f"{n} (" in text_of(answer(hand).message) for n in bob)
    assert not any(f"{n} (" in answer(status).content for n in bob)
    dice = await use(world.carol, world.channel, "arena dice")
    assert SEEDS[2] in answer(dice).content and "revealed when the game ends" in answer(dice).content


async def test_item_01_bad_notation_is_refused_with_a_pointer_and_changes_nothing(world: World) -> None:
    """A line that cannot be read is refused privately, with the wrong words underlined."""
    await open_three(world)
    before = await version_of(world)
    result = await use(world.alice, world.channel, "arena act", text="rotate nine by 2")
    said = answer(result).content
    assert result.ephemeral and "I could not read that" in said and "^" in said, said
    assert await version_of(world) == before
    for name, options in (("arena place", {"text": "   "}), ("arena act", {"text": "  "})):
        blank = await use(world.alice, world.channel, name, **options)
        assert blank.ephemeral and "I could not read that" in answer(blank).content, name
    assert await version_of(world) == before


async def test_item_01_a_command_out_of_turn_is_refused_and_changes_nothing(world: World) -> None:
    """Someone not waited on is told so by the rules, privately."""
    await open_three(world)
    state = await state_of(world)
    waited = {w.player for w in waiting_on(state)}
    idle = next(m for m in (world.alice, world.bob, world.carol) if m.user.name not in waited)
    before = await version_of(world)
    result = await use(idle, world.channel, "arena act", text="end")
    assert result.ephemeral and answer(result).content
    assert await version_of(world) == before


async def test_item_01_a_stranger_cannot_play(world: World) -> None:
    await open_three(world)
    dana = world.guild.add_member(world.env.create_user("dana"))
    result = await use(dana, world.channel, "arena act", text="draw")
    assert result.ephemeral and "not playing" in answer(result).content


async def test_item_01_autocomplete_offers_the_players_own_answers_and_cards(world: World) -> None:
    """``/arena act`` suggests the answers owed by the one typing (nothing to a stranger);
    ``/arena play`` suggests only cards of the typist's own hand."""
    await open_three(world)
    state = await state_of(world)
    waited = next(w.player for w in waiting_on(state))
    member = {"alice": world.alice, "bob": world.bob, "carol": world.carol}[waited]
    offered = await member.autocomplete(world.channel, "arena act", "text", "")
    assert offered and all(len(c["name"]) <= 100 for c in offered), offered
    dana = world.guild.add_member(world.env.create_user("dana"))
    assert await dana.autocomplete(world.channel, "arena act", "text", "") == []
    cards = await world.bob.autocomplete(world.channel, "arena play", "text", "")
    assert {int(c["value"]) for c in cards} <= set(state.player("bob").hand)
    moves = await world.bob.autocomplete(world.channel, "arena move", "text", "")
    assert isinstance(moves, list)


async def every_command_answers(world: World) -> None:
    """Each command, run by each player, is answered within Discord's limits."""
    for member in (world.alice, world.bob, world.carol):
        for name in (*LOOKING, *(p for p in PLAYING if p != "arena concede"), "arena log", "arena reactions"):
            result = await use(member, world.channel, name, **PLAYING.get(name, {}))
            said = [m for m in [result.response, *result.followups] if m is not None]
            assert said, name
            assert all(len(m.content) <= 2000 and len(m.embeds) <= 10 for m in said), name


async def test_item_01_every_command_answers_while_running_and_after_the_end(world: World) -> None:
    """Mid-game, then once two players have conceded and the third has won: every command
    answers; after the end the dice reveal the server seed (R-WA-DICE-2)."""
    await open_three(world)
    await every_command_answers(world)
    await use(world.bob, world.channel, "arena concede")
    await use(world.carol, world.channel, "arena concede")
    assert (await state_of(world)).winner == "alice"
    await every_command_answers(world)
    dice = await use(world.bob, world.channel, "arena dice")
    assert "Server seed" in answer(dice).content


async def test_item_01_settings_show_change_and_refuse(world: World) -> None:
    """``settings`` without options shows every setting privately; with options changes them in
    the lobby; a grid count the game does not have is refused and changes nothing; once running
    only deadlines change."""
    await use(world.alice, world.channel, "arena new", players=3, grids=8)
    shown = await use(world.alice, world.channel, "arena settings")
    assert shown.ephemeral and "window minutes: 5" in answer(shown).content
    changed = await use(world.alice, world.channel, "arena settings", chain_reaction=True)
    assert answer(changed).content
    sooner = await use(world.alice, world.channel, "arena deadlines", window_minutes=2.0)
    assert answer(sooner).content
    wrong = await use(world.alice, world.channel, "arena settings", grids=7)
    assert wrong.ephemeral and "not 7" in answer(wrong).content
    again = await use(world.alice, world.channel, "arena settings")
    said = answer(again).content
    assert "window minutes: 2" in said and "chain reaction: yes" in said and "grids: 8" in said
    await use(world.bob, world.channel, "arena join")
    await use(world.carol, world.channel, "arena join")
    await use(world.alice, world.channel, "arena start")
    late = await use(world.alice, world.channel, "arena settings", grids=20)
    assert late.ephemeral and "deadlines" in answer(late).content
