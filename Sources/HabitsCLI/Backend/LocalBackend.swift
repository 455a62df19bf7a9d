import Foundation
import HabitCore
import HabitFiles
import HabitStorage
import HabitStore

/// Local mode: the habits in a SQLite database on this machine, through the
/// same store the server uses, in-process: no HTTP, no sign-in.
///
/// Input arrives validated: the commands check it with HabitCore's rules
/// (`CommandInput`) before calling either backend, so problems read the same
/// in both modes. Everything belongs to one local user.
struct LocalBackend: HabitBackend {
    let mode: BackendMode
    /// Local mode is SQLite by design (the replica of server mode too), so
    /// the backend holds the store as what it is: its SQLite-only
    /// operations (`salvage`, `allProgress`) need no downcast.
    let store: SQLiteStore
    let owner: Int64
    let clock: WallClock
    /// The check's read of every habit, for reads before the first write.
    let opening: OpeningRead?

    /// A backend over `store` acting as user `owner`.
    init(
        store: SQLiteStore, owner: Int64, clock: WallClock, databasePath: String,
        opening: OpeningRead? = nil
    ) {
        self.store = store
        self.owner = owner
        self.clock = clock
        self.mode = .local(databasePath: databasePath)
        self.opening = opening
    }

    /// Opens (creating on first use) the database at `paths.databasePath`,
    /// its directory made private (0700), and checks it (see
    /// `SQLiteStore.init`); `salvaging` skips the check, for `salvage()`.
    static func open(paths: CLIPaths, clock: WallClock, salvaging: Bool = false)
        throws(CommandError) -> LocalBackend
    {
        do {
            try AtomicFile.createDirectory(paths.dataDirectory)
        } catch {
            throw CommandError.cannotCreateDataDirectory(error)
        }
        do {
            // One connection: a command makes a handful of queries.
            let store = try SQLiteStore(
                path: paths.databasePath, readerCount: 0, role: .client,
                checkingSchema: !salvaging,
                schemaCheckMemo: SchemaCheckFile(
                    path: paths.schemaCheckFile(for: paths.databasePath)))
            let user = try store.localUser(now: clock.now())
            // The rest of the consistency check, before any command reads
            // or writes: every habit row must read (a few dozen rows at
            // most), kept for the command's own reads (`OpeningRead`).
            // Entries are checked as they are read, so start-up does not
            // grow with the history.
            var opening: OpeningRead?
            if !salvaging {
                let writeCount = store.writeCount
                let (habits, records) = try store.habitsWithCheckpoints(
                    owner: user.id, status: .all)
                opening = OpeningRead(habits: habits, records: records, writeCount: writeCount)
            }
            return LocalBackend(
                store: store, owner: user.id, clock: clock, databasePath: paths.databasePath,
                opening: opening)
        } catch {
            throw CommandError.store(error)
        }
    }

    /// Every habit and entry that still reads, with what was left out: what
    /// `habits export` saves of a database that fails its check.
    func salvage() throws(CommandError) -> StoreSalvage {
        do {
            return try store.salvage(owner: owner)
        } catch {
            throw CommandError.store(error)
        }
    }

    /// The store's overview (`HabitRepository.overview`), the one the
    /// server's list sends: the week's entries (and `entriesFrom`'s) in one
    /// query, the streaks resumed from history checkpoints.
    func overview(
        status: HabitStatusFilter, on date: LocalDate, entriesFrom: LocalDate?
    ) async throws(CommandError) -> HabitOverview {
        let window = OverviewWindow(date: date, today: clock.today, entriesFrom: entriesFrom)
        let overview: StoredOverview
        do {
            overview = try store.overview(
                owner: owner, status: status, window: window,
                read: opening?.rows(unlessWrittenSince: store))
        } catch {
            throw CommandError.store(error)
        }
        return HabitOverview(window: window, overview)
    }

    func habits(status: HabitStatusFilter) async throws(CommandError) -> [Habit] {
        if let read = opening?.rows(unlessWrittenSince: store) {
            return read.habits.filter { status.includes($0.status) }
        }
        do {
            return try store.habits(owner: owner, status: status)
        } catch {
            throw CommandError.store(error)
        }
    }

    func habit(id: Int64) async throws(CommandError) -> Habit {
        guard let found = try stored(id: id) else {
            throw CommandError.habitNotFound(String(id))
        }
        return found
    }

    /// An id is looked up alone (one row); only a name, or digits that are
    /// no habit's id, reads all the habits.
    func habit(for reference: HabitReference) async throws(CommandError) -> Habit {
        if let id = reference.id, let found = try stored(id: id) { return found }
        return try reference.resolve(among: try await habits(status: .all))
    }

    /// The owner's habit `id`: from the opening read while it holds, else
    /// one row.
    private func stored(id: Int64) throws(CommandError) -> Habit? {
        if let read = opening?.rows(unlessWrittenSince: store) {
            return read.habits.first { $0.id == id }
        }
        do {
            return try store.habit(id: id, owner: owner)
        } catch {
            throw CommandError.store(error)
        }
    }

    /// Resumed from the habit's history checkpoint
    /// (`HabitRepository.historyAndStats`): the months shown and the days
    /// after the checkpoint are read, not ten years.
    func historyAndStats(
        of habit: Habit, from: LocalDate, to: LocalDate, asOf date: LocalDate
    ) async throws(CommandError) -> (history: HabitHistory, stats: HabitStats) {
        let found: (history: HabitHistory, stats: HabitStats)?
        do {
            found = try store.historyAndStats(
                of: habit, owner: owner, from: from, to: to, asOf: date,
                known: opening?.rows(unlessWrittenSince: store)?.records[habit.id])
        } catch {
            throw CommandError.store(error)
        }
        guard let found else { throw CommandError.habitNotFound(String(habit.id)) }
        return found
    }

    /// `HabitRepository.historyReport`, the call the server's history
    /// route answers from.
    func history(of habit: Habit, from: LocalDate, to: LocalDate, today: LocalDate)
        async throws(CommandError) -> HistoryReport
    {
        let report: HistoryReport?
        do {
            report = try store.historyReport(
                of: habit, owner: owner, from: from, to: to, today: today)
        } catch {
            throw CommandError.store(error)
        }
        guard let report else { throw CommandError.habitNotFound(String(habit.id)) }
        return report
    }

    func createHabit(_ fields: HabitFields) async throws(CommandError) -> Habit {
        do {
            return try store.createHabit(fields, owner: owner, now: clock.now())
        } catch {
            throw CommandError.store(error)
        }
    }

    func updateHabit(id: Int64, changes: HabitChanges) async throws(CommandError) -> Habit {
        let current = try await habit(id: id)
        let fields: HabitFields
        do {
            fields = try changes.applied(to: current.fields)
        } catch {
            throw CommandError.habitNotChanged(error)
        }
        let updated: Habit?
        do {
            updated = try store.updateHabit(
                id: id, owner: owner, fields: fields, status: changes.status ?? current.status,
                now: clock.now())
        } catch {
            throw CommandError.store(error)
        }
        guard let updated else { throw CommandError.habitNotFound(String(id)) }
        return updated
    }

    func deleteHabit(id: Int64) async throws(CommandError) {
        let deleted: Bool
        do {
            deleted = try store.deleteHabit(id: id, owner: owner)
        } catch {
            throw CommandError.store(error)
        }
        if !deleted { throw CommandError.habitNotFound(String(id)) }
    }

    func entries(
        habitID: Int64, from: LocalDate, to: LocalDate
    ) async throws(CommandError) -> [ProgressEntry] {
        // The store compares dates as text, where a five-digit year (the
        // Sunday after 9999-12-31) sorts first: only dates that exist are
        // asked for. With none, 9999-12-31 is read to learn the habit exists.
        let range = LocalDate.existing(from: from, through: to)
        let asked = range ?? LocalDate.latest...LocalDate.latest
        let entries: [ProgressEntry]?
        do {
            entries = try store.progress(
                habitID: habitID, owner: owner, from: asked.lowerBound, to: asked.upperBound)
        } catch {
            throw CommandError.store(error)
        }
        guard let entries else { throw CommandError.habitNotFound(String(habitID)) }
        return range == nil ? [] : entries
    }

    func entries(
        of habitIDs: [Int64], from: LocalDate, to: LocalDate
    ) async throws(CommandError) -> [Int64: [ProgressEntry]] {
        // Only dates that exist, as for one habit.
        let range = LocalDate.existing(from: from, through: to)
        let asked = range ?? LocalDate.latest...LocalDate.latest
        do {
            let entries = try store.progress(
                habitIDs: habitIDs, owner: owner, from: asked.lowerBound, to: asked.upperBound)
            return range == nil ? entries.mapValues { _ in [] } : entries
        } catch {
            throw CommandError.store(error)
        }
    }

    /// One `BEGIN IMMEDIATE` transaction reads and writes the value, so
    /// additions from several processes at once all count.
    func addToEntry(
        habitID: Int64, date: LocalDate, amount: Decimal, note: NoteChange
    ) async throws(CommandError) -> ProgressEntry {
        let stored: ProgressEntry?
        do {
            stored = try store.incrementProgress(
                habitID: habitID, owner: owner, date: date, amount: amount, note: note)
        } catch {
            throw CommandError.store(error)
        }
        guard let stored else { throw CommandError.habitNotFound(String(habitID)) }
        return stored
    }

    func setEntry(
        _ entry: ProgressEntry, note: NoteChange, habitID: Int64
    ) async throws(CommandError) -> ProgressEntry {
        let stored: ProgressEntry?
        do {
            stored = try store.setProgress(entry, note: note, habitID: habitID, owner: owner)
        } catch {
            throw CommandError.store(error)
        }
        guard let stored else { throw CommandError.habitNotFound(String(habitID)) }
        return stored
    }

    func deleteEntry(habitID: Int64, date: LocalDate) async throws(CommandError) {
        let deleted: Bool?
        do {
            deleted = try store.deleteProgress(habitID: habitID, owner: owner, date: date)
        } catch {
            throw CommandError.store(error)
        }
        if deleted == nil { throw CommandError.habitNotFound(String(habitID)) }
    }
}
