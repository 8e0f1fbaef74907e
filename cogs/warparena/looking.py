"""What a Warp Arena game shows a player who asks: where it stands (public), their hand (private),
the dice (public: the commitment and the seats' seeds; the server seed only once it has ended).

Read from the game's view for the asker (engine.warparena.views), so nothing another player may
not see reaches them: the status names hand sizes, never cards, and never who holds a Wild Warp.
"""

from __future__ import annotations

from cogs.warparena.acting import arena_in
from engine.text import plural
from engine.warparena.cards import card
from engine.warparena.fair import commitment
from engine.warparena.views import GameView, view_for
from gm.announce import Reply, refused
from gm.core import Actor, Loaded
from gm.service import GameMaster

NOT_BEGUN = "The game has not begun: its seats are still filling."


def card_text(number: int) -> str:
    """``#12 Combat 3``: a card as its holder reads it (the number is what commands name)."""
    return f"#{number} {card(number)}"


def hand_text(hand: tuple[int, ...]) -> str:
    """A hand, one card a line, or that it is empty."""
    if not hand:
        return "Your hand is empty."
    lines = "\n".join(f"• {card_text(n)}" for n in sorted(hand))
    return f"Your hand ({plural(len(hand), 'card')}):\n{lines}"


def status_text(title: str, view: GameView) -> str:
    """The public state of play: turn, order, whose phase, points left, who is awaited, hands' sizes."""
    lines = [f"**{title}**: turn {view.turn}, stage {view.stage.value}."]
    if view.winner is not None:
        lines.append(f"{view.winner} won.")
    if view.order:
        lines.append(f"Order: {', '.join(view.order)}.")
    if view.active is not None:
        lines.append(f"{view.active}'s phase: {plural(view.ap_left, 'action point')} left.")
    for wait in view.waiting:
        what = f" ({wait.detail})" if wait.detail else ""
        lines.append(f"Waiting on {wait.player}: {wait.decision.value}{what}.")
    sizes = ", ".join(
        f"{p.name} {plural(p.hand_size, 'card')}{' (out)' if p.out else ''}" for p in view.players
    )
    lines.append(f"Hands: {sizes}. Deck: {plural(view.deck_size, 'card')}.")
    return "\n".join(lines)


async def status(gm: GameMaster, actor: Actor, channel_id: int) -> Reply:
    loaded = await arena_in(gm, channel_id)
    if isinstance(loaded, Reply):
        return loaded
    if loaded.state is None:
        seated = ", ".join(s.name for s in loaded.seats)
        text = f"**{loaded.row.title}** is filling its seats: {seated}."
    else:
        text = status_text(loaded.row.title, view_for(loaded.state, None))
    return Reply(True, text, private=False, game_id=loaded.row.id, channel_id=channel_id)


async def hand(gm: GameMaster, actor: Actor, channel_id: int) -> Reply:
    """The asker's own cards, privately."""
    loaded = await arena_in(gm, channel_id)
    if isinstance(loaded, Reply):
        return loaded
    seat = loaded.seat_of(actor.user_id)
    if seat is None:
        return refused("You are not playing in this game.", "not-seated")
    if loaded.state is None:
        return refused(NOT_BEGUN, "not-running")
    return Reply(True, hand_text(loaded.state.player(seat.name).hand), game_id=loaded.row.id)


def dice_text(loaded: Loaded) -> str:
    """How the dice are fair, and what anyone can check (R-WA-DICE-2)."""
    lines = [
        "Every roll is derived from a server seed fixed when the game opened and each player's own seed."
    ]
    if loaded.secret is not None:
        lines.append(f"Commitment (SHA-256 of the server seed): `{commitment(loaded.secret)}`.")
    for seat in sorted(loaded.seats, key=lambda s: s.joined):
        lines.append(f"• {seat.name}'s seed: {f'`{seat.seed}`' if seat.seed else 'none'}")
    if loaded.row.status in ("over", "abandoned") and loaded.secret is not None:
        lines.append(f"Server seed, now revealed: `{loaded.secret.hex()}`.")
        lines.append("Check every roll with `python -m engine.warparena.verify FILE` on the game's export.")
    else:
        lines.append("The server seed is revealed when the game ends.")
    return "\n".join(lines)


async def dice(gm: GameMaster, actor: Actor, channel_id: int) -> Reply:
    loaded = await arena_in(gm, channel_id)
    if isinstance(loaded, Reply):
        return loaded
    return Reply(True, dice_text(loaded), game_id=loaded.row.id)
