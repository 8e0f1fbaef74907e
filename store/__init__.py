"""Persistence beside the game master: static game data now, the SQLite store later."""
