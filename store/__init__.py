"""Persistence beside the game master: the database (games of every kind, their event logs,
seats, deadlines, the outbox, a game's secret) with migrations, on SQLite through aiosqlite (the
default, one process) or on PostgreSQL through asyncpg (several processes), and the map files
read as JSON data. Nothing here knows a game's rules."""
