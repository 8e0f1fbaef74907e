"""The printed map as data (R-MAP-*), hex geometry, and the map loader's refusals."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.warpwar.hexgrid import distance, neighbour_ids
from engine.warpwar.starmap import MapError, parse_map
from gm.warpwar.maps import MAPS_DIR, available_maps, load_map
from tests.engine.helpers import printed_map


def raw() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((MAPS_DIR / "warpwar.json").read_text())
    return data


def test_the_printed_map_counts() -> None:
    """322 hexes, 28 stars, 24 warplines, as four-character hex numbers."""
    m = printed_map()
    assert (len(m.hexes), len(m.stars), len(m.warplines)) == (322, 28, 24)
    assert all(len(h) == 4 and h.isdigit() for h in m.hexes)


def test_r_map_2_stars_are_never_adjacent() -> None:
    """R-MAP-2: hexes are named by their printed numbers; no two stars are adjacent."""
    m = printed_map()
    for star in m.stars:
        assert not any(m.is_star(n) for n in m.neighbours(star.hex)), star.name


def test_every_warpline_joins_two_stars() -> None:
    m = printed_map()
    for a, b in m.warplines:
        assert m.star(a).hex in m.warp_destinations(m.star(b).hex)


def test_r_map_3_home_ends() -> None:
    """R-MAP-3: Mosul, Ur, Larsu (middle Ur) and Nineveh, Babylon, Ugarit (middle Babylon)."""
    homes = {h.end: (set(h.bases), h.middle) for h in printed_map().homes}
    assert homes == {
        "north": ({"Mosul", "Ur", "Larsu"}, "Ur"),
        "south": ({"Nineveh", "Babylon", "Ugarit"}, "Babylon"),
    }


def test_r_map_4_misprinted_labels_use_the_grid_numbers() -> None:
    """R-MAP-4: the bottom row's '2526' and second '2424' are 2326 and 2524, and the notes say so."""
    m = printed_map()
    assert {"2326", "2524", "2424"} <= m.hex_set
    assert "2526" not in m.hex_set
    assert any("R-MAP-4" in note for note in m.notes)


def test_r_map_5_susa_is_worth_0_and_the_w6_example_fits() -> None:
    """R-MAP-5: Susa (0); W6's path 1720 → Umma → Girsu → 3 hexes → Kish exists on the map."""
    m = printed_map()
    assert m.star("Susa").value == 0
    assert m.star("Umma").hex in m.neighbours("1720")
    assert m.star("Girsu").hex in m.warp_destinations(m.star("Umma").hex)
    assert distance(m.star("Girsu").hex, m.star("Kish").hex) == 3


def test_r_map_1_star_values_from_the_map() -> None:
    """R-MAP-1: names and values as printed (a sample across the map)."""
    m = printed_map()
    values = {s.name: s.value for s in m.stars}
    assert values["Ur"] == values["Babylon"] == 4
    assert values["Ubaid"] == values["Elam"] == 5
    assert values["Kish"] == values["Adab"] == values["Sumer"] == 0
    assert values["Mosul"] == values["Larsu"] == values["Nineveh"] == values["Ugarit"] == 2


def test_hex_geometry() -> None:
    """Neighbours of XXYY are (x±1, y), (x, y±1), (x+1, y+1), (x-1, y-1)."""
    assert sorted(neighbour_ids("0107")) == ["0006", "0007", "0106", "0108", "0207", "0208"]
    assert distance("1919", "1717") == 2
    assert distance("0107", "0206") == 2
    m = printed_map()
    assert m.neighbours("1818") == tuple(n for n in neighbour_ids("1818") if n in m.hex_set)
    assert m.resolve("kish") == m.star("Kish").hex and m.resolve("9999") is None


@pytest.mark.parametrize(
    ("break_it", "message"),
    [
        (lambda d: d["stars"].append({"hex": "9999", "name": "Nowhere", "value": 1}), "not on the map"),
        (lambda d: d["stars"].append({"hex": "0308", "name": "Twin", "value": 1}), "adjacent"),
        (lambda d: d["warplines"].append(["Ur", "Atlantis"]), "Atlantis, which is not a star"),
        (lambda d: d["stars"].append({"hex": "2128", "name": "Ur", "value": 1}), "two stars are named Ur"),
        (
            lambda d: d.update(
                hexes=[h for h in d["hexes"] if h not in {"0107", "0108", "0207", "0208"}] + ["0107"]
            ),
            "not connected",
        ),
        (lambda d: d.pop("homes"), "no 'homes' entry"),
        (lambda d: d["homes"][0].update(middle="Kish"), "middle base Kish"),
        (lambda d: d["hexes"].append("12a4"), "not a four-digit hex number"),
    ],
)
def test_broken_maps_are_refused_with_a_clear_message(break_it: Any, message: str) -> None:
    data = copy.deepcopy(raw())
    break_it(data)
    with pytest.raises(MapError, match=message):
        parse_map(data)


def test_loader_names_the_file_and_lists_known_maps(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{ not json")
    with pytest.raises(MapError, match=r"broken\.json is not valid JSON"):
        load_map("broken", tmp_path)
    with pytest.raises(MapError, match="known maps: broken"):
        load_map("missing", tmp_path)
    assert "warpwar" in available_maps()


def test_r_gen_3_a_fifth_warpline_is_refused_naming_the_star() -> None:
    """R-GEN-3: Nippur has four warplines on the printed map, the most a star may have; a map
    file that gives it a fifth is refused, naming the star and its lines."""
    m = printed_map()
    assert len(m.warp_destinations(m.star("Nippur").hex)) == 4
    data = copy.deepcopy(raw())
    data["warplines"].append(["Nippur", "Khafa"])
    message = "star Nippur has 5 warplines (to Calah, Susa, Lagash, Assur and Khafa); a star has at most 4"
    with pytest.raises(MapError) as refused:
        parse_map(data)
    assert str(refused.value) == message


def test_every_bundled_map_loads() -> None:
    """The maps in data/maps all load with today's checks (R-GEN-3 among them)."""
    for name in available_maps():
        assert load_map(name).hexes
