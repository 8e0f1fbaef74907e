"""Short rule summaries for ``/warpwar rules`` and the Combat Results Table for ``/warpwar crt``.

The summaries are written from the rule texts (../shared/rules: the 1977 original and the 1994
2nd edition) to remind a player mid-game; they name the rule set where the two differ and are
no substitute for the rulebook. The CRT is printed from the engine's own table, so what players
read is what the referee uses.
"""

from __future__ import annotations

from engine.warpwar.crt import CRT, Tactic

TOPICS: dict[str, tuple[str, str]] = {
    "turn": (
        "The turn",
        "Players take turns in a drawn order (or as they joined, with fixed_order). Your player-turn "
        "has a build phase, a move phase, then combat wherever your moves made ships meet, and in the "
        "revised rules a rearrange phase for Systemships. `/build done` and `/move done` end a phase; "
        "an idle phase ends by itself at its deadline with nothing more built or moved.",
    ),
    "build": (
        "Building",
        'Spend Build Points (BP) at your base stars: `/build ship star:Ur design:"WG=1 PD=9 B=5 S=4"`. '
        "Each point of PD (power/drive), B (beam), S (screen), T (tube) or SR (Systemship rack) costs "
        "1 BP; WG (warp generator) costs 5 and makes a Warpship; 1 BP buys 3 Missiles. The revised "
        "rules add E (ECM), C (cannon, 1 BP = 6 Shells) and H (Holds, for carrying BP). Ships built "
        "later get a higher tech level. Repair and resupply a ship that began the turn at your base, "
        "up to what it was built with (`/build repair`, `/build resupply`). Classic learning: all 40 "
        "BP go into Warpships on your first turn.",
    ),
    "move": (
        "Movement",
        "Each Warpship has movement points equal to its current PD (classic) or half its PD rounded "
        "up (revised). One point moves it one hex, or the whole length of a warpline from the star at "
        "one end to the star at the other; picking up or dropping a Systemship costs one more. Ships "
        "must stop on a star with enemy ships, pass freely through space hexes, and may not enter an "
        "enemy base on the first turn. `/move ship ship:W1 to:Kish` takes the cheapest route; "
        '`path:"Umma Girsu 2017"` gives it step by step. `/move undo` takes back a move that met '
        "nobody.",
    ),
    "combat": (
        "Combat",
        "Ships of enemies on one star at the end of a move phase fight, one star at a time (the mover "
        "chooses the order with `/combat order`). Each round every player sends sealed orders for each "
        "ship: a tactic (ATTACK, DODGE or RETREAT, which Systemships cannot choose), a beam target, "
        "missiles with their drive, and power from PD to D (drive), B, S and T (never more than the "
        "current PD). Orders are revealed together and read on the CRT. A battle ends when one side is "
        "destroyed or gone, or after three rounds with no damage past screens, when the moving player "
        "withdraws. Missing orders: standing orders (`/standing`), else defaults.",
    ),
    "orders": (
        "Writing orders",
        "One line per ship, as the rulebook writes them:\n"
        "`W3 ATTACKS S25: D=0 B=3 S=2`\n"
        "`S25 DODGES: D=4 T=1` then a line per missile `M at W3: D=3`\n"
        "`W1 RETREATS: D=6`\n"
        "Name an enemy ship as `W1@bob` when two players use the same label. D, B, S and T (and E, C "
        "in the revised rules) come out of the ship's current PD; a missile's drive does not.",
    ),
    "crt": (
        "Reading the CRT",
        "Find the firing ship's tactic rows (a missile always reads ATTACK, with its own drive), take "
        "the row for the drive difference (firing drive minus target drive) and the column of the "
        "target's tactic. Hit: the weapon's strength (beam power, or 2 per missile) plus the firer's "
        "tech level. Hit +1 / Hit +2 add hits. Escapes: a retreating target gets away if it survives "
        "the round. `/warpwar crt` prints the table.",
    ),
    "ecm": (
        "ECM (revised rules)",
        "A ship built with E may power ECM from its PD, up to its rating. After orders are revealed, "
        "its points are shared among the missiles attacking it (the referee chooses the best sharing "
        "for the defender). Each missile needs ECM points above its own drive plus the difference of "
        "tech levels to be stopped; a stopped missile does no damage. ECM works alongside every other "
        "use of power.",
    ),
    "damage": (
        "Damage",
        "Screens (plus the target's tech level) absorb hits from each weapon separately; what is left "
        "is taken off the ship's attributes, one point per hit, in its damage priority order "
        '(`/standing damage ship:W1 priority:"A, S 2"`, else the default). The warp generator never '
        "takes hits; a ship left with nothing else is destroyed, and the Systemships it carries with "
        "it. Damage is repaired at a base (`/build repair`).",
    ),
    "victory": (
        "Winning",
        "Occupy an enemy base star at the start of your own turn for victory points: the learning "
        "scenario is won with 1, the classic basic with 2, the advanced with 3 (revised scenarios "
        "count held stars and bases as their scenario says). A player with no ships and no bases is "
        "out; `/warpwar concede` gives up, and an abandoned game reveals every record.",
    ),
}
"""Topic → (title, summary)."""

_CELL = {"Miss": "-", "Hit": "H", "Hit +1": "H+1", "Hit +2": "H+2", "Escapes": "E"}


def rules_text(topic: str) -> str:
    title, body = TOPICS[topic]
    return f"**{title}**\n{body}\nThe rule texts have the full rules; `/warpwar rules` has more topics."


def crt_text() -> str:
    """The Combat Results Table as a monospaced block: rows by tactic and drive difference."""
    head = f"{'firing':8} {'drive diff':11} " + " ".join(f"{t.name:8}" for t in Tactic)
    lines = [head, "-" * len(head)]
    for row in CRT:
        cells = " ".join(f"{_CELL[row.results[t].value]:8}" for t in Tactic)
        lines.append(f"{row.tactic.name:8} {row.label:11} {cells}".rstrip())
    legend = (
        "H = Hit, H+1/H+2 = Hit with 1/2 extra hits, E = Escapes, - = Miss. Columns: the target's tactic."
    )
    return (
        "**Combat Results Table** (the same in both rule sets)\n```\n" + "\n".join(lines) + "\n```\n" + legend
    )
