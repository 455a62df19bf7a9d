import HabitCore

/// The candidates of an occurrence claim that SQL left undecided (a
/// planned day with entries in its period: `OccurrenceClaim.stateSQL`'s
/// 0), and which of them are due: once for both stores.
///
/// The entries read are each candidate habit's from the first day of the
/// earliest candidate's period through the last day of the latest's
/// (`OverviewWindow.from(for:)`/`through(for:)`: a weekly habit's state
/// needs its whole week, a monthly one's its month, an every-N-days one's
/// its block); `isDue` then weighs each candidate's history
/// (`ReminderDue`'s rule, the runner's).
package struct UndecidedOccurrences: Sendable {
    /// An occurrence SQL could not decide.
    package struct Candidate: Sendable {
        package var habit: Habit
        package var date: LocalDate
        package var instant: Int64

        package init(habit: Habit, date: LocalDate, instant: Int64) {
            self.habit = habit
            self.date = date
            self.instant = instant
        }
    }

    /// An occurrence found due, to be claimed.
    package struct Due: Hashable, Sendable {
        package var habitID: Int64
        package var instant: Int64
    }

    /// The entries `due` needs: of these habits (ascending ids), dates
    /// `from` through `to`.
    package struct EntryRange: Hashable, Sendable {
        package var habitIDs: [Int64]
        package var from: LocalDate
        package var to: LocalDate
    }

    package var candidates: [Candidate]

    package init(_ candidates: [Candidate]) {
        self.candidates = candidates
    }

    /// The entries to read, or `nil` when there is no candidate (and so
    /// nothing to read).
    package var entryRange: EntryRange? {
        guard !candidates.isEmpty else { return nil }
        var from = LocalDate.latest
        var to = LocalDate.earliest
        for candidate in candidates {
            let window = OverviewWindow(date: candidate.date, today: candidate.date)
            from = min(from, window.from(for: [candidate.habit]))
            to = max(to, window.through(for: [candidate.habit]))
        }
        return EntryRange(
            habitIDs: Set(candidates.map(\.habit.id)).sorted(), from: from, to: to)
    }

    /// The candidates `isDue` finds due with the habit's entries of
    /// `entryRange`, in the candidates' order.
    package func due(
        entries: [Int64: [ProgressEntry]], isDue: (HabitHistory, LocalDate) -> Bool
    ) -> [Due] {
        candidates.filter {
            isDue(HabitHistory(habit: $0.habit, entries: entries[$0.habit.id] ?? []), $0.date)
        }.map { Due(habitID: $0.habit.id, instant: $0.instant) }
    }

    /// The due candidates, reading the entries of `entryRange` with
    /// `read` (the store's statement), only when there are candidates.
    package func due(
        reading read: (EntryRange) throws(StoreError) -> [Int64: [ProgressEntry]],
        isDue: (HabitHistory, LocalDate) -> Bool
    ) throws(StoreError) -> [Due] {
        guard let range = entryRange else { return [] }
        return due(entries: try read(range), isDue: isDue)
    }
}
