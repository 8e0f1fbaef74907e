"""Reading a console line the way Discord shows a slash command: ``/group sub key:value``.

Values with spaces are quoted (``text:"W1 ATTACKS W2: D=2 B=3"``; ``\\"`` is a quote inside
one). A few commands also take bare words (``/ship W1``, ``/as bob``, ``/wait 24h``). What
cannot be read is refused with a :class:`LineError` that says exactly what to type instead:
the known commands or subcommands, the options a command has, the value an option wants.
Commands are described by :class:`Spec` values; what they do lives elsewhere
(console.commands, console.app), so this module only reads.
"""

from __future__ import annotations

import difflib
import math
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import timedelta
from enum import Enum
from typing import Any


class LineError(ValueError):
    """A line that cannot be read; the message says how to write it."""


class Kind(Enum):
    """What an option's value must look like (its value names the kind in messages)."""

    TEXT = "text"
    WHOLE = "a whole number"
    NUMBER = "a number"
    YES_NO = "yes or no"
    DURATION = "a duration like 24h, 90m or 2d"


@dataclass(frozen=True)
class Option:
    name: str
    help: str
    kind: Kind = Kind.TEXT
    required: bool = False


@dataclass(frozen=True)
class Spec:
    """A command as typed: its name (``build ship``), what it is for, and its options."""

    name: str
    help: str
    options: tuple[Option, ...] = ()
    positional: tuple[str, ...] = ()
    """Options that bare words fill, in order (``/ship W1`` is ``/ship label:W1``)."""
    rest: bool = False
    """The last positional option takes all remaining words (``/as Alice Smith``)."""

    def option(self, name: str) -> Option | None:
        return next((o for o in self.options if o.name == name), None)

    @property
    def usage(self) -> str:
        """How to type it: ``/ship <label>``, ``/build ship star:… design:… [name:…]``."""
        return self.shown(self.options)

    @property
    def brief(self) -> str:
        """The usage with only the first optional options (``/warpwar new [title:…] […]``)."""
        optional = [o for o in self.options if not o.required]
        if len(optional) <= 3:
            return self.usage
        return self.shown([o for o in self.options if o.required or o in optional[:2]]) + " […]"

    def shown(self, options: Iterable[Option]) -> str:
        parts = [f"/{self.name}"]
        for o in options:
            shown = f"<{o.name}>" if o.name in self.positional else f"{o.name}:…"
            parts.append(shown if o.required else f"[{shown}]")
        return " ".join(parts)


@dataclass(frozen=True)
class Parsed:
    spec: Spec
    values: dict[str, Any]
    """Option name → value of its kind (str, int, float, bool, timedelta); only those given."""


@dataclass(frozen=True)
class _Token:
    key: str | None
    """The option name of ``key:value``; None for a bare word."""
    value: str
    quoted: bool
    column: int
    """1-based, for messages."""


_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*):")
_YES = {"yes", "y", "true", "on", "1"}
_NO = {"no", "n", "false", "off", "0"}
LONGEST = timedelta(days=366)
"""The longest duration one line may give (a year: no deadline is further away)."""
_WHOLE = re.compile(r"[+-]?[0-9]{1,9}")
"""A whole number as typed: ASCII digits, at most nine (no count or channel is bigger)."""
_DURATION = re.compile(r"(\d+(?:\.\d+)?)\s*([dhms]?)", re.IGNORECASE)
_UNITS = {
    "d": timedelta(days=1),
    "h": timedelta(hours=1),
    "m": timedelta(minutes=1),
    "s": timedelta(seconds=1),
}


def parse(line: str, specs: Mapping[str, Spec]) -> Parsed:
    """The command ``line`` asks for, with its options read and checked against ``specs``."""
    tokens = _merge_spaced(_tokens(line))
    if not tokens or tokens[0].key is not None or not tokens[0].value.startswith("/"):
        raise LineError("A command begins with /, like /warpwar status (/help lists them).")
    spec, used = _command(tokens, specs)
    return Parsed(spec, _values(spec, tokens[used:]))


def duration(text: str) -> timedelta:
    """``24h``, ``90m``, ``2d``, ``1h30m`` or a bare number of hours, up to :data:`LONGEST`."""
    compact = text.replace(" ", "")
    parts = _DURATION.findall(compact)
    if not compact or not compact.isascii() or "".join(n + u for n, u in parts) != compact:
        raise LineError(f"Cannot read {text!r} as a duration: write it like 24h, 90m, 2d or 1h30m.")
    try:
        span = sum((float(n) * _UNITS[(u or "h").lower()] for n, u in parts), timedelta())
    except OverflowError:  # more days than a timedelta holds
        span = LONGEST + LONGEST
    if span > LONGEST:
        raise LineError(f"{text[:20]!r} is too long: at most {LONGEST.days} days at a time.")
    return span


def _tokens(line: str) -> list[_Token]:
    """Split at spaces outside quotes."""
    found: list[_Token] = []
    i = 0
    while i < len(line):
        if line[i].isspace():
            i += 1
        else:
            token, i = _token(line, i)
            found.append(token)
    return found


def _token(line: str, start: int) -> tuple[_Token, int]:
    """The token at ``start`` and where it ends; a ``key:`` before any quote makes an option."""
    text: list[str] = []
    quoted, prefix, i = False, "", start
    while i < len(line) and not line[i].isspace():
        if line[i] == '"':
            prefix = prefix if quoted else "".join(text)
            i, inside = _quoted(line, i)
            text.append(inside)
            quoted = True
        else:
            text.append(line[i])
            i += 1
    whole = "".join(text)
    key = _KEY.match(prefix if quoted else whole)
    if key:
        return _Token(key.group(1).lower(), whole[key.end() :], quoted, start + 1), i
    return _Token(None, whole, quoted, start + 1), i


def _quoted(line: str, start: int) -> tuple[int, str]:
    """The text of the quote opening at ``start`` and the index after its closing quote."""
    out, i = [], start + 1
    while i < len(line):
        char = line[i]
        if char == "\\" and i + 1 < len(line) and line[i + 1] in '"\\':
            out.append(line[i + 1])
            i += 2
        elif char == '"':
            return i + 1, "".join(out)
        else:
            out.append(char)
            i += 1
    raise LineError(f'The quote at column {start + 1} is never closed: end the value with ".')


def _merge_spaced(tokens: list[_Token]) -> list[_Token]:
    """``star: Kish`` (a space after the colon, as Discord shows options) is ``star:Kish``."""
    merged: list[_Token] = []
    for token in tokens:
        last = merged[-1] if merged else None
        if last and last.key and not last.value and not last.quoted and token.key is None:
            merged[-1] = _Token(last.key, token.value, token.quoted, last.column)
        else:
            merged.append(token)
    return merged


def _command(tokens: list[_Token], specs: Mapping[str, Spec]) -> tuple[Spec, int]:
    """The longest command name the leading words spell, and how many tokens it took."""
    first = tokens[0].value[1:].lower()
    second = tokens[1] if len(tokens) > 1 and tokens[1].key is None and not tokens[1].quoted else None
    if second is not None and f"{first} {second.value.lower()}" in specs:
        return specs[f"{first} {second.value.lower()}"], 2
    if first in specs:
        return specs[first], 1
    subs = sorted(name.split(" ", 1)[1] for name in specs if name.startswith(f"{first} "))
    if subs and second is None:
        raise LineError(f"/{first} needs a subcommand: {', '.join(subs)}.")
    if subs:
        assert second is not None
        raise LineError(
            f"/{first} has no subcommand {second.value!r}{_guess(second.value.lower(), subs)}; "
            f"choose {', '.join(subs)}."
        )
    groups = sorted({name.split(" ", 1)[0] for name in specs})
    raise LineError(
        f"Unknown command /{first}{_guess(first, groups, '/')}. "
        f"Commands: {', '.join('/' + g for g in groups)} (/help tells more)."
    )


def _guess(word: str, choices: list[str], mark: str = "") -> str:
    close = difflib.get_close_matches(word, choices, n=1)
    return f" (did you mean {mark}{close[0]}?)" if close else ""


def _values(spec: Spec, tokens: list[_Token]) -> dict[str, Any]:
    raw: dict[str, str] = {}
    bare = [t for t in tokens if t.key is None]
    for token in tokens:
        if token.key is None:
            continue
        if spec.option(token.key) is None:
            raise LineError(_unknown_option(spec, token.key))
        if token.key in raw:
            raise LineError(f"{token.key}: is given twice (column {token.column}).")
        raw[token.key] = token.value
    for name, value in _positional(spec, bare).items():
        if name in raw:
            raise LineError(f"{name} is given twice: as {name}:… and as the bare word {value!r}.")
        raw[name] = value
    missing = [o.name for o in spec.options if o.required and o.name not in raw]
    if missing:
        raise LineError(f"/{spec.name} needs {', '.join(missing)}: {spec.usage}")
    return {name: _read(spec.option(name), value) for name, value in raw.items()}


def _unknown_option(spec: Spec, key: str) -> str:
    names = [o.name for o in spec.options]
    if not names:
        return f"/{spec.name} takes no options (got {key}:)."
    return f"/{spec.name} has no option {key}:{_guess(key, names)}; its options are {', '.join(names)}."


def _positional(spec: Spec, bare: list[_Token]) -> dict[str, str]:
    """Bare words given to the options that take them, in order."""
    slots = spec.positional
    if not slots and bare:
        raise LineError(
            f"/{spec.name} takes no bare words (got {bare[0].value!r} at column {bare[0].column}); "
            f"write options as key:value: {spec.usage}"
        )
    if len(bare) > len(slots) and not spec.rest:
        extra = bare[len(slots)]
        raise LineError(f"Too many words for /{spec.name} (from {extra.value!r}): {spec.usage}")
    values = {name: token.value for name, token in zip(slots, bare, strict=False)}
    if spec.rest and len(bare) > len(slots):
        values[slots[-1]] = " ".join(t.value for t in bare[len(slots) - 1 :])
    return values


def _read(option: Option | None, text: str) -> Any:
    """A value of the option's kind, or a LineError naming the option and the kind."""
    assert option is not None
    if option.kind is Kind.TEXT:
        return text
    if option.kind is Kind.DURATION:
        return duration(text)
    word = text.strip().lower()
    try:
        if option.kind is Kind.WHOLE and _WHOLE.fullmatch(word):
            return int(word)
        if option.kind is Kind.NUMBER and word.isascii() and math.isfinite(number := float(word)):
            return number
    except ValueError:
        pass
    if option.kind is Kind.YES_NO and word in _YES | _NO:
        return word in _YES
    raise LineError(f"{option.name}: wants {option.kind.value}, not {text!r}.")
