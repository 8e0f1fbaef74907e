"""The fight picture: one contested hex, its match-ups, dice, revealed cards, totals, winners
and losses, read from the combat's public events.

It reads only what is public once revealed (Revealed, FightDecided, ...): sealed choices live
in CombatAt, which is never read, so a fight picture cannot tell a card before its reveal.
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
from render.metrics import Metrics, metrics
from render.palette import MUTED, PANEL, RGB, TEXT, VALUE, ink_on, seat_colours
from render.warparena.panels import plural

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


@dataclass
class _Story:
    hex: str = ""
    attacker: str = ""
    opponents: tuple[str, ...] = ()
    matchups: list[str] = field(default_factory=list)
    fights: list[_Fight] = field(default_factory=list)
    compared: list[str] = field(default_factory=list)


def _read(events: Iterable[Event]) -> _Story:
    story = _Story()
    dice: list[int] = []
    for event in events:
        match event:
            case CombatBegun():
                story.hex, story.attacker, story.opponents = event.hex, event.attacker, event.opponents
            case MatchedUp():
                pairs = ", ".join(f"{p.attacker} v {p.defender}" for p in event.pairs)
                story.matchups.append(f"Round {event.round}, chosen by {event.chooser}: {pairs}")
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
                story.fights.append(
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
                story.compared.append(
                    f"{event.attacker} {event.attacker_total} v {event.defender} {event.defender_total}:"
                    f" {event.winner} wins; lost: {gone}"
                )
    return story


def _card_words(side: Side) -> str:
    if side.card is None:
        return "no card"
    played = card(side.card)
    if played.kind is CardKind.WILD_WARP:
        return f"Wild Warp #{side.card} as {side.value}"
    return f"{played} #{side.card}"


def side_line(side: Side, total: int) -> str:
    """``d10 rolled 7 + 2 PD + Combat 3 #12 = 12``."""
    parts = [f"d{side.die} rolled {side.roll}" if side.die else f"rolled {side.roll}"]
    parts.append(f"{side.pds} PD")
    parts.append(_card_words(side))
    return " + ".join(parts) + f" = {total}"


def draw_fight(view: GameView, events: Sequence[Event], scale: float = 1.0) -> Picture:
    """The fights of one combat (or one action's combats) as everyone may see them."""
    m = metrics(scale)
    colours = seat_colours(p.name for p in view.players)
    story = _read(events)
    width = math.ceil(WIDTH * scale)
    against = " and ".join(story.opponents) if story.opponents else "the defenders"
    sub = f"{story.attacker or 'the attacker'} attacks {against} · {plural(len(story.fights), 'fight')}"
    top = header(m, width, f"Combat in {story.hex or '?'}", sub, None, MUTED)
    body = _body(m, width, story, colours)
    return stack([top, body])


def render_fight(view: GameView, events: Sequence[Event], scale: float = 1.0) -> bytes:
    return draw_fight(view, events, scale).png()


def _body(m: Metrics, width: int, story: _Story, colours: dict[str, RGB]) -> Canvas:
    font, bold = m.legend_font, m.subtitle_font
    line = font.size * 1.55
    lines: list[tuple[str, str, RGB | None]] = []  # (kind, text, colour)
    for words in story.matchups:
        lines.append(("muted", words, None))
    for i, fight in enumerate(story.fights, start=1):
        a, d = fight.attacker, fight.defender
        assert a.ref is not None
        lines.append(("chip", f"{i}. {a.ref}", colours.get(a.ref.owner, MUTED)))
        lines.append(("text", side_line(a, fight.totals[0]), None))
        if d.ref is None:
            lines.append(("chip", f"   v {story.attacker and 'the'} force field", MUTED))
            lines.append(("text", f"needs 6 to fall: {fight.totals[1]}", None))
        else:
            lines.append(("chip", f"   v {d.ref}", colours.get(d.ref.owner, MUTED)))
            lines.append(("text", side_line(d, fight.totals[1]), None))
        for number in fight.cancelled:
            lines.append(("muted", f"card #{number} cancelled by a Wild Warp", None))
        if fight.winner:
            result = f"{WON} {fight.winner} wins"
            if fight.lost:
                result += f" · {LOST} lost: {', '.join(fight.lost)}"
            lines.append(("result", result, None))
    for words in story.compared:
        lines.append(("result", words, None))
    if not lines:
        lines.append(("muted", "No fight has been fought yet.", None))
    height = math.ceil(m.margin * 2 + len(lines) * line * 1.15)
    canvas = Canvas(width, height, PANEL)
    y = m.margin + line / 2
    pad = m.chip_pad * 1.6
    for kind, words, colour in lines:
        words = canvas.fit(words, bold if kind == "result" else font, width - 2 * m.margin - 2 * pad)
        if kind == "chip" and colour is not None:
            w = Canvas.measure(words.strip(), font) + 2 * pad
            canvas.box((m.margin, y - line / 2, m.margin + w, y + line / 2), fill=colour, corner=pad)
            canvas.text((m.margin + pad, y), words.strip(), font, ink_on(colour), "lm")
        elif kind == "result":
            canvas.text((m.margin, y), words, bold, VALUE, "lm")
        else:
            canvas.text((m.margin + pad, y), words, font, TEXT if kind == "text" else MUTED, "lm")
        y += line * 1.15
    return canvas
