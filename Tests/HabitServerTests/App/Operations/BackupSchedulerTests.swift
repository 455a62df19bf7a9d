import Foundation
import HabitHTTP
import HabitStore
import TestSupport
import Testing

@testable import HabitServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scheduled backup rounds on a real SQLite file, at times the test chooses.
@Suite struct BackupSchedulerTests {
    let monday = Date(timeIntervalSince1970: 1_796_040_000)

    func database(in directory: TemporaryDirectory) throws -> String {
        let path = directory.appending("habits.sqlite3")
        let store = try SQLiteStore(path: path)
        _ = try store.findOrCreateUser(email: "a@example.com", now: monday)
        store.close()
        return path
    }

    @Test func roundsTakeDueBackupsAndRotate() throws {
        let directory = try TemporaryDirectory()
        let path = try database(in: directory)
        let backups = directory.appending("backups")
        let scheduler = BackupScheduler(
            schedule: BackupSchedule(directory: backups, interval: 3600, keep: 2),
            database: path, log: .disabled)
        var taken: [String] = []
        for hour in 0..<4 {
            let now = monday.addingTimeInterval(Double(hour) * 3600)
            let round = scheduler.runOnce(now: now)
            guard case .took(let file, _) = round.outcome else {
                Issue.record("round \(hour): \(round.outcome)")
                return
            }
            taken.append(file)
            #expect(scheduler.runOnce(now: now.addingTimeInterval(60)).outcome == .notDue)
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: backups)
            .filter { $0.hasSuffix(".sqlite3") }.sorted()
        #expect(files == Array(taken.suffix(2)))
        #expect(TemporaryDirectory.mode(of: backups + "/" + files[0]) == 0o600)
        let restored = directory.appending("restored.sqlite3")
        let counts = try SQLiteBackup.restore(from: backups + "/" + files[1], into: restored)
        #expect(counts.accounts == 1)
    }

    @Test func twoServersSharingTheDirectoryTakeOneBackup() throws {
        let directory = try TemporaryDirectory()
        let path = try database(in: directory)
        let schedule = BackupSchedule(directory: directory.appending("backups"), interval: 3600)
        let first = BackupScheduler(schedule: schedule, database: path, log: .disabled)
        let second = BackupScheduler(schedule: schedule, database: path, log: .disabled)
        guard case .took = first.runOnce(now: monday).outcome else {
            Issue.record("the first server took no backup")
            return
        }
        #expect(second.runOnce(now: monday.addingTimeInterval(5)).outcome == .notDue)
    }

    @Test func aRoundWhileAnotherProcessHoldsTheLockTakesNothing() throws {
        let directory = try TemporaryDirectory()
        let path = try database(in: directory)
        let backups = directory.appending("backups")
        try FileManager.default.createDirectory(atPath: backups, withIntermediateDirectories: true)
        // flock locks belong to the open file description: another one conflicts,
        // as another process's would.
        let holder = open(backups + "/.lock", O_RDWR | O_CREAT, 0o600)
        #expect(flock(holder, LOCK_EX | LOCK_NB) == 0)
        defer { close(holder) }
        let scheduler = BackupScheduler(
            schedule: BackupSchedule(directory: backups), database: path, log: .disabled)
        #expect(scheduler.runOnce(now: monday).outcome == .busy)
    }
}
