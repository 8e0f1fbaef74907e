"""The text side of sealed orders by DM: custom ids, the orders board, drafts and readable errors.

Nothing here talks to Discord. The flow keeps no memory in the bot: a button's custom id says
which game, battle and round it belongs to, and the board message itself carries the orders
written so far (their canonical notation in a code block), so any button on it, after any
restart, reads the draft back from the message it sits on.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from engine.warpwar.crt import Tactic
from engine.warpwar.order_notation import (
    NotationError,
    format_order,
    format_orders,
    parse_order,
    parse_orders,
)
from engine.warpwar.orders import Orders

PREFIX = "ww:o"
"""Every custom id of the orders flow starts so (``ww:o:3:1720:2t9:send``)."""
KEY_PATTERN = r"(?P<game>[0-9]+):(?P<hex>[0-9A-Za-z]+):(?P<round>[0-9]+)(?:t(?P<turn>[0-9]+))?"
"""Game id, star hex, round and, on boards, the player-turn (GameState.turn_serial)."""
FENCE = "```"
DRAFT_LIMIT = 1500
"""Orders longer than this do not fit on one board (no battle needs nearly so much)."""


@dataclass(frozen=True)
class RoundKey:
    """One round of one battle, as a custom id carries it.

    ``turn`` tells apart two battles at the same star in different player-turns; the prompt
    buttons (made from the herald's announcement, which does not know it) have none, and act
    on whatever round of that battle is open now.
    """

    game_id: int
    star: str
    round: int
    turn: int | None = None

    def custom_id(self, action: str, *extra: str, prefix: str = PREFIX) -> str:
        turn = "" if self.turn is None else f"t{self.turn}"
        custom_id = ":".join((prefix, str(self.game_id), self.star, f"{self.round}{turn}", action, *extra))
        assert len(custom_id) <= 100, custom_id
        return custom_id

    @classmethod
    def from_match(cls, match: re.Match[str]) -> RoundKey:
        turn = match["turn"]
        return cls(int(match["game"]), match["hex"], int(match["round"]), int(turn) if turn else None)


# --- the board -------------------------------------------------------------------------------


def board_text(heading: str, draft: str, notes: Sequence[str]) -> str:
    """The board: a heading, the orders written so far in a code block, then notes."""
    block = f"{FENCE}\n{draft}\n{FENCE}" if draft.strip() else "No orders written yet."
    return "\n".join([heading, block, *notes])


def draft_of(content: str) -> str:
    """The orders a board (or an error message) carries: its last code block, "" if none."""
    blocks = re.findall(rf"{FENCE}\n(.*?)\n{FENCE}", content, re.DOTALL)
    return blocks[-1] if blocks else ""


def canonical(orders: Iterable[Orders], ships: Sequence[str]) -> str:
    """Orders in the rulebook notation as the engine will read them, in the fleet's order."""
    rank = {label: i for i, label in enumerate(ships)}
    return format_orders(sorted(orders, key=lambda o: rank.get(o.ship, len(rank))))


def merged(draft: str, order: Orders, ships: Sequence[str]) -> str:
    """The draft with ``order`` in place of whatever it said for that ship before."""
    others = [o for o in parse_orders(draft) if o.ship != order.ship] if draft.strip() else []
    return canonical([*others, order], ships)


def order_in(draft: str, ship: str) -> Orders | None:
    """What the draft says for one ship (the board's draft is canonical, so it reads)."""
    if not draft.strip():
        return None
    return next((o for o in parse_orders(draft) if o.ship == ship), None)


# --- errors a player can act on ----------------------------------------------------------------


def pointed(text: str, error: NotationError) -> str:
    """The line the error is on with the bad words marked under it, so a phone user sees where."""
    lines = text.splitlines()
    if not 1 <= error.line <= len(lines):
        return f"Cannot read your orders: {error}"
    line = lines[error.line - 1]
    width = max(1, len(error.fragment))
    marker = " " * (error.column - 1) + "^" * width
    return f"Cannot read your orders, {error}\n{FENCE}\n{line}\n{marker}\n{FENCE}"


class FieldError(ValueError):
    """One field of the per-ship form cannot be read; says which field and what is wrong."""

    def __init__(self, field: str, error: NotationError) -> None:
        at = f' at "{error.fragment}"' if error.fragment else ""
        super().__init__(f"{field}{at}: {error.problem}")


# --- one ship's orders from the per-ship form --------------------------------------------------


@dataclass(frozen=True)
class ShipForm:
    """The per-ship form's fields as typed: each is a part of one order in the notation."""

    tactic: Tactic
    target: str | None
    power: str
    """``D=2 B=3 S=1``, cannons and their bursts included (``C=1 (3 shells)``)."""
    missiles: str = ""
    """One missile a line: ``M at W2: D=3`` (the leading M may be left out)."""
    more: str = ""
    """Further clauses, by ``;`` or lines: ``retreat to 1719; damage A, S, B``."""


def ship_order(ship: str, form: ShipForm) -> Orders:
    """One ship's orders from the form, read a part at a time so an error names its field."""
    verb = f"{form.tactic.name}S"
    header = f"{ship} {verb} {form.target}:" if form.target else f"{ship} {verb}:"
    line = f"{header} {_one_line(form.power)}"
    _read("Power", line)
    clauses = [c.strip() for c in re.split(r"[;\n]", form.more) if c.strip()]
    if clauses:
        line = "; ".join([line, *clauses])
        _read("More", line)
    missiles = [m.strip() for m in form.missiles.splitlines() if m.strip()]
    text = "\n".join([line, *(m if m[:1].upper() == "M" else f"M {m}" for m in missiles)])
    return _read("Missiles", text)


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _read(field: str, text: str) -> Orders:
    try:
        return parse_order(text)
    except NotationError as error:
        raise FieldError(field, error) from None


def form_of(order: Orders) -> ShipForm:
    """The form prefilled from an order already written: the same parts :func:`ship_order` reads."""
    bare = replace(order, missiles=(), pick_up=(), drop=(), retreat_to=None, damage=())
    power = format_order(bare).split(":", 1)[1].strip()
    clauses = format_order(replace(order, missiles=())).split("; ")[1:]
    missiles = "\n".join(f"M at {m.target}: D={m.drive}" for m in order.missiles)
    return ShipForm(order.tactic, order.target, power, missiles, "\n".join(clauses))
