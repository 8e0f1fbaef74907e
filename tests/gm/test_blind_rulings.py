"""Blind games' project rulings on the game master's side: the setting (R-BLIND-10), routes over
what a player knows (R-BLIND-21), what a player watching a battle without ships in it hears
(R-BLIND-17), and an abandoned game seen whole (R-BLIND-19)."""

from __future__ import annotations

from dataclasses import replace

from engine.warpwar import Accepted, GameState, Phase, apply
from engine.warpwar.commands import EndPhase, Go, Move, SubmitOrders
from engine.warpwar.order_notation import parse_orders
from engine.warpwar.state import Ownership
from gm.announce import Announcement, Picture, ToBattle, ToPlayer
from gm.kinds import Drawing
from gm.warpwar import inputs
from gm.warpwar.kind import WARPWAR_KIND
from gm.warpwar.story import tell
from store import games
from tests.engine.blind_helpers import blind_start, put
from tests.engine.helpers import accepted, end_turn, refuse, to_phase
from tests.gm.blind_table import BlindTable
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, MANAGER, Table

SEATS = {"alice": 11, "bob": 12, "carol": 13}


async def test_r_blind_10_blind_is_chosen_before_the_start_and_stays(table: Table) -> None:
    """R-BLIND-10: `blind` is a setting of the lobby, checked, and fixed once the game runs."""
    gm = table.gm
    await table.no(gm.create(ALICE, 1, CHANNEL, blind="fog"), "bad-settings", "blind is off")
    blind = BlindTable(table)
    await blind.open(blind="map")
    refused = await table.no(gm.change_settings(ALICE, CHANNEL, blind="off"), "bad-settings")
    assert "not blind" in refused.text


async def test_r_blind_19_an_abandoned_blind_game_is_seen_whole(table: Table) -> None:
    """R-BLIND-19 with R-WIN-4: once a blind game is abandoned (which its state does not know: the
    game master does), its views show everything, as a won game's do: the status names everyone's
    ships, anyone may see the whole map, and a player's map holds the other's ships."""
    blind = BlindTable(table)
    gm = table.gm
    state = await blind.open(ruleset="classic", scenario="learning", blind="ships")
    await blind.ok(ALICE, gm.build_ship(ALICE, CHANNEL, state.bases_of("alice")[0].star, "WG=1 PD=5 B=3"))
    assert "• alice\n" in (await table.ok(gm.status(CHANNEL, BOB))).text, "alice's ships are hers to know"
    await table.ok(gm.abandon(MANAGER, CHANNEL))
    status = await table.ok(gm.status(CHANNEL, BOB))
    assert "• alice: 1 ship" in status.text and "A blind game" not in status.text
    public = await table.ok(gm.map_picture(CAROL, CHANNEL))
    assert public.pictures == (Picture("map"),), "the whole map, for anyone"
    rows = await games.events(table.db, blind.game)
    sketch = WARPWAR_KIND.sketch(None, rows)
    hidden = WARPWAR_KIND.picture(sketch, Picture("map", viewer="bob"), "t", None, 1.0)
    shown = WARPWAR_KIND.picture(sketch, Picture("map", viewer="bob"), "t", None, 1.0, ended=True)
    assert isinstance(hidden, Drawing) and isinstance(shown, Drawing)
    (before, _), (after, _) = hidden.args, shown.args
    assert isinstance(before, GameState) and isinstance(after, GameState)
    assert "alice:W1" not in before.ships and "alice:W1" in after.ships
    assert await gm.picture(blind.game, Picture("map", viewer="bob")) is not None


def test_r_blind_21_a_route_goes_round_only_the_enemy_seen() -> None:
    """R-BLIND-21: bob's W2 goes `to:` Girsu through Umma, where alice's W1 is unseen: the route
    is the direct one, and the ship stops at Umma; seen, the same route is said to go round."""
    game = put(put(to_phase(end_turn(blind_start()), Phase.MOVE), "alice", "W1", "Umma"), "bob", "W2", "1720")
    move = inputs.path_steps(game, "bob", "W2", None, "Girsu")
    assert isinstance(move, Move) and move.steps == (Go("1719"), Go("1817"))
    after = accepted(game, move).state
    assert after.ships["bob:W2"].hex == "1719"
    seen = put(game, "bob", "W3", "Umma")
    around = inputs.path_steps(seen, "bob", "W2", None, "Girsu")
    assert isinstance(around, inputs.Explained) and "where alice's ship is" in around.note
    hidden_map = put(to_phase(end_turn(blind_start("map")), Phase.MOVE), "bob", "W2", "1720")
    unknown = inputs.path_steps(hidden_map, "bob", "W2", None, "Girsu")
    assert isinstance(unknown, Move)
    refuse(hidden_map, unknown, "unknown-place", "You know of no hex or star called Girsu")


def texts(told: list[Announcement], player: str) -> list[str]:
    return [
        a.text
        for a in told
        if (isinstance(a.to, ToPlayer) and a.to.name == player)
        or (isinstance(a.to, ToBattle) and player in {p.name for p in a.to.players})
    ]


def test_r_blind_17_a_player_watching_a_battle_without_ships_sees_only_ships_come_and_go() -> None:
    """R-BLIND-17: carol holds Umma; alice's W1 comes to fight bob's W2 there. carol sees W1
    arrive and, when bob's W2 is destroyed, sees it gone; she gets no call for orders, no
    write-up, no battle news; at the end of the phase, her map."""
    game = blind_start("ships", "revised", "basic", carol=True)
    game = replace(game, owners={**game.owners, "Umma": Ownership("carol", 0)})
    game = to_phase(
        put(put(game, "alice", "W1", "1720", "WG=1 PD=20 B=12"), "bob", "W2", "Umma", "WG=1 PD=2"), Phase.MOVE
    )
    moved = accepted(game, Move("alice", "W1", (Go("Umma"),)))
    told = tell(moved.events, game, SEATS)
    assert "alice's W1 seen arriving at Umma." in texts(told, "carol")
    combat = accepted(moved.state, EndPhase("alice"))
    assert texts(tell(combat.events, moved.state, SEATS), "carol") == [
        "**Your map** after alice's move phase (game-turn 1)."
    ], "her map, as she saw W1 arrive: no call for orders"
    sent = accepted(combat.state, SubmitOrders("bob", "1719", parse_orders("W2 DODGES: D=2")))
    fought = apply(
        sent.state, SubmitOrders("alice", "1719", parse_orders("W1 DODGES, FIRING AT W2: D=2 B=12"))
    )
    assert isinstance(fought, Accepted) and "bob:W2" not in fought.state.ships
    to_carol = "\n".join(texts(tell(fought.events, sent.state, SEATS), "carol"))
    assert "bob's W2 is gone from Umma." in to_carol and "Umma: held by alice." in to_carol
    assert "round" not in to_carol.lower() and "W1 DODGES" not in to_carol, to_carol
    to_alice = texts(tell(fought.events, sent.state, SEATS), "alice")
    assert any("Orders revealed" in t for t in to_alice)
