import HabitCore
import HabitStorage
import HabitStore

/// The day's overview of habits (completion and current streak), built the
/// same way in local and server mode.
///
/// Its I/O is `read`, the entries of some habits from one date through
/// another (one query locally, a request per habit remotely), and optional
/// `summaries`, streaks and strengths the backend can give cheaply. The rules
/// are all `HabitHistory`'s; this type only decides how much history to read:
/// the week of the date (completion needs no more) and, without summaries,
/// for the streak, windows reaching back as far as the current streak does
/// (`StreakWindow`), so a habit missed now and then needs weeks, not years.
struct OverviewBuilder: Sendable {
    /// Entries of each of `habitIDs` from `from` through `to`, by habit id.
    typealias Reader =
        @Sendable (_ habitIDs: [Int64], _ from: LocalDate, _ to: LocalDate)
        async throws(CommandError) -> [Int64: [ProgressEntry]]

    /// Current streaks and strengths of some habits as of a date, when the
    /// backend can work them out cheaply (the local store, from its history
    /// checkpoints: `HabitRepository.streakSummaries`; a habits-server, which
    /// sends them in its list). `known` is what the builder already read:
    /// every entry of the habits from `from` through `through`, so the store
    /// need not read those days again.
    typealias Summaries =
        @Sendable (_ habits: [Habit], _ asOf: LocalDate, _ known: KnownEntries)
        async throws(CommandError) -> [Int64: StreakSummary]

    /// Every entry of some habits from `from` through `through`, by habit id.
    typealias KnownEntries = (
        from: LocalDate, through: LocalDate, entries: [Int64: [ProgressEntry]]
    )

    /// One habit's part of an overview, with the entries read for it.
    struct Result: Sendable {
        var item: HabitOverview.Item
        /// Every entry read for the habit, sorted by date: at least the
        /// date's ISO week, and from `entriesFrom` on when one was given.
        var entries: [ProgressEntry]
    }

    let read: Reader
    /// With summaries, only the date's week is read; without, the streak is
    /// found through widening windows and the strength is not known.
    var summaries: Summaries? = nil

    /// Each of `habits`' completion for the period containing `date`, its
    /// current streak as of `date` (or today, when `date` is later) and,
    /// with checkpoints, its strength, in the order given. `completions` are
    /// answers the caller already has (a server's `completion_data`).
    /// `entriesFrom` asks for every entry from that day on as well (a view
    /// of recent days), read in the same query as the week's.
    func overview(
        of habits: [Habit], on date: LocalDate, today: LocalDate,
        completions: [Int64: CompletionData] = [:], entriesFrom: LocalDate? = nil
    ) async throws(CommandError) -> [Result] {
        guard !habits.isEmpty else { return [] }
        let asOf = min(date, today)
        // The date's week (its completion needs no more), or earlier.
        let from = min(date.startOfISOWeek, entriesFrom ?? date.startOfISOWeek)
        let to = max(date.startOfISOWeek.adding(days: 6), asOf)
        var entries: [Int64: [ProgressEntry]]
        var streaks: [Int64: (streak: Int, strength: Double?)] = [:]
        if let summaries {
            entries = try await read(habits.map(\.id), from, to)
            for (id, summary) in try await summaries(habits, asOf, (from, to, entries)) {
                streaks[id] = (summary.currentStreak, summary.strength)
            }
        } else {
            (entries, streaks) = try await windowed(habits, asOf: asOf, earliest: from, to: to)
        }
        var results: [Result] = []
        let week = date.startOfISOWeek
        let weekEnd = week.adding(days: 6)
        for habit in habits {
            let read = entries[habit.id] ?? []
            guard let streak = streaks[habit.id] else {
                throw CommandError.api(.internalInconsistency("no streak for habit \(habit.id)"))
            }
            // The completion depends on the date's week alone; a history of
            // just that week costs less than one of every entry read (more
            // than 7 entries cannot all be in the week).
            let completion =
                completions[habit.id]
                ?? HabitHistory(
                    habit: habit,
                    entries: read.count > 7
                        ? read.filter { $0.date >= week && $0.date <= weekEnd } : read
                ).completion(on: date, today: today)
            results.append(
                Result(
                    item: HabitOverview.Item(
                        habit: habit, completion: completion, currentStreak: streak.streak,
                        strength: streak.strength),
                    entries: read))
        }
        return results
    }

    /// Streaks through widening windows: from `earliest` (the date's week,
    /// or the caller's earlier day) and about two months first, then four times as far back while a habit's streak
    /// reaches the window's edge. The strength is left unknown.
    private func windowed(_ habits: [Habit], asOf: LocalDate, earliest: LocalDate, to: LocalDate)
        async throws(CommandError)
        -> ([Int64: [ProgressEntry]], [Int64: (streak: Int, strength: Double?)])
    {
        var from =
            habits.map { habit in
                min(
                    StreakWindow.start(of: habit, asOf: asOf, days: StreakWindow.initialDays),
                    earliest)
            }.min() ?? earliest
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

extension HabitOverview.Recent {
    /// The entries of `results` from `from` through `through`.
    init(from: LocalDate, _ results: [OverviewBuilder.Result], through: LocalDate) {
        self.from = from
        var entries: [Int64: [ProgressEntry]] = [:]
        for result in results {
            entries[result.item.habit.id] = result.entries.filter {
                $0.date >= from && $0.date <= through
            }
        }
        self.entries = entries
    }
}
