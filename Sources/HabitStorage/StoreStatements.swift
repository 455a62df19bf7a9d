import Foundation
import HabitCore

/// The few reads and writes a store runs in its own database's SQL, on
/// which the repository writes both stores share are built once
/// (`StoreStatements+Writes`).
///
/// A store conforms by running each step on the connection it is handed,
/// and nothing more: the order of the steps, what is decided between them
/// (`HabitRoom`, `EntryWritePlan`, `IdempotencyReplay`, the version
/// conditions) and when a change number is taken are the shared code's.
/// Every step but the transactions runs inside a write transaction the
/// shared code opened.
package protocol StoreStatements: Sendable {
    /// One open database connection, as the store's own code uses it.
    associatedtype Connection

    /// Runs `body` in one write transaction, committed when it returns
    /// (with the request's webhook event, if any) and rolled back when it
    /// throws.
    func writeTransaction<Value: Sendable>(
        _ body: (Connection) throws(StoreError) -> Value
    ) throws(StoreError) -> Value

    /// Runs `body` on a connection for reading.
    func read<Value: Sendable>(
        _ body: (Connection) throws(StoreError) -> Value
    ) throws(StoreError) -> Value

    /// Orders this transaction after every other write of `owner`'s in
    /// flight, so what it reads next is the latest; a store whose writers
    /// take turns for the whole database has nothing to do.
    static func lockOwner(_ connection: Connection, owner: Int64) throws(StoreError)

    /// Takes the owner's next `count` change numbers, answering the last
    /// (the first is `last - count + 1`).
    static func nextVersion(_ connection: Connection, owner: Int64, count: Int)
        throws(StoreError) -> Int64

    /// Whether habit `habitID` is `owner`'s.
    static func owns(_ connection: Connection, habitID: Int64, owner: Int64)
        throws(StoreError) -> Bool

    /// The owner's habit with its version, held until the transaction ends
    /// for a change (`deleting` false) or a delete.
    static func habitForWrite(
        _ connection: Connection, id: Int64, owner: Int64, deleting: Bool
    ) throws(StoreError) -> Versioned<Habit>?

    /// The owner's habits as `HabitRoom` counts them.
    static func room(_ connection: Connection, owner: Int64) throws(StoreError) -> HabitRoom

    /// Inserts a habit stamped with `version`, answering its id.
    static func insertHabit(
        _ connection: Connection, _ row: HabitInsert, owner: Int64, version: Int64
    ) throws(StoreError) -> Int64

    /// Every habit of the owner, archived ones included, ordered by id.
    static func allHabits(_ connection: Connection, owner: Int64) throws(StoreError) -> [Habit]

    /// Every entry of the owner's habit, sorted by date.
    static func allEntries(_ connection: Connection, habitID: Int64, owner: Int64)
        throws(StoreError) -> [ProgressEntry]

    /// The highest habit id the store has ever given, or 0.
    static func highestHabitID(_ connection: Connection) throws(StoreError) -> Int64

    /// Replaces the habit's fields and status, stamped with `version`.
    static func updateHabit(
        _ connection: Connection, id: Int64, owner: Int64, fields: HabitFields,
        status: HabitStatus, now: Date, version: Int64
    ) throws(StoreError)

    /// Deletes the habit with its progress and leaves its tombstone,
    /// numbered `version`.
    static func deleteHabit(
        _ connection: Connection, id: Int64, owner: Int64, now: Date, version: Int64
    ) throws(StoreError)

    /// The day's entry with its version, or `nil`.
    static func storedEntry(_ connection: Connection, habitID: Int64, date: LocalDate)
        throws(StoreError) -> Versioned<ProgressEntry>?

    /// Writes the day's entry, stamped with `version`.
    static func writeEntry(
        _ connection: Connection, _ entry: ProgressEntry, habitID: Int64, owner: Int64,
        version: Int64
    ) throws(StoreError)

    /// Deletes the day's entry and leaves its tombstone, numbered `version`.
    static func deleteEntry(
        _ connection: Connection, habitID: Int64, owner: Int64, date: LocalDate, now: Date,
        version: Int64
    ) throws(StoreError)

    /// Writes many entries of one habit, numbered from one block of change
    /// numbers, telling `progress` how many more are written every few
    /// hundred.
    static func writeEntries(
        _ connection: Connection, _ entries: [ProgressEntry], habitID: Int64, owner: Int64,
        progress: (@Sendable (Int) -> Void)?
    ) throws(StoreError)

    /// Makes another transaction using `request`'s key wait until this one
    /// ends; a store whose writers take turns has nothing to do.
    static func lockKey(_ connection: Connection, _ request: IdempotencyRequest)
        throws(StoreError)

    /// The entry stored under `request`'s key, or `nil`.
    static func storedAnswer(_ connection: Connection, _ request: IdempotencyRequest)
        throws(StoreError) -> IdempotencyReplay.StoredEntry?

    /// Stores `answer` under `request`'s key, with the store's bounds on
    /// how many keys it keeps.
    static func storeAnswer(
        _ connection: Connection, _ request: IdempotencyRequest, _ answer: IdempotentAnswer,
        now: Date
    ) throws(StoreError)

    /// Runs `step.statement`.
    static func savepoint(_ connection: Connection, _ step: SavepointStep) throws(StoreError)

    /// Stores a new code unless `refusal` objects to the address's and the
    /// clients' earlier sends.
    static func insertCode<Refusal>(
        _ connection: Connection, email: String, clients: [String], codeHash: String,
        sentAt: Date, expiresAt: Date, since: Date, refusal: (CodeSendHistory) -> Refusal?
    ) throws(StoreError) -> Refusal?
}

/// A statement about the savepoint inside an idempotent write.
package enum SavepointStep: Sendable {
    case begin, rollBack, release

    /// The statement, in the standard form both databases accept.
    package var statement: String {
        switch self {
        case .begin: "SAVEPOINT idempotent_operation"
        case .rollBack: "ROLLBACK TO SAVEPOINT idempotent_operation"
        case .release: "RELEASE SAVEPOINT idempotent_operation"
        }
    }
}

/// A new habit's row.
package struct HabitInsert: Sendable {
    package var fields: HabitFields
    package var status: HabitStatus
    package var createdAt: Date
    package var updatedAt: Date
    /// The id to give it, one no habit ever had; `nil` for the next.
    package var keptID: Int64?

    /// The habit the row holds once inserted with `id`.
    func habit(id: Int64) -> Habit {
        Habit(id: id, fields: fields, status: status, createdAt: createdAt, updatedAt: updatedAt)
    }
}
