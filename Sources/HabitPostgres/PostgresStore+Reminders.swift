import Foundation
import HabitCore
import HabitStorage

extension PostgresStore: ReminderRepository {
    package func reminders(habitID: Int64, owner: Int64) throws(StoreError) -> [Reminder]? {
        try read { connection throws(StoreError) in
            let owned = try connection.query(
                ReminderSQL.selectHabitOwned, [String(habitID), String(owner)])
            guard owned.count > 0 else { return nil }
            let rows = try connection.query(ReminderSQL.selectForHabit, [String(habitID)])
            return (0..<rows.count).map { ReminderSQL.reminder(rows, $0) }
        }
    }

    package func reminders(owner: Int64) throws(StoreError) -> [Reminder] {
        try read { connection throws(StoreError) in
            let rows = try connection.query(ReminderSQL.selectForOwner, [String(owner)])
            return (0..<rows.count).map { ReminderSQL.reminder(rows, $0) }
        }
    }

    package func deleteReminder(id: Int64, habitID: Int64, owner: Int64) throws(StoreError) -> Bool
    {
        try write { connection throws(StoreError) in
            try connection.run(
                ReminderSQL.deleteReminder, [String(id), String(habitID), String(owner)])
                > 0
        }
    }

    package func channels(owner: Int64) throws(StoreError) -> [ReminderChannel] {
        try read { connection throws(StoreError) in
            let rows = try connection.query(ReminderSQL.selectChannels, [String(owner)])
            return try (0..<rows.count).map { row throws(StoreError) in
                try ReminderSQL.channel(rows, row)
            }
        }
    }

    package func deleteChannel(id: Int64, owner: Int64) throws(StoreError) -> Bool {
        try write { connection throws(StoreError) in
            try connection.run(ReminderSQL.deleteChannel, [String(id), String(owner)]) > 0
        }
    }

    package func webhooks(owner: Int64) throws(StoreError) -> [WebhookEndpoint] {
        try read { connection throws(StoreError) in
            let rows = try connection.query(ReminderSQL.selectWebhooks, [String(owner)])
            return (0..<rows.count).map { ReminderSQL.webhook(rows, $0) }
        }
    }

    package func deleteWebhook(id: Int64, owner: Int64) throws(StoreError) -> Bool {
        try write { connection throws(StoreError) in
            try connection.run(ReminderSQL.deleteWebhook, [String(id), String(owner)]) > 0
        }
    }

    package func deliveries(webhookID: Int64, owner: Int64) throws(StoreError) -> [Delivery]? {
        try read { connection throws(StoreError) in
            let owned = try connection.query(
                ReminderSQL.selectWebhookOwned, [String(webhookID), String(owner)])
            guard owned.count > 0 else { return nil }
            let rows = try connection.query(
                ReminderSQL.selectDeliveries,
                [String(webhookID), String(ReminderLimits.deliveriesListed)])
            return try (0..<rows.count).map { row throws(StoreError) in
                try ReminderSQL.delivery(rows, row)
            }
        }
    }

    package func enqueueEvent(
        owner: Int64, event: String, eventID: String, payload: String, now: Date
    ) throws(StoreError) -> Int {
        // Most users have no endpoint: a read says so without writing.
        let subscribed = try read { connection throws(StoreError) in
            try connection.query(ReminderSQL.selectSubscribed, [String(owner), event]).count > 0
        }
        guard subscribed else { return 0 }
        return try write { connection throws(StoreError) in
            try connection.run(
                ReminderSQL.enqueueEvent, [String(owner), event, eventID, payload, Self.time(now)])
        }
    }

    package func reminderZones() throws(StoreError) -> [OccurrenceClaim.Zone] {
        try read { connection throws(StoreError) in
            let rows = try connection.query(ReminderSQL.selectZones)
            return (0..<rows.count).map {
                OccurrenceClaim.Zone(
                    rows.text($0, 0), dayStartsAt: DayBoundary(rows.text($0, 1)) ?? .midnight)
            }
        }
    }

    /// One transaction: a statement reads the candidates SQL cannot decide
    /// for `isDue`, then one statement claims the due ones (the rest of
    /// the candidates with those `isDue` kept). Two processes claiming one
    /// occurrence meet on its primary key.
    package func claimDueOccurrences(
        in slots: [OccurrenceClaim.Slot], now: Date, isDue: (HabitHistory, LocalDate) -> Bool
    ) throws(StoreError) -> OccurrenceClaim.Outcome {
        guard !slots.isEmpty else { return OccurrenceClaim.Outcome(considered: 0, claimed: 0) }
        let rows: [[String: Any]] = slots.map {
            [
                "zone": $0.zone, "date": $0.date.description, "time": $0.time,
                "instant": $0.instant, "bit": $0.weekdayBit,
                "monday": $0.date.startOfISOWeek.description,
                "sunday": $0.date.startOfISOWeek.adding(days: 6).description,
                "day_starts": $0.dayStartsAt.text,
            ]
        }
        let table = String(
            decoding: (try? JSONSerialization.data(withJSONObject: rows)) ?? Data("[]".utf8),
            as: UTF8.self)
        return try transaction { connection throws(StoreError) -> OccurrenceClaim.Outcome in
            let undecided = try connection.query(ReminderSQL.selectUndecided, [table])
            var candidates: [UndecidedOccurrences.Candidate] = []
            for row in 0..<undecided.count {
                let column = ReminderSQL.undecidedDateColumn
                guard let date = undecided.localDate(row, column) else {
                    throw PostgresStore.unreadable("a reminder's date")
                }
                candidates.append(
                    .init(
                        habit: try HabitSQL.habit(undecided, row), date: date,
                        instant: undecided.int64(row, column + 1) ?? 0))
            }
            let due = try Self.due(connection, among: candidates, isDue: isDue)
            let result = try connection.query(
                ReminderSQL.claimSlots,
                [
                    table, "{" + due.map { String($0.habitID) }.joined(separator: ",") + "}",
                    "{" + due.map { String($0.instant) }.joined(separator: ",") + "}",
                    Self.time(now),
                ])
            return OccurrenceClaim.Outcome(
                considered: Int(result.int64(0, 0) ?? 0), claimed: Int(result.int64(0, 1) ?? 0))
        }
    }

    /// `FOR UPDATE SKIP LOCKED`, for the occurrences queued first and the
    /// deliveries taken: processes claiming at once take different rows.
    package func claimDeliveries(now: Date, limit: Int, lease: TimeInterval) throws(StoreError)
        -> [Delivery]
    {
        try transaction { connection throws(StoreError) -> [Delivery] in
            _ = try connection.query(ReminderSQL.queueClaimed, [Self.time(now), String(limit)])
            let rows = try connection.query(
                ReminderSQL.claimDue,
                [Self.time(now), String(limit), Self.time(now.addingTimeInterval(lease))])
            return try (0..<rows.count).map { row throws(StoreError) in
                try ReminderSQL.claimedDelivery(rows, row)
            }
        }
    }

    package func finishDelivery(id: Int64, outcome: DeliveryOutcome, now: Date) throws(StoreError) {
        try transaction { connection throws(StoreError) in
            switch outcome {
            case .delivered:
                try connection.query(ReminderSQL.markDelivered, [String(id)])
                try connection.query(ReminderSQL.clearErrors, [String(id)])
            case .retry(let at, let error):
                try connection.query(ReminderSQL.markRetry, [String(id), Self.time(at), error])
                try connection.query(
                    ReminderSQL.setChannelError, [String(id), error, Self.time(now)])
                try connection.query(
                    ReminderSQL.setWebhookError, [String(id), error, Self.time(now)])
            case .failed(let error):
                try connection.query(ReminderSQL.markFailed, [String(id), error])
                try connection.query(
                    ReminderSQL.setChannelError, [String(id), error, Self.time(now)])
                try connection.query(
                    ReminderSQL.setWebhookError, [String(id), error, Self.time(now)])
            }
        }
    }

    package func purgeReminderRecords(before: Date) throws(StoreError) {
        try transaction { connection throws(StoreError) in
            try connection.query(
                ReminderSQL.purgeOccurrences, [String(Int64(before.timeIntervalSince1970))])
            try connection.query(ReminderSQL.purgeDeliveries, [Self.time(before)])
        }
    }

    /// Inserts the deliveries of the request's `PendingEvent` when the
    /// transaction answering `outcome` wrote something and the event is not
    /// queued yet; the event, for the caller to mark committed after COMMIT.
    static func queuePendingEvent(_ connection: PostgresConnection, for outcome: Any)
        throws(StoreError) -> PendingEvent?
    {
        guard let pending = PendingEvent.current, let payload = pending.payload(for: outcome)
        else { return nil }
        _ = try connection.run(
            ReminderSQL.enqueueEvent,
            [
                String(pending.owner), pending.event, pending.eventID, payload,
                time(pending.now),
            ])
        return pending
    }

    /// A time as the statements' `to_timestamp($n::float8)` takes it.
    static func time(_ date: Date) -> String {
        String(date.timeIntervalSince1970)
    }
}

/// The steps of the shared additions (`ReminderStatements+Additions`).
extension PostgresStore: ReminderStatements {
    package static func ownsChannel(_ connection: PostgresConnection, id: Int64, owner: Int64)
        throws(StoreError) -> Bool
    {
        try connection.query(ReminderSQL.selectChannelOwned, [String(id), String(owner)]).count
            > 0
    }

    package static func ownsWebhook(_ connection: PostgresConnection, id: Int64, owner: Int64)
        throws(StoreError) -> Bool
    {
        try connection.query(ReminderSQL.selectWebhookOwned, [String(id), String(owner)]).count
            > 0
    }

    package static func sameReminder(
        _ connection: PostgresConnection, habitID: Int64, time: String, channelID: Int64?,
        webhookID: Int64?
    ) throws(StoreError) -> Reminder? {
        let rows = try connection.query(
            ReminderSQL.selectSame,
            [String(habitID), time, channelID.map(String.init), webhookID.map(String.init)])
        return rows.count > 0 ? ReminderSQL.reminder(rows, 0) : nil
    }

    package static func insertReminder(
        _ connection: PostgresConnection, _ reminder: Reminder, owner: Int64
    ) throws(StoreError) -> Int64 {
        try connection.query(
            ReminderSQL.insertReminder,
            [
                String(reminder.habitID), String(owner), reminder.time,
                reminder.channelID.map(String.init), reminder.webhookID.map(String.init),
                Self.time(reminder.createdAt),
            ]
        ).int64(0, 0) ?? 0
    }

    package static func sameChannel(
        _ connection: PostgresConnection, owner: Int64, kind: ReminderChannel.Kind, url: String?
    ) throws(StoreError) -> ReminderChannel? {
        let rows = try connection.query(
            ReminderSQL.selectSameChannel, [String(owner), kind.rawValue, url])
        return rows.count > 0 ? try ReminderSQL.channel(rows, 0) : nil
    }

    package static func insertChannel(
        _ connection: PostgresConnection, _ channel: ReminderChannel, owner: Int64
    ) throws(StoreError) -> Int64 {
        try connection.query(
            ReminderSQL.insertChannel,
            [String(owner), channel.kind.rawValue, channel.url, Self.time(channel.createdAt)]
        ).int64(0, 0) ?? 0
    }

    package static func insertWebhook(
        _ connection: PostgresConnection, _ webhook: WebhookEndpoint, owner: Int64
    ) throws(StoreError) -> Int64 {
        try connection.query(
            ReminderSQL.insertWebhook,
            [
                String(owner), webhook.url, webhook.events.joined(separator: ","), webhook.secret,
                Self.time(webhook.createdAt),
            ]
        ).int64(0, 0) ?? 0
    }

    package static func entries(
        _ connection: PostgresConnection, habitIDs: [Int64], from: LocalDate, to: LocalDate
    ) throws(StoreError) -> [Int64: [ProgressEntry]] {
        let list = "{" + habitIDs.map(String.init).joined(separator: ",") + "}"
        let rows = try connection.query(
            ReminderSQL.selectEntries, [list, from.description, to.description])
        var result: [Int64: [ProgressEntry]] = [:]
        for row in 0..<rows.count {
            result[rows.int64(row, 0) ?? 0, default: []].append(
                try HabitSQL.entry(rows, row, from: 1))
        }
        return result
    }

    package static func count(_ connection: PostgresConnection, _ counted: AdditionCount)
        throws(StoreError) -> Int
    {
        let (sql, id) = counted.statement(
            reminders: ReminderSQL.countForHabit, channels: ReminderSQL.countChannels,
            webhooks: ReminderSQL.countWebhooks)
        return Int(try connection.query(sql, [String(id)]).int64(0, 0) ?? 0)
    }
}

/// The reminder and webhook statements (SQLite's, in PostgreSQL's words).
private enum ReminderSQL {
    static func epoch(_ column: String) -> String { "extract(epoch FROM \(column))::float8" }

    static let selectHabitOwned = "SELECT 1 FROM habits WHERE id = $1 AND owner_id = $2"
    static let reminderColumns =
        "id, habit_id, time, channel_id, webhook_id, \(epoch("created_at"))"
    static let selectForHabit = """
        SELECT \(reminderColumns) FROM reminders WHERE habit_id = $1 ORDER BY time, id
        """
    static let selectForOwner = """
        SELECT \(reminderColumns) FROM reminders WHERE owner_id = $1 ORDER BY habit_id, time, id
        """
    static let selectSame = """
        SELECT \(reminderColumns) FROM reminders WHERE habit_id = $1 AND time = $2
            AND channel_id IS NOT DISTINCT FROM $3::bigint
            AND webhook_id IS NOT DISTINCT FROM $4::bigint
        """
    static let countForHabit = "SELECT count(*) FROM reminders WHERE habit_id = $1"
    static let insertReminder = """
        INSERT INTO reminders (habit_id, owner_id, time, channel_id, webhook_id, created_at)
        VALUES ($1, $2, $3, $4::bigint, $5::bigint, to_timestamp($6::float8)) RETURNING id
        """
    static let deleteReminder = """
        DELETE FROM reminders WHERE id = $1 AND habit_id = $2 AND owner_id = $3
        """

    static let channelColumns = """
        id, kind, url, last_error, \(epoch("last_error_at")), \(epoch("created_at"))
        """
    static let selectChannels = """
        SELECT \(channelColumns) FROM reminder_channels WHERE owner_id = $1 ORDER BY id
        """
    static let selectSameChannel = """
        SELECT \(channelColumns) FROM reminder_channels WHERE owner_id = $1 AND kind = $2
            AND url IS NOT DISTINCT FROM $3::text
        """
    static let selectChannelOwned =
        "SELECT 1 FROM reminder_channels WHERE id = $1 AND owner_id = $2"
    static let countChannels = "SELECT count(*) FROM reminder_channels WHERE owner_id = $1"
    static let insertChannel = """
        INSERT INTO reminder_channels (owner_id, kind, url, created_at)
        VALUES ($1, $2, $3, to_timestamp($4::float8)) RETURNING id
        """
    static let deleteChannel = "DELETE FROM reminder_channels WHERE id = $1 AND owner_id = $2"

    static let webhookColumns = """
        id, url, events, secret, last_error, \(epoch("last_error_at")), \(epoch("created_at"))
        """
    static let selectWebhooks = """
        SELECT \(webhookColumns) FROM webhooks WHERE owner_id = $1 ORDER BY id
        """
    static let selectWebhookOwned = "SELECT 1 FROM webhooks WHERE id = $1 AND owner_id = $2"
    static let countWebhooks = "SELECT count(*) FROM webhooks WHERE owner_id = $1"
    static let insertWebhook = """
        INSERT INTO webhooks (owner_id, url, events, secret, created_at)
        VALUES ($1, $2, $3, $4, to_timestamp($5::float8)) RETURNING id
        """
    static let deleteWebhook = "DELETE FROM webhooks WHERE id = $1 AND owner_id = $2"
    static let subscribed = "$2 = ANY (string_to_array(events, ','))"
    static let selectSubscribed =
        "SELECT 1 FROM webhooks WHERE owner_id = $1 AND \(subscribed) LIMIT 1"
    static let enqueueEvent = """
        INSERT INTO deliveries (owner_id, event_id, target, webhook_id, event, payload, state,
            created_at, next_attempt_at)
        SELECT $1, $3, 'w' || id, id, $2, $4, 'pending', to_timestamp($5::float8),
            to_timestamp($5::float8)
        FROM webhooks WHERE owner_id = $1 AND \(subscribed)
        ON CONFLICT (event_id, target) DO NOTHING
        """

    static let deliveryColumns = """
        d.id, d.event_id, d.event, d.payload, d.attempts, d.state, \(epoch("d.created_at")),
        \(epoch("d.next_attempt_at")), \(epoch("d.last_attempt_at")), d.last_error
        """
    static let selectDeliveries = """
        SELECT \(deliveryColumns) FROM deliveries d WHERE d.webhook_id = $1
        ORDER BY d.id DESC LIMIT $2::integer
        """

    static let selectEntries = """
        SELECT habit_id, date::text, value::text, skipped, note FROM progress
        WHERE habit_id = ANY ($1::bigint[]) AND date BETWEEN $2::date AND $3::date
        """
    static let selectZones = """
        SELECT DISTINCT coalesce(u.time_zone, 'UTC'), coalesce(u.day_starts_at, '00:00')
        FROM users u
        WHERE EXISTS (SELECT 1 FROM reminders r WHERE r.owner_id = u.id)
        """
    /// The CTEs `s` (the slots, $1 as JSON) and `candidates`: the
    /// unclaimed occurrences of active habits in them, one per habit and
    /// instant (the lowest reminder id), with state 1 due, 0 for `isDue` to
    /// decide (a planned day with entries in its period), 2 not due.
    static let candidates = """
        s AS (
            SELECT * FROM json_to_recordset($1::json) AS s (zone text, date date, time text,
                instant bigint, bit integer, monday date, sunday date, day_starts text)
        ), candidates AS (
            SELECT DISTINCT ON (r.habit_id, s.instant) r.habit_id, s.instant, r.channel_id,
                r.webhook_id, s.date, s.time, s.zone, \(OccurrenceClaim.stateSQL) AS state
            FROM s JOIN users u ON coalesce(u.time_zone, 'UTC') = s.zone
                AND coalesce(u.day_starts_at, '00:00') = s.day_starts
            JOIN reminders r ON r.owner_id = u.id AND r.time = s.time
            JOIN habits h ON h.id = r.habit_id
            WHERE h.status = 'ACTIVE' AND NOT EXISTS (
                SELECT 1 FROM reminder_occurrences o
                WHERE o.habit_id = r.habit_id AND o.instant = s.instant)
            ORDER BY r.habit_id, s.instant, r.id
        )
        """
    /// The undecided candidates' habits in `HabitSQL.columns` (every field
    /// a habit has: its period and goal decide it), then the date and
    /// instant at `undecidedDateColumn` and the one after. The names are
    /// the habits table's alone: the candidates' columns are others.
    static let selectUndecided = """
        WITH \(candidates)
        SELECT \(HabitSQL.columns), c.date::text, c.instant
        FROM candidates c JOIN habits h ON h.id = c.habit_id WHERE c.state = 0
        """
    /// How many columns `HabitSQL.columns` names: its commas, plus one.
    static let undecidedDateColumn = HabitSQL.columns.utf8.count { $0 == UInt8(ascii: ",") } + 1
    /// $1 the slots, $2/$3 the (habit, instant) `isDue` found due, $4 the
    /// time. A claimed occurrence keeps its reminder's targets and its
    /// local day, time and zone, and waits (not `queued`) for
    /// `claimDeliveries`.
    static let claimSlots = """
        WITH \(candidates), extra AS (
            SELECT * FROM unnest($2::bigint[], $3::bigint[]) AS e (habit_id, instant)
        ), due AS (
            SELECT c.* FROM candidates c WHERE c.state = 1 OR (c.state = 0 AND EXISTS (
                SELECT 1 FROM extra e WHERE e.habit_id = c.habit_id AND e.instant = c.instant))
        ), won AS (
            INSERT INTO reminder_occurrences (habit_id, instant, claimed_at, channel_id,
                webhook_id, local_date, local_time, zone, queued)
            SELECT habit_id, instant, to_timestamp($4::float8), channel_id, webhook_id, date, time,
                zone, false
            FROM due
            ON CONFLICT DO NOTHING RETURNING habit_id
        )
        SELECT (SELECT count(*) FROM candidates), (SELECT count(*) FROM won)
        """
    /// What the `reminder.due` event of queued occurrence `o` is built from
    /// when it is sent (`Delivery.dueLines`), as on SQLite.
    static let duePayload = """
        concat_ws(E'\\n', 'due', o.habit_id, o.instant, o.local_date::text, o.local_time, o.zone,
            o.name)
        """
    /// Up to $2 claimed occurrences not yet queued, the oldest claims first
    /// (`SKIP LOCKED`: processes at once take different ones), become their
    /// deliveries, created at $1.
    static let queueClaimed = """
        WITH picked AS (
            SELECT habit_id, instant FROM reminder_occurrences WHERE NOT queued
            ORDER BY claimed_at LIMIT $2::integer FOR UPDATE SKIP LOCKED
        ), marked AS (
            UPDATE reminder_occurrences r SET queued = true FROM picked p
            WHERE r.habit_id = p.habit_id AND r.instant = p.instant
            RETURNING r.habit_id, r.instant, r.channel_id, r.webhook_id, r.local_date, r.local_time,
                r.zone
        ), o AS (
            SELECT m.*, h.owner_id, h.name FROM marked m JOIN habits h ON h.id = m.habit_id
        ), to_channels AS (
            INSERT INTO deliveries (owner_id, event_id, target, channel_id, event, payload, state,
                created_at, next_attempt_at)
            SELECT o.owner_id, 'evt_rem_' || o.habit_id || '_' || o.instant, 'c' || c.id, c.id,
                'reminder.due', \(duePayload), 'pending', to_timestamp($1::float8),
                to_timestamp($1::float8)
            FROM o JOIN reminder_channels c ON c.owner_id = o.owner_id
            WHERE c.id = o.channel_id OR (o.channel_id IS NULL AND o.webhook_id IS NULL)
            ON CONFLICT (event_id, target) DO NOTHING
        ), to_webhooks AS (
            INSERT INTO deliveries (owner_id, event_id, target, webhook_id, event, payload, state,
                created_at, next_attempt_at)
            SELECT o.owner_id, 'evt_rem_' || o.habit_id || '_' || o.instant, 'w' || w.id, w.id,
                'reminder.due', \(duePayload), 'pending', to_timestamp($1::float8),
                to_timestamp($1::float8)
            FROM o JOIN webhooks w ON w.owner_id = o.owner_id
            WHERE w.id = o.webhook_id
                OR (o.channel_id IS NULL AND o.webhook_id IS NULL
                    AND 'reminder.due' = ANY (string_to_array(w.events, ',')))
            ON CONFLICT (event_id, target) DO NOTHING
        )
        SELECT count(*) FROM o
        """
    static let claimDue = """
        WITH due AS (
            SELECT id FROM deliveries WHERE state = 'pending'
                AND next_attempt_at <= to_timestamp($1::float8)
            ORDER BY next_attempt_at LIMIT $2::integer FOR UPDATE SKIP LOCKED
        ), leased AS (
            UPDATE deliveries d SET next_attempt_at = to_timestamp($3::float8),
                attempts = attempts + 1, last_attempt_at = to_timestamp($1::float8)
            FROM due WHERE d.id = due.id RETURNING d.*
        )
        SELECT \(deliveryColumns), c.id, c.kind, c.url, u.email, w.id, w.url, w.secret
        FROM leased d
        LEFT JOIN reminder_channels c ON c.id = d.channel_id
        LEFT JOIN webhooks w ON w.id = d.webhook_id
        JOIN users u ON u.id = d.owner_id
        ORDER BY d.next_attempt_at, d.id
        """
    static let markDelivered = """
        UPDATE deliveries SET state = 'delivered', last_error = NULL WHERE id = $1
        """
    static let markRetry = """
        UPDATE deliveries SET next_attempt_at = to_timestamp($2::float8), last_error = $3
        WHERE id = $1
        """
    static let markFailed = "UPDATE deliveries SET state = 'failed', last_error = $2 WHERE id = $1"
    static let clearErrors = """
        WITH d AS (SELECT channel_id, webhook_id FROM deliveries WHERE id = $1),
        c AS (UPDATE reminder_channels SET last_error = NULL, last_error_at = NULL
            WHERE id = (SELECT channel_id FROM d))
        UPDATE webhooks SET last_error = NULL, last_error_at = NULL
        WHERE id = (SELECT webhook_id FROM d)
        """
    static let setChannelError = """
        UPDATE reminder_channels SET last_error = $2, last_error_at = to_timestamp($3::float8)
        WHERE id = (SELECT channel_id FROM deliveries WHERE id = $1)
        """
    static let setWebhookError = """
        UPDATE webhooks SET last_error = $2, last_error_at = to_timestamp($3::float8)
        WHERE id = (SELECT webhook_id FROM deliveries WHERE id = $1)
        """
    static let purgeOccurrences = "DELETE FROM reminder_occurrences WHERE instant < $1"
    static let purgeDeliveries = """
        DELETE FROM deliveries WHERE state <> 'pending' AND created_at < to_timestamp($1::float8)
        """

    static func date(_ value: Double??) -> Date? {
        (value ?? nil).map(Date.init(timeIntervalSince1970:))
    }

    static func reminder(_ rows: PostgresResult, _ row: Int) -> Reminder {
        Reminder(
            id: rows.int64(row, 0) ?? 0, habitID: rows.int64(row, 1) ?? 0, time: rows.text(row, 2),
            channelID: rows.int64(row, 3), webhookID: rows.int64(row, 4),
            createdAt: Date(timeIntervalSince1970: rows.double(row, 5) ?? 0))
    }

    static func channel(_ rows: PostgresResult, _ row: Int) throws(StoreError) -> ReminderChannel {
        guard let kind = ReminderChannel.Kind(rawValue: rows.text(row, 1)) else {
            throw PostgresStore.unreadable("reminder channel \(rows.text(row, 0))")
        }
        return ReminderChannel(
            id: rows.int64(row, 0) ?? 0, kind: kind, url: rows.optionalText(row, 2),
            lastError: rows.optionalText(row, 3), lastErrorAt: date(rows.optionalDouble(row, 4)),
            createdAt: Date(timeIntervalSince1970: rows.double(row, 5) ?? 0))
    }

    static func webhook(_ rows: PostgresResult, _ row: Int) -> WebhookEndpoint {
        WebhookEndpoint(
            id: rows.int64(row, 0) ?? 0, url: rows.text(row, 1),
            events: rows.text(row, 2).split(separator: ",").map(String.init),
            secret: rows.text(row, 3), lastError: rows.optionalText(row, 4),
            lastErrorAt: date(rows.optionalDouble(row, 5)),
            createdAt: Date(timeIntervalSince1970: rows.double(row, 6) ?? 0))
    }

    static func delivery(_ rows: PostgresResult, _ row: Int) throws(StoreError) -> Delivery {
        guard let state = Delivery.State(rawValue: rows.text(row, 5)) else {
            throw PostgresStore.unreadable("delivery \(rows.text(row, 0))")
        }
        return Delivery(
            id: rows.int64(row, 0) ?? 0, eventID: rows.text(row, 1), event: rows.text(row, 2),
            payload: rows.text(row, 3), attempts: Int(rows.int64(row, 4) ?? 0), state: state,
            createdAt: Date(timeIntervalSince1970: rows.double(row, 6) ?? 0),
            nextAttemptAt: Date(timeIntervalSince1970: rows.double(row, 7) ?? 0),
            lastAttemptAt: date(rows.optionalDouble(row, 8)), lastError: rows.optionalText(row, 9))
    }

    static func claimedDelivery(_ rows: PostgresResult, _ row: Int) throws(StoreError) -> Delivery {
        var delivery = try delivery(rows, row)
        if let webhookID = rows.int64(row, 14) {
            delivery.target = .webhook(
                webhookID: webhookID, url: rows.text(row, 15), secret: rows.text(row, 16))
        } else if let channelID = rows.int64(row, 10) {
            delivery.target =
                rows.text(row, 11) == ReminderChannel.Kind.ntfy.rawValue
                ? .ntfy(channelID: channelID, url: rows.text(row, 12))
                : .mail(channelID: channelID, address: rows.text(row, 13))
        }
        return delivery
    }
}
