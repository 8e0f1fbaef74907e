"""Ship records read back: the records printed in both rule texts, and record()'s own output.

1994 text: section "Warpships" / "Systemships" examples (W2, W7, S20, S55) and "Recording ship
damage from combat" (W4 before and after, S35). 1977 text: the same damage example written
``Level 0, PD = 7, …`` and the quick reference's "Ship Record Example" (W1 Reliant).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.warpwar.notation import parse_design
from engine.warpwar.rulesets import Attr
from engine.warpwar.ships import Ship, new_ship, parse_record, record


def ship(label: str, tl: int, built: str, current: str = "", name: str | None = None) -> Ship:
    """The ship a record describes; ``current`` lists only the damaged attributes."""
    design = parse_design(built + (" WG=1" if label.startswith("W") else ""))
    made = new_ship("", label, design, tl, "0000", 1, name)
    return made.with_current(parse_design(current)) if current else made


@pytest.mark.parametrize(
    ("example", "text", "expected"),
    [
        ("1994 W2", "W2: TL0  PD=7 S=2 B=3 T=1 M=3 E=2", ship("W2", 0, "PD=7 S=2 B=3 T=1 M=3 E=2")),
        ("1994 W7, a freighter", "W7: TL2  PD=6 A=8 H=2 SR=3 R=1", ship("W7", 2, "PD=6 A=8 H=2 SR=3 R=1")),
        ("1994 S20", "S20: TL0  PD=7 B=5 S=5 E=3", ship("S20", 0, "PD=7 B=5 S=5 E=3")),
        ("1994 S55, a gunship", "S55: TL1  PD=1 C=1 SH=12", ship("S55", 1, "PD=1 C=1 SH=12")),
        (
            "1994 W4 before",
            "W4: TL0  PD=7 B=3 S=3 C=1 SH=12 E=1",
            ship("W4", 0, "PD=7 B=3 S=3 C=1 SH=12 E=1"),
        ),
        (
            "1994 W4 after one round",
            "W4: TL 0  PD={7}6 B=3 S={3}2 C=1 SH={12}6 E=1",
            ship("W4", 0, "PD=7 B=3 S=3 C=1 SH=12 E=1", "PD=6 S=2 SH=6"),
        ),
        (
            "1994 W4 after taking 8 hits",
            "W4: TL 0  PD={7}6 B={3}0 S={3}0 C={1}0 SH={12}0 E={1}0",
            ship("W4", 0, "PD=7 B=3 S=3 C=1 SH=12 E=1", "PD=6 B=0 S=0 C=0 SH=0 E=0"),
        ),
        ("1994 S35", "S35: TL1  PD=6 S=3 T=2 M={9}7", ship("S35", 1, "PD=6 S=3 T=2 M=9", "M=7")),
        (
            "1977 W4 before (the record runs onto a second line)",
            "W4: Level 0, PD = 7, B = 3, S = 3, T = 1, M = 6,\nSR = 1",
            ship("W4", 0, "PD=7 B=3 S=3 T=1 M=6 SR=1"),
        ),
        (
            "1977 W4 after: the 1977 text shows no built maxima, so the record reads as undamaged",
            "W4: Level 0, PD = 7, B = 3, S = 2, T = 1, M = 6, SR = 1",
            ship("W4", 0, "PD=7 B=3 S=2 T=1 M=6 SR=1"),
        ),
        (
            "1977 S35, with a final period",
            "S35: Level 1, PD = 6, B = 2, S = 3, T = 2, M = 9.",
            ship("S35", 1, "PD=6 B=2 S=3 T=2 M=9"),
        ),
        (
            "1977 quick reference, Ship Record Example",
            "W1 Reliant: TL0 PD=(7)5 B=(6)5 S=(4)4 T=(1)1 M=(6)4 SR=0",
            ship("W1", 0, "PD=7 B=6 S=4 T=1 M=6", "PD=5 B=5 M=4", name="Reliant"),
        ),
    ],
)
def test_rulebook_records_read(example: str, text: str, expected: Ship) -> None:
    assert parse_record(text) == expected, example


def test_reliant_in_full() -> None:
    """1977 quick reference: "(#) indicates maximum strength … Warpship indicated by W"; SR=0 is no rack."""
    reliant = parse_record("W1 Reliant: TL0 PD=(7)5 B=(6)5 S=(4)4 T=(1)1 M=(6)4 SR=0", "alice", "1818")
    assert reliant == Ship(
        owner="alice",
        label="W1",
        tl=0,
        built={Attr.WG: 1, Attr.PD: 7, Attr.B: 6, Attr.S: 4, Attr.T: 1, Attr.M: 6},
        current={Attr.WG: 1, Attr.PD: 5, Attr.B: 5, Attr.S: 4, Attr.T: 1, Attr.M: 4},
        hex="1818",
        name="Reliant",
    )
    assert reliant.is_warpship


def test_systemship_has_no_warp_generator_and_lower_case_reads() -> None:
    s55 = parse_record("s55: tl1 pd=1 c=1 sh=12", hex_name=None)
    assert s55.label == "S55" and not s55.is_warpship and s55.hex is None


@pytest.mark.parametrize(
    "text",
    [
        "W4: TL0 PD=7 B=3 S=3 C=1 SH=12 E=1",
        "W4: TL0 PD={7}6 B=3 S={3}2 C=1 SH={12}6 E=1",
        "W7: TL2 PD=6 A=8 H=2 SR=3 R=1",
        "S35: TL1 PD=6 S=3 T=2 M={9}7",
        "W1 Reliant: TL0 PD={7}5 B={6}5 S=4 T=1 M={6}4",
    ],
)
def test_records_print_back_as_read(text: str) -> None:
    assert record(parse_record(text)) == text


designs = st.dictionaries(
    st.sampled_from([a for a in Attr if a is not Attr.WG]), st.integers(1, 20), min_size=1, max_size=6
)


@given(
    designs,
    st.sampled_from(["W", "S"]),
    st.integers(1, 99),
    st.integers(0, 5),
    st.none() | st.from_regex(r"[A-Z][a-z]{1,8}( [A-Z][a-z]{1,8})?", fullmatch=True),
    st.data(),
)
def test_record_round_trip(
    design: dict[Attr, int], kind: str, number: int, tl: int, name: str | None, data: st.DataObject
) -> None:
    """parse_record(record(s), s.owner, s.hex) == s, damaged or not."""
    label = f"{kind}{number}"
    built = {**design, Attr.WG: 1} if kind == "W" else design
    damage = {a: data.draw(st.integers(0, top)) for a, top in design.items()}
    s = new_ship("bob", label, built, tl, "1203", 1, name).with_current(damage)
    assert parse_record(record(s), s.owner, s.hex) == s


@pytest.mark.parametrize(
    ("text", "phrase"),
    [
        ("W4 TL0 PD=7", "a record starts with the ship and a colon"),
        ("X4: TL0 PD=7", "'X4' is not a ship"),
        ("W4: PD=7 B=3", "the tech level is missing"),
        ("W4: TL0 PD=x B=3", "cannot read 'PD=x'"),
        ("W4: TL0 PD={7)6", "cannot read 'PD={7)6'"),
        ("W4: TL0 PD=7 Q=3", "Q is not a ship attribute"),
        ("W4: TL0 PD=7 B=3 PD=6", "PD is given twice"),
        ("W4: TL0 PD={6}7", "PD={6}7: the current value is above the built maximum"),
        ("W4: TL0 WG=1 PD=7", "WG is not written in a record"),
        ("W4: TL0 PD=7 junk", "cannot read 'junk'"),
    ],
)
def test_errors_name_the_offending_part(text: str, phrase: str) -> None:
    with pytest.raises(ValueError) as caught:
        parse_record(text)
    assert phrase in str(caught.value)
