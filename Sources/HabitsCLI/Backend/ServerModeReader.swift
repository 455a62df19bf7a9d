import Foundation
import HabitClient
import HabitCore

/// Server mode's reading of the day's overview, in one order: this
/// device's copy of the account (the replica), else the server, else the
/// habit list last fetched (`HabitListCache`).
///
/// The order is `ReadSource`'s, followed by `read`: `ReplicaBackend`
/// reads the replica, else the server (`RemoteBackend`), which reads the
/// server, else the cache through `cached`; `habits prompt` (`offline`)
/// and `habits __complete` (`names`) leave the server out, never using
/// the network. What the cache lacks is worded here, once.
struct ServerModeReader: Sendable {
    /// The server's URL as the cache keys it (`APIConfiguration.baseURLString`).
    let server: String
    let cache: HabitListCache

    /// The day's overview from the cached list. `failure` is why the
    /// server did not answer, said first when the cache cannot answer
    /// either; `nil` when the server was not asked (`prompt`), the cache
    /// then being all there is.
    func cached(
        status: HabitStatusFilter, on date: LocalDate, today: LocalDate, failure: CommandError?
    ) throws(CommandError) -> HabitOverview {
        guard let snapshot = cache.load(server: server) else {
            throw failure ?? .noSavedHabitList(server: server)
        }
        do throws(HabitListCache.Gap) {
            return try HabitListCache.overview(
                from: snapshot, status: status, on: date, today: today)
        } catch {
            throw failure?.lackingSavedList(error, date: date)
                ?? .savedHabitListLacks(error, date: date)
        }
    }

    /// Answers a read from the sources `ReadSource` picks in turn: the
    /// replica, else the server, else, once the server could not be
    /// reached (`.unavailable`), the cache, given why. A source that is
    /// `nil` is not there for this read: no replica that answers, no
    /// network (`prompt`, `complete`), or a read the cache cannot answer.
    static func read<T>(
        replica: (() async throws(CommandError) -> T)?,
        server: (() async throws(CommandError) -> T)? = nil,
        cache: ((CommandError?) throws(CommandError) -> T)? = nil
    ) async throws(CommandError) -> T {
        var facts = ReadSource.Facts(
            replicaAnswers: replica != nil, network: server != nil, cacheAnswers: cache != nil)
        var failure: CommandError?
        while let source = ReadSource.next(facts) {
            switch source {
            case .replica:
                if let replica { return try await replica() }
            case .server:
                if let server {
                    do throws(CommandError) {
                        return try await server()
                    } catch  where error.exitCode == .unavailable {
                        failure = error
                        facts.serverUnreachable = true
                        continue
                    }
                }
            case .cache:
                if let cache { return try cache(failure) }
            }
            // Not reached: the facts say which sources were given.
            break
        }
        throw failure ?? .nothingAnswersRead
    }

    /// The day's active habits from what is on this device only, for
    /// `habits prompt`: the replica when it keeps one, else the cached list
    /// (a server without the change feed); never the network.
    static func offline(selection: ServerSelection, on date: LocalDate, context: CommandContext)
        async throws(CommandError) -> HabitOverview
    {
        let copy = try ReplicaBackend.localCopy(selection: selection, context: context)
        var fromReplica: (() async throws(CommandError) -> HabitOverview)?
        if let copy {
            fromReplica = { () async throws(CommandError) in
                try await copy.overview(status: .active, on: date)
            }
        }
        return try await read(
            replica: fromReplica,
            cache: { (failure) throws(CommandError) in
                try saved(selection: selection, context: context).cached(
                    status: .active, on: date, today: context.today, failure: failure)
            })
    }

    /// Every habit's name, archived ones included, from what is on this
    /// device only, for `habits __complete`: the replica when one opens,
    /// else the cached list's names (none when nothing is saved); never the
    /// network. Names are made terminal-safe, as a server sent them.
    static func names(selection: ServerSelection, context: CommandContext)
        async throws(CommandError) -> [String]
    {
        // Completion offers what it can: a copy that cannot be opened is passed over.
        let copy = try? ReplicaBackend.localCopy(selection: selection, context: context)
        var fromReplica: (() async throws(CommandError) -> [String])?
        if let copy {
            fromReplica = { () async throws(CommandError) in
                try await copy.habits(status: .all).map { TerminalSafeText.clean($0.name) }
            }
        }
        return try await read(
            replica: fromReplica,
            cache: { (_) throws(CommandError) in
                try saved(selection: selection, context: context).names()
            })
    }

    /// The names in the cached list, terminal-safe; none when nothing is
    /// saved for the server.
    func names() -> [String] {
        (cache.load(server: server)?.items ?? []).map { TerminalSafeText.clean($0.habit.name) }
    }

    /// The reader of the list saved for `selection`'s server.
    private static func saved(selection: ServerSelection, context: CommandContext)
        throws(CommandError) -> ServerModeReader
    {
        // The key the cache is saved under; the URL is only compared, never contacted.
        let server =
            (try? APIConfiguration(baseURL: selection.url, allowInsecure: true))?.baseURLString
            ?? selection.url
        return ServerModeReader(
            server: server, cache: HabitListCache(path: try context.paths().listCacheFile))
    }
}
