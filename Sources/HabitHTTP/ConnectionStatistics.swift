/// How many connections a server holds and how many it turned away: what
/// `/metrics` shows of the HTTP layer.
package struct ConnectionStatistics: Hashable, Sendable {
    /// Connections held now, busy or idle.
    package var open: Int
    /// Connections waiting between requests now.
    package var idle: Int
    /// Idle connections closed to make room for new ones, since the start.
    package var evictions: Int
    /// New connections answered 503 at a connection limit, since the start.
    package var refusals: Int

    package init(open: Int = 0, idle: Int = 0, evictions: Int = 0, refusals: Int = 0) {
        self.open = open
        self.idle = idle
        self.evictions = evictions
        self.refusals = refusals
    }
}
