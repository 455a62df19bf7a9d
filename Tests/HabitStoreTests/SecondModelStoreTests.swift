import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// The second habit model (issue 38) in both stores: monthly and
/// every-N-days habits, at-most goals and groups are written, read by
/// every habit read, changed, carried by the change feed, imports, the
/// replica and `habits-server migrate`; their checkpoints cover their
/// whole last period; and a list of ten years of them reads only recent
/// entries, as a weekly one's does.
@Suite struct SecondModelStoreTests {
    /// One habit of each kind, goal and group.
    static func kinds() -> [HabitFields] {
        var limit = fields("Coffee", unit: "cups", target: "0")
        limit.goal = .atMost
        limit.group = "Health"
        var weekly = fields("Run", frequency: .weekly, unit: "km", target: "20")
        weekly.group = "Health"
        var monthly = fields("Takeaway", frequency: .monthly, unit: "meals", target: "2")
        monthly.goal = .atMost
        monthly.group = "Home"
        var everyThree = fields("Water plants", frequency: .everyNDays, unit: "times", target: "1")
        everyThree.periodDays = 3
        return [limit, weekly, monthly, everyThree]
    }

    @Test(arguments: StoreKind.allCases)
    func everyKindIsStoredReadAndChanged(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        var created: [Habit] = []
        for fields in Self.kinds() {
            let habit = try store.createHabit(fields, owner: owner, now: referenceTime)
            #expect(habit.fields == fields)
            #expect(try store.habit(id: habit.id, owner: owner) == habit)
            created.append(habit)
        }
        #expect(try store.habits(owner: owner, status: .all) == created)
        #expect(try store.habitsWithCheckpoints(owner: owner, status: .active).habits == created)
        let fed = try ChangeFeedTests.readAll(store, owner: owner).changes.compactMap {
            change -> Habit? in
            if case .habit(let habit, _) = change { return habit }
            return nil
        }
        #expect(fed == created)

        // The monthly at-most habit becomes every 5 days, at least, ungrouped.
        var changed = created[2].fields
        changed.frequency = .everyNDays
        changed.periodDays = 5
        changed.goal = .atLeast
        changed.group = nil
        let updated = try #require(
            try store.updateHabit(
                id: created[2].id, owner: owner, fields: changed, status: .active,
                now: referenceTime))
        #expect(updated.fields == changed)
        let read = try #require(try store.habit(id: created[2].id, owner: owner))
        #expect(read.frequency == .everyNDays && read.periodDays == 5)
        #expect(read.goal == .atLeast && read.group == nil)
        // And back to monthly with a limit: the period length goes.
        changed.frequency = .monthly
        changed.periodDays = nil
        changed.goal = .atMost
        changed.group = "Home"
        _ = try store.updateHabit(
            id: created[2].id, owner: owner, fields: changed, status: .active, now: referenceTime)
        #expect(try store.habit(id: created[2].id, owner: owner)?.fields == changed)
    }

    @Test(arguments: StoreKind.allCases)
    func importedHabitsKeepTheirKindGoalAndGroup(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        let (created, _) = try store.importHabits(owner: owner, now: referenceTime) {
            _ throws(StoreError) in
            (
                HabitImportWrite(
                    newHabits: Self.kinds().map {
                        HabitImportWrite.NewHabit(
                            fields: $0, status: .active, preferredID: nil, entries: [])
                    }), 0
            )
        }
        #expect(created.map(\.fields) == Self.kinds())
        #expect(try store.habits(owner: owner, status: .all).map(\.fields) == Self.kinds())
    }

    /// A replica (local copy of a server account) keeps what the feed
    /// brings, and a later state without a group or limit removes them.
    @Test func aReplicaKeepsTheKindGoalAndGroupItIsGiven() throws {
        let directory = try TemporaryDirectory()
        let store = try SQLiteStore(path: directory.appending("replica.sqlite"))
        defer { store.close() }
        let owner = try store.makeUser("a@example.com").id
        var habit = Habit(id: 41, fields: Self.kinds()[2], createdAt: referenceTime)
        try store.replica(owner: owner) { replica throws(StoreError) in
            try replica.putHabit(habit)
        }
        #expect(try store.habit(id: 41, owner: owner)?.fields == Self.kinds()[2])
        habit.fields = Self.kinds()[3]
        try store.replica(owner: owner) { replica throws(StoreError) in
            try replica.putHabit(habit)
        }
        let read = try #require(try store.habit(id: 41, owner: owner))
        #expect(read.fields == Self.kinds()[3])
        #expect(read.goal == .atLeast && read.group == nil && read.periodDays == 3)
    }

    /// `habits-server migrate`'s copy (SQLite's `export`, PostgreSQL's
    /// `importRows`) keeps a monthly at-most grouped habit and an
    /// every-N-days one as they were.
    @Test func theMigrationCopyKeepsTheNewColumns() throws {
        let directory = try TemporaryDirectory()
        let source = try SQLiteStore(path: directory.appending("habits.sqlite"))
        defer { source.close() }
        let owner = try source.makeUser("a@example.com").id
        let habits = try Self.kinds().map { fields throws in
            try source.createHabit(fields, owner: owner, now: referenceTime)
        }
        let database = try StoreKind.postgres.open()
        let destination = try #require(database.store as? PostgresStore)
        let counts = try destination.importRows(try source.export())
        #expect(counts.habits == habits.count)
        let copied = try destination.habits(owner: owner, status: .all)
        #expect(copied.map(\.id) == habits.map(\.id))
        #expect(copied.map(\.fields) == habits.map(\.fields))
        #expect(copied[2].frequency == .monthly && copied[2].goal == .atMost)
        #expect(copied[2].group == "Home" && copied[3].periodDays == 3)
    }

    /// `habits-server backup` and `restore` keep every kind, goal and group.
    @Test func aBackupRestoresTheNewColumns() throws {
        let directory = try TemporaryDirectory()
        let live = directory.appending("live.sqlite3")
        let store = try SQLiteStore(path: live)
        let owner = try store.makeUser("a@example.com").id
        let habits = try Self.kinds().map { fields throws in
            try store.createHabit(fields, owner: owner, now: referenceTime)
        }
        store.close()
        let backup = directory.appending("backup.sqlite3")
        try SQLiteBackup.copy(database: live, to: backup)
        let restoredPath = directory.appending("restored.sqlite3")
        _ = try SQLiteBackup.restore(from: backup, into: restoredPath)
        let restored = try SQLiteStore(path: restoredPath)
        defer { restored.close() }
        #expect(
            try restored.habits(owner: owner, status: .all).map(\.fields) == habits.map(\.fields))
    }

    // MARK: - Checkpoints

    func checkpoint(_ through: String, for habit: Habit) -> HistoryCheckpoint {
        HistoryCheckpoint(
            through: date(through),
            stats: HabitStats(
                currentStreak: 2, longestStreak: 3, successCount: 4, failedCount: 1,
                skippedCount: 0, strength: 0.5),
            rules: HistoryCheckpoint.rules(of: habit))
    }

    func save(
        _ checkpoint: HistoryCheckpoint, _ habit: Habit, in store: any TestStore, owner: Int64
    )
        throws
    {
        let generation = try #require(
            try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]
        ).generation
        try store.saveHistoryCheckpoint(
            checkpoint, habitID: habit.id, owner: owner, ifGeneration: generation)
    }

    func saved(_ habit: Habit, in store: any TestStore, owner: Int64) throws -> HistoryCheckpoint? {
        try store.historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]?.checkpoint
    }

    /// A monthly habit's checkpoint through February covers every day of
    /// February (not a week from its first day): an entry changed on the
    /// 27th drops it, one on 1 March does not.
    @Test(arguments: StoreKind.allCases)
    func aMonthlyCheckpointCoversItsWholeMonth(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(
            fields(frequency: .monthly, start: "2026-01-01", target: "4"), owner: owner,
            now: referenceTime)
        let point = checkpoint("2026-02-01", for: habit)
        try save(point, habit, in: store, owner: owner)
        #expect(
            try database.count(
                "SELECT count(*) FROM history_checkpoints WHERE covers_through = '2026-02-28'")
                == 1)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-01"), value: 1), note: .keep, habitID: habit.id,
            owner: owner)
        #expect(try saved(habit, in: store, owner: owner) == point)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-02-27"), value: 1), note: .keep, habitID: habit.id,
            owner: owner)
        #expect(try saved(habit, in: store, owner: owner) == nil)
    }

    /// An every-10-days habit from 5 January: the block from 4 February
    /// runs through the 13th, which its checkpoint covers.
    @Test(arguments: StoreKind.allCases)
    func anEveryNDaysCheckpointCoversItsWholeBlock(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        var every = fields(frequency: .everyNDays, start: "2026-01-05", target: "2")
        every.periodDays = 10
        let habit = try store.createHabit(every, owner: owner, now: referenceTime)
        let point = checkpoint("2026-02-04", for: habit)
        try save(point, habit, in: store, owner: owner)
        #expect(
            try database.count(
                "SELECT count(*) FROM history_checkpoints WHERE covers_through = '2026-02-13'")
                == 1)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-02-14"), value: 1), note: .keep, habitID: habit.id,
            owner: owner)
        #expect(try saved(habit, in: store, owner: owner) == point)
        _ = try store.deleteProgress(habitID: habit.id, owner: owner, date: date("2026-02-14"))
        #expect(try saved(habit, in: store, owner: owner) == point)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-02-13"), value: 1), note: .keep, habitID: habit.id,
            owner: owner)
        #expect(try saved(habit, in: store, owner: owner) == nil)
    }

    /// A new goal or period length changes the habit's rules, so its
    /// checkpoint goes; a new group does not.
    @Test(arguments: StoreKind.allCases)
    func aNewGoalOrPeriodLengthDropsTheCheckpointAndAGroupDoesNot(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        var every = fields(frequency: .everyNDays, start: "2026-01-05", target: "2")
        every.periodDays = 10
        let habit = try store.createHabit(every, owner: owner, now: referenceTime)
        func update(_ change: (inout HabitFields) -> Void) throws -> Habit {
            var fields = try #require(try store.habit(id: habit.id, owner: owner)).fields
            change(&fields)
            return try #require(
                try store.updateHabit(
                    id: habit.id, owner: owner, fields: fields, status: .active,
                    now: referenceTime))
        }
        try save(checkpoint("2026-02-04", for: habit), habit, in: store, owner: owner)
        let grouped = try update { $0.group = "Garden" }
        #expect(try saved(habit, in: store, owner: owner) != nil)
        let limited = try update { $0.goal = .atMost }
        #expect(try saved(habit, in: store, owner: owner) == nil)
        try save(checkpoint("2026-02-04", for: limited), limited, in: store, owner: owner)
        _ = try update { $0.periodDays = 7 }
        #expect(try saved(habit, in: store, owner: owner) == nil)
        #expect(grouped.group == "Garden")
    }

    // MARK: - Reads

    /// Ten years of daily entries for a habit of each kind: the first list
    /// reads them all and saves checkpoints; the next day's list reads only
    /// the entries of the periods it shows (the week, or the month or block
    /// of N days reaching past it), never the history: a monthly or
    /// every-N-days habit costs what a weekly one does, at most a month's
    /// entries more.
    @Test(arguments: StoreKind.allCases)
    func aListOfTenYearsReadsOnlyRecentEntriesForEveryKind(kind: StoreKind) throws {
        let database = try kind.open()
        let owner = try database.store.makeUser("a@example.com").id
        let start = "2016-01-04"
        let first = date("2026-03-18")
        let next = first.adding(days: 1)
        var monthlyAtMost = fields("Takeaway", frequency: .monthly, start: start, target: "40")
        monthlyAtMost.goal = .atMost
        var everyThree = fields("Plants", frequency: .everyNDays, start: start, target: "2")
        everyThree.periodDays = 3
        var everyTwenty = fields("Letters", frequency: .everyNDays, start: start, target: "5")
        everyTwenty.periodDays = 20
        let kinds: [(String, HabitFields)] = [
            ("weekly", fields("Run", frequency: .weekly, start: start, target: "5")),
            ("daily", fields("Read", start: start, target: "1")),
            ("monthly", fields("Rent", frequency: .monthly, start: start, target: "10")),
            ("monthly at most", monthlyAtMost), ("every 3 days", everyThree),
            ("every 20 days", everyTwenty),
        ]
        let days = date(start).dayNumber...next.dayNumber
        let entries = days.map { ProgressEntry(date: LocalDate(dayNumber: $0), value: 1) }
        var reads: [String: Int] = [:]
        for (name, habitFields) in kinds {
            let counter = EntryReadCounter(database.store)
            let habit = try counter.createHabit(habitFields, owner: owner, now: referenceTime)
            _ = try counter.setProgress(entries, habitID: habit.id, owner: owner)
            _ = try counter.overview(
                owner: owner, status: .active, window: OverviewWindow(date: first, today: first))
            #expect(counter.entriesRead > 3_000, "\(name): the first list reads the history")
            counter.resetCount()
            let window = OverviewWindow(date: next, today: next)
            let overview = try counter.overview(owner: owner, status: .active, window: window)
            let shown = window.from(for: [habit])...window.through(for: [habit])
            let inWindow = entries.count { shown.contains($0.date) }
            #expect(overview.items.count >= 1)
            #expect(
                counter.entriesRead <= inWindow + habit.periodLength,
                "\(name) read \(counter.entriesRead) entries")
            reads[name] = counter.entriesRead
            // Archived, so the next list holds only the next kind.
            _ = try counter.updateHabit(
                id: habit.id, owner: owner, fields: habit.fields, status: .archived,
                now: referenceTime)
        }
        let weekly = try #require(reads["weekly"])
        for (name, read) in reads {
            // A month holds at most 31 days, and the week is read anyway.
            #expect(read <= weekly + 31, "\(name) read \(read), a weekly habit \(weekly)")
        }
    }

    /// A list's completion of a monthly habit counts the whole month, not
    /// only the week shown (`OverviewWindow.from(for:)`), and an every-N-days
    /// block reaching past Sunday is read whole.
    @Test(arguments: StoreKind.allCases)
    func anOverviewCountsTheWholeMonthAndBlock(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("a@example.com").id
        var limit = fields("Takeaway", frequency: .monthly, start: "2026-01-01", target: "2")
        limit.goal = .atMost
        let monthly = try store.createHabit(limit, owner: owner, now: referenceTime)
        var every = fields("Letters", frequency: .everyNDays, start: "2026-03-10", target: "2")
        every.periodDays = 14
        let block = try store.createHabit(every, owner: owner, now: referenceTime)
        // Wednesday 18 March: its week is 16–22 March; the month began on
        // the 1st, the block runs 10–23 March.
        for day in ["2026-03-02", "2026-03-03", "2026-03-17"] {
            _ = try store.setProgress(
                ProgressEntry(date: date(day), value: 1), note: .keep, habitID: monthly.id,
                owner: owner)
        }
        for day in ["2026-03-11", "2026-03-23"] {
            _ = try store.setProgress(
                ProgressEntry(date: date(day), value: 1), note: .keep, habitID: block.id,
                owner: owner)
        }
        let day = date("2026-03-18")
        let overview = try store.overview(
            owner: owner, status: .active, window: OverviewWindow(date: day, today: day))
        let completions = Dictionary(
            uniqueKeysWithValues: overview.items.map { ($0.habit.id, $0.completion) })
        #expect(completions[monthly.id]??.current == 3)
        #expect(completions[monthly.id]??.state == .failed)
        #expect(completions[block.id]??.current == 2)
        #expect(overview.entries[monthly.id]?.count == 3)
        #expect(overview.entries[block.id]?.count == 2)
    }

    // MARK: - Migrations

    /// A version 17 database (the first model): its habits read as at
    /// least with no group, their entries, checkpoints, tokens and reminders
    /// stay, the AUTOINCREMENT counter keeps a deleted habit's id unused,
    /// and deleting a habit still deletes its entries.
    @Test func aFirstModelDatabaseGainsTheNewColumns() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("version17.sqlite")
        try writeOldDatabase(
            at: path, version: 17,
            """
            INSERT INTO users (email, created_at) VALUES ('a@b.co', 0);
            INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at, icon)
            VALUES (1, 'Read', 'DAILY', 'pages', '2026-01-05', 127, '10', 'ACTIVE', 0, 0, '📚'),
                (1, 'Run', 'WEEKLY', 'km', '2026-01-05', 127, '5', 'ACTIVE', 0, 0, NULL),
                (1, 'Gone', 'WEEKLY', 'km', '2026-01-05', 127, '5', 'ACTIVE', 0, 0, NULL);
            DELETE FROM habits WHERE id = 3;
            INSERT INTO progress (habit_id, date, value, skipped, owner_id)
            VALUES (1, '2026-03-01', '4', 0, 1), (2, '2026-03-05', '1', 0, 1),
                (2, '2026-03-20', '1', 0, 1);
            INSERT INTO history_checkpoints (habit_id, through, current_streak, strength, rules,
                covers_through)
            VALUES (2, '2026-03-09', 1, 0.5, 'WEEKLY 2026-01-05 127 5', '2026-03-15');
            INSERT INTO access_tokens (owner_id, name, scope, habit_id, token_hash, created_at)
            VALUES (1, 'check-in', 'check-in', 1, 'hash', 0);
            INSERT INTO reminders (habit_id, owner_id, time, created_at)
            VALUES (1, 1, '08:00', 0);
            """)

        let store = try SQLiteStore(path: path)
        defer { store.close() }
        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(Schema.version))
        let habits = try store.habits(owner: 1, status: .all)
        #expect(habits.map(\.id) == [1, 2])
        #expect(habits.allSatisfy { $0.goal == .atLeast && $0.group == nil })
        #expect(habits.allSatisfy { $0.periodDays == nil })
        #expect(habits.first?.icon == "📚")
        #expect(try store.allProgress(habitID: 2, owner: 1)?.count == 2)
        #expect(try rawCount("SELECT count(*) FROM access_tokens", path: path) == 1)
        #expect(try rawCount("SELECT count(*) FROM reminders", path: path) == 1)
        let kept = try store.historyCheckpoints(habitIDs: [2], owner: 1)[2]?.checkpoint
        #expect(kept?.through == date("2026-03-09"))

        // The triggers came back: an entry in the checkpoint's week drops it.
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-15"), value: 1), note: .keep, habitID: 2, owner: 1)
        #expect(try store.historyCheckpoints(habitIDs: [2], owner: 1)[2]?.checkpoint == nil)

        var monthly = fields("Rent", frequency: .monthly, target: "1")
        monthly.goal = .atMost
        monthly.group = "Home"
        let created = try store.createHabit(monthly, owner: 1, now: referenceTime)
        #expect(created.id == 4)
        #expect(try store.habit(id: 4, owner: 1)?.fields == monthly)

        #expect(try store.deleteHabit(id: 1, owner: 1))
        #expect(try rawCount("SELECT count(*) FROM progress WHERE habit_id = 1", path: path) == 0)
        #expect(try rawCount("SELECT count(*) FROM access_tokens", path: path) == 0)
    }

    /// A client's database of the first model (local mode, a replica: no
    /// server tables) gains the same columns, and its habits read as at
    /// least with no group.
    @Test func aFirstModelClientDatabaseGainsTheNewColumns() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("client17.sqlite")
        let old = try SQLiteConnection(path: path, create: true)
        for migration in Schema.migrations.prefix(17) { try old.execute(migration.client) }
        try old.execute(
            """
            PRAGMA user_version = 17;
            INSERT INTO users (email, created_at) VALUES ('a@b.co', 0);
            INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at)
            VALUES (1, 'Run', 'WEEKLY', 'km', '2026-01-05', 127, '5', 'ACTIVE', 0, 0);
            INSERT INTO progress (habit_id, date, value, skipped, owner_id)
            VALUES (1, '2026-03-05', '1', 0, 1);
            """)
        old.close()

        let store = try SQLiteStore(path: path, readerCount: 0, role: .client)
        defer { store.close() }
        let habit = try #require(try store.habit(id: 1, owner: 1))
        #expect(habit.goal == .atLeast && habit.group == nil && habit.periodDays == nil)
        #expect(try store.allProgress(habitID: 1, owner: 1)?.count == 1)
        var every = fields("Plants", frequency: .everyNDays, target: "1")
        every.periodDays = 3
        every.group = "Home"
        let created = try store.createHabit(every, owner: 1, now: referenceTime)
        #expect(try store.habit(id: created.id, owner: 1)?.fields == every)
    }

    /// A PostgreSQL database of the first model: its habits read as at
    /// least with no group, and a weekly checkpoint covers its week.
    @Test func aFirstModelPostgresDatabaseGainsTheNewColumns() throws {
        let url = try #require(
            PostgresURL(try PostgresTestServer.sharedOrCancel().newSchema(prefix: "m_")))
        let old = try PostgresConnection(url: url, environment: [:])
        try old.execute(PostgresSchema.versionTable)
        // The second model is the step before the habit position's.
        let firstModel = PostgresSchema.migrations.count - 2
        for step in PostgresSchema.migrations.prefix(firstModel) { try old.execute(step) }
        try old.execute(
            """
            INSERT INTO schema_version (version) VALUES (\(firstModel));
            INSERT INTO users (email, created_at) VALUES ('a@b.co', now());
            INSERT INTO habits (owner_id, name, frequency, measurement_type, start_date,
                action_days, target_value, status, created_at, updated_at)
            VALUES (1, 'Run', 'WEEKLY', 'km', '2026-01-05', 127, 5, 'ACTIVE', now(), now());
            INSERT INTO history_checkpoints (habit_id, through, current_streak, strength, rules,
                longest_streak, success_count, failed_count, skipped_count)
            VALUES (1, '2026-03-09', 1, 0.5, 'WEEKLY 2026-01-05 127 5', 1, 1, 0, 0);
            """)
        old.close()

        let store = try PostgresStore(url: url, poolSize: 2, environment: [:])
        defer { store.close() }
        let habit = try #require(try store.habit(id: 1, owner: 1))
        #expect(habit.goal == .atLeast && habit.group == nil && habit.periodDays == nil)
        let covers = try store.read { connection throws(StoreError) in
            try connection.query("SELECT covers_through::text FROM history_checkpoints")
        }
        #expect(covers.text(0, 0) == "2026-03-15")
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-16"), value: 1), note: .keep, habitID: 1, owner: 1)
        #expect(try store.historyCheckpoints(habitIDs: [1], owner: 1)[1]?.checkpoint != nil)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-03-15"), value: 1), note: .keep, habitID: 1, owner: 1)
        #expect(try store.historyCheckpoints(habitIDs: [1], owner: 1)[1]?.checkpoint == nil)
        var monthly = fields("Rent", frequency: .monthly, target: "1")
        monthly.goal = .atMost
        monthly.group = "Home"
        let created = try store.createHabit(monthly, owner: 1, now: referenceTime)
        #expect(try store.habit(id: created.id, owner: 1)?.fields == monthly)
    }
}

extension Habit {
    /// The longest period of the habit in days: what a list may read
    /// beyond the week it shows.
    fileprivate var periodLength: Int {
        switch frequency {
        case .daily: 1
        case .weekly: 7
        case .monthly: 31
        case .everyNDays: periodDays ?? 1
        }
    }
}
