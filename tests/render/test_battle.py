"""The battle picture of one round: sides, shots and results, through ``view_for`` only."""

from __future__ import annotations

import re

from engine.warpwar import GameState
from engine.warpwar.report import RoundReport
from render import draw_battle, render_battle
from render.examples import Midgame
from render.recent import round_reports
from tests.engine.battle_helpers import battle, fight, report_of
from tests.render.battles import SIX_A_SIDE, clashes, outside, six_a_side_orders
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


def six_against_six() -> tuple[RoundReport, GameState]:
    """Six ships a side, every one firing: three a side a beam, three two missiles each."""
    result = fight(battle(*SIX_A_SIDE), **six_a_side_orders())
    return report_of(result), result.state


def test_item_13_no_two_labels_of_a_six_against_six_battle_overlap() -> None:
    report, state = six_against_six()
    assert len(report.ships) == 12 and len(report.shots) >= 18
    for viewer in (None, "alice", "bob"):
        picture = draw_battle(report, state, viewer)
        assert clashes(picture) == [], viewer
        assert outside(picture) == [], viewer


def test_item_13_a_missile_line_shows_the_ecm_that_moved_its_drive() -> None:
    """R-ECM-1/2: each effective ECM point moves the missile's drive by one."""
    state = battle("alice W4: TL0 PD=9 B=1 S=1 E=2", "bob S35: TL0 PD=6 S=3 T=2 M=9")
    missiles = "S35 ATTACKS W4: D=1 T=2\nM at W4: D=2\nM at W4: D=5"
    result = fight(state, bob=missiles, alice="W4 DODGES: D=2 E=2")
    report = report_of(result)
    moved = [s for s in report.shots if s.ecm is not None and s.ecm.drive_after != s.ecm.drive_before]
    assert moved, "the example must have ECM move a missile"
    texts = " ".join(draw_battle(report, result.state, None).texts)
    for shot in moved:
        assert shot.ecm is not None
        assert f"drive {shot.ecm.drive_before}→{shot.ecm.drive_after} (ECM {shot.ecm.points})" in texts
    assert "missile M1 at alice's W4" in texts and "missile M2 at alice's W4" in texts
    untouched = [s for s in report.shots if s.ecm is None]
    assert len(re.findall("→", texts)) == len(moved) and untouched
