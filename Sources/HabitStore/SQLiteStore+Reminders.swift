import Foundation
import HabitCore
import HabitStorage

extension SQLiteStore: ReminderRepository {
    package func reminders(habitID: Int64, owner: Int64) throws(StoreError) -> [Reminder]? {
        try read { connection throws(StoreError) in
            guard
                try connection.firstRow(
                    HabitSQL.selectOwned, [.integer(habitID), .integer(owner)], { _ in true })
                    != nil
            else { return nil }
            return try connection.rows(ReminderSQL.selectForHabit, [.integer(habitID)]) {
                ReminderSQL.reminder($0)
            }
        }
    }

    package func reminders(owner: Int64) throws(StoreError) -> [Reminder] {
        try read { connection throws(StoreError) in
            try connection.rows(ReminderSQL.selectForOwner, [.integer(owner)]) {
                ReminderSQL.reminder($0)
            }
        }
    }

    package func deleteReminder(id: Int64, habitID: Int64, owner: Int64) throws(StoreError) -> Bool
    {
        try write { connection throws(StoreError) in
            try connection.run(
                ReminderSQL.deleteReminder, [.integer(id), .integer(habitID), .integer(owner)]) > 0
        }
    }

    package func channels(owner: Int64) throws(StoreError) -> [ReminderChannel] {
        try read { connection throws(StoreError) in
            try connection.rows(ReminderSQL.selectChannels, [.integer(owner)]) {
                row throws(StoreError) in try ReminderSQL.channel(row)
            }
        }
    }

    package func deleteChannel(id: Int64, owner: Int64) throws(StoreError) -> Bool {
        try write { connection throws(StoreError) in
            try connection.run(ReminderSQL.deleteChannel, [.integer(id), .integer(owner)]) > 0
        }
    }

    package func webhooks(owner: Int64) throws(StoreError) -> [WebhookEndpoint] {
        try read { connection throws(StoreError) in
            try connection.rows(ReminderSQL.selectWebhooks, [.integer(owner)]) {
                ReminderSQL.webhook($0)
            }
        }
    }

    package func deleteWebhook(id: Int64, owner: Int64) throws(StoreError) -> Bool {
        try write { connection throws(StoreError) in
            try connection.run(ReminderSQL.deleteWebhook, [.integer(id), .integer(owner)]) > 0
        }
    }

    package func deliveries(webhookID: Int64, owner: Int64) throws(StoreError) -> [Delivery]? {
        try read { connection throws(StoreError) in
            guard
                try connection.firstRow(
                    ReminderSQL.selectWebhookOwned, [.integer(webhookID), .integer(owner)],
                    { _ in true }) != nil
            else { return nil }
            return try connection.rows(
                ReminderSQL.selectDeliveries,
                [.integer(webhookID), .integer(Int64(ReminderLimits.deliveriesListed))]
            ) { row throws(StoreError) in try ReminderSQL.delivery(row) }
        }
    }

    package func enqueueEvent(
        owner: Int64, event: String, eventID: String, payload: String, now: Date
    ) throws(StoreError) -> Int {
        // Most users have no endpoint: a read says so without the writer.
        let subscribed = try read { connection throws(StoreError) in
            try connection.firstRow(
                ReminderSQL.selectSubscribed, [.integer(owner), .text(event)], { _ in true })
                != nil
        }
        guard subscribed else { return 0 }
        return try write { connection throws(StoreError) in
            try connection.run(
                ReminderSQL.enqueueEvent,
                [
                    .integer(owner), .text(event), .text(eventID), .text(payload),
                    .real(now.timeIntervalSince1970),
                ])
        }
    }

    package func reminderZones() throws(StoreError) -> [OccurrenceClaim.Zone] {
        try read { connection throws(StoreError) in
            try connection.rows(ReminderSQL.selectZones) {
                OccurrenceClaim.Zone(
                    $0.text(0), dayStartsAt: DayBoundary($0.text(1)) ?? .midnight)
            }
        }
    }

    /// One write transaction: the candidates go into a temporary table with
    /// one statement (SQL deciding what it can), `isDue` decides the rest,
    /// then one statement claims them. The writer lock makes the claim once
    /// per database.
    package func claimDueOccurrences(
        in slots: [OccurrenceClaim.Slot], now: Date, isDue: (HabitHistory, LocalDate) -> Bool
    ) throws(StoreError) -> OccurrenceClaim.Outcome {
        guard !slots.isEmpty else { return OccurrenceClaim.Outcome(considered: 0, claimed: 0) }
        let table = ReminderSQL.slotTable(slots)
        let time = SQLiteValue.real(now.timeIntervalSince1970)
        return try write { connection throws(StoreError) in
            try connection.transaction(.immediate) {
                () throws(StoreError) -> OccurrenceClaim.Outcome in
                try connection.run(ReminderSQL.createSlotTable)
                try connection.run(ReminderSQL.clearSlotTable)
                try connection.run(ReminderSQL.insertSlots, [.text(table)])
                try connection.run(ReminderSQL.createDueTable)
                try connection.run(ReminderSQL.clearDueTable)
                let considered = try connection.run(ReminderSQL.insertCandidates)
                try decideUndecided(connection, isDue: isDue)
                let claimed = try connection.run(ReminderSQL.claimCandidates, [time])
                try connection.run(ReminderSQL.clearDueTable)
                try connection.run(ReminderSQL.clearSlotTable)
                return OccurrenceClaim.Outcome(considered: considered, claimed: claimed)
            }
        }
    }

    /// Asks `isDue` about the candidates SQL left undecided (a planned day
    /// with entries in its period: `UndecidedOccurrences`) and marks the
    /// due ones.
    private func decideUndecided(
        _ connection: SQLiteConnection, isDue: (HabitHistory, LocalDate) -> Bool
    ) throws(StoreError) {
        let columns = HabitSQL.columnCount
        let undecided = try connection.rows(ReminderSQL.selectUndecided) {
            row throws(StoreError) -> UndecidedOccurrences.Candidate in
            guard let date = row.localDate(columns) else {
                throw HabitSQL.damage("a reminder's date is not a date")
            }
            return .init(
                habit: try HabitSQL.habit(row), date: date, instant: row.int64(columns + 1))
        }
        let due = try Self.due(connection, among: undecided, isDue: isDue)
        for occurrence in due {
            try connection.run(
                ReminderSQL.markDue, [.integer(occurrence.habitID), .integer(occurrence.instant)])
        }
    }

    package func claimDeliveries(now: Date, limit: Int, lease: TimeInterval) throws(StoreError)
        -> [Delivery]
    {
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) -> [Delivery] in
                try queueClaimedOccurrences(connection, limit: limit, now: now)
                let due = try connection.rows(
                    ReminderSQL.selectDue,
                    [.real(now.timeIntervalSince1970), .integer(Int64(limit))]
                ) { row throws(StoreError) in try ReminderSQL.claimedDelivery(row) }
                for delivery in due {
                    try connection.run(
                        ReminderSQL.lease,
                        [
                            .integer(delivery.id), .real(now.timeIntervalSince1970 + lease),
                            .real(now.timeIntervalSince1970),
                        ])
                }
                return due.map { delivery in
                    var leased = delivery
                    leased.attempts += 1
                    leased.lastAttemptAt = now
                    leased.nextAttemptAt = now.addingTimeInterval(lease)
                    return leased
                }
            }
        }
    }

    /// Turns up to `limit` claimed occurrences not yet queued, the oldest
    /// claims first, into their deliveries (one statement per kind of
    /// target) and marks them queued; inside the caller's transaction.
    private func queueClaimedOccurrences(_ connection: SQLiteConnection, limit: Int, now: Date)
        throws(StoreError)
    {
        try connection.run(ReminderSQL.createQueueTable)
        try connection.run(ReminderSQL.clearQueueTable)
        guard try connection.run(ReminderSQL.pickUnqueued, [.integer(Int64(limit))]) > 0 else {
            return
        }
        let time = SQLiteValue.real(now.timeIntervalSince1970)
        try connection.run(ReminderSQL.queueDueChannels, [time])
        try connection.run(ReminderSQL.queueDueWebhooks, [time])
        try connection.run(ReminderSQL.markQueued)
        try connection.run(ReminderSQL.clearQueueTable)
    }

    package func finishDelivery(id: Int64, outcome: DeliveryOutcome, now: Date) throws(StoreError) {
        let time = SQLiteValue.real(now.timeIntervalSince1970)
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) in
                switch outcome {
                case .delivered:
                    try connection.run(ReminderSQL.markDelivered, [.integer(id)])
                    try connection.run(ReminderSQL.clearChannelError, [.integer(id)])
                    try connection.run(ReminderSQL.clearWebhookError, [.integer(id)])
                case .retry(let at, let error):
                    try connection.run(
                        ReminderSQL.markRetry,
                        [.integer(id), .real(at.timeIntervalSince1970), .text(error)])
                    try connection.run(
                        ReminderSQL.setChannelError, [.integer(id), .text(error), time])
                    try connection.run(
                        ReminderSQL.setWebhookError, [.integer(id), .text(error), time])
                case .failed(let error):
                    try connection.run(ReminderSQL.markFailed, [.integer(id), .text(error)])
                    try connection.run(
                        ReminderSQL.setChannelError, [.integer(id), .text(error), time])
                    try connection.run(
                        ReminderSQL.setWebhookError, [.integer(id), .text(error), time])
                }
            }
        }
    }

    package func purgeReminderRecords(before: Date) throws(StoreError) {
        try write { connection throws(StoreError) in
            try connection.run(
                ReminderSQL.purgeOccurrences, [.integer(Int64(before.timeIntervalSince1970))])
            try connection.run(ReminderSQL.purgeDeliveries, [.real(before.timeIntervalSince1970)])
        }
    }
}

/// The steps of the shared additions (`ReminderStatements+Additions`).
extension SQLiteStore: ReminderStatements {
    package static func ownsChannel(_ connection: SQLiteConnection, id: Int64, owner: Int64)
        throws(StoreError) -> Bool
    {
        try exists(connection, ReminderSQL.selectChannelOwned, [.integer(id), .integer(owner)])
    }

    package static func ownsWebhook(_ connection: SQLiteConnection, id: Int64, owner: Int64)
        throws(StoreError) -> Bool
    {
        try exists(connection, ReminderSQL.selectWebhookOwned, [.integer(id), .integer(owner)])
    }

    package static func sameReminder(
        _ connection: SQLiteConnection, habitID: Int64, time: String, channelID: Int64?,
        webhookID: Int64?
    ) throws(StoreError) -> Reminder? {
        try connection.firstRow(
            ReminderSQL.selectSame,
            [.integer(habitID), .text(time), optional(channelID), optional(webhookID)],
            { ReminderSQL.reminder($0) })
    }

    package static func insertReminder(
        _ connection: SQLiteConnection, _ reminder: Reminder, owner: Int64
    ) throws(StoreError) -> Int64 {
        try connection.run(
            ReminderSQL.insertReminder,
            [
                .integer(reminder.habitID), .integer(owner), .text(reminder.time),
                optional(reminder.channelID), optional(reminder.webhookID),
                .real(reminder.createdAt.timeIntervalSince1970),
            ])
        return connection.lastInsertRowID
    }

    package static func sameChannel(
        _ connection: SQLiteConnection, owner: Int64, kind: ReminderChannel.Kind, url: String?
    ) throws(StoreError) -> ReminderChannel? {
        try connection.firstRow(
            ReminderSQL.selectSameChannel,
            [.integer(owner), .text(kind.rawValue), url.map { .text($0) } ?? .null],
            { row throws(StoreError) in try ReminderSQL.channel(row) })
    }

    package static func insertChannel(
        _ connection: SQLiteConnection, _ channel: ReminderChannel, owner: Int64
    ) throws(StoreError) -> Int64 {
        try connection.run(
            ReminderSQL.insertChannel,
            [
                .integer(owner), .text(channel.kind.rawValue),
                channel.url.map { .text($0) } ?? .null,
                .real(channel.createdAt.timeIntervalSince1970),
            ])
        return connection.lastInsertRowID
    }

    package static func insertWebhook(
        _ connection: SQLiteConnection, _ webhook: WebhookEndpoint, owner: Int64
    ) throws(StoreError) -> Int64 {
        try connection.run(
            ReminderSQL.insertWebhook,
            [
                .integer(owner), .text(webhook.url), .text(webhook.events.joined(separator: ",")),
                .text(webhook.secret), .real(webhook.createdAt.timeIntervalSince1970),
            ])
        return connection.lastInsertRowID
    }

    package static func entries(
        _ connection: SQLiteConnection, habitIDs: [Int64], from: LocalDate, to: LocalDate
    ) throws(StoreError) -> [Int64: [ProgressEntry]] {
        let list = "[" + habitIDs.map(String.init).joined(separator: ",") + "]"
        var result: [Int64: [ProgressEntry]] = [:]
        var reader = HabitSQL.amountReader()
        try connection.forEachRow(
            ReminderSQL.selectEntries,
            [.text(list), .text(from.description), .text(to.description)]
        ) { row throws(StoreError) in
            result[row.int64(0), default: []].append(
                try HabitSQL.entry(row, from: 1, reader: &reader))
        }
        return result
    }

    private static func exists(
        _ connection: SQLiteConnection, _ sql: String, _ bindings: [SQLiteValue]
    ) throws(StoreError) -> Bool {
        try connection.firstRow(sql, bindings, { _ in true }) != nil
    }

    package static func count(_ connection: SQLiteConnection, _ counted: AdditionCount)
        throws(StoreError) -> Int
    {
        let (sql, id) = counted.statement(
            reminders: ReminderSQL.countForHabit, channels: ReminderSQL.countChannels,
            webhooks: ReminderSQL.countWebhooks)
        return Int(try connection.firstRow(sql, [.integer(id)]) { $0.int64(0) } ?? 0)
    }

    private static func optional(_ id: Int64?) -> SQLiteValue {
        id.map { .integer($0) } ?? .null
    }
}

/// The reminder and webhook statements and how rows become values.
enum ReminderSQL {
    static let reminderColumns = "id, habit_id, time, channel_id, webhook_id, created_at"
    static let selectForHabit = """
        SELECT \(reminderColumns) FROM reminders WHERE habit_id = ?1 ORDER BY time, id
        """
    static let selectForOwner = """
        SELECT \(reminderColumns) FROM reminders WHERE owner_id = ?1 ORDER BY habit_id, time, id
        """
    static let selectSame = """
        SELECT \(reminderColumns) FROM reminders WHERE habit_id = ?1 AND time = ?2
            AND channel_id IS ?3 AND webhook_id IS ?4
        """
    static let countForHabit = "SELECT count(*) FROM reminders WHERE habit_id = ?1"
    static let insertReminder = """
        INSERT INTO reminders (habit_id, owner_id, time, channel_id, webhook_id, created_at)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6)
        """
    static let deleteReminder = """
        DELETE FROM reminders WHERE id = ?1 AND habit_id = ?2 AND owner_id = ?3
        """

    static let channelColumns = "id, kind, url, last_error, last_error_at, created_at"
    static let selectChannels = """
        SELECT \(channelColumns) FROM reminder_channels WHERE owner_id = ?1 ORDER BY id
        """
    static let selectSameChannel = """
        SELECT \(channelColumns) FROM reminder_channels WHERE owner_id = ?1 AND kind = ?2
            AND url IS ?3
        """
    static let selectChannelOwned =
        "SELECT 1 FROM reminder_channels WHERE id = ?1 AND owner_id = ?2"
    static let countChannels = "SELECT count(*) FROM reminder_channels WHERE owner_id = ?1"
    static let insertChannel = """
        INSERT INTO reminder_channels (owner_id, kind, url, created_at) VALUES (?1, ?2, ?3, ?4)
        """
    static let deleteChannel = "DELETE FROM reminder_channels WHERE id = ?1 AND owner_id = ?2"

    static let webhookColumns = "id, url, events, secret, last_error, last_error_at, created_at"
    static let selectWebhooks = """
        SELECT \(webhookColumns) FROM webhooks WHERE owner_id = ?1 ORDER BY id
        """
    static let selectWebhookOwned = "SELECT 1 FROM webhooks WHERE id = ?1 AND owner_id = ?2"
    static let countWebhooks = "SELECT count(*) FROM webhooks WHERE owner_id = ?1"
    static let insertWebhook = """
        INSERT INTO webhooks (owner_id, url, events, secret, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
        """
    static let deleteWebhook = "DELETE FROM webhooks WHERE id = ?1 AND owner_id = ?2"
    /// `events` is a comma-separated list of event names, none a prefix of another.
    static let selectSubscribed = """
        SELECT 1 FROM webhooks WHERE owner_id = ?1 AND instr(',' || events || ',', ',' || ?2 || ',') > 0
        """
    /// Inserts the deliveries of the request's `PendingEvent` when the
    /// transaction answering `outcome` wrote something and the event is not
    /// queued yet; the event, for the caller to mark committed after COMMIT.
    static func queuePendingEvent(_ connection: SQLiteConnection, for outcome: Any)
        throws(StoreError) -> PendingEvent?
    {
        guard let pending = PendingEvent.current, let payload = pending.payload(for: outcome)
        else { return nil }
        try connection.run(
            enqueueEvent,
            [
                .integer(pending.owner), .text(pending.event), .text(pending.eventID),
                .text(payload), .real(pending.now.timeIntervalSince1970),
            ])
        return pending
    }

    static let enqueueEvent = """
        INSERT INTO deliveries (owner_id, event_id, target, webhook_id, event, payload, state,
            created_at, next_attempt_at)
        SELECT ?1, ?3, 'w' || id, id, ?2, ?4, 'pending', ?5, ?5 FROM webhooks
        WHERE owner_id = ?1 AND instr(',' || events || ',', ',' || ?2 || ',') > 0
        ON CONFLICT (event_id, target) DO NOTHING
        """

    static let deliveryColumns = """
        d.id, d.event_id, d.event, d.payload, d.attempts, d.state, d.created_at, d.next_attempt_at,
        d.last_attempt_at, d.last_error
        """
    static let selectDeliveries = """
        SELECT \(deliveryColumns) FROM deliveries d WHERE d.webhook_id = ?1 ORDER BY d.id DESC LIMIT ?2
        """

    /// The entries of the habits in the JSON array ?1 from ?2 through ?3,
    /// for `isDue`'s histories.
    static let selectEntries = """
        SELECT p.habit_id, p.date, p.value, p.skipped, p.note FROM progress p
        WHERE p.habit_id IN (SELECT value FROM json_each(?1)) AND p.date BETWEEN ?2 AND ?3
        """
    /// The slots as a JSON array of `[zone, date, time, instant, weekday
    /// bit, Monday, Sunday, day boundary]`, the parameter of `insertCandidates`.
    static func slotTable(_ slots: [OccurrenceClaim.Slot]) -> String {
        let rows: [[Any]] = slots.map {
            [
                $0.zone, $0.date.description, $0.time, $0.instant, $0.weekdayBit,
                $0.date.startOfISOWeek.description,
                $0.date.startOfISOWeek.adding(days: 6).description, $0.dayStartsAt.text,
            ]
        }
        let data = (try? JSONSerialization.data(withJSONObject: rows)) ?? Data("[]".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    static let selectZones = """
        SELECT DISTINCT coalesce(u.time_zone, 'UTC'), coalesce(u.day_starts_at, '00:00')
        FROM users u
        WHERE EXISTS (SELECT 1 FROM reminders r WHERE r.owner_id = u.id)
        """
    /// A run's candidates: state 1 due, 0 for `isDue` to decide, 2 not due
    /// (not a planned day).
    static let createDueTable = """
        CREATE TEMP TABLE IF NOT EXISTS reminder_due (
            habit_id INTEGER NOT NULL, instant INTEGER NOT NULL, channel_id INTEGER,
            webhook_id INTEGER, date TEXT NOT NULL, time TEXT NOT NULL, zone TEXT NOT NULL,
            state INTEGER NOT NULL, PRIMARY KEY (habit_id, instant)
        ) WITHOUT ROWID
        """
    static let clearDueTable = "DELETE FROM temp.reminder_due"
    /// The run's slots, keyed for the candidates' join (a reminder finds
    /// its slot by time, zone and day boundary): the JSON of `slotTable`
    /// as rows.
    static let createSlotTable = """
        CREATE TEMP TABLE IF NOT EXISTS reminder_slots (
            zone TEXT NOT NULL, date TEXT NOT NULL, time TEXT NOT NULL, instant INTEGER NOT NULL,
            bit INTEGER NOT NULL, monday TEXT NOT NULL, sunday TEXT NOT NULL,
            day_starts TEXT NOT NULL, PRIMARY KEY (time, zone, day_starts, instant)
        ) WITHOUT ROWID
        """
    static let clearSlotTable = "DELETE FROM temp.reminder_slots"
    static let insertSlots = """
        INSERT OR IGNORE INTO temp.reminder_slots (zone, date, time, instant, bit, monday,
            sunday, day_starts)
        SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5,
            value ->> 6, value ->> 7
        FROM json_each(?1)
        """
    /// In reminder id order (the table's own, so no sort), so that of a
    /// habit's reminders at one time the first keeps the occurrence.
    static let insertCandidates = """
        INSERT OR IGNORE INTO temp.reminder_due (habit_id, instant, channel_id, webhook_id, date,
            time, zone, state)
        SELECT r.habit_id, s.instant, r.channel_id, r.webhook_id, s.date, s.time, s.zone,
            \(OccurrenceClaim.stateSQL)
        FROM reminders r JOIN users u ON u.id = r.owner_id
        JOIN temp.reminder_slots s ON s.time = r.time AND s.zone = coalesce(u.time_zone, 'UTC')
            AND s.day_starts = coalesce(u.day_starts_at, '00:00')
        JOIN habits h ON h.id = r.habit_id
        WHERE h.status = 'ACTIVE' AND NOT EXISTS (
            SELECT 1 FROM reminder_occurrences o
            WHERE o.habit_id = r.habit_id AND o.instant = s.instant)
        ORDER BY r.id
        """
    static let selectUndecided = """
        SELECT \(HabitSQL.columns.split(separator: ",").map { "h." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")),
            d.date, d.instant
        FROM temp.reminder_due d JOIN habits h ON h.id = d.habit_id WHERE d.state = 0
        """
    static let markDue = """
        UPDATE temp.reminder_due SET state = 1 WHERE habit_id = ?1 AND instant = ?2
        """
    /// A claimed occurrence keeps its reminder's targets and its local day,
    /// time and zone, and waits (`queued` 0) for `claimDeliveries`.
    static let claimCandidates = """
        INSERT INTO reminder_occurrences (habit_id, instant, claimed_at, channel_id, webhook_id,
            local_date, local_time, zone, queued)
        SELECT habit_id, instant, ?1, channel_id, webhook_id, date, time, zone, 0
        FROM temp.reminder_due WHERE state = 1
        ON CONFLICT DO NOTHING
        """
    /// The claimed occurrences a delivery run queues: up to ?1 of them, the
    /// oldest claims first (the partial index of those not yet queued).
    static let createQueueTable = """
        CREATE TEMP TABLE IF NOT EXISTS reminder_queue (
            habit_id INTEGER NOT NULL, instant INTEGER NOT NULL, PRIMARY KEY (habit_id, instant)
        ) WITHOUT ROWID
        """
    static let clearQueueTable = "DELETE FROM temp.reminder_queue"
    static let pickUnqueued = """
        INSERT INTO temp.reminder_queue (habit_id, instant)
        SELECT habit_id, instant FROM reminder_occurrences WHERE queued = 0
        ORDER BY claimed_at LIMIT ?1
        """
    static let markQueued = """
        UPDATE reminder_occurrences SET queued = 1
        WHERE queued = 0 AND (habit_id, instant) IN (SELECT habit_id, instant FROM temp.reminder_queue)
        """
    /// The picked occurrences with their habit (its owner and name).
    /// `CROSS JOIN` keeps the picked rows the outer loop: the planner has no
    /// statistics for the temporary table and chose to scan every claimed
    /// occurrence for each run (11 ms for 100 picked of 150,000).
    static let picked = """
        temp.reminder_queue q
        CROSS JOIN reminder_occurrences o ON o.habit_id = q.habit_id AND o.instant = q.instant
        CROSS JOIN habits h ON h.id = o.habit_id
        """
    /// What the `reminder.due` event of occurrence `o` of habit `h` is
    /// built from when it is sent (`Delivery.dueLines`): building the JSON
    /// of every occurrence here would cost more than the rest of the run.
    static let duePayload = """
        'due' || char(10) || o.habit_id || char(10) || o.instant || char(10) || o.local_date
            || char(10) || o.local_time || char(10) || o.zone || char(10) || h.name
        """
    static let queueDueChannels = """
        INSERT INTO deliveries (owner_id, event_id, target, channel_id, event, payload, state,
            created_at, next_attempt_at)
        SELECT h.owner_id, 'evt_rem_' || o.habit_id || '_' || o.instant, 'c' || c.id, c.id,
            'reminder.due', \(duePayload), 'pending', ?1, ?1
        FROM \(picked) JOIN reminder_channels c ON c.owner_id = h.owner_id
        WHERE c.id = o.channel_id OR (o.channel_id IS NULL AND o.webhook_id IS NULL)
        ON CONFLICT (event_id, target) DO NOTHING
        """
    static let queueDueWebhooks = """
        INSERT INTO deliveries (owner_id, event_id, target, webhook_id, event, payload, state,
            created_at, next_attempt_at)
        SELECT h.owner_id, 'evt_rem_' || o.habit_id || '_' || o.instant, 'w' || w.id, w.id,
            'reminder.due', \(duePayload), 'pending', ?1, ?1
        FROM \(picked) JOIN webhooks w ON w.owner_id = h.owner_id
        WHERE w.id = o.webhook_id OR (o.channel_id IS NULL AND o.webhook_id IS NULL
            AND instr(',' || w.events || ',', ',reminder.due,') > 0)
        ON CONFLICT (event_id, target) DO NOTHING
        """
    static let selectDue = """
        SELECT \(deliveryColumns), c.id, c.kind, c.url, u.email, w.id, w.url, w.secret
        FROM deliveries d
        LEFT JOIN reminder_channels c ON c.id = d.channel_id
        LEFT JOIN webhooks w ON w.id = d.webhook_id
        JOIN users u ON u.id = d.owner_id
        WHERE d.state = 'pending' AND d.next_attempt_at <= ?1
        ORDER BY d.next_attempt_at LIMIT ?2
        """
    static let lease = """
        UPDATE deliveries SET next_attempt_at = ?2, attempts = attempts + 1, last_attempt_at = ?3
        WHERE id = ?1
        """
    static let markDelivered = """
        UPDATE deliveries SET state = 'delivered', last_error = NULL WHERE id = ?1
        """
    static let markRetry = """
        UPDATE deliveries SET next_attempt_at = ?2, last_error = ?3 WHERE id = ?1
        """
    static let markFailed = "UPDATE deliveries SET state = 'failed', last_error = ?2 WHERE id = ?1"
    static let clearChannelError = """
        UPDATE reminder_channels SET last_error = NULL, last_error_at = NULL
        WHERE id = (SELECT channel_id FROM deliveries WHERE id = ?1)
        """
    static let clearWebhookError = """
        UPDATE webhooks SET last_error = NULL, last_error_at = NULL
        WHERE id = (SELECT webhook_id FROM deliveries WHERE id = ?1)
        """
    static let setChannelError = """
        UPDATE reminder_channels SET last_error = ?2, last_error_at = ?3
        WHERE id = (SELECT channel_id FROM deliveries WHERE id = ?1)
        """
    static let setWebhookError = """
        UPDATE webhooks SET last_error = ?2, last_error_at = ?3
        WHERE id = (SELECT webhook_id FROM deliveries WHERE id = ?1)
        """
    static let purgeOccurrences = "DELETE FROM reminder_occurrences WHERE instant < ?1"
    static let purgeDeliveries = """
        DELETE FROM deliveries WHERE state <> 'pending' AND created_at < ?1
        """

    static func reminder(_ row: SQLiteRow) -> Reminder {
        Reminder(
            id: row.int64(0), habitID: row.int64(1), time: row.text(2),
            channelID: row.optionalInt64(3), webhookID: row.optionalInt64(4),
            createdAt: Date(timeIntervalSince1970: row.double(5)))
    }

    static func channel(_ row: SQLiteRow) throws(StoreError) -> ReminderChannel {
        guard let kind = ReminderChannel.Kind(rawValue: row.text(1)) else {
            throw HabitSQL.damage("a reminder channel's kind is neither mail nor ntfy")
        }
        return ReminderChannel(
            id: row.int64(0), kind: kind, url: row.optionalText(2), lastError: row.optionalText(3),
            lastErrorAt: row.optionalDouble(4).map(Date.init(timeIntervalSince1970:)),
            createdAt: Date(timeIntervalSince1970: row.double(5)))
    }

    static func webhook(_ row: SQLiteRow) -> WebhookEndpoint {
        WebhookEndpoint(
            id: row.int64(0), url: row.text(1),
            events: row.text(2).split(separator: ",").map(String.init), secret: row.text(3),
            lastError: row.optionalText(4),
            lastErrorAt: row.optionalDouble(5).map(Date.init(timeIntervalSince1970:)),
            createdAt: Date(timeIntervalSince1970: row.double(6)))
    }

    static func delivery(_ row: SQLiteRow) throws(StoreError) -> Delivery {
        guard let state = Delivery.State(rawValue: row.text(5)) else {
            throw HabitSQL.damage("a delivery's state is not one habits writes")
        }
        return Delivery(
            id: row.int64(0), eventID: row.text(1), event: row.text(2), payload: row.text(3),
            attempts: Int(row.int64(4)), state: state,
            createdAt: Date(timeIntervalSince1970: row.double(6)),
            nextAttemptAt: Date(timeIntervalSince1970: row.double(7)),
            lastAttemptAt: row.optionalDouble(8).map(Date.init(timeIntervalSince1970:)),
            lastError: row.optionalText(9))
    }

    /// A due delivery with its target (`selectDue`'s columns 10…16).
    static func claimedDelivery(_ row: SQLiteRow) throws(StoreError) -> Delivery {
        var delivery = try delivery(row)
        if let webhookID = row.optionalInt64(14) {
            delivery.target = .webhook(
                webhookID: webhookID, url: row.text(15), secret: row.text(16))
        } else if let channelID = row.optionalInt64(10) {
            delivery.target =
                row.text(11) == ReminderChannel.Kind.ntfy.rawValue
                ? .ntfy(channelID: channelID, url: row.optionalText(12) ?? "")
                : .mail(channelID: channelID, address: row.text(13))
        }
        return delivery
    }
}
