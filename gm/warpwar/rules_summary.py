"""The rules in short, for ``/warpwar rules`` and ``/warpwar crt`` in Discord and the console.

Each topic is a list of statements, one line each, written to remind a player mid-game of
what the referee (the engine) actually does; they name the rule set where the two differ and
are no substitute for the rule texts. Every statement has a key, and a test checks each one
against the engine (tests/gm/test_item_15_guide.py: an example a statement gives is played or
parsed for real), so a rule change that makes a line wrong fails a test. The CRT is printed
from the engine's own table. Player text: no ruling ids here.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.warpwar.crt import CRT, Outcome, Tactic


@dataclass(frozen=True)
class Topic:
    """One topic of ``/warpwar rules``: a title and its statements by key, in reading order."""

    title: str
    says: dict[str, str]


TOPICS: dict[str, Topic] = {
    "turn": Topic(
        "The turn",
        {
            "order": "Players take turns in a drawn order, or in the order they joined with "
            "`fixed_order:yes`.",
            "ends": "Before the first turn the player moving second chooses their end of the map "
            "(`/warpwar end end:north`, or its button); the others get theirs by lot, and if the "
            "deadline passes first the chooser gets the end drawn for them.",
            "phases": "Your turn has a build phase, a move phase, combat wherever your move made enemy "
            "ships meet, then a free rearrangement of Systemships if you have any.",
            "done": "`/build done` ends the build phase; `/move done` ends the move phase and, after "
            "combat, the rearrangement.",
            "idle": "When a phase's deadline passes, your turn ends with nothing more built or moved "
            "(a battle keeps its own deadline for each round's orders).",
        },
    ),
    "build": Topic(
        "Building",
        {
            "where": 'Spend Build Points (BP) at your base stars: `/build ship star:Ur design:"WG=1 PD=9 '
            'B=5 S=4"` costs 23 BP.',
            "costs": "PD (power/drive), B (beam), S (screen), T (tube) and SR (Systemship rack) cost 1 BP "
            "a point; WG (warp generator) costs 5 and makes a Warpship; 1 BP buys 3 Missiles (M).",
            "revised": "The revised rules add E (ECM), C (cannon) at 1 BP a point, 6 Shells (SH) for 1 BP, "
            "(2 + tech level) Armor points (A) for 1 BP, H (Holds: 10 BP of cargo each) at 1 BP and "
            "R (repair bay) at 5.",
            "tech": "In the advanced scenarios ships are built at a higher tech level as the game goes "
            "on: +1 every 4 game-turns (classic), every 6 (revised).",
            "repair": '`/build repair ship:W1 amounts:"B=2"` restores a ship at your base to what it was '
            "built with, 1 BP a point (Armor: 1 BP for 2); `/build resupply ship:W1 missiles:3` buys "
            "Missiles (1 BP for 3) and Shells (1 BP for 6). Not in the classic learning and basic games; "
            "in the revised advanced game also on a star where your Repair Bay ship (R) is, paid from "
            "its Holds.",
            "first": "Classic learning and basic: the starting BP (40 and 50) are for the first turn; "
            "ending it is refused while they could still buy a ship, and what cannot be spent is lost. "
            "The learning game builds Warpships only.",
        },
    ),
    "move": Topic(
        "Movement",
        {
            "points": "A Warpship has movement points (MP) equal to its current PD (classic) or half "
            "of it, rounded up (revised); moving spends no PD.",
            "costs": "1 MP moves it one hex, or along a whole warpline from the star at one end to the "
            "star at the other; each Systemship picked up or dropped costs 1 MP more.",
            "stop": "A ship must stop on a star where enemy ships are, and passes freely through space "
            "hexes; in game-turn 1 no ship may enter an enemy base star.",
            "command": '`/move ship ship:W1 to:Kish` takes the cheapest route; `path:"Umma Girsu"` goes '
            "step by step.",
            "undo": "`/move undo` takes back your last move, if it met nobody.",
        },
    ),
    "combat": Topic(
        "Combat",
        {
            "where": "Ships of players who are not allied, on one star when the move phase ends, fight "
            "there: one star at a time, in the order the moving player picks with "
            '`/combat order stars:"Kish Ur"` (all at once in a game set to `parallel_battles:yes`).',
            "sealed": "Each round every player sends sealed orders for their ships there (`/orders`, "
            "ship by ship if you like; orders that leave a ship out wait until you confirm them). They "
            "are revealed together once every player's are sealed, or at the deadline.",
            "power": "Drive, beam, screen, ECM, tubes and cannons together take at most the ship's "
            "current PD. Beams and screens never go with missiles (nor with cannons). Systemships "
            "cannot Retreat.",
            "end": "A battle ends when one side has no ships left there, or after 3 rounds in a row with "
            "no damage past screens: then the moving player's ships withdraw.",
            "standing": "A ship whose player sent no orders in time uses its standing orders (`/standing "
            'orders ship:W1 orders:"W1 DODGES: D=4 S=2"`), else the default: Dodge, screen up as far '
            "as PD allows, the rest of PD to drive, no fire.",
        },
    ),
    "orders": Topic(
        "Writing orders",
        {
            "beam": "One line per ship, as the rule texts write them: `W3 ATTACKS S25: D=0 B=3 S=2`.",
            "missiles": "Missiles: `S25 DODGES: D=4 T=1` with a line per missile, `M at W3: D=3`.",
            "retreat": "`W1 RETREATS: D=6`.",
            "name": "When two players use the same label, name the enemy ship as `W1@bob`.",
            "power": "D, B, S, E, T and C come out of the ship's current PD; a missile's own drive does not.",
        },
    ),
    "crt": Topic(
        "Reading the CRT",
        {
            "read": "The firing ship's tactic picks the rows, the drive difference (firing drive minus "
            "target drive) the row, and the target's tactic the column. A missile always reads ATTACK "
            "with its own drive (after ECM).",
            "hits": "A weapon that hits does its strength (beam power, shells fired, 2 for a missile) "
            "plus the firing ship's tech level, plus 1 or 2 for Hit +1 / Hit +2.",
            "escapes": "Escapes: a retreating Warpship gets away when every enemy ship that fired a beam "
            "or cannon at it read Escapes (a missile's Escapes is a miss). It still takes the hits "
            "of the weapons that hit it, and a ship destroyed that round has not escaped.",
            "table": "`/warpwar crt` prints the table.",
        },
    ),
    "ecm": Topic(
        "ECM (revised rules)",
        {
            "power": "A ship with E may power ECM from its PD, up to its current E, alongside any other "
            "use of power.",
            "shift": "Each ECM point moves the drive of one missile fired at the ship by one, up or down "
            "(never below 1): a missile of drive 4 met with 2 points may read drive 2.",
            "tech": "A missile given points gets the target's tech level minus the missile's added to "
            "them (never below 0).",
            "best": "After the reveal the referee spends the points as well as the defender could: the "
            "fewest hits past the screen.",
        },
    ),
    "damage": Topic(
        "Damage",
        {
            "screen": "A powered screen absorbs (screen power + the ship's tech level) once a round, "
            "from the sum of all hits the ship receives; an unpowered screen absorbs nothing.",
            "priority": "The rest is taken one hit at a time in the ship's damage priority "
            '(`/standing damage ship:W1 priority:"A, S 2"`), else the default: armor, empty holds, '
            "empty racks, ECM, shells, missiles, cannons, tubes, screen, beam, loaded holds, loaded "
            "racks, PD last.",
            "units": "A hit takes 1 point of PD, B, S, T, E, C, SR, H or Armor, 3 Missiles or 6 Shells.",
            "destroyed": "WG and R take no hits; a ship with nothing else left is destroyed, with all "
            "it carries.",
        },
    ),
    "victory": Topic(
        "Winning",
        {
            "classic": "Classic: each enemy base star your ships hold (its owner has no ship there) at "
            "the start of your turn scores 1 victory point; 1 wins the learning game, 2 the basic, "
            "3 the advanced.",
            "draw": "Classic learning and basic: when no ship able to fire is left, the game is a draw.",
            "revised": "Revised: a Base falls when an enemy ends a turn with ships on its star and "
            "none of yours is there. A player with no Base left is out; the last player or alliance "
            "with a Base wins.",
            "concede": "`/warpwar concede` gives up. When the game ends, every ship's record is revealed.",
        },
    ),
}
"""Topic key → topic, in the order ``/warpwar rules`` offers them."""

FOOTER = "The rule texts have the full rules; `/warpwar rules` has more topics."

_CELL = {
    Outcome.MISS: "-",
    Outcome.HIT: "H",
    Outcome.HIT_1: "H+1",
    Outcome.HIT_2: "H+2",
    Outcome.ESCAPES: "E",
}
"""How the printed table writes each result (the legend under it says it in words)."""


def rules_text(topic: str) -> str:
    """One topic, a statement a line (KeyError for a topic that does not exist)."""
    found = TOPICS[topic]
    lines = "\n".join(f"• {statement}" for statement in found.says.values())
    return f"**{found.title}**\n{lines}\n{FOOTER}"


def topics_text() -> str:
    """The topics there are, as the console lists them when one is unknown."""
    return ", ".join(f"{key} ({topic.title})" for key, topic in TOPICS.items())


def crt_text() -> str:
    """The Combat Results Table as a monospaced block: rows by tactic and drive difference."""
    head = (f"{'firing':8} {'drive diff':11} " + " ".join(f"{t.name:8}" for t in Tactic)).rstrip()
    lines = [head, "-" * len(head)]
    for row in CRT:
        cells = " ".join(f"{_CELL[row.results[t]]:8}" for t in Tactic)
        lines.append(f"{row.tactic.name:8} {row.label:11} {cells}".rstrip())
    legend = (
        "H = Hit, H+1/H+2 = Hit with 1/2 extra hits, E = Escapes, - = Miss. Rows: the firing ship's "
        "tactic and its drive minus the target's; columns: the target's tactic. A missile reads "
        "ATTACK with its own drive."
    )
    return (
        "**Combat Results Table** (the same in both rule sets)\n```\n" + "\n".join(lines) + "\n```\n" + legend
    )
