import HabitCore

/// A habit's current streak and strength as of a date.
package struct StreakSummary: Hashable, Sendable {
    package var currentStreak: Int
    /// 0 to 1.
    package var strength: Double

    package init(currentStreak: Int, strength: Double) {
        self.currentStreak = currentStreak
        self.strength = strength
    }
}

extension HabitRepository {
    /// The owner's habits with `status`, each with its completion for the
    /// period containing `window.date` and its current streak and strength
    /// as of `window.asOf`: what the server's list sends and local mode (the
    /// server-mode replica too) shows, built here once for both.
    ///
    /// Three reads: the habits with their checkpoint records (the records'
    /// generations must predate the entries a new checkpoint is worked out
    /// from, or a write landing between the reads would let a checkpoint
    /// that misses it be saved), every entry from `window.from(for:)`
    /// through `window.through(for:)` of the habits in one query (the week,
    /// or a month or block of N days reaching past it), and, only for a habit whose checkpoint
    /// does not resume within them, its older history
    /// (`streakSummaries(of:owner:asOf:known:records:)`).
    ///
    /// `read` is every habit of the owner with its records when the caller
    /// has just read them (`habitsWithCheckpoints(owner:status:)` with
    /// `.all`, before any entry): the first read is then skipped.
    package func overview(
        owner: Int64, status: HabitStatusFilter, window: OverviewWindow,
        read: (habits: [Habit], records: [Int64: HistoryCheckpointRecord])? = nil
    ) throws(StoreError) -> StoredOverview {
        let habits: [Habit]
        let records: [Int64: HistoryCheckpointRecord]
        if let read {
            habits = read.habits.filter { status.includes($0.status) }
            records = read.records
        } else {
            (habits, records) = try habitsWithCheckpoints(owner: owner, status: status)
        }
        guard !habits.isEmpty else { return StoredOverview(items: [], entries: [:]) }
        let from = window.from(for: habits)
        let through = window.through(for: habits)
        let entries = try progress(
            habitIDs: habits.map(\.id), owner: owner, from: from, to: through)
        let summaries = try streakSummaries(
            of: habits, owner: owner, asOf: window.asOf,
            known: (from: from, through: through, entries: entries),
            records: records)
        let items = habits.map { habit in
            HabitWithCompletion(
                habit: habit,
                completion: window.completion(of: habit, entries: entries[habit.id] ?? []),
                currentStreak: summaries[habit.id]?.currentStreak,
                strength: summaries[habit.id]?.strength)
        }
        return StoredOverview(items: items, entries: entries)
    }

    /// Each of the owner's `habits`' current streak and strength as of
    /// `asOf`, resumed from saved history checkpoints so that ten years of
    /// history cost what a few days cost, with the checkpoints that moved on
    /// saved again. What `overview(owner:status:window:)` builds on.
    ///
    /// A habit without a usable checkpoint is read whole once (then it has
    /// one); a store that keeps no checkpoints reads every habit whole.
    /// Failing to save a checkpoint is ignored: it is only a cache.
    ///
    /// `known` is every entry the caller already read from `known.from`
    /// through `known.through` (a list reads the date's week): when the
    /// checkpoints resume within it, nothing more is read for them.
    ///
    /// `records` are the habits' checkpoint records when the caller has them
    /// (`habitsWithCheckpoints`), read before `known`'s entries: a record's
    /// generation must predate the entries a new checkpoint is worked out
    /// from. Without them they are read here.
    package func streakSummaries(
        of habits: [Habit], owner: Int64, asOf: LocalDate,
        known: (from: LocalDate, through: LocalDate, entries: [Int64: [ProgressEntry]])? = nil,
        records given: [Int64: HistoryCheckpointRecord]? = nil
    ) throws(StoreError) -> [Int64: StreakSummary] {
        guard !habits.isEmpty else { return [:] }
        let records: [Int64: HistoryCheckpointRecord]
        if let given {
            records = given
        } else {
            records = try historyCheckpoints(habitIDs: habits.map(\.id), owner: owner)
        }
        var resumable: [Habit] = []
        var whole: [Habit] = []
        for habit in habits {
            if let checkpoint = records[habit.id]?.checkpoint,
                checkpoint.applies(to: habit, today: asOf)
            {
                resumable.append(habit)
            } else {
                whole.append(habit)
            }
        }
        var entries: [Int64: [ProgressEntry]] = [:]
        // Two reads at most: the resumable habits from their earliest
        // checkpoint (usually yesterday), the others from their start.
        if let from = resumable.compactMap({ records[$0.id]?.checkpoint?.resumeDate(for: $0) })
            .min()
        {
            if let known, known.from <= from, known.through >= asOf {
                // Only the days from each habit's own resume date: a history
                // costs what its entries do, and earlier ones are not walked.
                for habit in resumable {
                    let resume = records[habit.id]?.checkpoint?.resumeDate(for: habit) ?? from
                    entries[habit.id] = Array(
                        (known.entries[habit.id] ?? []).drop { $0.date < resume })
                }
            } else {
                entries.merge(
                    try progress(
                        habitIDs: resumable.map(\.id), owner: owner, from: from, to: asOf)
                ) { $1 }
            }
        }
        if let from = whole.map(\.startDate).min() {
            entries.merge(
                try progress(habitIDs: whole.map(\.id), owner: owner, from: from, to: asOf)
            ) { $1 }
        }
        var summaries: [Int64: StreakSummary] = [:]
        for habit in habits {
            let old = records[habit.id]?.checkpoint
            let result = HabitHistory(habit: habit, entries: entries[habit.id] ?? [])
                .stats(today: asOf, resuming: old)
            summaries[habit.id] = StreakSummary(
                currentStreak: result.stats.currentStreak, strength: result.stats.strength)
            saveMoved(result.checkpoint, over: records[habit.id], habitID: habit.id, owner: owner)
        }
        return summaries
    }

    /// A history of the owner's `habit` holding every entry from `from`
    /// through `to`, with the habit's stats as of `asOf` (whose period must
    /// end by `to`), resumed from its saved checkpoint so that a `show` of
    /// ten years costs what its months cost; the checkpoint moved on is saved
    /// again. `nil` when the owner has no such habit.
    ///
    /// With a checkpoint that applies as of `asOf`, the entries read are
    /// those from `from` (or the checkpoint's resume date, if earlier)
    /// through `to`; without one (none saved yet, or `asOf` before it), from
    /// the habit's start, and the whole history is walked: the stats are the
    /// same either way. Failing to save a checkpoint is ignored.
    ///
    /// `known` is the habit's checkpoint record when the caller has just
    /// read it (before any entry, as `habitsWithCheckpoints` reads them).
    package func historyAndStats(
        of habit: Habit, owner: Int64, from: LocalDate, to: LocalDate, asOf: LocalDate,
        known: HistoryCheckpointRecord? = nil
    ) throws(StoreError) -> (history: HabitHistory, stats: HabitStats)? {
        var record = known
        if record == nil {
            record = try historyCheckpoints(habitIDs: [habit.id], owner: owner)[habit.id]
        }
        let old = record?.checkpoint
        let statsFrom =
            old.flatMap { $0.applies(to: habit, today: asOf) ? $0.resumeDate(for: habit) : nil }
            ?? habit.startDate
        guard
            let entries = try progress(
                habitID: habit.id, owner: owner, from: min(from, statsFrom), to: to)
        else { return nil }
        let history = HabitHistory(habit: habit, entries: entries)
        let result = history.stats(today: asOf, resuming: old)
        saveMoved(result.checkpoint, over: record, habitID: habit.id, owner: owner)
        return (history, result.stats)
    }

    /// Saves `checkpoint` when it differs from the one in `record` (read
    /// before the entries it was worked out from, whose generation guards
    /// the save) and does not end before it.
    private func saveMoved(
        _ checkpoint: HistoryCheckpoint?, over record: HistoryCheckpointRecord?, habitID: Int64,
        owner: Int64
    ) {
        guard let checkpoint, let record, checkpoint != record.checkpoint else { return }
        // A view of an earlier date works out an earlier checkpoint; the
        // saved later one stays true, and resumes more of the next list.
        if let saved = record.checkpoint, saved.rules == checkpoint.rules,
            saved.through > checkpoint.through
        {
            return
        }
        try? saveHistoryCheckpoint(
            checkpoint, habitID: habitID, owner: owner, ifGeneration: record.generation)
    }
}
