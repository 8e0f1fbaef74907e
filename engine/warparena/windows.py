"""Reaction windows (2.4.6, R-WA-CARD-3/4): the game waits for every other player's answer.

An action selection, a special card's provisional result, or a fight's revealed combat cards
(6.1 F) open a window. Every player asked answers Pass or Cancel (a Wild Warp from the hand);
a cancel opens its own window in turn (the same window, one level up: the chain), so cancels
can be cancelled. When every player asked on the latest play has passed, or the deadline
passes, the window closes and its subject is told which of its cards were cancelled.

Other modules open a window with :func:`open_window` (also spelled :func:`open`) and a
:class:`WindowSubject` of their own; this module never imports them: the subject's
:meth:`WindowSubject.closed` is how the result travels back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from engine.text import listed, plural
from engine.warparena.cards import CardKind, card
from engine.warparena.hexes import arena_type
from engine.warparena.tx import Event, Refusal

if TYPE_CHECKING:
    from engine.warparena.state import GameState
    from engine.warparena.tx import Tx

ITSELF = 0
"""The number that stands for the subject itself when it is not a card (an action selection):
``closed(tx, (ITSELF,))`` means the action was cancelled."""


@arena_type
@dataclass(frozen=True)
class WindowSubject:
    """What a window is about. Subclasses (an action selection, a special card, a fight's
    revealed cards) say who played it, which cards may be cancelled, and what happens when
    the window closes."""

    def actor(self) -> str | None:
        """The player whose play this is: not asked in the window. None asks everyone still in
        (a fight's revealed cards: either fighter may cancel the other's)."""
        return None

    def cards(self) -> tuple[int, ...]:
        """The cards in the subject a Cancel may name; () when the subject is not a card."""
        return ()

    def default_target(self, player: str) -> int | None:
        """What a Cancel without a card number cancels, for ``player``: the subject itself
        (:data:`ITSELF`), its only card, or None when the player must name one."""
        cards = self.cards()
        if not cards:
            return ITSELF
        return cards[0] if len(cards) == 1 else None

    def describe(self) -> str:
        """In words everyone may read: "ann's Warp Grid action"."""
        return "the play"

    def closed(self, tx: Tx, cancelled: tuple[int, ...]) -> None:
        """The window closed: ``cancelled`` holds the subject's cancelled cards (or
        :data:`ITSELF`), empty when everything stands."""
        raise NotImplementedError


@arena_type
@dataclass(frozen=True)
class CancelPlay:
    """One Wild Warp played as a cancel in a window's chain."""

    player: str
    card: int
    """The Wild Warp's number."""
    target: int | None = None
    """The subject's card cancelled (or :data:`ITSELF`); None when it cancels an earlier cancel."""
    over: int | None = None
    """The index in the chain of the cancel it cancels."""


@arena_type
@dataclass(frozen=True)
class Window:
    """An open window: its subject, who may answer, the cancels so far, who has passed."""

    subject: WindowSubject
    players: tuple[str, ...]
    """Everyone who may answer in it, fixed when it opens (players still in just before the
    play: a player a card knocks out may still cancel that card)."""
    chain: tuple[CancelPlay, ...] = ()
    passed: tuple[str, ...] = ()
    """Who has passed on the latest play (the subject, or the last cancel)."""

    def top_actor(self) -> str | None:
        return self.chain[-1].player if self.chain else self.subject.actor()

    def asked(self) -> tuple[str, ...]:
        """Who the window waits on now: everyone but the latest play's player, not yet passed."""
        top = self.top_actor()
        return tuple(p for p in self.players if p != top and p not in self.passed)

    def cancelled(self) -> tuple[int, ...]:
        """The subject's cards (or ITSELF) cancelled by the cancels that stand.

        A cancel stands unless a standing cancel later in the chain cancels it."""
        standing = [False] * len(self.chain)
        for i in reversed(range(len(self.chain))):
            later = range(i + 1, len(self.chain))
            standing[i] = not any(standing[j] and self.chain[j].over == i for j in later)
        out = [c.target for i, c in enumerate(self.chain) if standing[i] and c.target is not None]
        return tuple(sorted(set(out)))

    def wild_warps(self) -> tuple[int, ...]:
        return tuple(c.card for c in self.chain)


# --- events -------------------------------------------------------------------------------


@arena_type
@dataclass(frozen=True)
class WindowOpened(Event):
    """A window opened on ``window.subject``: the players asked may pass or cancel."""

    window: Window

    def apply(self, state: GameState) -> GameState:
        return replace(state, window=self.window)


@arena_type
@dataclass(frozen=True)
class WindowPassed(Event):
    """A player let the latest play in the window stand (or the deadline did, for them)."""

    player: str

    def apply(self, state: GameState) -> GameState:
        assert state.window is not None
        return replace(state, window=replace(state.window, passed=(*state.window.passed, self.player)))


@arena_type
@dataclass(frozen=True)
class CancelPlayed(Event):
    """A Wild Warp played to cancel: it leaves whoever holds it for the discards at once, and
    opens the window again on itself (2.4.6)."""

    play: CancelPlay

    def apply(self, state: GameState) -> GameState:
        assert state.window is not None
        wild = self.play.card
        players = tuple(replace(p, hand=tuple(c for c in p.hand if c != wild)) for p in state.players)
        window = replace(state.window, chain=(*state.window.chain, self.play), passed=())
        return replace(state, players=players, discards=(*state.discards, self.play.card), window=window)


@arena_type
@dataclass(frozen=True)
class WindowClosed(Event):
    """The window closed; ``cancelled`` says what of its subject was cancelled."""

    cancelled: tuple[int, ...] = ()
    wild_warps: tuple[int, ...] = ()
    """Every Wild Warp played in the window (already in the discards)."""

    def apply(self, state: GameState) -> GameState:
        return replace(state, window=None)


# --- the API ------------------------------------------------------------------------------


def open_window(tx: Tx, subject: WindowSubject, players: tuple[str, ...] | None = None) -> None:
    """Open a window on ``subject``, asking every player still in but its actor (or the
    ``players`` given: the card helper passes those in before the card). With nobody to
    ask, it closes at once."""
    eligible = players if players is not None else tx.state.in_play
    tx.emit(WindowOpened(Window(subject, eligible)))
    _close_if_done(tx)


open = open_window
"""The name the combat helper's brief uses: ``windows.open(tx, subject)``."""


def answer_pass(tx: Tx, player: str) -> None:
    """Pass on the window's latest play."""
    window = _window(tx)
    if player not in window.asked():
        raise Refusal("not-asked", _not_asked(window, player))
    tx.emit(WindowPassed(player))
    _close_if_done(tx)


def answer_cancel(tx: Tx, player: str, named: int | None, hand: tuple[int, ...]) -> None:
    """Cancel with a Wild Warp from ``hand`` (the hand that counts for this window: see
    engine.warparena.game). A player without one is refused with a message about their
    own hand only (R-WA-CARD-4: the game master shows refusals to the player alone)."""
    window = _window(tx)
    if player not in window.asked():
        raise Refusal("not-asked", _not_asked(window, player))
    used = window.wild_warps()
    wilds = [c for c in hand if c not in used and card(c).kind is CardKind.WILD_WARP]
    if not wilds:
        raise Refusal("no-wild-warp", "You hold no Wild Warp to cancel with.")
    play = _target(window, player, named, wilds[0])
    tx.emit(CancelPlayed(play))
    _close_if_done(tx)


def close_by_deadline(tx: Tx) -> None:
    """The window's time ran out: everyone not answered passes (R-WA-CARD-3)."""
    window = _window(tx)
    for player in window.asked():
        tx.emit(WindowPassed(player))
    _close_if_done(tx)


def _target(window: Window, player: str, named: int | None, wild: int) -> CancelPlay:
    if named is None:
        if window.chain:
            return CancelPlay(player, wild, over=len(window.chain) - 1)
        target = window.subject.default_target(player)
        if target is None:
            choices = " or ".join(str(c) for c in window.subject.cards())
            raise Refusal("name-the-card", f"Name the card you cancel: {choices}.")
        return CancelPlay(player, wild, target=target)
    for index, play in enumerate(window.chain):
        if play.card == named:
            return CancelPlay(player, wild, over=index)
    if named in window.subject.cards():
        return CancelPlay(player, wild, target=named)
    choices = " or ".join(map(str, (*window.subject.cards(), *window.wild_warps())))
    hint = f"you may cancel {choices}." if choices else "cancel without naming a card."
    raise Refusal("not-in-window", f"Card {named} is not in play here; {hint}")


def _close_if_done(tx: Tx) -> None:
    window = tx.state.window
    if window is None or window.asked():
        return
    cancelled = window.cancelled()
    tx.emit(WindowClosed(cancelled, window.wild_warps()))
    window.subject.closed(tx, cancelled)


def _window(tx: Tx) -> Window:
    if tx.state.window is None:
        raise Refusal("no-window", "Nothing is waiting for a pass or a cancel.")
    return tx.state.window


def _not_asked(window: Window, player: str) -> str:
    waiting = window.asked()
    if player in window.passed:
        return f"You have already passed on {window.subject.describe()}."
    if not waiting:
        return "The window has closed."
    return (
        f"The window on {window.subject.describe()} waits on {listed(waiting)}, not you "
        f"({plural(len(waiting), 'answer')} still due)."
    )
