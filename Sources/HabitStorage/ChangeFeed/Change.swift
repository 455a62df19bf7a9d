import HabitCore

/// One entry of a change feed: a habit or a day's entry as it is now, or the
/// mark of its deletion, with the number of the change that made it so.
public enum Change: Sendable, Equatable {
    case habit(Versioned<Habit>)
    case entry(habitID: Int64, Versioned<ProgressEntry>)
    /// The habit and all its entries are gone.
    case habitDeleted(habitID: Int64, number: Int64)
    case entryDeleted(habitID: Int64, date: LocalDate, number: Int64)

    /// The change's number in its owner's feed.
    public var number: Int64 {
        switch self {
        case .habit(let habit): return habit.version
        case .entry(_, let entry): return entry.version
        case .habitDeleted(_, let number), .entryDeleted(_, _, let number): return number
        }
    }

    /// The habit the change is about.
    public var habitID: Int64 {
        switch self {
        case .habit(let habit): return habit.value.id
        case .entry(let id, _), .habitDeleted(let id, _), .entryDeleted(let id, _, _): return id
        }
    }
}
