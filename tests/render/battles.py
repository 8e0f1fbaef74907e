"""A crowded battle and the checks its picture must pass (issue 10, item 13), shared by the
render tests and the front ends' tests, which play the same battle through the game master."""

from __future__ import annotations

from itertools import combinations

import pytest

import gm.warpwar.pictures
from engine.warpwar import GameState
from engine.warpwar.report import RoundReport
from render.battle import draw_battle
from render.canvas import Picture, overlaps

SIX_A_SIDE = (
    *(f"alice W{i}: TL0 PD=9 B=3 S=2 E=2 T=2 M=4" for i in range(1, 7)),
    *(f"bob W{i}: TL0 PD=9 B=2 S=1 E=3 T=2 M=4" for i in range(11, 17)),
)
"""Six ships a side (records for tests.engine.battle_helpers.battle, at Kish)."""


def six_a_side_orders(separator: str = "\n") -> dict[str, str]:
    """Each side's orders for round 1: every ship fires, three a side a beam, three two missiles
    each; the defenders' ECM moves some missiles' drive. ``separator`` joins the lines (the
    console takes ``; ``)."""

    def orders(mine: range, theirs: list[int]) -> str:
        lines = []
        for n, (i, j) in enumerate(zip(mine, theirs, strict=True)):
            lines.append(f"W{i} ATTACKS W{j}: D=2 E=2 " + ("T=2" if n % 2 else "B=2 S=1"))
            if n % 2:
                lines += [f"M at W{theirs[-1 - n]}: D=4", f"M at W{theirs[n - 1]}: D=1"]
        return separator.join(lines)

    return {
        "alice": orders(range(1, 7), [11, 12, 13, 14, 15, 16]),
        "bob": orders(range(11, 17), [6, 5, 4, 3, 2, 1]),
    }


def clashes(picture: Picture) -> list[tuple[str, str]]:
    """Pairs of labels drawn on top of each other (there must be none)."""
    boxes, texts = picture.boxes, picture.texts
    assert len(boxes) == len(texts), "every label's box is recorded"
    return [
        (texts[i], texts[j]) for i, j in combinations(range(len(boxes)), 2) if overlaps(boxes[i], boxes[j])
    ]


def outside(picture: Picture) -> list[str]:
    """Labels that stick out of the picture (there must be none)."""
    width, height = picture.image.size
    return [
        t
        for t, b in zip(picture.texts, picture.boxes, strict=True)
        if not (b[0] >= 0 and b[1] >= 0 and b[2] <= width and b[3] <= height)
    ]


def ecm_lines(picture: Picture) -> list[str]:
    """The missile lines that show ECM moving the missile's drive (``drive 4→5 (ECM 1)``)."""
    return [t for t in picture.texts if "missile" in t and "(ECM " in t and "→" in t]


Drawn = list[tuple[str | None, RoundReport, Picture]]


def spy_on_battle_pictures(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Every battle picture the game master draws from now on (for a front end to send): its
    viewer, the round's report and the picture as render drew it, labels and boxes included."""
    pictures: Drawn = []

    def spy(report: RoundReport, state: GameState, viewer: str | None, scale: float = 1.0) -> bytes:
        picture = draw_battle(report, state, viewer, scale)
        pictures.append((viewer, report, picture))
        return picture.png()

    monkeypatch.setattr(gm.warpwar.pictures, "render_battle", spy)
    return pictures


def check_labels(drawn: Drawn, viewer: str) -> Picture:
    """The picture drawn for ``viewer``: no label over another or outside the picture, and every
    missile whose drive the target's ECM moved says so in its line."""
    [(_, report, picture)] = [d for d in drawn if d[0] == viewer]
    assert clashes(picture) == [] and outside(picture) == [], viewer
    moved = [s for s in report.shots if s.ecm is not None and s.ecm.drive_after != s.ecm.drive_before]
    assert moved and len(ecm_lines(picture)) == len(moved), viewer
    return picture
