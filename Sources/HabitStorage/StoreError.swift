import Foundation

/// Why a store operation failed: what happened, as a case and its fields.
///
/// The store says no sentence: the command line words each case for the
/// person at the terminal (`CommandError+Failures`), the server for its
/// operator and its API answers.
package enum StoreError: Error, Hashable, Sendable {
    /// The owner already has the maximum number of active habits.
    case habitLimit(maximum: Int)
    /// The owner already has the maximum number of habits, archived ones included.
    case totalHabitLimit(maximum: Int)
    /// Adding to a day's value would take it past `maximum`; nothing was written.
    case valueLimit(maximum: Decimal)
    /// Another active habit of the owner has this name
    /// (`HabitFields.sameName`); nothing was written.
    case nameTaken(name: String)
    /// The owner's account is not in the database (deleted, or the
    /// database was reset under the same signing secret): whatever the
    /// backend, a write for it is refused here, before its foreign key
    /// would fail in the backend's own words. Nothing was written.
    case ownerMissing(owner: Int64)
    /// The database could not be opened at `path`.
    case cannotOpen(path: String, reason: String)
    /// The database file belongs to a newer version of habits.
    case newerSchema(found: Int, supported: Int)
    /// The database file at `path` fails its consistency check: `reason`
    /// says what is wrong (SQLite found it malformed, a table is missing, a
    /// row holds a value no version of habits writes). Nothing was written.
    case damaged(path: String, reason: String)
    /// A write to the database at `path` failed because the disk holding it
    /// is full; the write changed nothing.
    case diskFull(path: String)
    /// SQLite reported an error.
    case sqlite(code: Int32, message: String)
    /// The database server cannot be reached now (it is restarting, the
    /// connection broke, every connection stayed busy): nothing was decided,
    /// and trying again later may work.
    case unavailable(reason: String)
    /// PostgreSQL reported an error, with its SQLSTATE code.
    case postgres(state: String, message: String)
}
