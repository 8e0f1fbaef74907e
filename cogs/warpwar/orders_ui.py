"""Sealed orders by DM: the buttons under a round's announcement, the orders board and its forms.

A round's announcement (sent by the herald, by DM or, when DMs are closed, in the channel)
carries :func:`prompt_view`: *Write orders* shows the situation and opens a board, *Paste
orders* opens a form for orders in the rulebook notation, *Situation* shows the battle as the
player sees it. The board is a message holding the orders written so far, in the notation the
engine reads back (cogs.warpwar.orders_board): a list of the player's ships opens a per-ship form,
*Amend* reopens the text, *Submit* sends the board's orders to the game master. Orders sent
ship by ship add up; a board made by *Amend* (or ``/orders replace:yes``) *Replaces all* instead.
Orders that leave ships out wait for *Confirm*. When a new board is posted in the DM, the
buttons of the older ones are disabled. Everything is private: plain messages in the bot's DM,
ephemeral ones anywhere else (a server's channel, a DM between users, a group DM).

Restart-proof: every button and list is a DynamicItem whose custom id names the game, the
star, the round (and on boards the player-turn); each click reads the database again, and a
click on a round already fought answers "that round is over" privately.

Within Discord's 3 seconds whatever the load (cogs.shared.pace, cogs.warpwar.orders_flow.paced): a click or a
form whose first answer is a message reads the database only after being deferred when the bot
is busy or its budget runs out. A click that opens a form (*Paste orders*, *Amend*, *Fix*, a ship
in the list) cannot be deferred: Discord takes a form only as the first answer. It still reads
the round first (the form shows the orders sent, the ship's choices, and a click on a round
fought is refused at once), but when the bot is busy or that read outlasts the budget, the first
answer is a private "I am busy: press Amend again" instead, and the form opens on the next
press. The message pressed is left as it was, because the form is built from it (a board's
draft, an error's text): pressing its button again is what reopens it with that text.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from typing import Any

import discord

from cogs.shared import pace
from cogs.shared.answer import actor_of, client_of
from cogs.shared.errors import report
from cogs.shared.text import MESSAGE_LIMIT, pieces
from cogs.warpwar.orders_board import (
    KEY_PATTERN,
    PREFIX,
    FieldError,
    RoundKey,
    board_text,
    canonical,
    draft_of,
    form_of,
    merged,
    order_in,
    pointed,
    ship_order,
)
from cogs.warpwar.orders_flow import (
    OVER,
    Fight,
    answer,
    defer,
    fight_for,
    game_of,
    in_dm,
    open_fights,
    replace_message,
)
from cogs.warpwar.orders_modals import MODAL_ID, form_from, paste_modal, ship_modal, values_of
from engine.warpwar.battles import merged_orders
from engine.warpwar.order_checks import check_submission
from engine.warpwar.order_notation import NotationError, parse_orders
from engine.warpwar.orders import Orders
from engine.warpwar.tx import Refusal
from gm.core import Actor
from gm.service import GameMaster
from gm.warpwar.play import ROUND_OVER
from gm.warpwar.sealing import left_out

BUTTONS: dict[str, tuple[str, discord.ButtonStyle]] = {
    "write": ("Write orders", discord.ButtonStyle.primary),
    "fresh": ("Write orders", discord.ButtonStyle.primary),
    "paste": ("Paste orders", discord.ButtonStyle.secondary),
    "look": ("Situation", discord.ButtonStyle.secondary),
    "send": ("Submit", discord.ButtonStyle.success),
    "swap": ("Replace all", discord.ButtonStyle.success),
    "confirm": ("Confirm", discord.ButtonStyle.success),
    "amend": ("Amend", discord.ButtonStyle.secondary),
    "fix": ("Fix", discord.ButtonStyle.primary),
    "refix": ("Fix", discord.ButtonStyle.primary),
}
"""Each action's button: label and colour. *fresh* starts an empty board that replaces all the
orders sent; *swap* is such a board's Submit; *refix* is the *Fix* of orders that were to replace
all (pasted through *Amend*), so the board it leads back to still replaces them."""
SEALING = ("send", "swap", "confirm")
"""A board's first button: the one that sends it (one of these marks a message as a board)."""
REPLACING = ("board", "refix")
"""Where a pasted form's orders replace all those sent: *Amend* on a board, and its *Fix*."""
FIXING = ("fix", "refix")
"""Where a pasted form came from an error message, which its answer rewrites in place."""
LOOKBACK = 50
"""How many DM messages are searched for older boards to retire when a new one is posted."""
SELECT_LIMIT = 25
Action = Callable[[discord.Interaction, Fight], Awaitable[None]]
"""What a click does once the round it names is known to be open for the player."""
FRAGMENT_LIMIT = 300
TOO_LONG = (
    "Those orders come to {n} characters written out, more than one message can show: "
    "shorten them (one line a ship, no notes) and try again."
)
HELD = (
    "⏳ Your orders are held, **not sealed yet**: to confirm them, press **Confirm** on your orders "
    "board (**Write orders** opens one with them)."
)
BUSY = "I am busy just now: {press} again in a moment to open the form."
"""The first answer to a click that opens a form when the bot is busy (see the module docstring)."""
NOTATION_HELP = (
    "Write each ship's orders like `W1 ATTACKS W2: D=2 B=3 S=1`, each missile on a line of its own "
    "(`M at W2: D=3`)."
)


class OrdersButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"{PREFIX}:{KEY_PATTERN}:(?P<action>{'|'.join(BUTTONS)})",
):
    """Any button of the flow; what it does is the action its custom id ends with."""

    def __init__(self, key: RoundKey, action: str) -> None:
        self.key, self.action = key, action
        label, style = BUTTONS[action]
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=key.custom_id(action)))

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OrdersButton:
        return cls(RoundKey.from_match(match), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        form = f"press **{BUTTONS[self.action][0]}**" if self.action in FORMS else None
        await _guarded(interaction, self.key, ACTIONS[self.action], form=form)


class ShipPicker(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"{PREFIX}:{KEY_PATTERN}:ship",
):
    """The board's list of the player's ships at the star: picking one opens its form."""

    def __init__(self, key: RoundKey, ships: list[str] | None = None) -> None:
        """``ships`` are the options; rebuilt for a click they do not matter (the choice comes with it)."""
        self.key = key
        options = [discord.SelectOption(label=s, value=s) for s in (ships or ["-"])[:SELECT_LIMIT]]
        select = discord.ui.Select[Any](
            custom_id=key.custom_id("ship"), placeholder="Write one ship's orders…", options=options
        )
        super().__init__(select)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ShipPicker:
        return cls(RoundKey.from_match(match))

    async def callback(self, interaction: discord.Interaction) -> None:
        ship = self.item.values[0] if self.item.values else ""
        form = f"pick {ship[:10]} in the list"
        await _guarded(interaction, self.key, lambda i, fight: _open_ship(i, fight, ship), form=form)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (OrdersButton, ShipPicker)
"""Registered by the client (add_dynamic_items) so these work on any message, after any restart."""


def prompt_view(game_id: int, star_hex: str, round: int) -> discord.ui.View:
    """The buttons under "round N at Kish: send your orders" (by DM, or in the channel)."""
    return _buttons(RoundKey(game_id, star_hex, round), "write", "paste", "look")


async def situation_for(gm: GameMaster, game_id: int, star_hex: str, user_id: int) -> str:
    """The battle as one player sees it (own ships in full, the enemy as counters, the deadline),
    for the herald to put in that player's prompt; "" if they have no side in it."""
    reply = await gm.situation(Actor(user_id, ""), game_id, star_hex)
    return reply.text if reply.ok else ""


def _buttons(key: RoundKey, *actions: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in actions:
        view.add_item(OrdersButton(key, action))
    return view


def board_view(fight: Fight, draft: str, *, replacing: bool = False) -> discord.ui.View:
    """*Confirm* when the board shows orders held for confirmation, else *Submit* (or *Replace
    all*), then *Amend*, *Situation* and the list of ships."""
    sending = "swap" if replacing else "send"
    first = "confirm" if fight.pending and draft == _held(fight) else sending
    view = _buttons(fight.key, first, "amend", "look")
    view.add_item(ShipPicker(fight.key, fight.labels))
    return view


def _held(fight: Fight) -> str:
    """The orders the player has sent, as a board shows them."""
    return canonical(fight.sealed or (), fight.labels)


# --- running an action -------------------------------------------------------------------------


async def _guarded(
    interaction: discord.Interaction, key: RoundKey, action: Action, *, form: str | None = None
) -> None:
    """Run ``action(interaction, fight)`` for the round ``key`` names if it is still open; a
    stale click is told so privately, and a bug gets the usual apology instead of silence.

    Paced (cogs.warpwar.orders_flow.paced): deferred if the bot is busy or the budget runs out. An action
    that opens a form (``form`` says how to ask for it again) is told to press again instead,
    since a form must be the first answer (see the module docstring)."""
    acknowledge = (lambda: _busy(interaction, form)) if form else (lambda: defer(interaction))
    async with client_of(interaction).pace.within(interaction, acknowledge) as acknowledgement:
        if form and acknowledgement.sent:
            return  # told to press again, before any read: nothing more to do while busy
        try:
            fight = await fight_for(interaction, key)
            if form and await pace.answering():
                return  # told to press again: a form can no longer be the first answer
            if isinstance(fight, str):
                await _stale(interaction, key, fight, sealing=action in SENDERS.values())
            else:
                await action(interaction, fight)
        except Exception as error:  # a click must never go unanswered
            await pace.answering()
            await report(interaction, error)


async def _busy(interaction: discord.Interaction, press: str) -> None:
    """The first answer to a click that opens a form, when the bot is busy: press again."""
    if not interaction.response.is_done():
        await interaction.response.send_message(BUSY.format(press=press), ephemeral=True)


async def _open_now(interaction: discord.Interaction, key: RoundKey) -> Fight | None:
    """The player's side of the round of ``key``'s battle that takes orders now, if any."""
    found = await open_fights(interaction)
    return next((f for f in found if (f.key.game_id, f.key.star) == (key.game_id, key.star)), None)


async def _stale(interaction: discord.Interaction, key: RoundKey, why: str, *, sealing: bool = False) -> None:
    """ "That round is over", with the buttons of the battle's round open now if there is one;
    orders that were to be sent are said not to be, with the board of the round open now."""
    now = await _open_now(interaction, key)
    if why == OVER and sealing:
        await _not_sent(interaction, key, now)
    elif why == OVER and now is not None:
        await answer(
            interaction,
            f"{OVER} Round {now.key.round} at {now.where} is open now:",
            prompt_view(now.key.game_id, now.key.star, now.key.round),
        )
    else:
        await answer(interaction, why)


async def _not_sent(interaction: discord.Interaction, key: RoundKey, now: Fight | None) -> None:
    """Orders written for a round that is over: not sent, said so, and the board of the battle's
    round open now (if it goes on) posted below, so the player writes for that round knowingly."""
    if now is None:
        where = await _label(interaction, key)
        await answer(interaction, f"Round {key.round} at {where} is over; these orders were not sent.")
        return
    await answer(
        interaction,
        f"Round {key.round} at {now.where} is over; these orders were not sent. "
        f"The board for round {now.key.round} is below.",
    )
    await _put_board(interaction, now, _held(now), new=True)


async def _label(interaction: discord.Interaction, key: RoundKey) -> str:
    """The star's name as the player's game shows it (its hex if the game is gone)."""
    loaded = await game_of(interaction, key.game_id)
    if loaded is None or loaded.state is None:
        return key.star
    label: str = loaded.state.map.label(key.star)
    return label


async def start_orders(interaction: discord.Interaction, fight: Fight, *, replacing: bool = False) -> None:
    """The situation, then a new board holding the orders sent so far (to add to) or, to replace
    them all, none (the prompt's *Write orders*, and /orders)."""
    await _situation(interaction, fight)
    await _put_board(interaction, fight, "" if replacing else _held(fight), new=True, replacing=replacing)


async def _situation(interaction: discord.Interaction, fight: Fight) -> None:
    """The battle as the player sees it, and how to confirm here if their orders are held."""
    reply = await client_of(interaction).gm.situation(
        actor_of(interaction), fight.key.game_id, fight.key.star
    )
    text = f"{reply.text}\n{HELD}" if reply.ok and fight.pending else reply.text
    for piece in pieces(text):
        await answer(interaction, piece)


def _paste_from(where: str) -> Action:
    """Open the paste form: from a prompt with the orders sent so far, from a board or an error
    message with the text that message carries; ``where`` says what its answer rewrites."""

    async def open_form(interaction: discord.Interaction, fight: Fight) -> None:
        draft = _held(fight) if where == "new" else draft_of(_content(interaction))
        await interaction.response.send_modal(paste_modal(fight.key, where, fight.where, draft))

    return open_form


async def _open_ship(interaction: discord.Interaction, fight: Fight, ship: str) -> None:
    if ship not in fight.labels:
        await answer(interaction, f"You have no ship called {ship[:10]} fighting at {fight.where}.")
        return
    written = order_in(draft_of(_content(interaction)), ship)
    form = form_of(written) if written is not None else None
    await interaction.response.send_modal(ship_modal(fight, ship, "board", form))


def _submit(*, replace: bool, confirm: bool) -> Action:
    """Send the board's orders: added to those sent (*Submit*), in place of them (*Replace
    all*), or sealed although they leave ships out (*Confirm*). The board then shows every
    ship's orders now held; the herald delivers the receipt, the channel's news and, if these
    were the last orders, the round's results (R-CBT-11)."""

    async def submit(interaction: discord.Interaction, fight: Fight) -> None:
        await pace.acknowledge()  # before the game's lock, which other commands may hold
        draft = draft_of(_content(interaction))
        bot = client_of(interaction)
        key = fight.key
        reply = await bot.gm.submit_orders(
            actor_of(interaction),
            key.game_id,
            key.star,
            draft,
            replace=replace,
            confirm=confirm,
            round=key.round,
            turn=key.turn,
        )
        if reply.code == ROUND_OVER:  # fought while this press waited for the game
            await _not_sent(interaction, key, await _open_now(interaction, key))
            return
        if reply.ok:
            after = await fight_for(interaction, fight.key)
            if isinstance(after, Fight):
                held = _held(after)
                await replace_message(interaction, board(after, held), board_view(after, held))
            else:
                done = "Sent, and every side's orders are in: the round is fought (the results follow)."
                shown = draft if replace else canonical(_effective(fight, draft, False), fight.labels)
                await replace_message(interaction, board(fight, shown, done), None)
        await bot.herald.deliver(reply, interaction)

    return submit


def _content(interaction: discord.Interaction) -> str:
    return interaction.message.content if interaction.message is not None else ""


async def _fresh(interaction: discord.Interaction, fight: Fight) -> None:
    await start_orders(interaction, fight, replacing=True)


FORMS = ("paste", "amend", "fix", "refix")
"""The buttons that open a form."""
SENDERS: dict[str, Action] = {
    "send": _submit(replace=False, confirm=False),
    "swap": _submit(replace=True, confirm=False),
    "confirm": _submit(replace=False, confirm=True),
}
"""The presses that send orders (a stale one says they were not sent). *Confirm* adds the board's
orders to those held and seals them: an older board never erases orders sent since from another."""
ACTIONS: dict[str, Action] = {
    "write": start_orders,
    "fresh": _fresh,
    "paste": _paste_from("new"),
    "look": _situation,
    **SENDERS,
    "amend": _paste_from("board"),
    "fix": _paste_from("fix"),
    "refix": _paste_from("refix"),
}


# --- the board ---------------------------------------------------------------------------------


def board(fight: Fight, draft: str, status: str | None = None, *, replacing: bool = False) -> str:
    """The board's text: the draft, whether it is what was sent, what the ships it leaves out
    will do, and what the game master would say to it now, so a player finds a mistake before
    the reveal rather than after."""
    due = f", due {discord.utils.format_dt(fight.deadline, 'R')}" if fight.deadline else ""
    heading = f"**Your orders for round {fight.key.round} at {fight.where}** ({fight.title}{due})"
    notes = [
        status or _status(fight, draft, replacing),
        *_unordered(fight, draft, replacing),
        *_problems(fight, draft),
    ]
    text = board_text(heading, draft, notes)
    if len(text) > MESSAGE_LIMIT:  # the draft matters more than the notes
        return board_text(heading, draft, notes[:1])
    return text


def _status(fight: Fight, draft: str, replacing: bool) -> str:
    if fight.sealed is not None and draft == _held(fight):
        if fight.pending:
            return (
                "⏳ Sent but **not sealed yet**: some ships have no orders (below). **Confirm** seals "
                "them as they are, or pick a ship below to give it orders."
            )
        return "✅ Sealed: these are the orders you sent. You may amend them until the reveal."
    held = (
        "⏳ The orders you sent are held, **not sealed yet** (they wait for **Confirm**). "
        if fight.pending
        else ""
    )
    if replacing:
        return f"{held}Not sent yet: **Replace all** puts these in place of every order you sent this round."
    if fight.sealed is not None:
        return (
            f"{held}You sent other orders before: **Submit** adds these to them "
            "(a ship's new orders replace its old)."
        )
    return "Not sent yet: **Submit** seals them. Pick a ship below, or **Amend** to edit the text."


def _effective(fight: Fight, draft: str, replacing: bool) -> tuple[Orders, ...]:
    """The orders the game master would hold once the draft is sent."""
    orders = parse_orders(draft) if draft.strip() else ()
    if replacing or not fight.sealed:
        return orders
    return merged_orders(fight.state, fight.battle, fight.player, orders)


def _unordered(fight: Fight, draft: str, replacing: bool) -> list[str]:
    """Ships the orders would leave out, and what they will do (R-CBT-12)."""
    try:
        orders = _effective(fight, draft, replacing)
    except NotationError:
        return []
    return left_out(fight.state, fight.key.star, fight.player, orders)


def _problems(fight: Fight, draft: str) -> list[str]:
    """The game master's objection to the draft, checked now against the stored game."""
    if not draft.strip():
        return []
    try:
        check_submission(fight.state, fight.key.star, fight.player, parse_orders(draft))
    except (Refusal, NotationError) as refusal:
        return [f"⚠ Submitting these would be refused: {refusal}"]
    return []


# --- forms submitted -----------------------------------------------------------------------------


async def on_modal(interaction: discord.Interaction) -> None:
    """Every form of the flow comes back here (the forms are not kept in memory)."""
    if interaction.type is not discord.InteractionType.modal_submit or interaction.data is None:
        return
    match = MODAL_ID.fullmatch(str(interaction.data.get("custom_id", "")))
    if match is None:
        return
    values = values_of(interaction.data)
    where, ship = match["where"], match["ship"] or ""

    async def submitted(interaction: discord.Interaction, fight: Fight) -> None:
        if match["form"] == "paste":
            await _pasted(interaction, fight, values.get("orders", ""), where)
        else:
            await _ship_written(interaction, fight, ship, values)

    await _guarded(interaction, RoundKey.from_match(match), submitted)


async def _pasted(interaction: discord.Interaction, fight: Fight, text: str, where: str) -> None:
    """Pasted orders (ships by label or by name) make a board; unreadable ones an error whose
    *Fix* keeps the board's mode: orders pasted through *Amend* still replace all once fixed."""
    replacing = where in REPLACING
    try:
        orders = parse_orders(text, fight.names) if text.strip() else ()
    except NotationError as error:
        fix = _buttons(fight.key, "refix" if replacing else "fix")
        await _put(interaction, _unreadable(text, error), fix, new=where not in FIXING)
        return
    await _put_board(
        interaction, fight, canonical(orders, fight.labels), new=where == "new", replacing=replacing
    )


def _unreadable(text: str, error: NotationError) -> str:
    """Where the orders cannot be read, and the text as typed (which *Fix* reopens): the bad line
    is shown marked if that fits in one message, else just named."""
    typed = f"\nYour orders as you wrote them (**Fix** opens them again):\n```\n{text}\n```"
    shown = f"{pointed(text, error)}\n{NOTATION_HELP}"
    if len(shown) + len(typed) > MESSAGE_LIMIT:
        shown = f"Cannot read your orders, {str(error)[:FRAGMENT_LIMIT]}"
    return shown + typed


async def _ship_written(
    interaction: discord.Interaction, fight: Fight, ship: str, values: dict[str, str]
) -> None:
    if ship not in fight.labels:
        await answer(interaction, f"You have no ship called {ship} fighting at {fight.where}.")
        return
    try:
        order = ship_order(ship, form_from(values))
    except FieldError as error:
        await answer(interaction, f"Cannot read {ship}'s orders: {error}. Pick {ship} again to fix it.")
        return
    draft = merged(draft_of(_content(interaction)), order, fight.labels)
    await _put_board(interaction, fight, draft, new=False, replacing=_replacing(interaction))


def _replacing(interaction: discord.Interaction) -> bool:
    """Whether the board clicked replaces all the orders sent (its first button is *Replace all*)."""
    message = interaction.message
    return message is not None and any(c.endswith(":swap") for c in custom_ids(message))


def custom_ids(message: discord.Message, *, live: bool = False) -> list[str]:
    """The custom ids of a message's buttons and lists (``live``: of those not disabled)."""
    return [
        str(child.custom_id)
        for row in message.components
        if isinstance(row, discord.ActionRow)
        for child in row.children
        if isinstance(child, discord.Button | discord.SelectMenu)
        and child.custom_id
        and not (live and child.disabled)
    ]


async def _put_board(
    interaction: discord.Interaction, fight: Fight, draft: str, *, new: bool, replacing: bool = False
) -> None:
    """Show a board with ``draft`` as a new message or in place of the one clicked: it must fit
    in one message, since its buttons read the orders back from it."""
    content = board(fight, draft, replacing=replacing)
    if len(content) > MESSAGE_LIMIT:
        await answer(interaction, TOO_LONG.format(n=len(draft)))
        return
    await _put(interaction, content, board_view(fight, draft, replacing=replacing), new=new)
    if new:
        await _retire_boards(interaction, fight.key)


async def _retire_boards(interaction: discord.Interaction, key: RoundKey) -> None:
    """Disable the buttons of the older boards of this battle in the DM (the newest, just
    posted, is the first found): only the newest board sends orders, so a forgotten one cannot
    replace them by surprise. Ephemeral boards in a server's channel cannot be edited later."""
    channel = interaction.channel
    me = interaction.client.user
    if not in_dm(interaction) or not isinstance(channel, discord.abc.Messageable) or me is None:
        return
    mark = f"{PREFIX}:{key.game_id}:{key.star}:"
    newest = True
    async for message in channel.history(limit=LOOKBACK):
        ids = custom_ids(message, live=True) if message.author.id == me.id else []
        if any(c.startswith(mark) and c.rsplit(":", 1)[1] in SEALING for c in ids):
            if not newest:
                await message.edit(view=_disabled(message))
            newest = False


def _disabled(message: discord.Message) -> discord.ui.View:
    """The message's buttons and lists, greyed out."""
    view = discord.ui.View.from_message(message, timeout=None)
    for item in view.children:
        if isinstance(item, discord.ui.Button | discord.ui.Select):
            item.disabled = True
    view.stop()  # nothing to listen for: discord.py need not keep it
    return view


async def _put(interaction: discord.Interaction, content: str, view: discord.ui.View, *, new: bool) -> None:
    if new:
        await answer(interaction, content, view)
    else:
        await replace_message(interaction, content, view)
