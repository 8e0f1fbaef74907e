"""Issue 13 item 5: Warp Arena's pictures say what the arena, a fight and a hand hold, and
never show a hand or a sealed card publicly.

Every string a picture shows goes through Canvas.text, so these tests read ``texts``.
"""

from __future__ import annotations

import sys
from dataclasses import replace

from engine.warparena.cards import card
from engine.warparena.dice import Roll
from engine.warparena.fight import Combat, Sealed
from engine.warparena.hexes import HexName
from engine.warparena.tx import Rolled
from engine.warparena.views import view_for
from render.warparena import ArenaView, draw_arena, draw_fight, draw_hand, render_arena
from render.warparena.board import FIELD_MARK, WRECK_MARK
from render.warparena.examples import showcase, story_of_a_combat, warped_twenty
from render.warparena.recent import read_recent
from tests.engine.warparena.builders import Position, line_of_grids
from tests.render.warparena.arenas import fought


def test_item_05_arena_names_pieces_with_pips_pds_fields_and_destroyed_hexes() -> None:
    """Pieces are tokens with a dot per PD (R-WA-PD-1), loose PDs say how many (R-WA-PD-2),
    fields and destroyed hexes are marked in words, not colour alone."""
    d = showcase()
    texts = draw_arena(d.view(), d.arena).texts
    for token in ("C••", "D1•", "W1••••", "B1", "D1•••", "W2"):
        assert token in texts
    assert "2 PD" in texts and "1 PD" in texts
    assert texts.count(FIELD_MARK) == 2
    assert texts.count(WRECK_MARK) == 2 + 1  # two hexes, and the legend's
    assert "4 before" in texts
    assert "Turn 3 · ann's phase · 1 action point left" in texts


def test_item_05_every_grid_and_secondary_number_is_printed() -> None:
    """R-WA-MAP-2: each grid shows its number and its six secondary hexes' numbers."""
    d = showcase()
    texts = draw_arena(d.view(), d.arena).texts
    for grid in d.state.board.grids:
        assert str(grid.number) in texts
    for k in range(1, 7):
        assert texts.count(str(k)) >= len(d.state.board.grids)


def test_item_05_dice_strip_shows_each_roll_with_n_and_sides() -> None:
    """R-WA-DICE-2: the strip names each die by its roll number and size."""
    d = showcase()
    texts = draw_arena(d.view(), d.arena).texts
    assert {"#38 d4", "#39 d6", "#40 d10"} <= set(texts)
    assert "Dice of the last action: 3" in texts


def test_item_05_shuffle_dice_are_never_shown() -> None:
    """R-WA-X-50: a shuffle's dice would tell the deck's order, so the strip counts them only."""
    shuffle = tuple(Rolled(Roll(n, n, 1), "shuffle") for n in range(2, 6))
    recent = read_recent(shuffle, None)
    assert recent.dice == () and recent.hidden_dice == 4


def test_item_05_public_arena_never_shows_a_hand_or_sealed_card() -> None:
    """R-WA-X-53: no card of any hand on the public picture, nor on a player's own arena
    picture (the hand has its own private picture)."""
    d = showcase()
    hands = {"ann": (3, 45, 83), "bob": (12, 60), "cat": (84,)}
    players = tuple(replace(p, hand=hands[p.name]) for p in d.state.players)
    state = replace(d.state, players=players)
    secret = {f"#{c}" for h in hands.values() for c in h} | {str(card(c)) for h in hands.values() for c in h}
    for viewer in (None, "ann"):
        texts = draw_arena(view_for(state, viewer), d.arena).texts
        assert not secret & set(texts), viewer


def test_item_05_fight_picture_tells_matchups_dice_cards_totals_winner_and_losses() -> None:
    """6.1: the fight picture names both robots, each die and its size, the revealed cards,
    the totals, the winner and what was lost."""
    d, events = fought(1)
    texts = draw_fight(d.view(), events).texts
    assert "Round 1, chosen by ann: H1 v H1 (attacker first)" in texts
    assert list(texts[4:9]) == ["bob's H1", "8", "d8 + 0 PD + Combat 5 #35", "= 13", "✓"]
    assert list(texts[9:13]) == ["ann's H1", "2", "d8 + 0 PD + Combat 3 #22", "= 5"]
    assert "✓ bob wins · ✕ lost: ann's H1" in texts


def test_item_05_fight_picture_never_reads_sealed_choices() -> None:
    """R-WA-X-53: a sealed card is told by nothing before its reveal: the fight picture reads
    only the story's public events, so a game with a card sealed draws as one without."""
    d, events = fought(2)
    fighting = Combat(HexName("1-3"), "cat", defender="bob", sealed={"bob": Sealed(84)})
    sealed = replace(d.state, combat=fighting)
    plain = draw_fight(d.view(), events).texts
    assert draw_fight(view_for(sealed, None), events).texts == plain
    assert "#84" not in plain and "Wild Warp" not in " ".join(plain)


def test_item_05_hand_picture_lists_each_card_by_number_and_kind_for_its_owner() -> None:
    """R-WA-X-53: the hand is drawn for its owner, badged as theirs alone."""
    d, _ = fought(3)
    name = d.state.players[0].name
    held = d.state.player(name).hand
    texts = draw_hand(d.view(name)).texts
    assert f"{name}'s eyes only" in texts
    for number in held:  # a long name may take two lines
        assert f"#{number}" in texts and str(card(number)) in " ".join(texts)


def test_item_05_hand_picture_needs_a_players_view() -> None:
    import pytest

    d, _ = fought(3)
    with pytest.raises(ValueError):
        draw_hand(d.view())


def test_item_05_twenty_warped_grids_four_players_fit_and_stay_legible() -> None:
    """R-WA-X-51: twenty grids, warped apart, four players: every grid is drawn, the picture
    stays within bounds, and no text is smaller than legible."""
    d = warped_twenty()
    assert len(d.state.board.grids) == 20 and len(d.state.players) == 4
    picture = draw_arena(d.view(), d.arena)
    recent = read_recent(d.arena.recent, d.arena.before)
    assert recent.old_places, "the sample game should have just warped a grid"
    width, height = picture.image.size
    assert width <= 1600 and height <= 1800
    for grid in d.state.board.grids:
        assert str(grid.number) in picture.texts
    assert all(name in picture.texts for name in ("ann", "bob", "cat", "dan"))


def test_item_05_same_input_same_bytes() -> None:
    d = showcase()
    assert render_arena(d.view(), d.arena) == render_arena(d.view(), d.arena)
    assert render_arena(d.view(), ArenaView()) != render_arena(d.view(), d.arena)


def test_item_05_arena_pictures_import_no_warpwar_engine() -> None:
    """The shared toolkit and Warp Arena's pictures are game-free of WarpWar."""
    import subprocess

    code = "import sys, render.warparena; print(any(m.startswith('engine.warpwar') for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_item_05_players_are_coloured_by_seat_like_warpwar() -> None:
    """R-WA-X-52: colours follow seat order in WarpWar's Okabe-Ito order, and the legend names
    each colour's player."""
    from render.palette import PLAYER_COLOURS, seat_colours

    d = showcase()
    assert seat_colours(p.name for p in d.view().players) == dict(
        zip(("ann", "bob", "cat"), PLAYER_COLOURS[:3], strict=True)
    )
    texts = draw_arena(d.view(), d.arena).texts
    assert {"ann", "bob", "cat"} <= set(texts)


def test_item_05_fight_picture_tells_a_field_a_wild_warp_value_and_a_cancelled_card() -> None:
    """6.1 step 2 and R-WA-CBT-1: the field fight comes first and needs 6; a Wild Warp played
    as a combat card shows the value named; a card a Wild Warp cancelled says so
    (R-WA-CARD-3), in the order things happened."""
    d, events = story_of_a_combat()
    texts = draw_fight(d.view(), events).texts
    assert "ann attacks bob · 3 fights" in texts
    field = texts.index("force field")
    assert texts[field + 1 : field + 3] == ("needs 6 to fall", "= 6")
    assert texts.index("✓ ann wins · ✕ lost: the force field on 2-4") < texts.index(
        "Round 1, chosen by bob: H1 v B1, W1 v C (attacker first)"
    )
    assert "d8 + 0 PD + Wild Warp #81 as 4" in texts
    assert "d12 + 1 PD + Combat 5 #40 (cancelled)" in texts


def test_item_05_a_crowded_hex_stays_legible() -> None:
    """Ten robots of two players on one hex: they do not fit, so each player's become one
    token (``C+5``), both players still show, and no tokens overlap or spill over."""
    from render.canvas import overlaps

    pos = Position.of("ann", "bob").grid(1).pieces_at("ann", "1-C", "C", "D1", "D2", "H1", "H2", "B1")
    pos = pos.pieces_at("bob", "1-C", "C", "W1", "W2", "W3").playing("ann")
    picture = draw_arena(view_for(pos.state(), None))
    drawn = list(zip(picture.texts, picture.boxes, strict=True))[3 : picture.texts.index("ann")]  # the board
    tokens = [(t, b) for t, b in drawn if t[0] in "CDHBW+"]
    assert [t for t, _ in tokens] == ["C+5", "C+3"]
    for i, (_, a) in enumerate(tokens):
        assert not any(overlaps(a, b) for _, b in tokens[i + 1 :])


def test_item_05_a_long_arena_keeps_its_hexes_readable() -> None:
    """R-WA-X-51: twenty grids in a row do not shrink below the least radius: the picture
    grows instead, and every grid's number is on it."""
    from render.warparena.board import draw_board
    from render.warparena.layout import LEAST_RADIUS
    from render.warparena.recent import Recent

    board = line_of_grids(*range(1, 21)).board()
    canvas, layout = draw_board(board, Recent(), {}, 1.0)
    assert layout.radius == LEAST_RADIUS
    assert canvas.width > 1400
    assert {str(n) for n in range(1, 21)} <= set(canvas.texts)


def test_item_05_every_step_of_random_games_draws_and_hides_every_hand() -> None:
    """From set-up to the end, after every command of random games (legal.py), the arena is
    drawn publicly with that command's events, and no card of any hand is on it (R-WA-X-53)."""
    import random as rnd

    from engine.warparena.dice import SeededDice
    from engine.warparena.game import Accepted, GameSetup, new_game
    from engine.warparena.options import Options
    from tests.engine.warparena.legal import NAMES, step

    for seed, players, options in ((3, 2, Options(grids=4)), (11, 3, Options(grids=8, random_arena=True))):
        dice, rng = SeededDice(seed), rnd.Random(seed)
        created = new_game(GameSetup(NAMES[:players], options), dice)
        assert isinstance(created, Accepted), created
        state = created.state
        for _ in range(80):
            before = state.board
            accepted = step(state, dice, rng).accepted
            state = accepted.state
            texts = draw_arena(view_for(state, None), ArenaView(recent=accepted.events, before=before)).texts
            held = {c for p in state.players for c in p.hand}
            told = " ".join(texts)
            assert not any(f"#{c}" in texts for c in held)
            assert not any(str(card(c)) in told for c in held)
            if state.stage.value == "over":
                break


def test_item_05_a_new_game_draws_before_any_grid_and_counts_the_shuffle() -> None:
    """Set-up, no grid laid yet: the picture says whose placement it is, shows the dice of the
    first placement roll, and only counts the shuffle's (R-WA-X-50), with a correct plural."""
    from engine.warparena.dice import SeededDice
    from engine.warparena.game import Accepted, GameSetup, new_game
    from engine.warparena.options import Options

    created = new_game(GameSetup(("ann", "bob"), Options(grids=4)), SeededDice(1))
    assert isinstance(created, Accepted)
    texts = draw_arena(view_for(created.state, None), ArenaView(recent=created.events)).texts
    assert "Set-up: bob places a grid" in texts
    assert "and 86 dice of a shuffle, not shown: they would tell the deck's order" in texts
