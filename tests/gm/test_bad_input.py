"""Bad input: wrong ids, the wrong phase, the wrong player, numbers out of range, over-long or
unreadable text. Every such call gets a clear refusal in the player's terms and changes nothing:
``table.no`` compares the whole database before and after.

Each case says in its id what is wrong. The scenes are positions reached through the game master
itself: a lobby, a classic learning game at alice's first build, a revised advanced game where
alice has a ship with Holds and Missiles, a battle at bob's base, a finished game.
"""

from __future__ import annotations

import asyncio
import inspect
import math
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import Any, Protocol

import pytest
from _pytest.mark import ParameterSet

from engine.warpwar.movement import cheapest_path
from gm.announce import Reply
from gm.audit import Audit
from gm.core import Actor
from gm.lobby import Lobby
from gm.manage import Manage
from gm.service import GameMaster
from gm.warpwar.looking import Looking
from gm.warpwar.play import Play
from store import games
from tests.gm.table import ALICE, BOB, CAROL, CHANNEL, GUILD, MANAGER, Table, open_table
from tests.gm.test_whole_games import attack_route, into_battle, start_classic_learning

ELSEWHERE = 555
"""A channel with no game in it."""
NO_SUCH_GAME = 9999
DISCORD_LIMIT = 2000
"""Characters in one Discord message: no refusal may need more."""
HUGE = 10**12


def long(unit: str) -> str:
    """Over-long input made of a readable ``unit``: at least 5000 characters."""
    return unit * -(-5000 // len(unit))


@dataclass(frozen=True)
class Scene:
    """A table in a known position, and the names a call needs."""

    table: Table
    game: int
    """The game's id (0 when there is none)."""
    home: str = ""
    """A star with a finished base of alice's (where her W1 is built)."""
    target: str = ""
    """A star with bob's base (where the battle is, in the battle scene)."""

    @property
    def gm(self) -> GameMaster:
        return self.table.gm


async def empty(table: Table) -> Scene:
    return Scene(table, 0)


async def lobby(table: Table) -> Scene:
    """alice has opened a classic learning game; bob has not joined yet."""
    await table.ok(table.gm.create(ALICE, GUILD, CHANNEL, "Lobby", ruleset="classic", scenario="learning"))
    return Scene(table, await table.game_id())


async def full(table: Table) -> Scene:
    scene = await lobby(table)
    await table.ok(table.gm.join(BOB, CHANNEL))
    return scene


async def setup(table: Table) -> Scene:
    """Classic learning just started: bob (moving second) is choosing the map end (R-SCEN-2)."""
    await table.ok(table.gm.create(ALICE, GUILD, CHANNEL, "Ends", fixed_order=True))
    await table.ok(table.gm.join(BOB, CHANNEL))
    await table.ok(table.gm.start(ALICE, CHANNEL))
    return Scene(table, await table.game_id(), "Ur", "Babylon")


async def classic(table: Table) -> Scene:
    """Classic learning, alice's first build phase, no ships yet."""
    game = await start_classic_learning(table)
    home, target, _ = await attack_route(table.gm, game)
    return Scene(table, game, home, target)


async def paused(table: Table) -> Scene:
    scene = await classic(table)
    await table.ok(table.gm.pause(ALICE, CHANNEL))
    return scene


async def over(table: Table) -> Scene:
    scene = await classic(table)
    await table.ok(table.gm.concede(BOB, CHANNEL))
    return scene


async def revised_start(table: Table) -> Scene:
    """Revised advanced, alice's first build phase: her 20 starting BP not yet split."""
    gm = table.gm
    await table.ok(gm.create(ALICE, GUILD, CHANNEL, ruleset="revised", scenario="advanced", fixed_order=True))
    await table.ok(gm.join(BOB, CHANNEL))
    await table.ok(gm.start(ALICE, CHANNEL))
    await table.settle_ends()
    game = await table.game_id()
    state = await gm.replay(game)
    assert state is not None
    return Scene(table, game, state.bases_of("alice")[0].star, state.bases_of("bob")[0].star)


async def revised(table: Table) -> Scene:
    """alice put all 20 BP at ``home`` and built W1 there (PD 4, 3 Holds, 3 Missiles): 7 BP left."""
    scene = await revised_start(table)
    await table.ok(table.gm.split_bp(ALICE, CHANNEL, f"{scene.home}=20"))
    await table.ok(table.gm.build_ship(ALICE, CHANNEL, scene.home, "WG=1 PD=4 H=3 M=3"))
    return scene


async def revised_move(table: Table) -> Scene:
    scene = await revised(table)
    await table.ok(table.gm.done(ALICE, CHANNEL))
    return scene


async def battle(table: Table) -> Scene:
    """Game-turn 2 of classic learning: alice's W1 (PD 22, B 13) has attacked bob's W1 at his base."""
    scene = await classic(table)
    await into_battle(table, scene.game)
    return scene


SCENES: dict[str, Callable[[Table], Awaitable[Scene]]] = {
    f.__name__: f
    for f in (empty, lobby, full, setup, classic, paused, over, revised_start, revised, revised_move, battle)
}


@asynccontextmanager
async def staged(tmp_path: Path, name: str) -> AsyncIterator[Scene]:
    table = await open_table(tmp_path / "games.sqlite3")
    try:
        yield await SCENES[name](table)
    finally:
        await table.db.close()


Call = Callable[[Scene], Awaitable[Reply]]


async def refuses(scene: Scene, call: Call, code: str, *says: str) -> Reply:
    """``call`` is refused with ``code``, in words that contain ``says``, changing nothing."""
    reply = await scene.table.no(call(scene), code, *says)
    assert isinstance(reply, Reply)
    assert 0 < len(reply.text) <= DISCORD_LIMIT, reply.text[:200]
    return reply


# --- calls ---------------------------------------------------------------------------------

BY_GAME_ID = {"submit_orders", "standing_orders", "damage_priority", "choose_end_in"}
"""Play actions sent by direct message, naming the game by its id rather than its channel."""


def where(scene: Scene, action: str) -> int:
    """Where an action is sent: the game's channel, or its id for the DM actions."""
    return scene.game if action in BY_GAME_ID else CHANNEL


def fill(value: Any, scene: Scene) -> Any:
    """``{home}`` and ``{target}`` in a text argument become the scene's stars."""
    return value.format(home=scene.home, target=scene.target) if isinstance(value, str) else value


class Acting(Protocol):
    def __call__(self, action: str, *args: Any, at: int | None = None, **kwargs: Any) -> Call: ...


def by(actor: Actor) -> Acting:
    """Calls of an action by ``actor``, sent where the action goes unless ``at`` says otherwise."""

    def acting(action: str, *args: Any, at: int | None = None, **kwargs: Any) -> Call:
        def call(s: Scene) -> Awaitable[Reply]:
            method: Callable[..., Awaitable[Reply]] = getattr(s.gm, action)
            place = where(s, action) if at is None else at
            return method(
                actor, place, *(fill(a, s) for a in args), **{k: fill(v, s) for k, v in kwargs.items()}
            )

        return call

    return acting


alice, bob, carol = by(ALICE), by(BOB), by(CAROL)


# --- the checks every play action shares ---------------------------------------------------

PLAY: dict[str, tuple[Any, ...]] = {
    "choose_end": ("north",),
    "choose_end_in": ("north",),
    "build_ship": ("{home}", "WG=1 PD=5"),
    "repair": ("W1", "PD=1"),
    "resupply": ("W1", 3),
    "scrap": ("W1",),
    "build_base": ("{home}", 5),
    "load_hold": ("W1", 1),
    "unload_hold": ("W1", 1),
    "split_bp": ("{home}=20",),
    "move": ("W1", "{home}"),
    "transfer": ("W1", "S1", False),
    "done": (),
    "order_battles": ("{target}",),
    "concede": (),
    "submit_orders": ("{target}", "W1 DODGES: D=1"),
    "standing_orders": ("W1", "W1 DODGES: D=1"),
    "damage_priority": ("W1", "A, S, B"),
}
"""Every play action, with arguments that would do in the right place and turn."""


def play(action: str, actor: Actor, at: int | None = None) -> Call:
    return by(actor)(action, *PLAY[action], at=at)


@pytest.mark.parametrize("action", PLAY)
async def test_play_where_there_is_no_game(tmp_path: Path, action: str) -> None:
    """A channel with no game, or a game id that does not exist (while a game runs elsewhere)."""
    wrong = NO_SUCH_GAME if action in BY_GAME_ID else ELSEWHERE
    async with staged(tmp_path, "classic") as scene:
        await refuses(scene, play(action, ALICE, wrong), "no-game", "There is no game")


@pytest.mark.parametrize("action", PLAY)
async def test_play_without_a_seat(tmp_path: Path, action: str) -> None:
    """carol has no seat in alice and bob's game."""
    async with staged(tmp_path, "classic") as scene:
        await refuses(scene, play(action, CAROL), "not-seated", "You are not playing in this game")


ENDS = ("choose_end", "choose_end_in")
"""Choosing a map end, done once before the first turn (its own cases below)."""


@pytest.mark.parametrize("action", [a for a in PLAY if a not in (*BY_GAME_ID, *ENDS, "concede")])
async def test_play_out_of_turn(tmp_path: Path, action: str) -> None:
    """bob acts during alice's turn (conceding is allowed at any time; orders go by battle)."""
    async with staged(tmp_path, "classic") as scene:
        await refuses(scene, play(action, BOB), "not-your-turn", "It is alice's turn")


@pytest.mark.parametrize("action", PLAY)
async def test_play_before_the_start(tmp_path: Path, action: str) -> None:
    """The game is still in its lobby."""
    async with staged(tmp_path, "full") as scene:
        await refuses(scene, play(action, ALICE), "not-running", "The game is not running")


@pytest.mark.parametrize("action", PLAY)
async def test_play_after_the_end(tmp_path: Path, action: str) -> None:
    """bob conceded: the channel is free again, and the game's id names a finished game."""
    by_id = action in BY_GAME_ID
    code, says = ("not-running", "The game is not running") if by_id else ("no-game", "There is no game")
    async with staged(tmp_path, "over") as scene:
        await refuses(scene, play(action, ALICE), code, says)


BUILDING = ("build_ship", "repair", "resupply", "scrap", "build_base", "load_hold", "unload_hold", "split_bp")
MOVING = ("move", "transfer")
WRONG_PHASE = [
    *(("classic", action, "build") for action in (*MOVING, "order_battles")),
    *(("revised_move", action, "move") for action in BUILDING),
    *(("battle", action, "combat") for action in (*MOVING, "build_ship", "load_hold")),
]


@pytest.mark.parametrize(
    ("scene_name", "action", "phase"), WRONG_PHASE, ids=[f"{a} in the {p} phase" for _, a, p in WRONG_PHASE]
)
async def test_play_in_the_wrong_phase(tmp_path: Path, scene_name: str, action: str, phase: str) -> None:
    """Building is for the build phase, moving for the move phase, battle order for combat."""
    async with staged(tmp_path, scene_name) as scene:
        await refuses(scene, play(action, ALICE), "wrong-phase", f"this is the {phase} phase")


@pytest.mark.parametrize("action", [*BUILDING, "order_battles"])
async def test_play_before_the_ends_are_chosen(tmp_path: Path, action: str) -> None:
    """R-SCEN-16: nothing is built or moved while bob chooses the map end, by him or alice."""
    async with staged(tmp_path, "setup") as scene:
        await refuses(scene, play(action, ALICE), "choosing-ends", "bob is choosing a map end")
        await refuses(scene, play(action, BOB), "choosing-ends", "Choose your map end first")


@pytest.mark.parametrize(
    ("scene_name", "action", "actor", "code", "says"),
    [
        ("setup", "choose_end", ALICE, "not-your-choice", "bob moves second and chooses the map end"),
        ("setup", "choose_end_in", ALICE, "not-your-choice", "not you"),
        ("setup", "choose_end", CAROL, "not-seated", "You are not playing in this game"),
        ("setup", "done", BOB, "choose-end", "Choose your map end first (north or south)"),
        ("classic", "choose_end", BOB, "ends-chosen", "chosen already: you defend the south end"),
        ("classic", "choose_end_in", ALICE, "ends-chosen", "you defend the north end"),
    ],
)
async def test_choosing_an_end_refused(
    tmp_path: Path, scene_name: str, action: str, actor: Actor, code: str, says: str
) -> None:
    """R-SCEN-2: not your choice, not a player, not a phase to end, already chosen."""
    async with staged(tmp_path, scene_name) as scene:
        await refuses(scene, play(action, actor), code, says)


async def test_an_end_not_on_the_map_is_refused_naming_the_ends(tmp_path: Path) -> None:
    """R-SCEN-2: a word that is no end of this map, however long, is refused with the choices."""
    async with staged(tmp_path, "setup") as scene:
        await refuses(scene, bob("choose_end", "east"), "unknown-end", "choose north or south")
        await refuses(scene, bob("choose_end", long("north")), "bad-input", "That is not a map end")


# --- one case each: labels, numbers, text, notation, and the lobby and managers' tools ------


def orders(text: str) -> Call:
    """alice's sealed orders for this round at bob's base."""
    return alice("submit_orders", "{target}", text)


@dataclass(frozen=True)
class Bad:
    scene: str
    call: Call
    code: str
    says: str


Case = tuple[str, Call, str, str]
"""What is wrong (the test's id), the call, the refusal's code, and a phrase of its text."""


def in_scene(scene: str, *cases: Case) -> list[ParameterSet]:
    return [pytest.param(Bad(scene, call, code, says), id=why) for why, call, code, says in cases]


async def too_far(s: Scene) -> Reply:
    """alice's W1 (2 movement points) sent four hexes towards bob."""
    state = await s.gm.replay(s.game)
    assert state is not None
    ship = state.ship("alice", "W1")
    assert ship is not None
    goal = state.map.star(s.target).hex
    route = cheapest_path(replace(state, game_turn=2), "alice", state.position(ship), goal)
    assert route is not None
    return await s.gm.move(ALICE, CHANNEL, "W1", path=" ".join(route[:4]))


def import_copy(actor: Actor = MANAGER, channel: int = ELSEWHERE, **changes: Any) -> Call:
    """The scene's game exported and imported into ``channel``, with ``changes`` to the export
    (a key set to None is left out)."""

    async def call(s: Scene) -> Reply:
        data = {**await s.gm.export(s.game), **changes}
        return await s.gm.import_game(actor, GUILD, channel, {k: v for k, v in data.items() if v is not None})

    return call


NO_GAME = "There is no game in this channel"
NOT_MANAGER = "Only the game's creator"
TOO_MUCH = "more than this game allows at once"
AT_LEAST_1 = "must be at least 1"
NO_W9 = "You have no ship called W9"
NINE_PLAYERS = {"ruleset": "revised", "scenario": "basic", "players": 9}

# A table: one case a line (or two), so the casebook reads at a glance.
# fmt: off
CASES = [
    *in_scene(
        "empty",
        ("create with a classic alliance", lambda s: s.gm.create(ALICE, GUILD, CHANNEL, alliance="red"),
         "no-alliances", "revised rules only"),
        ("server defaults by a player", lambda s: s.gm.server_defaults(ALICE, GUILD, phase_hours=5),
         "not-manager", "Only a server manager"),
    ),
    *in_scene(
        "lobby",
        ("create where a game is open", lambda s: s.gm.create(BOB, GUILD, CHANNEL),
         "channel-busy", "already has"),
        ("join twice", alice("join"), "seated", "You already have a seat"),
        ("join a classic alliance", bob("join", alliance="red"), "no-alliances", "revised rules only"),
        ("leave where there is no game", alice("leave", at=ELSEWHERE), "no-game", NO_GAME),
        ("leave without a seat", bob("leave"), "not-seated", "You have no seat"),
        ("start with a seat empty", alice("start"), "seats-empty", "Waiting for 1 more player"),
        ("settings where there is no game", alice("change_settings", at=ELSEWHERE, players=2),
         "no-game", NO_GAME),
        ("settings of another's game", bob("change_settings", players=2), "not-creator", NOT_MANAGER),
    ),
    *in_scene(
        "full",
        ("join a full game", carol("join"), "full", "Every seat is taken"),
        ("leave as the creator", alice("leave"), "creator", "The creator cannot leave"),
        ("start where there is no game", alice("start", at=ELSEWHERE), "no-game", NO_GAME),
        ("start another's game", bob("start"), "not-creator", NOT_MANAGER),
    ),
    *in_scene(
        "classic",
        ("build at an unknown star", alice("build_ship", "Atlantis", "WG=1 PD=5"),
         "unknown-star", "There is no star called Atlantis"),
        ("build at bob's base", alice("build_ship", "{target}", "WG=1 PD=5"),
         "no-base", "You have no base at"),
        ("a design of zeros", alice("build_ship", "{home}", "WG=1 PD=0"),
         "empty-design", "at least one point"),
        ("a negative design", alice("build_ship", "{home}", "WG=1 PD=-5"),
         "bad-input", "cannot read 'PD=-5'"),
        ("a huge design", alice("build_ship", "{home}", "WG=1 PD=9999"), "bad-number", "more than any ship"),
        ("two warp generators", alice("build_ship", "{home}", "WG=2 PD=3"), "bad-number", "at most one Warp"),
        ("a ship dearer than the BP", alice("build_ship", "{home}", "WG=1 PD=500"),
         "not-enough-bp", "Building W1 costs 505 BP"),
        ("a 5000-character design", alice("build_ship", "{home}", long("PD=1 ")),
         "bad-input", "at most 2000"),
        ("a design in words", alice("build_ship", "{home}", "warp please"),
         "bad-input", "cannot read 'warp': write attributes like PD=5 B=3"),
        ("an unknown attribute", alice("build_ship", "{home}", "WG=1 ZZ=4"), "bad-input", "ZZ is not a ship"),
        ("PD given twice", alice("build_ship", "{home}", "WG=1 PD=3 PD=4"), "bad-input", "PD is given twice"),
        ("an empty design", alice("build_ship", "{home}", ""), "bad-input", "the design is empty"),
        ("orders before any battle", orders("W1 DODGES: D=1"), "no-battle", "There is no battle at"),
        ("join a running game", carol("join"), "started", "already begun"),
        ("leave a running game", bob("leave"), "started", "/warpwar concede"),
        ("start twice", alice("start"), "started", "already begun"),
        ("players once running", alice("change_settings", players=3),
         "bad-settings", "only deadlines and announce can change now, not players"),
        ("zero-hour phases once running", alice("change_settings", phase_hours=0),
         "bad-settings", "phase hours must be between 0.05 and 720 hours"),
        ("abandon where there is no game", alice("abandon", at=ELSEWHERE), "no-game", NO_GAME),
        ("abandon another's game", bob("abandon"), "not-creator", NOT_MANAGER),
        ("pause where there is no game", alice("pause", at=ELSEWHERE), "no-game", NO_GAME),
        ("pause another's game", bob("pause"), "not-creator", NOT_MANAGER),
        ("resume a game not paused", alice("resume"), "not-paused", "The game is not paused"),
        ("extend where there is no game", alice("extend", 5, at=ELSEWHERE), "no-game", NO_GAME),
        ("extend another's game", bob("extend", 5), "not-creator", NOT_MANAGER),
        *((f"extend by {hours} hours", alice("extend", hours), "bad-number", "at most 336 hours")
          for hours in (0, -3, 337, HUGE, math.nan, math.inf)),
        ("import by a player", import_copy(actor=ALICE), "not-manager", "Only a server manager"),
        ("import of something else", import_copy(format="pgn"),
         "bad-import", "not a game exported by this bot"),
        ("import into a busy channel", import_copy(channel=CHANNEL), "channel-busy", "already has a game"),
        ("import without its events", import_copy(events=None), "bad-import", "The exported game is damaged"),
        ("import with nine players", import_copy(setup=NINE_PLAYERS),
         "bad-import", "take 2 to 8 players"),
        ("import with an unknown status", import_copy(status="weird"), "bad-import", "'weird'"),
        ("status where there is no game", lambda s: s.gm.status(ELSEWHERE), "no-game", "There is no game"),
        ("log where there is no game", lambda s: s.gm.log(ELSEWHERE), "no-game", "There is no game"),
        ("fleet where there is no game", lambda s: s.gm.fleet(ALICE, ELSEWHERE),
         "no-game", "There is no game"),
        ("fleet of no such game", lambda s: s.gm.fleet(ALICE, game_id=NO_SUCH_GAME),
         "no-game", "There is no game"),
        ("fleet without a seat", lambda s: s.gm.fleet(CAROL, CHANNEL), "not-seated", "You are not playing"),
        ("ship where there is no game", lambda s: s.gm.ship(ALICE, "W1", ELSEWHERE),
         "no-game", "There is no game"),
    ),
    *in_scene(
        "paused",
        ("pause twice", alice("pause"), "paused", "The game is already paused"),
        ("resume where there is no game", alice("resume", at=ELSEWHERE), "no-game", NO_GAME),
        ("resume another's game", bob("resume"), "not-creator", NOT_MANAGER),
    ),
    *in_scene(
        "revised_start",
        ("a split to bob's base", alice("split_bp", "{target}=20"), "no-base", "You have no base at"),
        ("a split not adding up", alice("split_bp", "{home}=5"),
         "bad-split", "add up to your 20 starting BP, not 5"),
        ("a split of a huge number", alice("split_bp", f"{{home}}={HUGE}"), "bad-number", "is at most 10000"),
        ("a split in words", alice("split_bp", "{home}=twenty"),
         "bad-input", "=twenty': write it like Ur=10"),
        ("a 5000-character split", alice("split_bp", long("{home}=1 ")),
         "bad-input", "allocation is too long"),
    ),
    *in_scene(
        "revised",
        ("repair an unknown ship", alice("repair", "W9", "PD=1"), "unknown-ship", NO_W9),
        ("repair by zero", alice("repair", "W1", "PD=0"), "nothing-to-do", "Say what to repair on W1"),
        ("repair beyond the record", alice("repair", "W1", "PD=999"),
         "over-maximum", "repaired by 0 at most"),
        ("repairs in words", alice("repair", "W1", "fix it"), "bad-input", "cannot read 'fix'"),
        ("5000 characters of repairs", alice("repair", "W1", long("PD=1 ")), "bad-input", "at most 2000"),
        ("resupply an unknown ship", alice("resupply", "W9", 3), "unknown-ship", NO_W9),
        ("resupply -3 missiles", alice("resupply", "W1", -3), "bad-number", AT_LEAST_1),
        ("resupply -1 shells", alice("resupply", "W1", 0, -1), "bad-number", AT_LEAST_1),
        ("resupply nothing", alice("resupply", "W1"), "nothing-to-do", "Say how many missiles or shells"),
        ("resupply a huge number", alice("resupply", "W1", HUGE), "bad-number", TOO_MUCH),
        ("resupply a full magazine", alice("resupply", "W1", 3), "over-maximum", "it can take 0 more"),
        ("scrap an unknown ship", alice("scrap", "W9"), "unknown-ship", NO_W9),
        *((f"{action} {amount} BP", alice(action, "W1", amount), "bad-number", says)
          for action in ("load_hold", "unload_hold")
          for amount, says in ((-5, AT_LEAST_1), (0, AT_LEAST_1), (HUGE, TOO_MUCH))),
        ("load an unknown ship", alice("load_hold", "W9", 1), "unknown-ship", NO_W9),
        ("load more than the holds take", alice("load_hold", "W1", 50), "hold-full", "have room for 30 BP"),
        ("load more than the stockpile", alice("load_hold", "W1", 8), "not-enough-bp", "has 7 BP"),
        ("unload an unknown ship", alice("unload_hold", "W9", 1), "unknown-ship", NO_W9),
        ("unload empty holds", alice("unload_hold", "W1", 3), "not-enough-bp", "W1 carries 0 BP"),
        *((f"pay {amount} BP for a base", alice("build_base", "{target}", amount), "bad-number", says)
          for amount, says in ((-5, AT_LEAST_1), (0, AT_LEAST_1), (HUGE, TOO_MUCH))),
        ("a base at an unknown star", alice("build_base", "Atlantis", 5),
         "unknown-star", "no star called Atlantis"),
        ("a base at bob's base", alice("build_base", "{target}", 5), "base-taken", "already has bob's Base"),
        ("a split after spending", alice("split_bp", "{home}=20"), "too-late", "only in your first build"),
        ("standing orders of no ship", alice("standing_orders", "W9", "W9 DODGES: D=1"),
         "unknown-ship", NO_W9),
        ("standing orders over power", alice("standing_orders", "W1", "W1 DODGES: D=9"),
         "over-power", "W1 has PD 4 left; these orders need 9"),
        ("standing orders, huge drive", alice("standing_orders", "W1", "W1 DODGES: D=999"),
         "bad-number", "a drive setting above 99 is surely a slip"),
        ("standing orders in words", alice("standing_orders", "W1", "attack!"), "bad-input", 'at "attack!"'),
        ("standing orders for two ships", alice("standing_orders", "W1", "W1 DODGES: D=1\nW2 DODGES: D=1"),
         "bad-input", "one ship at a time"),
        ("5000 characters of standing orders", alice("standing_orders", "W1", long("W1 DODGES: D=1\n")),
         "bad-input", "That order is too long"),
        ("damage priority of no ship", alice("damage_priority", "W9", "A, S"), "unknown-ship", NO_W9),
        ("a damage count of zero", alice("damage_priority", "W1", "A 0, S"), "bad-input", 'at "0"'),
        ("an unknown damage slot", alice("damage_priority", "W1", "A, Q, B"), "bad-input", 'at "Q"'),
        ("a damage slot twice", alice("damage_priority", "W1", "A, S, A"), "bad-input", "A is given twice"),
        ("a 5000-character damage priority", alice("damage_priority", "W1", long("A, ")),
         "bad-input", "That priority is too long"),
        ("look at an unknown ship", lambda s: s.gm.ship(ALICE, "W9", CHANNEL), "unknown-ship", NO_W9),
        ("look at another player's ship", lambda s: s.gm.ship(BOB, "W1", CHANNEL),
         "unknown-ship", "no ship called W1"),
    ),
    *in_scene(
        "revised_move",
        ("move an unknown ship", alice("move", "W9", path="{home}"), "unknown-ship", NO_W9),
        ("move through Atlantis", alice("move", "W1", path="Atlantis"),
         "unknown-place", "no hex or star called"),
        ("move to Atlantis", alice("move", "W1", to="Atlantis"),
         "unknown-place", "no hex or star called Atlantis"),
        ("move to a far star", alice("move", "W1", path="{target}"), "not-adjacent", "is not next to"),
        ("move too far", too_far, "too-far", "W1 has 2 movement points left; that move needs 4"),
        ("a path of 300 steps", alice("move", "W1", path="{home} " * 300), "too-long", "at most 200 steps"),
        ("a 5000-character path", alice("move", "W1", path=long("{home} ")),
         "bad-input", "That path is too long"),
        ("move with nowhere to go", alice("move", "W1"), "bad-input", "Say where to go"),
        ("transfer an unknown ship", alice("transfer", "W1", "S9", drop=False),
         "unknown-ship", "no ship called S9"),
        ("transfer by no carrier", alice("transfer", "W9", "S1", drop=False), "unknown-ship", NO_W9),
        ("drop what is not carried", alice("transfer", "W1", "S1", drop=True),
         "not-carried", "W1 does not carry S1"),
    ),
    *in_scene(
        "battle",
        ("battles at Atlantis", alice("order_battles", "Atlantis"),
         "unknown-star", "no star called Atlantis"),
        ("battles where none is", alice("order_battles", "{home}"),
         "no-battle", "There is no battle to fight"),
        ("one battle twice", alice("order_battles", "{target}, {target}"),
         "repeated", "Name each battle once"),
        ("2500 battles", alice("order_battles", long("x ")), "unknown-star", "There is no star called x"),
        ("orders at Atlantis", alice("submit_orders", "Atlantis", "W1 DODGES: D=1"),
         "unknown-star", "Atlantis"),
        ("orders where no battle is", alice("submit_orders", "{home}", "W1 DODGES: D=1"),
         "no-battle", "no battle"),
        ("orders for no ship", orders("W9 DODGES: D=1"),
         "not-in-battle", "You have no ship called W9 fighting at"),
        ("orders firing at no ship", orders("W1 ATTACKS W7: D=1 B=1"),
         "unknown-target", "no enemy ship called W7"),
        ("orders over power", orders("W1 ATTACKS W1: D=50"),
         "over-power", "W1 has PD 22 left; these orders need 50"),
        ("orders with a huge drive", orders("W1 ATTACKS W1: D=999"),
         "bad-number", "above 99 is surely a slip"),
        ("orders with a negative drive", orders("W1 ATTACKS W1: D=-1"), "bad-input", 'line 1, at "D=-1"'),
        ("orders with a bad tactic", orders("W1 FLIES AWAY"), "bad-input", 'line 1, at "FLIES"'),
        ("orders with a bad allocation", orders("W1 ATTACKS W1: D=1 Z=4"), "bad-input", 'at "Z=4"'),
        ("orders with a word for a number", orders("W1 ATTACKS W1: D=x"), "bad-input", 'at "D=x"'),
        ("orders with a bad second line", orders("W1 ATTACKS W1: D=1\nfly home"),
         "bad-input", 'line 2, at "fly"'),
        ("two orders for one ship", orders("W1 ATTACKS W1: D=1\nW1 DODGES: D=2"),
         "repeated", "W1 has two orders"),
        ("5000 characters of orders", orders(long("W1 DODGES: D=1\n")),
         "bad-input", "That order is too long"),
        ("finish the turn mid-battle", alice("done"),
         "battle-pending", "must be fought before the turn goes on"),
        ("situation of no such game", lambda s: s.gm.situation(ALICE, NO_SUCH_GAME, s.target),
         "no-game", "There is no game"),
        ("situation with no battle", lambda s: s.gm.situation(ALICE, s.game, s.home),
         "no-battle", "no battle at"),
        ("situation without a seat", lambda s: s.gm.situation(CAROL, s.game, s.target),
         "not-seated", "You are not playing"),
        ("reports of no such game", lambda s: s.gm.battle_reports(ALICE, NO_SUCH_GAME), "no-game", "no game"),
        ("reports before any round", lambda s: s.gm.battle_reports(ALICE, s.game),
         "no-battle", "fought no battle"),
        ("reports without a seat", lambda s: s.gm.battle_reports(CAROL, s.game),
         "not-seated", "You are not playing"),
        ("no battle order named", alice("order_battles", ",,, ,"), "nothing-to-do", "Name the stars"),
        ("a damage step of countless hits", lambda s: s.gm.damage_priority(ALICE, s.game, "W1", "A 99999"),
         "bad-number", "1 to 99 hits"),
    ),
    # Found by this file and fixed: each used to raise, or to repeat a page of text back.
    *in_scene(
        "empty",
        ("create in a channel beyond any id", lambda s: s.gm.create(ALICE, GUILD, 2**70),
         "bad-place", "not a server and channel"),
        ("status beyond any id", lambda s: s.gm.status(2**63), "no-game", "There is no game"),
        ("players as a word", lambda s: s.gm.create(ALICE, GUILD, CHANNEL, players="two"),
         "bad-settings", "whole number, not 'two'"),
        ("a title too long", lambda s: s.gm.create(ALICE, GUILD, CHANNEL, long("T")),
         "too-long", "at most 80 characters"),
        ("server defaults with nothing to change", lambda s: s.gm.server_defaults(MANAGER, GUILD),
         "bad-settings", "Say which default"),
    ),
    *in_scene(
        "lobby",
        ("fleet before the start", alice("fleet"), "not-started", "has not begun"),
        ("settings with nothing to change", alice("change_settings"), "bad-settings", "Say which setting"),
        ("three players of classic", alice("change_settings", players=3), "bad-settings",
         "exactly 2 players"),
    ),
    *in_scene(
        "classic",
        ("a star name of a page", alice("build_ship", long("X"), "WG=1 PD=3"), "bad-input", "not a star"),
        ("a design of a page", alice("build_ship", "{home}", long("PD=1 ")), "bad-input",
         "That design is too long"),
        ("a game id beyond any id", lambda s: s.gm.submit_orders(ALICE, 2**70, "Kish", ""),
         "no-game", "There is no game"),
        ("extend by a word", alice("extend", "soon"), "bad-number", "(a number)"),
        ("round hours as a word", alice("change_settings", round_hours="soon"), "bad-settings",
         "number of hours"),
    ),
    *in_scene(
        "revised_move",
        ("into an enemy base in the first turn", alice("move", "W1", to="{target}"), "bad-input",
         "first turn"),
        ("a ship name of a page", alice("move", long("W"), to="{target}"), "bad-input", "not a ship"),
    ),
    *in_scene(
        "battle",
        ("the situation at no star", lambda s: s.gm.situation(ALICE, s.game, "Atlantis"),
         "unknown-star", "no star called Atlantis"),
    ),
]
# fmt: on


async def test_a_finished_game_still_shows_its_status_and_story(tmp_path: Path) -> None:
    async with staged(tmp_path, "over") as scene:
        status = await scene.gm.status(CHANNEL)
        assert status.ok and "This game is over: alice won" in status.text
        assert (await scene.gm.log(CHANNEL)).ok


async def test_two_resumes_at_once_move_the_deadlines_once(tmp_path: Path) -> None:
    """Pause and resume are checked under the game's lock: only one resume applies."""
    async with staged(tmp_path, "paused") as scene:
        before = await games.deadlines_of(scene.table.db, scene.game)
        scene.table.clock.advance(timedelta(hours=1))
        replies = await asyncio.gather(scene.gm.resume(ALICE, CHANNEL), scene.gm.resume(MANAGER, CHANNEL))
        assert sorted(r.ok for r in replies) == [False, True]
        after = await games.deadlines_of(scene.table.db, scene.game)
        assert [a.due_at - b.due_at for a, b in zip(after, before, strict=True)] == [
            timedelta(hours=1)
        ] * len(before)


@pytest.mark.parametrize("case", CASES)
async def test_refused(tmp_path: Path, case: Bad) -> None:
    async with staged(tmp_path, case.scene) as scene:
        await refuses(scene, case.call, case.code, case.says)


# --- settings out of range, wherever settings are given --------------------------------------

SETTINGS = [
    pytest.param({"phase_hours": 0}, "phase hours must be between 0.05 and 720 hours", id="zero-hour phases"),
    pytest.param({"round_hours": -1}, "round hours must be between 0.05 and 720 hours", id="negative rounds"),
    pytest.param({"remind_hours": 10_000}, "remind hours must be between", id="reminders after a year"),
    pytest.param({"phase_hours": math.nan}, "a number of hours, not 'nan'", id="phases of NaN hours"),
    pytest.param(
        {"ruleset": "revised", "scenario": "basic", "players": 1}, "take 2 to 8 players", id="one player"
    ),
    pytest.param(
        {"ruleset": "revised", "scenario": "basic", "players": 9}, "take 2 to 8 players", id="nine players"
    ),
    pytest.param(
        {"ruleset": "revised", "scenario": "basic", "players": 4, "map": "warpwar"},
        "has 2 ends for 4 players",
        id="four players on a two-ended map",
    ),
    pytest.param({"ruleset": "chess"}, "There is no 'chess' rule set", id="unknown rule set"),
    pytest.param({"scenario": "epic"}, "no 'epic' scenario", id="unknown scenario"),
    pytest.param({"map": "atlantis"}, "There is no map called 'atlantis'", id="unknown map"),
    pytest.param({"colour": "red"}, "There is no setting called colour", id="unknown setting"),
]
SETTERS: dict[str, tuple[str, Callable[[Scene, dict[str, Any]], Awaitable[Reply]]]] = {
    "create": ("empty", lambda s, kw: s.gm.create(ALICE, GUILD, CHANNEL, **kw)),
    "change_settings": ("lobby", lambda s, kw: s.gm.change_settings(ALICE, CHANNEL, **kw)),
    "server_defaults": ("empty", lambda s, kw: s.gm.server_defaults(MANAGER, GUILD, **kw)),
}


@pytest.mark.parametrize(("settings", "says"), SETTINGS)
@pytest.mark.parametrize("setter", SETTERS)
async def test_settings_out_of_range(
    tmp_path: Path, setter: str, settings: dict[str, Any], says: str
) -> None:
    """A new game, a lobby's settings and a server's defaults are checked alike."""
    scene_name, call = SETTERS[setter]
    async with staged(tmp_path, scene_name) as scene:
        await refuses(scene, lambda s: call(s, settings), "bad-settings", says)


# --- whatever arrives, an answer and no damage ----------------------------------------------

HOSTILE: dict[str, Call] = {
    "create": lambda s: s.gm.create(ALICE, GUILD, CHANNEL, long("t"), long("a"), players=-1),
    "join": lambda s: s.gm.join(CAROL, CHANNEL, alliance=long("a")),
    "leave": lambda s: s.gm.leave(CAROL, CHANNEL),
    "start": lambda s: s.gm.start(BOB, CHANNEL),
    "change_settings": lambda s: s.gm.change_settings(ALICE, CHANNEL, round_hours=-HUGE),
    "abandon": lambda s: s.gm.abandon(CAROL, CHANNEL),
    "pause": lambda s: s.gm.pause(CAROL, CHANNEL),
    "resume": lambda s: s.gm.resume(CAROL, CHANNEL),
    "extend": lambda s: s.gm.extend(ALICE, CHANNEL, -math.inf),
    "server_defaults": lambda s: s.gm.server_defaults(MANAGER, GUILD, players=HUGE),
    "choose_end": lambda s: s.gm.choose_end(ALICE, CHANNEL, long("north")),
    "choose_end_in": lambda s: s.gm.choose_end_in(CAROL, -1, ""),
    "build_ship": lambda s: s.gm.build_ship(ALICE, CHANNEL, "", long("PD=-1 ")),
    "repair": lambda s: s.gm.repair(ALICE, CHANNEL, "", "="),
    "resupply": lambda s: s.gm.resupply(ALICE, CHANNEL, "W1", -HUGE, HUGE),
    "scrap": lambda s: s.gm.scrap(ALICE, CHANNEL, "-1"),
    "build_base": lambda s: s.gm.build_base(ALICE, CHANNEL, "", -HUGE),
    "load_hold": lambda s: s.gm.load_hold(ALICE, CHANNEL, "W1", HUGE),
    "unload_hold": lambda s: s.gm.unload_hold(ALICE, CHANNEL, "W1", -HUGE),
    "split_bp": lambda s: s.gm.split_bp(ALICE, CHANNEL, "==,,=1 x="),
    "move": lambda s: s.gm.move(ALICE, CHANNEL, "", path="→→ drop: pick:", to=""),
    "transfer": lambda s: s.gm.transfer(ALICE, CHANNEL, "", "", drop=True),
    "done": lambda s: s.gm.done(CAROL, CHANNEL),
    "undo": lambda s: s.gm.undo(CAROL, -1),
    "order_battles": lambda s: s.gm.order_battles(ALICE, CHANNEL, ",,, ,"),
    "concede": lambda s: s.gm.concede(CAROL, CHANNEL),
    "submit_orders": lambda s: s.gm.submit_orders(ALICE, s.game, "", ";;;(\n)"),
    "standing_orders": lambda s: s.gm.standing_orders(ALICE, s.game, "", "M at"),
    "damage_priority": lambda s: s.gm.damage_priority(ALICE, s.game, "W1", "loaded empty,"),
    "status": lambda s: s.gm.status(-1),
    "map_preview": lambda s: s.gm.map_preview(-HUGE),
    "fleet": lambda s: s.gm.fleet(CAROL, game_id=-1),
    "ship": lambda s: s.gm.ship(ALICE, "", CHANNEL),
    "situation": lambda s: s.gm.situation(ALICE, s.game, ""),
    "battle_reports": lambda s: s.gm.battle_reports(ALICE, s.game, -HUGE),
    "log": lambda s: s.gm.log(CHANNEL, -HUGE),
    "map_picture": lambda s: s.gm.map_picture(CAROL, CHANNEL, around=long("Kish "), mine=True),
    "import_game": lambda s: s.gm.import_game(
        MANAGER, GUILD, CHANNEL, {"format": "warpwar-game", "version": 1}
    ),
}
NOT_ACTIONS = {"deadline", "replay", "stored_state", "export", "games_of"}
"""Public methods that are tools of the front end and the tests, not commands a player gives."""


def test_every_action_is_tried() -> None:
    """A new action of the game master must join HOSTILE, so bad input to it is tried too."""
    actions = {
        name
        for part in (Lobby, Play, Manage, Looking, Audit)
        for name, member in vars(part).items()
        if not name.startswith("_") and inspect.iscoroutinefunction(member)
    }
    assert actions - NOT_ACTIONS == set(HOSTILE)


@pytest.mark.parametrize("scene_name", SCENES)
async def test_hostile_input_is_answered(tmp_path: Path, scene_name: str) -> None:
    """Every action, given empty, negative, huge and nonsense arguments, answers with a Reply; a
    refusal has its own code and a message that fits in a Discord message, and changes nothing."""
    async with staged(tmp_path, scene_name) as scene:
        for name, call in HOSTILE.items():
            before = await scene.table.snapshot()
            reply = await call(scene)
            assert isinstance(reply, Reply), name
            if not reply.ok:
                assert reply.code not in ("", "refused"), f"{name}: {reply.code}: {reply.text}"
                assert 0 < len(reply.text) <= DISCORD_LIMIT, f"{name}: {reply.text[:200]}"
                assert await scene.table.snapshot() == before, f"{name} changed the database"
