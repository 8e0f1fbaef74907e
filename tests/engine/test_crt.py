"""The Combat Results Table, all 42 cells (both rule texts print the same table)."""

from __future__ import annotations

import pytest

from engine.warpwar.crt import CRT, Outcome, Tactic, read_crt

# The table as printed, typed in again from the rule texts: for each row, the firing tactic,
# drive differences that fall in it (its edges, and far values for the open rows), and the
# result against an Attack, Dodge and Retreat target.
PRINTED: list[tuple[str, tuple[int, ...], str, str, str]] = [
    ("attack", (-3, -4, -20), "Miss", "Miss", "Escapes"),
    ("attack", (-1, -2), "Hit", "Miss", "Escapes"),
    ("attack", (0, 1), "Hit +2", "Miss", "Miss"),
    ("attack", (2,), "Hit +1", "Hit +1", "Miss"),
    ("attack", (3, 4), "Miss", "Hit", "Hit"),
    ("attack", (5, 6, 30), "Miss", "Miss", "Miss"),
    ("dodge", (-4, -5, -20), "Miss", "Miss", "Escapes"),
    ("dodge", (-2, -3), "Miss", "Hit", "Escapes"),
    ("dodge", (0, -1), "Hit", "Hit", "Escapes"),
    ("dodge", (1, 2), "Hit", "Miss", "Escapes"),
    ("dodge", (3, 4, 30), "Miss", "Miss", "Escapes"),
    ("retreat", (-2, -3, -20), "Miss", "Miss", "Escapes"),
    ("retreat", (-1, 0), "Hit", "Miss", "Escapes"),
    ("retreat", (1, 2, 30), "Miss", "Miss", "Escapes"),
]

CELLS = [
    pytest.param(Tactic(tactic), diffs, column, Outcome(cells[i]), id=f"{tactic}{diffs[0]:+d}-{column.value}")
    for tactic, diffs, *cells in PRINTED
    for i, column in enumerate(Tactic)
]


def test_the_table_has_14_rows_of_3_cells() -> None:
    assert len(CRT) == 14 and len(CELLS) == 42
    assert all(len(row.results) == 3 for row in CRT)


@pytest.mark.parametrize(("firing", "differences", "column", "expected"), CELLS)
def test_every_cell(firing: Tactic, differences: tuple[int, ...], column: Tactic, expected: Outcome) -> None:
    """Each of the 42 cells reads as printed, at both edges of its row."""
    for difference in differences:
        assert read_crt(firing, difference, column).outcome is expected


def test_each_difference_falls_in_exactly_one_row_per_tactic() -> None:
    for tactic in Tactic:
        for difference in range(-30, 31):
            assert sum(row.tactic is tactic and row.covers(difference) for row in CRT) == 1


def test_a_reading_names_its_cell_as_the_rulebook_does() -> None:
    """1994 text, missile fire example: "the ATTACK (0, +1) row … the ATTACK column"."""
    reading = read_crt(Tactic.ATTACK, 1, Tactic.ATTACK)
    assert reading.describe() == "ATTACK (0, +1) against ATTACK"
    assert reading.outcome is Outcome.HIT_2 and reading.outcome.bonus == 2
