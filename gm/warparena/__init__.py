"""Warp Arena (1985) on the game master: its settings, deadlines, story and kind (gm.kinds).

The rules are engine.warparena's; here they meet the game master: a game made with fair dice
from the game's secret and the players' seeds (R-WA-DICE-2), one deadline per kind of decision
the game waits on (engine.warparena.views.waiting_on), and the events told to their audience.
Discord and the console come in the next issue.
"""
