import Foundation
import HabitCore
import HabitStorage
import Testing

@testable import HabitClient
@testable import HabitsCLI

/// Outbox rows as earlier versions wrote them still read, and a change is
/// written with the same bytes: a replica's waiting changes outlive an
/// upgrade.
@Suite struct OutboxRowTests {
    static let day = LocalDate(year: 2026, month: 12, day: 1)!
    static let now = Date(timeIntervalSince1970: 1_780_000_000)
    static let fields = HabitFields(
        name: "Read", frequency: .daily, measurementType: "pages", startDate: day,
        actionDays: .everyDay, targetValue: 10)

    /// Each kind's payload, byte for byte as the previous code stored it,
    /// with the write it holds.
    static let rows: [(kind: String, payload: String, action: SyncWrite.Action)] = [
        (
            "create",
            #"{"actionDays":127,"frequency":"DAILY","measurementType":"pages","name":"Read","startDate":"2026-12-01","targetValue":"10"}"#,
            .createHabit(fields)
        ),
        (
            "edit", #"{"name":"Ride","targetValue":"2.25"}"#,
            .updateHabit(HabitChanges(name: "Ride", targetValue: Decimal(string: "2.25")))
        ),
        (
            "edit", #"{"icon":"🚴","replacesColor":true,"replacesIcon":true}"#,
            .updateHabit(HabitChanges(icon: .some("🚴"), color: .some(nil)))
        ),
        ("edit", #"{"status":"ARCHIVED"}"#, .updateHabit(HabitChanges(status: .archived))),
        ("delete", "{}", .deleteHabit),
        (
            "increment",
            #"{"amount":"0.1","date":"2026-12-01","note":"tired","replacesNote":true}"#,
            .increment(date: day, amount: Decimal(string: "0.1")!, note: .replace("tired"))
        ),
        (
            "set", #"{"date":"2026-12-01","replacesNote":true,"skipped":true,"value":"0"}"#,
            .setEntry(ProgressEntry(date: day, value: 0, skipped: true), note: .replace(nil))
        ),
        (
            "set", #"{"date":"2026-12-01","skipped":false,"value":"3"}"#,
            .setEntry(ProgressEntry(date: day, value: 3), note: .keep)
        ),
        ("delete_entry", #"{"date":"2026-12-01"}"#, .deleteEntry(date: day)),
    ]

    /// Rows of the second model (issue 38) as this version writes them: a
    /// new habit's goal only when it is at most, its period length and
    /// group when set; an edit's as for the marks (`replaces…` with the new
    /// value, absent to remove it).
    static let modelRows: [(kind: String, payload: String, action: SyncWrite.Action)] = [
        (
            "create",
            #"{"actionDays":127,"frequency":"MONTHLY","goal":"AT_MOST","group":"Health","measurementType":"cups","name":"Coffee","startDate":"2026-12-01","targetValue":"0"}"#,
            .createHabit(
                HabitFields(
                    name: "Coffee", frequency: .monthly, measurementType: "cups", startDate: day,
                    actionDays: .everyDay, targetValue: 0, goal: .atMost, group: "Health"))
        ),
        (
            "create",
            #"{"actionDays":127,"frequency":"EVERY_N_DAYS","measurementType":"times","name":"Water","periodDays":3,"startDate":"2026-12-01","targetValue":"1"}"#,
            .createHabit(
                HabitFields(
                    name: "Water", frequency: .everyNDays, measurementType: "times",
                    startDate: day, actionDays: .everyDay, targetValue: 1, periodDays: 3))
        ),
        (
            "edit",
            #"{"frequency":"EVERY_N_DAYS","goal":"AT_MOST","group":"Morning","periodDays":5,"replacesGroup":true,"replacesPeriodDays":true}"#,
            .updateHabit(
                HabitChanges(
                    frequency: .everyNDays, goal: .atMost, periodDays: .some(5),
                    group: .some("Morning")))
        ),
        (
            "edit", #"{"goal":"AT_LEAST","replacesGroup":true,"replacesPeriodDays":true}"#,
            .updateHabit(HabitChanges(goal: .atLeast, periodDays: .some(nil), group: .some(nil)))
        ),
    ]

    static func record(kind: String, payload: String, lastError: String? = nil) -> OutboxRecord {
        OutboxRecord(
            sequence: 7, kind: kind, habitID: 3, date: nil, payload: payload,
            idempotencyKey: "k7", baseVersion: "v1", createdAt: now, attempts: 1,
            lastError: lastError, state: .pending)
    }

    @Test func rowsOfThePreviousVersionStillRead() throws {
        for row in Self.rows {
            let operation = try #require(
                SyncOperation(record: Self.record(kind: row.kind, payload: row.payload)),
                "\(row.kind) \(row.payload)")
            #expect(operation.change == row.action)
            #expect(operation.habitID == 3)
            #expect(operation.idempotencyKey == "k7")
            #expect(operation.baseVersion == "v1")
            #expect(operation.baseHabit == nil)
        }
    }

    @Test func aChangeIsStoredWithThePreviousBytes() {
        for row in Self.rows {
            let operation = SyncOperation(
                habitID: 3, change: row.action, idempotencyKey: "k7", baseVersion: "v1",
                createdAt: Self.now)
            #expect(operation.record.payload == row.payload)
            #expect(operation.record.kind == row.kind)
        }
    }

    @Test func rowsWithTheSecondModelsFieldsRoundTrip() throws {
        for row in Self.modelRows {
            let operation = try #require(
                SyncOperation(record: Self.record(kind: row.kind, payload: row.payload)),
                "\(row.kind) \(row.payload)")
            #expect(operation.change == row.action, "\(row.payload)")
            let written = SyncOperation(
                habitID: 3, change: row.action, idempotencyKey: "k7", baseVersion: "v1",
                createdAt: Self.now)
            #expect(written.record.payload == row.payload)
        }
        // An edit that leaves them alone says nothing of them.
        let rename = SyncOperation(
            habitID: 3, change: .updateHabit(HabitChanges(name: "Ride")), idempotencyKey: "k7",
            baseVersion: nil, createdAt: Self.now)
        #expect(rename.record.payload == #"{"name":"Ride"}"#)
    }

    @Test func anEditsBaseKeepsTheSecondModelsFields() throws {
        let payload =
            #"{"base":{"actionDays":127,"frequency":"EVERY_N_DAYS","goal":"AT_MOST","group":"Health","measurementType":"cups","name":"Coffee","periodDays":3,"startDate":"2026-12-01","status":"ACTIVE","targetValue":"2"},"goal":"AT_LEAST"}"#
        let operation = try #require(
            SyncOperation(record: Self.record(kind: "edit", payload: payload)))
        let base = Habit(
            id: 3,
            fields: HabitFields(
                name: "Coffee", frequency: .everyNDays, measurementType: "cups",
                startDate: Self.day, actionDays: .everyDay, targetValue: 2, goal: .atMost,
                periodDays: 3, group: "Health"),
            status: .active)
        #expect(operation.baseHabit == base)
        #expect(operation.change == .updateHabit(HabitChanges(goal: .atLeast)))
        #expect(operation.record.payload == payload)
    }

    /// A later version's goal is unknown here: the row is not read (it
    /// stays in the outbox), rather than read as another goal.
    @Test func aRowWithAnUnknownGoalStaysUnread() {
        let payload = #"{"goal":"EXACTLY"}"#
        #expect(SyncOperation(record: Self.record(kind: "edit", payload: payload)) == nil)
    }

    @Test func anEditsBaseOfThePreviousVersionStillReads() throws {
        let payload =
            #"{"base":{"actionDays":127,"frequency":"DAILY","measurementType":"pages","name":"Read","startDate":"2026-12-01","status":"ACTIVE","targetValue":"10"},"name":"Ride"}"#
        let operation = try #require(
            SyncOperation(record: Self.record(kind: "edit", payload: payload)))
        #expect(operation.baseHabit == Habit(id: 3, fields: Self.fields, status: .active))
        #expect(operation.change == .updateHabit(HabitChanges(name: "Ride")))
        #expect(operation.record.payload == payload)
    }

    @Test func aRowOfThePreviousVersionShowsItsSentence() throws {
        let sentence = "The server refused the habit: name: This field is required."
        let operation = try #require(
            SyncOperation(record: Self.record(kind: "delete", payload: "{}", lastError: sentence)))
        #expect(operation.lastError?.sentence == sentence)
        // Kept as it was when the row is written again.
        #expect(operation.record.lastError == sentence)
    }

    @Test func aRefusalIsStoredAsItsCodeAndFieldsAndWordedWhenShown() throws {
        let refusal = APIError.validation(ValidationError(fields: ["name": ["Too long."]]))
        var operation = SyncOperation(
            habitID: 3, change: .deleteHabit, idempotencyKey: "k7", baseVersion: nil,
            createdAt: Self.now)
        operation.lastError = OutboxFailure(refusal)
        let stored = try #require(operation.record.lastError)
        #expect(stored == #"{"code":"invalid","fields":{"name":["Too long."]}}"#)
        let read = try #require(SyncOperation(record: operation.record))
        #expect(read.lastError == .api(refusal))
        #expect(read.lastError?.sentence == CommandError.api(refusal).message)
    }

    @Test func everyStoredFailureReadsBack() {
        let failures: [OutboxFailure] = [
            OutboxFailure(APIError.habitLimit(message: "At most 50.")),
            OutboxFailure(APIError.habitTotalLimit(message: "At most 500.")),
            OutboxFailure(APIError.habitNameTaken),
            OutboxFailure(APIError.rejected(status: 422, message: "No.")),
            OutboxFailure(APIError.unreachable(host: "h")),
            OutboxFailure(APIError.server(status: 503)),
            OutboxFailure(APIError.rateLimited(retryAfter: 3)),
            OutboxFailure(APIError.unexpectedResponse(status: 410, path: "/api/me/changes/")),
            OutboxFailure(StoreError.nameTaken(name: "Read")),
            OutboxFailure(StoreError.valueLimit(maximum: Decimal(string: "1e9")!)),
            .habitGone, .habitNotAdded,
        ]
        for failure in failures {
            #expect(failure.text.hasPrefix(#"{"code":"#), "\(failure)")
            #expect(OutboxFailure(text: failure.text) == failure)
        }
        #expect(OutboxFailure.habitGone.sentence == SyncWords.habitGoneReason)
    }
}
