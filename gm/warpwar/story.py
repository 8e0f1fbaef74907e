"""The story of a WarpWar game: its events told to the right people (R-CBT-11, design.md).

Each event becomes at most one public line for the game's channel and private lines for the
players it concerns. Public lines say only what the map shows (who built, where ships went,
who won a battle); ship records, Build Points and orders go only to their owner, and a round's
write-up to the players in that battle, each with their own view of it.

In a blind game (R-BLIND-4) the channel hears only whose turn and phase it is, who is out and
who won: what a player did is told to them alone, battle news to the battle's players, and
each player hears what they saw of every event (gm.warpwar.sightings) and gets their own map
by direct message when a phase in which they saw something change is over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.text import listed, plural
from engine.warpwar.accounts import AccountKind, describe
from engine.warpwar.events import (
    BaseDestroyed,
    BaseFounded,
    BattleEnded,
    BattlesOrdered,
    BPMoved,
    DamagePrioritySet,
    EndsAssigned,
    EndsOffered,
    Event,
    GameCreated,
    GameEnded,
    MoveHalted,
    MoveTakenBack,
    OrdersSubmitted,
    PhaseBegan,
    PlayerOut,
    Removal,
    RoundFought,
    ShipBuilt,
    ShipLeftStar,
    ShipMoved,
    ShipRecordChanged,
    ShipRemoved,
    StandingOrdersSet,
    StarTaken,
    SystemshipDropped,
    SystemshipPickedUp,
    TurnBegan,
    VictoryPointsScored,
)
from engine.warpwar.order_notation import format_damage, format_orders
from engine.warpwar.ships import record
from engine.warpwar.state import GameState, Phase
from engine.warpwar.view import hidden, view_for
from engine.warpwar.writeup import write_up
from gm.announce import Announcement, Picture, ToBattle, ToPlayer
from gm.warpwar import ends
from gm.warpwar.channel import Channel, Kind
from gm.warpwar.phases import ENDED_BY
from gm.warpwar.sealing import receipt
from gm.warpwar.sightings import seen


@dataclass
class Story:
    """Announcements being written for one command: the channel's lines phase by phase
    (gm.warpwar.channel), the private ones by player."""

    seats: Mapping[str, int]
    """Player name → user id."""
    channel: Channel
    private: dict[str, list[str]] = field(default_factory=dict)
    extra: list[Announcement] = field(default_factory=list)
    map_changed: bool = False
    paid: dict[str, int] = field(default_factory=dict)
    """BP each player has spent in this command and not yet told (a refit's cost)."""
    hidden: bool = False
    """A blind game not yet over (R-BLIND-4): the channel hears only whose turn and phase it is."""
    maps: dict[str, str] = field(default_factory=dict)
    """Players of a blind game who get their own map by direct message, with its caption."""
    battlers: dict[str, list[str]] = field(default_factory=dict)
    """The players of each battle a round was fought at in this command, by the star's hex."""

    def tell_all(self, text: str, *changed: str) -> None:
        """A public line of the phase's post; ``changed``: the hexes it changed on the map."""
        self.channel.add(text)
        self.channel.touch(*changed)

    def act(self, player: str, text: str, *changed: str) -> None:
        """What ``player`` did: a public line in an open game, theirs alone in a blind one."""
        if self.hidden:
            self.tell(player, text)
        else:
            self.tell_all(text, *changed)

    def news(self, text: str, players: Sequence[str] = ()) -> None:
        """Battle news: a post of its own; in a blind game, told to the battle's ``players``."""
        if self.hidden:
            for player in players:
                self.tell(player, text)
        else:
            self.channel.add(text, Kind.NEWS)

    def tell(self, player: str, text: str) -> None:
        if player in self.seats:
            self.private.setdefault(player, []).append(text)

    def to(self, player: str) -> ToPlayer:
        return ToPlayer(player, self.seats.get(player, 0), discreet=self.hidden)

    def announcements(self, final: GameState, announce: str) -> list[Announcement]:
        """The channel's posts first, then the battle prompts and the private ones (with a
        blind game's player's own map)."""
        if announce == "action":
            out = self.channel.per_action(final, self.map_changed)
        else:
            out = self.channel.per_phase(final)
        out.extend(self.extra)
        for player in [*self.private, *(p for p in self.maps if p not in self.private)]:
            lines = [*self.private.get(player, ()), *([self.maps[player]] if player in self.maps else [])]
            picture = Picture("map", viewer=player) if player in self.maps else None
            out.append(Announcement(self.to(player), "\n".join(lines), picture))
        return out


Teller = Callable[[Story, Event, GameState, GameState], None]
"""Tells one event: the story, the event, the state before it and the state after it."""


def _turn_began(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, TurnBegan)
    story.tell_all(f"**Game-turn {e.game_turn}: {e.player}'s turn.** Build phase.")
    story.map_changed = True


def _game_created(story: Story, e: Event, before: GameState, after: GameState) -> None:
    story.channel.whole_map()  # the map the ends are chosen on (none in a blind game's channel)


def _ends_offered(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, EndsOffered)
    story.tell_all(ends.offered(after, e))
    if story.hidden and ends.chosen_on_map(after):
        story.maps[e.player] = ends.CHOOSE_ON


def _ends_assigned(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, EndsAssigned)
    story.tell_all(ends.settled(after, e))
    story.map_changed = True
    if story.hidden:
        for player, end in e.ends.items():
            story.tell(player, ends.yours(after, end))
            story.maps[player] = BEGINS


BEGINS = "**Your map** as the game begins: you see only what your own ships and stars show you."


def _phase_began(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, PhaseBegan)
    player = after.active_player.name
    story.map_changed = True
    if e.phase is Phase.COMBAT and story.hidden:
        story.tell_all(f"{player}'s combat phase: battles are fought where ships met.")
    elif e.phase is Phase.COMBAT:
        stars = ", ".join(after.map.label(h) for h in e.battles)
        story.tell_all(f"Combat! {player}'s ships meet the enemy at {stars}.", *e.battles)
    elif e.phase is Phase.REARRANGE:
        story.tell_all(
            f"{player} may now rearrange Systemships (pick-ups and drops are free); "
            f"`{ENDED_BY[Phase.REARRANGE]}` ends the rearrangement."
        )
    elif e.phase is Phase.MOVE:
        story.tell_all(f"{player}'s move phase.")


def _battle_opens(story: Story, state: GameState, star: str) -> None:
    """Tell the players in a battle that a round wants their orders (by direct message)."""
    battle = state.battle(star)
    assert battle is not None
    players = tuple(story.to(p) for p in fighting(state, star))
    where = state.map.label(star)
    text = f"Round {battle.round} at {where}: send your orders for every ship you have there."
    audience = ToBattle(where, players, star, battle.round, secret=story.hidden)
    picture = None if story.hidden else Picture("map", around=(star,))  # a blind map is each player's own
    story.extra.append(Announcement(audience, text, picture))


def fighting(state: GameState, star: str) -> list[str]:
    owners = {s.owner for s in state.ships_at(star) if s.carried_by is None}
    return [p.name for p in state.players if p.name in owners]


def _bp_moved(story: Story, e: Event, before: GameState, after: GameState) -> None:
    """Build Points are private: income, losses and transfers go to the accounts' owners only.
    Spending is told by what it bought."""
    assert isinstance(e, BPMoved)
    if e.spending:
        if e.source is not None and (owner := _account_owner(before, e.source.kind, e.source.name)):
            story.paid[owner] = story.paid.get(owner, 0) + e.amount
        return
    for account, sign, state in ((e.source, "−", before), (e.target, "+", after)):
        if account is not None:
            owner = _account_owner(state, account.kind, account.name)
            if owner is not None:
                story.tell(owner, f"{sign}{e.amount} BP: {e.reason} ({describe(state, account)}).")
    if e.target is not None and e.target.kind is AccountKind.CONSTRUCTION:
        base = after.bases.get(e.target.name)
        was = before.bases.get(e.target.name)
        if base is not None and base.finished and not (was is not None and was.finished):
            story.act(base.owner, f"**{base.owner} finished a Base at {base.star}.**")
            story.map_changed = True


def _account_owner(state: GameState, kind: AccountKind, name: str) -> str | None:
    if kind is AccountKind.POOL:
        return name
    if kind is AccountKind.HOLD:
        return name.partition(":")[0]
    base = state.bases.get(name)
    return base.owner if base else None


def _ship_built(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, ShipBuilt)
    ship = e.ship
    where = after.map.label(str(ship.hex))
    kind = "Warpship" if ship.is_warpship else "Systemship"
    story.act(ship.owner, f"{ship.owner} built {kind} {ship.label} at {where}.", str(ship.hex))
    story.map_changed = True
    story.tell(ship.owner, f"Built at {where} for {ship.current_value} BP: {record(ship)}")


def _record_changed(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, ShipRecordChanged)
    ship = after.ship(e.owner, e.label)
    if ship is None or e.reason.startswith("combat"):
        return
    if e.reason in REFITS:
        cost = story.paid.pop(e.owner, 0)
        paid = (
            f"for {cost} BP" if cost else "at no further cost (the BP already paid here this build cover it)"
        )
        story.tell(
            e.owner, f"{e.label} {REFITS[e.reason]} {paid}: {record(ship)}\n{balances(after, e.owner)}"
        )
    else:
        story.tell(e.owner, f"{e.label} after {e.reason}: {record(ship)}")


REFITS = {"repair": "repaired", "resupply": "resupplied"}
"""Refits (engine.warpwar.building), whose reply tells what they cost and the BP left."""


def _ship_removed(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, ShipRemoved)
    story.map_changed = True
    if e.cause is Removal.DESTROYED:
        return  # the round's report tells it
    story.act(e.owner, f"{e.owner}'s {e.label} is gone: {e.reason}.", _hex_of(before, e.owner, e.label))


def _ship_moved(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, ShipMoved)
    path = " → ".join(after.map.label(h) for h in e.path)
    stop = " and had to stop: enemy ships are there" if e.stopped else ""
    story.act(e.owner, f"{e.owner}'s {e.label} moved → {path}{stop}.", e.path[-1] if e.path else "")
    story.map_changed = True


def _move_halted(story: Story, e: Event, before: GameState, after: GameState) -> None:
    """R-BLIND-6: a blind game's move stopped short for what its player could not see."""
    assert isinstance(e, MoveHalted)
    where = after.map.label(e.at)
    story.tell(
        e.owner, f"{e.label} stopped at {where}: {e.reason}; the rest of the order was not carried out."
    )


def _taken_back(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, MoveTakenBack)
    ship = after.ship(e.player, e.ship)
    where = f": it is at {after.map.label(after.position(ship))} again" if ship else ""
    story.act(
        e.player, f"{e.player} took back {e.ship}'s last move{where}.", _hex_of(after, e.player, e.ship)
    )
    story.map_changed = True


def _picked_up(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, SystemshipPickedUp)
    carrier = after.ships[f"{e.owner}:{e.carrier}"]
    where = after.map.label(after.position(carrier))
    story.act(
        e.owner, f"{e.owner}'s {e.carrier} took {e.systemship} aboard at {where}.", after.position(carrier)
    )
    story.map_changed = True


def _dropped(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, SystemshipDropped)
    story.act(e.owner, f"{e.owner}'s {e.carrier} left {e.systemship} at {after.map.label(e.hex)}.", e.hex)
    story.map_changed = True


def _star_taken(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, StarTaken)
    story.act(e.player, f"{e.player} now holds {e.star}.", _star_hex(after, e.star))


def _base_founded(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, BaseFounded)
    story.act(e.owner, f"{e.owner} began building a Base at {e.star}.", _star_hex(after, e.star))


def _base_destroyed(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, BaseDestroyed)
    story.act(e.by, f"**{e.by} destroyed {e.owner}'s Base at {e.star}.**", _star_hex(after, e.star))
    if story.hidden:
        story.tell(e.owner, f"**{e.by} destroyed your Base at {e.star}.**")
    story.map_changed = True


def _victory_points(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, VictoryPointsScored)
    total = after.player(e.player).vp
    points = plural(e.points, "victory point")
    story.act(e.player, f"{e.player} holds {', '.join(e.stars)}: +{points}, {total} in all.")


def _battles_ordered(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, BattlesOrdered)
    player = after.active_player.name
    seen = {b.star for b in view_for(after, player).turn.battles}
    order = ", ".join(after.map.label(s) for s in e.stars if s in seen)
    story.act(player, f"Battles will be fought in this order: {order}.")


def _orders_submitted(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, OrdersSubmitted)
    battle = after.battle(e.star)
    waiting = [p for p in fighting(after, e.star) if battle is not None and not battle.sealed(p)]
    if waiting or not e.sealed:  # else the round is fought at once, and its write-up shows them
        story.tell(e.player, receipt(after, e.star, e.player))
    was = before.battle(e.star)
    if not e.sealed or (was is not None and e.player in was.sealed_by):
        return  # the channel hears once a round that a player's orders are in, never of amendments
    left = f" Waiting for {', '.join(waiting)}." if waiting else ""
    told = f"{e.player} has sent orders for round {e.round} at {after.map.label(e.star)}.{left}"
    if story.hidden:
        story.news(told, [p for p in fighting(after, e.star) if p != e.player])
    else:
        story.tell_all(told)


def _round_fought(story: Story, e: Event, before: GameState, after: GameState) -> None:
    """R-CBT-11: each player in the battle gets the write-up as they may see it."""
    assert isinstance(e, RoundFought)
    report = e.report
    where = after.map.label(report.star)
    players = fighting(before, report.star)
    for player in players:
        story.extra.append(
            Announcement(
                story.to(player),
                write_up(report, where, player),
                Picture("battle", viewer=player, star=report.star),
            )
        )
    fates = [
        f"{r.label} ({r.owner}) destroyed" if r.destroyed else f"{r.label} ({r.owner}) escaped"
        for r in report.ships
        if r.destroyed or r.escaped_to
    ]
    summary = "; ".join(fates) if fates else "no ship lost"
    story.battlers[report.star] = players
    story.news(f"Round {report.round} at {where} fought: {summary}.", players)
    story.map_changed = True
    story.channel.zoom = (report.star,)


def _left_star(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, ShipLeftStar)
    star = _hex_of(before, e.owner, e.label)
    story.news(
        f"{e.owner}'s {e.label} {e.reason} to {e.hex}.", story.battlers.get(star) or fighting(before, star)
    )


def _battle_ended(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, BattleEnded)
    players = story.battlers.get(e.star) or fighting(before, e.star)
    story.news(f"**The battle at {after.map.label(e.star)} is over: {e.reason}.**", players)
    story.map_changed = True


def _standing(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, StandingOrdersSet)
    text = format_orders((e.orders,)) if e.orders else "none (default orders when you send none)"
    story.tell(e.owner, f"Standing orders of {e.label}: {text}")


def _priority(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, DamagePrioritySet)
    text = format_damage(e.priority) if e.priority else "the default"
    story.tell(e.owner, f"Damage priority of {e.label}: {text}")


def _player_out(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, PlayerOut)
    story.tell_all(f"**{e.player} is out of the game: {e.reason}.**")
    story.map_changed = True


def _game_ended(story: Story, e: Event, before: GameState, after: GameState) -> None:
    """R-WIN-4: when a game ends every ship record is revealed, those of players who went out
    before the end too (as they were when they left, kept by the engine in ``retired``)."""
    assert isinstance(e, GameEnded)
    winners = listed(e.result.winners)
    head = (
        f"**The game is over: {winners} won ({e.result.reason}).**"
        if winners
        else f"**The game is over: {e.result.reason}.**"
    )
    records = revealed(after)
    text = "\n".join([head, *(["Every ship's record, now revealed:", *records] if records else [])])
    story.channel.add(text, Kind.OVER)
    story.map_changed = True


def revealed(state: GameState) -> list[str]:
    """Every ship's record with its owner, for the end of a game (R-WIN-4): those on the map and
    those of players who went out before (``retired``), by owner and label."""
    ships = [*state.ships.values(), *state.retired]
    return [record(s) + f" ({s.owner})" for s in sorted(ships, key=lambda s: s.key)]


TELLERS: dict[type[Any], Teller] = {
    GameCreated: _game_created,
    EndsOffered: _ends_offered,
    EndsAssigned: _ends_assigned,
    TurnBegan: _turn_began,
    PhaseBegan: _phase_began,
    BPMoved: _bp_moved,
    ShipBuilt: _ship_built,
    ShipRecordChanged: _record_changed,
    ShipRemoved: _ship_removed,
    ShipMoved: _ship_moved,
    MoveHalted: _move_halted,
    MoveTakenBack: _taken_back,
    SystemshipPickedUp: _picked_up,
    SystemshipDropped: _dropped,
    StarTaken: _star_taken,
    BaseFounded: _base_founded,
    BaseDestroyed: _base_destroyed,
    VictoryPointsScored: _victory_points,
    BattlesOrdered: _battles_ordered,
    OrdersSubmitted: _orders_submitted,
    RoundFought: _round_fought,
    ShipLeftStar: _left_star,
    BattleEnded: _battle_ended,
    StandingOrdersSet: _standing,
    DamagePrioritySet: _priority,
    PlayerOut: _player_out,
    GameEnded: _game_ended,
}


def tell(
    events: Sequence[Event],
    start: GameState,
    seats: Mapping[str, int],
    announce: str = "phase",
    note: str = "",
    reveal: bool = False,
) -> list[Announcement]:
    """Announcements for ``events`` applied in turn from ``start``; ``announce`` is the game's
    setting (gm.warpwar.channel), ``note`` a first public line (a deadline that passed).
    ``reveal`` tells a blind game as an open one (its story once it has ended)."""
    blind = hidden(start) and not reveal
    story = Story(seats, Channel.starting(start, blind), hidden=blind)
    if note:
        story.tell_all(note)
    state = start
    for previous, event in zip((None, *events), events, strict=False):
        after = event.apply(state)
        if isinstance(event, TurnBegan | PhaseBegan | EndsOffered):
            if story.hidden and not isinstance(previous, GameCreated | EndsAssigned):
                _maps_after_phase(story, state)
            story.channel.phase_began(after)
        teller = TELLERS.get(type(event))
        if teller is not None:
            teller(story, event, state, after)
        if story.hidden and hidden(after):
            _sightings(story, event, state, after)
        state = after
    opened = {(b.star, b.round) for b in start.open_battles()}
    for battle in state.open_battles():
        if (battle.star, battle.round) not in opened:
            _battle_opens(story, state, battle.star)
    return story.announcements(state, announce)


def _sightings(story: Story, event: Event, before: GameState, after: GameState) -> None:
    """What each player of a blind game saw of the event (R-BLIND-2): a ship seen destroyed in
    a battle the player fought is told by the round's write-up instead."""
    battle: list[str] = []
    gone: frozenset[str] = frozenset()
    if isinstance(event, ShipRemoved) and event.cause is Removal.DESTROYED:
        battle = story.battlers.get(_hex_of(before, event.owner, event.label), [])
        gone = frozenset({f"{event.owner}:{event.label}"})
    for player in story.seats:
        if after.has_player(player) and not after.player(player).out:
            quiet = gone if player in battle else frozenset()
            for line in seen(before, after, player, quiet):
                story.tell(player, line)


def _maps_after_phase(story: Story, state: GameState) -> None:
    """A phase of a blind game is over: each player who saw something change in it (their own
    ships included) gets their map, and at the start everyone does (R-BLIND-16)."""
    phase = f"{state.active_player.name}'s {state.phase.value} phase"
    for player in state.knowledge.fresh:
        story.maps[player] = f"**Your map** after {phase} (game-turn {state.game_turn})."


def _hex_of(state: GameState, owner: str, label: str) -> str:
    """Where a ship is in ``state`` ("" if it is not there)."""
    ship = state.ship(owner, label)
    return state.position(ship) if ship is not None else ""


def _star_hex(state: GameState, star: str) -> str:
    return state.map.resolve(star) or ""


def balances(state: GameState, player: str) -> str:
    """A player's Build Points wherever they are kept (private)."""
    if state.ruleset.value == "classic":
        return f"You have {state.player(player).bp} BP."
    parts = [f"{b.star} {b.stockpile}" for b in state.bases_of(player) if b.finished]
    holds = [f"{s.label} {s.cargo}" for s in state.ships_of(player) if s.cargo]
    text = f"Stockpiles: {', '.join(parts) or 'none'}."
    return f"{text} In Holds: {', '.join(holds)}." if holds else text
