"""A game's options: the optional rules of 9.0 and the variants (R-WA-OPT-*), all off by default."""

from __future__ import annotations

from dataclasses import dataclass

from engine.warparena.hexes import arena_type

GRID_COUNTS = (4, 6, 8, 10, 12, 20)
"""How many grids a game may use (9.1, R-WA-MAP-6)."""


@arena_type
@dataclass(frozen=True)
class Options:
    grids: int = 20
    """9.1 fewer grids: grids 1..N are used and every 1d20 for a grid becomes 1dN."""
    random_arena: bool = False
    """``arena: random``: the bot builds a random legal arena instead of players placing (R-WA-SET-1)."""
    chain_reaction: bool = False
    """9.2: a destroyed hex destroyed again sets off its neighbour (R-WA-OPT-1)."""
    initiative_bonus: bool = False
    """9.3: a combat card may be added to the initiative roll."""
    no_combat_cards: bool = False
    """9.4: combat cards are taken out of the game."""
    no_special_cards: bool = False
    """9.4: Destroy Hex, Warp Grid, Double Warp, Create Power Disc and Wild Warp are taken out."""
    limited_actions: bool = False
    """9.4: the only actions are Move and Engage and Convert."""
    placed_pd: bool = False
    """9.4: each player places one PD where they like instead of the optional random one."""
    fixed_strengths: bool = False
    """9.4: no combat dice; the higher side total in a contested hex wins (R-WA-OPT-1)."""
    d6_dice: bool = False
    """The cost-saving dice: every robot fights with 1d6 plus its add (R-WA-OPT-2)."""

    def __post_init__(self) -> None:
        if self.grids not in GRID_COUNTS:
            raise ValueError(f"a game uses {', '.join(map(str, GRID_COUNTS))} grids, not {self.grids}")
