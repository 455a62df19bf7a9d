import Foundation
import HabitCore
import HabitStorage

extension PostgresStore: DigestRepository {
    package func digestTime(owner: Int64) throws(StoreError) -> String? {
        try read { connection throws(StoreError) in
            let rows = try connection.query(DigestSQL.selectTime, [String(owner)])
            return rows.count > 0 ? rows.optionalText(0, 0) : nil
        }
    }

    package func setDigestTime(_ time: String?, owner: Int64, now: Date) throws(StoreError) {
        try transaction { connection throws(StoreError) in
            // The owner's row locked first, as adding a reminder does, so two
            // requests at once make one mail channel.
            _ = try connection.query(DigestSQL.lockOwner, [String(owner)])
            _ = try connection.run(DigestSQL.updateTime, [String(owner), time])
            guard time != nil else { return }
            _ = try connection.run(DigestSQL.insertMailChannel, [String(owner), Self.time(now)])
        }
    }

    package func scheduledDigests() throws(StoreError) -> [ScheduledDigest] {
        try read { connection throws(StoreError) in
            let rows = try connection.query(DigestSQL.selectScheduled)
            guard rows.count > 0 else { return [] }
            let habitRows = try connection.query(DigestSQL.selectHabits)
            var habits: [Int64: [Habit]] = [:]
            for row in 0..<habitRows.count {
                let owner = habitRows.int64(row, DigestSQL.habitOwnerColumn) ?? 0
                habits[owner, default: []].append(
                    try HabitSQL.habit(habitRows, row))
            }
            return (0..<rows.count).map { row in
                let owner = rows.int64(row, 0) ?? 0
                return ScheduledDigest(
                    owner: owner, time: rows.text(row, 1), timeZone: rows.text(row, 2),
                    lastDate: rows.localDate(row, 3), habits: habits[owner] ?? [],
                    dayStartsAt: rows.optionalText(row, 4).flatMap(DayBoundary.init) ?? .midnight)
            }
        }
    }

    package func claimDigest(_ claim: DigestClaim, now: Date) throws(StoreError) -> Bool {
        let parameters: [String?] = [
            String(claim.owner), claim.date.description, claim.eventID, claim.payload,
            Self.time(now),
        ]
        return try transaction { connection throws(StoreError) -> Bool in
            try connection.query(DigestSQL.claim, parameters).count > 0
        }
    }
}

/// The digest's SQL on PostgreSQL.
private enum DigestSQL {
    static let selectTime = "SELECT digest_time FROM users WHERE id = $1"
    static let updateTime = "UPDATE users SET digest_time = $2 WHERE id = $1"
    static let lockOwner = "SELECT 1 FROM users WHERE id = $1 FOR UPDATE"
    static let insertMailChannel = """
        INSERT INTO reminder_channels (owner_id, kind, url, created_at)
        SELECT $1::bigint, 'mail', NULL, to_timestamp($2::float8)
        WHERE NOT EXISTS (SELECT 1 FROM reminder_channels WHERE owner_id = $1::bigint)
        """
    static let selectScheduled = """
        SELECT u.id, u.digest_time, coalesce(u.time_zone, 'UTC'),
            (SELECT max(local_date) FROM digest_occurrences o WHERE o.owner_id = u.id),
            u.day_starts_at
        FROM users u WHERE u.digest_time IS NOT NULL
        """
    /// The habits in `HabitSQL.columns` (every field a habit has, so that
    /// a period or a goal is never read as a default), then the owner at
    /// `habitOwnerColumn`.
    static let selectHabits = """
        SELECT \(HabitSQL.columns), owner_id FROM habits
        WHERE status = 'ACTIVE'
            AND owner_id IN (SELECT id FROM users WHERE digest_time IS NOT NULL)
        ORDER BY owner_id, id
        """
    /// How many columns `HabitSQL.columns` names: its commas, plus one.
    static let habitOwnerColumn = HabitSQL.columns.utf8.count { $0 == UInt8(ascii: ",") } + 1
    /// $4 NULL: the day is claimed with nothing to send.
    static let claim = """
        WITH won AS (
            INSERT INTO digest_occurrences (owner_id, local_date, claimed_at)
            VALUES ($1::bigint, $2::text, to_timestamp($5::float8))
            ON CONFLICT DO NOTHING RETURNING owner_id
        ), to_channels AS (
            INSERT INTO deliveries (owner_id, event_id, target, channel_id, event, payload, state,
                created_at, next_attempt_at)
            SELECT c.owner_id, $3::text, 'c' || c.id, c.id, 'digest.due', $4::text, 'pending',
                to_timestamp($5::float8), to_timestamp($5::float8)
            FROM won JOIN reminder_channels c ON c.owner_id = won.owner_id
            WHERE $4::text IS NOT NULL
            ON CONFLICT (event_id, target) DO NOTHING
        ), to_webhooks AS (
            INSERT INTO deliveries (owner_id, event_id, target, webhook_id, event, payload, state,
                created_at, next_attempt_at)
            SELECT w.owner_id, $3::text, 'w' || w.id, w.id, 'digest.due', $4::text, 'pending',
                to_timestamp($5::float8), to_timestamp($5::float8)
            FROM won JOIN webhooks w ON w.owner_id = won.owner_id
            WHERE $4::text IS NOT NULL
                AND 'reminder.due' = ANY (string_to_array(w.events, ','))
            ON CONFLICT (event_id, target) DO NOTHING
        )
        SELECT owner_id FROM won
        """
}
