"""Combat orders written the rulebooks' way: read leniently, printed one way (R-CBT-2).

Players type sealed orders as the rule texts print them: ``W3 (TL0) ATTACKS S25: D=0 B=3 S=2 T=0``
with each Missile on a line of its own (``M at W4: D=3``). The two editions spell the same
order differently (``TL0`` or ``Level 0``, ``D`` or ``PD``, with or without commas and a final
period), so the reader takes every spelling the examples use, and the printer writes one
canonical form back: what a player sees confirmed is exactly what the engine will resolve.

Orders are typed in a hurry, often on a phone, so a mistake is reported with its line, column
and the words that could not be read (``line 1, at "B=x": a power allocation is written like
B=3``) rather than a bare "cannot parse". Whether an order is *legal* for a ship is not decided
here (``engine.warpwar.order_checks`` does that): the printer writes any numbers it is given.

A player may begin a ship's orders with its name instead of its label (``Reliant ATTACKS W2``).
Names are the owner's own and known only to them, so the reader is handed a :data:`ShipNamer`
by the caller who knows the player's fleet; it stays pure, and an error still points at the
words as typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from itertools import groupby

from engine.text import plural
from engine.warpwar.crt import Tactic
from engine.warpwar.orders import CannonShot, DamageSlot, DamageStep, MissileShot, Orders

_TOKEN = re.compile(r"(?P<word>-?\w+(?:@\w+(?:[.\-]\w+)*)?)|(?P<mark>\S)")
"""Words (``ATTACKS``, ``3``, ``W1@bob``) and single punctuation marks; spaces only separate."""
_LABEL = re.compile(r"[WS][0-9]+", re.IGNORECASE)
_TARGET = re.compile(r"[WS][0-9]+(?:@\w+(?:[.\-]\w+)*)?", re.IGNORECASE)
_NUMBER = re.compile(r"[0-9]+")
_HEX = re.compile(r"[0-9]{4}")
_TL_WORD = re.compile(r"TL[0-9]+", re.IGNORECASE)
_MISSILE = re.compile(r"M[0-9]*", re.IGNORECASE)

_TACTICS: dict[str, Tactic] = {word: tactic for tactic in Tactic for word in (tactic.name, f"{tactic.name}S")}
_VERBS: dict[Tactic, str] = {tactic: f"{tactic.name}S" for tactic in Tactic}
_POWER_NAMES: dict[str, str] = {"D": "drive", "B": "beam", "S": "screen", "E": "ECM", "T": "tubes"}
_POWER_ALIASES: dict[str, str] = {"PD": "D"}
_SLOTS: dict[str, tuple[DamageSlot, ...]] = {
    **{slot.value.upper(): (slot,) for slot in DamageSlot},
    "H": (DamageSlot.EMPTY_H, DamageSlot.LOADED_H),
    "SR": (DamageSlot.EMPTY_SR, DamageSlot.LOADED_SR),
}

_SHIP_EXAMPLE = "W3 ATTACKS S25: D=0 B=3"
_ALLOCATION_EXAMPLE = "a power allocation is written like {letter}=3"
_BURST_EXAMPLE = "a burst is written like C=1 (3 shells) or C=1 (2 shells at W5)"
_MISSILE_EXAMPLE = "a missile is written like M at W3: D=3"
_HEX_EXAMPLE = "a hex is written with four digits, like retreat to 1719"
_DAMAGE_EXAMPLE = (
    "damage slots are A, E, SH, M, C, T, S, B, PD, H, SR, empty H, loaded H, empty SR, loaded SR"
)


ShipNamer = Callable[[str], str | None]
"""The label of the ordering player's own ship that some words name (``Reliant``, ``W1 Reliant``),
None if they name none; raises ``ValueError`` (its message the problem) when they cannot be read
as one ship, e.g. a name two ships share."""


class NotationError(ValueError):
    """Orders that cannot be read; says where (1-based line and column) and which words."""

    def __init__(self, line: int, column: int, fragment: str, problem: str) -> None:
        where = f'line {line}, at "{fragment}"' if fragment else f"line {line}"
        super().__init__(f"{where}: {problem}")
        self.line = line
        self.column = column
        self.fragment = fragment
        self.problem = problem


@dataclass(frozen=True)
class _Token:
    text: str
    start: int
    """0-based offset in its line."""
    end: int
    is_word: bool

    @property
    def upper(self) -> str:
        return self.text.upper()


class _Reader:
    """One clause's tokens and a position in them, so that errors can point at what was read."""

    def __init__(self, line: str, number: int, tokens: list[_Token]) -> None:
        self.line = line
        self.line_number = number
        self.tokens = tokens
        self.at = 0

    def done(self) -> bool:
        return self.at >= len(self.tokens)

    def peek(self) -> str:
        """The next token, upper-cased; "" past the end."""
        return "" if self.done() else self.tokens[self.at].upper

    def take(self) -> _Token:
        token = self.tokens[self.at]
        self.at += 1
        return token

    def skip(self, *words: str) -> bool:
        """Take the next token if it is one of ``words`` (upper case)."""
        if self.peek() in words:
            self.at += 1
            return True
        return False

    def skip_match(self, pattern: re.Pattern[str]) -> str | None:
        """Take the next token if it matches ``pattern`` wholly; return its text."""
        if self.done() or not pattern.fullmatch(self.tokens[self.at].text):
            return None
        return self.take().text

    def number(self) -> int | None:
        text = self.skip_match(_NUMBER)
        return None if text is None else int(text)

    def target(self) -> str | None:
        """A ship reference (``W5``, ``w1@Bob``): the label upper-cased, the owner as written."""
        text = self.skip_match(_TARGET)
        if text is None:
            return None
        label, at, owner = text.partition("@")
        return f"{label.upper()}{at}{owner}"

    def closing(self, start: int) -> int:
        """Index just past the first ``)`` from ``start`` on (the clause's end if there is none)."""
        for i in range(start, len(self.tokens)):
            if self.tokens[i].text == ")":
                return i + 1
        return len(self.tokens)

    def item_end(self, start: int) -> int:
        """Index just past an ``X=value`` item beginning at ``start``, however much of it there is."""
        end = start + 1
        if end < len(self.tokens) and self.tokens[end].text == "=":
            end += 1
            if end < len(self.tokens) and self.tokens[end].is_word:
                end += 1
        return end

    def text(self, start: int, end: int) -> str:
        """The clause as written from token ``start`` up to (not including) token ``end``."""
        return self.line[self.tokens[start].start : self.tokens[end - 1].end]

    def fail(self, start: int, problem: str, end: int | None = None) -> NotationError:
        """An error about tokens ``start`` to ``end`` (the whole clause when reading ran off its end)."""
        if start >= len(self.tokens):
            start, end = 0, len(self.tokens)
        end = min(max(end if end is not None else self.at, start + 1), len(self.tokens))
        return NotationError(self.line_number, self.tokens[start].start + 1, self.text(start, end), problem)

    def fail_clause(self, problem: str) -> NotationError:
        return self.fail(0, problem, len(self.tokens))

    def finish(self, problem: str) -> None:
        """Nothing may follow a complete clause."""
        if not self.done():
            raise self.fail(self.at, problem, len(self.tokens))


def _clauses(text: str) -> Iterator[_Reader]:
    """Each line split at ``;``, blank clauses left out and a final period dropped."""
    for number, line in enumerate(text.splitlines(), start=1):
        clause: list[_Token] = []
        for match in _TOKEN.finditer(line):
            token = _Token(match.group(), match.start(), match.end(), match.lastgroup == "word")
            if token.text == ";":
                yield from _clause(line, number, clause)
                clause = []
            else:
                clause.append(token)
        yield from _clause(line, number, clause)


def _clause(line: str, number: int, tokens: list[_Token]) -> Iterator[_Reader]:
    if tokens and tokens[-1].text == ".":
        tokens = tokens[:-1]
    if tokens:
        yield _Reader(line, number, tokens)


# --- reading ---------------------------------------------------------------------------------


def parse_orders(text: str, names: ShipNamer | None = None) -> tuple[Orders, ...]:
    """Read one or more ships' orders; each ship header starts a new ship's orders. With
    ``names``, a header may name the ordering ship instead of giving its label."""
    return tuple(orders for _, orders in _read(text, names))


def parse_order(text: str) -> Orders:
    """Read exactly one ship's orders."""
    read = _read(text, None)
    if len(read) > 1:
        reader = read[1][0]
        raise reader.fail(0, "only one ship's orders go here; send each ship's orders on its own", 1)
    return read[0][1]


def _read(text: str, names: ShipNamer | None) -> list[tuple[_Reader, Orders]]:
    """Each ship's orders with the header clause that began them (to point at it in errors)."""
    read: list[tuple[_Reader, Orders]] = []
    for reader in _clauses(text):
        named = _named(reader, names, first=not read)
        if named is not None:
            read.append((reader, _header(reader, named)))
        elif _LABEL.fullmatch(reader.peek()):
            read.append((reader, _header(reader, reader.take().upper)))
        elif not read:
            raise reader.fail_clause(f"orders begin with a ship, like {_SHIP_EXAMPLE}")
        else:
            read[-1] = (read[-1][0], _further(reader, read[-1][1]))
    if not read:
        raise NotationError(1, 1, "", f"there are no orders; write them like {_SHIP_EXAMPLE}")
    return read


def _named(r: _Reader, names: ShipNamer | None, *, first: bool) -> str | None:
    """The label of the ship a clause begins by naming (the longest words that name one), the
    words taken; None, taking nothing, if it names none. A clause that reads as a missile, pick
    up, drop, retreat or damage is one, unless no ship's orders have begun yet."""
    if names is None or (not first and (_MISSILE.fullmatch(r.peek()) or r.peek() in _CLAUSES)):
        return None
    for end in range(len(r.tokens), 0, -1):
        if not r.tokens[end - 1].is_word:
            continue
        try:
            label = names(r.text(0, end))
        except NotationError:
            raise
        except ValueError as refusal:
            raise r.fail(0, str(refusal), end) from None
        if label is not None:
            r.at = end
            return label.upper()
    return None


def _header(r: _Reader, ship: str) -> Orders:
    """``W3 (TL0) ATTACKS S25: D=0 B=3 …`` once the ship is read; the tech level is the ship's
    own and is ignored."""
    _skip_tech_level(r)
    r.skip(":")
    tactic = _tactic(r)
    target = _header_target(r)
    r.skip(":")
    return _allocations(r, Orders(ship=ship, tactic=tactic, target=target))


def _skip_tech_level(r: _Reader) -> None:
    if r.peek() != "(":
        return
    start = r.at
    r.take()
    written = r.skip_match(_TL_WORD) is not None or (r.skip("TL", "LEVEL") and r.number() is not None)
    if not (written and r.skip(")")):
        raise r.fail(start, "a tech level is written like (TL0) or (Level 0)", r.closing(start))


def _tactic(r: _Reader) -> Tactic:
    if r.done():
        raise r.fail_clause("the tactic is missing; write ATTACKS, DODGES or RETREATS after the ship")
    tactic = _TACTICS.get(r.peek())
    if tactic is None:
        raise r.fail(r.at, f"{r.tokens[r.at].text} is not a tactic; write ATTACKS, DODGES or RETREATS")
    r.take()
    return tactic


def _header_target(r: _Reader) -> str | None:
    """``ATTACKS S25``, ``DODGES, FIRING AT S25``, ``dodge at s25``, or no target at all."""
    r.skip(",")
    firing = r.skip("FIRING", "FIRES")
    at = r.skip("AT")
    target = r.target()
    if target is None and (firing or at):
        raise r.fail(r.at, "name the ship to fire at, like DODGES, FIRING AT S25")
    if target is None and _a_name(r):
        word = r.tokens[r.at].text
        raise r.fail(
            r.at, f"{word} is not a ship label; name the ship to fire at by its label, like ATTACKS S25"
        )
    return target


def _a_name(r: _Reader) -> bool:
    """Whether the next token is a word that starts no power allocation (``Warden``, not ``D=2``):
    a target named, where only labels are read (an enemy's ship names are not known to you)."""
    if r.done() or not r.tokens[r.at].is_word:
        return False
    following = r.tokens[r.at + 1].text if r.at + 1 < len(r.tokens) else ""
    return following != "=" and not _NUMBER.fullmatch(r.tokens[r.at].text)


def _allocations(r: _Reader, orders: Orders) -> Orders:
    """``D=0 B=3 S=2 T=0 C=1 (3 shells)``: power to each attribute, cannons and their bursts."""
    power: dict[str, int] = {}
    while not r.done():
        if r.skip(","):
            continue
        start = r.at
        written = r.take().upper
        letter = _POWER_ALIASES.get(written, written)
        if letter not in _POWER_NAMES and letter != "C":
            unknown = f"{written} is not a power allocation; use D, B, S, E, T or C"
            problem = unknown if r.peek() == "=" else _ALLOCATION_EXAMPLE.format(letter="B")
            raise r.fail(start, problem, r.item_end(start))
        amount = r.number() if r.skip("=") else None
        if amount is None:
            raise r.fail(start, _ALLOCATION_EXAMPLE.format(letter=letter), r.item_end(start))
        if letter == "C":
            orders = _cannons(r, orders, amount)
        elif letter in power:
            raise r.fail(start, f"{written} (the {_POWER_NAMES[letter]}) is given twice")
        else:
            power[letter] = amount
    return replace(
        orders,
        drive=power.get("D", 0),
        beam=power.get("B", 0),
        screen=power.get("S", 0),
        ecm=power.get("E", 0),
        tubes=power.get("T", 0),
    )


def _cannons(r: _Reader, orders: Orders, count: int) -> Orders:
    """``C=2`` powers two cannons; ``C=2 (3 shells)`` also fires a 3-shell burst from each."""
    shots = (_burst(r),) * count if r.peek() == "(" else ()
    return replace(orders, cannons=orders.cannons + count, shots=(*orders.shots, *shots))


def _burst(r: _Reader) -> CannonShot:
    """``(3 shells)``, ``(firing 1 shell)``, ``(2 shells at W5)``."""
    start = r.at
    r.take()
    r.skip("FIRING", "FIRES")
    shells = r.number()
    readable = shells is not None and r.skip("SHELL", "SHELLS")
    target = None
    if readable and r.skip("AT"):
        target = r.target()
        readable = target is not None
    if shells is None or not (readable and r.skip(")")):
        raise r.fail(start, _BURST_EXAMPLE, r.closing(start))
    return CannonShot(shells, target)


def _further(r: _Reader, orders: Orders) -> Orders:
    """A clause after the header: a missile, pick up, drop, retreat to, or damage."""
    if _MISSILE.fullmatch(r.peek()):
        return _missile(r, orders)
    first = r.take()
    read = _CLAUSES.get(first.upper)
    if read is None:
        raise r.fail(
            0,
            f"{first.text} does not start an order; a line starts with a ship ({_SHIP_EXAMPLE}), "
            "a missile (M at W3: D=3), pick up, drop, retreat to or damage",
        )
    return read(r, orders)


def _missile(r: _Reader, orders: Orders) -> Orders:
    """``M at W3: D=3``, ``M ATTACKS W3: D=3``, ``M2 at W4: D = 4`` (the number is only a name)."""
    r.take()
    target = r.target() if r.skip("AT", "ATTACK", "ATTACKS") else None
    r.skip(":")
    drive = r.number() if target is not None and r.skip("D", "PD") and r.skip("=") else None
    if target is None or drive is None:
        raise r.fail_clause(_MISSILE_EXAMPLE)
    r.finish(_MISSILE_EXAMPLE)
    return replace(orders, missiles=(*orders.missiles, MissileShot(target, drive)))


def _labels(r: _Reader, example: str) -> tuple[str, ...]:
    """Ship labels separated by spaces or commas, at least one."""
    labels: list[str] = []
    while not r.done():
        if r.skip(","):
            continue
        label = r.skip_match(_LABEL)
        if label is None:
            raise r.fail(r.at, f"{r.tokens[r.at].text} is not a ship label; write {example}")
        labels.append(label.upper())
    if not labels:
        raise r.fail_clause(f"name the ships, like {example}")
    return tuple(labels)


def _pick_up(r: _Reader, orders: Orders) -> Orders:
    if r.tokens[0].upper == "PICK" and not r.skip("UP"):
        raise r.fail_clause("write pick up S12 S13")
    return replace(orders, pick_up=(*orders.pick_up, *_labels(r, "pick up S12 S13")))


def _drop(r: _Reader, orders: Orders) -> Orders:
    return replace(orders, drop=(*orders.drop, *_labels(r, "drop S14")))


def _retreat_to(r: _Reader, orders: Orders) -> Orders:
    """``retreat to 1719`` or ``escape to 1719``: where the ship goes if it gets away."""
    if orders.retreat_to is not None:
        raise r.fail_clause("the hex to retreat to is already given")
    r.skip("TO")
    where = r.skip_match(_HEX)
    if where is None:
        raise r.fail(r.at, _HEX_EXAMPLE, r.at + 1)
    r.finish(_HEX_EXAMPLE)
    return replace(orders, retreat_to=where)


def _damage(r: _Reader, orders: Orders) -> Orders:
    """``damage A, S, B, PD`` or ``damage PD 1, S 1, M 1``: where this round's hits go first."""
    if orders.damage:
        raise r.fail_clause("the damage priority is already given; write it once")
    r.skip(":")
    return replace(orders, damage=_damage_steps(r))


def _damage_steps(r: _Reader) -> tuple[DamageStep, ...]:
    """Slots in order, each with an optional count; bare H or SR means empty, then loaded."""
    steps: list[DamageStep] = []
    while not r.done():
        if r.skip(","):
            continue
        start = r.at
        written = r.take().upper
        if written in ("EMPTY", "LOADED") and not r.done():
            written = f"{written} {r.take().upper}"
        found = _SLOTS.get(written)
        if found is None:
            raise r.fail(start, f"{r.text(start, r.at)} is not a damage slot; {_DAMAGE_EXAMPLE}")
        if any(step.slot in found for step in steps):
            raise r.fail(start, f"{r.text(start, r.at)} is given twice in the damage priority")
        slot_end = r.at
        limit = r.number()
        if limit is not None and len(found) > 1:
            raise r.fail(start, f"give the count to empty {written} or loaded {written}", r.at)
        if limit == 0:
            raise r.fail(slot_end, "a count of hits is 1 or more", r.at)
        steps.extend(DamageStep(slot, limit) for slot in found)
    if not steps:
        raise r.fail_clause("name the slots, like damage A, S, B, PD")
    return tuple(steps)


def parse_damage(text: str) -> tuple[DamageStep, ...]:
    """A damage priority on its own (a ship's standing priority): ``A, S 2, B, PD``."""
    line = " ".join(text.split())
    readers = list(_clauses(line))
    if len(readers) != 1:
        raise NotationError(1, 1, "", "name the slots, like A, S, B, PD")
    reader = readers[0]
    reader.skip("DAMAGE")
    return _damage_steps(reader)


def format_damage(steps: Iterable[DamageStep]) -> str:
    """``A, S 2, B, PD``: the slots in order, each with its count of hits if it has one."""
    return ", ".join(
        step.slot.value if step.limit is None else f"{step.slot.value} {step.limit}" for step in steps
    )


_CLAUSES: dict[str, Callable[[_Reader, Orders], Orders]] = {
    "PICK": _pick_up,
    "PICKUP": _pick_up,
    "DROP": _drop,
    "RETREAT": _retreat_to,
    "ESCAPE": _retreat_to,
    "DAMAGE": _damage,
}


# --- printing --------------------------------------------------------------------------------


def format_orders(orders: Iterable[Orders]) -> str:
    """Several ships' orders, one after another."""
    return "\n".join(format_order(o) for o in orders)


def format_order(orders: Orders) -> str:
    """The canonical form: ``W4 ATTACKS S35: D=2 B=2 S=1 E=1; retreat to 1719``, then a line per missile."""
    line = " ".join((_format_header(orders), *_format_power(orders), *_format_cannons(orders)))
    line += "".join(f"; {clause}" for clause in _format_clauses(orders))
    missiles = (f"  M at {m.target}: D={m.drive}" for m in orders.missiles)
    return "\n".join((line, *missiles))


def _format_header(orders: Orders) -> str:
    verb = _VERBS[orders.tactic]
    if orders.target is None:
        return f"{orders.ship} {verb}:"
    if orders.tactic is Tactic.ATTACK:
        return f"{orders.ship} {verb} {orders.target}:"
    return f"{orders.ship} {verb}, FIRING AT {orders.target}:"


def _format_power(orders: Orders) -> Iterator[str]:
    yield f"D={orders.drive}"
    for letter, amount in (("B", orders.beam), ("S", orders.screen), ("E", orders.ecm), ("T", orders.tubes)):
        if amount:
            yield f"{letter}={amount}"


def _format_cannons(orders: Orders) -> Iterator[str]:
    """Equal bursts in a row are grouped (``C=2 (3 shells)``); unfired powered cannons come last."""
    for shot, group in groupby(orders.shots):
        at = f" at {shot.target}" if shot.target is not None else ""
        yield f"C={len(list(group))} ({plural(shot.shells, 'shell')}{at})"
    unfired = orders.cannons - len(orders.shots)
    if unfired > 0:
        yield f"C={unfired}"


def _format_clauses(orders: Orders) -> Iterator[str]:
    if orders.pick_up:
        yield "pick up " + " ".join(orders.pick_up)
    if orders.drop:
        yield "drop " + " ".join(orders.drop)
    if orders.retreat_to is not None:
        yield f"retreat to {orders.retreat_to}"
    if orders.damage:
        yield "damage " + format_damage(orders.damage)
