"""Issue 13 item 5: the channel news after an action carries a close-up of the arena (the
hexes it changed); the first picture of a game, and `/arena map`, the whole arena."""

from __future__ import annotations

from dataclasses import replace

from engine.warparena.hexes import HexName
from gm.announce import Announcement, ToChannel
from gm.warparena.channel import changed_hexes, with_arena_picture
from render.warparena.examples import showcase


def test_item_05_news_after_an_action_asks_for_a_close_up_of_the_changed_hexes() -> None:
    """A robot that moved and a hex destroyed are the hexes the close-up is around."""
    after = showcase().state.board
    before = replace(
        after,
        destroyed=after.destroyed - {HexName("4-5")},
        pieces=tuple(
            replace(p, hex=HexName("1-1")) if p.label == "D1" and p.owner == "ann" else p
            for p in after.pieces
        ),
    )
    around = changed_hexes(before, after)
    assert around == ("1-1", "1-3", "4-5")
    told = with_arena_picture([Announcement(ToChannel(), "ann moves D1.")], around)
    assert told[0].picture is not None and told[0].picture.around == around


def test_item_05_without_hexes_the_picture_is_the_whole_arena() -> None:
    """No hexes named: the picture is the whole arena (a game's first picture)."""
    told = with_arena_picture([Announcement(ToChannel(), "The arena is set.")])
    assert told[0].picture is not None and told[0].picture.around == ()
