/// Where a server-mode read is answered from next, in one order: this
/// device's copy of the account (the replica) when it can answer, else the
/// server when the read may use the network and the server has not yet
/// failed to answer, else the habit list last fetched (the cache) when it
/// can answer this read; `nil` when none is left.
///
/// Pure: the facts are gathered by `ServerModeReader`, which asks again
/// after the server could not be reached.
enum ReadSource: Equatable, Sendable {
    case replica
    case server
    case cache

    /// What is known when choosing.
    struct Facts: Equatable, Sendable {
        /// The replica is on this device and answers for the account: it
        /// has synced and the server keeps the change feed (`prompt` and
        /// `complete`, which never sync, take any replica that is there).
        var replicaAnswers: Bool
        /// The read may use the network; `prompt` and `complete` may not.
        var network: Bool
        /// The server was asked and could not be reached.
        var serverUnreachable = false
        /// The cache can answer this kind of read at all (the day's
        /// overview, the habit names); whether it holds the day asked for
        /// is the cache's to say.
        var cacheAnswers: Bool
    }

    /// The source to read from next for `facts`.
    static func next(_ facts: Facts) -> ReadSource? {
        if facts.replicaAnswers { return .replica }
        if facts.network && !facts.serverUnreachable { return .server }
        return facts.cacheAnswers ? .cache : nil
    }
}
