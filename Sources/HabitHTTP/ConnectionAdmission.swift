/// Which connections the server holds, and whether it can take one more.
///
/// The rules, applied to each new connection:
/// - A client (a source address) may hold at most `maxPerClient`
///   connections; loopback clients are not limited when `exemptsLoopback`
///   (behind a reverse proxy on the same machine every client is 127.0.0.1).
/// - The server holds at most `maxConnections` in all.
/// - Over either limit, the oldest idle connection (waiting between
///   requests, of that client for the per-client limit) is closed to make
///   room; only when none is idle is the new one refused (503 + Retry-After).
///
/// It is a pure value: the server keeps it under a lock and carries out its
/// decisions. Connection identifiers are chosen here, in increasing order.
struct ConnectionAdmission: Sendable {
    typealias ID = UInt64

    /// What to do with a new connection.
    enum Decision: Hashable, Sendable {
        /// Serve it as `id`.
        case admit(ID)
        /// Serve it as `id` once `evicting` (idle, and already forgotten here) is closed.
        case admitEvicting(ID, evicting: ID)
        /// Answer 503 and close it: `clientFull` if the client is at its own limit.
        case refuse(clientFull: Bool)
    }

    private struct Entry: Sendable {
        var client: ClientAddress
        /// The order in which it became idle, nil while it is busy.
        var idleSince: UInt64?
        var idlePrevious: ID?
        var idleNext: ID?
    }

    let maxConnections: Int
    let maxPerClient: Int
    let exemptsLoopback: Bool
    private var entries: [ID: Entry] = [:]
    private var perClient: [ClientAddress: [ID]] = [:]
    /// Idle connections, oldest first, as a list linked through `entries`.
    private var oldestIdle: ID?
    private var newestIdle: ID?
    private var nextID: ID = 1
    private var idleSequence: UInt64 = 0
    /// How many held connections are idle.
    private(set) var idleCount = 0
    /// Idle connections closed to make room for a new one, since the start.
    private(set) var evictions = 0
    /// New connections refused with 503, since the start.
    private(set) var refusals = 0

    init(maxConnections: Int, maxPerClient: Int, exemptsLoopback: Bool) {
        self.maxConnections = max(1, maxConnections)
        self.maxPerClient = max(1, maxPerClient)
        self.exemptsLoopback = exemptsLoopback
    }

    /// How many connections are held.
    var count: Int { entries.count }

    /// What `/metrics` shows of the connections.
    var statistics: ConnectionStatistics {
        ConnectionStatistics(open: count, idle: idleCount, evictions: evictions, refusals: refusals)
    }

    /// How many connections `client` holds.
    func count(of client: ClientAddress) -> Int { perClient[client]?.count ?? 0 }

    /// Whether `id` is held and idle.
    func isIdle(_ id: ID) -> Bool { entries[id]?.idleSince != nil }

    /// Decides about a new connection from `client`. An admitted connection
    /// starts idle (it has sent nothing yet).
    mutating func admit(_ client: ClientAddress) -> Decision {
        var victim: ID?
        let limitsClient = !(exemptsLoopback && client.isLoopback)
        if limitsClient, let held = perClient[client], held.count >= maxPerClient {
            // The client's own oldest idle connection makes room, if it has one.
            victim = held.filter { entries[$0]?.idleSince != nil }.min {
                (entries[$0]?.idleSince ?? 0) < (entries[$1]?.idleSince ?? 0)
            }
            guard victim != nil else {
                refusals += 1
                return .refuse(clientFull: true)
            }
        } else if entries.count >= maxConnections {
            guard let oldestIdle else {
                refusals += 1
                return .refuse(clientFull: false)
            }
            victim = oldestIdle
        }
        if let victim {
            remove(victim)
            evictions += 1
        }
        let id = nextID
        nextID += 1
        entries[id] = Entry(client: client)
        perClient[client, default: []].append(id)
        markIdle(id)
        if let victim { return .admitEvicting(id, evicting: victim) }
        return .admit(id)
    }

    /// Records that `id` waits between requests (the newest idle one).
    mutating func markIdle(_ id: ID) {
        guard var entry = entries[id], entry.idleSince == nil else { return }
        idleSequence += 1
        entry.idleSince = idleSequence
        entry.idlePrevious = newestIdle
        entry.idleNext = nil
        entries[id] = entry
        if let newestIdle { entries[newestIdle]?.idleNext = id } else { oldestIdle = id }
        newestIdle = id
        idleCount += 1
    }

    /// Records that `id` is receiving or answering a request.
    mutating func markBusy(_ id: ID) {
        guard var entry = entries[id], entry.idleSince != nil else { return }
        unlinkIdle(entry)
        entry.idleSince = nil
        entry.idlePrevious = nil
        entry.idleNext = nil
        entries[id] = entry
    }

    /// Forgets `id` (closed); a no-op for an id already forgotten.
    mutating func remove(_ id: ID) {
        guard let entry = entries.removeValue(forKey: id) else { return }
        if entry.idleSince != nil { unlinkIdle(entry) }
        if var held = perClient[entry.client] {
            held.removeAll { $0 == id }
            perClient[entry.client] = held.isEmpty ? nil : held
        }
    }

    private mutating func unlinkIdle(_ entry: Entry) {
        idleCount -= 1
        if let previous = entry.idlePrevious {
            entries[previous]?.idleNext = entry.idleNext
        } else {
            oldestIdle = entry.idleNext
        }
        if let next = entry.idleNext {
            entries[next]?.idlePrevious = entry.idlePrevious
        } else {
            newestIdle = entry.idlePrevious
        }
    }
}
