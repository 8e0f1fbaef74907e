"""The battle picture of one round: sides, shots and results, through ``view_for`` only."""

from __future__ import annotations

import re

from engine.warpwar.report import RoundReport
from render import draw_battle, render_battle
from render.examples import Midgame
from render.recent import round_reports
from tests.engine.battle_helpers import battle, fight, report_of
from tests.render.pictures import png_image


def mari(game: Midgame) -> RoundReport:
    return round_reports(game.fought)[0]


def test_both_sides_every_shot_and_every_result(game: Midgame) -> None:
    texts = draw_battle(mari(game), game.after, None).texts
    assert "Battle at Mari, round 1" in texts
    assert {"W2", "W3", "✕ W7", "✕ S15"} <= set(texts)
    assert "ATTACKS W7: D=2 B=3 S=1" in texts
    assert "5 hits, 5 taken · destroyed" in texts
    shots = [t for t in texts if re.match(r"\d+ · ", t)]
    assert len(shots) == len(mari(game).shots) == 4
    assert shots[0] == "1 · alice's W2, beam 3 at bob's W7: ATTACK (0, +1) against ATTACK: Hit +2, 5 hits"


def test_the_viewer_sees_their_own_records_after_the_round(game: Midgame) -> None:
    texts = draw_battle(mari(game), game.after, "alice").texts
    assert "now W2: TL0 PD=6 B=3 S={1}0 A={1}0" in texts
    assert "taken in A 1, S 1" in texts


def test_no_one_sees_another_players_private_results() -> None:
    """R-CBT-11: records after the round, where hits went and losses in racks are the owner's."""
    state = battle("alice W4: TL0 PD=7 B=3 S=2", "bob S35: TL1 PD=6 S=3 T=2 M=9")
    result = fight(
        state, bob="S35 DODGES, FIRING AT W4: D=4 T=2\nM at W4: D=3", alice="W4 ATTACKS S35: D=3 B=3 S=1"
    )
    report = report_of(result)
    records = {key: report.result(key).record for key in ("alice:W4", "bob:S35")}
    assert all(records.values())
    for viewer, other in (("alice", "bob:S35"), ("bob", "alice:W4"), (None, "alice:W4"), (None, "bob:S35")):
        texts = " ".join(draw_battle(report, result.state, viewer).texts)
        assert f"{records[other]}" not in texts
    assert "now " not in " ".join(draw_battle(report, result.state, None).texts)
    assert f"now {records['alice:W4']}" in draw_battle(report, result.state, "alice").texts


def test_a_round_without_fire_says_so() -> None:
    state = battle("alice W4: TL0 PD=7 B=3 S=2", "bob W9: TL0 PD=6 S=3")
    result = fight(state, alice="W4 DODGES: D=7", bob="W9 DODGES: D=6")
    assert "No weapon fired." in draw_battle(report_of(result), result.state, None).texts


def test_the_picture_is_a_deterministic_png(game: Midgame) -> None:
    png = render_battle(mari(game), game.after, "alice")
    assert png == render_battle(mari(game), game.after, "alice")
    assert png_image(png).size == draw_battle(mari(game), game.after, "alice").image.size
