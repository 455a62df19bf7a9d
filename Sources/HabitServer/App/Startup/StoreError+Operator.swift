import HabitStorage

/// How a store failure reads for the server's operator: start-up errors,
/// `habits-server migrate`, the log. HabitStore says no sentence (its
/// errors are cases and fields); the server, one of its edges, words them
/// here, as the command line words them for its people in
/// `CommandError+Failures`. API answers never carry these sentences.
///
/// The conformance is the server's: HabitStore deliberately leaves
/// `StoreError` without a description, and the command line, the other
/// edge, words it without one.
extension StoreError: CustomStringConvertible {
    package var description: String {
        switch self {
        case .cannotOpen(let path, let reason):
            return "Cannot open the database at \(path): \(reason)."
        case .newerSchema(let found, let supported):
            return "The database holds schema \(found), newer than this habits-server reads "
                + "(up to \(supported)): run a newer habits-server."
        case .damaged(let path, let reason):
            return "The database \(path) is damaged: \(reason)."
        case .diskFull(let path):
            return "The disk holding the database \(path) is full; the write changed nothing."
        case .unavailable(let reason):
            return "The database is unavailable: \(reason)."
        case .sqlite(let code, let message):
            return "SQLite failed (code \(code)): \(message)."
        case .postgres(let state, let message):
            return "PostgreSQL failed (SQLSTATE \(state)): \(message)."
        // A request's own failures, which the API answers with its codes;
        // the log names the case.
        case .habitLimit(let maximum):
            return "habit limit (\(maximum) active)"
        case .totalHabitLimit(let maximum):
            return "total habit limit (\(maximum))"
        case .valueLimit(let maximum):
            return "value limit (\(maximum))"
        case .nameTaken:
            return "name taken"
        case .ownerMissing(let owner):
            return "owner \(owner) missing"
        }
    }
}
