"""Where Build Points are kept, named so one event type can move them anywhere.

Classic rules keep a player's BP in one pool; the revised economy keeps them in each base's
stockpile (R-ECON-1), in ships' Holds, and in the work done on an unfinished base.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.records import replace
from engine.serial import serializable
from engine.warpwar.ships import ship_key
from engine.warpwar.state import GameState


class AccountKind(StrEnum):
    POOL = "pool"
    """A player's BP (classic)."""
    STOCKPILE = "stockpile"
    """A base's stockpile; ``name`` is the star."""
    HOLD = "hold"
    """A ship's Holds; ``name`` is the ship key."""
    CONSTRUCTION = "construction"
    """BP paid towards a base; ``name`` is the star."""


@serializable
@dataclass(frozen=True)
class Account:
    kind: AccountKind
    name: str

    @property
    def key(self) -> str:
        return f"{self.kind.value}:{self.name}"


def pool(player: str) -> Account:
    return Account(AccountKind.POOL, player)


def stockpile(star: str) -> Account:
    return Account(AccountKind.STOCKPILE, star)


def hold(owner: str, label: str) -> Account:
    return Account(AccountKind.HOLD, ship_key(owner, label))


def construction(star: str) -> Account:
    return Account(AccountKind.CONSTRUCTION, star)


def balance(state: GameState, account: Account) -> int:
    if account.kind is AccountKind.POOL:
        return state.player(account.name).bp
    if account.kind is AccountKind.STOCKPILE:
        return state.bases[account.name].stockpile
    if account.kind is AccountKind.HOLD:
        return state.ships[account.name].cargo
    return state.bases[account.name].progress


def credit(state: GameState, account: Account, amount: int) -> GameState:
    """Add ``amount`` (negative to take) to an account."""
    if account.kind is AccountKind.POOL:
        players = tuple(replace(p, bp=p.bp + amount) if p.name == account.name else p for p in state.players)
        return replace(state, players=players)
    if account.kind is AccountKind.HOLD:
        ship = state.ships[account.name]
        return replace(state, ships={**state.ships, ship.key: replace(ship, cargo=ship.cargo + amount)})
    base = state.bases[account.name]
    if account.kind is AccountKind.STOCKPILE:
        base = replace(base, stockpile=base.stockpile + amount)
    else:
        base = replace(base, progress=base.progress + amount)
    return replace(state, bases={**state.bases, base.star: base})


def describe(state: GameState, account: Account) -> str:
    """The account in a player's words ("Ur's stockpile", "W3's Holds")."""
    if account.kind is AccountKind.POOL:
        return "your Build Points"
    if account.kind is AccountKind.STOCKPILE:
        return f"the stockpile at {account.name}"
    if account.kind is AccountKind.HOLD:
        return f"{state.ships[account.name].label}'s Holds"
    return f"the Base under construction at {account.name}"
