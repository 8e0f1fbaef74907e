"""Provably fair dice (R-WA-DICE-2): the derivation, its fairness, and checking an export."""

from __future__ import annotations

import hashlib
import hmac
import json
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.warparena.board import Board
from engine.warparena.dice import Roll
from engine.warparena.fair import FairDice, accept, commitment
from engine.warparena.game import Accepted, GameSetup, new_game
from engine.warparena.options import GRID_COUNTS, Options
from engine.warparena.state import GameState, PlayerState, Stage
from engine.warparena.tx import Rolled, Tx
from engine.warparena.verify import CANNOT_CHECK, DIFFERS, VERIFIED, Verdict, check, dice_record
from tests.engine.warparena.legal import step

SERVER_SEED = bytes(range(32))
PLAYER_SEEDS = ("ann's lucky 7", "", "Þórr ⚡")
ROOT = Path(__file__).resolve().parents[3]


def _documented_roll() -> Callable[[bytes, list[str], int, int], int]:
    """The derivation as docs/warparena-dice.md gives it to anyone who re-implements it."""
    page = (ROOT / "docs" / "warparena-dice.md").read_text(encoding="utf-8")
    found = re.search(r"```python\n(.*?)```", page, re.DOTALL)
    assert found is not None
    namespace: dict[str, Any] = {}
    exec(found.group(1), namespace)
    roll: Callable[[bytes, list[str], int, int], int] = namespace["roll"]
    return roll


def _played_rolls(dice: FairDice, dice_sizes: list[int]) -> list[Roll]:
    """Rolls made the way the engine makes them: through Tx.roll, each recorded as an event."""
    state = GameState(Options(), (PlayerState("ann"), PlayerState("bob"), PlayerState("cy")), Board())
    tx = Tx(state, dice)
    for sides in dice_sizes:
        tx.roll(sides, "test")
    return [event.roll for event in tx.events if isinstance(event, Rolled)]


def _export(rolls: list[Roll], server_seed: bytes | None = SERVER_SEED) -> dict[str, Any]:
    """A finished game's export as it travels: through JSON text."""
    record = dice_record(rolls, commitment(SERVER_SEED), server_seed, PLAYER_SEEDS)
    loaded: dict[str, Any] = json.loads(json.dumps({"game": {"id": 1}, "dice": record}))
    return loaded


GAME_DICE = [20, 20, 20, 6, 20, 6, 12, 10, 8, 6, 4, 8, 20, 6, 6]
"""A game's worth of dice: initiative, grids, hexes, every robot's combat die."""


def test_roll_follows_the_documented_bytes() -> None:
    """R-WA-DICE-2, R-WA-X-30: a roll is HMAC-SHA-256(server seed, tag, seeds in seat order, n, k)
    reduced by rejection sampling, exactly as the re-implementation in docs/warparena-dice.md
    (written from the page alone) computes it."""
    documented = _documented_roll()
    dice = FairDice(SERVER_SEED, PLAYER_SEEDS)
    for n in range(1, 200):
        for sides in (4, 6, 8, 10, 12, 20):
            assert dice.roll(n, sides) == documented(SERVER_SEED, list(PLAYER_SEEDS), n, sides)


def test_roll_is_a_function_of_n_and_every_seed() -> None:
    """R-WA-DICE-1/2, R-WA-X-31: asking for roll n again gives the same face; changing any
    player's seed (an empty one counts), their seat order, or the server seed gives other rolls."""
    dice = FairDice(SERVER_SEED, PLAYER_SEEDS)
    rolls = [dice.roll(n, 20) for n in range(1, 41)]
    assert rolls == [dice.roll(n, 20) for n in range(1, 41)]
    for other in (
        FairDice(SERVER_SEED, ("ann's lucky 7", "", "Þórr ⚡ ")),
        FairDice(SERVER_SEED, ("", "ann's lucky 7", "Þórr ⚡")),
        FairDice(SERVER_SEED, ("ann's lucky 7", "Þórr ⚡")),
        FairDice(bytes(32), PLAYER_SEEDS),
    ):
        assert [other.roll(n, 20) for n in range(1, 41)] != rolls


@settings(max_examples=150, deadline=None)
@given(
    st.binary(max_size=40),
    st.lists(st.text(max_size=8), max_size=4).map(tuple),
    st.integers(1, 10**6),
    st.integers(1, 100),
)
def test_every_roll_is_a_face_of_its_die(key: bytes, seeds: tuple[str, ...], n: int, sides: int) -> None:
    """R-WA-DICE-1/2: whatever the seeds (any text, none at all), roll n shows 1..sides, and the
    same again when asked again."""
    face = FairDice(key, seeds).roll(n, sides)
    assert 1 <= face <= sides
    assert FairDice(key, seeds).roll(n, sides) == face


def test_seeds_are_encoded_without_ambiguity() -> None:
    """R-WA-DICE-2, R-WA-X-30: seeds are length-prefixed, so splitting the same text differently between
    players ("ab" + "c" against "a" + "bc") cannot give the same rolls."""
    first = FairDice(SERVER_SEED, ("ab", "c"))
    second = FairDice(SERVER_SEED, ("a", "bc"))
    assert [first.roll(n, 20) for n in range(1, 41)] != [second.roll(n, 20) for n in range(1, 41)]


def test_rejection_sampling_throws_away_the_incomplete_top_block() -> None:
    """R-WA-DICE-2, no modulo bias: for 1d6, the 2**64 mod 6 = 4 highest values are thrown away
    and the rest map evenly onto the faces."""
    limit = 2**64 - 4
    assert accept(limit - 1, 6) == (limit - 1) % 6 + 1
    assert [accept(x, 6) for x in range(limit, 2**64)] == [None] * 4
    assert [accept(x, 6) for x in range(12)] == [1, 2, 3, 4, 5, 6] * 2


ROLLS = 100_000


def _chi_square(faces: Iterable[int], sides: int) -> float:
    """Pearson's statistic of ROLLS faces of a die against a fair one."""
    counts = Counter(faces)
    assert set(counts) <= set(range(1, sides + 1))
    expected = ROLLS / sides
    return sum((counts[face] - expected) ** 2 / expected for face in range(1, sides + 1))


_CHI_SQUARE_0_001 = {
    3: 16.266, 4: 18.467, 5: 20.515, 6: 22.458, 7: 24.322, 8: 26.124, 9: 27.877, 10: 29.588,
    11: 31.264, 19: 43.820,
}  # fmt: skip
"""Upper 0.1% points of the chi-square distribution by degrees of freedom (standard tables)."""


@pytest.mark.parametrize("sides", sorted({*range(4, 13), 20, *GRID_COUNTS}))
def test_each_die_is_fair_by_chi_square(sides: int) -> None:
    """R-WA-DICE-2: 100,000 rolls of each die the game uses (combat dice 1d4-1d12, 1d6, 1d20 and
    the 1dN of fewer grids, 9.1, for any N from 4 to 12) pass a chi-square test at the 0.1%
    level (fixed seeds, so the test always gives the same answer)."""
    dice = FairDice(b"chi-square", ("ann", "bob"))
    assert (
        _chi_square((dice.roll(n, sides) for n in range(1, ROLLS + 1)), sides) < _CHI_SQUARE_0_001[sides - 1]
    )


def test_the_chi_square_test_finds_modulo_bias() -> None:
    """R-WA-DICE-2 (no modulo bias): the same test rejects a d20 made the naive way, one HMAC byte
    mod 20 (faces 1-16 come up 13 times in 256, faces 17-20 12 times), so passing it means
    something."""
    key, head = SERVER_SEED, b"biased"
    faces = (
        hmac.new(key, head + n.to_bytes(8, "big"), hashlib.sha256).digest()[0] % 20 + 1 for n in range(ROLLS)
    )
    assert _chi_square(faces, 20) > _CHI_SQUARE_0_001[19]


def test_a_game_rederived_from_its_export_gives_identical_rolls() -> None:
    """R-WA-DICE-2: the rolls a game made through Tx.roll, written to the export and read back
    with the revealed seed, are derived again one for one."""
    rolls = _played_rolls(FairDice(SERVER_SEED, PLAYER_SEEDS), GAME_DICE)
    assert [r.n for r in rolls] == list(range(1, len(GAME_DICE) + 1))
    verdict = check(_export(rolls))
    assert verdict.status == VERIFIED
    assert verdict.lines[0] == f"all {len(GAME_DICE)} rolls verified"
    assert verdict.lines[1] == 'player seeds in seat order: "ann\'s lucky 7", "", "Þórr ⚡"'
    rederived = FairDice(bytes.fromhex(_export(rolls)["dice"]["server_seed"]), PLAYER_SEEDS)
    assert [rederived.roll(r.n, r.sides) for r in rolls] == [r.value for r in rolls]


def test_a_whole_game_through_the_engine_is_verified_from_its_export() -> None:
    """R-WA-DICE-1/2, R-WA-X-32: a three-player game played through engine.warparena.game with the
    fair dice records every roll as a Rolled event, numbered 1, 2, ... without a gap; the
    export written from those events verifies roll for roll."""
    dice = FairDice(SERVER_SEED, PLAYER_SEEDS)
    created = new_game(GameSetup(("ann", "bob", "cy")), dice)
    assert isinstance(created, Accepted)
    state, events, rng = created.state, list(created.events), random.Random(12)
    for _ in range(300):
        if state.stage is Stage.OVER:
            break
        played = step(state, dice, rng)
        state = played.accepted.state
        events += played.accepted.events
    rolls = [event.roll for event in events if isinstance(event, Rolled)]
    assert [r.n for r in rolls] == list(range(1, state.rolls + 1))
    assert len(rolls) > 50
    assert check(_export(rolls)).lines[0] == f"all {len(rolls)} rolls verified"


def test_a_tampered_roll_is_found_and_named() -> None:
    """R-WA-DICE-2: one changed value is the first difference reported, with its n and die."""
    rolls = _played_rolls(FairDice(SERVER_SEED, PLAYER_SEEDS), GAME_DICE)
    honest = rolls[6]
    rolls[6] = replace(honest, value=honest.value % honest.sides + 1)
    verdict = check(_export(rolls))
    assert verdict.status == DIFFERS
    assert verdict.lines == (f"roll 7 (1d12) differs: recorded {rolls[6].value}, derived {honest.value}",)


def test_a_missing_roll_is_found() -> None:
    """R-WA-DICE-2, R-WA-X-32: the export lists every roll from 1 without a gap; one left out is named."""
    rolls = _played_rolls(FairDice(SERVER_SEED, PLAYER_SEEDS), GAME_DICE)
    del rolls[3]
    verdict = check(_export(rolls))
    assert verdict.status == DIFFERS
    assert verdict.lines == ("roll 4 is missing: the record has roll 5 in its place",)


def test_a_wrong_server_seed_fails_the_commitment() -> None:
    """R-WA-DICE-2: a revealed seed whose SHA-256 is not the announced commitment is refused
    before any roll is looked at."""
    rolls = _played_rolls(FairDice(SERVER_SEED, PLAYER_SEEDS), GAME_DICE)
    verdict = check(_export(rolls, server_seed=bytes(32)))
    assert verdict.status == DIFFERS
    assert verdict.lines[0].startswith("the server seed does not match the commitment")


def test_a_game_in_progress_cannot_be_checked() -> None:
    """R-WA-DICE-2, R-WA-X-32: before the game ends the export has no seed (null); the check says so."""
    export = _export(_played_rolls(FairDice(SERVER_SEED, PLAYER_SEEDS), [20]), server_seed=None)
    assert export["dice"]["server_seed"] is None
    assert check(export) == Verdict(
        CANNOT_CHECK, ("the server seed is not revealed yet: it is revealed when the game is over",)
    )


@pytest.mark.parametrize(
    ("export", "problem"),
    [
        ([], 'no "dice" section'),
        ({"game": {}}, 'no "dice" section'),
        ({"dice": {"scheme": "dice-0"}}, "scheme 'dice-0'"),
        ({"dice": {"scheme": "warp-arena-dice-1", "commitment": "abc"}}, "not a SHA-256"),
    ],
)
def test_what_is_not_an_export_is_refused(export: object, problem: str) -> None:
    """R-WA-DICE-2: a file that is not an export is not judged; the message says what is wrong."""
    verdict = check(export)
    assert verdict.status == CANNOT_CHECK
    assert problem in verdict.lines[0]


def test_a_malformed_roll_is_refused() -> None:
    """R-WA-DICE-2: every roll has whole numbers n, sides and value of at least 1."""
    export = _export(_played_rolls(FairDice(SERVER_SEED, PLAYER_SEEDS), [20]))
    export["dice"]["rolls"][0]["value"] = "7"
    verdict = check(export)
    assert verdict.status == CANNOT_CHECK
    assert verdict.lines[0].startswith('a roll is written {"n": 1, "sides": 20, "value": 7}')


def _run(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "engine.warparena.verify", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_command_line(tmp_path: Path) -> None:
    """R-WA-DICE-2, R-WA-X-32: ``python -m engine.warparena.verify FILE`` prints the verdict and exits 0 when
    all rolls check, 1 with the first difference, 2 when it cannot judge the file."""
    rolls = _played_rolls(FairDice(SERVER_SEED, PLAYER_SEEDS), GAME_DICE)
    good = tmp_path / "good.json"
    good.write_text(json.dumps(_export(rolls)), encoding="utf-8")
    done = _run(good)
    assert (done.returncode, done.stdout.splitlines()[0]) == (0, "all 15 rolls verified")

    tampered = _export(rolls)
    tampered["dice"]["rolls"][0]["value"] = rolls[0].value % 20 + 1  # any other face
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(tampered), encoding="utf-8")
    done = _run(bad)
    assert done.returncode == 1
    assert (
        done.stdout
        == f"roll 1 (1d20) differs: recorded {rolls[0].value % 20 + 1}, derived {rolls[0].value}\n"
    )

    early = tmp_path / "early.json"
    early.write_text(json.dumps(_export(rolls, server_seed=None)), encoding="utf-8")
    done = _run(early)
    assert (done.returncode, done.stdout) == (2, "")
    assert "the server seed is not revealed yet" in done.stderr

    notes = tmp_path / "notes.txt"
    notes.write_text("not json", encoding="utf-8")
    done = _run(notes)
    assert done.returncode == 2
    assert done.stderr == f"{notes}: this is not a Warp Arena game export: it is not JSON\n"
    assert _run(tmp_path / "absent.json").returncode == 2
