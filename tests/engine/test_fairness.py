"""The fairness measure of home ends (R-GEN-10, R-SCEN-4), and the printed map measured by it
for three and four players (R-SCEN-10)."""

from __future__ import annotations

import itertools
from dataclasses import replace

from engine.warpwar.fairness import (
    MIN_REACH,
    VALUE_MP,
    EndMeasure,
    judge,
    measure,
    middle_of,
    mp_distances,
    reach_floor,
)
from engine.warpwar.starmap import HexMap, Home
from tests.engine.helpers import printed_map


def test_r_gen_10_the_printed_ends_measured() -> None:
    """R-GEN-10: north is worth 19 BP (Mosul 2, Ur 4, Larsu 2 and the stars within 4 MP of Ur),
    south 23; their home stars are 8, 8, 9 and 8, 8, 10 MP from the other end's nearest. The two
    printed ends are fair: 23 is within 25% of 19, the reaches differ by 1 at most."""
    fairness = measure(printed_map())
    north, south = fairness.end("north"), fairness.end("south")
    assert (north.value, north.reach) == (19, (8, 8, 9))
    assert (south.value, south.reach) == (23, (8, 8, 10))
    assert north.counted[:3] == ("Mosul", "Ur", "Larsu") and "Khafa" in north.counted
    assert "Susa" not in north.counted, "Susa is 5 MP from Ur (4 by hexes to Larsu, 1 by warpline)"
    assert fairness.fair and fairness.lines()[-1] == "fair"


def test_r_gen_10_mp_are_movement_points_with_warplines() -> None:
    """R-GEN-10: a step into a neighbouring hex costs 1 MP, a whole warpline 1 MP: Umma to Girsu
    is 1 MP by their warpline though 3 hexes apart (the 1994 movement example's W6)."""
    m = printed_map()
    umma, girsu = m.star("Umma").hex, m.star("Girsu").hex
    assert mp_distances(m, [umma])[girsu] == 1
    near = mp_distances(m, [umma], VALUE_MP)
    assert max(near.values()) == VALUE_MP and umma in near


def test_r_scen_4_the_floor_comes_from_the_printed_ends() -> None:
    """R-SCEN-4: the printed ends are 8 MP apart at their nearest, so no end may be nearer
    another than 6 MP."""
    assert reach_floor(printed_map()) == MIN_REACH == 6


def test_r_map_3_the_middle_star_of_an_end() -> None:
    """R-MAP-3: the middle one of an end's three stars is the one nearest the other two."""
    m = printed_map()
    for home in m.homes:
        assert middle_of([m.star(b) for b in home.bases]).name == home.middle


def end(name: str, value: int, *reach: int) -> EndMeasure:
    return EndMeasure(name, value, (), reach)


def test_r_gen_10_values_within_25_percent() -> None:
    """R-GEN-10: every end's value within 25% of every other's: 20 and 25 pass, 20 and 26 do not."""
    assert judge([end("north", 20, 8, 8, 8), end("south", 25, 8, 8, 8)]).fair
    unfair = judge([end("north", 20, 8, 8, 8), end("south", 26, 8, 8, 8), end("west", 22, 8, 8, 8)])
    assert unfair.value_reasons == ("the south end is worth 26 BP, more than 25% above the north end's 20",)
    assert unfair.reach_reasons == () and unfair.too_near() is None


def test_r_gen_10_reaches_place_by_place_within_2_mp() -> None:
    """R-GEN-10: the ends' home stars are compared nearest with nearest, second with second,
    third with third; each pair may differ by 2 MP at most."""
    assert judge([end("north", 9, 6, 8, 9), end("south", 9, 8, 10, 11)]).fair
    unfair = judge([end("north", 9, 6, 7, 9), end("south", 9, 8, 10, 11)])
    assert unfair.reach_reasons == (
        "the north end's second nearest home star is 7 MP from another end, the south end's 10 MP: "
        "more than 2 apart",
    )
    assert unfair.too_near() == ("north", 1)


def test_r_scen_4_no_home_star_nearer_than_six_mp() -> None:
    """R-SCEN-4: a home star 5 MP from another end's breaks the floor, however even the ends."""
    unfair = judge([end("north", 9, 5, 8, 9), end("south", 9, 5, 8, 9)])
    assert unfair.reach_reasons == (
        "the north end has a home star 5 MP from another end's, less than 6",
        "the south end has a home star 5 MP from another end's, less than 6",
    )
    assert unfair.too_near() == ("north", 0)


def test_r_scen_3_the_retired_four_ended_map_fails_the_measure() -> None:
    """R-SCEN-3 (retired): the printed map's added west and east ends are unfair, as issue 14
    found: the east end is worth 16 BP against 23, and Larsu and Susa, Isin and Nineveh are one
    warpline apart."""
    m = printed_map()
    west = Home("west", ("Susa", "Nippur", "Assur"), "Nippur")
    east = Home("east", ("Sumarra", "Umma", "Isin"), "Isin")
    fairness = measure(m, (*m.homes, west, east))
    assert not fairness.fair
    assert fairness.end("east").value == 16 and fairness.end("south").value == 23
    assert all(e.reach[0] == 1 for e in fairness.ends)


def possible_ends(m: HexMap) -> list[Home]:
    """Every three stars that could make an end: none farther from its middle star (R-MAP-3)
    than a printed end's farthest (Ugarit, 5 MP from Babylon)."""
    mp = {s.hex: mp_distances(m, [s.hex]) for s in m.stars}
    spread = max(mp[m.star(h.middle).hex][m.star(b).hex] for h in m.homes for b in h.bases)
    assert spread == 5
    found = []
    for stars in itertools.combinations(m.stars, 3):
        middle = middle_of(stars)
        if max(mp[middle.hex][s.hex] for s in stars) <= spread:
            found.append(Home("", tuple(s.name for s in stars), middle.name))
    return found


def test_r_scen_10_the_printed_map_has_no_fair_ends_for_three_or_four() -> None:
    """R-SCEN-10 (R-SCEN-4): of the 1,724 ways three stars of the printed map can make an end,
    only two sets of three ends keep every home star 6 MP from the other ends' (none of four),
    and both are unfair: one end is worth 20 BP, another 11 or 28. So games of three or four
    players default to a generated map."""
    m = printed_map()
    ends = possible_ends(m)
    assert len(ends) == 1724
    mp = {s.name: {o.name: d for o in m.stars for d in [mp_distances(m, [s.hex])[o.hex]]} for s in m.stars}

    def apart(a: Home, b: Home) -> bool:
        return not set(a.bases) & set(b.bases) and all(
            mp[x][y] >= MIN_REACH for x in a.bases for y in b.bases
        )

    partners = {i: [j for j in range(i + 1, len(ends)) if apart(ends[i], ends[j])] for i in range(len(ends))}
    threes = [
        (i, j, k) for i in partners for j in partners[i] for k in partners[j] if apart(ends[i], ends[k])
    ]
    fours = [(*t, n) for t in threes for n in partners[t[2]] if all(apart(ends[x], ends[n]) for x in t)]
    assert len(threes) == 2 and fours == []
    for three in threes:
        homes = [replace(ends[x], end=name) for x, name in zip(three, ("a", "b", "c"), strict=True)]
        fairness = measure(m, homes)
        assert not fairness.fair and fairness.reach_reasons == ()
        values = sorted(e.value for e in fairness.ends)
        assert values[0] * 5 < values[-1] * 4
