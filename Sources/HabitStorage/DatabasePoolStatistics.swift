/// How busy a store's database connections are: what `/metrics` shows of
/// the pool. SQLite has no pool (one connection, its writes serialised by
/// the file's lock), so only PostgreSQL's store gives these.
package struct DatabasePoolStatistics: Hashable, Sendable {
    /// How many connections the pool may hold.
    package var size: Int
    /// Connections checked out now.
    package var inUse: Int
    /// Checkouts that found every connection busy and waited, since the start.
    package var waits: Int
    /// Of those, the ones that gave up after the checkout timeout (a 503).
    package var timeouts: Int
    /// Seconds spent waiting for a connection, summed, since the start.
    package var waitSeconds: Double

    package init(
        size: Int, inUse: Int = 0, waits: Int = 0, timeouts: Int = 0, waitSeconds: Double = 0
    ) {
        self.size = size
        self.inUse = inUse
        self.waits = waits
        self.timeouts = timeouts
        self.waitSeconds = waitSeconds
    }
}
