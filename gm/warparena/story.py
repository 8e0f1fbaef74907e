"""A Warp Arena game's story: each event told to its audience, plainly.

What may be told where (issue 12 item 3, R-WA-CARD-4):

* the channel hears what happened on the board, the cards played (a card played is shown to
  all), the dice, the fights once their choices are revealed, who is out and who won;
* a player alone hears the cards they draw (everyone else hears how many);
* nobody hears the deck's order, a sealed fight choice before the reveal (only that it was
  sealed), or what a player who went out held, so no line ever says who holds a Wild Warp.

Events without a line here are told nothing: a new event stays quiet until someone decides
what of it is public, never the other way round.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence

from engine.text import plural
from engine.warparena import board_events as board
from engine.warparena import combat_events as fights
from engine.warparena import events as ev
from engine.warparena import windows
from engine.warparena.cards import card
from engine.warparena.pieces import Piece
from engine.warparena.state import GameState
from engine.warparena.tx import Event, Rolled
from engine.warparena.views import waiting_on
from gm.announce import Announcement, ToChannel, ToPlayer
from gm.warparena.channel import SET_UP, SETTING_UP, set_up_heading


class Story:
    """Lines gathered while the events are told: public ones (set-up's apart, for its one
    post: gm.warparena.channel), and each player's own."""

    def __init__(self, seats: Mapping[str, int]) -> None:
        self.seats = seats
        self.setting_up = False
        """Whether the lines told now are set-up's."""
        self.set_up: list[str] = []
        self.next_to_place: str | None = None
        """Who places next during set-up: its post's footer says it rather than a line per
        placement (the question to that player asks them anyway)."""
        self.public: list[str] = []
        self.private: dict[str, list[str]] = {}

    def all(self, text: str) -> None:
        (self.set_up if self.setting_up else self.public).append(text)

    def only(self, player: str, text: str) -> None:
        if player in self.seats:
            self.private.setdefault(player, []).append(text)

    def announcements(self, set_up_over: bool) -> list[Announcement]:
        """Set-up's lines as its post (over or not), the others, then each player's own."""
        out = []
        if self.set_up:
            heading = set_up_heading(set_up_over, self.next_to_place)
            out.append(Announcement(ToChannel(), "\n".join(self.set_up), heading=heading, phase=SET_UP))
        if self.public:
            out.append(Announcement(ToChannel(), "\n".join(self.public)))
        out.extend(
            Announcement(ToPlayer(p, self.seats.get(p, 0)), "\n".join(lines))
            for p, lines in self.private.items()
        )
        return out


Teller = Callable[[Story, Event, GameState], None]
"""Tells one event, with the state after it."""


def _words(name: str) -> str:
    """``MoveAndEngage`` as ``Move and Engage``."""
    spaced = re.sub(r"(?<!^)(?=[A-Z])", " ", name)
    return spaced.replace(" And ", " and ")


def _created(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.GameCreated)
    story.all(f"Warp Arena for {', '.join(e.players)} on {plural(e.options.grids, 'grid')}.")


def _drawn(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.CardsDrawn)
    story.all(f"{e.player} draws {plural(len(e.cards), 'card')}.")
    story.only(e.player, f"You draw {', '.join(f'{n} ({card(n)})' for n in e.cards)}.")


def _reshuffled(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.DeckShuffled)
    story.all("The discards are shuffled into a new deck." if e.reshuffle else "The deck is shuffled.")


def _rolled(story: Story, e: Event, after: GameState) -> None:
    """Dice in the open, each with its number so anyone can find it in the export
    (R-WA-DICE-2); the many that shuffle the deck are only in the export (its order is
    nobody's to know, and one line per card tells nobody anything)."""
    assert isinstance(e, Rolled)
    if e.for_ == "shuffle":
        return
    who = f"{e.player} rolls" if e.player else "Rolled"
    story.all(f"{who} {e.roll.value} on 1d{e.roll.sides} ({e.for_}, roll #{e.roll.n}).")


def _arena(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.ArenaBuilt)
    story.all(f"The arena is laid at random: {plural(len(e.grids), 'grid')}.")


def _next(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.NextToPlace)
    if not story.setting_up:  # set-up's post says it in its footer (Story.next_to_place)
        story.all(f"{e.player} places next.")


def _initiative(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.InitiativeRolled)
    story.all("Initiative: " + ", ".join(f"{p} {n}" for p, n in e.rolls.items()) + ".")


def _initiative_card(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.InitiativeCard)
    if e.card is not None:
        story.all(f"{e.player} adds card {e.card} ({card(e.card)}) to the initiative roll: +{e.value}.")


def _turn(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.TurnBegun)
    story.all(f"**Turn {e.turn}.** Order of play: {', '.join(e.order)}.")


def _phase(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.PhaseBegun)
    story.all(f"{e.player}'s phase: {plural(e.points, 'action point')}.")


def _phase_ended(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.PhaseEnded)
    story.all(f"{e.player} ends their phase.")


def _action(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.ActionSelected)
    story.all(f"{e.player}: {_words(type(e.action).__name__)} ({plural(e.cost, 'action point')}).")


def _card_played(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.CardPlayed)
    on = f" on grid {e.grid}" if e.grid is not None else ""
    story.all(f"{e.player} plays card {e.card} ({card(e.card)}){on}.")


def _card_stood(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.CardStood)
    story.all(f"Card {e.card} ({card(e.card)}) stands.")


def _card_cancelled(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.CardCancelled)
    story.all(f"Card {e.card} ({card(e.card)}) is cancelled: the game is as it was before it.")


def _passed(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, windows.WindowPassed)
    story.all(f"{e.player} passes.")


def _cancel(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, windows.CancelPlayed)
    story.all(f"{e.play.player} plays card {e.play.card} (Wild Warp) to cancel.")


def _grid_placed(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.GridPlaced)
    who = f"{e.player} places" if e.player else "Placed:"
    story.all(f"{who} grid {e.number}, turned {e.rotation}.")


def _grid_rotated(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.GridRotated)
    story.all(f"Grid {e.number} turns to {e.rotation}.")


def _grid_warped(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.GridWarped)
    story.all(f"Grid {e.number} warps to a new place, turned {e.rotation}.")


def _swapped(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.GridsSwapped)
    story.all(f"Grids {e.first.number} and {e.second.number} swap places.")


def _piece(piece: Piece) -> str:
    return f"{piece.owner}'s {piece.label}"


def _hex_destroyed(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.HexDestroyed)
    lost = f", taking {', '.join(_piece(p) for p in e.pieces)} with it" if e.pieces else ""
    story.all(f"Hex {e.hex} is destroyed{lost}.")


def _field_created(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.ForceFieldCreated)
    story.all(f"{e.owner} puts a force field on {e.hex}.")


def _field_destroyed(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.ForceFieldDestroyed)
    story.all(f"{e.owner}'s force field on {e.hex} is destroyed.")


def _pd_created(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.PDCreated)
    where = f"with {e.carrier}" if e.carrier is not None else f"on {e.hex}"
    story.all(f"A power disc appears {where}." if not e.lost else f"A power disc for {e.hex} is lost.")


def _picked_up(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.PDsPickedUp)
    story.all(f"{e.piece} picks up {plural(e.pds, 'power disc')} at {e.hex}.")


def _stolen(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.PDsStolen)
    taken = sum(t.pds for t in e.taken) + e.unclaimed
    story.all(f"{e.piece} takes {plural(taken, 'power disc')} at {e.hex}.")


def _handed(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.PDsHandedOver)
    story.all(f"{e.giver} hands {plural(e.pds, 'power disc')} to {e.taker}.")


def _moved(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.PieceMoved)
    how = " (hop)" if e.hop else ""
    story.all(f"{e.piece} moves {' '.join(e.path)}{how}.")


def _added(story: Story, e: Event, after: GameState) -> None:
    """A robot placed in set-up, or made by a conversion (whose line comes first)."""
    assert isinstance(e, board.PieceAdded)
    piece = e.piece
    if after.stage in SETTING_UP:
        story.all(f"{piece.owner} places {piece.label} on {piece.hex}.")
    else:
        story.all(f"{_piece(piece)} comes into the arena on {piece.hex}.")


def _warped(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.PieceWarped)
    end = f"to {e.hex}, a destroyed hex, and is lost" if e.destroyed else f"to {e.hex}"
    story.all(f"{e.piece} warps {end}.")


def _removed(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, board.PiecesRemoved)
    story.all(f"Removed: {', '.join(str(p) for p in e.pieces)}.")


def _converted(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, ev.DiscsConverted)
    story.all(f"{e.player} converts power discs at {e.hex}.")


def _combat(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, fights.CombatBegun)
    story.all(f"**Combat at {e.hex}**: {e.attacker} against {', '.join(e.opponents)}.")


def _matched(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, fights.MatchedUp)
    pairs = "; ".join(f"{p.attacker} against {p.defender}" for p in e.pairs)
    story.all(f"{e.chooser} matches up at {e.hex}: {pairs}.")


def _redistributed(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, fights.PDsRedistributed)
    story.all(f"{e.player} shares out power discs at {e.hex}.")


def _revealed(story: Story, e: Event, after: GameState) -> None:
    """The reveal: only now are the fighters' sealed cards told."""
    assert isinstance(e, fights.Revealed)
    cards = ", ".join(f"{p} card {n} ({card(n)})" for p, n in e.cards.items()) or "no cards"
    against = f" against {e.defender}" if e.defender is not None else ""
    story.all(f"At {e.hex}, {e.attacker}{against}: revealed {cards}.")


def _fought(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, fights.FightDecided)
    against = f" against {e.defender}" if e.defender is not None else ""
    lost = f"; {e.destroyed} is destroyed" if e.destroyed is not None else ""
    field = "; the force field falls" if e.field_down else ""
    total = f"{e.attacker_total} to {e.defender_total}"
    story.all(f"{e.attacker}{against}: {total}, {e.winner} wins{lost}{field}.")


def _compared(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, fights.SidesCompared)
    total = f"{e.attacker_total} to {e.defender_total}"
    story.all(f"At {e.hex}, {e.attacker} against {e.defender}: {total}, {e.winner} wins.")


def _combat_over(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, fights.CombatOver)
    held = f"{e.holder} holds it" if e.holder else "nobody holds it"
    story.all(f"The combat at {e.hex} is over: {held}.")


def _out(story: Story, e: Event, after: GameState) -> None:
    """What the player held goes to the discards untold (R-WA-CARD-4: no Wild Warp is named)."""
    assert isinstance(e, fights.PlayerOut)
    how = f", their C-bot destroyed by {e.by}" if e.by else ""
    story.all(f"**{e.player} is out**{how}.")


def _won(story: Story, e: Event, after: GameState) -> None:
    assert isinstance(e, fights.GameWon)
    story.all(f"**{e.winner} wins the game.**")


TELLERS: dict[type[Event], Teller] = {
    ev.GameCreated: _created,
    ev.CardsDrawn: _drawn,
    ev.DeckShuffled: _reshuffled,
    Rolled: _rolled,
    ev.ArenaBuilt: _arena,
    ev.NextToPlace: _next,
    ev.InitiativeRolled: _initiative,
    ev.InitiativeCard: _initiative_card,
    ev.TurnBegun: _turn,
    ev.PhaseBegun: _phase,
    ev.PhaseEnded: _phase_ended,
    ev.ActionSelected: _action,
    ev.CardPlayed: _card_played,
    ev.CardStood: _card_stood,
    ev.CardCancelled: _card_cancelled,
    ev.DiscsConverted: _converted,
    windows.WindowPassed: _passed,
    windows.CancelPlayed: _cancel,
    board.GridPlaced: _grid_placed,
    board.GridRotated: _grid_rotated,
    board.GridWarped: _grid_warped,
    board.GridsSwapped: _swapped,
    board.HexDestroyed: _hex_destroyed,
    board.ForceFieldCreated: _field_created,
    board.ForceFieldDestroyed: _field_destroyed,
    board.PDCreated: _pd_created,
    board.PDsPickedUp: _picked_up,
    board.PDsStolen: _stolen,
    board.PDsHandedOver: _handed,
    board.PieceAdded: _added,
    board.PieceMoved: _moved,
    board.PieceWarped: _warped,
    board.PiecesRemoved: _removed,
    fights.CombatBegun: _combat,
    fights.MatchedUp: _matched,
    fights.PDsRedistributed: _redistributed,
    fights.Revealed: _revealed,
    fights.FightDecided: _fought,
    fights.SidesCompared: _compared,
    fights.CombatOver: _combat_over,
    fights.PlayerOut: _out,
    fights.GameWon: _won,
}


def tell(
    events: Sequence[Event], start: GameState | None, seats: Mapping[str, int], note: str = ""
) -> list[Announcement]:
    """Announcements for ``events`` applied in turn from ``start`` (None: a new game)."""
    story = Story(seats)
    story.setting_up = start is None or start.stage in SETTING_UP
    if note:
        story.all(note)
    state = start
    for event in events:
        state = ev.fold(state, [event])
        story.setting_up = state.stage in SETTING_UP
        teller = TELLERS.get(type(event))
        if teller is not None:
            teller(story, event, state)
    if state is not None and state.stage in SETTING_UP:
        story.next_to_place = next((w.player for w in waiting_on(state)), None)
    return story.announcements(set_up_over=state is not None and state.stage not in SETTING_UP)


def hand_line(state: GameState, player: str) -> str:
    """``Your hand: 12 (Combat 3), 81 (Wild Warp).``: for the player alone."""
    hand = state.player(player).hand
    return f"Your hand: {', '.join(f'{n} ({card(n)})' for n in hand) or 'empty'}."


def hands(state: GameState) -> list[str]:
    """Every hand, for the end of the game (abandoned: nothing is secret any more)."""
    return [
        f"{p.name} held {', '.join(f'{n} ({card(n)})' for n in p.hand) or 'nothing'}." for p in state.players
    ]
