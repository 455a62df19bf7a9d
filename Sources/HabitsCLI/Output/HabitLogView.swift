import HabitCore

/// The text of `habits log`: a header naming the months and marking each
/// Monday and today, then one row per habit with its name, a strip of one
/// mark per day, its current streak and its strength.
///
/// ```
///              Mar                       Apr
/// HABIT        M      M      M      M    v  STREAK  STRENGTH
/// Walk         +++x++~++++++++++++++++++.   12 days       84%
/// ```
///
/// Marks are the calendar's (`CalendarSymbols`); a day without a mark of its
/// own (rest, before start, future) is blank, or the "logged" mark when it
/// holds an entry. Colour as the list paints states. When a habit has a
/// group, rows stand under group headings (`HabitGroups`: first-seen order,
/// ungrouped last), as in the list.
struct HabitLogView: Sendable {
    struct Row: Sendable {
        var item: HabitOverview.Item
        /// One state per day shown, from the first.
        var states: [PeriodState]
        /// Whether each day shown holds an entry.
        var logged: [Bool]
    }

    var rows: [Row]
    var from: LocalDate
    var count: Int
    var today: LocalDate
    var style: OutputStyle

    /// The widest name column before names are cut.
    static let maximumNameWidth = 24
    static let streakTitle = "STREAK"
    static let strengthTitle = "STRENGTH"

    /// The most days `fittingDays` gives, however wide the terminal.
    static let mostFittingDays = 60

    /// How many days fit `width` columns beside the names, streaks and
    /// strengths: at least 7, at most `mostFittingDays`.
    static func fittingDays(items: [HabitOverview.Item], width: Int) -> Int {
        let name = min(
            maximumNameWidth,
            max(5, items.map { TextWidth.of(HabitText.name($0.habit.name)) }.max() ?? 0))
        let fixed = name + 2 + 2 + 10 + 2 + strengthTitle.count
        return min(mostFittingDays, max(7, width - fixed))
    }

    func render() -> String {
        let palette = style.palette
        let symbols = style.unicode ? CalendarSymbols.unicode : CalendarSymbols.ascii
        let nameWidth = min(
            Self.maximumNameWidth,
            max(5, rows.map { TextWidth.of(HabitText.name($0.item.habit.name)) }.max() ?? 0))
        let streaks = rows.map {
            HabitText.streak($0.item.currentStreak, of: $0.item.habit)
        }
        let streakWidth = max(Self.streakTitle.count, streaks.map(TextWidth.of).max() ?? 0)
        let strengthWidth = Self.strengthTitle.count
        let pad = String(repeating: " ", count: nameWidth + 2)

        var lines = [pad + monthLine(), ""]
        lines[1] =
            TextWidth.padded("HABIT", to: nameWidth) + "  " + dayMarkLine() + "  "
            + TextWidth.padded(Self.streakTitle, to: streakWidth, right: true) + "  "
            + Self.strengthTitle
        lines[0] = TextWidth.trimmingTrailingSpaces(lines[0])
        lines = lines.map { palette.dim($0) }
        let groups = HabitGroups(Array(zip(rows, streaks))) { $0.0.item.habit.group }
        for section in groups.sections {
            if groups.hasGroups {
                lines.append(
                    palette.bold(section.name.map(HabitText.name) ?? HabitListView.ungrouped))
            }
            for (row, streak) in section.elements {
                var strip = ""
                // Without colour each cell is its mark alone: the strip is put
                // together from the marks' UTF-8 bytes, a fraction of the cost
                // of appending `Character`s to a string one by one.
                var plain: [UInt8] = []
                if !palette.enabled { plain.reserveCapacity(row.states.count * 3) }
                for (index, state) in row.states.enumerated() {
                    let mark =
                        symbols.mark(for: state)
                        ?? (row.logged[index] ? symbols.logged : " ")
                    guard palette.enabled else {
                        for byte in mark.utf8 { plain.append(byte) }
                        continue
                    }
                    var text = String(mark)
                    switch state {
                    case .success: text = palette.green(text)
                    case .failed: text = palette.red(text)
                    case .pending: text = palette.yellow(text)
                    default: text = mark == " " ? text : palette.dim(text)
                    }
                    if from.adding(days: index) == today { text = palette.bold(text) }
                    strip += text
                }
                if !palette.enabled { strip = String(decoding: plain, as: UTF8.self) }
                let name = TextWidth.truncate(
                    HabitText.name(row.item.habit.name), to: nameWidth,
                    ellipsis: style.unicode ? "\u{2026}" : "...")
                let strength = row.item.strength.map { "\(Int(($0 * 100).rounded()))%" } ?? "?"
                lines.append(
                    TextWidth.padded(name, to: nameWidth) + "  " + strip + "  "
                        + TextWidth.padded(streak, to: streakWidth, right: true) + "  "
                        + TextWidth.padded(strength, to: strengthWidth, right: true))
            }
        }
        return TextTable.text(lines)
    }

    /// Month names over the days where months begin (and over the first day
    /// when a month's first day is not shown), each kept clear of the next.
    private func monthLine() -> String {
        var line = [Character](repeating: " ", count: count)
        var free = 0
        for index in 0..<count {
            let date = from.adding(days: index)
            guard date.day == 1 || index == 0, index >= free else { continue }
            let label = Array(MonthGrid.monthNames[date.month - 1].prefix(3))
            // A label that would run into the next month's is left out.
            let next = (index + 1..<count).first { from.adding(days: $0).day == 1 } ?? Int.max
            guard index + label.count < min(next, count + 1) else { continue }
            for (offset, character) in label.enumerated() { line[index + offset] = character }
            free = index + label.count + 1
        }
        return String(line)
    }

    /// `M` under each Monday and a `v` (▾) under today.
    private func dayMarkLine() -> String {
        String(
            (0..<count).map { index -> Character in
                let date = from.adding(days: index)
                if date == today { return style.unicode ? "\u{25BE}" : "v" }
                return date.weekday == .monday ? "M" : " "
            })
    }
}
