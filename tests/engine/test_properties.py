"""Properties over random command sequences (hypothesis): the engine's invariants."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.serial import decode, encode
from engine.warpwar import Accepted, GameState, apply, fold
from engine.warpwar.commands import (
    BuildShip,
    Command,
    Concede,
    Drop,
    EndPhase,
    Go,
    LoadHold,
    Move,
    PayForBase,
    PickUp,
    Rearrange,
    Repair,
    Resupply,
    Scrap,
    SplitStartingBP,
    Step,
    UnloadHold,
)
from engine.warpwar.events import Event
from engine.warpwar.movement import movement_points
from engine.warpwar.rulesets import Attr
from tests.engine.helpers import started

SCENARIOS = [
    ("classic", "learning"),
    ("classic", "basic"),
    ("classic", "advanced"),
    ("revised", "basic"),
    ("revised", "advanced"),
]
LABELS = ["W1", "W2", "W3", "S10", "S11"]
BASE_STARS = ["Ur", "Mosul", "Larsu", "Babylon", "Nineveh", "Ugarit", "Calah", "Kish"]

designs: st.SearchStrategy[dict[Attr, int]] = st.dictionaries(
    st.sampled_from(list(Attr)).filter(lambda a: a is not Attr.WG), st.integers(0, 8), max_size=5
)
amounts = st.integers(-1, 35)


@st.composite
def steps(draw: st.DrawFn, game: GameState, label: str) -> tuple[Step, ...]:
    """A wandering path from the ship's hex, sometimes with pick-ups, drops and nonsense."""
    ship = game.ship(game.active_player.name, label)
    here = game.position(ship) if ship else "1818"
    out: list[Step] = []
    for _ in range(draw(st.integers(1, 6))):
        kind = draw(st.integers(0, 9))
        if kind < 7:
            options = (*game.map.neighbours(here), *game.map.warp_destinations(here))
            here = draw(st.sampled_from(options))
            out.append(Go(here))
        elif kind == 7:
            out.append(PickUp(draw(st.sampled_from(LABELS))))
        elif kind == 8:
            out.append(Drop(draw(st.sampled_from(LABELS))))
        else:
            out.append(Go(draw(st.sampled_from(["Kish", "Ur", "0000", "Nowhere"]))))
    return tuple(out)


@st.composite
def command(draw: st.DrawFn, game: GameState) -> Command:
    names = [p.name for p in game.players]
    player = game.active_player.name if draw(st.integers(0, 9)) else draw(st.sampled_from(names))
    label = draw(st.sampled_from(LABELS))
    star = draw(st.sampled_from(BASE_STARS))
    kind = draw(st.integers(0, 13))
    if kind <= 2:
        design: dict[Attr, int] = {**draw(designs), Attr.WG: draw(st.sampled_from([0, 1, 1]))}
        return BuildShip(player, star, design)
    if kind == 3:
        return Move(player, label, draw(steps(game, label)))
    if kind == 4:
        return Repair(player, label, {draw(st.sampled_from(list(Attr))): draw(amounts)})
    if kind == 5:
        return Resupply(player, label, missiles=draw(st.integers(0, 7)), shells=draw(st.integers(0, 7)))
    if kind == 6:
        return LoadHold(player, label, draw(amounts))
    if kind == 7:
        return UnloadHold(player, label, draw(amounts))
    if kind == 8:
        return PayForBase(player, star, draw(amounts))
    if kind == 9:
        return Rearrange(player, label, draw(st.sampled_from(LABELS)), drop=draw(st.booleans()))
    if kind == 10:
        return Scrap(player, label)
    if kind == 11:
        return SplitStartingBP(player, {star: draw(amounts)})
    if kind == 12 and draw(st.integers(0, 30)) == 0:
        return Concede(player)
    return EndPhase(player)


def balances_not_negative(game: GameState) -> None:
    assert all(p.bp >= 0 for p in game.players)
    assert all(b.stockpile >= 0 and 0 <= b.progress <= 30 for b in game.bases.values())
    for ship in game.ships.values():
        assert 0 <= ship.cargo <= ship.now(Attr.H) * 10
        assert all(0 <= ship.now(a) <= ship.max(a) for a in ship.built)
        assert len(ship.carrying) <= ship.now(Attr.SR)


def round_trip(game: GameState) -> GameState:
    decoded: GameState = decode(GameState, json.loads(json.dumps(encode(game))))
    return decoded


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data(), st.sampled_from(SCENARIOS))
def test_random_command_sequences_keep_every_invariant(data: st.DataObject, which: tuple[str, str]) -> None:
    """No sequence leaves a stockpile negative; refusals change nothing; legal moves stay within MP;
    every reachable state survives JSON; the events replay to the same state."""
    setup = started(*which)
    game = setup.state
    history: list[Event] = list(setup.events)
    for _ in range(data.draw(st.integers(5, 40))):
        if game.result is not None:
            break
        cmd = data.draw(command(game))
        before = encode(game)
        result = apply(game, cmd)
        if not isinstance(result, Accepted):
            assert encode(game) == before
            assert result.message
            continue
        game = result.state
        history.extend(result.events)
        balances_not_negative(game)
        if isinstance(cmd, Move):
            ship = game.ship(cmd.player, cmd.ship)
            assert ship is not None
            assert game.turn.mp_used[ship.label] <= movement_points(game, ship)
        assert round_trip(game) == game
    assert fold(history) == game
    encoded = [json.loads(json.dumps(encode(e))) for e in history]
    assert fold([decode(Event, e) for e in encoded]) == game
