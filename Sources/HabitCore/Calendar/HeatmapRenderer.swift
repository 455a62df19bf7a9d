/// Draws a `HeatmapGrid` as text: seven rows, Monday to Sunday, of one mark
/// per day, one column per ISO week, as code-hosting sites draw contributions.
///
/// Layout, top to bottom: a heading naming the range shown (the year alone for
/// a calendar year); when the output is too narrow for every week, a line
/// saying how many of the most recent weeks are shown (older ones are left
/// out, a row never wraps); month labels, each above the week holding the
/// month's first day, left out where it would touch the next one; the seven
/// rows, each after its weekday label (`Mo` … `Su`); then a blank line and a
/// legend of the marks that appear, on one line when `width` allows, else
/// wrapped between items. Weeks are one column apart when all of them fit that
/// way (a width of 3 + 2 × weeks − 1), else side by side without spaces.
///
/// Marks come from `CalendarSymbols`, as the month calendar draws them: done,
/// missed, skipped, to do, and logged for an entry on a day without a mark of
/// its own; rest days, days before the start, future days and days outside
/// the range are blank. Today is drawn with the `today` mark.
///
/// Colour (only when `style.useColor`) follows one policy, `sgr(for:)`:
/// skipped days are dim; a day showing a result (done, missed, to do) with
/// something logged towards its period is green in one of four shades by the
/// period's value ÷ target (`shade(forShare:)`: under 1/3, under 2/3, under 1,
/// reached), darker for less; such a day with nothing logged is red when
/// missed, cyan when to do; logged marks are blue; today is bold as well.
/// Without colour every state is still told apart by its mark alone. No line
/// ends in a space or is wider than `width` (for widths of 28 and more).
public struct HeatmapRenderer: Sendable {
    /// Columns of the weekday labels, their trailing space included.
    public static let labelWidth = 3

    /// SGR parameters of the four green shades, darkest (least) first: the
    /// 256-colour palette's 22, 28, 34 and 40.
    public static let greens = ["38;5;22", "38;5;28", "38;5;34", "38;5;40"]

    public var style: CalendarStyle

    public init(style: CalendarStyle = CalendarStyle()) {
        self.style = style
    }

    /// How `weeks` columns are laid out in `width`: how many of the most
    /// recent are shown (at least one), and how many output columns each takes.
    public func layout(weeks: Int, width: Int) -> (shown: Int, cellWidth: Int) {
        let room = width - Self.labelWidth
        if 2 * weeks - 1 <= room { return (weeks, 2) }
        return (max(1, min(weeks, room)), 1)
    }

    /// `grid` drawn for an output `width` columns wide. Every line ends with a newline.
    public func render(_ grid: HeatmapGrid, width: Int) -> String {
        var output = ""
        write(grid, width: width, to: &output)
        return output
    }

    /// Writes what `render(_:width:)` returns to `target`.
    public func write(_ grid: HeatmapGrid, width: Int, to target: inout some TextOutputStream) {
        let (shown, cellWidth) = layout(weeks: grid.weeks.count, width: width)
        let firstShown = grid.weeks.count - shown
        let weeks = grid.weeks[firstShown...]
        let firstDate = weeks.first?.compactMap { $0 }.first?.date ?? grid.from
        target.write(Self.heading(from: firstDate, to: grid.to, whole: grid) + "\n")
        if shown < grid.weeks.count {
            let long = "Last \(shown) of \(grid.weeks.count) weeks (too narrow for all)"
            let short = "Last \(shown) of \(grid.weeks.count) weeks"
            target.write((long.count <= width ? long : short) + "\n")
        }
        target.write(
            monthLine(grid, firstShown: firstShown, shown: shown, cellWidth: cellWidth).text + "\n")
        for (row, weekday) in Weekday.allCases.enumerated() {
            var line = TextLine()
            line.append(weekday.twoLetterName)
            for (index, week) in weeks.enumerated() {
                line.pad(to: Self.labelWidth + index * cellWidth)
                guard let day = week[row], let mark = mark(for: day) else { continue }
                line.append(mark.character, sgr: style.useColor ? sgr(for: day) : nil)
            }
            target.write(line.text + "\n")
        }
        writeLegend(weeks.flatMap { $0.compactMap { $0 } }, width: width, to: &target)
    }

    /// "2026" for a whole calendar year, else "2025-12-02 to 2026-12-01".
    private static func heading(from: LocalDate, to: LocalDate, whole grid: HeatmapGrid)
        -> String
    {
        let isYear =
            from == grid.from && from.month == 1 && from.day == 1 && to.month == 12
            && to.day == 31 && from.year == to.year
        return isYear ? String(from.year) : "\(from) to \(to)"
    }

    /// The month labels of the shown columns. The first column is labelled
    /// with its month even when that month began earlier, if there is room.
    private func monthLine(_ grid: HeatmapGrid, firstShown: Int, shown: Int, cellWidth: Int)
        -> TextLine
    {
        var labels: [(column: Int, month: Int)] = grid.monthStarts.compactMap {
            $0.column >= firstShown ? ($0.column - firstShown, $0.month) : nil
        }
        if labels.first?.column != 0,
            let first = grid.weeks[firstShown].compactMap({ $0 }).first
        {
            labels.insert((0, first.date.month), at: 0)
        }
        let gridEnd = Self.labelWidth + shown * cellWidth
        var line = TextLine()
        for (index, label) in labels.enumerated() {
            let position = Self.labelWidth + label.column * cellWidth
            let next =
                index + 1 < labels.count
                ? Self.labelWidth + labels[index + 1].column * cellWidth : Int.max
            // Three letters and a space before the next label, within the grid.
            guard position + 4 <= next, position + 3 <= gridEnd else { continue }
            line.pad(to: position)
            line.append(HeatmapGrid.shortMonthName(label.month))
        }
        return line
    }

    // MARK: - Marks and colour

    private func kind(of day: HeatmapGrid.Day) -> CalendarMarkKind? {
        if day.isToday { return .today }
        switch day.state {
        case .success: return .success
        case .failed: return .failed
        case .skipped: return .skipped
        case .pending: return .pending
        case .future, .rest, .beforeStart: return day.hasEntry ? .logged : nil
        }
    }

    private func mark(for day: HeatmapGrid.Day) -> (kind: CalendarMarkKind, character: Character)? {
        guard let kind = kind(of: day) else { return nil }
        let symbols = style.symbols
        switch kind {
        case .success: return (kind, symbols.success)
        case .failed: return (kind, symbols.failed)
        case .skipped: return (kind, symbols.skipped)
        case .pending: return (kind, symbols.pending)
        case .logged: return (kind, symbols.logged)
        case .today: return (kind, symbols.today)
        }
    }

    /// The shade, 1 (least) to 4 (target reached), of a period whose value is
    /// `share` × its target; `nil` when nothing was logged (`share` ≤ 0).
    public static func shade(forShare share: Double) -> Int? {
        guard share > 0 else { return nil }
        if share >= 1 { return 4 }
        if share >= 2.0 / 3 { return 3 }
        if share >= 1.0 / 3 { return 2 }
        return 1
    }

    /// The SGR parameters `day` is drawn with in colour (the policy in the
    /// type's documentation), `nil` for none.
    public func sgr(for day: HeatmapGrid.Day) -> String? {
        let base: String?
        switch day.state {
        case .skipped:
            base = "2"
        case .success, .failed, .pending:
            if let shade = day.share.flatMap(Self.shade(forShare:)) {
                base = Self.greens[shade - 1]
            } else {
                base = day.state == .pending ? "36" : "31"
            }
        case .future, .rest, .beforeStart:
            base = day.hasEntry ? "34" : nil
        }
        guard day.isToday else { return base }
        return base.map { "1;\($0)" } ?? "1"
    }

    // MARK: - Legend

    /// The marks that appear in `days`, after a blank line; nothing when none does.
    private func writeLegend(
        _ days: [HeatmapGrid.Day], width: Int, to target: inout some TextOutputStream
    ) {
        var used: [(character: Character, sgr: String?)?] = Array(
            repeating: nil, count: CalendarMarkKind.allCases.count)
        var todayState: PeriodState?
        for day in days {
            guard let mark = mark(for: day) else { continue }
            if used[mark.kind.rawValue] == nil {
                used[mark.kind.rawValue] = (mark.character, legendSGR(mark.kind, day: day))
            }
            if day.isToday { todayState = day.state }
        }
        var items: [(character: Character, sgr: String?, label: String)] = []
        for (index, entry) in used.enumerated() {
            guard let entry, let kind = CalendarMarkKind(rawValue: index) else { continue }
            items.append((entry.character, entry.sgr, kind.label(todayState: todayState)))
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
            line.append(item.character, sgr: style.useColor ? item.sgr : nil)
            line.appendSpaces(1)
            line.append(item.label)
        }
        target.write(line.text + "\n")
    }

    /// A legend mark's colour: the state's own (done at full shade), today as drawn.
    private func legendSGR(_ kind: CalendarMarkKind, day: HeatmapGrid.Day) -> String? {
        switch kind {
        case .success: return Self.greens[3]
        case .failed: return "31"
        case .skipped: return "2"
        case .pending: return "36"
        case .logged: return "34"
        case .today: return sgr(for: day)
        }
    }
}
