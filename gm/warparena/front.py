"""Warp Arena for a front end (the ``/arena`` cogs, the console): what players type and ask.

Every command a player types is read here in the game's text form
(engine.warparena.notation) as their seat's command, then carried out like any other
(gm.acting.Acting.act); a line that cannot be read is refused with the wrong words pointed
at, and nothing changes. The rest answers questions: what a player may do now (for buttons
and autocomplete), their hand (private), the game's status and story (public), its dice, and
the standing answer each seat gives to reaction windows (R-WA-X-55).
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from engine.serial import decode
from engine.text import plural
from engine.warparena.commands import Concede
from engine.warparena.fair import commitment
from engine.warparena.notation import NotationError, parse_command
from engine.warparena.state import GameState, Stage
from engine.warparena.tx import Event
from engine.warparena.views import waiting_on
from gm.acting import Acting
from gm.announce import Picture, Reply, refused
from gm.core import Actor, Loaded, once
from gm.warparena.answers import affordable, answers, decisions_of, piece_moves
from gm.warparena.kind import WARPARENA, dice_of
from gm.warparena.pictures import ARENA, HAND
from gm.warparena.reactions import REACTIONS, describe_reactions, reaction_of
from gm.warparena.story import hand_line, tell
from store import games

LOG_PAGE = 25
"""Lines of the story per page."""
VERIFY = "python -m engine.warparena.verify FILE"


@dataclass(frozen=True)
class ArenaChoices:
    """What one player may do now: for autocomplete and guided builders."""

    player: str
    decisions: dict[str, tuple[str, ...]]
    """Each decision the game waits on from them (an engine Decision value) with its answers."""
    actions: tuple[str, ...]
    """The actions their action points pay for (``Draw a Card (1)``); none outside their phase."""
    ap_left: int
    hand: tuple[int, ...]
    pieces: tuple[str, ...]
    """Their pieces' labels, with the hex each stands on (``H1 9-3``)."""


class ArenaFront(Acting):
    async def _arena(self, actor: Actor, game_id: int) -> tuple[Loaded, str] | Reply:
        """The running (or ended) Warp Arena game and the actor's seat name, or why not."""
        row = await games.game_by_id(self.db, game_id)
        if row is None or row.kind != WARPARENA:
            return refused("There is no such Warp Arena game.", "no-game")
        loaded = await self.load(row.id)
        if loaded.state is None:
            return refused("The game has not started yet.", "not-running")
        seat = loaded.seat_of(actor.user_id)
        return loaded, seat.name if seat is not None else ""

    async def act_text(self, actor: Actor, game_id: int, text: str) -> Reply:
        """``text`` in the game's notation as the actor's command (a Wild Warp named by its value
        is filled in from their hand: gm.warparena.kind.ArenaKind.apply)."""
        found = await self._arena(actor, game_id)
        if isinstance(found, Reply):
            return found
        _, seat = found
        if not seat:
            return refused("You are not playing in this game.", "not-seated")
        try:
            command = parse_command(text, seat)
        except NotationError as wrong:
            return refused(
                f"I could not read that: {wrong.message}.\n```\n{wrong.pointer(text)}\n```", "notation"
            )
        return await self.act(actor, game_id, command)

    async def arena_concede(self, actor: Actor, game_id: int) -> Reply:
        """The actor leaves the game: their pieces leave the arena."""
        return await self.act(actor, game_id, Concede(""))

    async def arena_choices(self, actor: Actor, game_id: int) -> ArenaChoices | None:
        """What the actor may do now (None: not seated in a running Warp Arena game)."""
        found = await self._arena(actor, game_id)
        if isinstance(found, Reply) or not found[1]:
            return None
        loaded, seat = found
        state: GameState = loaded.state
        fair = dice_of(loaded.table)
        decisions = {d.value: answers(state, seat, d, fair) for d in decisions_of(state, seat)}
        pieces = tuple(f"{p.label} {p.hex}" for p in state.board.pieces_of(seat))
        hand = state.player(seat).hand
        ap = state.ap_left if state.active == seat else 0
        return ArenaChoices(seat, decisions, affordable(state, seat), ap, hand, pieces)

    async def arena_moves(self, actor: Actor, game_id: int, label: str) -> tuple[str, ...]:
        """The legal first steps (and hops) of the actor's piece ``label`` now, in notation, for
        autocomplete; () when it has none or it is not their phase."""
        found = await self._arena(actor, game_id)
        if isinstance(found, Reply) or not found[1]:
            return ()
        loaded, seat = found
        return piece_moves(loaded.state, seat, label, dice_of(loaded.table))

    async def arena_hand(self, actor: Actor, game_id: int) -> Reply:
        """The actor's hand, for their eyes only, with its picture."""
        found = await self._arena(actor, game_id)
        if isinstance(found, Reply):
            return found
        loaded, seat = found
        if not seat:
            return refused("You are not playing in this game.", "not-seated")
        state: GameState = loaded.state
        picture = Picture(HAND, viewer=seat, version=loaded.row.version)
        return Reply(True, hand_line(state, seat), game_id=game_id, pictures=(picture,))

    async def arena_map(self, actor: Actor, game_id: int) -> Reply:
        """The arena as everyone sees it now (a picture)."""
        found = await self._arena(actor, game_id)
        if isinstance(found, Reply):
            return found
        loaded, _ = found
        picture = Picture(ARENA, version=loaded.row.version)
        return Reply(True, f"**{loaded.row.title}**", game_id=game_id, pictures=(picture,))

    async def arena_status(self, actor: Actor, game_id: int) -> Reply:
        """Turn, order, whose phase, points left, who the game waits on and until when, hand
        and deck sizes: all public."""
        found = await self._arena(actor, game_id)
        if isinstance(found, Reply):
            return found
        loaded, _ = found
        state: GameState = loaded.state
        lines = [
            f"**{loaded.row.title}** · turn {state.turn}"
            + (f" · order {', '.join(state.order)}" if state.order else "")
        ]
        if state.winner is not None:
            lines.append(f"{state.winner} won.")
        elif state.active is not None and state.stage is Stage.PLAYING:
            lines.append(f"{state.active}'s phase: {plural(state.ap_left, 'action point')} left.")
        dues = {
            d.payload.get("decision", ""): d.due_at
            for d in await games.deadlines_of(self.db, game_id)
            if d.kind == "decision"
        }
        for wait in _waits(state):
            due = dues.get(wait[1])
            until = (
                f", until <t:{int(due.timestamp())}:R>"
                if due is not None and loaded.row.paused_at is None
                else ""
            )
            lines.append(f"Waiting on {wait[0]}: {wait[1]}{until}.")
        if loaded.row.paused_at is not None:
            lines.append("The game is paused.")
        hands = ", ".join(
            f"{p.name} {plural(len(p.hand), 'card')}" + (" (out)" if p.out else "") for p in state.players
        )
        lines.append(f"Hands: {hands}. Deck: {plural(len(state.deck), 'card')}.")
        return Reply(True, "\n".join(lines), private=False, game_id=game_id)

    async def arena_log(self, actor: Actor, game_id: int, page: int = 0) -> Reply:
        """The story so far as the channel heard it, ``page`` from the end (0: the latest)."""
        found = await self._arena(actor, game_id)
        if isinstance(found, Reply):
            return found
        loaded, _ = found
        rows = await games.events(self.db, game_id)
        events = [decode(Event, json.loads(r.body)) for r in rows]
        told = tell(events, None, {})
        lines = [line for a in told for line in a.text.splitlines()]
        pages = max(1, -(-len(lines) // LOG_PAGE))
        page = min(max(page, 0), pages - 1)
        end = len(lines) - page * LOG_PAGE
        shown = lines[max(0, end - LOG_PAGE) : end]
        head = f"**{loaded.row.title}**: the story, page {pages - page} of {pages}"
        return Reply(True, "\n".join([head, *shown]), game_id=game_id)

    async def arena_dice(self, actor: Actor, game_id: int) -> Reply:
        """The dice's commitment and the players' seeds; once the game has ended its server
        seed, and how to check every roll."""
        found = await self._arena(actor, game_id)
        if isinstance(found, Reply):
            return found
        loaded, _ = found
        secret = loaded.secret
        assert secret is not None
        seeds = ", ".join(
            f"{s.name} {json.dumps(s.seed, ensure_ascii=False)}" if s.seed else f"{s.name} none"
            for s in loaded.seats
        )
        lines = [
            f"Commitment (SHA-256 of the server seed): `{commitment(secret)}`.",
            f"Players' seeds: {seeds}.",
        ]
        if loaded.row.status in ("over", "abandoned"):
            lines.append(f"Server seed: `{secret.hex()}`.")
            lines.append(f"To check every roll, export the game and run `{VERIFY}` on the export.")
        else:
            lines.append("The server seed is revealed when the game ends.")
        return Reply(True, "\n".join(lines), game_id=game_id)

    @once
    async def arena_reactions(self, actor: Actor, game_id: int, answer: str = "") -> Reply:
        """The actor's standing answer to reaction windows (R-WA-X-55): ``pass on actions``,
        ``pass on cards`` or ``ask me``; empty shows it."""
        found = await self._arena(actor, game_id)
        if isinstance(found, Reply):
            return found
        loaded, seat = found
        if not seat:
            return refused("You are not playing in this game.", "not-seated")
        if not answer:
            return Reply(True, describe_reactions(reaction_of(loaded.seats, seat)), game_id=game_id)
        chosen = REACTIONS.get(" ".join(answer.lower().split()))
        if chosen is None:
            return refused(f"Answer windows with one of: {', '.join(REACTIONS)}.", "bad-reaction")
        async with self.writing(game_id):
            await games.set_reactions(self.db, game_id, actor.user_id, chosen)
        return Reply(True, describe_reactions(chosen), game_id=game_id)


def _waits(state: GameState) -> list[tuple[str, str]]:
    """Who the game waits on, and for what, each once."""
    return list(dict.fromkeys((w.player, w.decision.value) for w in waiting_on(state)))
