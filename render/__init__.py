"""Pillow drawings of games: the hex map, fleet cards, battle reports (issue 5)."""
