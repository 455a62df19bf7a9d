/// Draws month grids as text in the manner of cal(1).
///
/// A month is a block 21 columns wide: the title centred, the weekday header
/// `Mo Tu We Th Fr Sa Su`, then one row per week where each day is its number
/// (two columns, right-aligned) followed by its mark (one column). Months sit
/// side by side, three columns apart, as many as `width` allows (at most
/// `maximumMonthsAcross`), else they are stacked with a blank line between.
/// Below them a legend names the marks that appear, and today's state.
///
/// Today is drawn with the `today` mark instead of its own, so it stands out
/// without colour; with colour its number is also shown in reverse video.
/// No line ends in a space, and every week row of a month has the same width,
/// so months side by side stay aligned.
public struct CalendarRenderer: Sendable {
    /// Columns of one month: seven days of three columns.
    public static let monthWidth = 21
    /// Blank columns between months side by side.
    public static let gap = 3

    public var style: CalendarStyle
    /// The most months drawn side by side, however wide the output.
    public var maximumMonthsAcross: Int

    public init(style: CalendarStyle = CalendarStyle(), maximumMonthsAcross: Int = 3) {
        self.style = style
        self.maximumMonthsAcross = maximumMonthsAcross
    }

    /// How many of `count` months fit side by side in `width` columns (at least one).
    public func monthsAcross(count: Int, width: Int) -> Int {
        let fitting = (width + Self.gap) / (Self.monthWidth + Self.gap)
        return max(1, min(count, maximumMonthsAcross, fitting))
    }

    /// `months` drawn for an output `width` columns wide, each titled with its
    /// month and year, then the legend. Every line ends with a newline.
    public func render(_ months: [MonthGrid], width: Int) -> String {
        var output = ""
        write(months, width: width, to: &output)
        return output
    }

    /// Writes what `render(_:width:)` returns to `target`, line by line.
    public func write(_ months: [MonthGrid], width: Int, to target: inout some TextOutputStream) {
        guard !months.isEmpty else { return }
        writeBands(months, width: width, yearTitles: false, to: &target)
        writeLegend(for: months, width: width, to: &target)
    }

    /// The twelve months of `year` with the year as a centred heading and each
    /// month titled by its name alone, in rows of up to three, then the legend.
    public func renderYear(
        _ year: Int, history: HabitHistory, today: LocalDate, width: Int
    ) -> String {
        var output = ""
        writeYear(year, history: history, today: today, width: width, to: &output)
        return output
    }

    /// Writes what `renderYear(_:history:today:width:)` returns to `target`.
    public func writeYear(
        _ year: Int, history: HabitHistory, today: LocalDate, width: Int,
        to target: inout some TextOutputStream
    ) {
        let months = MonthGrid.year(year, history: history, today: today)
        guard !months.isEmpty else { return }
        let across = monthsAcross(count: months.count, width: width)
        let bandWidth = across * Self.monthWidth + (across - 1) * Self.gap
        var heading = TextLine()
        let title = String(year)
        heading.appendSpaces((bandWidth - title.count) / 2)
        heading.append(title)
        target.write(heading.text + "\n\n")
        writeBands(months, width: width, yearTitles: true, to: &target)
        writeLegend(for: months, width: width, to: &target)
    }

    // MARK: - Layout

    private func writeBands(
        _ months: [MonthGrid], width: Int, yearTitles: Bool,
        to target: inout some TextOutputStream
    ) {
        let across = monthsAcross(count: months.count, width: width)
        var start = 0
        while start < months.count {
            if start > 0 { target.write("\n") }
            let band = months[start..<min(start + across, months.count)]
            let blocks = band.map { block(for: $0, title: yearTitles ? $0.monthName : $0.title) }
            let height = blocks.map(\.count).max() ?? 0
            for row in 0..<height {
                var line = TextLine()
                for (index, block) in blocks.enumerated() {
                    line.pad(to: index * (Self.monthWidth + Self.gap))
                    if row < block.count { line.append(block[row]) }
                }
                target.write(line.text)
                target.write("\n")
            }
            start += across
        }
    }

    /// The lines of one month: title, header, then one per week.
    private func block(for grid: MonthGrid, title: String) -> [TextLine] {
        var lines: [TextLine] = []
        lines.reserveCapacity(grid.weeks.count + 2)
        var heading = TextLine()
        heading.appendSpaces((Self.monthWidth - title.count) / 2)
        heading.append(title)
        lines.append(heading)
        lines.append(Self.weekdayHeader)
        for week in grid.weeks {
            var line = TextLine()
            for cell in week {
                guard let day = cell else {
                    line.appendSpaces(3)
                    continue
                }
                let digits = Self.digits[day.date.day]
                if day.isToday && style.useColor {
                    line.append(digits, sgr: "7")
                } else {
                    line.append(digits)
                }
                if let mark = mark(for: day) {
                    line.append(mark.character, sgr: style.useColor ? mark.sgr : nil)
                } else {
                    line.appendSpaces(1)
                }
            }
            lines.append(line)
        }
        return lines
    }

    private static let weekdayHeader: TextLine = {
        var line = TextLine()
        for (index, day) in Weekday.allCases.enumerated() {
            if index > 0 { line.appendSpaces(1) }
            line.append(day.twoLetterName)
        }
        return line
    }()

    /// Day numbers as drawn: " 1" … "31".
    private static let digits: [String] = (0...31).map { $0 < 10 ? " \($0)" : "\($0)" }

    // MARK: - Marks

    private struct Mark {
        var kind: CalendarMarkKind
        var character: Character
        /// ANSI SGR parameters when drawn in colour.
        var sgr: String
    }

    private func mark(for day: MonthGrid.Day) -> Mark? {
        if day.isToday {
            let stateColor = stateMark(day.state)?.sgr
            return Mark(
                kind: .today, character: style.symbols.today,
                sgr: stateColor.map { "1;\($0)" } ?? "1")
        }
        if let mark = stateMark(day.state) { return mark }
        if day.hasEntry {
            return Mark(kind: .logged, character: style.symbols.logged, sgr: "34")
        }
        return nil
    }

    private func stateMark(_ state: PeriodState) -> Mark? {
        let symbols = style.symbols
        switch state {
        case .success: return Mark(kind: .success, character: symbols.success, sgr: "32")
        case .failed: return Mark(kind: .failed, character: symbols.failed, sgr: "31")
        case .skipped: return Mark(kind: .skipped, character: symbols.skipped, sgr: "33")
        case .pending: return Mark(kind: .pending, character: symbols.pending, sgr: "36")
        case .future, .rest, .beforeStart: return nil
        }
    }

    // MARK: - Legend

    /// One line naming the marks that appear in `months` (wrapped only when
    /// `width` is too narrow for it), after a blank line; nothing when no day
    /// carries a mark.
    private func writeLegend(
        for months: [MonthGrid], width: Int, to target: inout some TextOutputStream
    ) {
        var used: [Mark?] = Array(repeating: nil, count: CalendarMarkKind.allCases.count)
        var todayState: PeriodState?
        for grid in months {
            for week in grid.weeks {
                for case let day? in week {
                    guard let mark = mark(for: day) else { continue }
                    used[mark.kind.rawValue] = mark
                    if day.isToday { todayState = day.state }
                }
            }
        }
        var items: [(mark: Mark, label: String)] = []
        for case let mark? in used {
            items.append((mark, mark.kind.label(todayState: todayState)))
        }
        guard !items.isEmpty else { return }
        target.write("\n")
        var line = TextLine()
        for item in items {
            let itemWidth = 2 + item.label.count
            if line.width > 0 {
                if line.width + 2 + itemWidth > width {
                    target.write(line.text + "\n")
                    line = TextLine()
                } else {
                    line.appendSpaces(2)
                }
            }
            line.append(item.mark.character, sgr: style.useColor ? item.mark.sgr : nil)
            line.appendSpaces(1)
            line.append(item.label)
        }
        target.write(line.text + "\n")
    }
}
