"""What players look at between moves: the game's status (public), their fleet and one ship
(private), and the situation of a battle as one side sees it (private)."""

from __future__ import annotations

from datetime import datetime

from engine.text import plural
from engine.warpwar.order_checks import combatants
from engine.warpwar.order_notation import format_damage, format_orders
from engine.warpwar.rulesets import BASE_COST, Attr, VictoryKind
from engine.warpwar.ships import Ship, record
from engine.warpwar.state import Blind, GameState, Phase
from engine.warpwar.view import hidden, view_for
from gm.warpwar.sealing import receipt
from gm.warpwar.story import balances, fighting


def when(moment: datetime) -> str:
    """A time as Discord shows it to each reader in their own zone; the console translates it."""
    return f"<t:{int(moment.timestamp())}:R>"


def status(
    state: GameState,
    title: str,
    deadline: datetime | None,
    paused: bool,
    ended: str | None = None,
    viewer: str | None = None,
) -> str:
    """Everything public about the game now (``ended`` says why it is no longer played), and
    the progress of ``viewer``'s own unfinished Bases: Build Points are theirs alone. In a blind
    game the others are names only (R-BLIND-4), and ``viewer`` sees their own ships, Bases and
    battles: such a status is for their eyes."""
    blind = hidden(state, ended is not None)
    seen = view_for(state, viewer, ended is not None)
    lines = [f"**{title}** — {state.scenario.ruleset.title}, {state.scenario.title.lower()}"]
    if blind:
        lines.append(f"A blind game ({BLIND_WORDS[state.options.blind]}).")
    if ended is not None:
        lines.append(ended)
    elif state.phase is Phase.SETUP:
        lines.append(
            f"Before game-turn 1: {state.active_player.name} moves second and is choosing a map end."
        )
    else:
        lines.append(
            f"Game-turn {state.game_turn}: {state.active_player.name}'s turn, {state.phase.value} phase."
        )
    for p in state.players:
        out = " (out)" if p.out else ""
        if blind and p.name != viewer:
            lines.append(f"• {p.name}{out}")
            continue
        ships = len(state.ships_of(p.name))
        vp = f", {p.vp} VP" if state.scenario.victory is VictoryKind.VICTORY_POINTS else ""
        bases = ", ".join(b.star if b.finished else f"{b.star} (being built)" for b in state.bases_of(p.name))
        lines.append(f"• {p.name}{out}: {plural(ships, 'ship')}, bases {bases or 'none'}{vp}")
    if viewer is not None:
        lines.extend(f"Your {line}." for line in construction(state, viewer))
    if ended is not None:
        return "\n".join(lines)
    mine = {b.star for b in seen.turn.battles}
    for battle in state.turn.battles:
        if battle.star not in mine:
            continue
        waiting = [x for x in fighting(state, battle.star) if not battle.sealed(x)]
        lines.append(
            f"Battle at {state.map.label(battle.star)}, round {battle.round}"
            + (f": waiting for {', '.join(waiting)}" if waiting and battle in state.open_battles() else "")
        )
    if paused:
        lines.append("The game is paused.")
    elif deadline is not None:
        lines.append(f"Deadline {when(deadline)}.")
    return "\n".join(lines)


BLIND_WORDS = {
    Blind.SHIPS: "each of you sees only what your own ships and stars show",
    Blind.MAP: "each of you sees only what your own ships and stars show, and finds the map",
}


def construction(state: GameState, player: str) -> list[str]:
    """The player's unfinished Bases with the BP paid so far (private): ``Base at Mari: 12/30 BP``."""
    return [
        f"Base at {b.star}: {b.progress}/{BASE_COST} BP" for b in state.bases_of(player) if not b.finished
    ]


def _where(state: GameState, ship: Ship) -> str:
    if ship.carried_by:
        return f"in {ship.carried_by}'s rack at {state.map.label(state.position(ship))}"
    return f"at {state.map.label(state.position(ship))}"


def ship_lines(state: GameState, ship: Ship) -> list[str]:
    """One ship as its owner sees it: record, place, load, standing orders."""
    lines = [f"{record(ship)} — {_where(state, ship)}"]
    if ship.carrying:
        lines.append(f"  carrying {', '.join(ship.carrying)}")
    if ship.now(Attr.H):
        lines.append(f"  {ship.cargo} BP in Holds")
    standing = state.standing.get(ship.key)
    if standing is not None:
        lines.append(f"  standing orders: {format_orders((standing,))}")
    priority = state.priorities.get(ship.key)
    if priority:
        lines.append(f"  damage priority: {format_damage(priority)}")
    return lines


def fleet(state: GameState, player: str) -> str:
    """A player's own ships and Build Points (private)."""
    ships = state.ships_of(player)
    lines = [f"Your fleet ({plural(len(ships), 'ship')}). {balances(state, player)}"]
    lines.extend(f"{line} (being built)." for line in construction(state, player))
    for ship in ships:
        lines.extend(ship_lines(state, ship))
    return "\n".join(lines)


def situation(state: GameState, player: str, star: str, deadline: datetime | None) -> str:
    """A battle as one side sees it when writing orders: own ships in full, enemies as counters."""
    battle = state.battle(star)
    where = state.map.label(star)
    if battle is None:
        return f"There is no battle at {where} now."
    ships = combatants(state, star)
    own = [s for s in ships if s.owner == player]
    enemies = [s for s in ships if not state.allied(player, s.owner)]
    lines = [f"**Round {battle.round} at {where}**" + (f", orders due {when(deadline)}" if deadline else "")]
    lines.append("Your ships:")
    for ship in own:
        lines.extend(f"  {line}" for line in ship_lines(state, ship))
    lines.append("Enemy ships: " + ", ".join(f"{s.label}@{s.owner}" for s in enemies))
    if player in battle.orders:
        lines.append(receipt(state, star, player))
    lines.append(
        "Write orders like: W3 ATTACKS S25: D=0 B=3 S=2 (missiles on their own lines: M at S25: D=3)"
    )
    return "\n".join(lines)
