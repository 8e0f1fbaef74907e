"""The two forms of the orders flow: paste orders in the notation, or fill one ship's orders.

A form is sent and then forgotten: it is never kept in the bot's memory (discord.py keeps a
modal only until it is finished, so each is stopped before it is sent). Its custom id says
what it is for and its fields are read from the submission itself, so a form opened before a
restart is still taken afterwards; cogs.warpwar.orders_ui handles every submission.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from cogs.warpwar.orders_board import DRAFT_LIMIT, KEY_PATTERN, RoundKey, ShipForm
from cogs.warpwar.orders_flow import Fight
from engine.warpwar.crt import Tactic
from engine.warpwar.rulesets import Attr

MODAL_PREFIX = "ww:om"
MODAL_ID = re.compile(
    rf"{MODAL_PREFIX}:{KEY_PATTERN}:(?P<form>paste|ship):(?P<where>new|board|fix|refix)(?::(?P<ship>[A-Z0-9]+))?"
)
"""``where`` says what the answer does: ``new`` sends a board; ``board`` rewrites the board the
form came from; ``fix`` rewrites the error message it came from (an error message is rewritten
in place so a player fixing a typo does not collect a trail of them), and ``refix`` does so for
orders that replace all those sent."""
TITLE_LIMIT = 45
NO_TARGET = "-"
"""The target select's value for "no target"."""
SELECT_LIMIT = 25
MISSILE_EXAMPLE = "M at W2: D=3 (one missile a line)"


def _title(text: str) -> str:
    return text if len(text) <= TITLE_LIMIT else text[: TITLE_LIMIT - 1] + "…"


def _sent(modal: discord.ui.Modal) -> discord.ui.Modal:
    """Finished before it is sent, so discord.py does not keep it: the submission is handled
    from its custom id (see the module docstring)."""
    modal.stop()
    return modal


def paste_modal(key: RoundKey, where: str, where_label: str, draft: str) -> discord.ui.Modal:
    """One text box for every ship's orders, prefilled with what was written so far."""
    modal = discord.ui.Modal(
        title=_title(f"Orders, round {key.round} at {where_label}"),
        custom_id=key.custom_id("paste", where, prefix=MODAL_PREFIX),
    )
    modal.add_item(
        discord.ui.TextInput(
            label="Orders, one ship a line",
            custom_id="orders",
            style=discord.TextStyle.paragraph,
            default=draft or None,
            placeholder="W1 ATTACKS W2: D=2 B=3 S=1\n  M at W2: D=3",
            required=False,
            max_length=DRAFT_LIMIT,
        )
    )
    return _sent(modal)


def ship_modal(fight: Fight, ship: str, where: str, form: ShipForm | None) -> discord.ui.Modal:
    """One ship's orders: tactic and target picked from lists, power and fire typed in the notation."""
    own = next(s for s in fight.ships if s.label == ship)
    modal = discord.ui.Modal(
        title=_title(f"{ship}: round {fight.key.round} at {fight.where}"),
        custom_id=fight.key.custom_id("ship", where, ship, prefix=MODAL_PREFIX),
    )
    tactics = [t for t in Tactic if own.is_warpship or t is not Tactic.RETREAT]  # R-CBT-4
    chosen = form.tactic if form else Tactic.ATTACK
    tactic = discord.ui.Select[Any](
        custom_id="tactic",
        options=[
            discord.SelectOption(label=t.value.title(), value=t.value, default=t is chosen) for t in tactics
        ],
    )
    modal.add_item(discord.ui.Label(text="Tactic", component=tactic))
    modal.add_item(_target_field(fight, form.target if form else None))
    allowed = set(fight.state.scenario.allowed_attributes())
    fields = (  # both rule sets have tubes and missiles
        ("power", "Power", power_example(allowed), form.power if form else "", True),
        ("missiles", "Missiles", MISSILE_EXAMPLE, form.missiles if form else "", False),
        ("more", "More (optional)", more_example(allowed), form.more if form else "", False),
    )
    for custom_id, label, example, default, required in fields:
        modal.add_item(
            discord.ui.TextInput(
                label=label,
                custom_id=custom_id,
                style=discord.TextStyle.short if custom_id == "power" else discord.TextStyle.paragraph,
                placeholder=example,
                default=default or None,
                required=required,
                max_length=400,
            )
        )
    return _sent(modal)


def power_example(allowed: set[Attr]) -> str:
    """What the Power field takes, in the game's rule set only (no cannons in the 1977 rules)."""
    also = [a.value for a in (Attr.E, Attr.T) if a in allowed]
    if Attr.C in allowed:
        also.append("C=1 (3 shells)")
    return "D=2 B=3 S=1" + (f" (also {', '.join(also)})" if also else "")


def more_example(allowed: set[Attr]) -> str:
    """What the More field takes: Systemships and a priority naming only the game's attributes."""
    clauses = ["retreat to 1719"]
    if Attr.SR in allowed:
        clauses.append("pick up S1; drop S2")
    clauses.append("damage " + ", ".join(a.value for a in (Attr.A, Attr.S, Attr.B) if a in allowed))
    return "; ".join(clauses)


def _target_field(fight: Fight, current: str | None) -> discord.ui.Item[Any]:
    """A list of the enemy ships (public counters), or a text box if there are too many for one."""
    targets = fight.targets
    if len(targets) >= SELECT_LIMIT:
        return discord.ui.TextInput(
            label="Target (beam and cannons)", custom_id="target", default=current, required=False
        )
    options = [discord.SelectOption(label="No target", value=NO_TARGET, default=current is None)]
    options += [discord.SelectOption(label=t, value=t, default=t == current) for t in targets]
    select = discord.ui.Select[Any](custom_id="target", options=options)
    return discord.ui.Label(text="Target (beam and cannons)", component=select)


def values_of(data: Any) -> dict[str, str]:
    """Each field of a submitted form by custom id: a text box's text, a list's first choice."""
    found: dict[str, str] = {}
    nodes: list[Any] = [data]
    while nodes:
        node = nodes.pop()
        if isinstance(node, list):
            nodes.extend(node)
        elif isinstance(node, dict):
            if "custom_id" in node and ("value" in node or "values" in node):
                value = node.get("value")
                if value is None:
                    chosen = node.get("values") or [""]
                    value = chosen[0]
                found[str(node["custom_id"])] = str(value)
            nodes.extend(v for k, v in node.items() if k in ("components", "component"))
    return found


def form_from(values: dict[str, str]) -> ShipForm:
    """The per-ship form as submitted."""
    target = values.get("target", "").strip()
    return ShipForm(
        tactic=Tactic(values.get("tactic", Tactic.ATTACK.value)),
        target=None if target in ("", NO_TARGET) else target,
        power=values.get("power", ""),
        missiles=values.get("missiles", ""),
        more=values.get("more", ""),
    )
