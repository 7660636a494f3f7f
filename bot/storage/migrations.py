"""Numbered schema migrations, applied in order at start-up: SQLite records the number in
``PRAGMA user_version``, PostgreSQL in its ``schema_version`` table. The scripts are written in
SQLite's dialect; PostgreSQL runs them carried over by ``bot.storage.sql.postgres_sql`` (BIGINT for
every integer, so Discord ids fit; ``timestamptz`` for the ``*_at`` columns), followed by
``POSTGRES_AFTER`` of the same number."""

MIGRATIONS: list[tuple[int, str]] = [
    (
        1,
        """
        CREATE TABLE tables (
            id          TEXT PRIMARY KEY,
            status      TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished', 'abandoned')),
            guild_id    INTEGER,
            channel_id  INTEGER,
            message_id  INTEGER,
            created_at  TEXT NOT NULL,
            updated_at  TEXT NOT NULL
        );
        CREATE INDEX tables_status ON tables (status);

        CREATE TABLE table_events (
            table_id    TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            seq         INTEGER NOT NULL CHECK (seq >= 1),
            type        TEXT NOT NULL,
            payload     TEXT NOT NULL,
            created_at  TEXT NOT NULL,
            PRIMARY KEY (table_id, seq)
        ) WITHOUT ROWID;

        CREATE TABLE game_results (
            id          INTEGER PRIMARY KEY,
            table_id    TEXT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
            game_no     INTEGER NOT NULL,
            winner      INTEGER,
            total_a     INTEGER NOT NULL,
            total_b     INTEGER NOT NULL,
            berg        INTEGER,
            schneider   INTEGER NOT NULL,
            seats       TEXT NOT NULL,
            finished_at TEXT NOT NULL,
            UNIQUE (table_id, game_no)
        );
        """,
    ),
    (
        2,
        """
        CREATE TABLE guild_settings (
            guild_id    INTEGER PRIMARY KEY,
            preset      TEXT,
            target      INTEGER,
            language    TEXT,
            updated_at  TEXT NOT NULL
        );
        ALTER TABLE tables ADD COLUMN language TEXT;
        """,
    ),
    (
        3,
        """
        ALTER TABLE guild_settings ADD COLUMN deck TEXT;
        ALTER TABLE guild_settings ADD COLUMN turn_timer INTEGER;
        ALTER TABLE tables ADD COLUMN deck TEXT;
        CREATE TABLE user_settings (
            user_id     INTEGER PRIMARY KEY,
            deck        TEXT,
            updated_at  TEXT NOT NULL
        );
        """,
    ),
    (
        4,
        """
        ALTER TABLE tables ADD COLUMN host TEXT;
        UPDATE tables SET host = (
            SELECT json_extract(e.payload, '$.host') FROM table_events e WHERE e.table_id = tables.id AND e.seq = 1
        );
        CREATE INDEX tables_channel ON tables (channel_id, status);
        CREATE INDEX tables_host ON tables (host, status);
        """,
    ),
    (
        5,
        """
        ALTER TABLE guild_settings ADD COLUMN pings TEXT;
        ALTER TABLE guild_settings ADD COLUMN images TEXT;
        ALTER TABLE tables ADD COLUMN pings TEXT;
        ALTER TABLE tables ADD COLUMN images TEXT;
        """,
    ),
    (
        6,
        """
        CREATE TABLE tournaments (
            id          TEXT PRIMARY KEY,
            status      TEXT NOT NULL DEFAULT 'signup'
                        CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
            guild_id    INTEGER,
            channel_id  INTEGER,
            message_id  INTEGER,
            secret_seed TEXT,  -- the draw's seed until the start (its SHA-256 is in the first event)
            created_at  TEXT NOT NULL,
            updated_at  TEXT NOT NULL
        );
        CREATE INDEX tournaments_status ON tournaments (status);

        CREATE TABLE tournament_events (
            tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            seq           INTEGER NOT NULL CHECK (seq >= 1),
            type          TEXT NOT NULL,
            payload       TEXT NOT NULL,
            created_at    TEXT NOT NULL,
            PRIMARY KEY (tournament_id, seq)
        ) WITHOUT ROWID;

        -- Which table of the table service plays which table of which Passe.
        CREATE TABLE tournament_tables (
            tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            passe         INTEGER NOT NULL,
            table_no      INTEGER NOT NULL,
            table_id      TEXT NOT NULL UNIQUE REFERENCES tables (id),
            PRIMARY KEY (tournament_id, passe, table_no)
        ) WITHOUT ROWID;

        -- Each person's points in each Passe (for standings, ratings and statistics), written
        -- in the transaction of the event that records their table's result.
        CREATE TABLE tournament_results (
            tournament_id TEXT NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            passe         INTEGER NOT NULL,
            player        TEXT NOT NULL,
            table_no      INTEGER NOT NULL,
            points        INTEGER NOT NULL,
            PRIMARY KEY (tournament_id, passe, player)
        ) WITHOUT ROWID;
        """,
    ),
    (
        7,
        """
        -- A duplicate challenge shares the tournament tables: its tries are the "Passen" of
        -- tournament_tables (table_no 0) and tournament_results (one row per person and try).
        ALTER TABLE tournaments ADD COLUMN kind TEXT NOT NULL DEFAULT 'tournament'
            CHECK (kind IN ('tournament', 'challenge'));
        ALTER TABLE guild_settings ADD COLUMN organiser_role INTEGER;
        """,
    ),
    (
        8,
        """
        -- Statistics and ratings: derived from the event log, rebuilt by `python -m bot rebuild-stats`.
        -- One row per finished game of a server (what the game was, as JSON), in the order they ended.
        CREATE TABLE stat_games (
            guild_id     INTEGER NOT NULL,
            table_id     TEXT NOT NULL,
            game         INTEGER NOT NULL,
            finished_at  TEXT NOT NULL,
            record       TEXT NOT NULL,
            PRIMARY KEY (table_id, game)
        ) WITHOUT ROWID;
        CREATE INDEX stat_games_guild ON stat_games (guild_id, finished_at, table_id, game);

        -- Seasons of a server: ratings start fresh at a season's start, statistics stay all-time.
        CREATE TABLE stat_seasons (
            guild_id    INTEGER NOT NULL,
            season      INTEGER NOT NULL,
            started_at  TEXT NOT NULL,
            PRIMARY KEY (guild_id, season)
        ) WITHOUT ROWID;

        -- Every person's rating in a server's season (folded from stat_games in their order).
        CREATE TABLE stat_ratings (
            guild_id  INTEGER NOT NULL,
            season    INTEGER NOT NULL,
            actor     TEXT NOT NULL,
            name      TEXT NOT NULL,
            mu        REAL NOT NULL,
            sigma     REAL NOT NULL,
            games     INTEGER NOT NULL,
            history   TEXT NOT NULL,  -- JSON: mu after each of the last 20 games
            PRIMARY KEY (guild_id, season, actor)
        ) WITHOUT ROWID;

        -- People who hide themselves from a server's leaderboards.
        CREATE TABLE stat_hidden (
            guild_id  INTEGER NOT NULL,
            actor     TEXT NOT NULL,
            PRIMARY KEY (guild_id, actor)
        ) WITHOUT ROWID;
        """,
    ),
    (
        9,
        """
        -- Which bot process drives which shards (several processes on one database): a process
        -- claims its shards at start-up, renews the claim while it runs, and drops it at the end.
        CREATE TABLE shard_leases (
            shard        INTEGER NOT NULL PRIMARY KEY,
            shard_count  INTEGER NOT NULL,
            holder       TEXT NOT NULL,  -- host:pid:token of the process
            renewed_at   TEXT NOT NULL
        );
        """,
    ),
    (
        10,
        """
        -- Work the bot does once after an upgrade, at its next start (the process of shard 0).
        -- Ratings are now won / drawn / lost, without a margin on the points (issue 39): every
        -- server's ratings are rebuilt from the stored games once.
        CREATE TABLE pending_tasks (
            task        TEXT PRIMARY KEY,
            created_at  TEXT NOT NULL
        );
        INSERT INTO pending_tasks (task, created_at) VALUES ('rebuild-stats', '2026-12-03');
        -- A tournament's or challenge's table is named by it ("Herbst · Passe 1 · Tisch 2"); NULL:
        -- a table of the server, named by its host.
        ALTER TABLE tables ADD COLUMN label TEXT;
        """,
    ),
    (
        11,
        """
        -- The table's live line (issue 41): a follow-up message the bot deletes when the hand is
        -- over; kept so that a restarted bot deletes the one the stopped process left behind.
        ALTER TABLE tables ADD COLUMN line_id INTEGER;
        """,
    ),
    (
        12,
        """
        -- A server may turn ratings off (issue 44): 'off' makes every table opened there friendly.
        ALTER TABLE guild_settings ADD COLUMN ratings TEXT;
        """,
    ),
    (
        13,
        """
        -- A pending task's time as every other time is written (migration 10 wrote a bare date):
        -- so a copy into PostgreSQL (timestamptz) reads back equal. PostgreSQL's rows are
        -- timestamps already: there this migration does nothing (POSTGRES_INSTEAD).
        UPDATE pending_tasks SET created_at = created_at || 'T00:00:00.000+00:00' WHERE length(created_at) = 10;
        """,
    ),
    (
        14,
        """
        -- A server's public web pages (issue 54): off until its admins switch them on. The slug is
        -- random (the pages' address, never derived from a Discord id); the secret keys the
        -- people's page addresses. Both stay when the pages are switched off and on again.
        CREATE TABLE web_sites (
            guild_id    INTEGER PRIMARY KEY,
            slug        TEXT NOT NULL UNIQUE,
            secret      TEXT NOT NULL,
            enabled     INTEGER NOT NULL DEFAULT 0 CHECK (enabled IN (0, 1)),
            created_at  TEXT NOT NULL,
            updated_at  TEXT NOT NULL
        );
        """,
    ),
    (
        15,
        """
        -- Secrets of the bot's own (issue 55): the key that signs the links to a seat at the live
        -- table in the browser. Drawn once, the same for every process on this database.
        CREATE TABLE web_keys (
            name        TEXT PRIMARY KEY,
            secret      TEXT NOT NULL,
            created_at  TEXT NOT NULL
        );
        """,
    ),
    (
        16,
        """
        -- Where each process's web server answers its peers (issue 64): a page of a table another
        -- process plays is forwarded there. Empty: the process serves no pages.
        ALTER TABLE shard_leases ADD COLUMN web_address TEXT NOT NULL DEFAULT '';
        """,
    ),
]

#: What PostgreSQL runs instead of a migration of the same number (SQLite-only repairs).
POSTGRES_INSTEAD: dict[int, str] = {13: ""}

#: PostgreSQL's extra statements after a migration of the same number.
POSTGRES_AFTER: dict[int, str] = {
    # SQLite orders tables created in the same millisecond by rowid; PostgreSQL has none.
    1: "ALTER TABLE tables ADD COLUMN ord BIGINT GENERATED ALWAYS AS IDENTITY;",
}

#: The schema version this code writes.
LATEST_VERSION = MIGRATIONS[-1][0]
