import Foundation
import HabitCore

/// The text of `habits list`: a title with the day, the habits still to do,
/// then "Completed", "Skipped", "Not due" and (with --all) "Archived"
/// sections, each row with the id, name, progress, frequency and current
/// streak, in columns shared by every section.
struct HabitListView: Sendable {
    var overview: HabitOverview
    var today: LocalDate
    var style: OutputStyle
    /// When the list comes from the cache: now, to say how old it is.
    var now: Date

    /// The whole listing, ending with a newline.
    func render() -> String {
        let palette = style.palette
        var lines: [String] = [title()]
        let sections = sectioned()
        let rows = sections.map { section in section.items.map(row) }
        var widths = TextTable.widths(of: [header] + rows.flatMap { $0 })
        fitName(&widths)
        let headerLine = TextTable(rows: [header], indent: "  ").lines(widths: widths)
        lines.append("")
        lines.append(contentsOf: headerLine.map { palette.dim($0) })
        for (section, sectionRows) in zip(sections, rows) where !sectionRows.isEmpty {
            lines.append("")
            lines.append(palette.bold(section.title))
            let truncated = sectionRows.map { truncateName($0, to: widths[2]) }
            lines.append(contentsOf: TextTable(rows: truncated).lines(widths: widths))
        }
        return TextTable.text(lines)
    }

    /// "Tue 2026-03-10 (today)", and the cache's age when it is cached.
    func title() -> String {
        var title = "\(overview.date.weekday.name) \(overview.date)"
        if overview.date == today { title += " (today)" }
        if let cachedAt = overview.cachedAt {
            title +=
                " \(style.unicode ? "\u{2014}" : "--") cached, "
                + "\(HabitText.age(from: cachedAt, to: now)) old"
        }
        return style.palette.bold(title)
    }

    struct Section {
        var title: String
        var items: [HabitOverview.Item]
    }

    /// The items in display order: open, completed, skipped, not due, archived.
    func sectioned() -> [Section] {
        let active = overview.items.filter { $0.habit.status == .active }
        let archived = overview.items.filter { $0.habit.status == .archived }
        // A list, not a Set: a Set type would be set up at run time for three lookups.
        func with(_ states: [PeriodState]) -> [HabitOverview.Item] {
            active.filter { states.contains($0.completion.state) }
        }
        let isPast = overview.date < today
        return [
            Section(
                title: isPast ? "Not done" : "To do",
                items: active.filter { $0.completion.state.isToDo }),
            Section(title: "Completed", items: with([.success])),
            Section(title: "Skipped", items: with([.skipped])),
            Section(title: "Not due", items: with([.rest, .future, .beforeStart])),
            Section(title: "Archived", items: archived),
        ]
    }

    private var header: [TextTable.Cell] {
        [
            TextTable.Cell(" "), TextTable.Cell("ID", alignRight: true), TextTable.Cell("HABIT"),
            TextTable.Cell("PROGRESS"), TextTable.Cell("FREQUENCY"),
            TextTable.Cell("STREAK", alignRight: true),
            TextTable.Cell("STRENGTH", alignRight: true),
        ]
    }

    private func row(_ item: HabitOverview.Item) -> [TextTable.Cell] {
        let palette = style.palette
        let state = item.completion.state
        let mark = HabitText.mark(for: state, unicode: style.unicode)
        let paint: @Sendable (String) -> String
        switch state {
        case .success: paint = palette.green
        case .pending: paint = palette.yellow
        case .failed: paint = palette.red
        default: paint = palette.dim
        }
        return [
            TextTable.Cell(mark, paint: paint),
            TextTable.Cell("\(item.habit.id)", alignRight: true),
            TextTable.Cell(
                HabitText.label(item.habit, unicode: style.unicode),
                paint: HabitText.painted(item.habit, palette)),
            TextTable.Cell(
                HabitText.progress(item.completion, unit: item.habit.measurementType),
                paint: paint),
            TextTable.Cell(HabitText.frequency(item.habit)),
            TextTable.Cell(
                HabitText.streak(
                    item.currentStreak, of: item.habit.frequency),
                alignRight: true),
            TextTable.Cell(
                item.strength.map { "\(Int(($0 * 100).rounded()))%" } ?? "?", alignRight: true),
        ]
    }

    /// Narrows the name column so a row fits the width (names are cut with an ellipsis).
    private func fitName(_ widths: inout [Int]) {
        guard widths.count > 2 else { return }
        let total = 2 + widths.reduce(0, +) + 2 * (widths.count - 1)
        if total > style.width {
            widths[2] = max(12, widths[2] - (total - style.width))
        }
    }

    private func truncateName(_ row: [TextTable.Cell], to width: Int) -> [TextTable.Cell] {
        var row = row
        row[2].text = TextWidth.truncate(
            row[2].text, to: width, ellipsis: style.unicode ? "\u{2026}" : "...")
        return row
    }
}
