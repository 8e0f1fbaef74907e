"""The working area of one command: a state and the events applied to it so far.

Handlers validate, then ``emit`` events; each event is folded at once so the next check
sees its effect. A handler refuses by raising :class:`Refusal`, which
:func:`engine.warpwar.game.apply` turns into a :class:`~engine.warpwar.game.Rejected` value:
the caller never sees the exception, and the input state is untouched.
"""

from __future__ import annotations

from engine.warpwar.events import Event
from engine.warpwar.state import GameState


class Refusal(Exception):  # noqa: N818 - a refusal is not an error of the program
    """A command the rules do not allow; ``message`` says why in the player's words."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class Tx:
    def __init__(self, state: GameState) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.state = event.made(self.state)
        self.events.append(event)
