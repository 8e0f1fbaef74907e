"""Whole blind games through the game master (R-BLIND-1..6): after every command, nothing any
player is told, shown in a picture or offered by autocomplete goes beyond their knowledge record
(tests/gm/blind_check.py), and the channel hears only whose turn and phase it is, who is out and
who won."""

from __future__ import annotations

import json
from dataclasses import replace

from engine.serial import decode
from engine.warpwar import Event
from engine.warpwar.events import RoundFought
from engine.warpwar.movement import cheapest_path
from engine.warpwar.state import Phase
from gm.announce import ToChannel, ToPlayer
from tests.gm.blind_table import BlindTable
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, GUILD, MANAGER, Table, said


async def test_two_players_blind_to_a_win_seen_passing_stopped_unseen(table: Table) -> None:
    """R-BLIND-2/4/6, R-BLIND-12/14/16/19: a classic learning game, blind to ships. bob's scout
    passes alice's cruiser and is remembered as last seen; alice's attack on bob's base stops
    there at his guard she could not see, and the rest of her order lapses; the battle is told
    to its players; the channel hears turns, phases and the winner; the export and the story
    hold the secrets until the end."""
    blind = BlindTable(table)
    gm = table.gm
    state = await blind.open(ruleset="classic", scenario="learning", blind="ships")
    begun = table.replies[-1]
    assert blind.maps_to(begun) == {"alice", "bob"}, "each player's first map, by DM"
    assert all(a.picture is None for a in begun.announcements if isinstance(a.to, ToChannel))
    home, target = state.bases_of("alice")[0].star, state.bases_of("bob")[0].star
    start, goal = state.map.star(home).hex, state.map.star(target).hex
    route = cheapest_path(replace(state, game_turn=2), "alice", start, goal)
    assert route is not None and len(route) > 3
    wait = max(i for i, h in enumerate(route[:-1]) if not state.map.is_star(h))
    # Turn 1: alice builds a cruiser and takes it to open space near bob's base.
    await blind.ok(ALICE, gm.build_ship(ALICE, CHANNEL, home, "WG=1 PD=22 B=13", name="Reliant"))
    await blind.ok(ALICE, gm.done(ALICE, CHANNEL))
    await blind.ok(ALICE, gm.move(ALICE, CHANNEL, "W1", path=" ".join(route[: wait + 1])))
    await blind.no(ALICE, gm.undo(ALICE, CHANNEL), "nothing-to-undo", "cannot be taken back")
    moved_on = await blind.ok(ALICE, gm.done(ALICE, CHANNEL))
    assert "alice" in blind.maps_to(moved_on) and "bob" not in blind.maps_to(moved_on)
    assert not any("Reliant" in t or "W1" in t for t in table.told("bob"))
    # bob builds a guard and a scout; the scout passes alice's cruiser, which sees it go by.
    await blind.ok(BOB, gm.build_ship(BOB, CHANNEL, target, "WG=1 PD=10 B=5 S=5", name="Warden"))
    await blind.ok(BOB, gm.build_ship(BOB, CHANNEL, target, "WG=1 PD=10"))
    await blind.ok(BOB, gm.done(BOB, CHANNEL))
    state = await blind.state()
    beyond = next(h for h in state.map.neighbours(route[wait]) if h not in route and not state.map.is_star(h))
    way = " ".join([*reversed(route[wait:-1]), beyond])
    passing = await blind.ok(BOB, gm.move(BOB, CHANNEL, "W2", path=way))
    assert any("bob's W2 seen at" in t and "going on towards" in t for t in blind.dms(passing, "alice"))
    assert "alice's W1 seen at" in passing.text, "bob saw alice's cruiser as his scout passed"
    state = await blind.state()
    assert state.knowledge.of("alice").ships["bob:W2"].towards == beyond
    assert "bob:W1" not in state.knowledge.of("alice").ships, "the guard at home is not seen"
    await blind.ok(BOB, gm.done(BOB, CHANNEL))
    await blind.look(ALICE)
    await blind.look(BOB)
    # The export of the running game holds none of its events, and cannot be imported.
    running = await gm.export(blind.game)
    assert running["events"] == [] and "withheld" in running
    await table.no(gm.import_game(MANAGER, GUILD, 555, running), "bad-import", "blind game")
    # Turn 2: alice heads through bob's base, which she cannot see is guarded: she stops there.
    await blind.ok(ALICE, gm.done(ALICE, CHANNEL))
    onward = next(h for h in state.map.neighbours(goal) if h not in route)
    stopped = await blind.ok(
        ALICE, gm.move(ALICE, CHANNEL, "W1", path=" ".join([*route[wait + 1 :], onward]))
    )
    assert "had to stop" in stopped.text and "the rest of the order was not carried out" in stopped.text
    assert "bob's W1 seen at" in stopped.text
    combat = await blind.ok(ALICE, gm.done(ALICE, CHANNEL))
    public = [a.text for a in combat.announcements if isinstance(a.to, ToChannel)]
    assert any("combat phase" in t for t in public) and not any(target in t for t in public)
    # The battle: told to its players only, through their own views.
    await blind.ok(BOB, gm.submit_orders(BOB, blind.game, target, "W1 DODGE: D=5 S=5"))
    first = await blind.ok(
        ALICE, gm.submit_orders(ALICE, blind.game, target, "W1 DODGES, FIRING AT W1: D=5 B=13")
    )
    assert "8 taken" in first.text
    await blind.ok(ALICE, gm.submit_orders(ALICE, blind.game, target, "W1 DODGES, FIRING AT W1: D=10 B=12"))
    await blind.wait(24)
    await blind.look(BOB)
    await blind.wait(48)  # bob's turn 2 passes idle
    final = await blind.state()
    assert final.result is not None and final.result.winners == ("alice",)
    assert any("The game is over: alice won" in t for t in table.public())
    channel = " ".join(table.public())
    assert "Warden" not in channel.split("now revealed")[0] and target not in channel.split("now revealed")[0]
    # Once over, everything is revealed: the export has every event, the story every move.
    ended = await gm.export(blind.game)
    assert "withheld" not in ended and len(ended["events"]) == len(
        await table.gm.db.fetch_all("SELECT seq FROM events WHERE game_id = ?", (blind.game,))
    )
    story = [said(await gm.log(CHANNEL, page)) for page in range(1, 6)]
    assert any("alice's W1 moved" in page for page in story), "the whole story, once the game is over"


async def test_three_players_blind_map_meet_fight_and_go_out(table: Table) -> None:
    """R-BLIND-2/3/4/18: three players on a map generated for three, the map hidden, for four
    game-turns: alice and bob head for the star between them, carol explores her own
    corner; each finds the map as they go, battles are told to their players only, carol probing
    a battle she is not in is told nothing of it, and the game ends as the others concede:
    eliminations and the winner are the channel's news."""
    blind = BlindTable(table)
    gm = table.gm
    state = await blind.open(players=3, ruleset="revised", scenario="basic", blind="map")
    actors = {"alice": ALICE, "bob": BOB, "carol": CAROL}
    bases = {p.name: state.map.star(state.bases_of(p.name)[0].star).hex for p in state.players}

    def reach(star: str) -> int:
        routes = [cheapest_path(replace(state, game_turn=2), "alice", b, star) for b in bases.values()]
        return max(len(r) if r is not None else 99 for r in routes)

    meeting = min((s.hex for s in state.map.stars if s.hex not in bases.values()), key=reach)
    homes = {state.map.star(name).hex for home in state.map.homes for name in home.bases}
    others = [s.hex for s in state.map.stars if s.hex not in (*homes, meeting)]
    away = min(
        others,
        key=lambda h: len(cheapest_path(replace(state, game_turn=2), "carol", bases["carol"], h) or "x" * 99),
    )
    goals = {"alice": meeting, "bob": meeting, "carol": away}  # carol explores her corner alone
    probes = 0
    for turn in range(4):
        for player in ("alice", "bob", "carol"):
            actor = actors[player]
            if turn == 0:
                base = (await blind.state()).bases_of(player)[0].star
                await blind.ok(actor, gm.build_ship(actor, CHANNEL, base, "WG=1 PD=8 B=3 S=1"))
            if (await blind.state()).phase is Phase.BUILD:
                await blind.ok(actor, gm.done(actor, CHANNEL))
            await blind.head_for(player, "W1", goals[player])
            if (await blind.state()).phase is Phase.MOVE:
                await blind.ok(actor, gm.done(actor, CHANNEL))  # combat follows where ships met
            for battle in (await blind.state()).turn.battles:
                if "carol" not in {s.owner for s in (await blind.state()).ships_at(battle.star)}:
                    probes += 1
                    probe = gm.submit_orders(CAROL, blind.game, battle.star, "W1 DODGE: D=1")
                    refused = await blind.any(CAROL, probe, typed=battle.star)
                    assert refused.code in ("not-in-battle", "unknown-star"), refused.text
                    await blind.any(CAROL, gm.situation(CAROL, blind.game, battle.star), typed=battle.star)
            await blind.end_turn(player)
        await blind.look(CAROL)
    state = await blind.state()
    rows = await table.gm.db.fetch_all("SELECT kind, body FROM events WHERE game_id = ?", (blind.game,))
    rounds = [decode(Event, json.loads(r["body"])) for r in rows if r["kind"] == RoundFought.__name__]
    fought = {p: {e.report.star for e in rounds if p in {r.owner for r in e.report.ships}} for p in actors}
    assert any(fought[p] != fought["carol"] for p in ("alice", "bob")), "a battle without carol"
    assert probes, "carol asked about a battle she was not in"
    for player in actors:
        told = {
            a.picture.star
            for reply in table.replies
            for a in reply.announcements
            if isinstance(a.to, ToPlayer) and a.to.name == player and a.picture and a.picture.kind == "battle"
        }
        assert told <= fought[player], f"{player} was shown a battle they did not fight"
    assert all(len(state.knowledge.of(p.name).hexes) > 3 for p in state.players), "each found some map"
    assert any("seen" in t for p in ("alice", "bob", "carol") for t in table.told(p))
    while (await blind.state()).phase is Phase.COMBAT:
        await blind.wait(24)
    await blind.ok(CAROL, gm.concede(CAROL, CHANNEL))
    assert any("carol is out of the game" in t for t in table.public())
    while (await blind.state()).phase is Phase.COMBAT:
        await blind.wait(24)
    await blind.ok(BOB, gm.concede(BOB, CHANNEL))
    final = await blind.state()
    assert final.result is not None and final.result.winners == ("alice",)
    assert blind.watch.ended
