import HabitClient
import HabitCore
import HabitStorage

/// The day's overview of habits (completion and current streak) as the
/// network reader (`RemoteBackend`, online-only server mode) builds it; a
/// store builds its own (`HabitRepository.overview`, for local mode, the
/// replica and the server's list).
///
/// Its I/O is `read`, the entries of some habits from one date through
/// another (a request per habit), and optional `summaries`, the streaks and
/// strengths a habits-server sends in its list. The rules are all
/// HabitCore's: the days an overview reads and its completion
/// (`OverviewWindow`) and, without summaries, for the streak, windows
/// reaching back as far as the current streak does (`StreakWindow`), so a
/// habit missed now and then needs weeks, not years.
struct OverviewBuilder: Sendable {
    /// Entries of each of `habitIDs` from `from` through `to`, by habit id.
    typealias Reader =
        @Sendable (_ habitIDs: [Int64], _ from: LocalDate, _ to: LocalDate)
        async throws(CommandError) -> [Int64: [ProgressEntry]]

    /// Current streaks and strengths of some habits as of a date, when the
    /// backend has them cheaply (a habits-server sends them in its list). `known` is what the builder already read:
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
        let window = OverviewWindow(date: date, today: today, entriesFrom: entriesFrom)
        let asOf = window.asOf
        // The date's week, and a month or block of N days reaching past it.
        let from = window.from(for: habits)
        let to = window.through(for: habits)
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
        for habit in habits {
            let read = entries[habit.id] ?? []
            guard let streak = streaks[habit.id] else {
                throw CommandError.api(.internalInconsistency("no streak for habit \(habit.id)"))
            }
            let completion =
                completions[habit.id] ?? window.completion(of: habit, entries: read)
            results.append(
                Result(
                    item: HabitOverview.Item(
                        habit: habit, completion: completion, currentStreak: streak.streak,
                        strength: streak.strength),
                    entries: read))
        }
        return results
    }

    /// Streaks through widening windows (`StreakWindow`): from `earliest`
    /// (the date's week, or the caller's earlier day) and about two months
    /// first, then four times as far back while a habit's streak reaches
    /// the window's edge. The strength is left unknown.
    private func windowed(_ habits: [Habit], asOf: LocalDate, earliest: LocalDate, to: LocalDate)
        async throws(CommandError)
        -> ([Int64: [ProgressEntry]], [Int64: (streak: Int, strength: Double?)])
    {
        var from = StreakWindow.first(of: habits, asOf: asOf, earliest: earliest)
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
            let earlier: LocalDate
            (earlier, days) = StreakWindow.widened(from: from, days: days, open: open, asOf: asOf)
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
