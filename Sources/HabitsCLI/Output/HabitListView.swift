import Foundation
import HabitCore

/// The text of `habits list`: a title with the day, the habits still to do,
/// then "On track" (limits kept so far), "Completed", "Over the limit",
/// "Skipped", "Not due" and (with --all) "Archived" sections, each row with
/// the id, name, progress, frequency and current streak, in columns shared
/// by every section. When a habit has a group, the sections stand under
/// group headings (`HabitGroups`: first-seen order, ungrouped last).
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
        let groups = HabitGroups(overview.items) { $0.habit.group }
        let arranged = groups.sections.map { group in
            (name: group.name, sections: sectioned(group.elements))
        }
        let rows = arranged.map { group in group.sections.map { $0.items.map(row) } }
        var widths = TextTable.widths(of: [header] + rows.flatMap { $0.flatMap { $0 } })
        fitName(&widths)
        let headerLine = TextTable(rows: [header], indent: "  ").lines(widths: widths)
        lines.append("")
        lines.append(contentsOf: headerLine.map { palette.dim($0) })
        let headed = groups.hasGroups
        for (group, groupRows) in zip(arranged, rows) {
            if headed {
                lines.append("")
                lines.append(palette.bold(group.name.map(HabitText.name) ?? Self.ungrouped))
            }
            for (section, sectionRows) in zip(group.sections, groupRows) where !sectionRows.isEmpty
            {
                if !headed { lines.append("") }
                lines.append(headed ? section.title : palette.bold(section.title))
                let truncated = sectionRows.map { truncateName($0, to: widths[2]) }
                lines.append(contentsOf: TextTable(rows: truncated).lines(widths: widths))
            }
        }
        return TextTable.text(lines)
    }

    /// The heading of the habits without a group, when others have one.
    static let ungrouped = "No group"

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

    /// The items in display order: open, on track, completed, over the
    /// limit, skipped, not due, archived.
    func sectioned(_ items: [HabitOverview.Item]? = nil) -> [Section] {
        let items = items ?? overview.items
        let active = items.filter { $0.habit.status == .active }
        let archived = items.filter { $0.habit.status == .archived }
        func with(_ standing: DayStanding) -> [HabitOverview.Item] {
            active.filter { $0.standing == standing }
        }
        let isPast = overview.date < today
        return [
            Section(title: isPast ? "Not done" : "To do", items: with(.toDo)),
            Section(title: isPast ? "Within the limit" : "On track", items: with(.onTrack)),
            Section(title: "Completed", items: with(.done)),
            Section(title: "Over the limit", items: with(.overLimit)),
            Section(title: "Skipped", items: with(.skipped)),
            Section(title: "Not due", items: with(.notDue)),
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
            TextTable.Cell(Self.progress(item), paint: paint),
            TextTable.Cell(HabitText.frequency(item.habit)),
            TextTable.Cell(
                HabitText.streak(item.currentStreak, of: item.habit),
                alignRight: true),
            TextTable.Cell(
                item.strength.map { "\(Int(($0 * 100).rounded()))%" } ?? "?", alignRight: true),
        ]
    }

    /// The progress column: "3/8 glasses"; for a limit kept so far, with
    /// what is left of it ("1/2 cups, 1 left").
    static func progress(_ item: HabitOverview.Item) -> String {
        let progress = HabitText.progress(item.completion, unit: item.habit.measurementType)
        guard item.standing == .onTrack else { return progress }
        return progress + ", \(HabitText.number(item.completion.remaining)) left"
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
