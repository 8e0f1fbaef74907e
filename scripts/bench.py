"""Benchmarks of the rules engine: ``make bench`` (or ``.venv/bin/python scripts/bench.py``).

Each section times one thing a player can make the bot do and prints median and 95th
percentile next to the budget it must stay within. Sections are named so that one can be
run alone (``--only combat``) and so that later work adds its own to ``SECTIONS``.
This is not a test: it prints figures and fails only if the set-up itself is wrong.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse
import io
import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass, replace

from bench_arena import arena_picture, fights_by_default, move_and_engage  # scripts/ is on the path
from bench_gm import deadlines_at_start, game_master  # scripts/ is on the path when this file runs
from bench_pictures import long_game  # scripts/ is on the path
from bench_processes import processes
from PIL import Image

from engine.warpwar import Accepted, GameSetup, GameState, PlayerSetup, apply, new_game
from engine.warpwar.commands import SubmitOrders
from engine.warpwar.crt import Tactic
from engine.warpwar.events import PhaseBegan, RoundFought
from engine.warpwar.notation import parse_design
from engine.warpwar.orders import MissileShot, Orders
from engine.warpwar.resolution import resolve_round
from engine.warpwar.ships import new_ship, ship_key
from engine.warpwar.state import Phase
from gm.warpwar.maps import load_map
from render import MapView, draw_map, render_map
from render.canvas import PNG_COMPRESSION, encode_png
from render.examples import midgame

WARM_UP = 20
RUNS = 200


@dataclass(frozen=True)
class Timing:
    """Milliseconds per run, summarised the way a budget is stated."""

    median: float
    p95: float

    def line(self, what: str, budget_ms: float) -> str:
        return f"{what}: median {self.median:.2f} ms, p95 {self.p95:.2f} ms (budget {budget_ms:g} ms)"


def measure(run: Callable[[], object], runs: int = RUNS, warm_up: int = WARM_UP) -> Timing:
    """Time ``run`` ``runs`` times after ``warm_up`` untimed runs (caches, imports, branch predictors)."""
    for _ in range(warm_up):
        run()
    samples: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
    return Timing(median=statistics.median(samples), p95=p95)


# --- combat --------------------------------------------------------------------------------

STAR = "Kish"
WARPSHIP = "WG=1 PD=9 B=4 S=3 E=1"
SYSTEMSHIP = "PD=6 S=2 T=3 M=9 E=2"


def _game() -> GameState:
    """A revised advanced game for alice and bob, on the printed map, in turn 3."""
    warpwar = load_map("warpwar")
    ends = [home.end for home in warpwar.homes]
    setups = (PlayerSetup(name="alice", home=ends[0]), PlayerSetup(name="bob", home=ends[1]))
    result = new_game(GameSetup("revised", "advanced", warpwar, setups, fixed_order=True), random.Random(1))
    assert isinstance(result, Accepted), result
    return replace(result.state, game_turn=3)


def _fleet(state: GameState, owner: str, warpships: range, systemships: range) -> GameState:
    """Five Warpships with beams, screens and ECM; five Systemships with tubes, missiles and ECM.

    Tech levels alternate 0 and 1, so ECM meets missiles of both higher and lower tech level.
    """
    where = state.map.resolve(STAR)
    assert where is not None
    ships = dict(state.ships)
    designs = [(f"W{n}", WARPSHIP) for n in warpships] + [(f"S{n}", SYSTEMSHIP) for n in systemships]
    for i, (label, design) in enumerate(designs):
        ship = new_ship(owner, label, parse_design(design), i % 2, where, state.game_turn)
        ships[ship.key] = ship
    return replace(state, ships=ships)


def _orders(own: list[str], enemy: list[str]) -> tuple[Orders, ...]:
    """Warpships beam one enemy each; Systemships fire three missiles each at three enemies."""
    orders: list[Orders] = []
    for i, label in enumerate(own):
        target = enemy[i % len(enemy)]
        if label.startswith("W"):
            tactic = Tactic.ATTACK if i % 2 == 0 else Tactic.DODGE
            orders.append(Orders(label, tactic, drive=3, beam=3, screen=2, ecm=1, target=target))
        else:
            missiles = tuple(MissileShot(enemy[(i + k * 3) % len(enemy)], 2 + k) for k in range(3))
            orders.append(Orders(label, Tactic.DODGE, drive=2, tubes=3, ecm=1, missiles=missiles))
    return tuple(orders)


def _battle(size: int) -> tuple[GameState, str, SubmitOrders, SubmitOrders]:
    """A ``size``-against-``size`` battle at Kish, half Warpships and half Systemships a side,
    alice's orders sealed: what is left is bob's orders, which resolve the round."""
    half = size // 2
    state = _game()
    state = _fleet(state, "alice", range(1, half + 1), range(100, 100 + half))
    state = _fleet(state, "bob", range(half + 1, size + 1), range(200, 200 + half))
    star = state.map.resolve(STAR)
    assert star is not None
    state = PhaseBegan(Phase.COMBAT, (star,)).apply(state)
    alice = [s.label for s in state.ships.values() if s.owner == "alice"]
    bob = [s.label for s in state.ships.values() if s.owner == "bob"]
    alice_orders = SubmitOrders("alice", STAR, _orders(alice, bob))
    # The orders must be legal, or the benchmark would time a refusal.
    first = apply(state, alice_orders)
    assert isinstance(first, Accepted), first
    return first.state, star, alice_orders, SubmitOrders("bob", STAR, _orders(bob, alice))


COMBAT_BUDGETS = {10: 2.0, 40: 8.0}
"""Issue 15: a whole round through ``apply`` (the last orders sealed, the round resolved), in ms."""


def combat_round() -> list[str]:
    """One round of a 10-against-10 and of a 40-against-40 battle, with missiles (three a
    Systemship) and ECM on every ship."""
    return [line for size, budget in COMBAT_BUDGETS.items() for line in _round_of(size, budget)]


def _round_of(size: int, budget: float) -> list[str]:
    waiting, star, first, last = _battle(size)
    result = apply(waiting, last)
    assert isinstance(result, Accepted), result
    assert any(isinstance(e, RoundFought) for e in result.events), "the last orders fight the round"
    by_key = {ship_key(sent.player, o.ship): o for sent in (first, last) for o in sent.orders}
    what = f"combat round, {size} vs {size} with missiles and ECM"
    resolved = measure(lambda: resolve_round(waiting, star, by_key, 1, 0))
    applied = measure(lambda: apply(waiting, last))
    return [
        resolved.line(f"{what} (resolve_round)", budget),
        applied.line(f"{what} (SubmitOrders through apply)", budget),
    ]


# --- map render ------------------------------------------------------------------------------

MAP_RUNS = 30


def map_render() -> list[str]:
    """The whole printed map in mid-game: 40 ships, move trails, two battles pending; a zoom.

    Beside the render time stands the floor: Pillow's full-colour PNG encode of the very same
    picture, timed alternately with it, and the encode the picture is sent with (exactly its
    pixels in its own palette, render.canvas.encode_png: half the bytes, about the same time).
    Issue 15's budgets: the full map at most 1.5 times the floor and 150 KiB, a zoom under
    30 ms, and (scripts/bench_pictures.py) a map of a 10,000-event game at most 1.2 times one
    of 10 events. The map's ground is drawn on the first render and kept (render.board)."""
    game = midgame(load_map("warpwar"))
    state = game.moved
    assert len(state.ships) == 40, len(state.ships)
    view = MapView(title="Benchmark", deadline="deadline Fri 18:00 UTC", recent=game.moves, before=game.start)
    start = time.perf_counter()
    png = render_map(state, view)
    first = (time.perf_counter() - start) * 1000
    image = draw_map(state, view).image
    drawn, floor, full_colour = measure_together(
        lambda: render_map(state, view),
        lambda: encode_png(image),
        lambda: encode_full_colour(image),
        runs=MAP_RUNS,
        warm_up=3,
    )
    zoom = replace(view, viewer="alice", around=("Kish",))
    zoomed = measure(lambda: render_map(state, zoom), runs=MAP_RUNS, warm_up=3)
    width, height = image.size
    colours = len(image.getcolors(1 << 24) or ())
    return [
        drawn.line(f"full map {width}x{height}, 40 ships (render_map)", 300),
        f"its first render, the ground drawn too: {first:.1f} ms",
        f"PNG size: {len(png) / 1024:.0f} KiB, {colours} colours (budget 150 KiB)",
        f"encode floor (Pillow's full-colour PNG of the same picture): median {full_colour.median:.2f} ms,"
        f" p95 {full_colour.p95:.2f} ms",
        f"the PNG the map is sent as (exact, in its own palette): median {floor.median:.2f} ms",
        f"render / encode floor: {drawn.median / full_colour.median:.2f}x (budget 1.5x);"
        f" render / its own encode: {drawn.median / floor.median:.2f}x",
        zoomed.line("zoomed map around Kish, alice's view (render_map)", 30),
        *long_game(),
    ]


def encode_full_colour(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_COMPRESSION)
    return out.getvalue()


# --- Warp Arena --------------------------------------------------------------------------------


def arena_move() -> list[str]:
    """Warp Arena: one Move and Engage, 20 pieces a side, three contested hexes (scripts/bench_arena.py)."""
    after, contested = move_and_engage()
    assert contested == 3, contested
    action = measure(move_and_engage)
    fights = measure(lambda: fights_by_default(after), runs=50, warm_up=5)
    return [
        action.line("Move and Engage, 20 pieces a side, 3 contested hexes (select + window)", 5),
        f"its three combats to the end, every decision by default: median {fights.median:.2f} ms",
    ]


def measure_together(*work: Callable[[], object], runs: int = RUNS, warm_up: int = WARM_UP) -> list[Timing]:
    """Time several things alternately, run by run, so a machine busy with other work slows
    them alike and their ratios stay fair."""
    samples: list[list[float]] = [[] for _ in work]
    for i in range(warm_up + runs):
        for run, kept in zip(work, samples, strict=True):
            start = time.perf_counter()
            run()
            if i >= warm_up:
                kept.append((time.perf_counter() - start) * 1000)
    return [_timing(kept) for kept in samples]


def _timing(samples: list[float]) -> Timing:
    samples = sorted(samples)
    p95 = samples[min(len(samples) - 1, round(0.95 * (len(samples) - 1)))]
    return Timing(median=statistics.median(samples), p95=p95)


def arena_render() -> list[str]:
    """Warp Arena's picture of 20 warped grids and 4 players, beside the PNG encode of the same
    canvas, the two timed alternately in the same run (issue 13's budget: the picture, encode
    included, at most 1.5 times the encode alone)."""
    render, encode, as_sent, (width, height) = arena_picture()
    drawn, floor = measure_together(render, encode, runs=MAP_RUNS * 2, warm_up=3)
    drawn_again, sent = measure_together(render, as_sent, runs=MAP_RUNS * 2, warm_up=3)
    return [
        f"arena picture {width}x{height}, 20 grids, 4 players (render_arena): median {drawn.median:.2f} ms,"
        f" {len(render()) / 1024:.0f} KiB (256 colours)",
        f"PNG encode of the same canvas (full colour): median {floor.median:.2f} ms,"
        f" {len(encode()) / 1024:.0f} KiB",
        f"render / encode: {drawn.median / floor.median:.2f}x (budget 1.5x)",
        f"PNG encode of the same canvas as sent (256 colours, chosen within the time): median"
        f" {sent.median:.2f} ms; render / that: {drawn_again.median / sent.median:.2f}x",
    ]


# --- running ---------------------------------------------------------------------------------

SECTIONS: dict[str, Callable[[], list[str]]] = {
    "combat": combat_round,
    "map": map_render,
    "gm": game_master,
    "deadlines": deadlines_at_start,
    "processes": processes,
    "arena": arena_move,
    "arena-picture": arena_render,
}
"""Every benchmark by name; each returns its printed lines."""


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--only", choices=sorted(SECTIONS), help="run one section")
    args = parser.parse_args(argv)
    for name, section in SECTIONS.items():
        if args.only in (None, name):
            print(f"[{name}]")
            for line in section():
                print(line)


if __name__ == "__main__":
    main()
