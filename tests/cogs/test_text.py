"""Messages split within Discord's limits, where a reader expects a break."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from cogs.shared.text import MESSAGE_LIMIT, pieces


def test_a_short_text_is_one_message() -> None:
    assert pieces("Round 1 at Kish fought.") == ["Round 1 at Kish fought."]
    assert pieces("  \n ") == []


def test_paragraphs_stay_whole_when_they_fit() -> None:
    report = "\n\n".join(f"Section {i}\n" + "x" * 900 for i in range(3))
    parts = pieces(report)
    assert len(parts) == 2 and parts[0].startswith("Section 0") and parts[1].startswith("Section 2")


def test_a_paragraph_too_long_splits_at_line_ends_and_a_line_too_long_is_cut() -> None:
    lines = "\n".join(f"line {i} " + "y" * 100 for i in range(40))
    assert all(part.startswith("line ") for part in pieces(lines))
    assert [len(p) for p in pieces("z" * 4500)] == [2000, 2000, 500]


@given(st.text(alphabet=st.sampled_from("ab \n"), max_size=9000))
def test_nothing_is_lost_and_no_piece_is_over_the_limit(text: str) -> None:
    parts = pieces(text)
    assert all(0 < len(p) <= MESSAGE_LIMIT for p in parts)
    assert "".join(text.split()) == "".join("".join(parts).split())
