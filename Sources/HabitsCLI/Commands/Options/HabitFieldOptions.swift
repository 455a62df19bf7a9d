import Foundation
import HabitCore

/// The habit-property options `add` and `edit` share: --daily, --weekly,
/// --monthly or --every N, --at-least or --at-most, --unit, --target, --days,
/// --start, --group, --icon and --color, each `nil` when not given
/// (`--group none`, `--icon none` and `--color none` give `.some(nil)`:
/// remove it).
struct HabitFieldOptions: Hashable, Sendable {
    var frequency: Frequency?
    /// N of `--every N`: set exactly when `frequency` is `.everyNDays`.
    var periodDays: Int?
    var goal: Goal?
    var unit: String?
    var target: Decimal?
    var days: ActionDays?
    var start: LocalDate?
    var group: String??
    var icon: String??
    var color: String??

    /// The value of --group, --icon and --color that removes it.
    static let noneWord = "none"

    /// `mon` … `sun`, the words a --days list is made of.
    static let weekdayWords = Weekday.allCases.map { $0.threeLetterName.lowercased() }

    static let daily = Flag("daily", help: "The target is due on each of the habit's days.")
    static let weekly = Flag(
        "weekly", help: "The target is due once per week (Monday to Sunday).")
    static let monthly = Flag(
        "monthly", help: "The target is due once per calendar month.")
    static let every = Option(
        "every", valueName: "days",
        help: "The target is due once per N days (2–365), the first block from --start.",
        read: { text, argument throws(UsageError) in
            try readPeriodDays(text, argument: argument)
        })
    static let atLeast = Flag(
        "at-least", help: "The target is a minimum to reach (the default).")
    static let atMost = Flag(
        "at-most", help: "The target is a limit not to go over; 0 means none at all.")
    static let unit = Option(
        "unit", short: "u", valueName: "unit",
        help: "What is counted: times, glasses, km, pages… (1–32 characters).")
    static let target = Option(
        "target", short: "t", valueName: "number",
        help: "How much each period: more than 0 (0 allowed with --at-most), at most 1000000.",
        read: ArgumentValue.decimal)
    static let days = Option(
        "days", valueName: "days",
        values: ["daily", "weekdays", "weekends"] + weekdayWords, listValues: weekdayWords,
        help: "The planned days: daily, weekdays, weekends, or a list such as mon,wed,fri.",
        read: ArgumentValue.actionDays)
    static let start = Option(
        "start", valueName: "date", values: DateWords.words,
        help: "The first day that counts: YYYY-MM-DD, today, yesterday or a weekday.")
    static let group = Option(
        "group", short: "g", valueName: "group", values: [noneWord],
        help: "The group the habit is listed under (1–32 characters); none removes it.")
    static let icon = Option(
        "icon", valueName: "emoji",
        help: "One emoji shown before the name, such as 🏃; none removes it.")
    static let color = Option(
        "color", valueName: "#rrggbb",
        help: "The habit's colour: # and six hex digits, such as #1e90ff; none removes it.")

    static let specs: [OptionSpec] = [
        daily.spec, weekly.spec, monthly.spec, every.spec, atLeast.spec, atMost.spec, unit.spec,
        target.spec, days.spec, start.spec, group.spec, icon.spec, color.spec,
    ]

    /// The options `edit` names when nothing was given to change.
    static let names = [
        "--daily", "--weekly", "--monthly", "--every", "--at-least", "--at-most", "--unit",
        "--target", "--days", "--start", "--group", "--icon", "--color",
    ]

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        try arguments.requireAtMostOne(of: [Self.daily, Self.weekly, Self.monthly, Self.every])
        try arguments.requireAtMostOne(of: [Self.atLeast, Self.atMost])
        periodDays = try arguments.value(of: Self.every)
        if arguments[Self.daily] {
            frequency = .daily
        } else if arguments[Self.weekly] {
            frequency = .weekly
        } else if arguments[Self.monthly] {
            frequency = .monthly
        } else {
            frequency = periodDays == nil ? nil : .everyNDays
        }
        goal = arguments[Self.atMost] ? .atMost : arguments[Self.atLeast] ? .atLeast : nil
        unit = arguments.value(of: Self.unit)
        target = try arguments.value(of: Self.target)
        days = try arguments.value(of: Self.days)
        start = try arguments.value(of: Self.start) { text, name throws(UsageError) in
            try ArgumentValue.date(text, argument: name, today: today)
        }
        // "none" in any case removes the group: no group is called that.
        group = arguments.value(of: Self.group).map {
            $0.lowercased() == Self.noneWord ? nil : $0
        }
        icon = arguments.value(of: Self.icon).map { $0 == Self.noneWord ? nil : $0 }
        // Hex digits in either case, kept lower-case as the API has them.
        color = arguments.value(of: Self.color).map { $0 == Self.noneWord ? nil : $0.lowercased() }
    }

    /// N of `--every N`: a whole number in `HabitFields.periodDaysRange`,
    /// else a usage error (exit 64) before anything is sent.
    static func readPeriodDays(_ text: String, argument: String) throws(UsageError) -> Int {
        guard let value = Int(text), HabitFields.periodDaysRange.contains(value) else {
            throw CommandError.invalidPeriodDays(text, argument: argument)
        }
        return value
    }

    var isEmpty: Bool {
        frequency == nil && goal == nil && unit == nil && target == nil && days == nil
            && start == nil && group == nil && icon == nil && color == nil
    }
}
