"""Persistence beside the game master: the SQLite database (games of every kind, their event
logs, seats, deadlines, the outbox, a game's secret) through aiosqlite with migrations, and
the map files read as JSON data. Nothing here knows a game's rules."""
