"""The fight picture: one contested hex, its match-ups, dice, revealed cards, totals, winners
and losses, read from the combat's public events.

It reads only what is public once revealed (Revealed, FightDecided, ...): sealed choices live
in CombatAt, which is never read, so a fight picture cannot tell a card before its reveal.
Its sizes are the frame's (render.warparena.panels.frame_metrics): legible on a phone.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from engine.warparena.cards import CardKind, card
from engine.warparena.combat_events import CombatBegun, FightDecided, MatchedUp, Revealed, SidesCompared
from engine.warparena.pieces import PieceRef
from engine.warparena.tx import Event, Rolled
from engine.warparena.views import GameView
from render.canvas import Canvas, Picture, stack
from render.heading import header
from render.metrics import Metrics
from render.palette import BACKGROUND, MUTED, PANEL, RGB, TEXT, VALUE, ink_on, seat_colours
from render.warparena.panels import frame_metrics, plural

WON = "✓"
LOST = "✕"
WIDTH = 600


@dataclass(frozen=True)
class Side:
    """One fighter's numbers: the die (sides 0 when no die), PDs, the card."""

    ref: PieceRef | None
    die: int
    roll: int
    pds: int
    card: int | None = None
    value: int = 0


@dataclass
class _Fight:
    attacker: Side
    defender: Side
    hex: str
    totals: tuple[int, int] = (0, 0)
    winner: str = ""
    cancelled: tuple[int, ...] = ()
    lost: tuple[str, ...] = ()


@dataclass(frozen=True)
class _Row:
    """One line of the picture: a fighter's side, or words."""

    kind: str
    """``side``, ``result``, or ``note``."""
    words: str
    chip: str = ""
    roll: int | None = None
    total: int | None = None
    won: bool = False


@dataclass
class _Story:
    hex: str = ""
    attacker: str = ""
    opponents: tuple[str, ...] = ()
    items: list[_Row | _Fight] = field(default_factory=list)
    """Match-ups and side comparisons (words) and fights, in the order they happened."""

    @property
    def fights(self) -> list[_Fight]:
        return [item for item in self.items if isinstance(item, _Fight)]


def _read(events: Iterable[Event]) -> _Story:
    story = _Story()
    dice: list[int] = []
    for event in events:
        match event:
            case CombatBegun():
                story.hex, story.attacker, story.opponents = event.hex, event.attacker, event.opponents
            case MatchedUp():
                pairs = ", ".join(f"{p.attacker} v {p.defender}" for p in event.pairs)
                words = f"Round {event.round}, chosen by {event.chooser}: {pairs} (attacker first)"
                story.items.append(_Row("note", words))
            case Rolled(roll=roll, for_="combat"):
                dice.append(roll.sides)
            case Revealed():
                sides = dice[-2:] if event.defender is not None else dice[-1:]
                dice.clear()
                a_die = sides[0] if sides else 0
                d_die = sides[1] if len(sides) > 1 else 0
                story.hex = story.hex or event.hex
                owner_a = event.attacker.owner
                owner_d = event.defender.owner if event.defender is not None else ""
                story.items.append(
                    _Fight(
                        Side(
                            event.attacker,
                            a_die,
                            event.attacker_roll,
                            event.attacker_pds,
                            event.cards.get(owner_a),
                            event.values.get(owner_a, 0),
                        ),
                        Side(
                            event.defender,
                            d_die,
                            event.defender_roll,
                            event.defender_pds,
                            event.cards.get(owner_d),
                            event.values.get(owner_d, 0),
                        ),
                        event.hex,
                    )
                )
            case FightDecided():
                if story.fights:
                    fight = story.fights[-1]
                    fight.totals = (event.attacker_total, event.defender_total)
                    fight.winner = event.winner
                    fight.cancelled = event.cancelled
                    lost = [str(event.destroyed)] if event.destroyed is not None else []
                    if event.field_down:
                        lost.append(f"the force field on {event.hex}")
                    fight.lost = tuple(lost)
            case SidesCompared():
                story.hex = story.hex or event.hex
                gone = ", ".join(str(r) for r in event.destroyed) or "nothing"
                story.items.append(
                    _Row(
                        "result",
                        f"{event.attacker} {event.attacker_total} v {event.defender} {event.defender_total}:"
                        f" {event.winner} wins; lost: {gone}",
                    )
                )
    return story


def _card_words(side: Side, cancelled: tuple[int, ...]) -> str:
    if side.card is None:
        return "no card"
    played = card(side.card)
    words = (
        f"Wild Warp #{side.card} as {side.value}"
        if played.kind is CardKind.WILD_WARP
        else f"{played} #{side.card}"
    )
    return f"{words} (cancelled)" if side.card in cancelled else words


def side_words(side: Side, cancelled: tuple[int, ...] = ()) -> str:
    """What a fighter adds to its die: ``d10 + 2 PD + Combat 3 #12``; a card a Wild Warp
    cancelled says so (it adds nothing)."""
    die = f"d{side.die}" if side.die else "die"
    return " + ".join((die, f"{side.pds} PD", _card_words(side, cancelled)))


def draw_fight(view: GameView, events: Sequence[Event], scale: float = 1.0) -> Picture:
    """The fights of one combat (or one action's combats) as everyone may see them."""
    width = math.ceil(WIDTH * scale)
    m = frame_metrics(scale, width)
    colours = seat_colours(p.name for p in view.players)
    story = _read(events)
    against = " and ".join(story.opponents) if story.opponents else "the defenders"
    sub = f"{story.attacker or 'the attacker'} attacks {against} · {plural(len(story.fights), 'fight')}"
    top = header(m, width, f"Combat in {story.hex or '?'}", sub, None, MUTED)
    body = _body(m, width, story, colours)
    return stack([top, body])


def render_fight(view: GameView, events: Sequence[Event], scale: float = 1.0) -> bytes:
    return draw_fight(view, events, scale).png()


def _rows(story: _Story) -> list[_Row]:
    rows: list[_Row] = []
    for item in story.items:
        rows += [item] if isinstance(item, _Row) else _fight_rows(item)
    return rows or [_Row("note", "No fight has been fought yet.")]


def _fight_rows(fight: _Fight) -> list[_Row]:
    """A fight's two sides, the cards cancelled, and who won."""
    a, d = fight.attacker, fight.defender
    assert a.ref is not None
    owner_a = a.ref.owner
    rows = [
        _Row(
            "side",
            side_words(a, fight.cancelled),
            str(a.ref),
            a.roll,
            fight.totals[0],
            fight.winner == owner_a,
        )
    ]
    if d.ref is None:
        rows.append(_Row("side", "needs 6 to fall", "force field", None, fight.totals[1]))
    else:
        won = fight.winner == d.ref.owner
        rows.append(_Row("side", side_words(d, fight.cancelled), str(d.ref), d.roll, fight.totals[1], won))
    if fight.winner:
        lost = f" · {LOST} lost: {', '.join(fight.lost)}" if fight.lost else ""
        rows.append(_Row("result", f"{WON} {fight.winner} wins{lost}"))
    return rows


def _body(m: Metrics, width: int, story: _Story, colours: dict[str, RGB]) -> Canvas:
    """Each fight as two rows, a fighter's each (label, die, what it adds, total), then who won."""
    font, bold = m.legend_font, m.subtitle_font
    big = m.badge_font
    line = font.size * 2.1
    pad = m.chip_pad * 1.6
    rows = _rows(story)
    chips = [r.chip for r in rows if r.kind == "side"]
    chip_w = max((Canvas.measure(c, font) for c in chips), default=0) + 2 * pad
    left, right = m.margin, width - m.margin
    # Words (match-ups, who won) wrap rather than lose their end: they are what a reader wants.
    wrapped = {
        i: Canvas.wrap(row.words, bold if row.kind == "result" else font, right - left)
        for i, row in enumerate(rows)
        if row.kind != "side"
    }
    more = font.size * 1.4  # a wrapped line's further lines, closer than rows
    extra = sum(len(lines) - 1 for lines in wrapped.values())
    height = math.ceil(m.margin * 2 + len(rows) * line + extra * more)
    canvas = Canvas(width, height, PANEL)
    y = m.margin + line / 2
    for i, row in enumerate(rows):
        if row.kind != "side":
            ink = VALUE if row.kind == "result" else MUTED
            text_font = bold if row.kind == "result" else font
            for words in wrapped[i]:
                canvas.text((left, y), words, text_font, ink, "lm")
                y += more
            y += line - more
            continue
        owner = row.chip.split("'s ", 1)[0]
        colour = colours.get(owner, MUTED)
        h = font.size * 1.6
        canvas.box((left, y - h / 2, left + chip_w, y + h / 2), fill=colour, corner=pad)
        canvas.text((left + pad, y), row.chip, font, ink_on(colour), "lm")
        x = left + chip_w + m.margin * 0.7
        side = h * 1.05
        if row.roll is not None:
            canvas.box((x, y - side / 2, x + side, y + side / 2), fill=TEXT, corner=side * 0.18)
            canvas.text((x + side / 2, y), str(row.roll), big, BACKGROUND, "mm")
            x += side + m.margin * 0.5
        total = f"= {row.total}" if row.total is not None else ""
        total_w = Canvas.measure("= 88", bold) + Canvas.measure(WON, bold) + m.margin
        canvas.text((x, y), canvas.fit(row.words, font, right - total_w - x), font, TEXT, "lm")
        if total:
            canvas.text((right - Canvas.measure(WON, bold) - m.margin * 0.5, y), total, bold, TEXT, "rm")
        if row.won:
            canvas.text((right, y), WON, bold, VALUE, "rm")
        y += line
    return canvas
