import Dispatch
import Foundation
import HabitConcurrency
import HabitStorage

/// A fixed number of connections to one database, opened as they are first
/// needed and opened again after they break.
///
/// A thread checks a connection out for one call (a statement or a
/// transaction) and gives it back; with all of them out, it waits up to
/// `checkoutTimeout`, then fails with `.unavailable` (the server answers 503).
/// A connection that broke (the database restarted) is closed rather than
/// given back, so the next checkout connects afresh: the store recovers by
/// itself once the database is back.
final class PostgresPool: Sendable {
    private struct State {
        var idle: [PostgresConnection] = []
        var closed = false
        var inUse = 0
        var waits = 0
        var timeouts = 0
        var waitSeconds = 0.0
    }

    let size: Int
    let url: PostgresURL
    private let environment: [String: String]
    private let slots: DispatchSemaphore
    private let state = Locked(State())
    /// How long a request waits for a free connection.
    static let checkoutTimeout: TimeInterval = 10

    /// Why a checkout failed when every connection stayed busy: waiting
    /// again would not help, unlike after a lost connection.
    var busyReason: String {
        "all \(size) database connections stayed busy for \(Int(Self.checkoutTimeout)) seconds"
    }

    init(url: PostgresURL, size: Int, environment: [String: String]) {
        self.url = url
        self.size = max(1, size)
        self.environment = environment
        self.slots = DispatchSemaphore(value: max(1, size))
    }

    /// Adds an open connection (the one start-up made) to the idle ones.
    func adopt(_ connection: PostgresConnection) {
        state.withLock { $0.idle.append(connection) }
    }

    /// Runs `body` with a connection of its own.
    func withConnection<Result>(
        _ body: (PostgresConnection) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        // A free slot is taken without a clock; only a checkout that has to
        // wait is timed and counted.
        if slots.wait(timeout: .now()) != .success {
            let start = ContinuousClock.now
            let taken = slots.wait(timeout: .now() + Self.checkoutTimeout) == .success
            let waited = start.duration(to: .now)
            let seconds =
                Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
            state.withLock { state in
                state.waits += 1
                state.waitSeconds += seconds
                if !taken { state.timeouts += 1 }
            }
            guard taken else { throw .unavailable(reason: busyReason) }
        }
        state.withLock { $0.inUse += 1 }
        defer {
            state.withLock { $0.inUse -= 1 }
            slots.signal()
        }
        let taken = state.withLock { state -> (PostgresConnection?, Bool) in
            (state.closed ? nil : state.idle.popLast(), state.closed)
        }
        if taken.1 { throw .unavailable(reason: "the database connections are closed") }
        var reused = taken.0
        reused?.closeIfDroppedByServer()
        if let stale = reused, !stale.isUsable { reused = nil }
        let connection: PostgresConnection
        if let reused {
            connection = reused
        } else {
            connection = try PostgresConnection(url: url, environment: environment)
        }
        defer { giveBack(connection) }
        return try body(connection)
    }

    private func giveBack(_ connection: PostgresConnection) {
        // A connection left inside a transaction (a bug, or a lost ROLLBACK)
        // must not carry it into the next request.
        guard connection.isUsable, !connection.isInTransaction else {
            connection.close()
            return
        }
        let kept = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.idle.append(connection)
            return true
        }
        if !kept { connection.close() }
    }

    /// The pool's use so far, for `/metrics`.
    var statistics: DatabasePoolStatistics {
        state.withLock { state in
            DatabasePoolStatistics(
                size: size, inUse: state.inUse, waits: state.waits, timeouts: state.timeouts,
                waitSeconds: state.waitSeconds)
        }
    }

    /// Closes the idle connections; those in use close as they come back.
    func close() {
        let idle = state.withLock { state -> [PostgresConnection] in
            state.closed = true
            defer { state.idle = [] }
            return state.idle
        }
        for connection in idle { connection.close() }
    }
}
