/// How busy a store's database connections are: what `/metrics` shows of
/// the pool. SQLite has no pool (one connection, its writes serialised by
/// the file's lock), so only PostgreSQL's store gives these.
public struct DatabasePoolStatistics: Hashable, Sendable {
    /// How many connections the pool may hold.
    public var size: Int
    /// Connections checked out now.
    public var inUse: Int
    /// Checkouts that found every connection busy and waited, since the start.
    public var waits: Int
    /// Of those, the ones that gave up after the checkout timeout (a 503).
    public var timeouts: Int
    /// Seconds spent waiting for a connection, summed, since the start.
    public var waitSeconds: Double

    public init(
        size: Int, inUse: Int = 0, waits: Int = 0, timeouts: Int = 0, waitSeconds: Double = 0
    ) {
        self.size = size
        self.inUse = inUse
        self.waits = waits
        self.timeouts = timeouts
        self.waitSeconds = waitSeconds
    }
}
