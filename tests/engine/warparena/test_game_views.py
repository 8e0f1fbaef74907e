"""Views (issue 12 item 5) and who the game waits on: a player sees their own hand, others'
hand sizes, the deck's size; nobody sees sealed choices before the reveal nor the state a
card in play would return to; JSON round trips of states and events mid-window."""

from __future__ import annotations

import json
from dataclasses import replace

from engine import serial
from engine.warparena.commands import Cancel, DestroyHex, Pairing, Pass, PlayCard, PlaySpecialCards
from engine.warparena.events import fold
from engine.warparena.fight import Combat, Sealed, Step
from engine.warparena.hexes import HexName
from engine.warparena.state import GameState
from engine.warparena.tx import Event
from engine.warparena.views import GameView, view_for, waiting_on
from engine.warparena.waiting import Decision
from tests.engine.warparena.turn_helpers import DESTROYS, WILDS, arena2, phase, run


def test_a_player_sees_their_hand_and_only_the_sizes_of_others() -> None:
    """R-WA-SET-2: hands are private, their sizes public; the deck shows only its size."""
    state = phase(arena2(), hands={"ann": (1, 2, 3), "bob": (WILDS[0],)})
    mine = view_for(state, "ann")
    assert mine.hand == (1, 2, 3)
    assert [(p.name, p.hand_size) for p in mine.players] == [("ann", 3), ("bob", 1)]
    assert mine.deck_size == len(state.deck)
    public = view_for(state, None)
    assert public.hand is None
    text = json.dumps(serial.encode(public))
    assert f"{WILDS[0]}" not in text.replace(f'"rolls": {state.rolls}', "")
    assert '"deck"' not in text


def test_sealed_choices_hidden_before_the_reveal() -> None:
    """R-WA-CBT-1: each fighter's sealed card is seen by that fighter only; the others see who
    has sealed."""
    state = phase(arena2(), hands={"ann": (12,), "bob": (13,)})
    pair = (Pairing("C", "C"),)
    fight = Combat(
        HexName("1-C"), "ann", step=Step.SEAL, defender="bob", pairs=pair, sealed={"ann": Sealed(12)}
    )
    state = replace(state, combat=fight)
    for viewer in ("bob", None):
        seen = view_for(state, viewer)
        assert seen.combat is not None and seen.combat.sealed == {}
        assert seen.sealed_by == ("ann",)
    assert view_for(state, "ann").combat.sealed == {"ann": Sealed(12)}  # type: ignore[union-attr]


def test_a_card_in_play_shows_no_snapshot() -> None:
    """R-WA-CARD-3/4: while a card's window is open, the view shows the card and its
    provisional result, never the state it would return to (which holds every hand)."""
    state = phase(arena2(), hands={"ann": (DESTROYS[0],), "bob": (WILDS[0], 55)})
    state, _ = run(
        state, PlaySpecialCards("ann"), Pass("bob"), PlayCard("ann", DESTROYS[0], grid=2), dice=[1]
    )
    seen = view_for(state, "ann")
    assert seen.card_in_play is not None and seen.card_in_play.card == DESTROYS[0]
    assert "55" not in json.dumps(serial.encode(seen)).replace(f'"rolls": {state.rolls}', "")
    assert [w.decision for w in seen.waiting] == [Decision.WINDOW]


def test_waiting_on_each_kind_of_state() -> None:
    """Who the game waits on: the phase's player, a window's players, a pending decision."""
    state = phase(arena2())
    assert [(w.player, w.decision) for w in waiting_on(state)] == [("ann", Decision.PHASE)]
    state, _ = run(state, DestroyHex("ann", 2))
    assert [(w.player, w.decision) for w in waiting_on(state)] == [("bob", Decision.WINDOW)]


def test_states_and_events_round_trip_through_json_mid_window() -> None:
    """engine.serial: a state with an open window, a chain of cancels and a card in play (its
    snapshot nested) decodes to an equal state; so do its events and a view; the fold of the
    events from the built state equals the state."""
    start = phase(arena2(), hands={"ann": (DESTROYS[0], WILDS[1]), "bob": (WILDS[0],)})
    state, events = run(
        start, PlaySpecialCards("ann"), Pass("bob"), PlayCard("ann", DESTROYS[0], grid=2), dice=[1]
    )
    state, more = run(state, Cancel("bob"))
    assert state.card_play is not None and state.window is not None and state.window.chain
    assert serial.decode(GameState, serial.encode(state)) == state
    for event in (*events, *more):
        assert serial.decode(Event, serial.encode(event)) == event
    view = view_for(state, "bob")
    assert serial.decode(GameView, serial.encode(view)) == view
    assert fold(start, (*events, *more)) == state
