/// What a calendar or heatmap mark stands for, in legend order, and how the
/// legend names it.
enum CalendarMarkKind: Int, CaseIterable, Sendable {
    case success, failed, skipped, pending, logged, today

    /// The legend's word for this mark; today's names the state it stands in.
    func label(todayState: PeriodState?) -> String {
        switch self {
        case .success: return "done"
        case .failed: return "missed"
        case .skipped: return "skipped"
        case .pending: return "to do"
        case .logged: return "logged"
        case .today:
            switch todayState {
            case .success: return "today: done"
            case .skipped: return "today: skipped"
            case .pending: return "today: to do"
            case .failed: return "today: missed"
            case .rest: return "today: rest day"
            case .beforeStart: return "today: not started"
            case .future, nil: return "today"
            }
        }
    }
}
