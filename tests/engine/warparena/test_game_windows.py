"""Reaction windows and the Wild Warp (2.4.6, R-WA-CARD-2..4): action selections and special
cards wait for every other player's answer; cancels, counter-cancels, the exact restore of a
cancelled card, refusals seen by one player only, deadlines."""

from __future__ import annotations

from dataclasses import replace

from engine.warparena.cards import CardKind
from engine.warparena.commands import (
    Cancel,
    DeadlinePassed,
    DestroyHex,
    DrawCard,
    EndCards,
    Pass,
    PlayCard,
    PlaySpecialCards,
    PutGrid,
    WarpGrid,
)
from engine.warparena.fight import Combat
from engine.warparena.hexes import HexName
from engine.warparena.state import Stage
from engine.warparena.tx import Rolled
from engine.warparena.views import waiting_on
from engine.warparena.waiting import Decision
from engine.warparena.windows import Window
from tests.engine.warparena.builders import Position
from tests.engine.warparena.turn_helpers import DESTROYS, WARPS, WILDS, arena2, of_type, phase, refused, run


def three() -> Position:
    pos = arena2()._with(players=("ann", "bob", "cat"))
    return pos.piece("cat", "C", "3-C")


def test_an_action_is_announced_before_its_die_and_waits_for_everyone_else() -> None:
    """R-WA-CARD-3/4, R-WA-X-11: a selection opens a window asking every other player still
    in, whether or not they hold a Wild Warp; the action runs (its die rolled) when the last
    one passes."""
    state, events = run(phase(three()), DestroyHex("ann", 2))
    assert not of_type(events, Rolled)
    assert [(w.player, w.decision) for w in waiting_on(state)] == [
        ("bob", Decision.WINDOW),
        ("cat", Decision.WINDOW),
    ]
    assert refused(state, Pass("ann")).code == "not-asked"
    state, _ = run(state, Pass("cat"))
    assert refused(state, Pass("cat")).message.startswith("You have already passed")
    state, events = run(state, Pass("bob"), dice=[5])
    assert state.window is None and "2-5" in state.board.destroyed


def test_a_cancelled_action_keeps_its_points_spent() -> None:
    """2.4.6, R-WA-CARD-3: a Wild Warp cancels an action selection; the points stay spent, the
    Wild Warp goes to the discards, no die is rolled."""
    state = phase(arena2(), hands={"bob": (WILDS[0],)})
    state, _ = run(state, DestroyHex("ann", 2), Cancel("bob"))
    assert waiting_on(state)[0].player == "ann"  # the cancel opens its own window
    state, events = run(state, Pass("ann"))
    assert not of_type(events, Rolled) and not state.board.destroyed
    assert state.ap_left == 2 and WILDS[0] in state.discards and not state.player("bob").hand


def test_a_cancel_can_be_cancelled() -> None:
    """2.4.6, R-WA-CARD-3: a cancelling Wild Warp can itself be cancelled: the action then
    runs; both Wild Warps are discarded."""
    state = phase(arena2(), hands={"ann": (WILDS[1],), "bob": (WILDS[0],)})
    state, _ = run(state, DestroyHex("ann", 2), Cancel("bob"), Cancel("ann"))
    state, _ = run(state, Pass("bob"), dice=[1])
    assert "2-1" in state.board.destroyed
    assert {WILDS[0], WILDS[1]} <= set(state.discards)


def test_a_cancel_without_a_wild_warp_is_refused_privately() -> None:
    """R-WA-CARD-4: every other player is offered the cancel; one who holds no Wild Warp is
    refused in a message for them alone, saying nothing the others could learn from."""
    state, _ = run(phase(arena2()), DestroyHex("ann", 2))
    rejected = refused(state, Cancel("bob"))
    assert rejected.private and rejected.code == "no-wild-warp"
    assert rejected.message == "You hold no Wild Warp to cancel with."
    assert not refused(state, DrawCard("ann")).private


def test_a_cancelled_card_leaves_the_game_exactly_as_before() -> None:
    """R-WA-CARD-3, R-WA-X-14: a Destroy Hex card destroys bob's C-bot; provisionally bob is out and ann
    has won. bob (out now, but in before the card) cancels it with his Wild Warp: board,
    hands, deck and the game's end are as before the card, except that the card and the
    Wild Warp are discarded and the die stays rolled."""
    pos = arena2()
    pos = pos._with(pieces=tuple(p for p in pos.pieces if p.owner != "bob")).piece("bob", "C", "4-2")
    state = phase(pos, hands={"ann": (DESTROYS[0], DESTROYS[1]), "bob": (WILDS[0], 9)})
    before, _ = run(state, PlaySpecialCards("ann"), Pass("bob"))
    shown, _ = run(before, PlayCard("ann", DESTROYS[0], grid=4), dice=[2])
    assert shown.stage is Stage.OVER and shown.winner == "ann" and shown.player("bob").out
    assert waiting_on(shown)[0].player == "bob"
    after, _ = run(shown, Cancel("bob"), Pass("ann"))
    assert after == replace(
        before,
        players=(
            replace(before.player("ann"), hand=(DESTROYS[1],)),
            replace(before.player("bob"), hand=(9,)),
        ),
        discards=(*before.discards, DESTROYS[0], WILDS[0]),
        rolls=before.rolls + 1,
    )
    assert after.pending is not None and after.pending.kind is Decision.PLAY_CARDS
    done, _ = run(after, EndCards("ann"))
    assert done.ap_left == 1


def test_a_card_that_stands() -> None:
    """R-WA-CARD-3: a card's result stands when every other player passes; a Warp Grid card's
    window opens once the player has put the grid (its provisional result)."""
    state = phase(arena2(), hands={"ann": (WARPS[0],)})
    state, _ = run(state, PlaySpecialCards("ann"), Pass("bob"), PlayCard("ann", WARPS[0]), dice=[2])
    assert state.window is None and waiting_on(state)[0].decision is Decision.PUT_GRID
    state, _ = run(state, PutGrid("ann", 4, 7))
    assert state.window is not None
    state, _ = run(state, Pass("bob"))
    assert state.card_play is None and state.window is None
    assert state.pending is not None and state.pending.kind is Decision.PLAY_CARDS


def test_wild_warp_as_any_special_card_out_of_turn() -> None:
    """R-WA-CARD-2: a Wild Warp is played as any special card at any moment, even in another's
    phase, costing no points; other special cards only in a Play Special Cards action."""
    state = phase(arena2(), hands={"bob": (WILDS[0], DESTROYS[0])})
    assert refused(state, PlayCard("bob", DESTROYS[0], grid=1)).code == "not-in-action"
    assert refused(state, PlayCard("bob", WILDS[0], grid=1)).code == "as-what"
    state, _ = run(state, PlayCard("bob", WILDS[0], grid=1, as_kind=CardKind.DESTROY_HEX), dice=[6])
    assert "1-6" in state.board.destroyed and waiting_on(state)[0].player == "ann"
    state, _ = run(state, Pass("ann"))
    assert state.active == "ann" and state.ap_left == 3 and WILDS[0] in state.discards


def test_no_wild_warp_as_a_special_card_during_a_fight() -> None:
    """R-WA-CARD-2, R-WA-X-12: not while a fight waits on sealed cards, nor (project ruling)
    at any other point of a fight."""
    state = phase(arena2(), hands={"bob": (WILDS[0],)})
    fighting = replace(state, combat=Combat(HexName("1-C"), "ann"))
    play = PlayCard("bob", WILDS[0], grid=1, as_kind=CardKind.DESTROY_HEX)
    assert refused(fighting, play).code == "fight-on"


def test_the_window_deadline_passes_for_everyone_unanswered() -> None:
    """R-WA-CARD-3: when the window's time runs out, everyone not answered passes."""
    state, _ = run(phase(three()), WarpGrid("ann"), Pass("cat"))
    state, _ = run(state, DeadlinePassed(), dice=[2])
    assert state.window is None and state.pending is not None and state.pending.grid == 2
    state, _ = run(state, DeadlinePassed())
    assert state.pending is None and state.board.grid(2) is not None


def test_window_chain_resolution() -> None:
    """2.4.6: in a chain of cancels each stands unless a standing later one cancels it."""
    from engine.warparena.actions import ActionSubject
    from engine.warparena.windows import ITSELF, CancelPlay

    subject = ActionSubject("ann", DrawCard("ann"))
    window = Window(subject, ("ann", "bob", "cat"))
    one = replace(window, chain=(CancelPlay("bob", 81, target=ITSELF),))
    assert one.cancelled() == (ITSELF,)
    two = replace(one, chain=(*one.chain, CancelPlay("ann", 82, over=0)))
    assert two.cancelled() == ()
    three_ = replace(two, chain=(*two.chain, CancelPlay("cat", 83, over=1)))
    assert three_.cancelled() == (ITSELF,)
    assert three_.asked() == ("ann", "bob")
