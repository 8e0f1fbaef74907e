"""The map picture of maps of any size and shape (issue 14, item 6): generated maps of 400 to
1000 hexes for two, three and four players, whole and as the lobby's preview."""

from __future__ import annotations

import pytest

from engine.warpwar import GameState
from engine.warpwar.mapgen import generate
from engine.warpwar.rulesets import RuleSetName
from engine.warpwar.starmap import Home
from render import MapView, Picture, draw_map
from render.mapview import MOST_TEXT, text_size
from render.metrics import metrics
from render.preview import draw_preview
from tests.engine.helpers import place, printed_map, start

PHONE = 1080
"""A phone's screen in pixels across: Discord shows a picture that wide."""
PLAYERS = ("alice", "bob", "carol", "dave")


def home(state: GameState, player: str) -> Home:
    """The end ``player`` defends (start() fixes every player's)."""
    end = state.player(player).home
    assert end is not None
    return state.map.home(end)


def crowded(players: int, size: int, seed: int = 3) -> GameState:
    """A revised game on a generated map, every player with five ships at home."""
    state = start("revised", "advanced", *PLAYERS[:players], hex_map=generate(seed, players, size).hex_map)
    for player in PLAYERS[:players]:
        own = home(state, player)
        for n in range(1, 5):
            state = place(state, player, f"W{n}", "WG=1 PD=8 B=3", own.middle)
        state = place(state, player, "W5", "WG=1 PD=8 B=3", own.bases[0])
    return state


def star_labels(picture: Picture, state: GameState) -> list[tuple[float, float, float, float]]:
    names = {s.name for s in state.map.stars}
    return [box for text, box in zip(picture.texts, picture.boxes, strict=True) if text in names]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("size", [400, 700, 1000])
def test_every_star_name_is_whole_and_apart(players: int, size: int) -> None:
    """Every star's name lies inside the picture (a long name at the map's edge is moved in) and
    no two names meet, however wide the map; the PNG stays under 1 MB."""
    state = crowded(players, size)
    picture = draw_map(state, MapView(title="A long game"))
    width, height = picture.image.size
    labels = star_labels(picture, state)
    assert len(labels) == len(state.map.stars)
    for left, top, right, bottom in labels:
        assert left >= 0 and right <= width and top >= 0 and bottom <= height
    for i, (a0, a1, a2, a3) in enumerate(labels):
        for b0, b1, b2, b3 in labels[i + 1 :]:
            assert not (a0 < b2 and b0 < a2 and a1 < b3 and b1 < a3), "two star names meet"
    assert len(picture.png()) < 1_000_000


def test_a_wide_map_reads_on_a_phone() -> None:
    """The printed map's text is drawn at its size; a wider map's names, counters, title and legend
    grow with it (to half again at most), so that on a phone, which shows the picture 1080 pixels
    across, a name is at least 9 pixels tall, as a printed map's is 12."""
    assert text_size(printed_map()) == 1.0
    sizes = [
        text_size(generate(1, players, size).hex_map) for players, size in ((2, 400), (4, 600), (3, 1000))
    ]
    assert sizes == sorted(set(sizes)), "each wider map's text larger than the last's"
    assert sizes[0] > 1.0 and sizes[-1] == MOST_TEXT
    for players, size in ((2, 400), (3, 480), (4, 600), (2, 1000), (3, 1000), (4, 1000)):
        state = crowded(players, size)
        picture = draw_map(state, MapView())
        shown = metrics(text=text_size(state.map)).name_font.size * PHONE / picture.image.width
        assert shown >= 9, (players, size, shown)


def test_a_zoom_keeps_its_text_size() -> None:
    """A zoom is a crop with roomy hexes, its text as large as on the printed map's zoom whatever
    the map: only the whole map's text grows."""
    state = crowded(3, 1000)
    star = home(state, "alice").middle

    def title_height(view: MapView, game: GameState) -> float:
        picture = draw_map(game, view)
        _, top, _, bottom = picture.boxes[picture.texts.index("Title")]
        return bottom - top

    zoomed = title_height(MapView(title="Title", around=(star,)), state)
    assert zoomed == title_height(MapView(title="Title", around=("Ur",)), start("revised", "advanced"))
    assert zoomed < title_height(MapView(title="Title"), state)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_lobby_preview_marks_every_end(players: int) -> None:
    """The lobby's preview names each end under its middle star and in the legend, tints its home
    stars, and says nobody is to move: nobody plays yet."""
    hex_map = generate(7, players).hex_map
    picture = draw_preview(hex_map, RuleSetName.REVISED, "advanced", "Lobby", "Before the start")
    ends = [h.end for h in hex_map.homes]
    for end in ends:
        assert picture.texts.count(end) == 2, end  # its label on the map, its key in the legend
    assert "to move" not in picture.texts and "Lobby" in picture.texts
    assert all(s.name in picture.texts for s in hex_map.stars)


def test_a_blind_games_map_of_the_ends_is_badged_for_its_viewers_eyes_only() -> None:
    """The map of the ends is public in an open game; in a blind game only its players who found
    the map see it (R-BLIND-30), and its badge says whose eyes it is for, as every private
    picture's does."""
    hex_map = printed_map()
    public = draw_preview(hex_map, RuleSetName.REVISED, "advanced", "Lobby", "Before the start")
    assert "Public" in public.texts
    private = draw_preview(hex_map, RuleSetName.REVISED, "advanced", "Kish", "Choose", viewer="bob")
    assert "bob's eyes only" in private.texts and "Public" not in private.texts
