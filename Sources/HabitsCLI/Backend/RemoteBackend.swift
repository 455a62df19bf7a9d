import Foundation
import HabitCore
import HabitStore

/// Server mode: the habits on a habits server, through HabitCore's API client.
///
/// The client keeps the session and renews it unseen. The last habit list is
/// cached so `list` and `remind` can answer while the server is unreachable.
/// Calls slower than 300 ms show a spinner on a terminal's standard error.
public struct RemoteBackend: HabitBackend {
    public let mode: BackendMode
    let client: HabitAPIClient
    private let cache: HabitListCache
    private let clock: WallClock
    private let indicator: ActivityIndicator

    init(
        client: HabitAPIClient, cache: HabitListCache, clock: WallClock,
        indicator: ActivityIndicator
    ) {
        self.client = client
        self.cache = cache
        self.clock = clock
        self.indicator = indicator
        self.mode = .server(url: client.configuration.baseURLString)
    }

    /// The backend for `selection`, with credentials and cache in the user's
    /// XDG directories.
    static func open(selection: ServerSelection, context: CommandContext) throws(CommandError)
        -> RemoteBackend
    {
        let paths = try context.paths()
        return RemoteBackend(
            client: try makeClient(selection: selection, context: context),
            cache: HabitListCache(path: paths.listCacheFile), clock: context.environment.clock,
            indicator: ActivityIndicator(
                output: context.errorOutput, enabled: context.environment.terminal.errorIsTerminal,
                unicode: context.style.unicode))
    }

    /// An API client for `selection`: the Keychain on macOS, a 0600 file in
    /// the config directory elsewhere.
    static func makeClient(selection: ServerSelection, context: CommandContext) throws(CommandError)
        -> HabitAPIClient
    {
        let paths = try context.paths()
        let configuration: APIConfiguration
        do throws(APIError) {
            do throws(APIError) {
                configuration = try APIConfiguration(baseURL: selection.url)
            } catch .insecureServer
                where ConfigFile.allowsInsecureHTTP(
                    // Read only now, so a damaged config file cannot stop other servers.
                    (try? ConfigFile(path: paths.configFile).load()) ?? [:])
            {
                configuration = try APIConfiguration(baseURL: selection.url, allowInsecure: true)
            }
        } catch {
            var failure = configurationFailure(
                error, exitCode: selection.source == .flag ? .usage : .failure)
            failure.message += " (The server comes from \(selection.source.rawValue).)"
            throw failure
        }
        #if canImport(Security)
            let store: any TokenStore = KeychainTokenStore(lockDirectory: paths.configDirectory)
        #else
            let store: any TokenStore = FileTokenStore(directory: paths.configDirectory)
        #endif
        return HabitAPIClient(
            configuration: configuration, tokenStore: store, clock: context.environment.clock)
    }

    /// A server URL that cannot be used, as the command line reports it: plain
    /// http:// to another machine comes with the setting that allows it.
    static func configurationFailure(_ error: APIError, exitCode: ExitCode) -> CommandError {
        guard case .insecureServer = error else { return CommandError(exitCode, error.description) }
        return CommandError(
            exitCode, error.description,
            hint:
                "To allow it anyway (sign-in codes, tokens and habits then cross the network unencrypted): habits config set \(ConfigFile.insecureHTTPKey) true"
        )
    }

    /// An API error as the command line reports it, with its exit status.
    static func failure(_ error: APIError) -> CommandError {
        switch error {
        case .unreachable, .timeout, .secureConnectionFailed:
            return CommandError(.unavailable, error.description)
        case .signedOut:
            return CommandError(
                .notSignedIn, "You are not signed in.", hint: signInHint)
        case .sessionExpired:
            return CommandError(
                .notSignedIn, "Your session has expired.", hint: signInHint)
        case .signedInElsewhere, .noPendingSignIn:
            return CommandError(.notSignedIn, error.description)
        case .validation(let validation):
            return CommandError.invalid(validation, "The server refused the input:")
        case .notFound:
            return CommandError(
                .failure, "No such habit on the server.",
                hint: "See the ids and names with 'habits list --all'.")
        case .habitLimit:
            return CommandError(
                .failure, error.description,
                hint: "Archive one with 'habits archive <habit>' and try again.")
        default:
            return CommandError(.failure, error.description)
        }
    }

    /// How to sign in, in the quoting the other hints use.
    private static let signInHint =
        "Sign in with 'habits auth email <address>', then 'habits verify <code>'."

    /// Runs an API call under the spinner, turning its error into a `CommandError`.
    private func call<T: Sendable>(
        _ label: String, _ body: @Sendable () async throws(APIError) -> T
    ) async throws(CommandError) -> T {
        try await indicator.during(label) { () async throws(CommandError) -> T in
            do throws(APIError) {
                return try await body()
            } catch {
                throw Self.failure(error)
            }
        }
    }

    // MARK: - HabitBackend

    public func overview(
        status: HabitStatusFilter, on date: LocalDate
    ) async throws(CommandError) -> HabitOverview {
        let today = clock.today
        let client = client
        do {
            let listed = try await call("Fetching habits") { () async throws(APIError) in
                try await client.habits(status: HabitListStatus(status), on: date)
            }
            let histories = try await call("Fetching progress") { () async throws(APIError) in
                try await Self.recentHistories(
                    of: listed.map(\.habit), through: date, today: today, client: client)
            }
            var items: [HabitOverview.Item] = []
            var cached: [HabitListCache.Snapshot.Item] = []
            for (listedHabit, history) in zip(listed, histories) {
                let completion =
                    listedHabit.completion ?? history.history.completion(on: date, today: today)
                let item = HabitOverview.Item(
                    habit: listedHabit.habit, completion: completion,
                    currentStreak: history.currentStreak)
                items.append(item)
                let monday = date.startOfISOWeek
                cached.append(
                    HabitListCache.Snapshot.Item(
                        habit: item.habit, completion: completion,
                        currentStreak: item.currentStreak,
                        weekEntries: history.entries.filter {
                            $0.date >= monday && $0.date <= monday.adding(days: 6)
                        }))
            }
            cache.save(
                HabitListCache.Snapshot(
                    server: client.configuration.baseURLString, fetchedAt: clock.now(), date: date,
                    items: cached))
            return HabitOverview(date: date, items: items)
        } catch  where error.exitCode == .unavailable {
            guard let snapshot = cache.load(server: client.configuration.baseURLString) else {
                throw error
            }
            return HabitListCache.overview(from: snapshot, status: status, on: date, today: today)
        }
    }

    public func habits(status: HabitStatusFilter) async throws(CommandError) -> [Habit] {
        let client = client
        return try await call("Fetching habits") { () async throws(APIError) in
            try await client.habits(status: HabitListStatus(status)).map(\.habit)
        }
    }

    public func habit(id: Int64) async throws(CommandError) -> Habit {
        let client = client
        return try await call("Fetching the habit") { () async throws(APIError) in
            try await client.habit(id: id)
        }
    }

    public func createHabit(_ fields: HabitFields) async throws(CommandError) -> Habit {
        // Checked here first so the problems read exactly as in local mode.
        do {
            _ = try fields.validated()
        } catch {
            throw CommandError.invalid(error, "The habit was not added:")
        }
        let client = client
        return try await call("Adding the habit") { () async throws(APIError) in
            try await client.createHabit(fields)
        }
    }

    public func updateHabit(id: Int64, changes: HabitChanges) async throws(CommandError) -> Habit {
        let client = client
        return try await call("Saving the habit") { () async throws(APIError) in
            try await client.updateHabit(id: id, changes: changes)
        }
    }

    public func deleteHabit(id: Int64) async throws(CommandError) {
        let client = client
        try await call("Deleting the habit") { () async throws(APIError) in
            try await client.deleteHabit(id: id)
        }
    }

    public func entries(
        habitID: Int64, from: LocalDate, to: LocalDate
    ) async throws(CommandError) -> [ProgressEntry] {
        let client = client
        return try await call("Fetching progress") { () async throws(APIError) in
            try await Self.entries(habitID: habitID, from: from, to: to, client: client)
        }
    }

    public func setEntry(
        _ entry: ProgressEntry, habitID: Int64
    ) async throws(CommandError) -> ProgressEntry {
        let client = client
        return try await call("Saving progress") { () async throws(APIError) in
            try await client.setProgress(habitID: habitID, entry: entry)
        }
    }

    public func deleteEntry(habitID: Int64, date: LocalDate) async throws(CommandError) -> Bool? {
        let client = client
        try await call("Deleting the entry") { () async throws(APIError) in
            try await client.deleteProgress(habitID: habitID, date: date)
        }
        return nil
    }

    // MARK: - History

    /// The API's longest progress range, in days.
    static let maximumRangeDays = 3_700

    /// Entries from `from` through `to`, in requests the server accepts.
    static func entries(
        habitID: Int64, from: LocalDate, to: LocalDate, client: HabitAPIClient
    ) async throws(APIError) -> [ProgressEntry] {
        var result: [ProgressEntry] = []
        var start = from
        while start <= to {
            let end = min(to, start.adding(days: maximumRangeDays - 1))
            result += try await client.progress(habitID: habitID, from: start, to: end)
            start = end.adding(days: 1)
        }
        return result
    }

    /// What `overview` needs of a habit's history: enough of it to know the
    /// current streak, and the streak.
    struct RecentHistory: Sendable {
        var history: HabitHistory
        var entries: [ProgressEntry]
        var currentStreak: Int
    }

    /// Each habit's recent history, fetched concurrently. Only as far back as
    /// the current streak reaches: a window of recent weeks first, doubled
    /// while no failed period inside it ends the streak.
    static func recentHistories(
        of habits: [Habit], through date: LocalDate, today: LocalDate, client: HabitAPIClient
    ) async throws(APIError) -> [RecentHistory] {
        let results = await withTaskGroup(of: (Int, Result<RecentHistory, APIError>).self) {
            group in
            for (index, habit) in habits.enumerated() {
                group.addTask {
                    do throws(APIError) {
                        return (
                            index,
                            .success(
                                try await recentHistory(
                                    of: habit, through: date, today: today, client: client))
                        )
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results = [Result<RecentHistory, APIError>?](repeating: nil, count: habits.count)
            for await (index, result) in group { results[index] = result }
            return results
        }
        var histories: [RecentHistory] = []
        for result in results {
            guard let result else { continue }
            histories.append(try result.get())
        }
        return histories
    }

    private static func recentHistory(
        of habit: Habit, through date: LocalDate, today: LocalDate, client: HabitAPIClient
    ) async throws(APIError) -> RecentHistory {
        let asOf = min(date, today)
        let from = min(
            StreakWindow.start(of: habit, asOf: asOf, days: StreakWindow.initialDays),
            date.startOfISOWeek)
        let recent = try await entries(
            habitID: habit.id, from: from, to: max(date.startOfISOWeek.adding(days: 6), asOf),
            client: client)
        let (streak, entries) = try await StreakWindow.currentStreak(
            of: habit, asOf: asOf, entries: recent, from: from
        ) { (earlier, through) throws(APIError) in
            try await Self.entries(habitID: habit.id, from: earlier, to: through, client: client)
        }
        return RecentHistory(
            history: HabitHistory(habit: habit, entries: entries), entries: entries,
            currentStreak: streak)
    }
}

extension HabitListStatus {
    init(_ filter: HabitStatusFilter) {
        switch filter {
        case .active: self = .active
        case .archived: self = .archived
        case .all: self = .all
        }
    }
}
