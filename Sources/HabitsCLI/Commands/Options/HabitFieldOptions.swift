import Foundation
import HabitCore

/// The habit-property options `add` and `edit` share: --daily/--weekly,
/// --unit, --target, --days, --start, --icon and --color, each `nil` when
/// not given (`--icon none` and `--color none` give `.some(nil)`: remove it).
struct HabitFieldOptions: Hashable, Sendable {
    var frequency: Frequency?
    var unit: String?
    var target: Decimal?
    var days: ActionDays?
    var start: LocalDate?
    var icon: String??
    var color: String??

    /// The value of --icon and --color that removes the mark.
    static let noneWord = "none"

    /// `mon` … `sun`, the words a --days list is made of.
    static let weekdayWords = Weekday.allCases.map { $0.threeLetterName.lowercased() }

    static let daily = Flag("daily", help: "The target is due on each of the habit's days.")
    static let weekly = Flag(
        "weekly", help: "The target is due once per week (Monday to Sunday).")
    static let unit = Option(
        "unit", short: "u", valueName: "unit",
        help: "What is counted: times, glasses, km, pages… (1–32 characters).")
    static let target = Option(
        "target", short: "t", valueName: "number",
        help: "How much to reach each day or week: more than 0, at most 1000000.",
        read: ArgumentValue.decimal)
    static let days = Option(
        "days", valueName: "days",
        values: ["daily", "weekdays", "weekends"] + weekdayWords, listValues: weekdayWords,
        help: "The planned days: daily, weekdays, weekends, or a list such as mon,wed,fri.",
        read: ArgumentValue.actionDays)
    static let start = Option(
        "start", valueName: "date", values: DateWords.words,
        help: "The first day that counts: YYYY-MM-DD, today, yesterday or a weekday.")
    static let icon = Option(
        "icon", valueName: "emoji",
        help: "One emoji shown before the name, such as 🏃; none removes it.")
    static let color = Option(
        "color", valueName: "#rrggbb",
        help: "The habit's colour: # and six hex digits, such as #1e90ff; none removes it.")

    static let specs: [OptionSpec] = [
        daily.spec, weekly.spec, unit.spec, target.spec, days.spec, start.spec, icon.spec,
        color.spec,
    ]

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        try arguments.requireAtMostOne(of: [Self.daily, Self.weekly])
        frequency = arguments[Self.daily] ? .daily : arguments[Self.weekly] ? .weekly : nil
        unit = arguments.value(of: Self.unit)
        target = try arguments.value(of: Self.target)
        days = try arguments.value(of: Self.days)
        start = try arguments.value(of: Self.start) { text, name throws(UsageError) in
            try ArgumentValue.date(text, argument: name, today: today)
        }
        icon = arguments.value(of: Self.icon).map { $0 == Self.noneWord ? nil : $0 }
        // Hex digits in either case, kept lower-case as the API has them.
        color = arguments.value(of: Self.color).map { $0 == Self.noneWord ? nil : $0.lowercased() }
    }

    var isEmpty: Bool {
        frequency == nil && unit == nil && target == nil && days == nil && start == nil
            && icon == nil && color == nil
    }
}
