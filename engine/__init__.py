"""Rules engines of the games the bot referees.

Pure and synchronous: no I/O, no clock, no global state, randomness only through a
seeded generator passed in. Each game lives in its own subpackage (``engine.warpwar``);
``engine.serial`` is the one JSON codec they share.
"""
