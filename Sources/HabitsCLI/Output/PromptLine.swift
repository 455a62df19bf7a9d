import Foundation
import HabitClient
import HabitCore

/// What `habits prompt` prints: one short line about the day for a shell
/// prompt or a status bar, or waybar's JSON.
///
/// The day's planned habits are those whose period is done or still to do,
/// and the limits (at-most habits) whose period has begun (rest days,
/// skipped periods, habits not started and future days do not count). A
/// limit kept so far counts as done and one passed as not done; neither is
/// ever still to do (`DayStanding`). `{streak}` is the best current streak of the active habits,
/// `{strength}` the mean strength of the planned ones in whole percent
/// (half up); either is `?` when unknown (a cached list read on another
/// day). With nothing planned the line is empty.
struct PromptLine: Hashable, Sendable {
    /// The placeholders a format may hold.
    static let placeholders = ["done", "total", "todo", "next", "streak", "strength"]
    /// Names longer than this are cut, with an ellipsis.
    static let nameLimit = 32

    var done: Int
    var total: Int
    /// The names of the planned habits still to do, in list order.
    var open: [String]
    var streak: Int?
    var strength: Int?

    init(overview: HabitOverview) {
        let planned = overview.items.filter { $0.standing.isPlanned }
        done = planned.count { $0.standing.countsAsDone }
        total = planned.count
        open = planned.filter { $0.standing.isToDo }.map {
            Self.cut(TerminalSafeText.clean($0.habit.name))
        }
        let streaks = overview.items.map(\.currentStreak)
        streak = streaks.contains(nil) ? nil : streaks.compactMap { $0 }.max() ?? 0
        let strengths = planned.map(\.strength)
        if planned.isEmpty || strengths.contains(nil) {
            strength = nil
        } else {
            let mean = strengths.compactMap { $0 }.reduce(0, +) / Double(planned.count)
            strength = Int((mean * 100).rounded(.toNearestOrAwayFromZero))
        }
    }

    /// Checks that `format` uses only known placeholders; the unknown one else.
    static func unknownPlaceholder(in format: String) -> String? {
        var rest = Substring(format)
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { return nil }
            let name = String(rest[rest.index(after: open)..<close])
            if !placeholders.contains(name) { return "{\(name)}" }
            rest = rest[rest.index(after: close)...]
        }
        return nil
    }

    /// The line for `format` (the default when `nil`); empty when nothing is planned.
    func text(format: String?, unicode: Bool) -> String {
        guard total > 0 else { return "" }
        guard let format else {
            let mark = unicode ? "\u{2713}" : "+"
            let days = streak.flatMap { $0 > 0 ? " \($0)d" : nil } ?? ""
            return "\(done)/\(total) \(mark)\(days)"
        }
        var text = format
        let values: [String: String] = [
            "done": String(done), "total": String(total), "todo": String(open.count),
            "next": open.first ?? "", "streak": streak.map(String.init) ?? "?",
            "strength": strength.map(String.init) ?? "?",
        ]
        for (name, value) in values {
            text = text.replacingOccurrences(of: "{\(name)}", with: value)
        }
        return text
    }

    /// Waybar's custom-module object: `text`, `tooltip` (what is left),
    /// `class` (`done`, `pending` or `none`) and `percentage`.
    struct Waybar: Encodable, Hashable, Sendable {
        var text: String
        var tooltip: String
        var `class`: String
        var percentage: Int
    }

    func waybar(format: String?, unicode: Bool) -> Waybar {
        let tooltip: String
        let state: String
        if total == 0 {
            (tooltip, state) = ("Nothing planned today.", "none")
        } else if open.isEmpty {
            (tooltip, state) = ("All \(total) done.", "done")
        } else {
            (tooltip, state) = ("Still to do: " + open.joined(separator: ", "), "pending")
        }
        let percentage = total == 0 ? 0 : (done * 200 + total) / (total * 2)
        return Waybar(
            text: text(format: format, unicode: unicode), tooltip: tooltip, class: state,
            percentage: percentage)
    }

    private static func cut(_ name: String) -> String {
        name.count <= nameLimit ? name : String(name.prefix(nameLimit - 1)) + "\u{2026}"
    }
}
