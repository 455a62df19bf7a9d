/// The database schema as an ordered list of migrations.
///
/// `PRAGMA user_version` holds how many migrations a database has had. Opening
/// applies the missing ones in order, in one transaction, so a database is
/// never left half-migrated. Append new migrations; never edit a released one.
///
/// A server's database and a client's (local mode, server mode's replica)
/// differ: a client has no use for the server's tables (`serverTables`:
/// sign-in, tokens, idempotency keys, reminders and webhooks), and SQLite
/// parses every table, index and trigger of a file at its first statement,
/// so they cost each command. Each step says what it runs on each kind of
/// database (`Migration`); a step about the server's tables alone runs
/// nothing on a client's. Version 15 drops them from a client's.
///
/// Conventions: timestamps are REAL unix seconds (sub-second precision matters
/// for the refresh grace window); dates are `YYYY-MM-DD` text, which sorts
/// like the dates; decimals are exact text (`DecimalText`); action days are a
/// bitmask with bit 0 for Monday.
enum Schema {
    /// Which migrations a list is, as far as telling versions apart needs:
    /// their count and the total length in UTF-8 bytes of both kinds' SQL.
    static func signature(of migrations: [Migration]) -> (count: Int, bytes: Int) {
        (
            migrations.count,
            migrations.reduce(0) { $0 + $1.server.utf8.count + $1.client.utf8.count }
        )
    }

    static let migrations: [Migration] = [
        Migration(version1), Migration(version2), Migration(version3), Migration(version4),
        Migration(version5), Migration(version6), Migration(version7), Migration(version8),
        Migration(version9), Migration(version10), Migration(version11),
        Migration(versionHabitMarks), Migration(versionDigest), Migration(versionReminderQueue),
        Migration(server: "", client: versionClientTables), Migration(versionCheckpointCover),
        Migration(versionDayBoundary), Migration(versionSecondModel, rebuildsTables: true),
        Migration(versionHabitPosition),
    ]

    /// The version this build writes and reads.
    static var version: Int { migrations.count }

    /// The version from which a client's database lacks `serverTables`.
    static let clientTablesVersion = 15

    /// The tables only a server uses. No other table references them, and
    /// the code a client runs (local mode, the replica) reads and writes
    /// none of them. A later step that adds a server table adds it here.
    static let serverTables: Set<String> = [
        "deliveries", "reminder_occurrences", "reminders", "webhooks", "reminder_channels",
        "digest_occurrences", "access_tokens", "refresh_tokens", "refresh_families",
        "login_codes", "code_sends", "code_requests", "idempotency_keys",
    ]

    private static let version1 = """
        CREATE TABLE users (
            id INTEGER PRIMARY KEY,
            email TEXT NOT NULL UNIQUE,
            created_at REAL NOT NULL
        );

        -- AUTOINCREMENT: a deleted habit's id is never given to a new one, so a
        -- client holding an old id cannot reach a different habit through it.
        CREATE TABLE habits (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            frequency TEXT NOT NULL CHECK (frequency IN ('DAILY', 'WEEKLY')),
            measurement_type TEXT NOT NULL,
            start_date TEXT NOT NULL,
            action_days INTEGER NOT NULL CHECK (action_days BETWEEN 0 AND 127),
            target_value TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'ARCHIVED')),
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        -- By owner alone: entries come in (owner_id, id) order, so listings and
        -- joins ordered by id need no sort; the status is filtered on the way.
        CREATE INDEX habits_by_owner ON habits (owner_id);

        CREATE TABLE progress (
            habit_id INTEGER NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
            date TEXT NOT NULL,
            value TEXT NOT NULL,
            skipped INTEGER NOT NULL CHECK (skipped IN (0, 1)),
            PRIMARY KEY (habit_id, date)
        ) WITHOUT ROWID;

        -- One pending code per address, stored only as a hash.
        CREATE TABLE login_codes (
            email TEXT PRIMARY KEY,
            code_hash TEXT NOT NULL,
            expires_at REAL NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX login_codes_by_expiry ON login_codes (expires_at);

        CREATE TABLE code_sends (
            email TEXT NOT NULL,
            sent_at REAL NOT NULL
        );
        CREATE INDEX code_sends_by_email ON code_sends (email, sent_at);
        CREATE INDEX code_sends_by_time ON code_sends (sent_at);

        -- Every refresh token descended from one sign-in; revoking the family
        -- signs that session out. expires_at is that of its newest token.
        CREATE TABLE refresh_families (
            family_id TEXT PRIMARY KEY,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            revoked INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1)),
            expires_at REAL NOT NULL
        );
        CREATE INDEX refresh_families_by_user ON refresh_families (user_id);
        CREATE INDEX refresh_families_by_expiry ON refresh_families (expires_at);

        -- A token is revoked once rotated (rotated_at set) or when its family is.
        CREATE TABLE refresh_tokens (
            jti TEXT PRIMARY KEY,
            family_id TEXT NOT NULL REFERENCES refresh_families (family_id) ON DELETE CASCADE,
            parent_jti TEXT,
            user_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            issued_at REAL NOT NULL,
            expires_at REAL NOT NULL,
            rotated_at REAL
        );
        CREATE INDEX refresh_tokens_by_family ON refresh_tokens (family_id);
        CREATE INDEX refresh_tokens_by_parent ON refresh_tokens (parent_jti);
        CREATE INDEX refresh_tokens_by_user ON refresh_tokens (user_id);
        CREATE INDEX refresh_tokens_by_expiry ON refresh_tokens (expires_at);
        """

    /// Idempotency keys (24 hours) with the answer given to the request that
    /// first carried each. The scope is whose key it is ("user:42", or a keyed
    /// hash of an address), so keys of different users never meet. The
    /// indexes serve the purge of expired keys and the cap per scope.
    private static let version2 = """
        CREATE TABLE idempotency_keys (
            scope TEXT NOT NULL,
            key TEXT NOT NULL,
            fingerprint TEXT NOT NULL,
            status INTEGER NOT NULL,
            body TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (scope, key)
        );
        CREATE INDEX idempotency_keys_by_time ON idempotency_keys (created_at);
        CREATE INDEX idempotency_keys_by_scope_time ON idempotency_keys (scope, created_at);
        """

    /// History checkpoints (`HistoryCheckpoint`): per habit, what its periods
    /// through a date add up to, so a list need not read ten years of
    /// entries for a streak. Triggers keep them true: an entry changed in or
    /// before a checkpoint's last period (its day, or its week for a weekly
    /// habit) deletes it, and so does a change of the habit's rules.
    /// Every entry change also bumps the habit's `progress_generation`, so a
    /// checkpoint worked out from entries read before a concurrent write is
    /// not saved (see `saveHistoryCheckpoint`).
    private static let version3 = """
        ALTER TABLE habits ADD COLUMN progress_generation INTEGER NOT NULL DEFAULT 0;

        CREATE TABLE history_checkpoints (
            habit_id INTEGER PRIMARY KEY REFERENCES habits (id) ON DELETE CASCADE,
            through TEXT NOT NULL,
            current_streak INTEGER NOT NULL,
            strength REAL NOT NULL,
            rules TEXT NOT NULL
        );

        CREATE TRIGGER progress_inserted AFTER INSERT ON progress BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id = NEW.habit_id;
            DELETE FROM history_checkpoints WHERE (habit_id = NEW.habit_id AND NEW.date <= CASE (SELECT frequency FROM habits WHERE id = NEW.habit_id) WHEN 'WEEKLY' THEN date(through, '+6 days') ELSE through END);
        END;
        CREATE TRIGGER progress_updated AFTER UPDATE ON progress BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id IN (OLD.habit_id, NEW.habit_id);
            DELETE FROM history_checkpoints
                WHERE (habit_id = OLD.habit_id AND OLD.date <= CASE (SELECT frequency FROM habits WHERE id = OLD.habit_id) WHEN 'WEEKLY' THEN date(through, '+6 days') ELSE through END)
                    OR (habit_id = NEW.habit_id AND NEW.date <= CASE (SELECT frequency FROM habits WHERE id = NEW.habit_id) WHEN 'WEEKLY' THEN date(through, '+6 days') ELSE through END);
        END;
        CREATE TRIGGER progress_deleted AFTER DELETE ON progress BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id = OLD.habit_id;
            DELETE FROM history_checkpoints WHERE (habit_id = OLD.habit_id AND OLD.date <= CASE (SELECT frequency FROM habits WHERE id = OLD.habit_id) WHEN 'WEEKLY' THEN date(through, '+6 days') ELSE through END);
        END;
        CREATE TRIGGER habit_rules_changed
            AFTER UPDATE OF frequency, start_date, action_days, target_value ON habits
            WHEN OLD.frequency IS NOT NEW.frequency OR OLD.start_date IS NOT NEW.start_date
                OR OLD.action_days IS NOT NEW.action_days
                OR OLD.target_value IS NOT NEW.target_value
        BEGIN
            DELETE FROM history_checkpoints WHERE habit_id = NEW.id;
        END;
        """

    /// A note per entry (`ProgressEntry.note`): NULL when there is none, so
    /// entries written before this version read as having none. Stored as
    /// validated (trimmed, one line, at most 500 Unicode scalars).
    private static let version4 = """
        ALTER TABLE progress ADD COLUMN note TEXT;
        """

    /// History checkpoints carry the whole `HabitStats` (longest streak and
    /// the done, failed and skipped counts too), so `show` resumes from them
    /// as `list` does. The checkpoints saved before hold no counts: they are
    /// deleted rather than read with made-up ones, and the next command
    /// works them out again. The defaults only satisfy `ADD COLUMN`; every
    /// save writes all the columns.
    private static let version5 = """
        DELETE FROM history_checkpoints;
        ALTER TABLE history_checkpoints ADD COLUMN longest_streak INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE history_checkpoints ADD COLUMN success_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE history_checkpoints ADD COLUMN failed_count INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE history_checkpoints ADD COLUMN skipped_count INTEGER NOT NULL DEFAULT 0;
        """

    /// The same checkpoint rules as version 3 for a changed entry, without
    /// the temporary b-tree SQLite built for `id IN (OLD…, NEW…)` and the
    /// `OR` of two habits on every update (every PUT of an existing day):
    /// the entry's new day is handled by `progress_updated`, and the day it
    /// left, only when an update moves it to another habit or date, by
    /// `progress_moved`. Its generation bump skips the same habit, which
    /// `progress_updated` already bumped, as `IN` did.
    private static let version6 = """
        DROP TRIGGER progress_updated;
        CREATE TRIGGER progress_updated AFTER UPDATE ON progress BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id = NEW.habit_id;
            DELETE FROM history_checkpoints WHERE (habit_id = NEW.habit_id AND NEW.date <= CASE (SELECT frequency FROM habits WHERE id = NEW.habit_id) WHEN 'WEEKLY' THEN date(through, '+6 days') ELSE through END);
        END;
        CREATE TRIGGER progress_moved AFTER UPDATE OF habit_id, date ON progress
            WHEN OLD.habit_id IS NOT NEW.habit_id OR OLD.date IS NOT NEW.date
        BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id = OLD.habit_id AND OLD.habit_id IS NOT NEW.habit_id;
            DELETE FROM history_checkpoints WHERE (habit_id = OLD.habit_id AND OLD.date <= CASE (SELECT frequency FROM habits WHERE id = OLD.habit_id) WHEN 'WEEKLY' THEN date(through, '+6 days') ELSE through END);
        END;
        """

    /// Code requests by client (an IPv4 address, an IPv6 /64), for the
    /// per-client hourly limit; pruned with `code_sends`.
    private static let version7 = """
        CREATE TABLE code_requests (
            client TEXT NOT NULL,
            requested_at REAL NOT NULL
        );
        CREATE INDEX code_requests_by_client ON code_requests (client, requested_at);
        CREATE INDEX code_requests_by_time ON code_requests (requested_at);
        """

    /// The change feed (sync): each user's last change number
    /// (`users.change_seq`), the number through which tombstones were purged
    /// (older cursors expire), each habit's and entry's last change number,
    /// which is also its version, the entry's owner (so one index walks a
    /// user's changes in order), and a tombstone per deletion. Rows already
    /// stored are numbered per owner: habits by id, then entries by habit
    /// and date. The checkpoint trigger of an updated entry now fires only
    /// when the entry's day or contents change, so numbering keeps the
    /// checkpoints.
    private static let version8 = """
        -- Only a change of an entry's day or contents is an entry change for
        -- the checkpoints: numbering rows (below) and owner_id are not.
        DROP TRIGGER progress_updated;
        CREATE TRIGGER progress_updated AFTER UPDATE OF habit_id, date, value, skipped, note
            ON progress
        BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id = NEW.habit_id;
            DELETE FROM history_checkpoints WHERE (habit_id = NEW.habit_id AND NEW.date <= CASE (SELECT frequency FROM habits WHERE id = NEW.habit_id) WHEN 'WEEKLY' THEN date(through, '+6 days') ELSE through END);
        END;

        ALTER TABLE users ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE users ADD COLUMN changes_purged_through INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE habits ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE progress ADD COLUMN owner_id INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE progress ADD COLUMN change_seq INTEGER NOT NULL DEFAULT 0;

        UPDATE habits SET change_seq = numbered.seq FROM (
            SELECT id, row_number() OVER (PARTITION BY owner_id ORDER BY id) AS seq FROM habits
        ) AS numbered WHERE numbered.id = habits.id;
        UPDATE progress SET owner_id = habits.owner_id FROM habits
            WHERE habits.id = progress.habit_id;
        UPDATE progress SET change_seq = numbered.seq FROM (
            SELECT p.habit_id, p.date,
                (SELECT count(*) FROM habits h WHERE h.owner_id = p.owner_id)
                    + row_number() OVER (PARTITION BY p.owner_id ORDER BY p.habit_id, p.date)
                    AS seq
            FROM progress p
        ) AS numbered WHERE numbered.habit_id = progress.habit_id AND numbered.date = progress.date;
        UPDATE users SET change_seq = (SELECT count(*) FROM habits WHERE owner_id = users.id)
            + (SELECT count(*) FROM progress WHERE owner_id = users.id);

        CREATE INDEX habits_changes ON habits (owner_id, change_seq);
        CREATE INDEX progress_changes ON progress (owner_id, change_seq);

        -- date is NULL for a habit's tombstone, a day for an entry's.
        CREATE TABLE change_tombstones (
            owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('habit', 'entry')),
            habit_id INTEGER NOT NULL,
            date TEXT,
            change_seq INTEGER NOT NULL,
            deleted_at REAL NOT NULL
        );
        CREATE UNIQUE INDEX change_tombstones_by_row ON change_tombstones (habit_id, date);
        CREATE INDEX change_tombstones_changes ON change_tombstones (owner_id, change_seq);
        """

    /// Each account's time zone (an IANA name such as `Europe/Berlin`, as
    /// `TimeZone(identifier:)` reads it): which date "today" is for the
    /// account's calendar feed, check-in URL and reminders. NULL until the
    /// account sets one, which the server reads as UTC.
    private static let version9 = """
        ALTER TABLE users ADD COLUMN time_zone TEXT;
        """

    /// Personal access tokens (`AccessTokenRecord`), stored only as the
    /// SHA-256 of the token (`token_hash`), never the token. A name is
    /// unique among the owner's tokens that are not revoked; revoked ones
    /// are kept 30 days. A check-in token of a deleted habit goes with it.
    private static let version10 = """
        CREATE TABLE access_tokens (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            scope TEXT NOT NULL CHECK (scope IN ('read', 'check-in', 'write')),
            habit_id INTEGER REFERENCES habits (id) ON DELETE CASCADE,
            token_hash TEXT NOT NULL,
            created_at REAL NOT NULL,
            expires_at REAL,
            last_used_at REAL,
            revoked_at REAL
        );
        CREATE UNIQUE INDEX access_tokens_by_hash ON access_tokens (token_hash);
        CREATE UNIQUE INDEX access_tokens_live_name ON access_tokens (owner_id, name)
            WHERE revoked_at IS NULL;
        CREATE INDEX access_tokens_by_habit ON access_tokens (habit_id);
        """

    /// Server reminders and webhooks (`ReminderRepository`): reminder times
    /// per habit, channels and webhook endpoints per user, the delivery
    /// outbox, and one row per claimed reminder occurrence, whose primary
    /// key makes a claim happen once across processes. Times are REAL unix
    /// seconds; an occurrence instant is whole seconds.
    private static let version11 = """
        CREATE TABLE reminder_channels (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind IN ('mail', 'ntfy')),
            url TEXT,
            last_error TEXT,
            last_error_at REAL,
            created_at REAL NOT NULL
        );
        CREATE INDEX reminder_channels_by_owner ON reminder_channels (owner_id);

        CREATE TABLE webhooks (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            url TEXT NOT NULL,
            events TEXT NOT NULL,
            secret TEXT NOT NULL,
            last_error TEXT,
            last_error_at REAL,
            created_at REAL NOT NULL
        );
        CREATE INDEX webhooks_by_owner ON webhooks (owner_id);

        CREATE TABLE reminders (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            habit_id INTEGER NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
            owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            time TEXT NOT NULL,
            channel_id INTEGER REFERENCES reminder_channels (id) ON DELETE CASCADE,
            webhook_id INTEGER REFERENCES webhooks (id) ON DELETE CASCADE,
            created_at REAL NOT NULL
        );
        CREATE INDEX reminders_by_habit ON reminders (habit_id, time);
        CREATE INDEX reminders_by_owner ON reminders (owner_id);
        CREATE INDEX reminders_by_channel ON reminders (channel_id);
        CREATE INDEX reminders_by_webhook ON reminders (webhook_id);

        CREATE TABLE reminder_occurrences (
            habit_id INTEGER NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
            instant INTEGER NOT NULL,
            claimed_at REAL NOT NULL,
            PRIMARY KEY (habit_id, instant)
        ) WITHOUT ROWID;
        CREATE INDEX reminder_occurrences_by_instant ON reminder_occurrences (instant);

        -- target: 'c' or 'w' and the channel's or webhook's id.
        CREATE TABLE deliveries (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            event_id TEXT NOT NULL,
            target TEXT NOT NULL,
            channel_id INTEGER REFERENCES reminder_channels (id) ON DELETE CASCADE,
            webhook_id INTEGER REFERENCES webhooks (id) ON DELETE CASCADE,
            event TEXT NOT NULL,
            payload TEXT NOT NULL,
            attempts INTEGER NOT NULL DEFAULT 0,
            state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed')),
            created_at REAL NOT NULL,
            next_attempt_at REAL NOT NULL,
            last_attempt_at REAL,
            last_error TEXT,
            UNIQUE (event_id, target)
        );
        CREATE INDEX deliveries_due ON deliveries (state, next_attempt_at);
        CREATE INDEX deliveries_by_webhook ON deliveries (webhook_id, id);
        CREATE INDEX deliveries_by_channel ON deliveries (channel_id);
        """

    /// A habit's marks: an optional icon (one emoji) and colour (`#rrggbb`),
    /// validated by `HabitFields` before they are written.
    private static let versionHabitMarks = """
        ALTER TABLE habits ADD COLUMN icon TEXT;
        ALTER TABLE habits ADD COLUMN color TEXT;
        """

    /// The daily digest: a time per user, and the (owner, local date) rows
    /// that claim each day's digest once across processes.
    private static let versionDigest = """
        ALTER TABLE users ADD COLUMN digest_time TEXT;
        CREATE TABLE digest_occurrences (
            owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            local_date TEXT NOT NULL,
            claimed_at REAL NOT NULL,
            PRIMARY KEY (owner_id, local_date)
        );
        """

    /// A claimed reminder occurrence keeps what its deliveries are made
    /// from (its reminder's channel or webhook, its local day, time and
    /// zone) and waits, `queued` 0, until a delivery run turns it into them
    /// (`ReminderRepository.claimDeliveries`). Claims made before were
    /// queued when they were made.
    private static let versionReminderQueue = """
        ALTER TABLE reminder_occurrences ADD COLUMN channel_id INTEGER;
        ALTER TABLE reminder_occurrences ADD COLUMN webhook_id INTEGER;
        ALTER TABLE reminder_occurrences ADD COLUMN local_date TEXT;
        ALTER TABLE reminder_occurrences ADD COLUMN local_time TEXT;
        ALTER TABLE reminder_occurrences ADD COLUMN zone TEXT;
        ALTER TABLE reminder_occurrences ADD COLUMN queued INTEGER NOT NULL DEFAULT 1;
        CREATE INDEX reminder_occurrences_to_queue ON reminder_occurrences (claimed_at)
            WHERE queued = 0;
        """

    /// A checkpoint stores the last day whose entries it covers
    /// (`covers_through`: its `through`, or the Sunday of that week for a
    /// weekly habit), written with it, so the entry triggers compare one
    /// column instead of looking up the habit's frequency and computing
    /// the day, and one trigger serves an updated entry's old and new day
    /// (`progress_moved` is gone). SQLite parses every trigger at a
    /// command's first statement: this is a fifth of the client schema's
    /// parse. The default covers every day, so a row written without the
    /// column is dropped by the next change of an entry.
    private static let versionCheckpointCover = """
        ALTER TABLE history_checkpoints ADD COLUMN covers_through TEXT NOT NULL
            DEFAULT '9999-12-31';
        UPDATE history_checkpoints SET covers_through = CASE (
            SELECT frequency FROM habits WHERE id = history_checkpoints.habit_id)
            WHEN 'WEEKLY' THEN date(through, '+6 days') ELSE through END;
        DROP TRIGGER progress_inserted;
        DROP TRIGGER progress_deleted;
        DROP TRIGGER progress_updated;
        DROP TRIGGER progress_moved;
        CREATE TRIGGER progress_inserted AFTER INSERT ON progress BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id = NEW.habit_id;
            DELETE FROM history_checkpoints
                WHERE habit_id = NEW.habit_id AND NEW.date <= covers_through;
        END;
        CREATE TRIGGER progress_deleted AFTER DELETE ON progress BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id = OLD.habit_id;
            DELETE FROM history_checkpoints
                WHERE habit_id = OLD.habit_id AND OLD.date <= covers_through;
        END;
        CREATE TRIGGER progress_updated AFTER UPDATE OF habit_id, date, value, skipped, note
            ON progress
        BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id IN (NEW.habit_id, OLD.habit_id);
            DELETE FROM history_checkpoints
                WHERE (habit_id = NEW.habit_id AND NEW.date <= covers_through)
                    OR (habit_id = OLD.habit_id AND OLD.date <= covers_through);
        END;
        """

    /// When each account's day ends (`day_starts_at`, `HH:MM`): NULL is
    /// midnight, so every account keeps its days until it sets one.
    private static let versionDayBoundary = """
        ALTER TABLE users ADD COLUMN day_starts_at TEXT;
        """

    /// Each habit's place in its owner's order (`HabitOrder`): NULL, never
    /// placed, for every habit stored before. Lists read it in
    /// `ORDER BY position IS NULL, position, id`; an owner's few dozen
    /// habits need no index for that.
    private static let versionHabitPosition = """
        ALTER TABLE habits ADD COLUMN position INTEGER;
        """

    /// The second habit model (`Goal`, `Habit.periodDays`, `Habit.group`):
    /// a goal (`AT_LEAST` for every habit stored before), N of an
    /// EVERY_N_DAYS habit and a group (NULL: none), and MONTHLY and
    /// EVERY_N_DAYS admitted by the frequency's CHECK.
    ///
    /// SQLite cannot change a table's CHECK, so the table is made again
    /// the documented way (lang_altertable.html, section 7): a new table,
    /// the rows copied, the old one dropped and the new one renamed, with
    /// foreign keys off (`Migration.rebuildsTables`) so dropping the old
    /// table deletes none of the rows that reference it. The triggers that
    /// name `habits` go first and come back after; the AUTOINCREMENT
    /// counter moves with the table (a deleted habit's id is never given
    /// again). The rules trigger also drops a checkpoint when the goal or
    /// the period's length changes.
    private static let versionSecondModel = """
        DROP TRIGGER progress_inserted;
        DROP TRIGGER progress_deleted;
        DROP TRIGGER progress_updated;
        DROP TRIGGER habit_rules_changed;

        CREATE TABLE habits_second_model (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            owner_id INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
            name TEXT NOT NULL,
            frequency TEXT NOT NULL
                CHECK (frequency IN ('DAILY', 'WEEKLY', 'MONTHLY', 'EVERY_N_DAYS')),
            measurement_type TEXT NOT NULL,
            start_date TEXT NOT NULL,
            action_days INTEGER NOT NULL CHECK (action_days BETWEEN 0 AND 127),
            target_value TEXT NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('ACTIVE', 'ARCHIVED')),
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL,
            progress_generation INTEGER NOT NULL DEFAULT 0,
            change_seq INTEGER NOT NULL DEFAULT 0,
            icon TEXT,
            color TEXT,
            goal TEXT NOT NULL DEFAULT 'AT_LEAST' CHECK (goal IN ('AT_LEAST', 'AT_MOST')),
            -- N of an EVERY_N_DAYS habit, which must have one; no other has.
            period_days INTEGER CHECK ((frequency = 'EVERY_N_DAYS') = (period_days IS NOT NULL)
                AND (period_days IS NULL OR period_days BETWEEN 2 AND 365)),
            -- A keyword, so always quoted.
            "group" TEXT
        );
        INSERT INTO habits_second_model (id, owner_id, name, frequency, measurement_type,
            start_date, action_days, target_value, status, created_at, updated_at,
            progress_generation, change_seq, icon, color)
        SELECT id, owner_id, name, frequency, measurement_type, start_date, action_days,
            target_value, status, created_at, updated_at, progress_generation, change_seq, icon,
            color
        FROM habits;
        -- The copy set the new table's counter to its highest id; the old
        -- one's may be higher (the newest habits deleted).
        DELETE FROM sqlite_sequence WHERE name = 'habits_second_model';
        UPDATE sqlite_sequence SET name = 'habits_second_model' WHERE name = 'habits';
        DROP TABLE habits;
        ALTER TABLE habits_second_model RENAME TO habits;
        CREATE INDEX habits_by_owner ON habits (owner_id);
        CREATE INDEX habits_changes ON habits (owner_id, change_seq);

        CREATE TRIGGER habit_rules_changed
            AFTER UPDATE OF frequency, start_date, action_days, target_value, goal, period_days
            ON habits
            WHEN OLD.frequency IS NOT NEW.frequency OR OLD.start_date IS NOT NEW.start_date
                OR OLD.action_days IS NOT NEW.action_days
                OR OLD.target_value IS NOT NEW.target_value OR OLD.goal IS NOT NEW.goal
                OR OLD.period_days IS NOT NEW.period_days
        BEGIN
            DELETE FROM history_checkpoints WHERE habit_id = NEW.id;
        END;
        CREATE TRIGGER progress_inserted AFTER INSERT ON progress BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id = NEW.habit_id;
            DELETE FROM history_checkpoints
                WHERE habit_id = NEW.habit_id AND NEW.date <= covers_through;
        END;
        CREATE TRIGGER progress_deleted AFTER DELETE ON progress BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id = OLD.habit_id;
            DELETE FROM history_checkpoints
                WHERE habit_id = OLD.habit_id AND OLD.date <= covers_through;
        END;
        CREATE TRIGGER progress_updated AFTER UPDATE OF habit_id, date, value, skipped, note
            ON progress
        BEGIN
            UPDATE habits SET progress_generation = progress_generation + 1
                WHERE id IN (NEW.habit_id, OLD.habit_id);
            DELETE FROM history_checkpoints
                WHERE (habit_id = NEW.habit_id AND NEW.date <= covers_through)
                    OR (habit_id = OLD.habit_id AND OLD.date <= covers_through);
        END;
        """

    /// A client's database drops the server's tables, which versions 1 to
    /// 14 made in every database (children before the tables they
    /// reference); a server's keeps them. A file whose server tables hold
    /// rows is migrated as a server's (`SQLiteStore.migrate`), so this
    /// drops only empty tables.
    private static let versionClientTables = """
        DROP TABLE IF EXISTS deliveries;
        DROP TABLE IF EXISTS reminder_occurrences;
        DROP TABLE IF EXISTS reminders;
        DROP TABLE IF EXISTS webhooks;
        DROP TABLE IF EXISTS reminder_channels;
        DROP TABLE IF EXISTS digest_occurrences;
        DROP TABLE IF EXISTS access_tokens;
        DROP TABLE IF EXISTS refresh_tokens;
        DROP TABLE IF EXISTS refresh_families;
        DROP TABLE IF EXISTS login_codes;
        DROP TABLE IF EXISTS code_sends;
        DROP TABLE IF EXISTS code_requests;
        DROP TABLE IF EXISTS idempotency_keys;
        """
}
