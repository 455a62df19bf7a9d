import Foundation
import HabitClient
import HabitCore

/// Server mode's reading of the day's overview, in one order: this
/// device's copy of the account (the replica), else the server, else the
/// habit list last fetched (`HabitListCache`).
///
/// `ReplicaBackend` answers from the replica and hands a read it cannot
/// answer to `RemoteBackend`, which falls back on the cache through
/// `cached`; `habits prompt` never uses the network and reads the replica,
/// else the cache, through `offline`. Either way what the cache lacks is
/// worded here, once.
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
            throw failure
                ?? CommandError(
                    .failure, "No habit list from \(server) is saved on this machine yet.",
                    hint: "Run 'habits list' once while the server can be reached.")
        }
        do throws(HabitListCache.Gap) {
            return try HabitListCache.overview(
                from: snapshot, status: status, on: date, today: today)
        } catch {
            let gap = Self.sentence(error, date: date)
            guard var refusal = failure else {
                throw CommandError(
                    .failure, gap, hint: "Run 'habits list' while the server can be reached.")
            }
            refusal.message += " " + gap
            refusal.hint = "Try again once the server can be reached."
            throw refusal
        }
    }

    /// What the cached list lacks to answer for `date`.
    static func sentence(_ gap: HabitListCache.Gap, date: LocalDate) -> String {
        switch gap {
        case .otherWeek(let cached):
            return "The saved habit list holds the week of \(cached), not \(date)."
        case .archivedHabits:
            return "The saved habit list holds only the active habits."
        }
    }

    /// The day's active habits from what is on this device only, for
    /// `habits prompt`: the replica when it keeps one, else the cached list
    /// (a server without the change feed); never the network.
    static func offline(selection: ServerSelection, on date: LocalDate, context: CommandContext)
        async throws(CommandError) -> HabitOverview
    {
        if let replica = try ReplicaBackend.localCopy(selection: selection, context: context) {
            return try await replica.overview(status: .active, on: date)
        }
        // The key the cache is saved under; the URL is only compared, never contacted.
        let server =
            (try? APIConfiguration(baseURL: selection.url, allowInsecure: true))?.baseURLString
            ?? selection.url
        let reader = ServerModeReader(
            server: server, cache: HabitListCache(path: try context.paths().listCacheFile))
        return try reader.cached(
            status: .active, on: date, today: context.today, failure: nil)
    }
}
