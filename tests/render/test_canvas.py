"""The drawing surface, the fonts and the palette."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

from render.canvas import Canvas, encode_png, stack
from render.fonts import Font, face
from render.palette import PANEL, PLAYER_COLOURS, STAR, player_colours
from tests.engine.helpers import start


def test_every_string_drawn_is_recorded_in_order() -> None:
    canvas = Canvas(50, 20)
    canvas.text((0, 0), "W1", Font(10), STAR)
    canvas.text((10, 0), "W3", Font(10, bold=True), STAR)
    assert canvas.texts == ["W1", "W3"]
    assert stack([canvas, Canvas(30, 5)]).texts == ("W1", "W3")


def test_shapes_are_smoothed_but_filled_areas_keep_their_exact_colour() -> None:
    canvas = Canvas(40, 40)
    canvas.circle((20, 20), 10, fill=STAR)
    image = canvas.render()
    assert image.getpixel((20, 20)) == STAR
    colours = image.getcolors()
    assert colours is not None and len(colours) > 2, "the disc's edge is anti-aliased"


def test_panels_stack_centred_at_the_widest() -> None:
    picture = stack([Canvas(100, 10), Canvas(60, 20)])
    assert picture.image.size == (100, 30)


def test_a_label_past_its_panels_edge_never_spills_onto_the_panel_above() -> None:
    """A crop of a map draws labels of hexes beyond its edge: stacked, they are cut at the
    panel's edge as on the panel alone."""
    above, crop = Canvas(100, 30, PANEL), Canvas(100, 40)
    crop.text((50, 2), "Khafa", Font(16, bold=True), STAR, "mm")
    picture = stack([above, crop])
    assert picture.image.crop((0, 0, 100, 30)).getcolors() == [(3000, PANEL)]
    assert picture.image.crop((0, 30, 100, 70)).tobytes() == crop.render().tobytes()


def test_wrap_and_fit_keep_text_within_a_width() -> None:
    font = Font(12)
    lines = Canvas.wrap("one two three four five six", font, 60)
    assert len(lines) > 1 and all(Canvas.measure(line, font) <= 60 for line in lines)
    assert Canvas.fit("a long heading for a narrow picture", font, 80).endswith("…")


def test_the_bundled_font_draws_arrows_and_symbols() -> None:
    """Pillow's own font lacks them; the shipped DejaVu has them."""
    regular = face(Font(14))
    notdef = regular.getmask("\uffff").getbbox()
    for glyph in "✕⚔▼→·…":
        assert regular.getmask(glyph).getbbox() != notdef, glyph


def test_fonts_are_the_shipped_ones_and_read_only_on_first_use() -> None:
    fonts = Path(__file__).resolve().parents[2] / "render" / "fonts"
    assert {"DejaVuSansCondensed.ttf", "DejaVuSansCondensed-Bold.ttf", "LICENSE"} <= {
        p.name for p in fonts.iterdir()
    }
    script = "import render, render.fonts as f; print(f._font_file.cache_info().currsize)"
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"


def test_png_bytes_have_no_metadata() -> None:
    canvas = Canvas(10, 10)
    png = encode_png(canvas.render())
    assert b"tIME" not in png and b"tEXt" not in png
    assert png == encode_png(canvas.render())


def test_players_get_distinct_colours_in_turn_order() -> None:
    assert len(set(PLAYER_COLOURS)) == 8 and STAR not in PLAYER_COLOURS
    state = start("revised", "advanced", "carol", "alice")
    assert player_colours(state) == {"carol": PLAYER_COLOURS[0], "alice": PLAYER_COLOURS[1]}


def _whole_canvas_twice_the_size(canvas: Canvas) -> Image.Image:
    """The canvas as it was drawn before shapes were grouped: all of it twice the size."""
    big = Image.new("RGB", (canvas.width * 2, canvas.height * 2), canvas.background)
    draw = ImageDraw.Draw(big)
    for shape in canvas._shapes:
        shape.paint(draw, 0, 0)
    return big.reduce(2)


def test_shapes_drawn_in_groups_give_the_pixels_of_the_whole_canvas_twice_the_size() -> None:
    """Only the places shapes cover are drawn twice the size: far apart shapes, meeting ones,
    one overlapping the others drawn later, and one off the edge give the very same pixels as
    the whole canvas drawn twice the size and halved."""
    canvas = Canvas(120, 80)
    canvas.circle((15, 15), 8, fill=STAR)
    canvas.box((90, 60, 118, 78), fill=PLAYER_COLOURS[1], outline=STAR, width=2, corner=4)
    canvas.polygon([(30, 30), (60, 35), (45, 60)], fill=PLAYER_COLOURS[2], outline=STAR, width=1.5)
    canvas.line([(50, 40), (100, 65), (130, 70)], PLAYER_COLOURS[3], 3)
    canvas.dashed((5, 75), (40, 75), STAR, 2, dash=4)
    canvas.circle((-5, 40), 7, fill=PLAYER_COLOURS[0])
    assert canvas.render().tobytes() == _whole_canvas_twice_the_size(canvas).tobytes()


def test_a_png_is_exactly_the_picture_in_its_own_palette_when_it_fits() -> None:
    """render.canvas.encode_png: the Warp Arena showcase and the mid-game map, each of 256
    colours or fewer, come back from their PNG pixel for pixel, in a palette, the map in less
    than 60% of its full-colour size; a picture of more colours is written in full colour, exact
    too (issue 15 item 3)."""
    from gm.warpwar.maps import load_map
    from render import MapView, draw_map
    from render.examples import midgame
    from render.warparena import draw_arena
    from render.warparena.examples import showcase

    drawn = showcase()
    game = midgame(load_map("warpwar"))
    arena = draw_arena(drawn.view(), drawn.arena).image
    board = draw_map(game.moved, MapView(recent=game.moves, before=game.start)).image
    for image in (arena, board):
        png = encode_png(image)
        shown = Image.open(io.BytesIO(png))
        assert shown.mode == "P"
        assert ImageChops.difference(image, shown.convert("RGB")).getbbox() is None
        assert png == encode_png(image)
    full = io.BytesIO()
    board.save(full, format="PNG")
    assert len(encode_png(board)) < 0.6 * len(full.getvalue())
    gradient = Image.new("RGB", (300, 10))
    gradient.putdata([(x % 256, x // 256 * 50, 7) for _ in range(10) for x in range(300)])
    assert len(gradient.getcolors(1 << 16) or ()) == 300
    shown = Image.open(io.BytesIO(encode_png(gradient)))
    assert shown.mode == "RGB" and ImageChops.difference(gradient, shown).getbbox() is None


def test_a_canvas_drawn_on_a_kept_ground_has_the_pixels_of_one_drawn_at_once() -> None:
    """render.canvas.Ground (issue 15 item 3): a map's ground is drawn once and kept; what is
    drawn on it later, over its lines and across its labels, gives the very pixels (and the
    strings) of one canvas with both drawn."""

    def ground(canvas: Canvas) -> None:
        canvas.polygon([(10, 10), (70, 12), (40, 60)], fill=PLAYER_COLOURS[2], outline=STAR, width=1.5)
        canvas.dashed((5, 70), (110, 40), STAR, 2, dash=4)
        canvas.text((20, 45), "Babylon 4", Font(14), STAR, "ls", halo=PANEL)

    def more(canvas: Canvas) -> None:
        canvas.line([(0, 30), (60, 50), (118, 20)], PLAYER_COLOURS[3], 3)
        canvas.circle((45, 40), 6, fill=PLAYER_COLOURS[0])
        canvas.text((60, 75), "W3", Font(12, bold=True), PANEL, "ls")

    whole = Canvas(120, 80)
    ground(whole)
    more(whole)
    kept = Canvas(120, 80)
    ground(kept)
    on = Canvas(120, 80, ground=kept.kept())
    more(on)
    assert on.render().tobytes() == whole.render().tobytes()
    assert on.texts == whole.texts and on.boxes == whole.boxes


def test_an_arena_is_sent_in_256_colours_close_to_its_drawing() -> None:
    """render.canvas.encode_compact_png (Warp Arena's pictures, sent after every action): the
    crowded twenty-grid arena comes back in a palette with no channel of any pixel more than 16
    of 255 away from the drawing, in less than 75% of its full-colour size, the same bytes each
    time."""
    from render.canvas import encode_compact_png
    from render.warparena import draw_arena
    from render.warparena.examples import warped_twenty

    drawn = warped_twenty()
    image = draw_arena(drawn.view(), drawn.arena).image
    png = encode_compact_png(image)
    sent = Image.open(io.BytesIO(png))
    assert sent.mode == "P"
    for band in ImageChops.difference(image, sent.convert("RGB")).split():
        assert not any(band.histogram()[17:]), "a pixel's channel more than 16 of 255 off"
    full = io.BytesIO()
    image.save(full, format="PNG")
    assert len(png) < 0.75 * len(full.getvalue())
    assert png == encode_compact_png(image)
