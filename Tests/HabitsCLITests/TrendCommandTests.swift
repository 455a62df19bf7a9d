import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// `habits show --trend`, in both modes: the history the backend answers
/// (`HistoryReport`, through `HabitRepository.historyReport` in local mode
/// and in server mode's replica), drawn by `TrendRenderer` or printed as
/// JSON. The habit and days are HeatmapCommandTests' (Drink water, 8 a day
/// from Sunday 2026-03-01, today Wednesday 2026-03-11).
@Suite struct TrendCommandTests {
    static let habit = Habit(
        id: 1, name: "Drink water", frequency: .daily, measurementType: "glasses",
        startDate: LocalDate("2026-03-01")!, actionDays: .everyDay, targetValue: 8)

    /// The same days as entries, for the report worked out here.
    static let entries: [ProgressEntry] = {
        let values: [(Int, Decimal)] = [
            (1, 8), (2, 8), (3, 3), (5, 8), (6, 8), (7, 10), (9, 8), (10, 8), (11, 2),
        ]
        var entries = values.map {
            ProgressEntry(date: LocalDate(year: 2026, month: 3, day: $0.0)!, value: $0.1)
        }
        entries.append(ProgressEntry(date: LocalDate("2026-03-04")!, value: 0, skipped: true))
        return entries.sorted { $0.date < $1.date }
    }()

    static func expected(asOf today: LocalDate) -> HistoryReport {
        let range = ShowCommand.trendRange(of: habit, on: today)
        return HistoryReport(
            history: HabitHistory(habit: habit, entries: entries.filter { $0.date <= today }),
            from: range.lowerBound,
            to: range.upperBound, today: today)
    }

    @Test(arguments: CLIHarness.Mode.allCases)
    func jsonIsTheHistoryAndTextItsDrawing(mode: CLIHarness.Mode) async throws {
        let cli = try await HeatmapCommandTests().seeded(mode)
        defer { cli.cleanUp() }
        let today = LocalDate("2026-03-11")!
        let json = await cli.run("show", "Drink water", "--trend", "--json")
        #expect(json.status == .success, "\(json.error)")
        let report = try JSONDecoder().decode(HistoryReport.self, from: Data(json.output.utf8))
        #expect(report == Self.expected(asOf: today))
        #expect(report.from == Self.habit.startDate)
        #expect(report.streaks.map(\.length) == [2, 3, 2])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "habit_id", "from", "to", "today", "periods", "streaks", "totals", "weekdays",
            ])

        let text = await cli.run("show", "1", "--trend")
        #expect(text.status == .success, "\(text.error)")
        let drawn = TrendRenderer(
            report: report, habit: Self.habit, width: 80, unicode: false, color: false,
            strengthBy: .week)
        #expect(text.output == drawn.render())
        #expect(text.output.contains("Strength per week: 31% now"), "\(text.output)")
        #expect(text.output.contains("  Mar 2026  "), "\(text.output)")
        // 63 logged so far of March's 31 days of 8.
        #expect(text.output.contains("  63/248\n"), "\(text.output)")

        // As of --date, the year ends there; --by sets both series.
        let earlier = await cli.run("show", "1", "--trend", "--date", "2026-03-07", "--json")
        let asOf = try JSONDecoder().decode(HistoryReport.self, from: Data(earlier.output.utf8))
        #expect(asOf == Self.expected(asOf: LocalDate("2026-03-07")!))
        let byMonth = await cli.run("show", "1", "--trend", "--by", "month")
        #expect(byMonth.output.contains("Strength per month: 31% now"), "\(byMonth.output)")
        let byWeek = await cli.run("show", "1", "--trend", "--by", "week")
        #expect(byWeek.output.contains("Totals per week (| the target)"), "\(byWeek.output)")
    }

    /// On a UTF-8 colour terminal: the sparkline's blocks and colour;
    /// with NO_COLOR, the same blocks without an escape code.
    @Test func onAUnicodeColourTerminal() async throws {
        var cli = try await HeatmapCommandTests().seeded(.local)
        defer { cli.cleanUp() }
        cli.terminal = TerminalTraits(outputIsTerminal: true, width: 120)
        cli.variables["LANG"] = "en_GB.UTF-8"
        let coloured = await cli.run("show", "1", "--trend")
        #expect(coloured.status == .success, "\(coloured.error)")
        #expect(coloured.output.contains("\u{1B}[32m\u{2581}"), "\(coloured.output)")
        cli.variables["NO_COLOR"] = "1"
        let plain = await cli.run("show", "1", "--trend")
        #expect(!plain.output.contains("\u{1B}"))
        #expect(plain.output.contains("Totals per month (\u{2502} the target)"))
        let widest = plain.output.split(separator: "\n").map { TextWidth.of(String($0)) }.max()
        #expect(widest == 80)
        let ascii = await cli.run("show", "1", "--trend", "--ascii")
        #expect(ascii.output.contains("Totals per month (| the target)"))
    }

    @Test func usageMistakes() async throws {
        let cli = try await HeatmapCommandTests().seeded(.local)
        defer { cli.cleanUp() }
        let alone = await cli.run("show", "1", "--by", "week")
        #expect(alone.status == .usage)
        #expect(
            alone.error.hasPrefix(
                "habits: Invalid value for --by: it chooses how the trend is drawn, so it needs "
                    + "--trend too."), "\(alone.error)")
        let conflict = await cli.run("show", "1", "--trend", "--heatmap")
        #expect(conflict.status == .usage)
        #expect(conflict.error.contains("--trend"), "\(conflict.error)")
        let months = await cli.run("show", "1", "--trend", "--months", "3")
        #expect(months.status == .usage)
        let period = await cli.run("show", "1", "--trend", "--by", "year")
        #expect(period.status == .usage)
        #expect(
            period.error.hasPrefix(
                "habits: Invalid value 'year' for --by: expected week or month"), "\(period.error)")
    }
}
