"""The database schema, as the list of migrations that build it.

Migration N brings a database from schema version N-1 to N (SQLite's ``PRAGMA user_version``).
Never edit one that has shipped: add the next. They are written in SQLite's words, and
PostgreSQL reads the same list through store.dialect. Times are ISO-8601 UTC text; game states,
events and settings are JSON from ``engine.serial``.
"""

from __future__ import annotations

MIGRATIONS: list[str] = [
    # 1: games, their seats and their event logs.
    """
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        guild_id INTEGER NOT NULL,
        channel_id INTEGER NOT NULL,
        kind TEXT NOT NULL DEFAULT 'warpwar',
        title TEXT NOT NULL,
        creator_id INTEGER NOT NULL,
        status TEXT NOT NULL CHECK (status IN ('lobby', 'running', 'over', 'abandoned')),
        setup TEXT NOT NULL,
        state TEXT,
        version INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
    );
    CREATE UNIQUE INDEX games_live_channel ON games (channel_id) WHERE status IN ('lobby', 'running');
    CREATE INDEX games_guild ON games (guild_id, status);
    CREATE TABLE seats (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        name TEXT NOT NULL,
        joined INTEGER NOT NULL,
        alliance TEXT,
        PRIMARY KEY (game_id, user_id),
        UNIQUE (game_id, name)
    );
    CREATE TABLE events (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL,
        body TEXT NOT NULL,
        actor_id INTEGER,
        at TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )
    """,
    # 2: deadlines as rows, pausing, and per-server settings.
    """
    CREATE TABLE deadlines (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        key TEXT NOT NULL,
        kind TEXT NOT NULL,
        due_at TEXT NOT NULL,
        payload TEXT NOT NULL DEFAULT '{}',
        PRIMARY KEY (game_id, key)
    );
    CREATE INDEX deadlines_due ON deadlines (due_at);
    ALTER TABLE games ADD COLUMN paused_at TEXT;
    CREATE TABLE guild_settings (
        guild_id INTEGER NOT NULL,
        key TEXT NOT NULL,
        value TEXT NOT NULL,
        PRIMARY KEY (guild_id, key)
    )
    """,
    # 3: requests already answered, so a retried command is answered again, not applied twice.
    """
    CREATE TABLE requests (
        request_id TEXT PRIMARY KEY,
        game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
        reply TEXT NOT NULL,
        at TEXT NOT NULL
    )
    """,
    # 4: events remember the command they came from (the version before it), so one command's
    # events can be found again (a move taken back).
    """
    ALTER TABLE events ADD COLUMN batch INTEGER
    """,
    # 5: messages for players whose direct messages are closed, kept until they read them in
    # the game's channel (the "Read my messages" button, cogs/mailbox.py).
    """
    CREATE TABLE mailbox (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        user_id INTEGER NOT NULL,
        text TEXT NOT NULL,
        picture TEXT,
        created_at TEXT NOT NULL,
        read_at TEXT
    );
    CREATE INDEX mailbox_unread ON mailbox (user_id, game_id) WHERE read_at IS NULL
    """,
    # 6: each phase's post in the game's channel, edited as the phase goes on (announce: phase,
    # store/phase_posts.py), so a restart keeps editing the same message.
    """
    CREATE TABLE phase_posts (
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        turn INTEGER NOT NULL,
        phase TEXT NOT NULL,
        channel_id INTEGER NOT NULL,
        message_id INTEGER NOT NULL,
        text TEXT NOT NULL,
        picture TEXT,
        open INTEGER NOT NULL DEFAULT 1,
        PRIMARY KEY (game_id, turn, phase)
    )
    """,
    # 7 (issue 11, item 4): the outbox.
    # Every announcement is written in the transaction of the command (or deadline) that made
    # it, and marked once delivered, so a restart delivers what a crash left unsent, in order
    # (store/outbox.py).
    """
    CREATE TABLE outbox (
        id INTEGER PRIMARY KEY,
        game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
        channel_id INTEGER,
        body TEXT NOT NULL,
        created_at TEXT NOT NULL,
        delivered_at TEXT
    );
    CREATE INDEX outbox_waiting ON outbox (game_id, id) WHERE delivered_at IS NULL
    """,
    # 8: games set aside after an error (a state that does not decode, events that do not replay,
    # a deadline that raises), with the reason in plain words and the detail for managers
    # (store/set_aside.py); no deadline of theirs fires and no command is taken until released.
    """
    CREATE TABLE set_aside (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        reason TEXT NOT NULL,
        detail TEXT NOT NULL,
        at TEXT NOT NULL
    )
    """,
    # 9 (issue 11, item 5): a stored request's fingerprint (its user, action and arguments) and
    # when the front end said its answer was lost, so the same command sent again soon after is
    # answered with that reply instead of being carried out twice (store/games.py, gm.core.once).
    """
    ALTER TABLE requests ADD COLUMN fingerprint TEXT;
    ALTER TABLE requests ADD COLUMN unanswered_at TEXT;
    CREATE INDEX requests_unanswered ON requests (fingerprint, at) WHERE unanswered_at IS NOT NULL
    """,
    # 10 (issue 12, item 2): games of several kinds. Every game already has its kind (migration
    # 1: 'warpwar' for every game stored so far). A game's own secret (Warp Arena's server seed,
    # R-WA-DICE-2) lives in a table of its own that no view, story or announcement reads: only
    # the kind's dice and, once the game has ended, its export (store/secrets.py). Each seat
    # may bring the player's own seed, given when joining.
    """
    CREATE TABLE secrets (
        game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
        secret BLOB NOT NULL
    );
    ALTER TABLE seats ADD COLUMN seed TEXT
    """,
    # 11 (issue 13, item 3): each Warp Arena seat's standing answer to reaction windows
    # (gm.warparena.reactions): 'ask' (the default), 'actions' or 'cards'.
    """
    ALTER TABLE seats ADD COLUMN reactions TEXT NOT NULL DEFAULT 'ask'
    """,
    # 12 (issue 15, item 4): requests are kept for a while (gm.core.REQUESTS_KEPT, 30 days by
    # default), then pruned oldest first (store.games.prune_requests); their time is indexed so
    # the old ones are found without reading the table.
    """
    CREATE INDEX requests_at ON requests (at)
    """,
    # 13 (issue 16, item 2): a game's revision, moved on by every transaction that writes the game
    # under its lock where several processes share the database (PostgreSQL, store.postgres): a
    # process holding the game in memory reads it again when another process changed it. SQLite
    # has one process per file and leaves it at 0.
    """
    ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0
    """,
]
