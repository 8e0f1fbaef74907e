"""The orders board's text: what a board carries, how one ship's form becomes its orders, and how
an error points at the words it could not read. No Discord here."""

from __future__ import annotations

import re

import pytest

from cogs.warpwar.orders_board import (
    KEY_PATTERN,
    PREFIX,
    FieldError,
    RoundKey,
    ShipForm,
    board_text,
    draft_of,
    form_of,
    merged,
    order_in,
    pointed,
    ship_order,
)
from cogs.warpwar.orders_modals import MODAL_ID, MODAL_PREFIX, form_from, values_of
from engine.warpwar.crt import Tactic
from engine.warpwar.order_notation import NotationError, parse_order, parse_orders

ORDERS = [
    "W4 ATTACKS S35: D=2 B=2 S=1 E=1; retreat to 1719",
    "S35 DODGES: D=4 T=2\n  M at W4: D=3\n  M at W4: D=2",
    "W1 DODGES, FIRING AT W2@bob: D=4 C=1 (3 shells); damage A, S 2, B",
    "W3 RETREATS: D=5 S=1; pick up S1 S2; drop S3",
    "W2 ATTACKS W7: D=0 C=2 (2 shells at W5) C=1",
]


@pytest.mark.parametrize("text", ORDERS)
def test_the_ship_form_prefilled_from_an_order_gives_the_same_order_back(text: str) -> None:
    order = parse_order(text)
    assert ship_order(order.ship, form_of(order)) == order


def test_a_form_is_read_from_its_fields_leniently() -> None:
    form = ShipForm(
        Tactic.DODGE, "W2", "d=3  s=2", missiles="at W2: D=3\nM at W2: D=1", more="retreat to 1719"
    )
    assert ship_order("W1", form) == parse_order(
        "W1 DODGES, FIRING AT W2: D=3 S=2; retreat to 1719\nM at W2: D=3\nM at W2: D=1"
    )


@pytest.mark.parametrize(
    ("form", "said"),
    [
        (ShipForm(Tactic.ATTACK, "W2", "D=3 B=x"), 'Power at "B=x"'),
        (ShipForm(Tactic.ATTACK, "W2", "D=3", more="retreat to nowhere"), 'More at "nowhere"'),
        (ShipForm(Tactic.ATTACK, "W2", "D=3", missiles="M at W2"), 'Missiles at "M at W2"'),
    ],
)
def test_a_field_that_cannot_be_read_is_named(form: ShipForm, said: str) -> None:
    with pytest.raises(FieldError, match=re.escape(said)):
        ship_order("W1", form)


def test_a_ship_written_again_replaces_its_line_and_the_fleet_order_is_kept() -> None:
    draft = "W2 DODGES: D=1\nW1 ATTACKS W9: D=4"
    after = merged(draft, parse_order("W2 ATTACKS W9: D=3 B=1"), ["W1", "W2", "W3"])
    assert after == "W1 ATTACKS W9: D=4\nW2 ATTACKS W9: D=3 B=1"
    assert merged("", parse_order("W3 DODGES: D=2"), ["W1", "W3"]) == "W3 DODGES: D=2"
    assert order_in(after, "W2") == parse_order("W2 ATTACKS W9: D=3 B=1")
    assert order_in(after, "W3") is None and order_in("", "W1") is None


def test_a_board_carries_its_draft_and_an_error_message_the_text_as_typed() -> None:
    board = board_text("**Round 1**", "W1 ATTACKS W2: D=4\n  M at W2: D=3", ["Not sent yet."])
    assert draft_of(board) == "W1 ATTACKS W2: D=4\n  M at W2: D=3"
    assert draft_of(board_text("**Round 1**", "", ["Not sent yet."])) == ""
    assert draft_of("error\n```\nW1 ^^^\n```\nyou wrote:\n```\nW1 ATTACKS\n```") == "W1 ATTACKS"


def test_an_error_is_shown_under_the_words_it_is_about() -> None:
    text = "W1 ATTACKS W2: D=4\nW2 DODGES: D=2 S=x"
    with pytest.raises(NotationError) as caught:
        parse_orders(text)
    shown = pointed(text, caught.value)
    assert 'line 2, at "S=x"' in shown
    assert "W2 DODGES: D=2 S=x\n               ^^^" in shown


def test_custom_ids_carry_the_round_and_fit_discords_limit() -> None:
    key = RoundKey(2**53, "2118", 12, 10**6)
    button = key.custom_id("send")
    assert len(button) <= 100
    match = re.fullmatch(rf"{PREFIX}:{KEY_PATTERN}:send", button)
    assert match is not None and RoundKey.from_match(match) == key
    form = key.custom_id("ship", "board", "W12", prefix=MODAL_PREFIX)
    found = MODAL_ID.fullmatch(form)
    assert found is not None and found["ship"] == "W12" and RoundKey.from_match(found) == key
    assert RoundKey.from_match(re.fullmatch(KEY_PATTERN, "3:2118:1")) == RoundKey(3, "2118", 1)  # type: ignore[arg-type]


def test_a_submitted_form_is_read_from_the_interaction_data_alone() -> None:
    data = {
        "custom_id": "ww:om:1:2118:1t1:ship:board:W1",
        "components": [
            {"type": 18, "component": {"type": 3, "custom_id": "tactic", "values": ["dodge"]}},
            {"type": 18, "component": {"type": 3, "custom_id": "target", "values": ["-"]}},
            {"type": 1, "components": [{"type": 4, "custom_id": "power", "value": "D=3"}]},
            {"type": 1, "components": [{"type": 4, "custom_id": "missiles", "value": ""}]},
        ],
    }
    assert form_from(values_of(data)) == ShipForm(Tactic.DODGE, None, "D=3")
