"""The map picture, checked by structure: sizes, pixels where things are, the text drawn."""

from __future__ import annotations

import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from engine.warpwar import GameState
from engine.warpwar.rulesets import Attr
from engine.warpwar.ships import record
from render import MapView, Picture, draw_map, render_map
from render.examples import Midgame
from render.frame import OWN_SAMPLE
from render.geometry import extent
from render.metrics import metrics
from render.palette import STAR, player_colours
from tests.engine.helpers import carry, place, start
from tests.render.pictures import png_chunks, png_image

ATTRIBUTE_TEXT = re.compile(r"[A-Z]{1,2}=|PD\d|TL\d|▼|\[|\bBP\b")
"""What a ship attribute looks like in any text a picture could draw."""


def moved_view(
    game: Midgame,
    viewer: str | None = None,
    scale: float = 1.0,
    around: tuple[str, ...] = (),
    rings: int = 2,
    deadline: str = "",
) -> MapView:
    """The map after alice's moves, with her moves drawn."""
    return MapView(viewer, scale, "Test game", deadline, game.moves, game.start, around, rings)


@pytest.fixture(scope="module")
def public(game: Midgame) -> Picture:
    return draw_map(game.moved, moved_view(game))


def region(picture: Picture, hex_id: str) -> Image.Image:
    """The box around one hex on the picture."""
    assert picture.layout is not None
    x, y = picture.layout.centre(hex_id)
    r = picture.layout.radius
    return picture.image.crop((round(x - r), round(y - r), round(x + r), round(y + r)))


def colours_in(image: Image.Image) -> set[tuple[int, ...]]:
    found = image.getcolors(maxcolors=image.width * image.height)
    assert found is not None
    return {colour for _, colour in found if isinstance(colour, tuple)}


# --- size ------------------------------------------------------------------------------------


def test_the_whole_map_fits_the_board_with_a_margin(game: Midgame, public: Picture) -> None:
    m = metrics()
    left, top, right, bottom = extent(game.moved.map.hexes, m.radius)
    width, height = public.image.size
    assert width == pytest.approx(right - left + 2 * m.margin, abs=1)
    assert height > bottom - top + 2 * m.margin
    assert 900 < width < 1100 and height < 2000


def test_every_size_follows_the_scale(game: Midgame, public: Picture) -> None:
    half = draw_map(game.moved, moved_view(game, scale=0.5)).image
    assert half.width == pytest.approx(public.image.width / 2, abs=2)
    assert half.height == pytest.approx(public.image.height / 2, rel=0.03)


def test_a_zoom_shows_only_the_hexes_around(game: Midgame, public: Picture) -> None:
    zoom = draw_map(game.moved, moved_view(game, around=("Mari",), rings=1))
    assert zoom.image.width * zoom.image.height < public.image.width * public.image.height / 4
    assert {"1415", "1414", "1516"} <= set(zoom.texts)
    assert "0107" not in zoom.texts and "Ugarit" not in zoom.texts
    assert zoom.layout is not None
    x, y = zoom.layout.centre("1415")
    assert zoom.image.getpixel((round(x), round(y))) == STAR


def test_a_zoom_gives_hexes_more_room_beside_the_same_text(game: Midgame) -> None:
    zoom = draw_map(game.moved, moved_view(game, around=("1415",)))
    assert zoom.layout is not None
    assert zoom.layout.radius > metrics().radius


def test_a_zoom_around_an_unknown_place_is_a_mistake(game: Midgame) -> None:
    with pytest.raises(ValueError, match="Atlantis"):
        draw_map(game.moved, MapView(around=("Atlantis",)))


# --- what is where ---------------------------------------------------------------------------


def test_the_pixel_at_every_star_centre_is_star_coloured(game: Midgame, public: Picture) -> None:
    assert public.layout is not None
    for star in game.moved.map.stars:
        x, y = public.layout.centre(star.hex)
        assert public.image.getpixel((round(x), round(y))) == STAR, star.name


def test_each_players_colour_is_where_their_ships_are(game: Midgame, public: Picture) -> None:
    colours = player_colours(game.moved)
    for ship in game.moved.ships.values():
        if ship.hex is not None:
            assert colours[ship.owner] in colours_in(region(public, ship.hex)), ship.key


def test_empty_space_shows_no_player_colour(public: Picture, game: Midgame) -> None:
    colours = set(player_colours(game.moved).values())
    for hex_id in ("0107", "0511", "2728"):
        assert not colours & colours_in(region(public, hex_id)), hex_id


def test_hex_numbers_star_names_and_values_are_drawn(game: Midgame, public: Picture) -> None:
    assert set(game.moved.map.hexes) <= set(public.texts)
    assert {"Mari", "Ur", " 4"} <= set(public.texts)


def test_the_title_bar_says_game_turn_player_phase_and_deadline(game: Midgame) -> None:
    texts = draw_map(game.moved, moved_view(game, deadline="deadline Fri 18:00 UTC")).texts
    assert "Test game" in texts
    assert "Game-turn 6 · alice's combat phase · deadline Fri 18:00 UTC" in texts
    assert "Public" in texts


def test_the_legend_names_every_player_and_who_is_to_move(public: Picture) -> None:
    assert {"alice", "to move", "bob"} <= set(public.texts)
    assert {"move", "warp jump", "battle"} <= set(public.texts)


def test_the_last_phase_is_drawn_only_when_given(game: Midgame, public: Picture) -> None:
    plain = draw_map(game.moved, MapView(title="Test game"))
    assert "warp jump" not in plain.texts
    assert plain.image.tobytes() != public.image.tobytes()


def test_losses_are_marked_for_one_picture(game: Midgame) -> None:
    texts = draw_map(game.after, MapView(recent=game.fought)).texts
    assert any(t.startswith("✕ W7") for t in texts) and "lost" in texts
    assert not any(t.startswith("✕") for t in draw_map(game.after, MapView()).texts)


# --- privacy ---------------------------------------------------------------------------------


def test_the_public_map_draws_no_ship_attribute(game: Midgame) -> None:
    for state, recent in ((game.moved, game.moves), (game.after, game.fought)):
        texts = draw_map(state, MapView(recent=recent)).texts
        assert not [t for t in texts if ATTRIBUTE_TEXT.search(t)]
        records = {record(s) for s in state.ships.values()}
        assert not records & set(texts)


def test_a_players_view_details_their_own_ships_and_no_one_elses(game: Midgame) -> None:
    state = game.after
    for viewer in ("alice", "bob"):
        texts = [
            t for t in draw_map(state, MapView(viewer=viewer, recent=game.fought)).texts if t != OWN_SAMPLE
        ]
        assert f"{viewer}'s eyes only" in texts
        details = re.findall(r"\b([WS]\d+) PD(\d+)", " ".join(texts))
        assert details, f"{viewer} sees their ships in detail"
        for label, pd in details:
            ship = state.ship(viewer, label)
            assert ship is not None and ship.now(Attr.PD) == int(pd), f"{label} PD{pd} is not {viewer}'s"


def carrying() -> GameState:
    """alice's W1 in open space carries S11; bob's W9 sits at Ur; nobody else has an S11."""
    state = start("revised", "advanced")
    state = place(state, "alice", "W1", "WG=1 PD=9 B=2 SR=1", "1010")
    state = place(state, "alice", "S11", "PD=3 S=1", "1010")
    state = place(state, "bob", "W9", "WG=1 PD=7 B=1", "Ur")
    return carry(state, "alice", "W1", "S11")


def test_carried_systemships_are_hidden_from_everyone_but_their_owner() -> None:
    """R-CBT-22: nobody learns what an enemy Warpship carries."""
    state = carrying()
    for viewer in (None, "bob"):
        texts = " ".join(draw_map(state, MapView(viewer=viewer)).texts)
        assert "S11" not in texts and "PD9" not in texts
    assert "W1 PD9 [S11]" in draw_map(state, MapView(viewer="alice")).texts


def test_another_players_view_shows_my_ships_by_label_only() -> None:
    texts = draw_map(carrying(), MapView(viewer="alice")).texts
    assert "W9" in texts and not any("PD7" in t for t in texts)


def test_a_viewer_must_play_in_the_game(game: Midgame) -> None:
    with pytest.raises(ValueError, match="carol"):
        draw_map(game.moved, MapView(viewer="carol"))


# --- crowds, bytes, threads ------------------------------------------------------------------


def test_sixty_ships_in_one_hex_still_render() -> None:
    state = start("revised", "advanced")
    for n in range(1, 31):
        state = place(state, "alice", f"W{n}", "WG=1 PD=4 B=1", "Kish")
        state = place(state, "bob", f"W{n}", "WG=1 PD=4 B=1", "Kish")
    for viewer in (None, "alice"):
        picture = draw_map(state, MapView(viewer=viewer))
        counters = [t for t in picture.texts if t.startswith("W1 ")]
        assert counters and all("+" in t for t in counters)
    zoom = draw_map(state, MapView(viewer="alice", around=("Kish",)))
    assert any(t.endswith("more") for t in zoom.texts)
    assert png_image(render_map(state)).size == draw_map(state).image.size


def test_the_same_state_gives_the_same_bytes(game: Midgame) -> None:
    view = moved_view(game, viewer="alice")
    assert render_map(game.moved, view) == render_map(game.moved, view)


def test_rendering_in_worker_threads_gives_the_same_bytes(game: Midgame) -> None:
    views = [moved_view(game), moved_view(game, viewer="alice"), moved_view(game, around=("Lagash",))]
    expected = [render_map(game.moved, v) for v in views]
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda v: render_map(game.moved, v), views * 2))
    assert results == expected * 2


def test_the_png_carries_no_time_stamp_or_text(game: Midgame) -> None:
    chunks = png_chunks(render_map(game.moved))
    assert chunks[0] == "IHDR" and chunks[-1] == "IEND"
    assert not {"tIME", "tEXt", "zTXt", "iTXt"} & set(chunks)
