import Foundation
import HabitClient
import HabitCore
import HabitStorage

/// One change in a replica's outbox, read from its `OutboxRecord`: what it
/// does, to which habit, with the key and base version it is sent with.
struct SyncOperation: Hashable, Sendable {
    var sequence: Int64 = 0
    var habitID: Int64
    /// What it does: the write the server is sent, as the client sends it.
    var change: SyncWrite.Action
    var idempotencyKey: String
    var baseVersion: String?
    /// The habit as this device held it when a habit edit was queued: which
    /// of its fields another device changed meanwhile is told apart by it.
    var baseHabit: Habit?
    var createdAt: Date
    var attempts = 0
    /// Why it was refused or not sent yet (the row's `last_error`).
    var lastError: OutboxFailure?
    var state: OutboxRecord.State = .pending

    /// The day it changes, `nil` for a change of the habit itself.
    var date: LocalDate? { change.date }

    /// What the server is sent.
    var write: SyncWrite { SyncWrite(habitID: habitID, action: change) }

    /// The outbox's name for the kind of change.
    var kind: String { change.kind }

    init(
        habitID: Int64, change: SyncWrite.Action, idempotencyKey: String, baseVersion: String?,
        baseHabit: Habit? = nil, createdAt: Date
    ) {
        self.habitID = habitID
        self.change = change
        self.idempotencyKey = idempotencyKey
        self.baseVersion = baseVersion
        self.baseHabit = baseHabit
        self.createdAt = createdAt
    }

    /// The operation a stored record holds; `nil` for a payload this
    /// version cannot read (a later version's), which stays in the outbox.
    init?(record: OutboxRecord) {
        guard let payload = OutboxPayload(text: record.payload),
            let change = payload.action(kind: record.kind)
        else { return nil }
        self.init(
            habitID: record.habitID, change: change, idempotencyKey: record.idempotencyKey,
            baseVersion: record.baseVersion, baseHabit: payload.baseHabit(id: record.habitID),
            createdAt: record.createdAt)
        sequence = record.sequence
        attempts = record.attempts
        lastError = record.lastError.map(OutboxFailure.init(text:))
        state = record.state
    }

    /// The record the outbox stores.
    var record: OutboxRecord {
        OutboxRecord(
            sequence: sequence, kind: kind, habitID: habitID, date: date?.description,
            payload: OutboxPayload(change, base: baseHabit).text, idempotencyKey: idempotencyKey,
            baseVersion: baseVersion, createdAt: createdAt, attempts: attempts,
            lastError: lastError?.text, state: state)
    }
}
