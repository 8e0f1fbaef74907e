"""The game master: every player action on any hosted game, authorised, stored, told.

The core (gm/*.py) knows no game's rules: it loads and commits games, runs their deadlines,
keeps the outbox, sets broken games aside, replays, exports and imports, and reaches each
game through one interface, gm.kinds.GameKind. Each game plugs in beside it: gm/warpwar/
(WarpWar 1977/1994, with its own front-end actions) and gm/warparena/ (Warp Arena 1985).
gm/service.py puts the GameMaster together and registers the kinds.
"""
