import Foundation
import HabitClient
import HabitCore
import HabitStorage

/// Server mode: the habits on a habits server, through HabitCore's API client.
///
/// The client keeps the session and renews it unseen. Names, units and notes
/// are kept as the server sent them (`--json` shows them exactly); the text
/// output makes them terminal-safe (`TextOutput`), since a server is not
/// trusted with the terminal. The last habit list is cached so `list` and
/// `remind` can answer while the server is unreachable, for what the cache
/// holds. Calls slower than 300 ms show a spinner on a terminal's standard error.
struct RemoteBackend: HabitBackend {
    let mode: BackendMode
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
                unicode: context.style.unicode,
                delay: context.environment.statusLineDelay ?? ActivityIndicator.delay),
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
            throw CommandError.serverSetting(error, from: selection.source)
        }
        #if canImport(Security)
            let store: any TokenStore = KeychainTokenStore(lockDirectory: paths.configDirectory)
        #else
            let store: any TokenStore = FileTokenStore(directory: paths.configDirectory)
        #endif
        return HabitAPIClient(
            configuration: configuration, tokenStore: store, clock: context.environment.clock)
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

    // MARK: - HabitBackend

    /// From the server, else (it cannot be reached) the cached list, in
    /// `ReadSource`'s order.
    func overview(
        status: HabitStatusFilter, on date: LocalDate, entriesFrom: LocalDate?
    ) async throws(CommandError) -> HabitOverview {
        let today = clock.today
        return try await ServerModeReader.read(
            replica: nil,
            server: { () async throws(CommandError) in
                try await fetchedOverview(
                    status: status, on: date, today: today, entriesFrom: entriesFrom)
            },
            cache: { (failure) throws(CommandError) in
                try cachedOverview(status: status, on: date, today: today, failure: failure)
            })
    }

    /// The day's overview from the server, saved as the cached list.
    private func fetchedOverview(
        status: HabitStatusFilter, on date: LocalDate, today: LocalDate, entriesFrom: LocalDate?
    ) async throws(CommandError) -> HabitOverview {
        let client = client
        let listed = try await call("Fetching habits") { () async throws(APIError) in
            try await client.habits(status: status, on: date)
        }
        var completions: [Int64: CompletionData] = [:]
        var summaries: [Int64: StreakSummary] = [:]
        for listed in listed {
            completions[listed.habit.id] = listed.completion
            if let streak = listed.currentStreak, let strength = listed.strength {
                summaries[listed.habit.id] = StreakSummary(
                    currentStreak: streak, strength: strength)
            }
        }
        let indicator = indicator
        var builder = OverviewBuilder { (ids, from, to) throws(CommandError) in
            try await indicator.during("Fetching progress") {
                () async throws(CommandError) in
                do throws(APIError) {
                    return try await Self.entries(
                        of: ids, from: from, to: to, client: client)
                } catch {
                    throw CommandError.api(error)
                }
            }
        }
        // A habits-server sends every habit's streak and strength; a
        // server that does not leaves them to widening windows of history.
        if summaries.count == listed.count {
            let known = summaries
            builder.summaries = { (_, _, _) throws(CommandError) in known }
        }
        let results = try await builder.overview(
            of: listed.map(\.habit), on: date, today: today, completions: completions,
            entriesFrom: entriesFrom)
        let window = OverviewWindow(date: date, today: today)
        cache.save(
            HabitListCache.Snapshot(
                server: client.configuration.baseURLString, fetchedAt: clock.now(), date: date,
                today: today, status: status.rawValue,
                items: results.map { result in
                    HabitListCache.Snapshot.Item(
                        habit: result.item.habit, completion: result.item.completion,
                        currentStreak: result.item.currentStreak, strength: result.item.strength,
                        weekEntries: result.entries.filter {
                            window.period(of: result.item.habit).contains($0.date)
                        })
                }))
        return HabitOverview(
            date: date, items: results.map(\.item),
            recent: entriesFrom.map { HabitOverview.Recent(from: $0, results, through: date) })
    }

    /// The cached list, when it holds what was asked for; else `failure`
    /// (the server is unreachable) saying what the cache lacks.
    private func cachedOverview(
        status: HabitStatusFilter, on date: LocalDate, today: LocalDate, failure: CommandError?
    ) throws(CommandError) -> HabitOverview {
        try ServerModeReader(server: client.configuration.baseURLString, cache: cache).cached(
            status: status, on: date, today: today, failure: failure)
    }

    func habits(status: HabitStatusFilter) async throws(CommandError) -> [Habit] {
        let client = client
        return try await call("Fetching habits") { () async throws(APIError) in
            try await client.habits(status: status).map(\.habit)
        }
    }

    func habit(id: Int64) async throws(CommandError) -> Habit {
        let client = client
        return try await call("Fetching the habit") { () async throws(APIError) in
            try await client.habit(id: id)
        }
    }

    func createHabit(_ fields: HabitFields) async throws(CommandError) -> Habit {
        let client = client
        return try await call("Adding the habit", check: "habits list --all") {
            () async throws(APIError) in
            try await client.createHabit(fields)
        }
    }

    func updateHabit(id: Int64, changes: HabitChanges) async throws(CommandError) -> Habit {
        let client = client
        return try await call("Saving the habit", check: "habits show \(id)") {
            () async throws(APIError) in
            try await client.updateHabit(id: id, changes: changes)
        }
    }

    func deleteHabit(id: Int64) async throws(CommandError) {
        let client = client
        try await call("Deleting the habit", check: "habits list --all") {
            () async throws(APIError) in
            try await client.deleteHabit(id: id)
        }
    }

    func entries(
        habitID: Int64, from: LocalDate, to: LocalDate
    ) async throws(CommandError) -> [ProgressEntry] {
        let client = client
        return try await call("Fetching progress") { () async throws(APIError) in
            try await Self.entries(habitID: habitID, from: from, to: to, client: client)
        }
    }

    /// The stats from the server (`GET me/habits/{id}/?today=`, which
    /// resumes from its checkpoints) and the entries of the months shown, so
    /// a `show` of ten years costs what its months cost. A server that sends
    /// no stats for `date` (another implementation of the contract) gets the
    /// whole history read, from the habit's start.
    func historyAndStats(of habit: Habit, from: LocalDate, to: LocalDate, asOf date: LocalDate)
        async throws(CommandError) -> (history: HabitHistory, stats: HabitStats)
    {
        let client = client
        let detail = try await call("Fetching the habit") { () async throws(APIError) in
            try await client.habitWithStats(id: habit.id, today: date)
        }
        let stats = detail.stats(asOf: date)
        // The history is of the habit as resolved: its rules decide the marks.
        let entries = try await entries(
            habitID: habit.id, from: stats == nil ? min(habit.startDate, from) : from, to: to)
        let history = HabitHistory(habit: habit, entries: entries)
        return (history, stats ?? history.stats(today: date))
    }

    /// The server's history route (`GET me/habits/{id}/history/`), with
    /// every date given so the answer is the one a replica or local mode
    /// works out. A server without the route is older than this client.
    func history(of habit: Habit, from: LocalDate, to: LocalDate, today: LocalDate)
        async throws(CommandError) -> HistoryReport
    {
        let client = client
        let server = client.configuration.baseURLString
        let report = try await call("Fetching the history") {
            () async throws(APIError) -> HistoryReport? in
            do throws(APIError) {
                return try await client.history(
                    habitID: habit.id, from: from, to: to, today: today)
            } catch .notSupported {
                return nil
            }
        }
        guard let report else { throw CommandError.historyNotOffered(server: server) }
        return report
    }

    func entries(
        of habitIDs: [Int64], from: LocalDate, to: LocalDate
    ) async throws(CommandError) -> [Int64: [ProgressEntry]] {
        let client = client
        return try await call("Fetching progress") { () async throws(APIError) in
            try await Self.entries(of: habitIDs, from: from, to: to, client: client)
        }
    }

    /// The server's atomic increment; against a server without it, the
    /// entry is read and written back (said once on standard error and in
    /// `habits status`, since simultaneous additions can then be lost).
    func addToEntry(
        habitID: Int64, date: LocalDate, amount: Decimal, note: NoteChange
    ) async throws(CommandError) -> ProgressEntry {
        let client = client
        let check = "habits show \(habitID) --date \(date)"
        let server = client.configuration.baseURLString
        if features.worthTrying(.increment, on: server, now: clock.now()) {
            let entry = try await call("Saving progress", check: check) {
                () async throws(APIError) -> ProgressEntry? in
                do throws(APIError) {
                    return try await client.incrementProgress(
                        habitID: habitID, date: date, amount: amount, note: note)
                } catch .notSupported {
                    return nil
                }
            }
            if let entry {
                features.record(.increment, available: true, on: server, now: clock.now())
                return checkedNote(entry, sent: note)
            }
            if features.record(.increment, available: false, on: server, now: clock.now()) {
                notes.line(
                    "habits: note: this server has no atomic increment, so 'done' reads the "
                        + "day's value and writes the sum; additions made at the same moment "
                        + "elsewhere can be lost.")
            }
        }
        let entry = try await call("Saving progress", check: check) {
            () async throws(APIError) -> ProgressEntry in
            let current = try await client.progress(habitID: habitID, from: date, to: date)
                .first { $0.date == date }
            return try await client.setProgress(
                habitID: habitID,
                entry: ProgressEntry(date: date, value: (current?.value ?? 0) + amount),
                note: note)
        }
        return checkedNote(entry, sent: note)
    }

    func setEntry(
        _ entry: ProgressEntry, note: NoteChange, habitID: Int64
    ) async throws(CommandError) -> ProgressEntry {
        let client = client
        let stored = try await call("Saving progress", check: "habits show \(habitID)") {
            () async throws(APIError) in
            try await client.setProgress(habitID: habitID, entry: entry, note: note)
        }
        return checkedNote(stored, sent: note)
    }

    /// `stored` as the server answered it, after saying on standard error
    /// when the server did not keep the note sent (a server without notes
    /// ignores the field): the value was saved, the note was not.
    private func checkedNote(_ stored: ProgressEntry, sent note: NoteChange) -> ProgressEntry {
        if case .replace(let text?) = note, stored.note != text {
            notes.line(
                "habits: note: the server did not keep the note of \(stored.date) (it may not "
                    + "support notes); the progress was saved without it.")
        }
        return stored
    }

    func deleteEntry(habitID: Int64, date: LocalDate) async throws(CommandError) {
        let client = client
        try await call("Deleting the entry", check: "habits show \(habitID)") {
            () async throws(APIError) in
            try await client.deleteProgress(habitID: habitID, date: date)
        }
    }

    // MARK: - History

    /// Entries from `from` through `to`, in requests the server accepts.
    static func entries(
        habitID: Int64, from: LocalDate, to: LocalDate, client: HabitAPIClient
    ) async throws(APIError) -> [ProgressEntry] {
        // Only dates that exist can be asked for (`to` is often the end of a
        // week, which for 9999-12-31 lies past the last date there is).
        guard let range = LocalDate.existing(from: from, through: to) else { return [] }
        let to = range.upperBound
        var result: [ProgressEntry] = []
        var start = range.lowerBound
        while start <= to {
            let end = min(to, start.adding(days: ProgressEntry.maximumRangeDays - 1))
            result += try await client.progress(habitID: habitID, from: start, to: end)
            start = end.adding(days: 1)
        }
        return result
    }

    /// The entries of several habits from `from` through `to`, fetched
    /// concurrently, by habit id.
    ///
    /// Every habit gets its answer or the call fails: a habit without one is
    /// an internal error, never a shorter list.
    static func entries(
        of habitIDs: [Int64], from: LocalDate, to: LocalDate, client: HabitAPIClient
    ) async throws(APIError) -> [Int64: [ProgressEntry]] {
        let results = await withTaskGroup(of: (Int64, Result<[ProgressEntry], APIError>).self) {
            group in
            for id in habitIDs {
                group.addTask {
                    // The Result is built before the tuple on purpose. Returning
                    // `(id, …)` from both a `do` and its `catch` after an `await`
                    // is miscompiled by release builds (dead-store elimination
                    // drops the store of `id` on the success path; see README's
                    // development notes): keep the tuple out of the do/catch.
                    let result: Result<[ProgressEntry], APIError>
                    do throws(APIError) {
                        result = .success(
                            try await Self.entries(
                                habitID: id, from: from, to: to, client: client))
                    } catch {
                        result = .failure(error)
                    }
                    return (id, result)
                }
            }
            var results: [Int64: Result<[ProgressEntry], APIError>] = [:]
            for await (id, result) in group { results[id] = result }
            return results
        }
        var entries: [Int64: [ProgressEntry]] = [:]
        for id in habitIDs {
            guard let result = results[id] else {
                throw .internalInconsistency("no progress was fetched for habit \(id)")
            }
            entries[id] = try result.get()
        }
        return entries
    }
}
