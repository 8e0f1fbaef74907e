"""The game's channel as its readers see it: one post per phase, or one per action.

A command's public lines are gathered here in the order its events tell them, each under the
phase it happened in (a command may end one phase and begin others). With ``announce: phase``
(the default) each phase has one post, keyed by :class:`~gm.announce.PhaseKey`: its lines grow
as the phase goes on, its picture is a crop around what the last action changed, and when the
phase ends the post gets the full map once. Battle news and the end of the game are posts of
their own. With ``announce: action`` every command makes one post with the map, as before.

Only the words and the structure are decided here; a front end decides how to edit or post
(cogs/herald.py edits the Discord message, the console prints the lines under the title).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from enum import Enum

from engine.records import replace
from engine.warpwar.state import GameState, Phase
from gm.announce import Announcement, Heading, PhaseKey, Picture, ToChannel, Turn
from render.palette import GAME_OVER, RGB, player_colours

PHASE_OVER = "Phase over"
DEADLINE = "Deadline"
PAUSED = "Paused"


class Kind(Enum):
    PHASE = "phase"
    """A line of the phase's own post."""
    NEWS = "news"
    """Battle news: a post of its own (never merged into the phase's post)."""
    OVER = "over"
    """The end of the game: a post of its own, in its own colour, with the full map."""


@dataclass
class Segment:
    """The part of one command's news that happened in one phase."""

    key: PhaseKey
    heading: Heading
    hexes: list[str] = field(default_factory=list)
    """What changed on the map in this phase during the command: its post's crop."""
    ended: bool = False
    whole: bool = False
    """Its post shows the whole map (the game's first phase: no map has been shown yet)."""


@dataclass(frozen=True)
class Line:
    text: str
    kind: Kind
    segment: int


@dataclass
class Channel:
    """The public lines of one command, phase by phase (see the module docstring)."""

    segments: list[Segment]
    lines: list[Line] = field(default_factory=list)
    zoom: tuple[str, ...] = ()
    """Hexes the battle news zooms around (the star of the round fought)."""
    hidden: bool = False
    """A blind game: the channel sees no map until the game is over (R-BLIND-4)."""

    @classmethod
    def starting(cls, state: GameState, hidden: bool = False) -> Channel:
        return cls([_segment(state)], hidden=hidden)

    def add(self, text: str, kind: Kind = Kind.PHASE) -> None:
        self.lines.append(Line(text, kind, len(self.segments) - 1))

    def touch(self, *hexes: str) -> None:
        """Hexes the current action changed: the phase post's picture zooms around them."""
        current = self.segments[-1].hexes
        current.extend(h for h in hexes if h and h not in current)

    def whole_map(self) -> None:
        """The current phase's post shows the whole map until something on it changes."""
        self.segments[-1].whole = True

    def phase_began(self, state: GameState) -> None:
        """A turn or phase began: the current phase is over, later lines go to the new one. The
        same phase begun again (the set-up phase, once its chooser is known) is headed anew."""
        segment = _segment(state)
        if segment.key != self.segments[-1].key:
            self.segments[-1].ended = True
            self.segments.append(segment)
        else:
            self.segments[-1].heading = segment.heading

    @property
    def public(self) -> list[str]:
        return [line.text for line in self.lines]

    def per_phase(self, final: GameState) -> list[Announcement]:
        """``announce: phase``: the posts of each phase in turn (see the module docstring)."""
        over = any(line.kind is Kind.OVER for line in self.lines)
        out: list[Announcement] = []
        for index, segment in enumerate(self.segments):
            if segment.ended or over:  # no deadline for it any more
                segment.heading = replace(segment.heading, live=False, footer=PHASE_OVER)
            runs = _runs([line for line in self.lines if line.segment == index])
            posts = [self._post(segment, run, final) for run in runs]
            if segment.ended and not over:
                posts = _closing(segment, posts, None if self.hidden else Picture("map"))
            out.extend(posts)
        return out

    def per_action(self, final: GameState, map_changed: bool) -> list[Announcement]:
        """``announce: action``: everything in one post, with the map if it changed."""
        if not self.lines:
            return []
        zoom = self.zoom if final.phase is Phase.COMBAT else ()  # after combat: the whole map
        over = any(line.kind is Kind.OVER for line in self.lines)
        picture = Picture("map", around=zoom) if map_changed and (over or not self.hidden) else None
        return [Announcement(ToChannel(), "\n".join(self.public), picture, _heading(final))]

    def _post(self, segment: Segment, run: list[Line], final: GameState) -> Announcement:
        text = "\n".join(line.text for line in run)
        kind = run[0].kind
        if kind is Kind.OVER:
            return Announcement(ToChannel(), text, Picture("map"), _heading(final))
        if kind is Kind.NEWS:
            heading = segment.heading if segment.heading.live else replace(segment.heading, footer="")
            return Announcement(ToChannel(), text, Picture("map", around=self.zoom), heading)
        crop = Picture("map", around=tuple(segment.hexes)) if segment.hexes else None
        if crop is None and segment.whole:
            crop = Picture("map")
        return Announcement(ToChannel(), text, None if self.hidden else crop, segment.heading, segment.key)


def _runs(lines: list[Line]) -> list[list[Line]]:
    """Consecutive lines of the same kind, each run one post."""
    runs: list[list[Line]] = []
    for line in lines:
        if runs and runs[-1][0].kind is line.kind:
            runs[-1].append(line)
        else:
            runs.append([line])
    return runs


def _closing(segment: Segment, posts: list[Announcement], whole: Picture | None) -> list[Announcement]:
    """A phase's posts once the phase is over: the full map once (``whole``; none in a blind
    game), no deadline.

    The map goes on the last of them: the phase's own post (its lines of this command, or only
    its new heading), or the battle news that ended it, the phase's post then only told that
    the phase is over."""
    last = posts[-1] if posts else None
    if last is not None and last.phase == segment.key:
        return [*posts[:-1], replace(last, picture=whole)]
    if last is not None:  # battle news ended the phase: it shows what comes next
        news = replace(last, picture=whole)
        return [*posts[:-1], news, Announcement(ToChannel(), "", None, segment.heading, segment.key)]
    return [Announcement(ToChannel(), "", whole, segment.heading, segment.key)]


def _segment(state: GameState) -> Segment:
    return Segment(PhaseKey(state.turn_serial, state.phase.value), _heading(state))


def _heading(state: GameState) -> Heading:
    """``Game-turn 2 · bob · Build`` in bob's colour, its deadline to come (before the first
    turn: ``Before game-turn 1 · bob · Choosing a map end``); or the game over."""
    if state.result is not None or state.phase is Phase.OVER:
        return Heading("Game over", colour(GAME_OVER))
    player = state.active_player.name
    title = f"Game-turn {state.game_turn} · {player} · {state.phase.value.capitalize()}"
    if state.phase is Phase.SETUP:
        title = f"Before game-turn 1 · {player} · Choosing a map end"
    return Heading(title, colour(player_colours(state)[player]), DEADLINE, live=True)


def colour(rgb: RGB) -> int:
    r, g, b = rgb
    return (r << 16) | (g << 8) | b


def dated(told: list[Announcement], due: datetime | None, paused: bool = False) -> list[Announcement]:
    """The phase's deadline in the footer of every heading still live (None: no deadline);
    while the game is paused the footer says so instead."""
    stamp = int(due.timestamp()) if due is not None else None

    def dated_one(a: Announcement) -> Announcement:
        if a.heading is None or not a.heading.live:
            return a
        if paused:
            heading = replace(a.heading, footer=PAUSED, deadline=None)
        else:
            heading = replace(a.heading, deadline=stamp) if stamp else replace(a.heading, footer="")
        return replace(a, heading=heading)

    return [dated_one(a) for a in told]


def deadline_moved(state: GameState, due: datetime | None, paused: bool, turn: Turn | None) -> Announcement:
    """The current phase's post once its deadline moved (a pause, a resume, an extension): the
    same heading with the new deadline, or paused, and the player's call (``turn``) to match.
    Only the heading changes (``retitle``): no line is added and nothing new is posted."""
    segment = _segment(state)
    news = Announcement(ToChannel(), "", None, segment.heading, segment.key, turn, retitle=True)
    return dated([news], due, paused)[0]
