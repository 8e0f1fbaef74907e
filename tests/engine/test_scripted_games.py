"""Whole games scripted through the engine: the classic advanced and revised advanced scenarios."""

from __future__ import annotations

from engine.warpwar import GameState
from engine.warpwar.commands import (
    BuildShip,
    Drop,
    EndPhase,
    Go,
    LoadHold,
    Move,
    PayForBase,
    PickUp,
    Scrap,
    SplitStartingBP,
)
from engine.warpwar.events import Event, fold
from engine.warpwar.movement import cheapest_path, mp_left
from engine.warpwar.notation import parse_design
from engine.warpwar.state import Phase
from tests.engine.helpers import accepted, started


class Script:
    """Plays commands in order, keeping every event so the game can be replayed at the end."""

    def __init__(self, ruleset: str, scenario: str) -> None:
        setup = started(ruleset, scenario)
        self.game: GameState = setup.state
        self.events: list[Event] = list(setup.events)
        self.warp_jumps = 0

    def do(self, *commands: object) -> None:
        for cmd in commands:
            result = accepted(self.game, cmd)  # type: ignore[arg-type]
            self.game = result.state
            self.events.extend(result.events)

    def build(self, player: str, star: str, design: str) -> None:
        self.do(BuildShip(player, star, parse_design(design)))

    def head_for(self, player: str, label: str, goal: str, most: int | None = None) -> None:
        """Move a Warpship along the cheapest legal route towards ``goal``, at most ``most`` MP."""
        ship = self.game.ship(player, label)
        assert ship is not None
        start = self.game.position(ship)
        route = cheapest_path(self.game, player, start, self.game.map.star(goal).hex) or []
        route = route[: min(most or mp_left(self.game, ship), mp_left(self.game, ship))]
        here = start
        for nxt in route:
            if nxt not in self.game.map.neighbours(here):
                self.warp_jumps += 1
            here = nxt
        if route:
            self.do(Move(player, label, tuple(Go(h) for h in route)))

    def end_turn(self) -> None:
        player = self.game.active_player.name
        while self.game.result is None and self.game.active_player.name == player:
            assert self.game.phase is not Phase.COMBAT, "the script should meet no battle"
            self.do(EndPhase(player))


def test_classic_advanced_game_to_a_victory_point_win() -> None:
    """Classic advanced over 9 game-turns: builds, warplines, a carried Systemship dropped on an
    enemy base star, and unopposed occupation scoring victory points to a win (R-WIN-1)."""
    s = Script("classic", "advanced")
    # Game-turn 1: alice builds a carrier and a fighter, picks it up (1 MP) and warps away.
    s.build("alice", "Ur", "WG=1 PD=8 SR=1 B=1")
    s.build("alice", "Ur", "PD=1 T=1 M=1")
    s.do(EndPhase("alice"), Move("alice", "W1", (PickUp("S10"),)))
    s.head_for("alice", "W1", "Umma", most=3)
    assert s.warp_jumps == 3  # Ur → Erech → Adab → Khafa, one warpline each
    s.end_turn()
    s.build("bob", "Ugarit", "WG=1 PD=6 B=4 S=4")
    s.do(EndPhase("bob"))
    s.head_for("bob", "W1", "Eridu")
    s.end_turn()
    for _ in range(6):  # game-turns 2-7: alice creeps south; bob builds and patrols his end
        game_turn = s.game.game_turn
        if game_turn == 3:
            s.build("alice", "Mosul", "WG=1 PD=5 B=3 S=2 T=1 M=3")
        s.do(EndPhase("alice"))
        s.head_for("alice", "W1", "Babylon", most=1)
        s.end_turn()
        s.build("bob", "Ugarit", "PD=2 S=3")
        s.do(EndPhase("bob"))
        s.head_for("bob", "W1", "Kish" if game_turn % 2 else "Eridu")
        s.end_turn()
    w1 = s.game.ship("alice", "W1")
    assert w1 is not None and s.game.position(w1) == s.game.map.star("Babylon").hex
    assert s.game.game_turn == 8 and s.game.player("alice").vp == 2
    assert s.game.player("alice").bp == 2 + 10 * 7 - 17
    # Game-turn 8: S10 is dropped to hold Babylon while W1 goes on to Nineveh.
    s.do(EndPhase("alice"), Move("alice", "W1", (Drop("S10"),)))
    s.head_for("alice", "W1", "Nineveh")
    s.end_turn()
    s.do(EndPhase("bob"))
    s.end_turn()
    # Game-turn 9 begins with 2 more points: 4 in all, and 3 win.
    assert s.game.result is not None and s.game.result.winners == ("alice",)
    assert s.game.player("alice").vp == 4 and s.game.phase is Phase.OVER
    assert fold(s.events) == s.game


def test_revised_advanced_game_with_income_holds_bases_and_scrapping() -> None:
    """Revised advanced: starting split, production, Holds carrying BP, a Base paid in part, scrapping."""
    s = Script("revised", "advanced")
    s.do(SplitStartingBP("alice", {"Ur": 16, "Mosul": 2, "Larsu": 2}))
    s.build("alice", "Ur", "WG=1 PD=6 H=1")
    s.do(LoadHold("alice", "W1", 2), EndPhase("alice"))
    s.head_for("alice", "W1", "Calah")
    assert s.game.star_owner("Calah") == "alice"
    s.end_turn()
    s.build("bob", "Babylon", "WG=1 PD=2 B=1")
    s.end_turn()
    # Game-turn 2: each base produced 2 × its value into its own stockpile (R-ECON-4).
    assert {b.star: b.stockpile for b in s.game.bases_of("alice")} == {"Ur": 2 + 8, "Mosul": 6, "Larsu": 6}
    s.do(EndPhase("alice"))
    s.head_for("alice", "W1", "Ur")
    s.end_turn()
    s.end_turn()
    # Game-turn 3: W1 fills its Hold at Ur and carries the BP back to Calah.
    s.do(LoadHold("alice", "W1", 8), EndPhase("alice"))
    s.head_for("alice", "W1", "Calah")
    s.end_turn()
    s.end_turn()
    # Game-turn 4: Calah (value 1) yields 1 // 2 = 0; the Hold's 10 BP go towards a Base there.
    assert s.game.ships["alice:W1"].cargo == 10
    s.do(PayForBase("alice", "Calah", 10))
    assert s.game.bases["Calah"].progress == 10 and not s.game.bases["Calah"].finished
    larsu = s.game.bases["Larsu"].stockpile
    s.build("alice", "Larsu", "WG=1 PD=2 B=1")
    s.do(Scrap("alice", "W2"))
    assert s.game.bases["Larsu"].stockpile == larsu - 8 + 4
    s.end_turn()
    s.end_turn()
    assert s.game.game_turn == 5 and s.game.result is None
    assert s.game.bases["Calah"].progress == 10
    assert fold(s.events) == s.game
