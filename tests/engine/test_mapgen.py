"""Generated maps (R-GEN-1, R-GEN-2, R-GEN-11..16): the 1994 text's "Creating new maps"."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from engine.warpwar.city_names import CITY_NAMES
from engine.warpwar.fairness import MIN_REACH, measure
from engine.warpwar.hexgrid import distance
from engine.warpwar.mapgen import (
    DEFAULT_HEXES,
    LINE_DIE,
    MAX_HEXES,
    MIN_HEXES,
    SPREAD_HEXES,
    STAR_DIE,
    Generated,
    Rolls,
    generate,
    map_file,
    map_text,
)
from engine.warpwar.mapgen_cli import main
from engine.warpwar.starmap import MAX_WARPLINES, HexMap, parse_map
from gm.warpwar.maps import load_map

SEEDS = range(1000)
SIGMAS = 5


def within_binomial(successes: int, trials: int, die: int) -> bool:
    """``successes`` in ``trials`` rolls of 1 in ``die`` is within :data:`SIGMAS` deviations."""
    p = 1 / die
    return abs(successes - trials * p) <= SIGMAS * math.sqrt(trials * p * (1 - p))


def assert_playable(generated: Generated) -> HexMap:
    """R-GEN-1, R-GEN-2, R-GEN-3: the map file loads (no adjacent stars, at most four warplines a
    star, every hex reachable: parse_map checks) as the map generated, has 400 hexes or more,
    and its ends are fair."""
    parsed = parse_map(map_file(generated))
    assert parsed == generated.hex_map
    assert len(parsed.hexes) >= MIN_HEXES
    assert len(parsed.homes) == generated.players
    assert all(len(h.bases) == 3 for h in parsed.homes)
    for star in parsed.stars:
        assert not any(parsed.is_star(n) for n in parsed.neighbours(star.hex)), star.name
        assert len(parsed.warp_destinations(star.hex)) <= MAX_WARPLINES, star.name
    assert measure(parsed).fair, measure(parsed).lines()
    return parsed


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r_gen_1_2_a_thousand_seeds_give_playable_fair_maps(players: int) -> None:
    """R-GEN-1/R-GEN-2: for 1,000 seeds the map loads, is connected, has no adjacent stars and
    no star with more than 4 warplines, 400 hexes or more, and fair ends (R-GEN-10); the same
    seed gives the same bytes (every tenth seed made twice); the dice before repairs roll a star
    1 in 12 and a warpline 1 in 4, within 5 standard deviations (R-GEN-12, R-GEN-15)."""
    rolls = Rolls()
    for seed in SEEDS:
        generated = generate(seed, players)
        assert_playable(generated)
        rolls += generated.rolls
        if seed % 10 == 0:
            assert map_text(generate(seed, players)) == map_text(generated)
    assert within_binomial(rolls.stars, rolls.star_rolls, STAR_DIE), rolls
    assert within_binomial(rolls.lines, rolls.line_rolls, LINE_DIE), rolls


@pytest.mark.parametrize("players", [2, 3, 4])
def test_r_gen_11_homes_spread_over_the_map(players: int) -> None:
    """R-GEN-1/R-GEN-11: with homes spread, the home stars lie well inside the map, with homes at
    the edge next to it (on average over 60 seeds, at the least size for spread homes), and
    the maps are as playable and fair."""
    away = {}
    for homes in ("edge", "spread"):
        steps = []
        for seed in range(60):
            hex_map = assert_playable(generate(seed, players, SPREAD_HEXES[players], homes))
            edge = [h for h in hex_map.hexes if len(hex_map.neighbours(h)) < 6]
            for home in hex_map.homes:
                steps += [min(distance(hex_map.star(b).hex, h) for h in edge) for b in home.bases]
        away[homes] = sum(steps) / len(steps)
    assert away["edge"] < 2.5 and away["spread"] > 4.5, away


def test_r_gen_11_homes_at_the_edge_lie_on_its_sides() -> None:
    """R-GEN-11: two players defend the top and bottom; three the top and both flanks; four the
    middles of the four sides. Each end's middle home star is nearer its own side than the
    others' middle stars are."""
    for players, ends in ((2, ["north", "south"]), (3, ["north", "west", "east"])):
        hex_map = generate(1, players).hex_map
        assert [h.end for h in hex_map.homes] == ends
    hex_map = generate(1, 4).hex_map
    assert [h.end for h in hex_map.homes] == ["north", "west", "east", "south"]
    columns = {h.end: _column(hex_map.star(h.middle).hex) for h in hex_map.homes}
    rows = {h.end: _row(hex_map.star(h.middle).hex) for h in hex_map.homes}
    assert (
        columns["west"] < min(columns["north"], columns["south"]) <= max(columns["north"], columns["south"])
    )
    assert max(columns["north"], columns["south"]) < columns["east"]
    assert rows["north"] < min(rows["west"], rows["east"]) and max(rows["west"], rows["east"]) < rows["south"]


def _column(hex_id: str) -> int:
    return int(hex_id[:2]) - int(hex_id[2:])


def _row(hex_id: str) -> int:
    return int(hex_id[:2]) + int(hex_id[2:])


def test_r_gen_16_sizes() -> None:
    """R-GEN-16: a map has the hexes asked for (400 to 1200), at least, as a field of full
    columns; more players get a larger map by default; spread homes need a larger one."""
    assert len(generate(1, 2).hex_map.hexes) >= DEFAULT_HEXES[2] == MIN_HEXES
    assert DEFAULT_HEXES[2] < DEFAULT_HEXES[3] < DEFAULT_HEXES[4]
    for size in (MIN_HEXES, 777, MAX_HEXES):
        hexes = generate(5, 3, size).hex_map.hexes
        assert size <= len(hexes) < size + 40
    with pytest.raises(ValueError, match="400 to 1200 hexes, not 399"):
        generate(1, 2, 399)
    with pytest.raises(ValueError, match="800 to 1200 hexes, not 700"):
        generate(1, 4, 700, "spread")
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        generate(1, 5)
    with pytest.raises(ValueError, match="not 'middle'"):
        generate(1, 2, homes="middle")


def test_r_gen_2_names_of_ancient_cities_are_enough_for_the_largest_map() -> None:
    """R-GEN-2: star names come from a list of ancient cities: one word each, none twice, short
    enough for the picture, and more of them than the largest maps have stars."""
    assert len({n.casefold() for n in CITY_NAMES}) == len(CITY_NAMES)
    assert all(n.isalpha() and len(n) <= 10 for n in CITY_NAMES)
    most = max(
        len(generate(seed, players, MAX_HEXES).hex_map.stars) for seed in range(20) for players in (2, 4)
    )
    assert most * 3 // 2 < len(CITY_NAMES)


def test_r_gen_14_repairs_are_written_in_the_notes() -> None:
    """R-GEN-14: what the generator changed from the rolls is in the map's notes: warplines left
    out, values evened, draws made again; the source says how to make the map again."""
    notes = [note for seed in range(60) for note in generate(seed, 4).hex_map.notes]
    assert any(note.startswith("Left out to keep the ends apart") for note in notes)
    assert any(note.startswith("Values changed to make the ends worth about the same") for note in notes)
    assert any("rolled but left out" in note for note in notes)
    assert any(note.startswith("Drawn ") for note in notes)
    data = map_file(generate(9, 3, 500, "edge"))
    assert data["source"].endswith("--seed 9 --players 3 --homes edge --size 500")


def test_r_gen_13_no_warpline_runs_across_a_third_star() -> None:
    """R-GEN-13: a warpline's straight line never passes through another star's hex, where a
    reader would take it for a line to that star."""
    for seed in range(50):
        hex_map = generate(seed, 3).hex_map
        for a, b in hex_map.warplines:
            ha, hb = hex_map.star(a).hex, hex_map.star(b).hex
            for star in hex_map.stars:
                if star.name in (a, b):
                    continue
                assert not _on_segment(ha, hb, star.hex), (seed, a, b, star.name)


def _on_segment(a: str, b: str, c: str) -> bool:
    """Whether the hex ``c``'s inner circle meets the straight line from ``a`` to ``b``."""
    (ax, ay), (bx, by), (cx, cy) = (_point(h) for h in (a, b, c))
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((cx - ax) * dx + (cy - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(ax + t * dx - cx, ay + t * dy - cy) < math.sqrt(3) / 2


def _point(hex_id: str) -> tuple[float, float]:
    return 1.5 * _column(hex_id), math.sqrt(3) / 2 * _row(hex_id)


def test_the_command_writes_a_map_file_the_loader_accepts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """python -m engine.warpwar.mapgen writes a map file (docs/maps.md) that the map loader
    accepts, the same bytes for the same arguments; a bad size is refused in plain words."""
    args = ["--seed", "12345", "--players", "3", "--homes", "spread", "--size", "640"]
    assert main([*args, "--out", str(tmp_path / "mine.json")]) == 0
    assert "mine.json:" in capsys.readouterr().out
    loaded = load_map("mine", tmp_path)
    assert loaded == generate(12345, 3, 640, "spread").hex_map
    assert [h.end for h in loaded.homes] == ["north", "west", "east"]
    assert main([*args, "--out", str(tmp_path / "again.json")]) == 0
    assert (tmp_path / "mine.json").read_bytes() == (tmp_path / "again.json").read_bytes()
    assert json.loads((tmp_path / "mine.json").read_text(encoding="utf-8"))["name"] == "Random map 12345"
    with pytest.raises(SystemExit) as refused:
        main(["--seed", "1", "--players", "2", "--size", "100", "--out", str(tmp_path / "small.json")])
    assert refused.value.code == 2
    assert "400 to 1200 hexes, not 100" in capsys.readouterr().err
    assert not (tmp_path / "small.json").exists()


def test_r_scen_4_every_end_is_at_least_six_mp_from_another() -> None:
    """R-SCEN-4 (as R-GEN-10 measures it): no home star of a generated map lies nearer another
    end's than the printed ends do, less 2."""
    for seed in range(30):
        for players in (2, 3, 4):
            ends = measure(generate(seed, players).hex_map).ends
            assert min(e.reach[0] for e in ends) >= MIN_REACH
