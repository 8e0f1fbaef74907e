"""Reading a typed line word by word, so that a mistake is reported where it is.

The text form of commands (engine.warparena.notation) is typed in a hurry, often on a phone;
an error names what was expected and carries the span (character offsets) of the words that
are wrong, so a front end can underline them. Words are separated by spaces or commas; ``;``
is a word of its own (it separates the parts of a move). Keywords match in any case.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from engine.warparena.hexes import HexName, grid_of, parse_hex
from engine.warparena.options import GRID_COUNTS

_WORD = re.compile(r";|[^\s;,]+")
_DIGITS = re.compile(r"[0-9]+")
_LABEL = re.compile(r"C|[DHBW][1-9][0-9]*", re.IGNORECASE)
_NAME = re.compile(r"[A-Za-z0-9_-]+")
"""A player's name in a game: letters, digits, ``_`` and ``-`` (gm.core.seat_name)."""

GRIDS = max(GRID_COUNTS)
"""The most grids an arena has (2.1); fewer-grid games use 1..N of them (R-WA-MAP-6)."""

T = TypeVar("T")


class NotationError(ValueError):
    """A line that cannot be read: ``message`` says what was expected, ``start``-``end`` (offsets
    in the line, end excluded; equal at the end of the line) where the wrong words are."""

    def __init__(self, message: str, start: int, end: int) -> None:
        super().__init__(message)
        self.message = message
        self.start = start
        self.end = end

    def pointer(self, text: str) -> str:
        """The line with the wrong part underlined below it, for a fixed-width display."""
        return f"{text}\n{' ' * self.start}{'^' * max(1, self.end - self.start)}"


@dataclass(frozen=True)
class Word:
    text: str
    start: int
    end: int

    @property
    def key(self) -> str:
        """The word as a keyword: lower case, ``_`` read as ``-``."""
        return self.text.lower().replace("_", "-")


def words(text: str) -> list[Word]:
    return [Word(m.group(), m.start(), m.end()) for m in _WORD.finditer(text)]


def is_label(text: str) -> bool:
    """Whether ``text`` is a piece's label: ``C``, ``D1``, ``h2`` (any case)."""
    return _LABEL.fullmatch(text) is not None


class Reader:
    """A line's words and a position in them."""

    def __init__(self, text: str, items: list[Word]) -> None:
        self.text = text
        self.items = items
        self.at = 0

    def done(self) -> bool:
        return self.at >= len(self.items)

    def peek(self) -> str:
        """The next word as a keyword; "" at the end."""
        return "" if self.done() else self.items[self.at].key

    def skip(self, *keys: str) -> bool:
        """Take the next word if it is one of ``keys``."""
        if not self.done() and self.peek() in keys:
            self.at += 1
            return True
        return False

    def fail(self, expected: str, word: Word | None = None) -> NotationError:
        """What was expected instead of ``word`` (the next word, or the end of the line)."""
        if word is None and not self.done():
            word = self.items[self.at]
        if word is None:
            end = self.items[-1].end if self.items else len(self.text)
            return NotationError(f"expected {expected} at the end", end, end)
        return NotationError(f'expected {expected}, not "{word.text}"', word.start, word.end)

    def take(self, expected: str) -> Word:
        if self.done():
            raise self.fail(expected)
        self.at += 1
        return self.items[self.at - 1]

    def keyword(self, *keys: str) -> str:
        """One of ``keys`` (the first is what the error names first)."""
        if self.done() or self.peek() not in keys:
            raise self.fail(either([f'"{k}"' for k in keys]))
        return self.take("").key

    def read(self, expected: str, convert: Callable[[str], T | None]) -> T:
        """The next word through ``convert``; None from it means the word is not ``expected``."""
        word = self.take(expected)
        value = convert(word.text)
        if value is None:
            raise self.fail(expected, word)
        return value

    def number(self, expected: str, low: int, high: int) -> int:
        """A whole number from ``low`` to ``high``; ``expected`` names it ("a card number")."""
        return self.read(f"{expected} ({low}-{high})", lambda t: _whole(t, low, high))

    def grid(self) -> int:
        return self.number("a grid number", 1, GRIDS)

    def hex(self) -> HexName:
        return self.read(f"a hex like 9-3 or 9-C (grids 1-{GRIDS})", _hex)

    def is_hex(self) -> bool:
        """Whether the next word is a hex."""
        return not self.done() and _hex(self.items[self.at].text) is not None

    def label(self, expected: str = "a piece's label (C, D1, H2, B3, W4)") -> str:
        return self.read(expected, lambda t: t.upper() if is_label(t) else None)

    def name(self) -> str:
        return self.read("a player's name", lambda t: t if _NAME.fullmatch(t) else None)

    def until(self, *stops: str) -> list[Word]:
        """The words up to (not including) the first of ``stops`` or the end."""
        start = self.at
        while not self.done() and self.peek() not in stops:
            self.at += 1
        return self.items[start : self.at]

    def extras(self, *groups: tuple[str, ...], end: Sequence[str] = ("the end",)) -> Iterator[str]:
        """The optional keywords that follow, in any order, at most one of each group (``destroy``
        or ``fortify``): yields each keyword as it is taken, and its caller reads what goes
        with it. ``end`` names what may come instead of them."""
        open_groups = list(groups)
        while not self.done():
            found = next((g for g in open_groups if self.peek() in g), None)
            if found is None:
                raise self.fail(either([f'"{k}"' for g in open_groups for k in g] + list(end)))
            open_groups.remove(found)
            yield self.take("").key

    def end(self, expected: str = "nothing more") -> None:
        """Nothing may follow; ``expected`` names what could have come instead."""
        if not self.done():
            raise self.fail(expected)


def _whole(text: str, low: int, high: int) -> int | None:
    if not _DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if low <= value <= high else None


def _hex(text: str) -> HexName | None:
    name = parse_hex(text)
    return name if name is not None and grid_of(name) <= GRIDS else None


def either(items: Sequence[str]) -> str:
    """``a``, ``a or b``, ``a, b or c``: what an error says was expected."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} or {items[-1]}"


def is_name(text: str) -> bool:
    """Whether ``text`` can be a player's name in the text form."""
    return _NAME.fullmatch(text) is not None
