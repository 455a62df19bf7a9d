import CSQLite
import HabitConcurrency
import HabitStorage

/// A connection that one thread at a time may use, opened on first use and
/// unusable once closed.
final class LockedConnection: Sendable {
    private enum State {
        case unopened
        case open(SQLiteConnection)
        case closed
    }

    private let state: Locked<State>
    private let open: @Sendable () throws(StoreError) -> SQLiteConnection

    /// A connection `open` creates when it is first needed.
    init(opening open: @escaping @Sendable () throws(StoreError) -> SQLiteConnection) {
        self.state = Locked(.unopened)
        self.open = open
    }

    /// A connection that is already open.
    init(_ connection: sending SQLiteConnection) {
        self.state = Locked(.open(connection))
        self.open = { () throws(StoreError) -> SQLiteConnection in throw Self.closed }
    }

    /// Runs `body` with the connection, waiting for the lock.
    func use<Result: Sendable>(
        _ body: (SQLiteConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        try state.withLock { state throws(StoreError) -> Result in
            try body(try connection(&state))
        }
    }

    /// Runs `body` with the connection if no other thread holds it; `nil` otherwise.
    func useIfAvailable<Result: Sendable>(
        _ body: (SQLiteConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result? {
        try state.withLockIfAvailable { state throws(StoreError) -> Result in
            try body(try connection(&state))
        }
    }

    /// Closes the connection once no thread uses it; later uses fail.
    func close() {
        state.withLock { state in
            if case .open(let connection) = state { connection.close() }
            state = .closed
        }
    }

    private func connection(_ state: inout State) throws(StoreError) -> SQLiteConnection {
        switch state {
        case .open(let connection):
            return connection
        case .unopened:
            let connection = try open()
            state = .open(connection)
            return connection
        case .closed:
            throw Self.closed
        }
    }

    private static var closed: StoreError {
        .sqlite(code: SQLITE_MISUSE, message: "the database is closed")
    }
}
