"""Issue 13 items 2 and 3 on Discord: the answers of Warp Arena's questions as buttons, across a
restart. A window's buttons under the channel's message work after a restart, and once that
window has closed they say so and change nothing; a player without a Wild Warp who presses Cancel
is refused privately (R-WA-CARD-4); a fight's sealed-card buttons in the DMs work after a restart,
and an older question's button is refused as stale."""

from __future__ import annotations

import random

from cogs.app import WarpWarBot
from cogs.warparena.written import LABEL
from engine.warparena.cards import CardKind, card
from engine.warparena.fair import FairDice
from engine.warparena.notation import format_command
from engine.warparena.state import GameState
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision
from tests.cogs.arena_table import SECRET, SEEDS, open_three, simcord_bot, state_of, version_of
from tests.cogs.conftest import World, pass_time, text_of
from tests.cogs.test_arena_game import (
    CANCEL_LABEL,
    PASS_LABEL,
    Played,
    _ok,
    dm_prompt,
    members,
    play,
    window_message,
)
from tests.engine.warparena.legal import candidates

__all__ = ["simcord_bot"]


async def restart(world: World) -> None:
    """A new bot process on the same database: old messages' buttons must still work."""
    old = world.bot
    bot = WarpWarBot(old.db, options=old.options, seeds=lambda game_id: 1, secrets=lambda game_id: SECRET)
    await world.env.restart_bot(bot)


def in_window(state: GameState) -> bool:
    return state.window is not None and bool(state.window.asked())


def sealing(state: GameState) -> bool:
    return any(w.decision is Decision.SEAL_CARD for w in waiting_on(state))


def holds_wild_warp(state: GameState, player: str) -> bool:
    return any(card(n).kind is CardKind.WILD_WARP for n in state.player(player).hand)


async def test_item_03_window_buttons_after_a_restart_and_a_cancel_without_a_wild_warp(world: World) -> None:
    """R-WA-X-65: mid-window restart: Pass on the old message still answers; Cancel from a player without
    a Wild Warp is refused to that player only and changes nothing; once the window has closed,
    its buttons say so."""
    await open_three(world)
    fair = FairDice(SECRET, SEEDS)
    state = await play(world, random.Random(3), fair, Played(), until=in_window)
    message = window_message(world)
    assert message is not None and state.window is not None
    await restart(world)
    asked = state.window.asked()
    without = next((p for p in asked if not holds_wild_warp(state, p)), None)
    if without is not None:
        others = [m for name, m in members(world).items() if name != without]
        before, seen = await version_of(world), [len(world.channel.history(viewer=m)) for m in others]
        refused = await members(world)[without].click(message, label=CANCEL_LABEL)
        assert refused.ephemeral and refused.response is not None, refused
        assert await version_of(world) == before
        assert [len(world.channel.history(viewer=m)) for m in others] == seen, "nobody else hears it"
    before = await version_of(world)
    passed = await members(world)[asked[0]].click(message, label=PASS_LABEL)
    assert passed.acknowledged and await version_of(world) != before
    await play(world, random.Random(4), fair, Played(), until=lambda s: s.window is None)
    before = await version_of(world)
    late = await members(world)[asked[-1]].click(message, label=PASS_LABEL)
    assert late.ephemeral and "closed or moved on" in text_of(late.response.message)  # type: ignore[union-attr]
    assert await version_of(world) == before


async def test_item_02_sealed_card_buttons_after_a_restart_and_a_stale_press(world: World) -> None:
    """R-WA-X-66, R-WA-X-67: mid-fight restart: the DM's sealed-card button still seals (its
    label names the card, the channel never does); the same button pressed again is refused as
    stale (in the DM itself, which only its reader sees)."""
    await open_three(world)
    fair = FairDice(SECRET, SEEDS)
    state = await play(world, random.Random(3), fair, Played(), until=sealing)
    player = next(w.player for w in waiting_on(state) if w.decision is Decision.SEAL_CARD)
    member = members(world)[player]
    prompt = dm_prompt(member, "No card")
    assert prompt is not None, "the sealed-card question is in the DMs"
    labels = [getattr(i, "label", "") for row in prompt.components for i in getattr(row, "children", [])]
    combat = [n for n in state.player(player).hand if card(n).kind is CardKind.COMBAT]
    wild = [label for label in labels if label.startswith("Wild Warp as ")]
    assert sorted(labels) == sorted([*(f"#{n} {card(n)}" for n in combat), "No card", *wild]), labels
    assert len(wild) in (0, 5) and len(labels) <= 25
    await restart(world)
    before = await version_of(world)
    sealed = await member.user.click(prompt, label="No card")
    assert sealed.acknowledged and await version_of(world) != before
    again = await member.user.click(prompt, label="No card")
    assert "moved on" in text_of(again.response.message)
    public = "\n".join(text_of(m) for m in world.channel.history())
    assert "No card" not in public


def a_holder_is_asked(state: GameState) -> bool:
    return in_window(state) and any(holds_wild_warp(state, p) for p in state.window.asked())  # type: ignore[union-attr]


async def test_item_03_a_cancel_opens_a_new_window_message_and_the_old_one_goes_stale(world: World) -> None:
    """A Wild Warp cancel pressed on the window's message is played; the window opens again on the
    cancel (a counter-cancel may answer it) in a new channel message, the same for everyone; the
    old message's buttons are refused as stale and change nothing."""
    await open_three(world)
    fair = FairDice(SECRET, SEEDS)
    state = await play(world, random.Random(3), fair, Played(), until=a_holder_is_asked)
    assert state.window is not None
    old = window_message(world)
    assert old is not None
    holder = next(p for p in state.window.asked() if holds_wild_warp(state, p))
    before = await version_of(world)
    cancelled = await members(world)[holder].click(old, label=CANCEL_LABEL)
    assert cancelled.acknowledged and await version_of(world) != before
    after = await state_of(world)
    assert after.window is not None and after.window.chain, "the window opens again on the cancel"
    new = window_message(world)
    assert new is not None and new.id != old.id
    assert "Wild Warp" in text_of(new)
    someone = after.window.asked()[0]
    before = await version_of(world)
    stale = await members(world)[someone].click(old, label=PASS_LABEL)
    assert stale.ephemeral and "closed or moved on" in text_of(stale.response.message)  # type: ignore[union-attr]
    assert await version_of(world) == before
    answered = await members(world)[someone].click(new, label=PASS_LABEL)
    assert answered.acknowledged and await version_of(world) != before


def placing_piece(state: GameState) -> bool:
    return any(w.decision is Decision.PLACE_PIECE for w in waiting_on(state))


async def test_item_02_write_my_answer_opens_a_form_for_answers_too_many_for_buttons(world: World) -> None:
    """Placing a piece has too many answers for buttons: the DM's "Write my answer" opens a form
    started with ``place``; a line that cannot be read is refused with a pointer and changes
    nothing; a legal line places the piece."""
    await open_three(world)
    fair = FairDice(SECRET, SEEDS)
    state = await play(world, random.Random(3), fair, Played(), until=placing_piece)
    player = next(w.player for w in waiting_on(state) if w.decision is Decision.PLACE_PIECE)
    member = members(world)[player]
    prompt = dm_prompt(member, LABEL)
    assert prompt is not None, "the question has a Write my answer button"
    shown = await member.user.click(prompt, label=LABEL)
    assert shown.modal is not None
    before = await version_of(world)
    wrong = await member.user.submit_modal(shown, {"line": "place H9 nowhere"})
    assert wrong.acknowledged and await version_of(world) == before
    legal = next(
        c
        for c in candidates(state, random.Random(0))
        if getattr(c, "player", "") == player and _ok(state, c, fair)
    )
    shown = await member.user.click(prompt, label=LABEL)
    placed = await member.user.submit_modal(shown, {"line": format_command(legal)})
    assert placed.acknowledged and await version_of(world) != before


async def test_item_03_a_window_whose_time_runs_out_closes_and_its_buttons_go_stale(world: World) -> None:
    """Nobody answers: when the window's minutes pass everyone asked passes (R-WA-CARD-3); a
    press on its message afterwards changes nothing."""
    await open_three(world)
    fair = FairDice(SECRET, SEEDS)
    state = await play(world, random.Random(3), fair, Played(), until=in_window)
    message = window_message(world)
    assert message is not None and state.window is not None
    asked = state.window.asked()
    assert await pass_time(world, 5 * 60 + 1) >= 1
    after = await state_of(world)
    assert after.window is None or after.window != state.window
    before = await version_of(world)
    late = await members(world)[asked[0]].click(message, label=PASS_LABEL)
    assert late.ephemeral and await version_of(world) == before
