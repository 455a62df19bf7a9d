import Foundation
import Testing

@testable import HabitServer

/// When a scheduled backup is due and which old ones go, from the names in
/// the directory and the time alone.
@Suite struct BackupScheduleTests {
    let schedule = BackupSchedule(directory: "/backups", interval: 86_400, keep: 3)
    let monday = Date(timeIntervalSince1970: 1_796_040_000)  // 2026-11-30 12:00:00 UTC

    @Test func namesSortByTimeAndReadBack() {
        let name = BackupSchedule.fileName(at: monday)
        #expect(name == "habits-20261130T120000Z.sqlite3")
        #expect(BackupSchedule.date(ofFile: name) == monday)
        #expect(BackupSchedule.date(ofFile: "habits-garbage.sqlite3") == nil)
        #expect(BackupSchedule.date(ofFile: ".lock") == nil)
    }

    @Test func theFirstBackupIsDueAtOnce() {
        let plan = schedule.plan(existing: [".lock", "notes.txt"], now: monday)
        #expect(plan.take == "habits-20261130T120000Z.sqlite3")
        #expect(plan.delete.isEmpty)
        #expect(plan.nextCheck == monday.addingTimeInterval(86_400))
    }

    @Test func aRecentBackupMakesTheNextOneWait() {
        let taken = BackupSchedule.fileName(at: monday)
        let later = monday.addingTimeInterval(3600)
        let plan = schedule.plan(existing: [taken], now: later)
        #expect(plan.take == nil)
        #expect(plan.nextCheck == monday.addingTimeInterval(86_400))
        #expect(
            schedule.plan(existing: [taken], now: monday.addingTimeInterval(86_400)).take != nil)
    }

    @Test func keepsTheNewestAndDeletesTheOldestBeyondKeep() {
        let names = (0..<4).map {
            BackupSchedule.fileName(at: monday.addingTimeInterval(Double($0) * 86_400))
        }
        let now = monday.addingTimeInterval(4 * 86_400)
        let plan = schedule.plan(existing: names.shuffled() + ["other.sqlite3"], now: now)
        #expect(plan.take == BackupSchedule.fileName(at: now))
        // Keep 3 in all: the new one and the two newest before it.
        #expect(plan.delete == Array(names.prefix(2)))
    }
}
