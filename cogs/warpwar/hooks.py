"""WarpWar's parts for the shared herald: the turn's buttons and call, and a battle round's
orders prompt (cogs.shared.hooks)."""

from __future__ import annotations

from cogs.shared.hooks import GameHooks
from cogs.warpwar import orders_ui, turn_buttons
from gm.warpwar.nudges import summons

HOOKS = GameHooks(
    dressed=turn_buttons.dressed,
    summons=summons,
    prompt_view=orders_ui.prompt_view,
    situation=orders_ui.situation_for,
)
"""What the bot hands the herald for WarpWar's games."""
