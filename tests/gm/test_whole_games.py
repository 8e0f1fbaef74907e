"""Whole games played through the game master on a real SQLite file."""

from __future__ import annotations

import re
from dataclasses import replace

from engine.warpwar import GameState, Phase
from engine.warpwar.movement import cheapest_path
from engine.warpwar.rulesets import Attr
from gm.announce import Reply
from gm.service import Actor, GameMaster
from gm.warpwar.maps import generated_map
from tests.backends import BOTH
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, GUILD, Table, said

pytestmark = BOTH

SECRET = re.compile(r"\b(PD|B|S|T|M|C|SH|E|A|H|SR|R)=|\d+ BP\b|\bBP \d|ATTACKS|DODGES|RETREATS|D=\d")
"""Ship attributes, Build Point amounts and orders: none may be posted in the channel."""


def assert_public_is_clean(table: Table) -> None:
    """No private fact in anything said in the channel, except the records revealed at the end."""
    for text in table.public():
        if "now revealed" in text or "was abandoned" in text:
            continue
        found = SECRET.search(text)
        assert found is None, f"private fact {found.group()!r} in public text:\n{text}"


async def start_classic_learning(table: Table, choose: bool = True) -> int:
    """alice (first) and bob in a classic learning game; bob chooses the end drawn for him
    (R-SCEN-2) unless ``choose`` is False."""
    gm = table.gm
    await table.ok(
        gm.create(
            ALICE, GUILD, CHANNEL, "Learning game", ruleset="classic", scenario="learning", fixed_order=True
        )
    )
    await table.ok(gm.join(BOB, CHANNEL))
    await table.ok(gm.start(ALICE, CHANNEL))
    if choose:
        await table.settle_ends()
    return await table.game_id()


async def attack_route(gm: GameMaster, game: int) -> tuple[str, str, list[str]]:
    """alice's base, bob's base, and the cheapest route between them (as hexes)."""
    state = await gm.replay(game)
    assert state is not None
    home = state.bases_of("alice")[0].star
    target = state.bases_of("bob")[0].star
    start, goal = state.map.star(home).hex, state.map.star(target).hex
    route = cheapest_path(replace(state, game_turn=2), "alice", start, goal)
    assert route is not None
    return home, target, route


async def into_battle(table: Table, game: int, *, end_move: bool = True) -> tuple[str, Reply]:
    """A classic learning game from its start to its first battle, at bob's base in game-turn 2:
    alice's cruiser (PD 22, B 13) against bob's guard W1 (PD 10, B 5, S 5); his scout W2 is away.
    Returns the star and the reply that began the combat (or, with ``end_move`` False, the move
    onto the star)."""
    gm = table.gm
    home, target, route = await attack_route(gm, game)
    # Turn 1: alice builds one fast, hard-hitting Warpship and stops short of bob's base (R-TURN-3).
    await table.ok(gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=22 B=13", name="Reliant"))
    await table.ok(gm.done(ALICE, CHANNEL))
    await table.ok(gm.move(ALICE, CHANNEL, "W1", path=" ".join(route[:-1])))
    await table.ok(gm.done(ALICE, CHANNEL))
    # bob builds a guard at his base, which stays, and an unarmed scout with the rest of his BP
    # (the learning scenario's 40 BP must all go now, R-BUILD-6), which goes off alice's way.
    await table.ok(gm.build_ship(BOB, CHANNEL, target, "WG=1 PD=10 B=5 S=5"))
    await table.ok(gm.build_ship(BOB, CHANNEL, target, "WG=1 PD=10"))
    await table.ok(gm.done(BOB, CHANNEL))
    state = await gm.replay(game)
    assert state is not None
    aside = next(h for h in state.map.neighbours(route[-1]) if h not in route)
    await table.ok(gm.move(BOB, CHANNEL, "W2", path=aside))
    await table.ok(gm.done(BOB, CHANNEL))
    # Turn 2: alice attacks.
    await table.ok(gm.done(ALICE, CHANNEL))
    moved = await table.ok(gm.move(ALICE, CHANNEL, "W1", to=target))
    return target, await table.ok(gm.done(ALICE, CHANNEL)) if end_move else moved


async def test_classic_learning_to_a_win(table: Table) -> None:
    """Build, move, a battle by sealed orders, an idle turn ended by its deadline, and the
    victory point that wins the learning scenario (R-WIN-1)."""
    gm: GameMaster = table.gm
    game = await start_classic_learning(table)
    target, combat = await into_battle(table, game)
    assert "Combat" in said(combat)
    # Round 1: DODGE (0, -1) against DODGE is a Hit: 13 − 5 = 8 hits.
    await table.ok(gm.submit_orders(BOB, game, target, "W1 DODGE: D=5 S=5"))
    first = await table.ok(gm.submit_orders(ALICE, game, target, "W1 DODGES, FIRING AT W1: D=5 B=13"))
    assert "8 taken" in first.text
    # Round 2: bob sends nothing; his default orders (R-CBT-17) put all 10 PD into drive.
    await table.ok(gm.submit_orders(ALICE, game, target, "W1 DODGES, FIRING AT W1: D=10 B=12"))
    await table.pass_time(24)
    state = await gm.replay(game)
    assert state is not None and state.ship("bob", "W1") is None, "bob's guard should be destroyed"
    # bob's turn 2: he is away; the deadline ends his turn with nothing built or moved.
    assert state.active_player.name == "bob"
    await table.pass_time(48)
    # alice's turn 3 begins holding bob's base: 1 victory point wins the learning scenario.
    final = await gm.replay(game)
    assert final is not None and final.result is not None and final.result.winners == ("alice",)
    assert any("The game is over: alice won" in t for t in table.public())
    assert_public_is_clean(table)


async def fight_it_out(table: Table, game: int, where: str, attacker: str = "alice") -> None:
    """The attacker fires each round with the defender's drive; the defender stays silent, so the
    round deadline gives it the default orders (R-CBT-17): Dodge, screen up, the rest to drive."""
    actor = {"alice": ALICE, "bob": BOB, "carol": CAROL}[attacker]
    for _ in range(12):
        state = await table.gm.replay(game)
        assert state is not None
        hex_name = state.map.resolve(where)
        assert hex_name is not None
        if state.battle(hex_name) is None:
            return
        here = [s for s in state.ships_at(hex_name) if s.carried_by is None]
        target = next(s for s in here if not state.allied(attacker, s.owner))
        mine = next(s for s in here if s.owner == attacker)
        screen = min(target.now(Attr.S), target.now(Attr.PD))
        drive = target.now(Attr.PD) - screen
        beam = min(mine.now(Attr.B), mine.now(Attr.PD) - drive)
        orders = f"{mine.label} DODGES, FIRING AT {target.label}@{target.owner}: D={drive} B={beam}"
        await table.ok(table.gm.submit_orders(actor, game, where, orders))
        await table.pass_time(24)
    raise AssertionError(f"the battle at {where} did not end")


async def test_revised_basic_two_battles_to_a_destroyed_base(table: Table) -> None:
    """Revised basic: alice beats bob's picket on the way, then his guard at his base; holding
    the star at the end of her turn destroys the Base (R-ECON-6) and with it bob's last (R-WIN-3)."""
    gm = table.gm
    await table.ok(gm.create(ALICE, GUILD, CHANNEL, ruleset="revised", scenario="basic", fixed_order=True))
    await table.ok(gm.join(BOB, CHANNEL))
    await table.ok(gm.start(ALICE, CHANNEL))
    await table.settle_ends()
    game = await table.game_id()
    home, target, route = await attack_route(gm, game)
    state = await gm.replay(game)
    assert state is not None
    picket = max((i for i, h in enumerate(route[:-1]) if state.map.is_star(h) and i >= 4), default=None)
    assert picket is not None, "the route passes a star near bob's base"
    # Turn 1: alice's cruiser goes halfway; bob builds a picket and posts it on her way.
    await table.ok(gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=16 B=12 S=7"))
    await table.ok(gm.done(ALICE, CHANNEL))
    await table.ok(gm.move(ALICE, CHANNEL, "W1", path=" ".join(route[:4])))
    await table.ok(gm.done(ALICE, CHANNEL))
    await table.ok(gm.build_ship(BOB, CHANNEL, target, "WG=1 PD=10 B=3 S=5"))
    await table.ok(gm.done(BOB, CHANNEL))
    back = list(reversed(route[picket:-1]))
    await table.ok(gm.move(BOB, CHANNEL, "W1", path=" ".join(back)))
    await table.ok(gm.done(BOB, CHANNEL))
    # Turn 2: alice runs into the picket: the first battle.
    await table.ok(gm.done(ALICE, CHANNEL))
    await table.ok(gm.move(ALICE, CHANNEL, "W1", path=" ".join(route[4 : picket + 1])))
    await table.ok(gm.done(ALICE, CHANNEL))
    picket_star = state.map.label(route[picket])
    await fight_it_out(table, game, picket_star)
    # bob builds a guard at his base with what he saved and earned.
    await table.ok(gm.build_ship(BOB, CHANNEL, target, "WG=1 PD=10 B=5 S=5"))
    await table.ok(gm.done(BOB, CHANNEL))
    await table.ok(gm.done(BOB, CHANNEL))
    # Turn 3: the second battle, at bob's base; alice holds it at the end of her turn.
    await table.ok(gm.done(ALICE, CHANNEL))
    await table.ok(gm.move(ALICE, CHANNEL, "W1", to=target))
    await table.ok(gm.done(ALICE, CHANNEL))
    await fight_it_out(table, game, target)
    final = await gm.replay(game)
    assert final is not None and final.result is not None and final.result.winners == ("alice",)
    assert final.bases_of("bob") == []
    assert sum("fought" in t for t in table.public()) >= 4
    assert_public_is_clean(table)
    assert final == await gm.stored_state(game)


async def test_three_players_revised_advanced_with_an_alliance(table: Table) -> None:
    """Three players on the default map for three, a generated one (R-SCEN-10), alice and carol
    allied against bob, game-turns of splitting BP, building, moving and meeting: allies on one
    star do not fight."""
    gm = table.gm
    await table.ok(
        gm.create(
            ALICE,
            GUILD,
            CHANNEL,
            ruleset="revised",
            scenario="advanced",
            players=3,
            fixed_order=True,
            alliance="red",
        )
    )
    await table.ok(gm.join(BOB, CHANNEL))
    await table.no(gm.start(ALICE, CHANNEL), "seats-empty", "1 more player")
    await table.ok(gm.join(CAROL, CHANNEL, alliance="red"))
    await table.no(gm.join(CAROL, CHANNEL), "seated")
    await table.no(gm.start(BOB, CHANNEL), "not-creator")
    await table.ok(gm.start(ALICE, CHANNEL))
    await table.settle_ends()
    game = await table.game_id()
    state = await gm.replay(game)
    settings = (await gm.load(game)).settings
    assert state is not None and state.map == generated_map(settings.map_seed, 3, None, "edge")
    assert state.allied("alice", "carol") and not state.allied("alice", "bob")
    actors = {"alice": ALICE, "bob": BOB, "carol": CAROL}
    meeting = halfway(state, "alice", "carol")
    for turn in range(6):
        if {s.owner for s in state.ships_at(meeting)} == {"alice", "carol"}:
            break
        for player in [p.name for p in state.players]:
            actor = actors[player]
            state = await gm.replay(game)
            assert state is not None and state.active_player.name == player
            bases = [b.star for b in state.bases_of(player)]
            if turn == 0:
                split = " ".join(f"{b}={n}" for b, n in zip(bases, (14, 3, 3), strict=True))
                await table.ok(gm.split_bp(actor, CHANNEL, split))
                await table.ok(gm.build_ship(actor, CHANNEL, bases[0], "WG=1 PD=8 S=1"))
            await table.ok(gm.done(actor, CHANNEL))
            ship = next((s for s in state.ships_of(player) if s.is_warpship), None)
            if ship is not None and player != "bob" and state.position(ship) != meeting:
                await table.ok(gm.move(actor, CHANNEL, ship.label, to=meeting_step(state, ship.key, meeting)))
            while (await gm.replay(game)).active_player.name == player:
                await table.ok(gm.done(actor, CHANNEL))
    final = await gm.replay(game)
    assert final is not None and 3 <= final.game_turn <= 6 and final.result is None
    met = {s.owner for s in final.ships_at(meeting)}
    assert met == {"alice", "carol"} and final.turn.battles == ()
    assert_public_is_clean(table)
    assert final == await gm.stored_state(game)


def halfway(state: GameState, a: str, b: str) -> str:
    """The star two players' first bases reach soonest, the slower of the two counting."""
    starts = [state.map.star(state.bases_of(p)[0].star).hex for p in (a, b)]

    def slower(star: str) -> int:
        routes = [cheapest_path(replace(state, game_turn=2), a, start, star) for start in starts]
        return max(len(r) if r is not None else 99 for r in routes)

    return min((s.hex for s in state.map.stars), key=slower)


def meeting_step(state: GameState, key: str, goal: str) -> str:
    """As far towards ``goal`` as the ship's movement points reach this turn (as a hex)."""
    ship = state.ships[key]
    route = cheapest_path(state, ship.owner, state.position(ship), goal) or []
    reach = state.scenario.ruleset.movement_points(ship.now(Attr.PD))
    return route[:reach][-1] if route else state.position(ship)


async def test_three_players_on_the_default_map_to_a_winner(table: Table) -> None:
    """Three players on the default map for three (R-SCEN-10), revised basic: alice's cruiser
    crosses the generated map to bob's base, beats his guard there and holds the star, which
    destroys his Base (R-ECON-6) and puts him out; then it goes on to carol's undefended base,
    and alice is the last with a base (R-WIN-3)."""
    gm = table.gm
    await table.ok(
        gm.create(ALICE, GUILD, CHANNEL, ruleset="revised", scenario="basic", players=3, fixed_order=True)
    )
    await table.ok(gm.join(BOB, CHANNEL))
    await table.ok(gm.join(CAROL, CHANNEL))
    await table.ok(gm.start(ALICE, CHANNEL))
    await table.settle_ends()
    game = await table.game_id()
    state = await gm.replay(game)
    assert state is not None and state.map.name.startswith("Random map") and len(state.map.homes) == 3
    actors = {"alice": ALICE, "bob": BOB, "carol": CAROL}
    bases = {p.name: state.bases_of(p.name)[0].star for p in state.players}
    await table.ok(gm.build_ship(ALICE, CHANNEL, bases["alice"], "WG=1 PD=16 B=12 S=7"))
    for _ in range(12):
        state = await gm.replay(game)
        assert state is not None
        if state.result is not None:
            break
        player = state.active_player.name
        if player == "bob" and state.game_turn == 1:
            await table.ok(gm.build_ship(BOB, CHANNEL, bases["bob"], "WG=1 PD=10 B=5 S=5"))
        if player == "alice":
            target = next(bases[p] for p in ("bob", "carol") if not state.player(p).out)
            await advance(table, game, target)
        await end_turn(table, game, player, actors[player])
    final = await gm.replay(game)
    assert final is not None and final.result is not None and final.result.winners == ("alice",)
    assert final.player("bob").out and final.player("carol").out
    assert final.game_turn >= 3 and sum("fought" in t for t in table.public()) >= 2
    assert_public_is_clean(table)
    assert final == await gm.stored_state(game)


async def advance(table: Table, game: int, target: str) -> None:
    """alice's cruiser W1 as far towards ``target`` as its movement points reach (never onto an
    enemy base in game-turn 1, R-TURN-3), then the battles it meets fought out."""
    state = await table.gm.replay(game)
    assert state is not None
    while state.phase is not Phase.MOVE:
        await table.ok(table.gm.done(ALICE, CHANNEL))
        state = await table.gm.replay(game)
        assert state is not None
    ship = state.ship("alice", "W1")
    assert ship is not None, "alice's cruiser was lost"
    goal = state.map.star(target).hex
    route = cheapest_path(replace(state, game_turn=2), "alice", state.position(ship), goal) or []
    steps = route[: state.scenario.ruleset.movement_points(ship.now(Attr.PD))]
    if state.game_turn == 1 and goal in steps:
        steps = steps[: steps.index(goal)]
    if steps:
        await table.ok(table.gm.move(ALICE, CHANNEL, "W1", path=" ".join(steps)))
    await table.ok(table.gm.done(ALICE, CHANNEL))
    state = await table.gm.replay(game)
    assert state is not None
    for battle in state.turn.battles:
        await fight_it_out(table, game, state.map.label(battle.star))


async def end_turn(table: Table, game: int, player: str, actor: Actor) -> None:
    """``player`` ends each phase left of their player-turn."""
    while True:
        state = await table.gm.replay(game)
        assert state is not None
        if state.result is not None or state.active_player.name != player:
            return
        await table.ok(table.gm.done(actor, CHANNEL))
