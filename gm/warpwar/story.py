"""The story of a WarpWar game: its events told to the right people (R-CBT-11, design.md).

Each event becomes at most one public line for the game's channel and private lines for the
players it concerns. Public lines say only what the map shows (who built, where ships went,
who won a battle); ship records, Build Points and orders go only to their owner, and a round's
write-up to the players in that battle, each with their own view of it.
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
from engine.warpwar.writeup import write_up
from gm.announce import Announcement, Picture, ToBattle, ToPlayer
from gm.warpwar import ends
from gm.warpwar.channel import Channel, Kind
from gm.warpwar.phases import ENDED_BY
from gm.warpwar.sealing import receipt


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

    def tell_all(self, text: str, *changed: str) -> None:
        """A public line of the phase's post; ``changed``: the hexes it changed on the map."""
        self.channel.add(text)
        self.channel.touch(*changed)

    def news(self, text: str) -> None:
        """Battle news: a post of its own."""
        self.channel.add(text, Kind.NEWS)

    def tell(self, player: str, text: str) -> None:
        if player in self.seats:
            self.private.setdefault(player, []).append(text)

    def to(self, player: str) -> ToPlayer:
        return ToPlayer(player, self.seats.get(player, 0))

    def announcements(self, final: GameState, announce: str) -> list[Announcement]:
        """The channel's posts first, then the battle prompts and the private ones."""
        if announce == "action":
            out = self.channel.per_action(final, self.map_changed)
        else:
            out = self.channel.per_phase(final)
        out.extend(self.extra)
        out.extend(Announcement(self.to(p), "\n".join(lines)) for p, lines in self.private.items())
        return out


Teller = Callable[[Story, Event, GameState, GameState], None]
"""Tells one event: the story, the event, the state before it and the state after it."""


def _turn_began(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, TurnBegan)
    story.tell_all(f"**Game-turn {e.game_turn}: {e.player}'s turn.** Build phase.")
    story.map_changed = True


def _game_created(story: Story, e: Event, before: GameState, after: GameState) -> None:
    story.channel.whole_map()  # the map the ends are chosen on


def _ends_offered(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, EndsOffered)
    story.tell_all(ends.offered(after, e))


def _ends_assigned(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, EndsAssigned)
    story.tell_all(ends.settled(after, e))
    story.map_changed = True


def _phase_began(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, PhaseBegan)
    player = after.active_player.name
    story.map_changed = True
    if e.phase is Phase.COMBAT:
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
    audience = ToBattle(where, players, star, battle.round)
    story.extra.append(Announcement(audience, text, Picture("map", around=(star,))))


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
            story.tell_all(f"**{base.owner} finished a Base at {base.star}.**")
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
    story.tell_all(f"{ship.owner} built {kind} {ship.label} at {where}.", str(ship.hex))
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
    story.tell_all(f"{e.owner}'s {e.label} is gone: {e.reason}.", _hex_of(before, e.owner, e.label))


def _ship_moved(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, ShipMoved)
    path = " → ".join(after.map.label(h) for h in e.path)
    stop = " and had to stop: enemy ships are there" if e.stopped else ""
    story.tell_all(f"{e.owner}'s {e.label} moved → {path}{stop}.", e.path[-1] if e.path else "")
    story.map_changed = True


def _taken_back(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, MoveTakenBack)
    ship = after.ship(e.player, e.ship)
    where = f": it is at {after.map.label(after.position(ship))} again" if ship else ""
    story.tell_all(
        f"{e.player} took back {e.ship}'s last move{where}.",
        _hex_of(after, e.player, e.ship),
    )
    story.map_changed = True


def _picked_up(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, SystemshipPickedUp)
    carrier = after.ships[f"{e.owner}:{e.carrier}"]
    story.tell_all(
        f"{e.owner}'s {e.carrier} took {e.systemship} aboard at {after.map.label(after.position(carrier))}.",
        after.position(carrier),
    )
    story.map_changed = True


def _dropped(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, SystemshipDropped)
    story.tell_all(f"{e.owner}'s {e.carrier} left {e.systemship} at {after.map.label(e.hex)}.", e.hex)
    story.map_changed = True


def _star_taken(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, StarTaken)
    story.tell_all(f"{e.player} now holds {e.star}.", _star_hex(after, e.star))


def _base_founded(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, BaseFounded)
    story.tell_all(f"{e.owner} began building a Base at {e.star}.", _star_hex(after, e.star))


def _base_destroyed(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, BaseDestroyed)
    story.tell_all(f"**{e.by} destroyed {e.owner}'s Base at {e.star}.**", _star_hex(after, e.star))
    story.map_changed = True


def _victory_points(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, VictoryPointsScored)
    total = after.player(e.player).vp
    points = plural(e.points, "victory point")
    story.tell_all(f"{e.player} holds {', '.join(e.stars)}: +{points}, {total} in all.")


def _battles_ordered(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, BattlesOrdered)
    story.tell_all(f"Battles will be fought in this order: {', '.join(after.map.label(s) for s in e.stars)}.")


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
    story.tell_all(f"{e.player} has sent orders for round {e.round} at {after.map.label(e.star)}.{left}")


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
    story.news(f"Round {report.round} at {where} fought: {summary}.")
    story.map_changed = True
    story.channel.zoom = (report.star,)


def _left_star(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, ShipLeftStar)
    story.news(f"{e.owner}'s {e.label} {e.reason} to {e.hex}.")


def _battle_ended(story: Story, e: Event, before: GameState, after: GameState) -> None:
    assert isinstance(e, BattleEnded)
    story.news(f"**The battle at {after.map.label(e.star)} is over: {e.reason}.**")
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
) -> list[Announcement]:
    """Announcements for ``events`` applied in turn from ``start``; ``announce`` is the game's
    setting (gm.warpwar.channel), ``note`` a first public line (a deadline that passed)."""
    story = Story(seats, Channel.starting(start))
    if note:
        story.tell_all(note)
    state = start
    for event in events:
        after = event.apply(state)
        if isinstance(event, TurnBegan | PhaseBegan | EndsOffered):
            story.channel.phase_began(after)
        teller = TELLERS.get(type(event))
        if teller is not None:
            teller(story, event, state, after)
        state = after
    opened = {(b.star, b.round) for b in start.open_battles()}
    for battle in state.open_battles():
        if (battle.star, battle.round) not in opened:
            _battle_opens(story, state, battle.star)
    return story.announcements(state, announce)


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
