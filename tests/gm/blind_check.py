"""A check that nothing a player of a blind game is told goes beyond what they know (R-BLIND-1..6).

:class:`Watch` follows a blind game event by event (:meth:`Watch.follow`) and keeps, for each
player, everything they have known at some time: other players' ships (their record, their
sight, the battles they fought), the stars they found (with the map hidden) and other players'
Bases. It is the oracle; then

- :meth:`Watch.told` checks a text for one player: a message, a refusal, a choice offered;
- :meth:`Watch.public` checks a text for the game's channel (R-BLIND-4);
- :meth:`Watch.drawn` checks what a picture for one player is drawn from (gm.kinds.Drawing);
- :meth:`Watch.reply` checks one game master reply and all its announcements, the words of the
  buttons under them (a question's answers, gm.announce.Prompt) too.

Each fails with an AssertionError naming the fact that leaked. Once the game is over everything
is allowed (R-WIN-4). The gm tests check every reply; the Discord tests can check SimCord's
messages with :meth:`Watch.told` and :meth:`Watch.public` the same way.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.serial import decode
from engine.warpwar import Event, GameState, fold
from engine.warpwar.events import (
    RoundFought,
    ShipLeftStar,
    ShipMoved,
    ShipRemoved,
    SystemshipDropped,
    SystemshipPickedUp,
)
from engine.warpwar.report import RoundReport
from engine.warpwar.rulesets import Attr
from engine.warpwar.starmap import HexMap
from engine.warpwar.state import Blind
from engine.warpwar.view import view_for
from gm.announce import Picture, Reply, ToBattle, ToChannel, ToPlayer
from gm.kinds import Drawing
from gm.warpwar import choices
from gm.warpwar.kind import WARPWAR_KIND
from render.battle import render_battle
from render.fleet import render_fleet_card
from render.mapview import MapView, draw_map, render_map
from render.preview import render_preview
from store import games
from store.db import Database
from store.games import LoggedEvent

SHIP_LABEL = re.compile(r"\b[WS]\d+\b")
HEX_NUMBER = re.compile(r"\b\d{4}\b")


@dataclass
class Known:
    """What one player has known at some time."""

    ships: set[str] = field(default_factory=set)
    """Other players' ships, by key."""
    stars: set[str] = field(default_factory=set)
    """Star names (all of them unless the map is hidden)."""
    bases: set[tuple[str, str]] = field(default_factory=set)
    """Bases as (star, owner)."""


@dataclass
class Watch:
    """Follows one blind game; see the module docstring."""

    state: GameState | None = None
    seen: int = 0
    """Events followed so far."""
    known: dict[str, Known] = field(default_factory=dict)
    ships: set[str] = field(default_factory=set)
    """Every ship that was ever in the game, by key."""
    names: dict[str, str] = field(default_factory=dict)
    """The names players gave their ships, by key."""
    bases: set[tuple[str, str]] = field(default_factory=set)
    """Every Base that ever stood, as (star, owner)."""
    ended: bool = False

    # --- following the game ----------------------------------------------------------------

    def follow(self, events: Iterable[Event]) -> None:
        """Take in the game's next events, learning after each what each player knew."""
        for event in events:
            self.state = fold([event], self.state) if self.state is not None else fold([event])
            self.seen += 1
            self._learn(event)

    async def catch_up(self, db: Database, game_id: int) -> list[LoggedEvent]:
        """Follow the events stored since the last call; returns every stored event."""
        rows = await games.events(db, game_id)
        self.follow(decode(Event, json.loads(r.body)) for r in rows[self.seen :])
        return rows

    def _learn(self, event: Event) -> None:
        state = self.state
        assert state is not None
        self.ended = self.ended or state.result is not None
        for ship in state.ships.values():
            self.ships.add(ship.key)
            if ship.name:
                self.names[ship.key] = ship.name
        self.bases.update((b.star, b.owner) for b in state.bases.values())
        for player in state.players:
            known = self.known.setdefault(player.name, Known())
            view = view_for(state, player.name)
            known.ships.update(k for k, s in view.ships.items() if s.owner != player.name)
            known.ships.update(state.knowledge.of(player.name).ships)
            if isinstance(event, RoundFought) and player.name in {r.owner for r in event.report.ships}:
                known.ships.update(r.ship for r in event.report.ships)
            known.stars.update(s.name for s in view.map.stars)
            known.bases.update((b.star, b.owner) for b in view.bases.values())

    @property
    def blind(self) -> bool:
        return self.state is not None and self.state.blind and not self.ended

    # --- what is told ------------------------------------------------------------------------

    def told(self, player: str, text: str, typed: str = "") -> None:
        """``text``, told to ``player`` alone, names no ship, star or Base they never knew, but
        for the words they ``typed`` themselves (a refusal may say it knows no such star)."""
        if not self.blind or not text:
            return
        for word in sorted(set(typed.split()), key=len, reverse=True):
            text = text.replace(word, "…")
        assert self.state is not None
        known = self.known.get(player, Known())  # a member with no seat knows nothing of the game
        for key in sorted(self.ships - known.ships):
            owner, _, label = key.partition(":")
            if owner == player:
                continue
            for form in (f"{label}@{owner}", f"{owner}'s {label}", f"{label} ({owner})"):
                assert not re.search(rf"(?<!\w){re.escape(form)}(?!\d)", text), (
                    f"{player} was told of {key}, which they never saw:\n{text}"
                )
            name = self.names.get(key)
            assert name is None or not re.search(rf"\b{re.escape(name)}\b", text), (
                f"{player} was told the name of {key}, which they never saw:\n{text}"
            )
        if self.state.options.blind is Blind.MAP:
            for name in (s.name for s in self.state.map.stars if s.name not in known.stars):
                assert not re.search(rf"\b{re.escape(name)}\b", text), (
                    f"{player} was told of {name}, which they have not found:\n{text}"
                )
        for star, owner in sorted(self.bases - known.bases):
            forms = (
                f"{owner}'s Base at {star}",
                f"{star}: {owner}'s Base",
                f"{owner} began building a Base at {star}",
                f"{owner} finished a Base at {star}",
            )
            for form in forms if owner != player else ():
                assert form not in text, f"{player} was told of {owner}'s Base at {star}, never seen:\n{text}"

    def public(self, text: str) -> None:
        """A text for the channel says only whose turn and phase it is, who is out, who won
        (R-BLIND-4): no ship, no star, no hex, no Base."""
        if not self.blind or not text:
            return
        assert self.state is not None
        found = SHIP_LABEL.search(text)
        assert found is None, f"the channel was told {found.group()!r}:\n{text}"
        hexes = [h for h in HEX_NUMBER.findall(text) if h in self.state.map.hex_set]
        assert not hexes, f"the channel was told of hex {hexes[0]}:\n{text}"
        for star in self.state.map.stars:
            assert not re.search(rf"\b{re.escape(star.name)}\b", text), (
                f"the channel was told {star.name}:\n{text}"
            )
        assert "Base at" not in text, f"the channel was told of a Base:\n{text}"

    def offered(self, player: str) -> None:
        """Everything autocomplete offers ``player`` now (gm.warpwar.choices)."""
        state = self.state
        assert state is not None
        lists: list[Sequence[tuple[str, str]] | Sequence[str]] = [
            choices.ships(state, player),
            choices.stars(state, player),
            choices.places(state, player, ""),
            choices.places(state, player, "1"),
            choices.ends(state),
        ]
        lists.extend(choices.targets(state, player, b.star) for b in state.turn.battles)
        for found in lists:
            for choice in found:
                for text in (choice,) if isinstance(choice, str) else choice:
                    self.told(player, text)
        if self.blind and state.options.blind is Blind.MAP:
            known = self.known[player].stars
            assert {value for _, value in choices.stars(state, player)} <= known

    # --- what is drawn ---------------------------------------------------------------------

    def drawn(self, player: str | None, drawing: Drawing | None) -> None:
        """What a picture for ``player`` (None: the channel) is drawn from holds nothing they
        never knew; the map's own words are checked as a text told to them."""
        if not self.blind:
            return
        assert player is not None or drawing is None, "a blind game has no public picture"
        if drawing is None or player is None or self.state is None:
            return
        if drawing.draw is render_preview:
            hex_map, *_, viewer, _ = drawing.args
            assert isinstance(hex_map, HexMap)
            assert viewer == player, "a blind game's map of the ends is badged for its viewer's eyes only"
            assert {s.name for s in hex_map.stars} <= self.known.get(player, Known()).stars
            return
        if drawing.draw is render_battle:
            report, state, viewer, _ = drawing.args
            assert isinstance(report, RoundReport) and viewer == player
            assert player in {r.owner for r in report.ships}, f"{player} sees a battle they did not fight"
        elif drawing.draw is render_fleet_card:
            state, viewer, _ = drawing.args
            assert viewer == player
        else:
            assert drawing.draw is render_map
            state, view = drawing.args
            assert isinstance(view, MapView) and view.viewer == player
            record = self.state.knowledge.of(player).ships
            assert all(g.key in record for g in view.ghosts)
            assert all(_own(e, player) for e in view.recent), "the map shows another player's moves"
            if view.before is not None:
                self._view(player, view.before)
            assert isinstance(state, GameState)
            for text in draw_map(state, view).texts:
                self.told(player, text)
        assert isinstance(state, GameState)
        self._view(player, state)

    def _view(self, player: str, view: GameState) -> None:
        known = self.known.get(player, Known())  # a member with no seat knows nothing of the game
        for key, ship in view.ships.items():
            if ship.owner == player:
                continue
            assert key in known.ships, f"{player}'s picture holds {key}"
            assert set(ship.built) <= {Attr.WG} and ship.name is None, (
                f"{player}'s picture holds {key}'s record"
            )
        for base in view.bases.values():
            assert base.owner == player or (base.star, base.owner) in known.bases, f"{player} sees {base}"
        assert {s.name for s in view.map.stars} <= known.stars
        assert all(p.bp == 0 and p.vp == 0 for p in view.players if p.name != player)
        assert view.retired == () and set(view.knowledge.players) <= {player}
        assert all(set(b.orders) <= {player} for b in view.turn.battles)

    # --- a whole reply ---------------------------------------------------------------------

    async def reply(
        self, db: Database, game_id: int, reply: Reply, actor: str | None, typed: str = ""
    ) -> None:
        """Check one reply of the game master: its text for the one who acted (``actor``; None
        for a deadline; ``typed``: what they typed, which it may repeat), its pictures, and every
        announcement to its audience."""
        rows = await self.catch_up(db, game_id)
        if actor is not None and (reply.private or not reply.ok):
            self.told(actor, reply.text, typed)
        else:
            self.public(reply.text)
        for picture in reply.pictures:
            self.drawn(actor, drawing_of(rows, picture))
        for a in reply.announcements:
            if isinstance(a.to, ToChannel):
                self.public(a.text)
                self.public(a.heading.title if a.heading is not None else "")
                for label in a.prompt.labels if a.prompt is not None else ():
                    for reader in self.known:  # buttons under the channel's news: all read them
                        self.told(reader, label)
                self.drawn(None, drawing_of(rows, a.picture) if a.picture is not None else None)
                continue
            players = [a.to.name] if isinstance(a.to, ToPlayer) else [p.name for p in a.to.players]
            if isinstance(a.to, ToBattle):
                assert not self.blind or a.picture is None or a.picture.viewer is not None
            for player in players:
                self.told(player, a.text)
                for label in a.prompt.labels if a.prompt is not None else ():
                    self.told(player, label)
                if a.picture is not None:
                    self.drawn(a.picture.viewer, drawing_of(rows, a.picture))
        if self.state is not None:
            for p in self.state.players:
                self.offered(p.name)


def drawing_of(rows: Sequence[LoggedEvent], picture: Picture) -> Drawing | None:
    """What the game master draws for ``picture`` (gm.warpwar.pictures), from the stored log."""
    upto = rows[: picture.version] if picture.version is not None else rows
    return WARPWAR_KIND.picture(WARPWAR_KIND.sketch(None, upto), picture, "Blind game", None, 1.0)


def _own(event: Event, player: str) -> bool:
    if isinstance(event, ShipMoved | ShipLeftStar | ShipRemoved | SystemshipPickedUp | SystemshipDropped):
        return event.owner == player
    if isinstance(event, RoundFought):
        return player in {r.owner for r in event.report.ships}
    return True
