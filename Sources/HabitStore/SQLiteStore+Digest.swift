import Foundation
import HabitCore
import HabitStorage

extension SQLiteStore: DigestRepository {
    package func digestTime(owner: Int64) throws(StoreError) -> String? {
        try read { connection throws(StoreError) in
            try connection.firstRow(DigestSQL.selectTime, [.integer(owner)]) { row in
                row.optionalText(0)
            } ?? nil
        }
    }

    package func setDigestTime(_ time: String?, owner: Int64, now: Date) throws(StoreError) {
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) in
                try connection.run(
                    DigestSQL.updateTime, [.integer(owner), time.map { .text($0) } ?? .null])
                guard time != nil else { return }
                try connection.run(
                    DigestSQL.insertMailChannel,
                    [.integer(owner), .real(now.timeIntervalSince1970)])
            }
        }
    }

    package func scheduledDigests() throws(StoreError) -> [ScheduledDigest] {
        try read { connection throws(StoreError) in
            var digests = try connection.rows(DigestSQL.selectScheduled) { row in
                ScheduledDigest(
                    owner: row.int64(0), time: row.text(1), timeZone: row.text(2),
                    lastDate: row.optionalText(3).flatMap(LocalDate.init), habits: [],
                    dayStartsAt: row.optionalText(4).flatMap(DayBoundary.init) ?? .midnight)
            }
            guard !digests.isEmpty else { return [] }
            var habits: [Int64: [Habit]] = [:]
            let ownerColumn = DigestSQL.habitOwnerColumn
            try connection.forEachRow(DigestSQL.selectHabits) { row throws(StoreError) in
                habits[row.int64(ownerColumn), default: []].append(try HabitSQL.habit(row))
            }
            for index in digests.indices {
                digests[index].habits = habits[digests[index].owner] ?? []
            }
            return digests
        }
    }

    package func claimDigest(_ claim: DigestClaim, now: Date) throws(StoreError) -> Bool {
        try write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) -> Bool in
                let time = SQLiteValue.real(now.timeIntervalSince1970)
                let inserted = try connection.run(
                    DigestSQL.insertOccurrence,
                    [.integer(claim.owner), .text(claim.date.description), time])
                guard inserted > 0 else { return false }
                if let payload = claim.payload {
                    let bindings: [SQLiteValue] = [
                        .integer(claim.owner), .text(claim.eventID), .text(payload), time,
                    ]
                    try connection.run(DigestSQL.queueChannels, bindings)
                    try connection.run(DigestSQL.queueWebhooks, bindings)
                }
                return true
            }
        }
    }
}

/// The digest's SQL on SQLite.
enum DigestSQL {
    static let selectTime = "SELECT digest_time FROM users WHERE id = ?1"
    static let updateTime = "UPDATE users SET digest_time = ?2 WHERE id = ?1"
    static let insertMailChannel = """
        INSERT INTO reminder_channels (owner_id, kind, url, created_at)
        SELECT ?1, 'mail', NULL, ?2 FROM users WHERE id = ?1
            AND NOT EXISTS (SELECT 1 FROM reminder_channels WHERE owner_id = ?1)
        """
    static let selectScheduled = """
        SELECT u.id, u.digest_time, coalesce(u.time_zone, 'UTC'),
            (SELECT max(local_date) FROM digest_occurrences o WHERE o.owner_id = u.id),
            u.day_starts_at
        FROM users u WHERE u.digest_time IS NOT NULL
        """
    static let habitOwnerColumn = HabitSQL.columnCount
    static let selectHabits = """
        SELECT \(HabitSQL.columns.split(separator: ",").map { "h." + $0.trimmingCharacters(in: .whitespacesAndNewlines) }.joined(separator: ", ")),
            h.owner_id
        FROM habits h JOIN users u ON u.id = h.owner_id
        WHERE u.digest_time IS NOT NULL AND h.status = 'ACTIVE'
        ORDER BY h.owner_id, h.id
        """
    static let insertOccurrence = """
        INSERT INTO digest_occurrences (owner_id, local_date, claimed_at) VALUES (?1, ?2, ?3)
        ON CONFLICT DO NOTHING
        """
    static let queueChannels = """
        INSERT INTO deliveries (owner_id, event_id, target, channel_id, event, payload, state,
            created_at, next_attempt_at)
        SELECT ?1, ?2, 'c' || id, id, 'digest.due', ?3, 'pending', ?4, ?4 FROM reminder_channels
        WHERE owner_id = ?1
        ON CONFLICT (event_id, target) DO NOTHING
        """
    static let queueWebhooks = """
        INSERT INTO deliveries (owner_id, event_id, target, webhook_id, event, payload, state,
            created_at, next_attempt_at)
        SELECT ?1, ?2, 'w' || id, id, 'digest.due', ?3, 'pending', ?4, ?4 FROM webhooks
        WHERE owner_id = ?1 AND instr(',' || events || ',', ',reminder.due,') > 0
        ON CONFLICT (event_id, target) DO NOTHING
        """
}
