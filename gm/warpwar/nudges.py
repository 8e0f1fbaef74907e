"""Telling a player what to do next, so nobody has to ask: the letter when their phase begins,
the reminders before a deadline, "What can I do?", ``/help`` and ``/games``.

Everything here is text in the game master's usual markup: ``**bold**``, ``<t:UNIX:R>`` for a
moment and ``<#CHANNEL>`` for the game's channel, which Discord shows as a link and the console
translates (console/output.py). The commands named are the slash commands, which the console
types the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from engine.records import replace
from engine.text import listed
from engine.warpwar.events import EndsOffered, Event, PhaseBegan, RoundFought, TurnBegan
from engine.warpwar.rulesets import Attr, Rule
from engine.warpwar.state import Blind, GameState, Phase
from engine.warpwar.view import hidden, view_for
from gm.announce import Announcement, PhaseKey, Prompt, ToChannel, ToPlayer, Turn
from gm.announce import summons as summons  # the front ends' call of a player, kept here too
from gm.announce import when_unix as when_unix
from gm.warpwar import ends
from gm.warpwar.inputs import allocation_example, path_example
from gm.warpwar.sealing import how_to_confirm
from gm.warpwar.story import balances, fighting
from gm.warpwar.views import when

ABANDONED = "This game was abandoned."


def channel(channel_id: int) -> str:
    return f"<#{channel_id}>"


# --- a game that is no longer played ---------------------------------------------------------


def _why(status: str, state: GameState | None) -> str | None:
    """How a game ended, as the end of a sentence; None while it is played."""
    if status == "abandoned":
        return "it was abandoned"
    if state is None or state.result is None:
        return "it is over" if status == "over" else None
    result, turn = state.result, state.game_turn
    if result.winners:
        return f"{listed(result.winners)} won on game-turn {turn} ({result.reason})"
    return f"{result.reason} (game-turn {turn})"


def ended(status: str, state: GameState | None) -> str | None:
    """What every view of a game no longer played says first; None while it is played."""
    why = _why(status, state)
    if why is None:
        return None
    return ABANDONED if status == "abandoned" else f"This game is over: {why}."


def closed(status: str, state: GameState | None) -> str | None:
    """Why a button or prompt of a game no longer played does nothing; None while it is played."""
    why = _why(status, state)
    return f"This game has ended; {why}." if why is not None else None


# --- what a player can do now ----------------------------------------------------------------


def next_steps(state: GameState, player: str) -> list[str]:
    """What ``player`` can do in this game now, each a line naming the command (or button)."""
    if state.player(player).out:
        return ["You are out of this game: you may still look at the map and read your reports."]
    if state.phase is Phase.COMBAT:
        return _combat_steps(state, player)
    if state.phase is Phase.SETUP:
        return ends.steps(state, player)
    active = state.active_player.name
    if active != player:
        return [
            f"It is {active}'s {state.phase.value} phase: wait for your turn (I will tell you).",
            "Meanwhile: /fleet shows your ships; /standing orders sets what a ship does in a battle "
            "when you send no orders.",
        ]
    if state.phase is Phase.BUILD:
        return _build_steps(state, player)
    if state.phase is Phase.MOVE:
        return _move_steps(state, player)
    return [
        "Pick up or drop Systemships where your Warpships are, free now: /move pickup, /move drop.",
        "Then end the phase: /move done.",
    ]


def _build_steps(state: GameState, player: str) -> list[str]:
    scenario = state.scenario
    steps = [balances(state, player)]
    if scenario.spend_all_first_turn and state.game_turn == 1:
        steps.append("Spend them all now: this first build ends only when what is left cannot buy a ship.")
    steps.append(
        'Build ships at your bases: /build ship star:… design:"WG=1 PD=5 B=3" (WG=1 makes a Warpship).'
    )
    refits = [
        c
        for c, rule in (("/build repair", Rule.REPAIR), ("/build resupply", Rule.RESUPPLY))
        if scenario.uses(rule)
    ]
    if refits:
        steps.append(f"Mend and rearm ships at a base: {listed(refits)}.")
    if Attr.H in scenario.allowed_attributes():
        steps.append("Carry BP in Holds: /build load, /build unload.")
        if scenario.uses(Rule.BASE_BUILDING):
            steps.append("Pay towards a new Base with BP in Holds there: /build base.")
    first = state.ruleset.value != "classic" and state.game_turn == 1 and not state.turn.spent
    if first and len([b for b in state.bases_of(player) if b.finished]) > 1:
        example = allocation_example(state, player).split()[0]
        steps.append(f'Share your starting BP among your bases first: /build split allocation:"{example} …".')
    steps.append("Then end the phase: /build done.")
    return steps


def _move_steps(state: GameState, player: str) -> list[str]:
    ships = [s for s in state.ships_of(player) if s.is_warpship and s.carried_by is None]
    if not ships:
        return ["You have no Warpships to move: end the phase with /move done."]
    if state.options.blind is Blind.MAP and hidden(state):
        steps = [
            f'Move Warpships: /move ship ship:W1 path:"{path_example(state)}" (hex numbers, or stars you '
            "have found), or to: a place you know."
        ]
    else:
        steps = [
            'Move Warpships: /move ship ship:W1 to:Kish (or path:"Umma Girsu"); /move undo takes one back.'
        ]
    if state.scenario.uses(Rule.SYSTEMSHIPS):
        steps.append("Carry Systemships: /move pickup, /move drop.")
    steps.append("Then end the phase: /move done; battles follow where ships meet.")
    return steps


def _combat_steps(state: GameState, player: str) -> list[str]:
    steps = []
    open_now = state.open_battles()
    for battle in state.turn.battles:
        if player not in fighting(state, battle.star):
            continue
        where = state.map.label(battle.star)
        if battle not in open_now:
            steps.append(f"Your battle at {where} is fought after the one going on now.")
        elif player in battle.pending:
            steps.append(
                f"Your orders for round {battle.round} at {where} are held, **not sealed yet**: some "
                f"ships have none. Confirm them: {how_to_confirm(state, battle.star)}."
            )
        elif player in battle.orders:
            waiting = [p for p in fighting(state, battle.star) if not battle.sealed(p)]
            steps.append(
                f"Your orders for round {battle.round} at {where} are sealed (you may amend them with "
                f"/orders until the reveal); waiting for {', '.join(waiting) or 'the reveal'}."
            )
        else:
            steps.append(
                f"Send your orders for round {battle.round} at {where}: the buttons under the round's "
                "message in your direct messages, or /orders."
            )
    if not steps and hidden(state):
        steps.append("Battles are being fought; you are not in them.")  # nor told where (R-BLIND-18)
    elif not steps:
        where = ", ".join(state.map.label(b.star) for b in open_now)
        steps.append(f"Battles are being fought at {where}; you are not in them.")
    seen = {b.star for b in view_for(state, player).turn.battles}
    unbegun = [b for b in state.turn.battles[1:] if b.round == 1 and b.star in seen]
    if state.active_player.name == player and unbegun and not state.options.parallel_battles:
        steps.append("You may change the order of the battles not yet begun: /combat order.")
    return steps


def bullets(lines: Sequence[str]) -> str:
    return "\n".join(f"• {line}" for line in lines)


# --- the letter when a phase begins, and the reminders -----------------------------------------


def _deadline_words(due: datetime | None, paused: bool) -> str:
    if paused:
        return "no deadline while the game is paused"
    return f"it ends {when(due)}" if due is not None else "no deadline"


def letter(
    state: GameState,
    player: str,
    title: str,
    channel_id: int,
    due: datetime | None,
    paused: bool = False,
    reminder: str = "",
) -> str:
    """The private message that tells a player their phase has begun (or, headed ``reminder``,
    that it is waiting for them): the game and its channel, the phase, the deadline, what to do
    next."""
    phase = state.phase.value
    game = f"**{title}** in {channel(channel_id)}"
    deadline = _deadline_words(due, paused)
    if reminder:
        doing = "your choice of map end" if state.phase is Phase.SETUP else f"your {phase} phase"
        head = f"{reminder}: {game} is waiting for you: {doing}, {deadline}."
    elif state.phase is Phase.SETUP:
        head = f"{game} has begun: you choose your map end, {deadline}."
    elif state.phase is Phase.BUILD:
        head = f"{game}. Your turn has begun (game-turn {state.game_turn}): build phase, {deadline}."
    else:
        head = f"{game}. Your {phase} phase has begun, {deadline}."
    return f"{head}\n{bullets(next_steps(state, player))}"


def orders_reminder(
    state: GameState,
    player: str,
    title: str,
    channel_id: int,
    star: str,
    due: datetime | None,
    head: str = "Reminder",
) -> str:
    """The reminder to a player in a battle whose orders for its round are not sealed: none sent,
    or held for their confirmation (R-CBT-25), which the deadline takes as they are."""
    battle = state.battle(star)
    round_words = f"round {battle.round} " if battle else ""
    due_words = f", due {when(due)}" if due is not None else ""
    game = f"**{title}** in {channel(channel_id)}"
    where = f"{round_words}at {state.map.label(star)}{due_words}"
    if battle is not None and player in battle.pending:
        return (
            f"{head}: {game}: your orders for {where} are held, **not sealed yet**: some of your ships "
            f"have none. Confirm them: {how_to_confirm(state, star)}. If the deadline passes first, the "
            "orders held count as sent and the ships left out fight on their standing orders or the "
            "default ones."
        )
    return (
        f"{head}: {game} is waiting for your orders for {where}: the buttons under the round's message "
        "in these direct messages, or /orders. Ships without orders fight on their standing orders or "
        "the default ones."
    )


def turn_news(
    told: list[Announcement],
    events: Sequence[Event],
    after: GameState,
    seats: Mapping[str, int],
    where: tuple[str, int],
    due: datetime | None,
    paused: bool,
    acting: str | None,
    question: Prompt | None = None,
) -> list[Announcement]:
    """When a command lets a player's phase begin: the channel's news calls them (unless they
    began it themselves) with the phase's facts, and they get the letter. ``where`` is the
    game's title and channel. A letter marked with the turn is a message of its own, never part
    of the acting player's reply (gm.core). ``question`` is what the phase asks its player (the
    choice of a map end): its buttons go under the call and the letter."""
    own = turn_of(after, seats, due, paused, call=acting != after.active_player.name)
    if own is None or not any(isinstance(e, TurnBegan | PhaseBegan | EndsOffered) for e in events):
        return told
    player, user_id = own.player, own.user_id
    out = list(told)
    public = [i for i, a in enumerate(out) if isinstance(a.to, ToChannel)]
    key = PhaseKey(after.turn_serial, after.phase.value)
    news = [i for i in public if out[i].phase == key] or public[-1:]  # the new phase's post
    if news:
        out[news[0]] = replace(out[news[0]], turn=own, prompt=question)
    if player in seats:
        # Kept apart from the acting player's reply when a battle round is in it (its report).
        apart = acting == player and any(isinstance(e, RoundFought) for e in events)
        text = letter(after, player, *where, due, paused)
        turn = replace(own, call=False) if apart else None
        out.append(Announcement(ToPlayer(player, user_id), text, turn=turn, prompt=question))
    return out


def turn_of(
    state: GameState, seats: Mapping[str, int], due: datetime | None, paused: bool, call: bool = True
) -> Turn | None:
    """The phase going on as a :class:`Turn` (its deadline ``due``, none while paused); None
    when no player's phase is going on (a combat, the game over)."""
    if state.result is not None or state.phase is Phase.COMBAT:
        return None
    player = state.active_player.name
    deadline = None if paused or due is None else int(due.timestamp())
    task = "choose your map end" if state.phase is Phase.SETUP else ""
    return Turn(player, seats.get(player, 0), state.phase.value, state.turn_serial, deadline, call, task)
