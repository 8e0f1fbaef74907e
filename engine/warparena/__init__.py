"""Warp Arena (1985): the rules engine, pure like engine.warpwar.

Commands in, events out: ``apply(state, command, dice)`` returns Accepted (the new state and
its events) or Rejected (a code and a message in the player's words); ``fold`` replays
events; every value round-trips through JSON (engine.serial, namespace ``arena``). Dice come
from outside (engine.warparena.dice): the engine asks for roll number n and records it.
The rule text is ../shared/rules/warp-arena-1985.txt; the rulings that settle its gaps are
R-WA-* in ../shared/rulings-warp-arena.md and the project's docs/rulings.md.
"""
