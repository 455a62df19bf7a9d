import Foundation

/// Why a store operation failed.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The owner already has the maximum number of active habits.
    case habitLimit(maximum: Int)
    /// The owner already has the maximum number of habits, archived ones included.
    case totalHabitLimit(maximum: Int)
    /// Adding to a day's value would take it past `maximum`; nothing was written.
    case valueLimit(maximum: Decimal)
    /// Another active habit of the owner has this name
    /// (`HabitFields.sameName`); nothing was written.
    case nameTaken(name: String)
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

    public var description: String {
        switch self {
        case .habitLimit(let maximum):
            return "The owner already has \(maximum) active habits."
        case .totalHabitLimit(let maximum):
            return "The owner already has \(maximum) habits, archived ones included."
        case .valueLimit(let maximum):
            return "A day's value may not pass \(DecimalText.text(maximum))."
        case .nameTaken(let name):
            return "The owner already has an active habit named \(name)."
        case .cannotOpen(let path, let reason):
            return "Cannot open the database at \(path): \(reason)."
        case .newerSchema(let found, let supported):
            return
                "The database was written by a newer version of habits (schema \(found); this version reads up to \(supported))."
        case .damaged(let path, let reason):
            return "The database \(path) is damaged: \(reason)."
        case .diskFull(let path):
            return "The disk holding the database \(path) is full: nothing was changed."
        case .sqlite(let code, let message):
            return "Database error \(code): \(message)."
        case .unavailable(let reason):
            return "The database is unavailable: \(reason)."
        case .postgres(let state, let message):
            return "Database error \(state): \(message)."
        }
    }
}
