import HabitCore

/// A habit's current streak and strength as of a date.
public struct StreakSummary: Hashable, Sendable {
    public var currentStreak: Int
    /// 0 to 1.
    public var strength: Double

    public init(currentStreak: Int, strength: Double) {
        self.currentStreak = currentStreak
        self.strength = strength
    }
}

extension HabitRepository {
    /// Each of the owner's `habits`' current streak and strength as of
    /// `asOf`, resumed from saved history checkpoints so that ten years of
    /// history cost what a few days cost, with the checkpoints that moved on
    /// saved again. Used by the CLI's local mode and the server's habit list,
    /// so both answer alike.
    ///
    /// A habit without a usable checkpoint is read whole once (then it has
    /// one); a store that keeps no checkpoints reads every habit whole.
    /// Failing to save a checkpoint is ignored: it is only a cache.
    ///
    /// `known` is every entry the caller already read from `known.from`
    /// through `known.through` (a list reads the date's week): when the
    /// checkpoints resume within it, nothing more is read for them.
    public func streakSummaries(
        of habits: [Habit], owner: Int64, asOf: LocalDate,
        known: (from: LocalDate, through: LocalDate, entries: [Int64: [ProgressEntry]])? = nil
    ) throws(StoreError) -> [Int64: StreakSummary] {
        guard !habits.isEmpty else { return [:] }
        let records = try historyCheckpoints(habitIDs: habits.map(\.id), owner: owner)
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
                for habit in resumable { entries[habit.id] = known.entries[habit.id] ?? [] }
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
                .currentStreakAndStrength(today: asOf, resuming: old)
            summaries[habit.id] = StreakSummary(
                currentStreak: result.currentStreak, strength: result.strength)
            if let new = result.checkpoint, new != old, let record = records[habit.id] {
                try? saveHistoryCheckpoint(
                    new, habitID: habit.id, owner: owner, ifGeneration: record.generation)
            }
        }
        return summaries
    }
}
