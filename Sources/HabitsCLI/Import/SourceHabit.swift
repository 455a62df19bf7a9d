import Foundation
import HabitCore

/// A habit as another tracker (or an export of ours) describes it, before it
/// is mapped to this tracker's model.
///
/// Parsers fill in what their format says and nothing more; `HabitMapping`
/// decides how that becomes a `Habit` and reports each approximation.
struct SourceHabit: Hashable, Sendable {
    /// How often the source tracker expects the habit.
    enum Schedule: Hashable, Sendable {
        /// `times` times per rolling window of `days` days (harsh `T/I`, Loop
        /// `num/den`, habitctl's every-N-days is `1` per `N`).
        case times(Int, perDays: Int)
        /// Tracked only, no goal (harsh `0`).
        case trackedOnly
        /// Our own model, exactly (the `habits` export).
        case exact(Habit)
    }

    /// A numeric goal (Loop's numeric habits, harsh habits logged with amounts).
    struct Amounts: Hashable, Sendable {
        var unit: String
        /// The goal per period in `unit`; `nil` keeps the schedule's count.
        var target: Decimal?
        /// Loop's "at most" habits: the target is a limit (`Goal.atMost`).
        var atMost: Bool = false
    }

    var name: String
    var schedule: Schedule
    /// Whether a window of 30 or 31 days is the source's month: Loop's
    /// picker writes "X times per month" as X/30, while harsh's and
    /// habitctl's windows are only days.
    var windowOfAMonth = false
    var amounts: Amounts?
    var archived: Bool = false
    /// The heading the source lists the habit under (harsh's `!` lines), as
    /// written: the mapping makes it a valid group or reports why not.
    var group: String?
    /// The day the habit ended in the source (harsh's end date).
    var endDate: LocalDate?
    /// Text this tracker has no field for (Loop's description), reported when not empty.
    var description: String = ""
    /// One item per day, in the order the source gave them; the mapping keeps
    /// the last one of a day.
    var entries: [SourceEntry] = []
}

/// One day of a source habit.
struct SourceEntry: Hashable, Sendable {
    enum Mark: Hashable, Sendable {
        /// Done (harsh `y`, Loop yes): reaches the target.
        case done
        /// Marked skipped.
        case skipped
        /// Not done, unknown or filled in automatically: no entry.
        case none
        /// A numeric value in the habit's unit.
        case amount(Decimal)
        /// An entry of our own model, exactly.
        case exact(ProgressEntry)
    }

    var date: LocalDate
    var mark: Mark
    /// An amount logged beside a yes/no mark (harsh's fifth field).
    var amount: Decimal?
    /// A comment or note, as the source has it: the mapping makes it a valid
    /// note (`ProgressEntry.note(fitting:)`).
    var note: String?

    init(date: LocalDate, mark: Mark, amount: Decimal? = nil, note: String? = nil) {
        self.date = date
        self.mark = mark
        self.amount = amount
        self.note = note
    }
}

/// What a parser read: the habits, and each line or record it had to leave
/// out, as one sentence naming where it is.
struct SourceDocument: Hashable, Sendable {
    var habits: [SourceHabit]
    var skipped: [String] = []
}
