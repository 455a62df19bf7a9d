import Foundation
import HabitCore

/// The text of `habits show --trend`: a habit's `HistoryReport` drawn as a
/// title, its strength as a sparkline, its totals as bars against the
/// target, its longest streaks and its weekday profile.
///
/// Pure: the report, the habit it is of, the width, the character set and
/// whether to colour are all it reads. Lines never pass 80 columns, nor a
/// narrower `width`. The strength is the one after the last period begun by
/// the end of each week or month (the one `HistoryReport` gives); the
/// buckets are the report's `totals`, so strength and totals line up. The
/// habit's name is the one text not ours, cleaned (`HabitText.label`).
struct TrendRenderer: Sendable {
    /// How long a point of the sparkline or a bar of the totals is.
    enum Granularity: String, CaseIterable, Sendable {
        case week, month

        /// What `show --trend` draws the strength by, unless told: weeks
        /// for a habit whose period is shorter than a month (a year is then
        /// 53 points), months for a monthly habit or one of 28 days or more
        /// (a week would repeat its period's strength four times).
        static func strength(of habit: Habit) -> Granularity {
            switch habit.frequency {
            case .daily, .weekly: return .week
            case .monthly: return .month
            case .everyNDays: return (habit.periodDays ?? 1) >= 28 ? .month : .week
            }
        }

        /// The period word for headings: "week", "month".
        var word: String {
            HabitText.period(self == .week ? .weekly : .monthly, days: nil)
        }
    }

    var report: HistoryReport
    var habit: Habit
    var width: Int
    var unicode: Bool
    var color: Bool
    var trueColor = false
    /// The sparkline's points.
    var strengthBy: Granularity
    /// The bars of the totals: months by default, so a year is a dozen lines.
    var totalsBy: Granularity = .month

    /// The widest output, whatever the terminal.
    static let maximumWidth = 80
    /// How many streaks are listed.
    static let streakCount = 5
    /// The sparkline's eight levels, lowest first.
    static let unicodeLevels = Array("▁▂▃▄▅▆▇█")
    static let asciiLevels = Array("_.:-=+*#")

    private var columns: Int { max(40, min(width, Self.maximumWidth)) }
    private var palette: Palette { Palette(enabled: color, trueColor: trueColor) }
    private var full: String { unicode ? "█" : "#" }
    private var marker: String { unicode ? "│" : "|" }

    func render() -> String {
        var lines = title()
        let strengthBuckets = buckets(strengthBy)
        guard !report.periods.isEmpty, !strengthBuckets.isEmpty else {
            lines.append("")
            lines.append("  Nothing counted yet from \(report.from) to \(report.to).")
            return lines.map(TextWidth.trimmingTrailingSpaces).joined(separator: "\n") + "\n"
        }
        lines.append("")
        lines += strength(strengthBuckets)
        lines.append("")
        lines += totals(buckets(totalsBy))
        lines.append("")
        lines += streaks()
        lines.append("")
        lines += weekdays()
        return lines.map(TextWidth.trimmingTrailingSpaces).joined(separator: "\n") + "\n"
    }

    // MARK: Sections

    /// The habit as `show` titles it, then its target, schedule and range.
    private func title() -> [String] {
        let separator = unicode ? " \u{00B7} " : ", "
        let label = TextWidth.truncate(
            "#\(habit.id) " + HabitText.label(habit, unicode: unicode), to: columns,
            ellipsis: unicode ? "…" : "...")
        let about =
            "  " + HabitText.target(habit)
            + (HabitText.schedule(habit).map { separator + $0 } ?? "") + separator
            + "\(report.from) to \(report.to)"
        return [
            HabitText.painted(habit, palette)(palette.bold(label)),
            TextWidth.truncate(about, to: columns, ellipsis: unicode ? "…" : "..."),
        ]
    }

    /// "Strength per week: 46% now", the sparkline, its first and last labels.
    private func strength(_ all: [Bucket]) -> [String] {
        let room = columns - 2
        let shown = Array(all.suffix(room))
        let levels = unicode ? Self.unicodeLevels : Self.asciiLevels
        let line = String(
            shown.map { bucket -> Character in
                guard let strength = bucket.strength else { return " " }
                let level = Int(strength * Double(levels.count))
                return levels[min(levels.count - 1, max(0, level))]
            })
        let current = report.periods.last { $0.start <= min(report.today, report.to) }
        let percent = Int(((current?.strength ?? 0) * 100).rounded())
        var heading = "Strength per \(strengthBy.word): \(percent)% now"
        if shown.count < all.count {
            heading += " (the last \(shown.count) of \(all.count))"
        }
        let first = label(shown[0].start, strengthBy)
        let last = label(shown[shown.count - 1].start, strengthBy)
        let gap = max(1, shown.count - TextWidth.of(first) - TextWidth.of(last))
        let labels = shown.count == 1 ? first : first + String(repeating: " ", count: gap) + last
        return [
            palette.bold(heading), "  " + paint(line),
            "  " + (TextWidth.of(labels) > room ? first : labels),
        ]
    }

    /// "Totals per month (| the target)", one bar a week or month.
    private func totals(_ buckets: [Bucket]) -> [String] {
        let numbers = buckets.map {
            HabitText.number($0.value) + "/" + HabitText.number($0.target)
        }
        let numberWidth = numbers.map(TextWidth.of).max() ?? 0
        let labels = buckets.map { label($0.start, totalsBy) }
        let labelWidth = labels.map(TextWidth.of).max() ?? 0
        // Indent, label, gap, bar (one cell more than its scale, for a
        // marker at the top), gap, numbers.
        let cells = max(1, columns - 2 - labelWidth - 2 - 1 - 2 - numberWidth)
        let scale = buckets.map { max(Self.double($0.value), Self.double($0.target)) }.max() ?? 0
        var lines = [palette.bold("Totals per \(totalsBy.word) (\(marker) the target)")]
        for (index, bucket) in buckets.enumerated() {
            let length = Self.cells(Self.double(bucket.value), of: scale, in: cells)
            let target = Self.cells(Self.double(bucket.target), of: scale, in: cells)
            // Cells 0…cells: the bar over the first `length`, the marker on
            // cell `target` (over the bar when the total passed it).
            let before = min(length, target)
            let after = max(0, length - target - 1)
            let bar =
                paint(String(repeating: full, count: before))
                + String(repeating: " ", count: target - before) + palette.dim(marker)
                + paint(String(repeating: full, count: after))
                + String(repeating: " ", count: cells - target - after)
            lines.append(
                "  " + TextWidth.padded(labels[index], to: labelWidth) + "  " + bar + "  "
                    + TextWidth.padded(numbers[index], to: numberWidth, right: true))
        }
        return lines
    }

    /// "Longest streaks": up to five, longest first (the later of two as
    /// long), each with its days and length.
    private func streaks() -> [String] {
        let heading = palette.bold("Longest streaks")
        let longest = report.streaks.enumerated().sorted {
            ($0.element.length, $0.offset) > ($1.element.length, $1.offset)
        }.prefix(Self.streakCount).map(\.element)
        guard let top = longest.first?.length else { return [heading, "  none yet"] }
        let days = longest.map { streak in
            streak.start == streak.end
                ? Self.day(streak.start, today: report.today)
                : HabitText.dayRange(streak.start...streak.end, today: report.today)
        }
        let lengths = longest.map { HabitText.periods($0.length, of: habit) }
        let dayWidth = days.map(TextWidth.of).max() ?? 0
        let lengthWidth = lengths.map(TextWidth.of).max() ?? 0
        let cells = max(1, columns - 2 - dayWidth - 2 - 2 - lengthWidth)
        var lines = [heading]
        for (index, streak) in longest.enumerated() {
            let length = max(1, Self.cells(Double(streak.length), of: Double(top), in: cells))
            lines.append(
                "  " + TextWidth.padded(days[index], to: dayWidth) + "  "
                    + paint(String(repeating: full, count: length))
                    + String(repeating: " ", count: cells - length) + "  "
                    + TextWidth.padded(lengths[index], to: lengthWidth, right: true))
        }
        return lines
    }

    /// "Weekdays (days logged/planned)": Monday to Sunday, a bar of the
    /// share of planned days something was logged on.
    private func weekdays() -> [String] {
        let numbers = report.weekdays.map { "\($0.logged)/\($0.planned)" }
        let numberWidth = numbers.map(TextWidth.of).max() ?? 0
        let cells = max(1, columns - 2 - 3 - 2 - 2 - numberWidth)
        var lines = [palette.bold("Weekdays (days logged/planned)")]
        for (index, count) in report.weekdays.enumerated() {
            let name = Weekday(rawValue: count.weekday)?.threeLetterName ?? "\(count.weekday)"
            let share =
                count.planned > 0 ? min(1, Double(count.logged) / Double(count.planned)) : 0
            let length = Self.cells(share, of: 1, in: cells)
            lines.append(
                "  " + name + "  " + paint(String(repeating: full, count: length))
                    + String(repeating: " ", count: cells - length) + "  "
                    + TextWidth.padded(numbers[index], to: numberWidth, right: true))
        }
        return lines
    }

    // MARK: Buckets

    /// A week or month: its first day, the total logged and its target, and
    /// the strength after the last period begun by its end (`nil` before
    /// the first).
    struct Bucket: Hashable, Sendable {
        var start: LocalDate
        var value: Decimal
        var target: Decimal
        var strength: Double?
    }

    /// The report's weeks or months with their strength.
    func buckets(_ granularity: Granularity) -> [Bucket] {
        let totals = granularity == .week ? report.totals.weeks : report.totals.months
        var index = 0
        var strength: Double?
        return totals.map { total in
            while index < report.periods.count, report.periods[index].start <= total.end {
                strength = report.periods[index].strength
                index += 1
            }
            return Bucket(
                start: total.start, value: total.value, target: total.target, strength: strength)
        }
    }

    // MARK: Drawing

    /// A week's first day ("2026-03-09") or a month ("Mar 2026").
    private func label(_ start: LocalDate, _ granularity: Granularity) -> String {
        switch granularity {
        case .week: return start.description
        case .month: return "\(HeatmapGrid.shortMonthName(start.month)) \(start.year)"
        }
    }

    /// "Mar 5", "Mar 5 2025": one day as `HabitText.dayRange` says its ends.
    private static func day(_ date: LocalDate, today: LocalDate) -> String {
        let text = "\(HeatmapGrid.shortMonthName(date.month)) \(date.day)"
        return date.year == today.year ? text : "\(text) \(date.year)"
    }

    /// `text` in the habit's colour, else green, when colour is on.
    private func paint(_ text: String) -> String {
        habit.color == nil ? palette.green(text) : HabitText.painted(habit, palette)(text)
    }

    /// How many of `cells` cells `value` fills when `scale` fills them all.
    private static func cells(_ value: Double, of scale: Double, in cells: Int) -> Int {
        guard scale > 0, value > 0 else { return 0 }
        return min(cells, Int((value / scale * Double(cells)).rounded()))
    }

    private static func double(_ value: Decimal) -> Double {
        NSDecimalNumber(decimal: value).doubleValue
    }
}
