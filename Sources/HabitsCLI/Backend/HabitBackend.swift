import Foundation
import HabitCore
import HabitStorage

/// Where the commands' habits live: the local SQLite store or a habits server.
///
/// Both implementations speak in HabitCore's types and fail with
/// `CommandError`s that already carry the right exit status, so commands do
/// not know which one they talk to.
protocol HabitBackend: Sendable {
    /// Which mode this is, for `habits status` and JSON output.
    var mode: BackendMode { get }

    /// The habits with their progress for the period containing `date` and
    /// their current streak as of `date`. A server backend may answer from
    /// its cache when the server is unreachable (then `cachedAt` is set).
    ///
    /// With `entriesFrom`, the overview also carries every entry from that
    /// day through `date` (`HabitOverview.recent`), read together with the
    /// week's, for views of recent days; an answer from the cache has none.
    func overview(status: HabitStatusFilter, on date: LocalDate, entriesFrom: LocalDate?)
        async throws(CommandError) -> HabitOverview

    /// The habits with `status`, ordered by id.
    func habits(status: HabitStatusFilter) async throws(CommandError) -> [Habit]

    /// One habit; a not-found `CommandError` when there is none with `id`.
    func habit(id: Int64) async throws(CommandError) -> Habit

    /// The habit `reference` names, as `HabitReference.match(among:)` finds
    /// it among all habits; a not-found or ambiguous `CommandError` else.
    func habit(for reference: HabitReference) async throws(CommandError) -> Habit

    /// Stores a new active habit from fields already validated (`CommandInput`).
    func createHabit(_ fields: HabitFields) async throws(CommandError) -> Habit

    /// Applies `changes`, validated together with the habit's other fields.
    func updateHabit(id: Int64, changes: HabitChanges) async throws(CommandError) -> Habit

    /// Deletes a habit and all its progress.
    func deleteHabit(id: Int64) async throws(CommandError)

    /// Entries from `from` through `to`, sorted by date.
    func entries(habitID: Int64, from: LocalDate, to: LocalDate) async throws(CommandError)
        -> [ProgressEntry]

    /// A history of `habit` holding every entry from `from` through `to`,
    /// and the habit's stats as of `date` (`HabitHistory.stats(today:)` of
    /// the whole history), whose period must end by `to`. What `show` draws.
    func historyAndStats(of habit: Habit, from: LocalDate, to: LocalDate, asOf date: LocalDate)
        async throws(CommandError) -> (history: HabitHistory, stats: HabitStats)

    /// The history of `habit` from `from` through `to` as of `today`
    /// (`HistoryReport`): what `show --trend` draws. Local mode and a
    /// server-mode replica read it through `HabitRepository.historyReport`,
    /// a server answers it from the same call, so the series are the same.
    func history(of habit: Habit, from: LocalDate, to: LocalDate, today: LocalDate)
        async throws(CommandError) -> HistoryReport

    /// Entries of several habits from `from` through `to`, by habit id.
    func entries(of habitIDs: [Int64], from: LocalDate, to: LocalDate) async throws(CommandError)
        -> [Int64: [ProgressEntry]]

    /// Adds `amount` to the value on `date` (creating the entry, and
    /// clearing its skipped mark) in one step, so concurrent additions all
    /// count; the day's note changes as `note` says. Returns the entry as
    /// stored (a server without notes answers without the note).
    func addToEntry(habitID: Int64, date: LocalDate, amount: Decimal, note: NoteChange)
        async throws(CommandError) -> ProgressEntry

    /// Replaces the value and skip of the entry for `entry.date`, and its
    /// note as `note` says (`entry.note` is not read).
    func setEntry(_ entry: ProgressEntry, note: NoteChange, habitID: Int64)
        async throws(CommandError) -> ProgressEntry

    /// Removes the entry on `date`, if there is one.
    func deleteEntry(habitID: Int64, date: LocalDate) async throws(CommandError)
}

extension HabitBackend {
    /// The day's overview, without recent entries.
    func overview(status: HabitStatusFilter, on date: LocalDate) async throws(CommandError)
        -> HabitOverview
    {
        try await overview(status: status, on: date, entriesFrom: nil)
    }

    /// Looks among all the habits: one request to a server, for an id too.
    func habit(for reference: HabitReference) async throws(CommandError) -> Habit {
        try reference.resolve(among: try await habits(status: .all))
    }

    /// Adds to the day's value, keeping its note.
    func addToEntry(habitID: Int64, date: LocalDate, amount: Decimal) async throws(CommandError)
        -> ProgressEntry
    {
        try await addToEntry(habitID: habitID, date: date, amount: amount, note: .keep)
    }

    /// Replaces the day's value and skip, keeping its note.
    func setEntry(_ entry: ProgressEntry, habitID: Int64) async throws(CommandError)
        -> ProgressEntry
    {
        try await setEntry(entry, note: .keep, habitID: habitID)
    }
}

/// Local (embedded SQLite) or server mode.
enum BackendMode: Hashable, Sendable {
    case local(databasePath: String)
    case server(url: String)

    /// "local" or "server", as JSON output writes it.
    var name: String {
        switch self {
        case .local: return "local"
        case .server: return "server"
        }
    }
}

/// The habits of one day, each with its progress and current streak.
struct HabitOverview: Hashable, Sendable {
    struct Item: Hashable, Sendable {
        var habit: Habit
        var completion: CompletionData
        /// Consecutive successful periods as of the overview's date; `nil`
        /// when it is not known (a cached list for another day).
        var currentStreak: Int?
        /// The strength (0 to 1) as of the overview's date, when known (local
        /// mode works it out from checkpoints; a server does not send it).
        var strength: Double? = nil

    }

    /// Every entry of each habit from `from` through the overview's date.
    struct Recent: Hashable, Sendable {
        var from: LocalDate
        /// Each habit's entries, sorted by date; a habit without any has none.
        var entries: [Int64: [ProgressEntry]]
    }

    var date: LocalDate
    /// Ordered by habit id.
    var items: [Item]
    /// When the data was fetched, if it comes from the cache of an unreachable server.
    var cachedAt: Date?
    /// The entries asked for with `entriesFrom`, when they were read.
    var recent: Recent?
    /// When a server-mode replica answering it last synced.
    var syncedAt: Date?

    init(date: LocalDate, items: [Item], cachedAt: Date? = nil, recent: Recent? = nil) {
        self.date = date
        self.items = items
        self.cachedAt = cachedAt
        self.recent = recent
    }
}

extension HabitOverview {
    /// A store's overview of `window` (`HabitRepository.overview`), with
    /// the recent entries when `window.entriesFrom` asked for them.
    init(window: OverviewWindow, _ overview: StoredOverview) {
        let items = overview.items.map { item in
            Item(
                habit: item.habit,
                completion: item.completion
                    ?? window.completion(
                        of: item.habit, entries: overview.entries[item.habit.id] ?? []),
                currentStreak: item.currentStreak, strength: item.strength)
        }
        self.init(
            date: window.date, items: items,
            recent: window.entriesFrom.map { from in
                var entries: [Int64: [ProgressEntry]] = [:]
                entries.reserveCapacity(overview.items.count)
                for item in overview.items {
                    let read = overview.entries[item.habit.id] ?? []
                    let inRange = { (entry: ProgressEntry) in
                        entry.date >= from && entry.date <= window.date
                    }
                    // Usually all of them (nothing is logged ahead of the
                    // date): then the array read is kept, not copied.
                    entries[item.habit.id] =
                        read.allSatisfy(inRange) ? read : read.filter(inRange)
                }
                return Recent(from: from, entries: entries)
            })
    }
}
