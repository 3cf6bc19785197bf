import Foundation
import GRDB
import TendCore
import TendStore

/// The SQLite schema, as migrations that are never edited once shipped: a change to the
/// schema is a new migration appended at the end.
enum SQLiteSchema {
    /// Every migration this version of Tend knows, in order.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        // v1 (first release): users, habits, entries, routines, tips and the op log.
        migrator.registerMigration("v1") { db in
            try db.execute(
                sql: """
                    CREATE TABLE users (
                        id TEXT NOT NULL PRIMARY KEY,
                        username TEXT NOT NULL,
                        username_key TEXT NOT NULL UNIQUE,
                        time_zone TEXT NOT NULL,
                        day_start_hour INTEGER NOT NULL CHECK (day_start_hour BETWEEN 0 AND 23),
                        first_weekday INTEGER CHECK (first_weekday BETWEEN 1 AND 7),
                        locale TEXT NOT NULL
                    ) STRICT;

                    CREATE TABLE habits (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        name TEXT NOT NULL,
                        name_key TEXT NOT NULL,
                        emoji TEXT NOT NULL,
                        color TEXT NOT NULL,
                        notes TEXT NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('good', 'bad')),
                        type TEXT NOT NULL CHECK (type IN ('checkmark', 'count', 'duration')),
                        target INTEGER NOT NULL CHECK (target >= 0),
                        unit TEXT NOT NULL,
                        schedule TEXT NOT NULL,
                        routine_time TEXT NOT NULL,
                        reminders TEXT NOT NULL,
                        is_archived INTEGER NOT NULL CHECK (is_archived IN (0, 1)),
                        sort_order INTEGER NOT NULL,
                        created_on INTEGER NOT NULL,
                        PRIMARY KEY (user_id, id),
                        UNIQUE (user_id, name_key)
                    ) STRICT;

                    CREATE TABLE entries (
                        user_id TEXT NOT NULL,
                        habit_id TEXT NOT NULL,
                        day INTEGER NOT NULL,
                        value INTEGER NOT NULL CHECK (value >= 0),
                        is_skipped INTEGER NOT NULL CHECK (is_skipped IN (0, 1)),
                        note TEXT,
                        PRIMARY KEY (user_id, habit_id, day),
                        FOREIGN KEY (user_id, habit_id) REFERENCES habits(user_id, id) ON DELETE CASCADE
                    ) STRICT, WITHOUT ROWID;

                    CREATE TABLE routines (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        id TEXT NOT NULL,
                        name TEXT NOT NULL,
                        start TEXT NOT NULL,
                        weekdays TEXT NOT NULL,
                        color TEXT NOT NULL,
                        sort_order INTEGER NOT NULL,
                        PRIMARY KEY (user_id, id)
                    ) STRICT;

                    CREATE TABLE routine_habits (
                        user_id TEXT NOT NULL,
                        habit_id TEXT NOT NULL,
                        routine_id TEXT NOT NULL,
                        position INTEGER NOT NULL,
                        PRIMARY KEY (user_id, habit_id),
                        FOREIGN KEY (user_id, habit_id) REFERENCES habits(user_id, id) ON DELETE CASCADE,
                        FOREIGN KEY (user_id, routine_id) REFERENCES routines(user_id, id) ON DELETE CASCADE
                    ) STRICT;

                    CREATE TABLE tips (
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        tip TEXT NOT NULL,
                        state TEXT NOT NULL CHECK (state IN ('dismissed', 'actedOn')),
                        PRIMARY KEY (user_id, tip, state)
                    ) STRICT;

                    CREATE TABLE ops (
                        seq INTEGER PRIMARY KEY AUTOINCREMENT,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        id TEXT NOT NULL UNIQUE,
                        device TEXT NOT NULL,
                        hlc TEXT NOT NULL,
                        change TEXT NOT NULL
                    ) STRICT;
                    CREATE INDEX ops_by_user ON ops(user_id, seq);
                    """)
        }

        // v2: a device's clock resumes from its last operation on start-up; find it by index.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: "CREATE INDEX ops_by_device ON ops(device, hlc)")
        }

        // v3: accounts for the server. A user with a row in `credentials` can sign in; tokens and
        // invites keep only the SHA-256 of their secrets. Times are Unix seconds. At most one
        // owner; an invite goes with the user who used it (so it can never be used again).
        migrator.registerMigration("v3") { db in
            try db.execute(
                sql: """
                    CREATE TABLE credentials (
                        user_id TEXT NOT NULL PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                        role TEXT NOT NULL CHECK (role IN ('owner', 'member')),
                        password_hash TEXT NOT NULL,
                        created_at REAL NOT NULL
                    ) STRICT;
                    CREATE UNIQUE INDEX credentials_one_owner ON credentials(role) WHERE role = 'owner';

                    CREATE TABLE auth_tokens (
                        id TEXT NOT NULL PRIMARY KEY,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        kind TEXT NOT NULL CHECK (kind IN ('session', 'api')),
                        name TEXT NOT NULL,
                        token_hash TEXT NOT NULL UNIQUE,
                        created_at REAL NOT NULL,
                        last_used_at REAL,
                        expires_at REAL
                    ) STRICT;
                    CREATE INDEX auth_tokens_by_user ON auth_tokens(user_id, kind, created_at);

                    CREATE TABLE invites (
                        id TEXT NOT NULL PRIMARY KEY,
                        created_by TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        code_hash TEXT NOT NULL UNIQUE,
                        created_at REAL NOT NULL,
                        expires_at REAL NOT NULL,
                        used_by TEXT REFERENCES users(id) ON DELETE CASCADE
                    ) STRICT;
                    CREATE INDEX invites_by_creator ON invites(created_by, created_at);
                    CREATE INDEX invites_by_user ON invites(used_by);
                    """)
        }

        // v4: reminder delivery. Delivery targets per user; the server's secrets (the
        // VAPID key pair); the firing queue, where a firing is claimed by one scheduler for a lease
        // and finished once; one row per delivery of a firing to a target, UNIQUE so a firing
        // reaches a target at most once. Deleting a user or a habit removes their rows (cascades).
        // Times are Unix seconds.
        migrator.registerMigration("v4") { db in
            try db.execute(
                sql: """
                    CREATE TABLE push_subscriptions (
                        id TEXT NOT NULL PRIMARY KEY,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        endpoint TEXT NOT NULL,
                        p256dh TEXT NOT NULL,
                        auth TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        UNIQUE (user_id, endpoint)
                    ) STRICT;

                    CREATE TABLE webhooks (
                        id TEXT NOT NULL PRIMARY KEY,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        url TEXT NOT NULL,
                        format TEXT NOT NULL CHECK (format IN ('json', 'ntfy')),
                        access_token TEXT,
                        created_at REAL NOT NULL
                    ) STRICT;
                    CREATE INDEX webhooks_by_user ON webhooks(user_id, created_at);

                    CREATE TABLE server_secrets (
                        name TEXT NOT NULL PRIMARY KEY,
                        value TEXT NOT NULL
                    ) STRICT;

                    CREATE TABLE reminder_firings (
                        id TEXT NOT NULL PRIMARY KEY,
                        user_id TEXT NOT NULL,
                        habit_id TEXT NOT NULL,
                        reminder_id TEXT NOT NULL,
                        day INTEGER NOT NULL,
                        fires_at REAL NOT NULL,
                        kind TEXT NOT NULL CHECK (kind IN ('scheduled', 'snooze', 'repeat')),
                        repeat_number INTEGER NOT NULL CHECK ((kind = 'repeat') = (repeat_number >= 1) AND repeat_number >= 0),
                        claimed_by TEXT,
                        claim_expires_at REAL,
                        finished_at REAL,
                        skip_reason TEXT CHECK (skip_reason IN ('habitDone', 'notDue', 'archived', 'disabled', 'missed')),
                        FOREIGN KEY (user_id, habit_id) REFERENCES habits(user_id, id) ON DELETE CASCADE,
                        UNIQUE (user_id, habit_id, reminder_id, kind, repeat_number, fires_at)
                    ) STRICT;
                    CREATE INDEX reminder_firings_due ON reminder_firings(fires_at) WHERE finished_at IS NULL;
                    CREATE INDEX reminder_firings_by_user ON reminder_firings(user_id, finished_at);

                    CREATE TABLE reminder_deliveries (
                        id TEXT NOT NULL PRIMARY KEY,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        firing_id TEXT NOT NULL REFERENCES reminder_firings(id) ON DELETE CASCADE,
                        channel TEXT NOT NULL CHECK (channel IN ('push', 'webhook')),
                        target_id TEXT NOT NULL,
                        claimant TEXT NOT NULL,
                        status TEXT NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'gone', 'unknown')),
                        attempts INTEGER NOT NULL CHECK (attempts >= 0),
                        next_retry_at REAL,
                        error TEXT,
                        latency_ms INTEGER,
                        updated_at REAL NOT NULL,
                        UNIQUE (firing_id, channel, target_id)
                    ) STRICT;
                    CREATE INDEX reminder_deliveries_by_user ON reminder_deliveries(user_id, updated_at);
                    """)
        }

        // v5: planning, answers, retries and housekeeping. `reminder_plan_requests`
        // marks the owners whose reminders are to be planned again (written in the transaction of
        // the change that needs it; the rowid keeps the order they were marked in, and `version`
        // counts the marks); every owner who already has habits starts marked. A firing keeps the
        // person's first answer to its notification. Users keep their snooze length and their
        // calendar feed's generation. The partial indexes find due retries, stale `sending` rows
        // and old finished firings without reading the whole queue.
        migrator.registerMigration("v5") { db in
            try db.execute(
                sql: """
                    ALTER TABLE users ADD COLUMN snooze_minutes INTEGER NOT NULL DEFAULT 10
                        CHECK (snooze_minutes BETWEEN 1 AND 240);
                    ALTER TABLE users ADD COLUMN calendar_generation INTEGER NOT NULL DEFAULT 0
                        CHECK (calendar_generation >= 0);

                    ALTER TABLE reminder_firings ADD COLUMN answer TEXT CHECK (answer IN ('done', 'later'));
                    ALTER TABLE reminder_firings ADD COLUMN answered_at REAL CHECK ((answer IS NULL) = (answered_at IS NULL));

                    CREATE TABLE reminder_plan_requests (
                        user_id TEXT NOT NULL PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
                        version INTEGER NOT NULL DEFAULT 1 CHECK (version >= 1)
                    ) STRICT;
                    INSERT INTO reminder_plan_requests (user_id) SELECT DISTINCT user_id FROM habits;

                    CREATE INDEX reminder_deliveries_retries ON reminder_deliveries(next_retry_at) WHERE status = 'failed';
                    CREATE INDEX reminder_deliveries_sending ON reminder_deliveries(updated_at) WHERE status = 'sending';
                    CREATE INDEX reminder_firings_finished ON reminder_firings(finished_at) WHERE finished_at IS NOT NULL;
                    """)
        }

        // v6: sync. Each operation is filed under its habit and day, so an operation
        // that arrives late refolds only what it touches (``MergePlan``), and the user's latest
        // operation by clock is found by index; `origin` is the device an operation came from
        // when it was not made here (a server does not send it back there; a device does not
        // push back what its server sent). `sync_meta` holds this log's random identity
        // ('log') and, for a database that syncs as a device, its device id ('device'); `sync_link`
        // is that device's state against its server (at most one).
        migrator.registerMigration("v6") { db in
            try db.execute(
                sql: """
                    ALTER TABLE ops ADD COLUMN habit_id TEXT;
                    ALTER TABLE ops ADD COLUMN day INTEGER;
                    ALTER TABLE ops ADD COLUMN origin TEXT;
                    UPDATE ops SET
                        habit_id = COALESCE(
                            json_extract(change, '$.entrySet.habit'), json_extract(change, '$.entryIncremented.habit'),
                            json_extract(change, '$.entrySkipped.habit'), json_extract(change, '$.entryReset.habit'),
                            json_extract(change, '$.entryNoteSet.habit'), json_extract(change, '$.entriesImported.habit'),
                            json_extract(change, '$.habitCreated.habit.id'), json_extract(change, '$.habitUpdated.id'),
                            json_extract(change, '$.habitDeleted.id')),
                        day = CAST(julianday(COALESCE(
                            json_extract(change, '$.entrySet.day'), json_extract(change, '$.entryIncremented.day'),
                            json_extract(change, '$.entrySkipped.day'), json_extract(change, '$.entryReset.day'),
                            json_extract(change, '$.entryNoteSet.day'))) - 2440587.5 AS INTEGER);
                    CREATE INDEX ops_by_habit ON ops(user_id, habit_id, day) WHERE habit_id IS NOT NULL;
                    CREATE INDEX ops_by_clock ON ops(user_id, hlc);
                    DROP INDEX ops_by_device;

                    CREATE TABLE sync_meta (
                        key TEXT NOT NULL PRIMARY KEY,
                        value TEXT NOT NULL
                    ) STRICT;

                    CREATE TABLE sync_link (
                        id INTEGER NOT NULL PRIMARY KEY CHECK (id = 1),
                        server TEXT NOT NULL,
                        cursor TEXT,
                        pushed_seq INTEGER NOT NULL DEFAULT 0 CHECK (pushed_seq >= 0),
                        last_success REAL,
                        last_attempt REAL,
                        last_error TEXT,
                        signed_out INTEGER NOT NULL DEFAULT 0 CHECK (signed_out IN (0, 1)),
                        repush INTEGER NOT NULL DEFAULT 0 CHECK (repush IN (0, 1))
                    ) STRICT;
                    """)
            try db.execute(sql: "INSERT INTO sync_meta (key, value) VALUES ('log', ?)", arguments: [UUID().text()])
        }

        // v7: fewer index pages written per reminder firing. A firing's
        // owner is found by its unique key, which starts with `user_id`, so a second index by
        // user was only written, never needed; a delivery's index by user no longer holds
        // `updated_at`, so recording a result does not move its entry (the log sorts one
        // person's deliveries, a month at most). The queue's index holds the claim's whole order
        // (instant, then id): a claim reads its batch off the index instead of sorting every
        // due firing on each pass.
        migrator.registerMigration("v7") { db in
            try db.execute(
                sql: """
                    DROP INDEX reminder_firings_by_user;
                    DROP INDEX reminder_firings_due;
                    CREATE INDEX reminder_firings_due ON reminder_firings(fires_at, id) WHERE finished_at IS NULL;
                    DROP INDEX reminder_deliveries_by_user;
                    CREATE INDEX reminder_deliveries_by_user ON reminder_deliveries(user_id);
                    """)
        }

        // v8: habit summaries (TendCore's HabitSummary): each habit's settled statuses,
        // one byte per day, so that Today reads them instead of years of entries. The triggers
        // keep them exact in the transaction of every write, whatever path it takes (check-ins,
        // imports, sync merges): an entry changed on day D cuts the codes from D's period on
        // (`reach` days before D; all of them when D is on or before the start day), and writes
        // nothing when there is nothing to cut (a check-in of today). A read that brings a summary
        // up to date stores it only if the owner's op log has not moved since it read (every write
        // is logged); a habit's rules are checked by the reader (`rules`). Every existing habit's
        // summary is built here.
        migrator.registerMigration("v8") { db in
            try db.execute(
                sql: """
                    CREATE TABLE habit_summaries (
                        user_id TEXT NOT NULL,
                        habit_id TEXT NOT NULL,
                        rules TEXT NOT NULL DEFAULT '',
                        start INTEGER NOT NULL DEFAULT 0,
                        codes BLOB NOT NULL DEFAULT x'',
                        reach INTEGER NOT NULL DEFAULT 0 CHECK (reach >= 0),
                        PRIMARY KEY (user_id, habit_id),
                        FOREIGN KEY (user_id, habit_id) REFERENCES habits(user_id, id) ON DELETE CASCADE
                    ) STRICT, WITHOUT ROWID;

                    INSERT INTO habit_summaries (user_id, habit_id) SELECT user_id, id FROM habits;

                    CREATE TRIGGER habit_summary_created AFTER INSERT ON habits BEGIN
                        INSERT OR IGNORE INTO habit_summaries (user_id, habit_id) VALUES (NEW.user_id, NEW.id);
                    END;
                    """)
            // The codes kept when the entry of `day` changes: the days before its reach, none when
            // it is on or before the start day.
            for (event, row, day) in [
                ("INSERT", "NEW", "NEW.day"), ("UPDATE", "NEW", "min(OLD.day, NEW.day)"), ("DELETE", "OLD", "OLD.day"),
            ] {
                let kept = "(CASE WHEN \(day) <= start THEN 0 ELSE max(0, \(day) - reach - start) END)"
                try db.execute(
                    sql: """
                        CREATE TRIGGER habit_summary_entry_\(event.lowercased()) AFTER \(event) ON entries BEGIN
                            UPDATE habit_summaries SET codes = coalesce(substr(codes, 1, \(kept)), x'')
                            WHERE user_id = \(row).user_id AND habit_id = \(row).habit_id AND length(codes) > \(kept);
                        END;
                        """)
            }
            // Every existing habit's summary is built once all migrations have run
            // (``SQLiteSummaries/buildUnbuilt(_:now:)``): building reads habits as the latest
            // schema holds them, which a migration cannot assume.
        }

        // v9: groups and tags. A habit's group is a name (empty: none) and its tags a
        // JSON array; the groups an owner described (order, emoji) are one small JSON list.
        migrator.registerMigration("v9") { db in
            try db.execute(
                sql: """
                    ALTER TABLE habits ADD COLUMN group_name TEXT NOT NULL DEFAULT '';
                    ALTER TABLE habits ADD COLUMN tags TEXT NOT NULL DEFAULT '[]';
                    ALTER TABLE users ADD COLUMN habit_groups TEXT NOT NULL DEFAULT '[]';
                    """)
        }

        // v10: sign-in through OpenID Connect providers. Identities linked to accounts
        // (one account per identity); sign-ins under way, by the SHA-256 of their id, the attempt
        // itself as JSON (it lives minutes); and sign-ups waiting for the owner's approval.
        migrator.registerMigration("v10") { db in
            try db.execute(
                sql: """
                    ALTER TABLE credentials ADD COLUMN approved INTEGER NOT NULL DEFAULT 1 CHECK (approved IN (0, 1));

                    CREATE TABLE linked_identities (
                        issuer TEXT NOT NULL,
                        subject TEXT NOT NULL,
                        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
                        label TEXT NOT NULL,
                        created_at REAL NOT NULL,
                        PRIMARY KEY (issuer, subject)
                    ) STRICT;
                    CREATE INDEX linked_identities_by_user ON linked_identities(user_id);

                    CREATE TABLE sign_in_attempts (
                        id_hash TEXT NOT NULL PRIMARY KEY,
                        attempt TEXT NOT NULL,
                        expires_at REAL NOT NULL
                    ) STRICT;
                    """)
        }

        // v11: the claim's order is (instant, owner, id), so that an owner's firings of one
        // instant are claimed in one pass and the pass reads the owner once.
        migrator.registerMigration("v11") { db in
            try db.execute(
                sql: """
                    DROP INDEX reminder_firings_due;
                    CREATE INDEX reminder_firings_due ON reminder_firings(fires_at, user_id, id) WHERE finished_at IS NULL;
                    """)
        }

        // v12: the op log's rows without a day (structure, habits' own changes, imports) by
        // owner, so that a merge lists them without reading every row's change: `day` is stored
        // after it, and reaching it walks a large import's overflow pages.
        migrator.registerMigration("v12") { db in
            try db.execute(sql: "CREATE INDEX ops_without_day ON ops(user_id, seq) WHERE day IS NULL")
        }

        // v13: the device zones a user kept their account's zone against
        // (``UserSettings/keptZonesText``: one "device account" pair per line).
        migrator.registerMigration("v13") { db in
            try db.execute(sql: "ALTER TABLE users ADD COLUMN kept_zones TEXT NOT NULL DEFAULT ''")
        }

        // v14: exact decimal amounts (2.5 km). Every amount column — entries.value, habits.target
        // and the new habits.step — holds a whole number of thousandths (``Amount``): existing
        // values and targets, a checkmark's 1 and a duration's seconds included, are multiplied
        // by 1,000; a count's + and − step starts at 1 (1,000).
        migrator.registerMigration("v14") { db in
            try db.execute(
                sql: """
                    UPDATE entries SET value = value * 1000;
                    UPDATE habits SET target = target * 1000;
                    ALTER TABLE habits ADD COLUMN step INTEGER NOT NULL DEFAULT 1000 CHECK (step > 0);
                    """)
        }

        // v15: a habit's start and end dates (day ordinals; NULL: none), for habits that begin on
        // a later day and finite challenges. Existing habits have neither.
        migrator.registerMigration("v15") { db in
            try db.execute(
                sql: """
                    ALTER TABLE habits ADD COLUMN starts_on INTEGER;
                    ALTER TABLE habits ADD COLUMN ends_on INTEGER;
                    """)
        }

        // v16: a habit's pauses (``HabitPause``), a JSON array as the reminders are; `[]` for none.
        migrator.registerMigration("v16") { db in
            try db.execute(sql: "ALTER TABLE habits ADD COLUMN pauses TEXT NOT NULL DEFAULT '[]'")
        }

        // v17: a habit's earlier rules (``HabitVersion``), a JSON array; `[]` for none.
        migrator.registerMigration("v17") { db in
            try db.execute(sql: "ALTER TABLE habits ADD COLUMN versions TEXT NOT NULL DEFAULT '[]'")
        }

        // v18: habits that are only measured. The kind column's CHECK (good, bad) is part of the
        // table, which SQLite cannot change without rebuilding it: a measurement is stored as
        // kind 'good' with this flag set (``SQLiteRows/storedKind(_:)``).
        migrator.registerMigration("v18") { db in
            try db.execute(sql: "ALTER TABLE habits ADD COLUMN measure INTEGER NOT NULL DEFAULT 0 CHECK (measure IN (0, 1))")
        }

        // v19: the language an account chose (a shipped language's tag, issue 44); NULL follows
        // the browser or the shell.
        migrator.registerMigration("v19") { db in
            try db.execute(sql: "ALTER TABLE users ADD COLUMN language TEXT")
        }

        return migrator
    }
}
