extension SQLiteStore {
    /// Whose database a file is, which decides the tables it has
    /// (`Schema`): a server's holds everything; a client's (local mode,
    /// server mode's replica) has no sign-in, token, idempotency, reminder
    /// or webhook tables, which SQLite would otherwise parse at the start
    /// of every command.
    package enum Role: Sendable {
        case server
        case client
    }
}
