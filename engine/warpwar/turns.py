"""Turn sequence (R-TURN-*): phases, the start and end of a player-turn, income, victory."""

from __future__ import annotations

from engine.text import plural
from engine.warpwar.accounts import hold, pool, stockpile
from engine.warpwar.checks import require_player, require_turn
from engine.warpwar.commands import Concede, EndPhase
from engine.warpwar.events import (
    BaseDestroyed,
    BPMoved,
    GameEnded,
    PhaseBegan,
    PlayerOut,
    ProductionFresh,
    Removal,
    ShipRemoved,
    TurnBegan,
    VictoryPointsScored,
)
from engine.warpwar.rulesets import Rule, RuleSetName, VictoryKind
from engine.warpwar.state import GameResult, GameState, Phase
from engine.warpwar.tx import Refusal, Tx
from engine.warpwar.view import fighters, hidden


def end_phase(tx: Tx, cmd: EndPhase) -> None:
    state = tx.state
    require_turn(state, cmd.player, Phase.BUILD, Phase.MOVE, Phase.COMBAT, Phase.REARRANGE)
    if state.phase is Phase.BUILD:
        if not cmd.deadline_passed:
            _require_grant_spent(state)
        _forfeit_unspent_grant(tx)
        tx.emit(PhaseBegan(Phase.MOVE))
    elif state.phase is Phase.MOVE:
        battles = tuple(state.contested_stars())
        if battles:
            tx.emit(PhaseBegan(Phase.COMBAT, battles))
        else:
            after_combat(tx)
    elif state.phase is Phase.COMBAT:
        star = state.turn.battles[0].star
        if hidden(state) and cmd.player not in fighters(state, star):
            raise Refusal("battle-pending", "This turn's battles must be fought before the turn goes on.")
        where = state.map.label(star)
        raise Refusal("battle-pending", f"The battle at {where} must be fought before the turn goes on.")
    else:
        end_turn(tx)


def after_combat(tx: Tx) -> None:
    """Go on to the free Systemship rearrangement, or skip it when there is nothing to arrange."""
    state = tx.state
    player = state.active_player.name
    has_systemships = any(not s.is_warpship for s in state.ships_of(player))
    if state.scenario.uses(Rule.SYSTEMSHIPS) and has_systemships:
        tx.emit(PhaseBegan(Phase.REARRANGE))
    else:
        end_turn(tx)


def _require_grant_spent(state: GameState) -> None:
    """R-BUILD-6: classic learning/basic spend the whole grant on the first turn; ending that
    build is refused while the BP left could still buy a ship at a base the player holds."""
    scenario = state.scenario
    player = state.active_player
    if not scenario.spend_all_first_turn or state.game_turn != 1:
        return
    if player.bp < scenario.cheapest_ship:
        return
    bases = [b for b in state.bases_of(player.name) if b.finished]
    if not any(not state.enemies_at(player.name, state.map.star(b.star).hex) for b in bases):
        return
    raise Refusal(
        "bp-left",
        f"You have {player.bp} BP left: the {scenario.key} game spends all {scenario.start_bp} on the "
        f"first turn. Build with them before ending the build phase (the cheapest ship costs "
        f"{scenario.cheapest_ship} BP).",
    )


def _forfeit_unspent_grant(tx: Tx) -> None:
    """R-BUILD-6: in classic learning/basic, BP not spent in the first build are lost."""
    state = tx.state
    player = state.active_player
    if state.scenario.spend_all_first_turn and state.game_turn == 1 and player.bp > 0:
        tx.emit(BPMoved(pool(player.name), None, player.bp, "unspent at the end of the first build"))


def end_turn(tx: Tx) -> None:
    """The active player's turn ends: bases fall (revised), players drop out, the next one begins."""
    state = tx.state
    if state.ruleset is RuleSetName.REVISED:
        _destroy_unprotected_bases(tx)
        for player in tx.state.living_players():
            if not tx.state.bases_of(player.name):
                remove_player(tx, player.name, "lost every Base")
    if last_side_standing(tx):
        return
    begin_next_turn(tx)


def _destroy_unprotected_bases(tx: Tx) -> None:
    """R-ECON-6: a base falls when the active player holds its star unopposed at turn end."""
    state = tx.state
    attacker = state.active_player.name
    for base in list(state.bases.values()):
        if state.allied(attacker, base.owner):
            continue
        hex_name = state.map.star(base.star).hex
        here = state.ships_at(hex_name)
        if not any(s.owner == attacker for s in here):
            continue
        if any(state.allied(base.owner, s.owner) for s in here):
            continue
        loot = base.stockpile // 2
        for ship in here:
            if loot and ship.owner == attacker and ship.free_hold_space > 0:
                take = min(loot, tx.state.ships[ship.key].free_hold_space)
                tx.emit(
                    BPMoved(
                        stockpile(base.star), hold(attacker, ship.label), take, f"captured at {base.star}"
                    )
                )
                loot -= take
        left = tx.state.bases[base.star].stockpile
        if left:
            tx.emit(BPMoved(stockpile(base.star), None, left, f"lost with the Base at {base.star}"))
        tx.emit(BaseDestroyed(star=base.star, owner=base.owner, by=attacker))


def remove_player(tx: Tx, player: str, reason: str) -> None:
    """A player leaves the game: carried ships first, then the rest, then the player."""
    ships = tx.state.ships_of(player)
    for ship in sorted(ships, key=lambda s: s.carried_by is None):
        tx.emit(ShipRemoved(player, ship.label, reason, Removal.PLAYER_OUT))
    tx.emit(PlayerOut(player, reason))


def last_side_standing(tx: Tx) -> bool:
    """End the game when every player still in is allied with every other (R-WIN-3/4)."""
    state = tx.state
    living = [p.name for p in state.living_players()]
    if living and all(state.allied(living[0], other) for other in living):
        reason = "the last side standing" if len(state.players) > 1 else "alone"
        tx.emit(GameEnded(GameResult(winners=tuple(living), reason=reason)))
        return True
    return False


def begin_first_turn(tx: Tx) -> None:
    """Game-turn 1 begins with the first player in turn order still in the game."""
    first = next(p for p in tx.state.players if not p.out)
    begin_turn(tx, first.name, 1, 1)


def begin_next_turn(tx: Tx) -> None:
    state = tx.state
    count = len(state.players)
    index = state.active
    game_turn = state.game_turn
    for _ in range(count):
        index = (index + 1) % count
        if index == 0:
            game_turn += 1
        if not state.players[index].out:
            break
    begin_turn(tx, state.players[index].name, game_turn, state.turn_serial + 1)


def begin_turn(tx: Tx, player: str, game_turn: int, serial: int) -> None:
    """Start a player-turn: victory points (classic), draws, income; then the build phase."""
    tx.emit(TurnBegan(player=player, game_turn=game_turn, serial=serial))
    scenario = tx.state.scenario
    if scenario.victory is VictoryKind.VICTORY_POINTS and _score_victory_points(tx, player):
        return
    _grant_income(tx, player)


def _score_victory_points(tx: Tx, player: str) -> bool:
    """R-WIN-1: +1 per enemy base star held at the start of the turn; True if that wins."""
    state = tx.state
    held: list[str] = []
    for base in state.bases.values():
        if state.allied(player, base.owner):
            continue
        here = state.ships_at(state.map.star(base.star).hex)
        if any(s.owner == player for s in here) and not any(s.owner == base.owner for s in here):
            held.append(base.star)
    if held:
        tx.emit(VictoryPointsScored(player=player, points=len(held), stars=tuple(held)))
    target = state.scenario.victory_points
    if tx.state.player(player).vp >= target:
        tx.emit(GameEnded(GameResult(winners=(player,), reason=plural(target, "victory point"))))
        return True
    if (
        state.scenario.draw_when_no_fighters
        and state.game_turn > 1
        and not any(state.can_fight(s) for s in state.ships.values())
    ):
        tx.emit(GameEnded(GameResult(winners=(), reason="a draw: no ship able to fight is left")))
        return True
    return False


def _grant_income(tx: Tx, player: str) -> None:
    state = tx.state
    scenario = state.scenario
    first = state.game_turn == 1
    if state.ruleset is RuleSetName.CLASSIC:
        amount = scenario.start_bp if first else scenario.turn_bp
        if amount:
            tx.emit(BPMoved(None, pool(player), amount, "starting BP" if first else "turn BP"))
        return
    bases = [b for b in state.bases_of(player) if b.finished]
    if first:
        _grant_split(tx, player, scenario.start_bp)
    elif scenario.turn_bp and bases:
        middle = _middle_base(state, player) or bases[0].star
        tx.emit(BPMoved(None, stockpile(middle), scenario.turn_bp, "turn BP"))
    if not first and scenario.uses(Rule.STAR_ECONOMY):
        produce(tx, player)


def _middle_base(state: GameState, player: str) -> str | None:
    end = state.player(player).home
    if end is None:
        return None
    middle = state.map.home(end).middle
    base = state.bases.get(middle)
    return middle if base is not None and base.owner == player and base.finished else None


def _grant_split(tx: Tx, player: str, amount: int) -> None:
    """R-ECON-2 default: the starting BP split evenly among the bases, the rest to the middle."""
    bases = sorted(b.star for b in tx.state.bases_of(player) if b.finished)
    if not bases:
        return
    share, rest = divmod(amount, len(bases))
    middle = _middle_base(tx.state, player) or bases[0]
    for star in bases:
        give = share + (rest if star == middle else 0)
        if give:
            tx.emit(BPMoved(None, stockpile(star), give, "starting BP"))


def produce(tx: Tx, player: str) -> None:
    """R-ECON-4: owned stars produce, from the owner's next player-turn after they were taken."""
    state = tx.state
    for star in state.map.stars:
        if star.value == 0 or state.star_owner(star.name) != player:
            continue
        base = state.bases.get(star.name)
        owned = state.owners.get(star.name)
        if base is None and (owned is None or owned.since >= state.turn_serial):
            continue
        if base is not None and base.finished:
            tx.emit(BPMoved(None, stockpile(star.name), 2 * star.value, f"produced at {star.name}"))
            continue
        amount = star.value // 2
        loaded = 0
        for ship in tx.state.ships_at(star.hex):
            room = ship.free_hold_space if ship.owner == player else 0
            take = min(room, amount - loaded)
            if take > 0:
                tx.emit(BPMoved(None, hold(player, ship.label), take, f"produced at {star.name}"))
                loaded += take
        if loaded:
            tx.emit(ProductionFresh(star=star.name, amount=loaded))
        if amount > loaded:
            tx.emit(BPMoved(None, None, amount - loaded, f"produced at {star.name}, lost: no Hold space"))


def concede(tx: Tx, cmd: Concede) -> None:
    require_player(tx.state, cmd.player)
    was_active = tx.state.active_player.name == cmd.player
    remove_player(tx, cmd.player, "conceded")
    if last_side_standing(tx):
        return
    if was_active:
        begin_next_turn(tx)
