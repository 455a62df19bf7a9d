import Foundation
import HabitCore
import HabitStore

/// Local mode: the habits in a SQLite database on this machine, through the
/// same store the server uses, in-process: no HTTP, no sign-in.
///
/// Input is validated with HabitCore's rules (`HabitFields.validated()`,
/// `ProgressEntry.problems(value:)`), so problems read the same as the
/// server's. Everything belongs to one local user.
public struct LocalBackend: HabitBackend {
    public let mode: BackendMode
    let store: any HabitRepository
    let owner: Int64
    let clock: WallClock

    /// A backend over `store` acting as user `owner`.
    public init(store: any HabitRepository, owner: Int64, clock: WallClock, databasePath: String) {
        self.store = store
        self.owner = owner
        self.clock = clock
        self.mode = .local(databasePath: databasePath)
    }

    /// Opens (creating on first use) the database at `paths.databasePath`,
    /// its directory made private (0700).
    public static func open(paths: CLIPaths, clock: WallClock) throws(CommandError) -> LocalBackend
    {
        do {
            try AtomicFile.createDirectory(paths.dataDirectory)
        } catch {
            throw CommandError(
                .failure, "Cannot create the data directory \(error.path): \(error.reason).",
                hint: "Check its permissions, or set XDG_DATA_HOME to a writable directory.")
        }
        do {
            // One connection: a command makes a handful of queries.
            let store = try SQLiteStore(path: paths.databasePath, readerCount: 0)
            let user = try store.localUser(now: clock.now())
            return LocalBackend(
                store: store, owner: user.id, clock: clock, databasePath: paths.databasePath)
        } catch {
            throw CommandError.store(error)
        }
    }

    public func overview(
        status: HabitStatusFilter, on date: LocalDate
    ) async throws(CommandError) -> HabitOverview {
        let today = clock.today
        do {
            let habits = try store.habits(owner: owner, status: status)
            guard !habits.isEmpty else { return HabitOverview(date: date, items: []) }
            let asOf = min(date, today)
            let monday = date.startOfISOWeek
            // One query for every habit's recent weeks; rarely, more for long streaks.
            let from = min(
                habits.map {
                    StreakWindow.start(of: $0, asOf: asOf, days: StreakWindow.initialDays)
                }
                .min() ?? monday, monday
            ).startOfISOWeek
            let recent = try store.progress(
                habitIDs: habits.map(\.id), owner: owner, from: from,
                to: max(monday.adding(days: 6), asOf))
            var items: [HabitOverview.Item] = []
            for habit in habits {
                let (streak, entries) = try await StreakWindow.currentStreak(
                    of: habit, asOf: asOf, entries: recent[habit.id] ?? [], from: from
                ) { (earlier, through) throws(StoreError) in
                    try store.progress(habitID: habit.id, owner: owner, from: earlier, to: through)
                        ?? []
                }
                let history = HabitHistory(habit: habit, entries: entries)
                items.append(
                    HabitOverview.Item(
                        habit: habit, completion: history.completion(on: date, today: today),
                        currentStreak: streak))
            }
            return HabitOverview(date: date, items: items)
        } catch {
            throw CommandError.store(error)
        }
    }

    public func habits(status: HabitStatusFilter) async throws(CommandError) -> [Habit] {
        do {
            return try store.habits(owner: owner, status: status)
        } catch {
            throw CommandError.store(error)
        }
    }

    public func habit(id: Int64) async throws(CommandError) -> Habit {
        let found: Habit?
        do {
            found = try store.habit(id: id, owner: owner)
        } catch {
            throw CommandError.store(error)
        }
        guard let found else { throw CommandError.habitNotFound(String(id)) }
        return found
    }

    public func createHabit(_ fields: HabitFields) async throws(CommandError) -> Habit {
        let valid: HabitFields
        do {
            valid = try fields.validated()
        } catch {
            throw CommandError.invalid(error, "The habit was not added:")
        }
        do {
            return try store.createHabit(valid, owner: owner, now: clock.now())
        } catch {
            throw CommandError.store(error)
        }
    }

    public func updateHabit(id: Int64, changes: HabitChanges) async throws(CommandError) -> Habit {
        let current = try await habit(id: id)
        let fields: HabitFields
        do {
            fields = try changes.applied(to: current.fields)
        } catch {
            throw CommandError.invalid(error, "The habit was not changed:")
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

    public func deleteHabit(id: Int64) async throws(CommandError) {
        let deleted: Bool
        do {
            deleted = try store.deleteHabit(id: id, owner: owner)
        } catch {
            throw CommandError.store(error)
        }
        if !deleted { throw CommandError.habitNotFound(String(id)) }
    }

    public func entries(
        habitID: Int64, from: LocalDate, to: LocalDate
    ) async throws(CommandError) -> [ProgressEntry] {
        let entries: [ProgressEntry]?
        do {
            entries = try store.progress(habitID: habitID, owner: owner, from: from, to: to)
        } catch {
            throw CommandError.store(error)
        }
        guard let entries else { throw CommandError.habitNotFound(String(habitID)) }
        return entries
    }

    /// One `BEGIN IMMEDIATE` transaction reads and writes the value, so
    /// additions from several processes at once all count.
    public func addToEntry(
        habitID: Int64, date: LocalDate, amount: Decimal
    ) async throws(CommandError) -> ProgressEntry {
        let stored: ProgressEntry?
        do {
            stored = try store.incrementProgress(
                habitID: habitID, owner: owner, date: date, amount: amount)
        } catch {
            throw CommandError.store(error)
        }
        guard let stored else { throw CommandError.habitNotFound(String(habitID)) }
        return stored
    }

    public func setEntry(
        _ entry: ProgressEntry, habitID: Int64
    ) async throws(CommandError) -> ProgressEntry {
        let problems = ProgressEntry.problems(value: entry.value)
        if !problems.isEmpty {
            throw CommandError.invalid(
                ValidationError(fields: ["value": problems]), "The progress was not recorded:")
        }
        let stored: ProgressEntry?
        do {
            stored = try store.setProgress(entry, habitID: habitID, owner: owner)
        } catch {
            throw CommandError.store(error)
        }
        guard let stored else { throw CommandError.habitNotFound(String(habitID)) }
        return stored
    }

    public func deleteEntry(habitID: Int64, date: LocalDate) async throws(CommandError) -> Bool? {
        let deleted: Bool?
        do {
            deleted = try store.deleteProgress(habitID: habitID, owner: owner, date: date)
        } catch {
            throw CommandError.store(error)
        }
        guard let deleted else { throw CommandError.habitNotFound(String(habitID)) }
        return deleted
    }
}
