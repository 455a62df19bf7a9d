import HabitCore
import HabitStore

/// The day's overview of habits (completion and current streak), built the
/// same way in local and server mode.
///
/// Its one piece of I/O is `read`: the entries of some habits from one date
/// through another, which the local store answers with one query and the
/// API client with a request per habit. The rules are all `HabitHistory`'s;
/// this type only decides how much history to read: the week of the date
/// (completion needs no more) and, for the streak, windows reaching back as
/// far as the current streak does (`StreakWindow`), so a habit missed now and
/// then needs weeks of history, not years.
struct OverviewBuilder: Sendable {
    /// Entries of each of `habitIDs` from `from` through `to`, by habit id.
    typealias Reader =
        @Sendable (_ habitIDs: [Int64], _ from: LocalDate, _ to: LocalDate)
        async throws(CommandError) -> [Int64: [ProgressEntry]]

    /// Where saved `HistoryCheckpoint`s come from and go (the local store).
    struct Checkpoints: Sendable {
        var load:
            @Sendable (_ habitIDs: [Int64]) throws(CommandError) -> [Int64: HistoryCheckpointRecord]
        var save:
            @Sendable (_ checkpoint: HistoryCheckpoint, _ habitID: Int64, _ generation: Int64)
                throws(CommandError) -> Void
    }

    /// One habit's part of an overview, with the entries read for it.
    struct Result: Sendable {
        var item: HabitOverview.Item
        /// Every entry read for the habit, sorted by date: at least the
        /// date's ISO week.
        var entries: [ProgressEntry]
    }

    let read: Reader
    /// With checkpoints, streaks and strengths resume from them (and a habit
    /// without one is read whole once, to make one); without, the streak is
    /// found through widening windows and the strength is not known.
    var checkpoints: Checkpoints? = nil

    /// Each of `habits`' completion for the period containing `date`, its
    /// current streak as of `date` (or today, when `date` is later) and,
    /// with checkpoints, its strength, in the order given. `completions` are
    /// answers the caller already has (a server's `completion_data`).
    func overview(
        of habits: [Habit], on date: LocalDate, today: LocalDate,
        completions: [Int64: CompletionData] = [:]
    ) async throws(CommandError) -> [Result] {
        guard !habits.isEmpty else { return [] }
        let asOf = min(date, today)
        let monday = date.startOfISOWeek
        let to = max(monday.adding(days: 6), asOf)
        var entries: [Int64: [ProgressEntry]]
        var streaks: [Int64: (streak: Int, strength: Double?)]
        if let checkpoints {
            (entries, streaks) = try await resumed(
                habits, asOf: asOf, monday: monday, to: to, checkpoints: checkpoints)
        } else {
            (entries, streaks) = try await windowed(habits, asOf: asOf, monday: monday, to: to)
        }
        var results: [Result] = []
        for habit in habits {
            let read = entries[habit.id] ?? []
            guard let streak = streaks[habit.id] else {
                throw CommandError.api(.internalInconsistency("no streak for habit \(habit.id)"))
            }
            let completion =
                completions[habit.id]
                ?? HabitHistory(habit: habit, entries: read).completion(on: date, today: today)
            results.append(
                Result(
                    item: HabitOverview.Item(
                        habit: habit, completion: completion, currentStreak: streak.streak,
                        strength: streak.strength),
                    entries: read))
        }
        return results
    }

    /// Streaks and strengths resumed from saved checkpoints: each habit's
    /// entries from its checkpoint on (or from its start when it has none),
    /// then the checkpoints that moved on are saved.
    private func resumed(
        _ habits: [Habit], asOf: LocalDate, monday: LocalDate, to: LocalDate,
        checkpoints: Checkpoints
    ) async throws(CommandError)
        -> ([Int64: [ProgressEntry]], [Int64: (streak: Int, strength: Double?)])
    {
        let records = try checkpoints.load(habits.map(\.id))
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
        if !resumable.isEmpty {
            let from = min(
                resumable.compactMap { records[$0.id]?.checkpoint?.resumeDate(for: $0) }.min()
                    ?? monday, monday)
            entries.merge(try await read(resumable.map(\.id), from, to)) { $1 }
        }
        if !whole.isEmpty {
            let from = min(whole.map(\.startDate).min() ?? monday, monday)
            entries.merge(try await read(whole.map(\.id), from, to)) { $1 }
        }
        var streaks: [Int64: (streak: Int, strength: Double?)] = [:]
        for habit in habits {
            let record = records[habit.id]
            let old = record?.checkpoint
            let history = HabitHistory(habit: habit, entries: entries[habit.id] ?? [])
            let result = history.currentStreakAndStrength(today: asOf, resuming: old)
            streaks[habit.id] = (result.currentStreak, result.strength)
            if let new = result.checkpoint, new != old, let record {
                // Only a cache: a database that cannot be written (read-only,
                // full) still answers the list.
                try? checkpoints.save(new, habit.id, record.generation)
            }
        }
        return (entries, streaks)
    }

    /// Streaks through widening windows: the date's week and about two
    /// months first, then four times as far back while a habit's streak
    /// reaches the window's edge. The strength is left unknown.
    private func windowed(_ habits: [Habit], asOf: LocalDate, monday: LocalDate, to: LocalDate)
        async throws(CommandError)
        -> ([Int64: [ProgressEntry]], [Int64: (streak: Int, strength: Double?)])
    {
        var from =
            habits.map { habit in
                min(
                    StreakWindow.start(of: habit, asOf: asOf, days: StreakWindow.initialDays),
                    monday)
            }.min() ?? monday
        var entries = try await read(habits.map(\.id), from, to)
        var streaks: [Int64: (streak: Int, strength: Double?)] = [:]
        var days = StreakWindow.initialDays
        while true {
            var open: [Habit] = []
            for habit in habits where streaks[habit.id] == nil {
                let read = entries[habit.id] ?? []
                if let streak = StreakWindow.streak(
                    of: habit, entries: read, from: max(from, habit.startDate), asOf: asOf)
                {
                    streaks[habit.id] = (streak, nil)
                } else {
                    open.append(habit)
                }
            }
            if open.isEmpty { break }
            // Four times as far back each round, down to the earliest start.
            days *= 4
            let earlier = max(
                open.map(\.startDate).min() ?? from,
                min(asOf.adding(days: -days).startOfISOWeek, from.adding(days: -7)))
            let more = try await read(open.map(\.id), earlier, from.adding(days: -1))
            for habit in open {
                entries[habit.id] = (more[habit.id] ?? []) + (entries[habit.id] ?? [])
            }
            from = earlier
        }
        return (entries, streaks)
    }
}
