import Foundation
import HabitCore
import HabitStorage
import Testing

@testable import HabitClient
@testable import HabitsCLI

/// A habit's position in the outbox: a move's row as this version writes
/// it (`replacesPosition` with the new one, absent to remove it), a new
/// habit's when set; rows without it (every earlier version's) keep their
/// bytes; and a move never conflicts (last writer wins).
@Suite struct OutboxPositionRowTests {
    static let day = LocalDate(year: 2026, month: 12, day: 1)!
    static let now = Date(timeIntervalSince1970: 1_780_000_000)

    static let rows: [(kind: String, payload: String, action: SyncWrite.Action)] = [
        (
            "edit", #"{"position":1536,"replacesPosition":true}"#,
            .updateHabit(HabitChanges(position: .some(1536)))
        ),
        ("edit", #"{"replacesPosition":true}"#, .updateHabit(HabitChanges(position: .some(nil)))),
        (
            "create",
            #"{"actionDays":127,"frequency":"DAILY","measurementType":"pages","name":"Read","position":0,"startDate":"2026-12-01","targetValue":"10"}"#,
            .createHabit(
                HabitFields(
                    name: "Read", frequency: .daily, measurementType: "pages", startDate: day,
                    actionDays: .everyDay, targetValue: 10, position: 0))
        ),
    ]

    static func record(kind: String, payload: String) -> OutboxRecord {
        OutboxRecord(
            sequence: 7, kind: kind, habitID: 3, date: nil, payload: payload,
            idempotencyKey: "k7", baseVersion: "v1", createdAt: now, attempts: 1,
            lastError: nil, state: .pending)
    }

    @Test func rowsWithAPositionRoundTrip() throws {
        for row in Self.rows {
            let operation = try #require(
                SyncOperation(record: Self.record(kind: row.kind, payload: row.payload)),
                "\(row.payload)")
            #expect(operation.change == row.action, "\(row.payload)")
            let written = SyncOperation(
                habitID: 3, change: row.action, idempotencyKey: "k7", baseVersion: "v1",
                createdAt: Self.now)
            #expect(written.record.payload == row.payload)
        }
        // A row of an earlier version has no position, and its edit keeps it.
        let earlier = try #require(
            SyncOperation(
                record: Self.record(kind: "edit", payload: #"{"name":"Ride","targetValue":"2"}"#)))
        guard case .updateHabit(let changes) = earlier.change else {
            Issue.record("not an edit: \(earlier.change)")
            return
        }
        #expect(changes.position == nil)
    }

    /// What a move sends: `position` alone, null to remove it.
    @Test func aMoveSendsThePositionAlone() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let move = try encoder.encode(HabitBody(HabitChanges(position: .some(2048))))
        #expect(String(decoding: move, as: UTF8.self) == #"{"position":2048}"#)
        let removal = try encoder.encode(HabitBody(HabitChanges(position: .some(nil))))
        #expect(String(decoding: removal, as: UTF8.self) == #"{"position":null}"#)
        let rename = try encoder.encode(HabitBody(HabitChanges(name: "Ride")))
        #expect(!String(decoding: rename, as: UTF8.self).contains("position"))
    }

    /// Another device moved the habit since this one last synced: this
    /// device's move wins without a conflict (the order is no rule).
    @Test func aMoveOverAnotherDevicesMoveIsNoConflict() {
        var base = Habit(
            id: 3, name: "Read", frequency: .daily, measurementType: "pages",
            startDate: Self.day, actionDays: .everyDay, targetValue: 10, position: 1024)
        var replaced = base
        replaced.position = 4096
        #expect(
            HabitFieldConflict.conflicts(
                changes: HabitChanges(position: .some(512)), base: base, replaced: replaced
            )
            .isEmpty)
        base.position = nil
        #expect(
            HabitFieldConflict.conflicts(
                changes: HabitChanges(position: .some(512)), base: nil, replaced: replaced
            )
            .isEmpty)
    }
}
