import Logging
import PostgresNIO
import TendStore
import TendWords

/// The PostgreSQL schema, as numbered migrations of literal SQL.
///
/// A migration that has shipped is never edited: a change to the schema is a new migration at
/// the end of the list. `schema_migrations` records which ones a database has.
enum PostgresMigrations {
    struct Migration: Sendable {
        let version: Int
        let name: String
        /// Run in order, in the migrating transaction (one statement each: the extended protocol
        /// takes one statement at a time).
        let statements: [String]
    }

    /// Taken for the migrating transaction, so server instances that start together migrate one
    /// after another ("tend" in ASCII).
    static let advisoryLock: Int64 = 0x7465_6E64

    static let all: [Migration] = [
        Migration(
            version: 1, name: "users, habits, entries, routines, tips, op log",
            statements: [
                """
                CREATE TABLE users (
                    id uuid PRIMARY KEY,
                    username text NOT NULL,
                    username_key text NOT NULL UNIQUE,
                    time_zone text NOT NULL,
                    day_start_hour integer NOT NULL CHECK (day_start_hour BETWEEN 0 AND 23),
                    first_weekday integer CHECK (first_weekday BETWEEN 1 AND 7),
                    locale text NOT NULL
                )
                """,
                """
                CREATE TABLE habits (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    name text NOT NULL,
                    name_key text NOT NULL,
                    emoji text NOT NULL,
                    color text NOT NULL,
                    notes text NOT NULL,
                    kind text NOT NULL,
                    type text NOT NULL,
                    target integer NOT NULL CHECK (target >= 0),
                    unit text NOT NULL,
                    schedule jsonb NOT NULL,
                    routine_time text NOT NULL,
                    reminders jsonb NOT NULL,
                    is_archived boolean NOT NULL,
                    sort_order integer NOT NULL,
                    created_on integer NOT NULL,
                    PRIMARY KEY (user_id, id),
                    UNIQUE (user_id, name_key)
                )
                """,
                """
                CREATE TABLE entries (
                    user_id uuid NOT NULL,
                    habit_id uuid NOT NULL,
                    day integer NOT NULL,
                    value bigint NOT NULL CHECK (value >= 0),
                    is_skipped boolean NOT NULL,
                    note text,
                    PRIMARY KEY (user_id, habit_id, day),
                    FOREIGN KEY (user_id, habit_id) REFERENCES habits (user_id, id) ON DELETE CASCADE
                )
                """,
                """
                CREATE TABLE routines (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL,
                    name text NOT NULL,
                    start text NOT NULL CHECK (start ~ '^[0-2][0-9]:[0-5][0-9]$'),
                    weekdays jsonb NOT NULL,
                    color text NOT NULL,
                    sort_order integer NOT NULL,
                    PRIMARY KEY (user_id, id)
                )
                """,
                """
                CREATE TABLE routine_habits (
                    user_id uuid NOT NULL,
                    habit_id uuid NOT NULL,
                    routine_id uuid NOT NULL,
                    position integer NOT NULL,
                    PRIMARY KEY (user_id, habit_id),
                    FOREIGN KEY (user_id, habit_id) REFERENCES habits (user_id, id) ON DELETE CASCADE,
                    FOREIGN KEY (user_id, routine_id) REFERENCES routines (user_id, id) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX routine_habits_by_routine ON routine_habits (user_id, routine_id, position)",
                """
                CREATE TABLE tips (
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    tip text NOT NULL,
                    state text NOT NULL CHECK (state IN ('dismissed', 'actedOn')),
                    PRIMARY KEY (user_id, tip, state)
                )
                """,
                """
                CREATE TABLE ops (
                    seq bigserial PRIMARY KEY,
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    id uuid NOT NULL UNIQUE,
                    device text NOT NULL,
                    hlc text NOT NULL,
                    change jsonb NOT NULL
                )
                """,
                "CREATE INDEX ops_by_user ON ops (user_id, seq)",
            ]),
        Migration(
            version: 2, name: "accounts: credentials, auth tokens, invites",
            statements: [
                // A user with credentials can sign in; at most one is the owner.
                """
                CREATE TABLE credentials (
                    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                    role text NOT NULL CHECK (role IN ('owner', 'member')),
                    password_hash text NOT NULL,
                    created_at timestamptz NOT NULL
                )
                """,
                "CREATE UNIQUE INDEX credentials_one_owner ON credentials (role) WHERE role = 'owner'",
                // Sessions and API tokens, by the SHA-256 of their secret.
                """
                CREATE TABLE auth_tokens (
                    id uuid PRIMARY KEY,
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    kind text NOT NULL CHECK (kind IN ('session', 'api')),
                    name text NOT NULL,
                    token_hash text NOT NULL UNIQUE,
                    created_at timestamptz NOT NULL,
                    last_used_at timestamptz,
                    expires_at timestamptz
                )
                """,
                "CREATE INDEX auth_tokens_by_user ON auth_tokens (user_id, kind, created_at)",
                // An invite goes with the user who used it, so it can never be used again.
                """
                CREATE TABLE invites (
                    id uuid PRIMARY KEY,
                    created_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    code_hash text NOT NULL UNIQUE,
                    created_at timestamptz NOT NULL,
                    expires_at timestamptz NOT NULL,
                    used_by uuid REFERENCES users (id) ON DELETE CASCADE
                )
                """,
                "CREATE INDEX invites_by_creator ON invites (created_by, created_at)",
                "CREATE INDEX invites_by_user ON invites (used_by)",
            ]),
        Migration(
            version: 3, name: "reminder delivery: targets, server secrets, firing queue, deliveries",
            statements: [
                // Where a user's reminders go: push subscriptions (one per endpoint) and webhooks.
                """
                CREATE TABLE push_subscriptions (
                    id uuid PRIMARY KEY,
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    endpoint text NOT NULL,
                    p256dh text NOT NULL,
                    auth text NOT NULL,
                    created_at timestamptz NOT NULL,
                    UNIQUE (user_id, endpoint)
                )
                """,
                """
                CREATE TABLE webhooks (
                    id uuid PRIMARY KEY,
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    url text NOT NULL,
                    format text NOT NULL CHECK (format IN ('json', 'ntfy')),
                    access_token text,
                    created_at timestamptz NOT NULL
                )
                """,
                "CREATE INDEX webhooks_by_user ON webhooks (user_id, created_at)",
                // The server's own secrets (the VAPID key pair), shared by every instance.
                "CREATE TABLE server_secrets (name text PRIMARY KEY, value text NOT NULL)",
                // The firing queue: claimed by one scheduler for a lease (FOR UPDATE SKIP LOCKED),
                // finished once. The unique key makes planning the same ring twice a no-op.
                """
                CREATE TABLE reminder_firings (
                    id uuid PRIMARY KEY,
                    user_id uuid NOT NULL,
                    habit_id uuid NOT NULL,
                    reminder_id uuid NOT NULL,
                    day integer NOT NULL,
                    fires_at timestamptz NOT NULL,
                    kind text NOT NULL CHECK (kind IN ('scheduled', 'snooze', 'repeat')),
                    repeat_number integer NOT NULL CHECK ((kind = 'repeat') = (repeat_number >= 1) AND repeat_number >= 0),
                    claimed_by text,
                    claim_expires_at timestamptz,
                    finished_at timestamptz,
                    skip_reason text CHECK (skip_reason IN ('habitDone', 'notDue', 'archived', 'disabled', 'missed')),
                    FOREIGN KEY (user_id, habit_id) REFERENCES habits (user_id, id) ON DELETE CASCADE,
                    UNIQUE (user_id, habit_id, reminder_id, kind, repeat_number, fires_at)
                )
                """,
                "CREATE INDEX reminder_firings_due ON reminder_firings (fires_at) WHERE finished_at IS NULL",
                "CREATE INDEX reminder_firings_by_user ON reminder_firings (user_id, finished_at)",
                // One row per delivery of a firing to a target: the unique key is the exactly-once guard.
                """
                CREATE TABLE reminder_deliveries (
                    id uuid PRIMARY KEY,
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    firing_id uuid NOT NULL REFERENCES reminder_firings (id) ON DELETE CASCADE,
                    channel text NOT NULL CHECK (channel IN ('push', 'webhook')),
                    target_id uuid NOT NULL,
                    claimant text NOT NULL,
                    status text NOT NULL CHECK (status IN ('sending', 'sent', 'failed', 'gone', 'unknown')),
                    attempts integer NOT NULL CHECK (attempts >= 0),
                    next_retry_at timestamptz,
                    error text,
                    latency_ms integer,
                    updated_at timestamptz NOT NULL,
                    UNIQUE (firing_id, channel, target_id)
                )
                """,
                "CREATE INDEX reminder_deliveries_by_user ON reminder_deliveries (user_id, updated_at)",
            ]),
        Migration(
            version: 4, name: "reminder planning requests, answers, retries, snooze minutes, calendar feed generation",
            statements: [
                // Constant defaults: PostgreSQL adds these columns without rewriting the table.
                """
                ALTER TABLE users ADD COLUMN snooze_minutes integer NOT NULL DEFAULT 10
                    CHECK (snooze_minutes BETWEEN 1 AND 240)
                """,
                "ALTER TABLE users ADD COLUMN calendar_generation integer NOT NULL DEFAULT 0 CHECK (calendar_generation >= 0)",
                // The first answer to a firing's notification; later answers change nothing.
                "ALTER TABLE reminder_firings ADD COLUMN answer text CHECK (answer IN ('done', 'later'))",
                "ALTER TABLE reminder_firings ADD COLUMN answered_at timestamptz",
                "ALTER TABLE reminder_firings ADD CHECK ((answer IS NULL) = (answered_at IS NULL))",
                // Owners whose reminders are to be planned again, marked in the transaction of the
                // change (`version` counts the marks; `seq` keeps the order they were first marked
                // in). Planners take rows FOR UPDATE SKIP LOCKED, so instances plan disjoint owners.
                """
                CREATE TABLE reminder_plan_requests (
                    user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
                    version bigint NOT NULL DEFAULT 1 CHECK (version >= 1),
                    seq bigint GENERATED ALWAYS AS IDENTITY
                )
                """,
                "CREATE INDEX reminder_plan_requests_by_seq ON reminder_plan_requests (seq)",
                // Every owner who has habits is planned once by the new planner.
                "INSERT INTO reminder_plan_requests (user_id) SELECT DISTINCT user_id FROM habits",
                // Due retries, stale `sending` rows and old finished firings, without reading the whole queue.
                "CREATE INDEX reminder_deliveries_retries ON reminder_deliveries (next_retry_at) WHERE status = 'failed'",
                "CREATE INDEX reminder_deliveries_sending ON reminder_deliveries (updated_at) WHERE status = 'sending'",
                "CREATE INDEX reminder_firings_finished ON reminder_firings (finished_at) WHERE finished_at IS NOT NULL",
            ]),
        Migration(
            version: 5, name: "sync: operations filed by habit and day, latest by clock, the log's identity",
            statements: [
                // An operation that arrives late refolds only its habit and day (MergePlan).
                "ALTER TABLE ops ADD COLUMN habit_id uuid",
                "ALTER TABLE ops ADD COLUMN day integer",
                // The device an operation was received from (NULL: made here): not sent back there.
                "ALTER TABLE ops ADD COLUMN origin text",
                """
                UPDATE ops SET
                    habit_id = coalesce(
                        change->'entrySet'->>'habit', change->'entryIncremented'->>'habit', change->'entrySkipped'->>'habit',
                        change->'entryReset'->>'habit', change->'entryNoteSet'->>'habit', change->'entriesImported'->>'habit',
                        change->'habitCreated'->'habit'->>'id', change->'habitUpdated'->>'id', change->'habitDeleted'->>'id')::uuid,
                    day = (coalesce(
                        change->'entrySet'->>'day', change->'entryIncremented'->>'day', change->'entrySkipped'->>'day',
                        change->'entryReset'->>'day', change->'entryNoteSet'->>'day')::date - DATE '1970-01-01')
                """,
                "CREATE INDEX ops_by_habit ON ops (user_id, habit_id, day) WHERE habit_id IS NOT NULL",
                // The owner's latest operation by clock: where a write's clock resumes, what a merge compares.
                "CREATE INDEX ops_by_clock ON ops (user_id, hlc)",
                "CREATE TABLE sync_meta (key text PRIMARY KEY, value text NOT NULL)",
                "INSERT INTO sync_meta (key, value) VALUES ('log', gen_random_uuid()::text)",
            ]),
        Migration(
            version: 6, name: "reminder queue: no index written per firing that no query needs",
            statements: [
                // The unique key (user_id, habit_id, …) finds a person's firings.
                "DROP INDEX reminder_firings_by_user",
                // Recording a result no longer moves the delivery's entry in the index by user.
                "DROP INDEX reminder_deliveries_by_user",
                "CREATE INDEX reminder_deliveries_by_user ON reminder_deliveries (user_id)",
                // The claim's whole order (instant, then id), read off the index instead of sorted.
                "DROP INDEX reminder_firings_due",
                "CREATE INDEX reminder_firings_due ON reminder_firings (fires_at, id) WHERE finished_at IS NULL",
            ]),
        Migration(
            version: 7, name: "owner revision: check-ins written in two statements without a transaction",
            statements: [
                // Bumped by every write of the owner under the owner's row lock; a check-in writes
                // only if it is still the revision it read (PostgresStore+CheckIns.swift).
                "ALTER TABLE users ADD COLUMN revision bigint NOT NULL DEFAULT 0"
            ]),
        Migration(
            version: 8, name: "habit summaries: each habit's settled statuses, cut by every write of its entries",
            statements: [
                // TendCore's HabitSummary, as SQLite's v8 keeps it (docs/storage.md). A read that
                // brings one up to date stores it under the owner's row lock, only if the
                // owner's revision is the one it read with the entries (PostgresStore+Summaries.swift).
                """
                CREATE TABLE habit_summaries (
                    user_id uuid NOT NULL,
                    habit_id uuid NOT NULL,
                    rules text NOT NULL DEFAULT '',
                    start integer NOT NULL DEFAULT 0,
                    codes bytea NOT NULL DEFAULT '\\x',
                    reach integer NOT NULL DEFAULT 0 CHECK (reach >= 0),
                    PRIMARY KEY (user_id, habit_id),
                    FOREIGN KEY (user_id, habit_id) REFERENCES habits (user_id, id) ON DELETE CASCADE
                )
                """,
                "INSERT INTO habit_summaries (user_id, habit_id) SELECT user_id, id FROM habits",
                """
                CREATE FUNCTION tend_habit_summaries_created() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    INSERT INTO habit_summaries (user_id, habit_id) SELECT user_id, id FROM created ON CONFLICT DO NOTHING;
                    RETURN NULL;
                END $$
                """,
                """
                CREATE TRIGGER habit_summaries_created AFTER INSERT ON habits REFERENCING NEW TABLE AS created
                FOR EACH STATEMENT EXECUTE FUNCTION tend_habit_summaries_created()
                """,
                // Per statement, not per row: an import of a million entries cuts each summary once.
                // The codes kept: the days before the earliest changed day's reach, none when it is
                // on or before the start day; nothing is written when nothing is cut.
                """
                CREATE FUNCTION tend_habit_summaries_cut() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    UPDATE habit_summaries s
                    SET codes = substring(s.codes FROM 1 FOR
                        CASE WHEN c.day <= s.start THEN 0 ELSE greatest(0, c.day - s.reach - s.start) END)
                    FROM (SELECT user_id, habit_id, min(day) AS day FROM changed GROUP BY user_id, habit_id) c
                    WHERE s.user_id = c.user_id AND s.habit_id = c.habit_id
                      AND length(s.codes) > CASE WHEN c.day <= s.start THEN 0 ELSE greatest(0, c.day - s.reach - s.start) END;
                    RETURN NULL;
                END $$
                """,
                """
                CREATE TRIGGER habit_summaries_cut_inserted AFTER INSERT ON entries REFERENCING NEW TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION tend_habit_summaries_cut()
                """,
                """
                CREATE TRIGGER habit_summaries_cut_updated AFTER UPDATE ON entries REFERENCING NEW TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION tend_habit_summaries_cut()
                """,
                """
                CREATE TRIGGER habit_summaries_cut_deleted AFTER DELETE ON entries REFERENCING OLD TABLE AS changed
                FOR EACH STATEMENT EXECUTE FUNCTION tend_habit_summaries_cut()
                """,
            ]),
        Migration(
            version: 9, name: "groups and tags",
            statements: [
                // As SQLite's v9: a habit's group by name (empty: none), its tags a JSON array, the
                // owner's described groups one small JSON list.
                "ALTER TABLE habits ADD COLUMN group_name text NOT NULL DEFAULT ''",
                "ALTER TABLE habits ADD COLUMN tags text NOT NULL DEFAULT '[]'",
                "ALTER TABLE users ADD COLUMN habit_groups text NOT NULL DEFAULT '[]'",
            ]),
        Migration(
            version: 10, name: "OpenID Connect sign-in: linked identities, sign-ins under way, approvals",
            statements: [
                // As SQLite's v10.
                "ALTER TABLE credentials ADD COLUMN approved boolean NOT NULL DEFAULT true",
                """
                CREATE TABLE linked_identities (
                    issuer text NOT NULL,
                    subject text NOT NULL,
                    user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
                    label text NOT NULL,
                    created_at timestamptz NOT NULL,
                    PRIMARY KEY (issuer, subject)
                )
                """,
                "CREATE INDEX linked_identities_by_user ON linked_identities (user_id)",
                """
                CREATE TABLE sign_in_attempts (
                    id_hash text PRIMARY KEY,
                    attempt text NOT NULL,
                    expires_at timestamptz NOT NULL
                )
                """,
            ]),
        Migration(
            version: 11, name: "entries without a foreign key: a habit's entries deleted with it once per statement",
            statements: [
                // The foreign key ran one lookup and row lock per entry written, a large part of a
                // big import's time (docs/performance.md, "First sync"). A statement trigger checking
                // the habits instead cost every check-in more than the key did (its query planned
                // again on each call), so the check is the writes' own: every write of an owner's
                // entries holds the owner's row lock and names only habits it found under it.
                // What the key also did, deleting a habit's entries with it, a trigger does.
                "ALTER TABLE entries DROP CONSTRAINT entries_user_id_habit_id_fkey",
                // Also when the habits go by a user's deletion (its cascade deletes them in a statement).
                """
                CREATE FUNCTION tend_habits_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                    DELETE FROM entries e USING gone g WHERE e.user_id = g.user_id AND e.habit_id = g.id;
                    RETURN NULL;
                END $$
                """,
                """
                CREATE TRIGGER habits_deleted_entries AFTER DELETE ON habits REFERENCING OLD TABLE AS gone
                FOR EACH STATEMENT EXECUTE FUNCTION tend_habits_deleted()
                """,
            ]),
        Migration(
            version: 12, name: "reminder firings: room on each page for their claims",
            statements: [
                // A claim changes no indexed column, so its new row version can stay on the page
                // (a HOT update, no index entries) when the page has room; full pages sent every
                // claim's version elsewhere, with new entries in the firings' three indexes. New
                // pages keep a fifth free; existing ones fill as they are rewritten.
                "ALTER TABLE reminder_firings SET (fillfactor = 80)"
            ]),
        Migration(
            version: 13, name: "reminder claims: an owner's firings of one instant together; deliveries checked against their firing only",
            statements: [
                // The claim's order is (instant, owner, id): a person with several reminders at
                // 09:00 has them claimed in one pass, whose read of owners then reads them once
                // instead of once per pass their firings were spread over.
                "DROP INDEX reminder_firings_due",
                "CREATE INDEX reminder_firings_due ON reminder_firings (fires_at, user_id, id) WHERE finished_at IS NULL",
                // A delivery's owner is its firing's (the store writes both), and a deleted user
                // takes their habits, those their firings, those their deliveries: the check of
                // the user on every delivery written (a third of the finish's key checks) guarded
                // nothing the firing's does not.
                "ALTER TABLE reminder_deliveries DROP CONSTRAINT reminder_deliveries_user_id_fkey",
            ]),
        Migration(
            version: 14, name: "check-ins: their two statements as functions that keep generic plans",
            statements: [
                // A check-in's statements take arrays (`unnest($n)`); a custom plan sees how long
                // each one is and a generic plan must guess, so PostgreSQL judged the custom plan
                // cheaper and planned both statements again on every check-in, a large part of its
                // CPU per check-in (docs/performance.md, "Hosted instance").
                // In a function declared with `plan_cache_mode = force_generic_plan`, the plans
                // of its query and of the key checks and summary triggers its writes run are made
                // once per connection and kept; the rest of Tend's statements keep PostgreSQL's
                // own choice. A kept plan is made for the tables' sizes at the time: one made
                // while the op log was a page scanned it whole on every call as it grew. Every
                // row these functions touch is found by a key, so they take no sequential scan.
                """
                CREATE FUNCTION tend_check_in_read(owner_id uuid, habit_ids uuid[], day_ordinals bigint[], operation_ids uuid[])
                RETURNS TABLE (
                    revision bigint, last_hlc text, held text[], wanted_habit uuid, wanted_day bigint,
                    id uuid, name text, emoji text, color text, notes text, kind text, type text, target integer,
                    unit text, schedule text, routine_time text, reminders text, is_archived boolean,
                    sort_order integer, created_on integer, group_name text, tags text,
                    entry_value bigint, entry_skipped boolean, entry_note text)
                LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
                #variable_conflict use_column
                BEGIN
                    RETURN QUERY
                    SELECT u.revision, (SELECT o.hlc FROM ops o WHERE o.user_id = owner_id ORDER BY o.hlc DESC LIMIT 1),
                           (SELECT array_agg(o.id::text || ' ' || o.user_id::text) FROM ops o WHERE o.id = ANY(operation_ids)),
                           p.habit, p.day, h.id, h.name, h.emoji, h.color, h.notes, h.kind, h.type, h.target, h.unit,
                           h.schedule::text, h.routine_time, h.reminders::text, h.is_archived, h.sort_order,
                           h.created_on, h.group_name, h.tags, e.value, e.is_skipped, e.note
                    FROM users u
                    CROSS JOIN unnest(habit_ids, day_ordinals) AS p(habit, day)
                    -- One primary-key lookup per pair, whatever number of pairs the kept plan
                    -- was made for (a generic plan guesses ten).
                    LEFT JOIN LATERAL (
                        SELECT * FROM habits WHERE habits.user_id = u.id AND habits.id = p.habit LIMIT 1
                    ) h ON true
                    LEFT JOIN LATERAL (
                        SELECT * FROM entries
                        WHERE entries.user_id = u.id AND entries.habit_id = p.habit AND entries.day = p.day LIMIT 1
                    ) e ON true
                    WHERE u.id = owner_id;
                END $$
                """,
                """
                CREATE FUNCTION tend_check_in_write(
                    owner_id uuid, read_revision bigint,
                    kept_habits uuid[], kept_days bigint[], kept_values bigint[], kept_skipped boolean[],
                    kept_notes text[], kept_has_note boolean[], cleared_habits uuid[], cleared_days bigint[],
                    op_device text, op_ids uuid[], op_stamps text[], op_changes text[], op_habits text[], op_days text[])
                RETURNS bigint
                LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
                DECLARE
                    written bigint;
                BEGIN
                    WITH owner AS (
                        UPDATE users SET revision = revision + 1 WHERE id = owner_id AND revision = read_revision RETURNING id
                    ), put AS (
                        INSERT INTO entries (user_id, habit_id, day, value, is_skipped, note)
                        SELECT owner.id, k.habit, k.day, k.value, k.skipped, CASE WHEN k.has_note THEN k.note END
                        FROM owner, unnest(kept_habits, kept_days, kept_values, kept_skipped, kept_notes, kept_has_note)
                             AS k(habit, day, value, skipped, note, has_note)
                        ON CONFLICT (user_id, habit_id, day) DO UPDATE SET
                            value = excluded.value, is_skipped = excluded.is_skipped, note = excluded.note
                    ), cleared AS (
                        DELETE FROM entries e
                        USING owner, unnest(cleared_habits, cleared_days) AS d(habit, day)
                        WHERE e.user_id = owner.id AND e.habit_id = d.habit AND e.day = d.day
                    ), logged AS (
                        INSERT INTO ops (user_id, id, device, hlc, change, habit_id, day)
                        SELECT owner.id, o.id, op_device, o.hlc, o.change::jsonb, NULLIF(o.habit_id, '')::uuid,
                               NULLIF(o.day, '')::integer
                        FROM owner, unnest(op_ids, op_stamps, op_changes, op_habits, op_days)
                             WITH ORDINALITY AS o(id, hlc, change, habit_id, day, n)
                        ORDER BY o.n
                    )
                    SELECT count(*) INTO written FROM owner;
                    RETURN written;
                END $$
                """,
            ]),
        Migration(
            version: 15, name: "a page's earlier entries: a function that keeps its plan",
            statements: [
                // The read of the entries before a page's window that some habits' summaries need
                // (PostgresStore+Rows.swift, `fetchEntriesAndRevision`) was planned on every call:
                // planning it cost more than running it in the hosted load
                // (docs/performance.md, "Hosted instance"). Kept as the check-in's
                // plans are (migration 14). Packs entries as `PostgresStore.packedEntries` does.
                """
                CREATE FUNCTION tend_entries_from(owner_id uuid, habit_ids uuid[], first_days integer[], through_day integer)
                RETURNS TABLE (
                    revision bigint, habit_id uuid, entries_packed bytea, entry_note_days integer[], entry_notes text[])
                LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
                #variable_conflict use_column
                BEGIN
                    RETURN QUERY
                    SELECT u.revision, p.*
                    FROM users u LEFT JOIN LATERAL (
                        SELECT e.habit_id,
                               string_agg(int4send(e.day) || int8send(e.value) || int2send(e.is_skipped::int::int2), ''::bytea
                                          ORDER BY e.day),
                               array_agg(e.day ORDER BY e.day) FILTER (WHERE e.note IS NOT NULL),
                               array_agg(e.note ORDER BY e.day) FILTER (WHERE e.note IS NOT NULL)
                        FROM unnest(habit_ids, first_days) AS b(habit_id, first_day)
                        JOIN entries e ON e.user_id = u.id AND e.habit_id = b.habit_id AND e.day BETWEEN b.first_day AND through_day
                        GROUP BY e.habit_id
                    ) p ON true
                    WHERE u.id = owner_id;
                END $$
                """
            ]),
        Migration(
            version: 16, name: "users: the device zones kept against the account's zone",
            statements: ["ALTER TABLE users ADD COLUMN kept_zones text NOT NULL DEFAULT ''"]),
        Migration(
            version: 17, name: "exact decimal amounts: values, targets and steps in thousandths",
            statements: [
                // Every amount column (entries.value, habits.target, the new habits.step) holds a
                // whole number of thousandths (`Amount`). Scaling every value and target alike
                // leaves every status as it was, so the summaries' triggers, which would cut every
                // habit's summary for nothing, are off while the entries are rewritten.
                "ALTER TABLE entries DISABLE TRIGGER USER",
                "UPDATE entries SET value = value * 1000",
                "ALTER TABLE entries ENABLE TRIGGER USER",
                "UPDATE habits SET target = target * 1000",
                "ALTER TABLE habits ADD COLUMN step integer NOT NULL DEFAULT 1000 CHECK (step > 0)",
                "COMMENT ON COLUMN entries.value IS 'thousandths'",
                "COMMENT ON COLUMN habits.target IS 'thousandths'",
                "COMMENT ON COLUMN habits.step IS 'thousandths: what + and - add to a count'",
                // The check-in reads a habit's step (a count's tap adds it): its function returns it.
                "DROP FUNCTION tend_check_in_read(uuid, uuid[], bigint[], uuid[])",
                """
                CREATE FUNCTION tend_check_in_read(owner_id uuid, habit_ids uuid[], day_ordinals bigint[], operation_ids uuid[])
                RETURNS TABLE (
                    revision bigint, last_hlc text, held text[], wanted_habit uuid, wanted_day bigint,
                    id uuid, name text, emoji text, color text, notes text, kind text, type text, target integer,
                    unit text, schedule text, routine_time text, reminders text, is_archived boolean,
                    sort_order integer, created_on integer, group_name text, tags text,
                    entry_value bigint, entry_skipped boolean, entry_note text, step integer)
                LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
                #variable_conflict use_column
                BEGIN
                    RETURN QUERY
                    SELECT u.revision, (SELECT o.hlc FROM ops o WHERE o.user_id = owner_id ORDER BY o.hlc DESC LIMIT 1),
                           (SELECT array_agg(o.id::text || ' ' || o.user_id::text) FROM ops o WHERE o.id = ANY(operation_ids)),
                           p.habit, p.day, h.id, h.name, h.emoji, h.color, h.notes, h.kind, h.type, h.target, h.unit,
                           h.schedule::text, h.routine_time, h.reminders::text, h.is_archived, h.sort_order,
                           h.created_on, h.group_name, h.tags, e.value, e.is_skipped, e.note, h.step
                    FROM users u
                    CROSS JOIN unnest(habit_ids, day_ordinals) AS p(habit, day)
                    -- One primary-key lookup per pair, whatever number of pairs the kept plan
                    -- was made for (a generic plan guesses ten).
                    LEFT JOIN LATERAL (
                        SELECT * FROM habits WHERE habits.user_id = u.id AND habits.id = p.habit LIMIT 1
                    ) h ON true
                    LEFT JOIN LATERAL (
                        SELECT * FROM entries
                        WHERE entries.user_id = u.id AND entries.habit_id = p.habit AND entries.day = p.day LIMIT 1
                    ) e ON true
                    WHERE u.id = owner_id;
                END $$
                """,
            ]),
        Migration(
            version: 18, name: "habits: start and end dates",
            statements: [
                // Day ordinals; NULL: none (every existing habit).
                "ALTER TABLE habits ADD COLUMN starts_on integer",
                "ALTER TABLE habits ADD COLUMN ends_on integer",
                // The check-in judges the day under the habit's dates: its function returns them.
                "DROP FUNCTION tend_check_in_read(uuid, uuid[], bigint[], uuid[])",
                """
                CREATE FUNCTION tend_check_in_read(owner_id uuid, habit_ids uuid[], day_ordinals bigint[], operation_ids uuid[])
                RETURNS TABLE (
                    revision bigint, last_hlc text, held text[], wanted_habit uuid, wanted_day bigint,
                    id uuid, name text, emoji text, color text, notes text, kind text, type text, target integer,
                    unit text, schedule text, routine_time text, reminders text, is_archived boolean,
                    sort_order integer, created_on integer, group_name text, tags text,
                    entry_value bigint, entry_skipped boolean, entry_note text, step integer, starts_on integer,
                    ends_on integer)
                LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
                #variable_conflict use_column
                BEGIN
                    RETURN QUERY
                    SELECT u.revision, (SELECT o.hlc FROM ops o WHERE o.user_id = owner_id ORDER BY o.hlc DESC LIMIT 1),
                           (SELECT array_agg(o.id::text || ' ' || o.user_id::text) FROM ops o WHERE o.id = ANY(operation_ids)),
                           p.habit, p.day, h.id, h.name, h.emoji, h.color, h.notes, h.kind, h.type, h.target, h.unit,
                           h.schedule::text, h.routine_time, h.reminders::text, h.is_archived, h.sort_order,
                           h.created_on, h.group_name, h.tags, e.value, e.is_skipped, e.note, h.step, h.starts_on, h.ends_on
                    FROM users u
                    CROSS JOIN unnest(habit_ids, day_ordinals) AS p(habit, day)
                    -- One primary-key lookup per pair, whatever number of pairs the kept plan
                    -- was made for (a generic plan guesses ten).
                    LEFT JOIN LATERAL (
                        SELECT * FROM habits WHERE habits.user_id = u.id AND habits.id = p.habit LIMIT 1
                    ) h ON true
                    LEFT JOIN LATERAL (
                        SELECT * FROM entries
                        WHERE entries.user_id = u.id AND entries.habit_id = p.habit AND entries.day = p.day LIMIT 1
                    ) e ON true
                    WHERE u.id = owner_id;
                END $$
                """,
            ]),
        Migration(
            version: 19, name: "habits: pauses",
            statements: [
                // A JSON array of {start, end?} as the reminders are; '[]' for none.
                "ALTER TABLE habits ADD COLUMN pauses jsonb NOT NULL DEFAULT '[]'",
                // The check-in judges the day under the habit's pauses: its function returns them.
                "DROP FUNCTION tend_check_in_read(uuid, uuid[], bigint[], uuid[])",
                """
                CREATE FUNCTION tend_check_in_read(owner_id uuid, habit_ids uuid[], day_ordinals bigint[], operation_ids uuid[])
                RETURNS TABLE (
                    revision bigint, last_hlc text, held text[], wanted_habit uuid, wanted_day bigint,
                    id uuid, name text, emoji text, color text, notes text, kind text, type text, target integer,
                    unit text, schedule text, routine_time text, reminders text, is_archived boolean,
                    sort_order integer, created_on integer, group_name text, tags text,
                    entry_value bigint, entry_skipped boolean, entry_note text, step integer, starts_on integer,
                    ends_on integer, pauses text)
                LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
                #variable_conflict use_column
                BEGIN
                    RETURN QUERY
                    SELECT u.revision, (SELECT o.hlc FROM ops o WHERE o.user_id = owner_id ORDER BY o.hlc DESC LIMIT 1),
                           (SELECT array_agg(o.id::text || ' ' || o.user_id::text) FROM ops o WHERE o.id = ANY(operation_ids)),
                           p.habit, p.day, h.id, h.name, h.emoji, h.color, h.notes, h.kind, h.type, h.target, h.unit,
                           h.schedule::text, h.routine_time, h.reminders::text, h.is_archived, h.sort_order,
                           h.created_on, h.group_name, h.tags, e.value, e.is_skipped, e.note, h.step, h.starts_on, h.ends_on, h.pauses::text
                    FROM users u
                    CROSS JOIN unnest(habit_ids, day_ordinals) AS p(habit, day)
                    -- One primary-key lookup per pair, whatever number of pairs the kept plan
                    -- was made for (a generic plan guesses ten).
                    LEFT JOIN LATERAL (
                        SELECT * FROM habits WHERE habits.user_id = u.id AND habits.id = p.habit LIMIT 1
                    ) h ON true
                    LEFT JOIN LATERAL (
                        SELECT * FROM entries
                        WHERE entries.user_id = u.id AND entries.habit_id = p.habit AND entries.day = p.day LIMIT 1
                    ) e ON true
                    WHERE u.id = owner_id;
                END $$
                """,
            ]),
        Migration(
            version: 20, name: "habits: versions",
            statements: [
                // A JSON array of the habit's earlier rules, each {through, kind, type, target, schedule}; '[]' for none.
                "ALTER TABLE habits ADD COLUMN versions jsonb NOT NULL DEFAULT '[]'",
                // The check-in judges the day under the rule it had: its function returns the versions.
                "DROP FUNCTION tend_check_in_read(uuid, uuid[], bigint[], uuid[])",
                """
                CREATE FUNCTION tend_check_in_read(owner_id uuid, habit_ids uuid[], day_ordinals bigint[], operation_ids uuid[])
                RETURNS TABLE (
                    revision bigint, last_hlc text, held text[], wanted_habit uuid, wanted_day bigint,
                    id uuid, name text, emoji text, color text, notes text, kind text, type text, target integer,
                    unit text, schedule text, routine_time text, reminders text, is_archived boolean,
                    sort_order integer, created_on integer, group_name text, tags text,
                    entry_value bigint, entry_skipped boolean, entry_note text, step integer, starts_on integer,
                    ends_on integer, pauses text, versions text)
                LANGUAGE plpgsql STABLE SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
                #variable_conflict use_column
                BEGIN
                    RETURN QUERY
                    SELECT u.revision, (SELECT o.hlc FROM ops o WHERE o.user_id = owner_id ORDER BY o.hlc DESC LIMIT 1),
                           (SELECT array_agg(o.id::text || ' ' || o.user_id::text) FROM ops o WHERE o.id = ANY(operation_ids)),
                           p.habit, p.day, h.id, h.name, h.emoji, h.color, h.notes, h.kind, h.type, h.target, h.unit,
                           h.schedule::text, h.routine_time, h.reminders::text, h.is_archived, h.sort_order,
                           h.created_on, h.group_name, h.tags, e.value, e.is_skipped, e.note, h.step, h.starts_on, h.ends_on, h.pauses::text,
                           h.versions::text
                    FROM users u
                    CROSS JOIN unnest(habit_ids, day_ordinals) AS p(habit, day)
                    -- One primary-key lookup per pair, whatever number of pairs the kept plan
                    -- was made for (a generic plan guesses ten).
                    LEFT JOIN LATERAL (
                        SELECT * FROM habits WHERE habits.user_id = u.id AND habits.id = p.habit LIMIT 1
                    ) h ON true
                    LEFT JOIN LATERAL (
                        SELECT * FROM entries
                        WHERE entries.user_id = u.id AND entries.habit_id = p.habit AND entries.day = p.day LIMIT 1
                    ) e ON true
                    WHERE u.id = owner_id;
                END $$
                """,
            ]),
        Migration(
            version: 21, name: "users: the language the account chose",
            // A shipped language's tag (issue 44); NULL follows the browser or the shell.
            statements: ["ALTER TABLE users ADD COLUMN language text"]),
    ]

    static var latestVersion: Int { all.last?.version ?? 0 }

    /// Brings the database up to ``latestVersion`` in one transaction; refuses (and leaves alone)
    /// a database that a newer Tend has migrated further. Returns the versions it applied.
    @discardableResult
    static func migrate(_ client: PostgresClient, logger: Logger) async throws -> [Int] {
        do {
            return try await client.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(advisoryLock))", logger: logger)
                try await connection.query(
                    """
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version integer PRIMARY KEY,
                        name text NOT NULL,
                        applied_at timestamptz NOT NULL DEFAULT now()
                    )
                    """, logger: logger)
                let rows = try await connection.query(
                    "SELECT coalesce(max(version), 0) FROM schema_migrations", logger: logger
                ).collect()
                let current = try rows.first?.decode(Int.self) ?? 0
                guard current <= latestVersion else {
                    throw StoreError.newerSchema(
                        t(
                            "the database has schema version {version}, newer than this Tend knows ({latest}): upgrade Tend; the database was left untouched",
                            ["version": String(current), "latest": String(latestVersion)]))
                }
                var applied: [Int] = []
                for migration in all where migration.version > current {
                    for statement in migration.statements {
                        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                    }
                    try await connection.query(
                        "INSERT INTO schema_migrations (version, name) VALUES (\(migration.version), \(migration.name))",
                        logger: logger)
                    applied.append(migration.version)
                }
                if !applied.isEmpty { logger.info("migrated the Tend database", metadata: ["versions": "\(applied)"]) }
                return applied
            }
        } catch {
            throw PostgresStore.storeError(error)
        }
    }
}
