"""Playing: every engine command a player can give, in the channel or by direct message.

Each action reads what the player typed (gm.warpwar.inputs), lets the engine judge it, and
stores and tells the result (:meth:`GameCore.commit`). The engine checks whose turn and phase
it is and whose ships are whose; here we check that the caller has a seat at all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable

from engine.records import replace
from engine.serial import decode
from engine.warpwar import Accepted, Event, GameState, Rejected, apply, fold
from engine.warpwar import commands as cmd
from engine.warpwar.events import MoveTakenBack, ShipMoved, StarTaken, SystemshipDropped, SystemshipPickedUp
from engine.warpwar.state import Phase
from engine.warpwar.view import hidden
from gm import validate
from gm.announce import Reply, refused
from gm.core import Actor, GameCore, once
from gm.warpwar import inputs, phases
from gm.warpwar.kind import other_game
from store import games
from store.games import GameRow, LoggedEvent

UNCHANGED_ORDERS = "Those are the orders you have sent already: nothing changed."
BLIND_UNDO = "In a blind game a move cannot be taken back: someone may have seen it (a move stands)."
"""R-BLIND-15: whether anyone saw the move is not the mover's to know, so no move is taken back."""
SHIP_NAME_LIMIT = 20
"""As long as a ship's name may be (the Discord option's limit too)."""

Make = Callable[[GameState, str], cmd.Command | inputs.Explained]
"""Builds the engine command from the state and the acting player's name (may raise InputError),
with a note for the player when it was read in a way they should hear about."""


class Play(GameCore):
    async def _play(self, actor: Actor, row: GameRow | None, make: Make, unchanged: str = "") -> Reply:
        """Apply what ``make`` builds; a command that changes nothing is answered ``unchanged``."""
        if row is None:
            return refused("There is no game here.", "no-game")
        async with self.locked(row.id):
            loaded = await self.load(row.id)
            other = other_game(loaded.kind.key, loaded.kind.name, row.title)
            if other is not None:
                return refused(other, "other-game")
            if loaded.row.status != "running" or loaded.state is None:
                return refused("The game is not running.", "not-running")
            seat = loaded.seat_of(actor.user_id)
            if seat is None:
                return refused("You are not playing in this game.", "not-seated")
            try:
                made = make(loaded.state, seat.name)
            except inputs.InputError as error:
                return refused(str(error), error.code)
            command, note = (made.command, made.note) if isinstance(made, inputs.Explained) else (made, "")
            result = apply(loaded.state, command)
            if isinstance(result, Rejected):
                return refused(f"{result.message} {note}".strip(), result.code)
            if not result.events:
                reply = Reply(True, unchanged, game_id=row.id, channel_id=row.channel_id)
                return await self.settle(row.id, [], reply)  # a retry gets its first answer
            return await self.commit(
                loaded, result, actor.user_id, acting=seat.name, reshape=_noting(note) if note else None
            )

    async def _in_channel(self, actor: Actor, channel_id: int, make: Make) -> Reply:
        return await self._play(actor, await self.game_in(channel_id), make)

    async def _in_game(self, actor: Actor, game_id: int, make: Make, unchanged: str = "") -> Reply:
        return await self._play(actor, await self.row_of(game_id), make, unchanged)

    @once
    async def choose_end(self, actor: Actor, channel_id: int, end: str) -> Reply:
        """The player moving second chooses their map end before the first turn (R-SCEN-2)."""
        return await self._in_channel(actor, channel_id, _end(end))

    @once
    async def choose_end_in(self, actor: Actor, game_id: int, end: str) -> Reply:
        """The same choice from a button, which names its game (in the channel or a letter)."""
        return await self._in_game(actor, game_id, _end(end))

    @once
    async def build_ship(
        self, actor: Actor, channel_id: int, star: str, design: str, name: str | None = None
    ) -> Reply:
        """Build a ship at a base star: ``design`` like ``WG=1 PD=5 B=3`` (WG=1 makes a Warpship)."""
        try:
            named = validate.name(name, "A ship's name", SHIP_NAME_LIMIT)
        except validate.TextError as invalid:
            return refused(str(invalid), invalid.code)
        return await self._in_channel(
            actor, channel_id, lambda s, p: cmd.BuildShip(p, _star(star), inputs.design(design), named)
        )

    @once
    async def repair(self, actor: Actor, channel_id: int, ship: str, amounts: str) -> Reply:
        return await self._in_channel(
            actor, channel_id, lambda s, p: cmd.Repair(p, inputs.ship(s, p, ship), inputs.design(amounts))
        )

    @once
    async def resupply(
        self, actor: Actor, channel_id: int, ship: str, missiles: int = 0, shells: int = 0
    ) -> Reply:
        return await self._in_channel(
            actor,
            channel_id,
            lambda s, p: cmd.Resupply(
                p, inputs.ship(s, p, ship), _amount(missiles, "missiles"), _amount(shells, "shells")
            ),
        )

    @once
    async def scrap(self, actor: Actor, channel_id: int, ship: str) -> Reply:
        return await self._in_channel(actor, channel_id, lambda s, p: cmd.Scrap(p, inputs.ship(s, p, ship)))

    @once
    async def build_base(self, actor: Actor, channel_id: int, star: str, amount: int) -> Reply:
        return await self._in_channel(
            actor, channel_id, lambda s, p: cmd.PayForBase(p, _star(star), _amount(amount, "BP"))
        )

    @once
    async def load_hold(self, actor: Actor, channel_id: int, ship: str, amount: int) -> Reply:
        return await self._in_channel(
            actor, channel_id, lambda s, p: cmd.LoadHold(p, inputs.ship(s, p, ship), _amount(amount, "BP"))
        )

    @once
    async def unload_hold(self, actor: Actor, channel_id: int, ship: str, amount: int) -> Reply:
        return await self._in_channel(
            actor, channel_id, lambda s, p: cmd.UnloadHold(p, inputs.ship(s, p, ship), _amount(amount, "BP"))
        )

    @once
    async def split_bp(self, actor: Actor, channel_id: int, allocation: str) -> Reply:
        """Share the starting BP among the bases (revised advanced): ``Ur=10 Mosul=5 Larsu=5``."""
        return await self._in_channel(
            actor,
            channel_id,
            lambda s, p: cmd.SplitStartingBP(
                p, inputs.allocation(allocation, inputs.allocation_example(s, p))
            ),
        )

    @once
    async def move(
        self,
        actor: Actor,
        channel_id: int,
        ship: str,
        path: str | None = None,
        to: str | None = None,
        drop: str | None = None,
    ) -> Reply:
        """Move along a path (``Umma Girsu 2017``) or by the cheapest route to a destination;
        ``drop`` names Systemships to drop on arrival, enemy there or not (R-BLIND-5)."""
        return await self._in_channel(
            actor, channel_id, lambda s, p: inputs.path_steps(s, p, inputs.ship(s, p, ship), path, to, drop)
        )

    @once
    async def transfer(
        self, actor: Actor, channel_id: int, carrier: str, systemship: str, drop: bool
    ) -> Reply:
        """Pick up or drop a Systemship: a move step in the move phase, free after combat."""

        def make(state: GameState, player: str) -> cmd.Command:
            carried = inputs.ship(state, player, systemship)
            ship = inputs.ship(state, player, carrier)
            if state.phase is Phase.REARRANGE:
                return cmd.Rearrange(player, ship, carried, drop)
            step: cmd.Step = cmd.Drop(carried) if drop else cmd.PickUp(carried)
            return cmd.Move(player, ship, (step,))

        return await self._in_channel(actor, channel_id, make)

    @once
    async def undo(self, actor: Actor, channel_id: int) -> Reply:
        """Take back your last move order of this move phase, if it revealed nothing (R-MOVE-8)."""
        row = await self.game_in(channel_id)
        if row is None:
            return refused("There is no game here.", "no-game")
        async with self.locked(row.id):
            loaded = await self.load(row.id)
            seat = loaded.seat_of(actor.user_id)
            state = loaded.state
            if seat is None or state is None or loaded.row.status != "running":
                return refused("You have no move to take back in this game.", "nothing-to-undo")
            if state.active_player.name != seat.name or state.phase is not Phase.MOVE:
                return refused("Moves are taken back by the moving player, in the move phase.", "wrong-phase")
            if hidden(state):
                return refused(BLIND_UNDO, "nothing-to-undo")
            logged = await games.events(self.db, row.id)
            found = taken_back(logged, seat.name)
            if isinstance(found, str):
                return refused(found, "nothing-to-undo")
            before, ship = found
            previous = fold([decode(Event, json.loads(e.body)) for e in logged if e.seq <= before])
            event = MoveTakenBack(seat.name, ship, before, previous)
            return await self.commit(loaded, Accepted(previous, (event,)), actor.user_id, acting=seat.name)

    @once
    async def done(
        self,
        actor: Actor,
        channel_id: int,
        phase: phases.Ending | None = None,
        expect: tuple[int, str] | None = None,
    ) -> Reply:
        """The active player has finished the current phase. ``phase`` ("build" or "move") is
        the one the player meant to end: `/build done` typed in the move phase is refused rather
        than ending a phase the player has not played. None ends whichever phase it is.
        ``expect`` (player-turn serial, phase) is the very phase a button was for: checked under
        the game's lock, so a second press never ends the phase that came after it."""

        def make(state: GameState, player: str) -> cmd.Command:
            if expect is not None and (state.turn_serial, state.phase.value) != expect:
                raise inputs.InputError(phases.phase_over(state, player), "stale")
            wrong = phases.wrong_phase(state, player, Phase(phase)) if phase else None
            if wrong is not None:
                raise inputs.InputError(wrong, "wrong-phase")
            return cmd.EndPhase(player)

        return await self._in_channel(actor, channel_id, make)

    @once
    async def order_battles(self, actor: Actor, channel_id: int, stars: str) -> Reply:
        names = tuple(x for x in re.split(r"[\s,]+", stars) if x)
        return await self._in_channel(actor, channel_id, lambda s, p: cmd.OrderBattles(p, names))

    @once
    async def concede(self, actor: Actor, channel_id: int) -> Reply:
        return await self._in_channel(actor, channel_id, lambda s, p: cmd.Concede(p))

    # --- combat orders, by direct message (the game is named by its id) -------------------

    @once
    async def submit_orders(
        self,
        actor: Actor,
        game_id: int,
        star: str,
        text: str = "",
        replace: bool = False,
        confirm: bool = False,
        round: int | None = None,
        turn: int | None = None,
    ) -> Reply:
        """Orders for this round at ``star``, added to those sent before (``replace``: instead of
        them). Orders that leave ships out are held until the player sends them with ``confirm``
        (with no text, that confirms what is held); sending again amends them until the reveal.

        ``round`` (and ``turn``, the player-turn) say which round the orders were written for, as
        a board's button carries them: checked under the game's lock, so orders written for a
        round that has been fought meanwhile are refused, never sealed for the next one."""

        def make(state: GameState, player: str) -> cmd.Command:
            place = _star(star)
            if round is not None:
                _still_open(state, place, round, turn)
            return cmd.SubmitOrders(player, place, inputs.orders(text, state, player), not replace, confirm)

        return await self._in_game(actor, game_id, make, unchanged=UNCHANGED_ORDERS)

    @once
    async def standing_orders(self, actor: Actor, game_id: int, ship: str, text: str | None) -> Reply:
        """Orders a ship fights on when its player sends none (None clears them, R-CBT-12)."""

        def make(state: GameState, player: str) -> cmd.Command:
            found = inputs.orders(text, state, player) if text else ()
            if len(found) > 1:
                raise inputs.InputError("Give standing orders for one ship at a time.")
            return cmd.SetStandingOrders(
                player, inputs.ship(state, player, ship), found[0] if found else None
            )

        return await self._in_game(actor, game_id, make)

    @once
    async def damage_priority(self, actor: Actor, game_id: int, ship: str, text: str) -> Reply:
        """Where a ship takes hits first (R-DMG-2): ``A, S 2, B``; empty restores the default."""
        return await self._in_game(
            actor,
            game_id,
            lambda s, p: cmd.SetDamagePriority(p, inputs.ship(s, p, ship), inputs.damage(text)),
        )


def _star(text: str) -> str:
    return inputs.word(text, "star")


def _end(text: str) -> Make:
    return lambda s, p: cmd.ChooseEnd(p, inputs.word(text, "map end"))


ROUND_OVER = "round-over"


def _still_open(state: GameState, place: str, round: int, turn: int | None) -> None:
    """Refuse orders written for round ``round`` at ``place`` (in player-turn ``turn``) unless
    that very round is taking orders now."""
    hex_name = state.map.resolve(place)
    if hex_name is None:
        return  # the engine names the unknown star
    battle = state.battle(hex_name)
    same_turn = turn is None or turn == state.turn_serial
    if battle is not None and battle in state.open_battles() and same_turn and battle.round == round:
        return
    raise inputs.InputError(
        f"Round {round} at {state.map.label(hex_name)} is over; these orders were not sent.", ROUND_OVER
    )


def _amount(value: object, what: str) -> int:
    """A count the engine can take (a whole number: never a bool, a fraction, NaN)."""
    try:
        return validate.amount(value, what)
    except validate.TextError as invalid:
        raise inputs.InputError(str(invalid), invalid.code) from None


def _noting(note: str) -> Callable[[Reply], Reply]:
    """The reply with ``note`` first, for the acting player's eyes only."""
    return lambda reply: replace(reply, text="\n".join(t for t in (note, reply.text) if t))


MOVE_EVENTS = {
    ShipMoved.__name__,
    SystemshipPickedUp.__name__,
    SystemshipDropped.__name__,
    StarTaken.__name__,
}
"""What one move order makes (engine.warpwar.movement)."""


def taken_back(logged: list[LoggedEvent], player: str) -> tuple[int, str] | str:
    """The last command's batch and ship if it was ``player``'s move order that revealed nothing,
    else why it cannot be taken back (R-MOVE-8)."""
    if not logged or logged[-1].batch is None:
        return "There is no move to take back."
    batch = logged[-1].batch
    last = [e for e in logged if e.batch == batch]
    if any(e.kind not in MOVE_EVENTS for e in last):
        return "Your last order was not a move, so there is no move to take back."
    moved = [decode(Event, json.loads(e.body)) for e in last]
    first = moved[0]
    owner = getattr(first, "owner", getattr(first, "player", ""))
    if owner != player:
        return "There is no move of yours to take back."
    for event in moved:
        if isinstance(event, ShipMoved) and event.stopped:
            return f"{event.label} met enemy ships on its way: a move that found the enemy stands."
    ship = next((getattr(e, "label", None) or getattr(e, "carrier", "") for e in moved), "")
    return batch, str(ship)
