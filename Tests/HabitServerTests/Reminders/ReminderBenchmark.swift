import Foundation
import HabitConcurrency
import HabitCore
import TestSupport
import Testing

@testable import HabitServer
@testable import HabitStorage
@testable import HabitStore

/// Tests/Load/reminder-bench.sh: one reminder run over 10,000 users with 15
/// habits each, every habit with a reminder at the same minute and nothing
/// done (the worst case: all 150,000 due at once), on a SQLite file. Off
/// unless HABITS_REMINDER_BENCH is set; prints one line with the figures.
@Suite struct ReminderBenchmark {
    static let enabled = ProcessInfo.processInfo.environment["HABITS_REMINDER_BENCH"] != nil

    /// Counts mail instead of writing it: the run is what is measured.
    final class CountingMailer: Mailer {
        let sent = AtomicCounter()
        func send(_ message: MailMessage) throws(MailError) -> String {
            _ = sent.next()
            return "counted"
        }
    }

    /// User and system time of this process so far.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }

    @Test(.enabled(if: enabled)) func tenThousandUsersWithFifteenHabits() throws {
        let users =
            Int(ProcessInfo.processInfo.environment["HABITS_REMINDER_BENCH_USERS"] ?? "")
            ?? 10_000
        let directory = try TemporaryDirectory(prefix: "reminder-bench")
        let store = try SQLiteStore(path: directory.appending("bench.sqlite3"))
        defer { store.close() }
        let setUp = Date()
        let start = Date(timeIntervalSince1970: 1_796_040_000)  // 2026-11-30 12:00 UTC
        // Rows written directly in one transaction: the API would take
        // minutes to make 150,000 habits, and the run is what is measured.
        try store.write { connection throws(StoreError) in
            try connection.transaction(.immediate) { () throws(StoreError) in
                let time = SQLiteValue.real(start.timeIntervalSince1970)
                for user in 1...users {
                    let owner = SQLiteValue.integer(Int64(user))
                    try connection.run(
                        "INSERT INTO users (id, email, created_at) VALUES (?1, ?2, ?3)",
                        [owner, .text("u\(user)@example.com"), time])
                    try connection.run(
                        "INSERT INTO reminder_channels (owner_id, kind, created_at) VALUES (?1, 'mail', ?2)",
                        [owner, time])
                    for index in 0..<Habit.maximumActiveCount {
                        let fields = HabitFields(
                            name: "Habit \(index)", frequency: .daily, measurementType: "times",
                            startDate: LocalDate("2026-11-01")!, actionDays: .everyDay,
                            targetValue: 1)
                        try connection.run(
                            HabitSQL.insert,
                            [owner] + HabitSQL.values(fields)
                                + [.text("ACTIVE"), time, time, .integer(Int64(index + 1))]
                                + HabitSQL.marks(fields))
                        try connection.run(
                            "INSERT INTO reminders (habit_id, owner_id, time, created_at) VALUES (?1, ?2, '20:00', ?3)",
                            [.integer(connection.lastInsertRowID), owner, time])
                    }
                }
            }
        }
        let setUpSeconds = Date().timeIntervalSince(setUp)
        let at = RFC3339.date(from: "2026-11-30T20:00:00Z")!
        let mailer = CountingMailer()
        let runner = ReminderRunner(
            store: store, digests: store, mailer: mailer,
            poster: SocketPoster(policy: TargetPolicy(allowPrivate: false)),
            mailSender: "bench <bench@localhost>", clickURL: "http://127.0.0.1:8000/",
            now: { at })
        let cpuBefore = ProcessInfo.processInfo.systemUptime
        let cpuStart = Self.cpuSeconds()
        let report = try runner.tick()
        let cpuEnd = Self.cpuSeconds()
        let wall = ProcessInfo.processInfo.systemUptime - cpuBefore
        print(
            "reminder-bench: users=\(users) habits=\(users * Habit.maximumActiveCount) "
                + "claimed=\(report.claimed) delivered=\(report.delivered) "
                + String(
                    format: "run=%.3fs wall, %.3fs cpu (setup %.0fs)", wall, cpuEnd - cpuStart,
                    setUpSeconds))
        #expect(report.claimed == users * Habit.maximumActiveCount)
        // A second run finds everything claimed.
        #expect(try runner.tick().claimed == 0)
    }
}
