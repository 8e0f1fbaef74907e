"""Reading console lines: options, quotes, bare words, and refusals that say what to type."""

from __future__ import annotations

from datetime import timedelta

import pytest

from console.app import SPECS
from console.lines import Kind, LineError, Parsed, duration, parse

SAMPLES = {Kind.WHOLE: "2", Kind.NUMBER: "1.5", Kind.YES_NO: "yes", Kind.DURATION: "1h"}


def read(line: str) -> Parsed:
    return parse(line, SPECS)


def refusal(line: str) -> str:
    with pytest.raises(LineError) as caught:
        read(line)
    return str(caught.value)


def test_a_command_with_options_and_a_quoted_value() -> None:
    parsed = read('/build ship star:Ur design:"WG=1 PD=5 B=3" name:Reliant')
    assert parsed.spec.name == "build ship"
    assert parsed.values == {"star": "Ur", "design": "WG=1 PD=5 B=3", "name": "Reliant"}


def test_orders_keep_their_colons_semicolons_and_escaped_quotes() -> None:
    parsed = read(r'/orders star:Kish text:"W1 ATTACKS W2: D=2 B=3; M at W2: D=3 \"x\""')
    assert parsed.spec.name == "orders"
    assert parsed.values["text"] == 'W1 ATTACKS W2: D=2 B=3; M at W2: D=3 "x"'


def test_the_longest_command_name_wins() -> None:
    assert read("/orders show star:Kish").spec.name == "orders show"
    assert read("/orders star:Kish text:x").spec.name == "orders"


def test_words_and_option_names_ignore_case_and_a_space_after_the_colon() -> None:
    parsed = read("/MOVE Ship SHIP: W1 to: Kish")
    assert parsed.spec.name == "move ship"
    assert parsed.values == {"ship": "W1", "to": "Kish"}


def test_bare_words_fill_the_options_that_take_them() -> None:
    assert read("/ship W1").values == {"label": "W1"}
    assert read("/as Alice Smith").values == {"name": "Alice Smith"}
    assert read("/help build ship").values == {"topic": "build ship"}


def test_values_are_read_as_their_kind() -> None:
    assert read("/warpwar-admin extend hours:1.5").values == {"hours": 1.5}
    assert read("/reports last:2").values == {"last": 2}
    assert read("/warpwar new fixed_order:yes players:2").values == {"fixed_order": True, "players": 2}
    assert read("/wait 1h30m").values == {"time": timedelta(minutes=90)}


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("24h", timedelta(hours=24)),
        ("90m", timedelta(minutes=90)),
        ("2d", timedelta(days=2)),
        ("6", timedelta(hours=6)),
    ],
)
def test_durations(text: str, span: timedelta) -> None:
    assert duration(text) == span


def test_an_unknown_command_lists_the_known_ones() -> None:
    message = refusal("/buld ship star:Ur")
    assert "Unknown command /buld (did you mean /build?)" in message
    for group in ("/warpwar", "/build", "/move", "/combat", "/orders", "/standing", "/as", "/wait"):
        assert group in message


def test_a_group_without_its_subcommand_lists_them() -> None:
    assert "/move needs a subcommand: done, drop, pickup, ship, undo." in refusal("/move")
    assert "/build has no subcommand 'shp' (did you mean ship?)" in refusal("/build shp star:Ur")


def test_an_unknown_option_names_the_options() -> None:
    message = refusal("/build ship stra:Ur design:PD=1")
    assert (
        message == "/build ship has no option stra: (did you mean star?); its options are star, design, name."
    )


def test_a_missing_option_shows_how_to_type_the_command() -> None:
    assert refusal("/build ship star:Ur") == "/build ship needs design: /build ship star:… design:… [name:…]"


def test_a_value_of_the_wrong_kind_names_the_kind() -> None:
    assert refusal("/warpwar-admin extend hours:soon") == "hours: wants a number, not 'soon'."
    assert refusal("/warpwar-admin extend hours:inf") == "hours: wants a number, not 'inf'."
    assert refusal("/warpwar new fixed_order:perhaps") == "fixed_order: wants yes or no, not 'perhaps'."
    assert "Cannot read 'tomorrow' as a duration" in refusal("/wait tomorrow")


def test_an_unclosed_quote_says_where_it_opened() -> None:
    assert refusal('/build ship star:Ur design:"WG=1 PD=5') == (
        'The quote at column 28 is never closed: end the value with ".'
    )


def test_an_option_given_twice() -> None:
    assert "star: is given twice (column 21)" in refusal("/build ship star:Ur star:Kish design:B=1")
    assert "label is given twice" in refusal("/ship W1 label:W2")


def test_bare_words_where_options_belong() -> None:
    assert "/fleet takes no bare words (got 'W1' at column 8)" in refusal("/fleet W1")
    assert "Too many words for /ship (from 'W2')" in refusal("/ship W1 W2")
    assert "/fleet takes no options (got ship:)" in refusal("/fleet ship:W1")


def test_a_line_must_begin_with_a_slash() -> None:
    assert refusal("build ship") == "A command begins with /, like /warpwar status (/help lists them)."
    assert refusal("") == "A command begins with /, like /warpwar status (/help lists them)."


def test_every_command_reads_back_from_its_own_usage() -> None:
    """Each command's usage, with its required options filled in, reads as that command."""
    for name, spec in SPECS.items():
        words = [f"/{name}"]
        for option in spec.options:
            if option.required:
                value = SAMPLES.get(option.kind, "x")
                words.append(value if option.name in spec.positional else f"{option.name}:{value}")
        assert read(" ".join(words)).spec is spec, name
