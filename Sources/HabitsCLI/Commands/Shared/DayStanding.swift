import HabitCore

/// Where a habit stands in a day's list, as the list, the prompt and the
/// reminders read its period's state.
///
/// For an at-least habit, pending and failed are still to do. An at-most
/// habit (a limit) is never to do: pending is on track (within its limit,
/// period not over) and failed is over its limit, at once (rule 3).
enum DayStanding: Hashable, Sendable {
    case toDo
    case onTrack
    case done
    case overLimit
    case skipped
    case notDue

    init(_ state: PeriodState, goal: Goal) {
        switch state {
        case .success: self = .done
        case .pending: self = goal == .atMost ? .onTrack : .toDo
        case .failed: self = goal == .atMost ? .overLimit : .toDo
        case .skipped: self = .skipped
        case .rest, .future, .beforeStart: self = .notDue
        }
    }

    /// Whether the habit is still to do (what reminders name).
    var isToDo: Bool { self == .toDo }

    /// Whether the habit counts among the day's planned ones.
    var isPlanned: Bool {
        switch self {
        case .toDo, .onTrack, .done, .overLimit: return true
        case .skipped, .notDue: return false
        }
    }

    /// Whether the habit counts as done in a count of the day (`prompt`):
    /// a limit kept so far is, a limit broken is not.
    var countsAsDone: Bool { self == .done || self == .onTrack }
}

extension HabitOverview.Item {
    /// Where the habit stands in its period (`DayStanding`).
    var standing: DayStanding { DayStanding(completion.state, goal: habit.goal) }
}
