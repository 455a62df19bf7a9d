import Foundation
import HabitCore
import HabitStore

/// Server mode: the habits on a habits server, through HabitCore's API client.
///
/// The client keeps the session and renews it unseen. Every name and unit is
/// made terminal-safe as it arrives (`TerminalSafeText`), since a server is
/// not trusted with the terminal. The last habit list is cached so `list` and
/// `remind` can answer while the server is unreachable, for what the cache
/// holds. Calls slower than 300 ms show a spinner on a terminal's standard error.
public struct RemoteBackend: HabitBackend {
    public let mode: BackendMode
    let client: HabitAPIClient
    private let cache: HabitListCache
    private let features: ServerFeatureNotes
    let clock: WallClock
    private let indicator: ActivityIndicator
    /// Where a note for people goes (a server lacking a feature).
    private let notes: TextOutput
    /// Where a note for people goes, for the import's extension.
    var notesOutput: TextOutput { notes }

    init(
        client: HabitAPIClient, cache: HabitListCache, features: ServerFeatureNotes,
        clock: WallClock, indicator: ActivityIndicator, notes: TextOutput
    ) {
        self.client = client
        self.cache = cache
        self.features = features
        self.clock = clock
        self.indicator = indicator
        self.notes = notes
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
            cache: HabitListCache(path: paths.listCacheFile),
            features: ServerFeatureNotes(path: paths.serverFeaturesFile),
            clock: context.environment.clock,
            indicator: ActivityIndicator(
                output: context.errorOutput, enabled: context.environment.terminal.errorIsTerminal,
                unicode: context.style.unicode),
            notes: context.errorOutput)
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

    /// Runs an API call under the spinner, turning its error into a
    /// `CommandError`; `check` is the command that shows whether a change
    /// whose outcome is unknown was applied.
    private func call<T: Sendable>(
        _ label: String, check: String? = nil, _ body: @Sendable () async throws(APIError) -> T
    ) async throws(CommandError) -> T {
        try await indicator.during(label) { () async throws(CommandError) -> T in
            do throws(APIError) {
                return try await body()
            } catch {
                throw CommandError.api(error, check: check)
            }
        }
    }

    /// `habit` with its name and unit made safe for a terminal.
    static func safe(_ habit: Habit) -> Habit {
        var habit = habit
        habit.name = TerminalSafeText.clean(habit.name)
        habit.measurementType = TerminalSafeText.clean(habit.measurementType)
        return habit
    }

    // MARK: - HabitBackend

    public func overview(
        status: HabitStatusFilter, on date: LocalDate
    ) async throws(CommandError) -> HabitOverview {
        let today = clock.today
        let client = client
        let listed: [HabitWithCompletion]
        let histories: [Int64: RecentHistory]
        do throws(CommandError) {
            listed = try await call("Fetching habits") { () async throws(APIError) in
                try await client.habits(status: HabitListStatus(status), on: date).map {
                    HabitWithCompletion(habit: Self.safe($0.habit), completion: $0.completion)
                }
            }
            histories = try await call("Fetching progress") { () async throws(APIError) in
                try await Self.recentHistories(
                    of: listed.map(\.habit), through: date, today: today, client: client)
            }
        } catch  where error.exitCode == .unavailable {
            return try cachedOverview(status: status, on: date, today: today, failure: error)
        }
        var items: [HabitOverview.Item] = []
        var cached: [HabitListCache.Snapshot.Item] = []
        let monday = date.startOfISOWeek
        for listedHabit in listed {
            guard let history = histories[listedHabit.habit.id] else {
                throw CommandError.api(
                    .internalInconsistency("habit \(listedHabit.habit.id) has no history"))
            }
            let completion =
                listedHabit.completion ?? history.history.completion(on: date, today: today)
            let item = HabitOverview.Item(
                habit: listedHabit.habit, completion: completion,
                currentStreak: history.currentStreak)
            items.append(item)
            cached.append(
                HabitListCache.Snapshot.Item(
                    habit: item.habit, completion: completion, currentStreak: item.currentStreak,
                    weekEntries: history.entries.filter {
                        $0.date >= monday && $0.date <= monday.adding(days: 6)
                    }))
        }
        cache.save(
            HabitListCache.Snapshot(
                server: client.configuration.baseURLString, fetchedAt: clock.now(), date: date,
                today: today, status: status.rawValue, items: cached))
        return HabitOverview(date: date, items: items)
    }

    /// The cached list, when it holds what was asked for; else `failure`
    /// (the server is unreachable) saying what the cache lacks.
    private func cachedOverview(
        status: HabitStatusFilter, on date: LocalDate, today: LocalDate, failure: CommandError
    ) throws(CommandError) -> HabitOverview {
        guard let snapshot = cache.load(server: client.configuration.baseURLString) else {
            throw failure
        }
        do throws(HabitListCache.Gap) {
            return try HabitListCache.overview(
                from: snapshot, status: status, on: date, today: today)
        } catch {
            var refusal = failure
            switch error {
            case .otherWeek(let cached):
                refusal.message +=
                    " The cached list holds the week of \(cached), not \(date)."
            case .archivedHabits:
                refusal.message += " The cached list holds only the active habits."
            }
            refusal.hint = "Try again once the server can be reached."
            throw refusal
        }
    }

    public func habits(status: HabitStatusFilter) async throws(CommandError) -> [Habit] {
        let client = client
        return try await call("Fetching habits") { () async throws(APIError) in
            try await client.habits(status: HabitListStatus(status)).map { Self.safe($0.habit) }
        }
    }

    public func habit(id: Int64) async throws(CommandError) -> Habit {
        let client = client
        return try await call("Fetching the habit") { () async throws(APIError) in
            Self.safe(try await client.habit(id: id))
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
        return try await call("Adding the habit", check: "habits list --all") {
            () async throws(APIError) in
            Self.safe(try await client.createHabit(fields))
        }
    }

    public func updateHabit(id: Int64, changes: HabitChanges) async throws(CommandError) -> Habit {
        let client = client
        return try await call("Saving the habit", check: "habits show \(id)") {
            () async throws(APIError) in
            Self.safe(try await client.updateHabit(id: id, changes: changes))
        }
    }

    public func deleteHabit(id: Int64) async throws(CommandError) {
        let client = client
        try await call("Deleting the habit", check: "habits list --all") {
            () async throws(APIError) in
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

    /// The server's atomic increment; against a server without it, the
    /// entry is read and written back (said once on standard error and in
    /// `habits status`, since simultaneous additions can then be lost).
    public func addToEntry(
        habitID: Int64, date: LocalDate, amount: Decimal
    ) async throws(CommandError) -> ProgressEntry {
        let client = client
        let check = "habits show \(habitID) --date \(date)"
        let server = client.configuration.baseURLString
        if features.worthTrying(.increment, on: server, now: clock.now()) {
            let entry = try await call("Saving progress", check: check) {
                () async throws(APIError) -> ProgressEntry? in
                do throws(APIError) {
                    return try await client.incrementProgress(
                        habitID: habitID, date: date, amount: amount)
                } catch .notSupported {
                    return nil
                }
            }
            if let entry {
                features.record(.increment, available: true, on: server, now: clock.now())
                return entry
            }
            if features.record(.increment, available: false, on: server, now: clock.now()) {
                notes.line(
                    "habits: note: this server has no atomic increment, so 'done' reads the "
                        + "day's value and writes the sum; additions made at the same moment "
                        + "elsewhere can be lost.")
            }
        }
        return try await call("Saving progress", check: check) {
            () async throws(APIError) -> ProgressEntry in
            let current = try await client.progress(habitID: habitID, from: date, to: date)
                .first { $0.date == date }
            return try await client.setProgress(
                habitID: habitID,
                entry: ProgressEntry(date: date, value: (current?.value ?? 0) + amount))
        }
    }

    public func setEntry(
        _ entry: ProgressEntry, habitID: Int64
    ) async throws(CommandError) -> ProgressEntry {
        let client = client
        return try await call("Saving progress", check: "habits show \(habitID)") {
            () async throws(APIError) in
            try await client.setProgress(habitID: habitID, entry: entry)
        }
    }

    public func deleteEntry(habitID: Int64, date: LocalDate) async throws(CommandError) -> Bool? {
        let client = client
        try await call("Deleting the entry", check: "habits show \(habitID)") {
            () async throws(APIError) in
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

    /// Each habit's recent history by habit id, fetched concurrently. Only as
    /// far back as the current streak reaches: a window of recent weeks
    /// first, doubled while no failed period inside it ends the streak.
    ///
    /// Every habit gets its answer or the call fails: a habit without one is
    /// an internal error, never a shorter list.
    static func recentHistories(
        of habits: [Habit], through date: LocalDate, today: LocalDate, client: HabitAPIClient
    ) async throws(APIError) -> [Int64: RecentHistory] {
        let results = await withTaskGroup(of: (Int64, Result<RecentHistory, APIError>).self) {
            group in
            for habit in habits {
                group.addTask {
                    // The Result is built before the tuple on purpose. Returning
                    // `(id, …)` from both a `do` and its `catch` after an `await`
                    // is miscompiled by release builds (dead-store elimination
                    // drops the store of `id` on the success path; see README's
                    // development notes): keep the tuple out of the do/catch.
                    let result: Result<RecentHistory, APIError>
                    do throws(APIError) {
                        result = .success(
                            try await recentHistory(
                                of: habit, through: date, today: today, client: client))
                    } catch {
                        result = .failure(error)
                    }
                    return (habit.id, result)
                }
            }
            var results: [Int64: Result<RecentHistory, APIError>] = [:]
            for await (id, result) in group { results[id] = result }
            return results
        }
        var histories: [Int64: RecentHistory] = [:]
        for habit in habits {
            guard let result = results[habit.id] else {
                throw .internalInconsistency("no progress was fetched for habit \(habit.id)")
            }
            histories[habit.id] = try result.get()
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
