"""Hex numbers to pixels: the picture must match the printed map's layout (docs/maps.md)."""

from __future__ import annotations

import math

import pytest

from engine.warpwar.hexgrid import DIRECTIONS, coords, hex_id, neighbour_ids
from render.geometry import SQRT3, HexLayout, extent, half_width, hex_to_pixel, offset_path
from render.mapview import hexes_near
from tests.engine.helpers import printed_map

R = 40.0


def test_0208_is_directly_below_0107() -> None:
    """docs/maps.md: on the printed map 0107 is at the top left and 0208 directly below it."""
    (x1, y1), (x2, y2) = hex_to_pixel("0107", R), hex_to_pixel("0208", R)
    assert x1 == pytest.approx(x2)
    assert y2 - y1 == pytest.approx(SQRT3 * R)


def test_0107_is_the_topmost_hex_of_the_printed_map() -> None:
    tops = {h: hex_to_pixel(h, R)[1] for h in printed_map().hexes}
    assert min(tops, key=lambda h: tops[h]) == "0107"


def test_neighbours_are_one_hex_apart_clockwise_from_north() -> None:
    """The engine's DIRECTIONS run clockwise from straight up; so must the pixels."""
    cx, cy = hex_to_pixel("1010", R)
    bearings = []
    for dx, dy in DIRECTIONS:
        x, y = hex_to_pixel(hex_id(10 + dx, 10 + dy), R)
        assert math.dist((cx, cy), (x, y)) == pytest.approx(SQRT3 * R)
        bearings.append(math.degrees(math.atan2(x - cx, cy - y)) % 360)
    assert bearings == pytest.approx([0, 60, 120, 180, 240, 300])


def test_every_map_neighbour_touches_on_the_picture() -> None:
    hex_map = printed_map()
    for h in hex_map.hexes[:40]:
        for n in neighbour_ids(h):
            assert math.dist(hex_to_pixel(h, R), hex_to_pixel(n, R)) == pytest.approx(SQRT3 * R)


def test_layout_places_hex_0000_at_its_origin_and_has_six_corners_at_the_radius() -> None:
    layout = HexLayout(R, (100.0, 50.0))
    assert layout.centre("0000") == (100.0, 50.0)
    centre = layout.centre("0305")
    assert all(math.dist(c, centre) == pytest.approx(R) for c in layout.corners("0305"))
    assert all(math.dist(c, centre) == pytest.approx(R - 3) for c in layout.corners("0305", inset=3))


def test_extent_covers_the_outlines() -> None:
    left, top, right, bottom = extent(["0107"], R)
    x, y = hex_to_pixel("0107", R)
    assert (left, top, right, bottom) == pytest.approx((x - R, y - SQRT3 / 2 * R, x + R, y + SQRT3 / 2 * R))


def test_half_width_narrows_to_the_flat_top() -> None:
    assert half_width(R, 0) == R
    assert half_width(R, SQRT3 / 2 * R) == pytest.approx(R / 2)
    assert half_width(R, R) == 0


def test_hexes_near_keeps_map_hexes_within_the_rings() -> None:
    hex_map = printed_map()
    near = hexes_near(hex_map, ["1415"], 1)
    assert set(near) == {"1415", *(n for n in neighbour_ids("1415") if n in hex_map.hex_set)}
    assert hexes_near(hex_map, ["9999"], 3) == ()


def test_offset_path_moves_to_the_right_of_the_direction() -> None:
    """Screen y grows downwards: heading east, the right-hand side is south."""
    assert offset_path([(0, 0), (10, 0)], 2) == [(0, 2), (10, 2)]
    assert offset_path([(0, 0), (10, 0)], 0) == [(0, 0), (10, 0)]


def test_coords_round_trip_for_every_hex() -> None:
    assert all(hex_id(*coords(h)) == h for h in printed_map().hexes)
