import Foundation
import HabitCore
import Testing

@Suite struct HeatmapRendererTests {
    typealias F = HistoryFixture
    typealias C = CalendarFixture
    typealias H = HeatmapFixture

    private func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    private func year(_ year: Int, _ history: HabitHistory, today: LocalDate) throws -> HeatmapGrid
    {
        try #require(HeatmapGrid.year(year, history: history, today: today))
    }

    @Test(arguments: [
        (53, 80, 53, 1), (53, 107, 53, 1), (53, 108, 53, 2), (53, 200, 53, 2), (53, 56, 53, 1),
        (53, 55, 52, 1), (53, 40, 37, 1), (54, 40, 37, 1), (53, 2, 1, 1), (10, 22, 10, 2),
    ])
    func layout(_ weeks: Int, _ width: Int, _ shown: Int, _ cellWidth: Int) {
        let layout = HeatmapRenderer().layout(weeks: weeks, width: width)
        #expect(layout.shown == shown && layout.cellWidth == cellWidth)
    }

    @Test func monthLabelsStartAboveTheWeekOfTheFirst() throws {
        let grid = try year(2026, H.daily, today: H.today)
        let compact = lines(HeatmapRenderer().render(grid, width: 80))
        #expect(compact[0] == "2026")
        #expect(compact[1] == "   Jan Feb Mar  Apr May  Jun Jul Aug  Sep Oct Nov  Dec")
        // Spaced out: each week two columns wide, so a label at 3 + 2 × column.
        let spaced = lines(HeatmapRenderer().render(grid, width: 200))[1]
        let columns = [0, 4, 8, 13, 17, 22, 26, 30, 35, 39, 43, 48]
        for (month, column) in zip(1...12, columns) {
            let name = HeatmapGrid.shortMonthName(month)
            let start = spaced.index(spaced.startIndex, offsetBy: 3 + 2 * column)
            #expect(spaced[start...].hasPrefix(name), "\(name) in \(spaced.debugDescription)")
        }
    }

    /// The twelve months ending Tuesday 2026-12-01 begin in a December: its
    /// label stands over the first week, there being room before January's;
    /// December 2026 begins in the last week, too narrow for a label.
    @Test func aPartialFirstMonthIsLabelledWhenThereIsRoom() {
        let today = F.day("2026-12-01")
        let grid = HeatmapGrid.twelveMonths(endingWith: today, history: H.daily, today: today)
        let text = lines(HeatmapRenderer().render(grid, width: 80))
        #expect(text[0] == "2025-12-02 to 2026-12-01")
        #expect(text[1].hasPrefix("   Dec Jan Feb"))
        #expect(text[1].hasSuffix("Nov"))
        #expect(grid.weeks[0][0] == nil)  // Monday 2025-12-01 is outside the range
    }

    /// Daily, every day, from Wednesday 2026-07-15, today Friday the 17th:
    /// nothing is drawn before the start but the entry logged on the 10th.
    @Test func aHabitStartingMidYear() throws {
        let habit = F.habit(.daily, start: "2026-07-15")
        let history = F.history(habit, [F.done("2026-07-10", "1"), F.done("2026-07-15", "1")])
        let text = lines(
            HeatmapRenderer().render(
                try year(2026, history, today: F.day("2026-07-17")), width: 80))
        // The week of 13 July is column 28, drawn at 3 + 28.
        #expect(text[2] == "Mo")
        #expect(text[3] == "Tu")
        #expect(text[4] == "We" + String(repeating: " ", count: 29) + "+")
        #expect(text[5] == "Th" + String(repeating: " ", count: 29) + "x")
        #expect(text[6] == "Fr" + String(repeating: " ", count: 28) + "o<")
        #expect(text[7] == "Sa")
        #expect(text[8] == "Su")
        #expect(text[9] == "")
        #expect(text[10] == "+ done  x missed  o logged  < today: to do")
        #expect(text.count == 12)  // and the final newline
    }

    /// Tue/Thu weekly from 2026-11-04, today Wednesday 11-25 (columns 44–47):
    /// both action days show their week's result, as the month calendar does.
    @Test func weeklyHabitsShowTheWeeksResultOnActionDays() throws {
        let grid = try year(2026, C.weekly, today: C.weeklyToday)
        let text = lines(HeatmapRenderer().render(grid, width: 80))
        #expect(text[2] == "Mo")
        #expect(text[3] == "Tu" + String(repeating: " ", count: 46) + "x~.")
        #expect(text[4] == "We" + String(repeating: " ", count: 48) + "<")
        #expect(text[5] == "Th" + String(repeating: " ", count: 45) + "+x~.")
        #expect(text[7] == "Sa" + String(repeating: " ", count: 45) + "o")
        #expect(
            text.last(where: { !$0.isEmpty })
                == "+ done  x missed  ~ skipped  . to do  o logged  < today: rest day")
    }

    /// At 40 columns only the 37 most recent weeks fit: from Monday 20 April.
    @Test func aNarrowOutputShowsTheMostRecentWeeksAndSaysSo() throws {
        let grid = try year(2026, H.daily, today: H.today)
        let text = lines(HeatmapRenderer().render(grid, width: 40))
        #expect(text[0] == "2026-04-20 to 2026-12-31")
        #expect(text[1] == "Last 37 of 53 weeks (too narrow for all)")
        // April's label would touch May's (1 May: the second column shown).
        #expect(text[2].hasPrefix("    May"))
        // Christmas Eve, skipped in advance, in the 36th column shown.
        let thursday = Array(text[6])
        #expect(text[6].hasPrefix("Th"))
        #expect(thursday.count == 3 + 36 && thursday[38] == "~")
        let shorter = lines(HeatmapRenderer().render(grid, width: 35))
        #expect(shorter[1] == "Last 32 of 53 weeks")
    }

    @Test(arguments: [CalendarSymbols.ascii, .unicode], [false, true])
    func noLineEndsInASpaceOrIsWiderThanAsked(_ symbols: CalendarSymbols, _ color: Bool) throws {
        let renderer = HeatmapRenderer(style: CalendarStyle(symbols: symbols, useColor: color))
        let grids = [
            try year(2026, H.daily, today: H.today), try year(2012, H.daily, today: H.today),
            HeatmapGrid.twelveMonths(endingWith: H.today, history: H.daily, today: H.today),
            try year(2026, C.weekly, today: C.weeklyToday),
        ]
        for grid in grids {
            for width in [28, 30, 40, 56, 57, 79, 80, 107, 108, 120, 200] {
                let output = renderer.render(grid, width: width)
                #expect(output.hasSuffix("\n"))
                for line in lines(output) {
                    #expect(!line.hasSuffix(" "), "width \(width): \(line.debugDescription)")
                    #expect(
                        C.strippingColor(line).count <= width,
                        "width \(width): \(line.debugDescription)")
                }
                // Seven weekday rows, whatever the width: nothing wraps.
                let rows = lines(output).filter { line in
                    Weekday.allCases.contains { line.hasPrefix($0.twoLetterName) }
                }
                #expect(rows.count == 7)
            }
        }
    }

    @Test func colourOnlyAddsEscapes() throws {
        let grid = try year(2026, H.daily, today: H.today)
        for symbols in [CalendarSymbols.ascii, .unicode] {
            let plain = HeatmapRenderer(style: CalendarStyle(symbols: symbols))
                .render(grid, width: 80)
            let colored = HeatmapRenderer(style: CalendarStyle(symbols: symbols, useColor: true))
                .render(grid, width: 80)
            #expect(!plain.contains("\u{1B}"))
            for green in HeatmapRenderer.greens { #expect(colored.contains("\u{1B}[\(green)m")) }
            #expect(colored.contains("\u{1B}[31m"))
            #expect(colored.contains("\u{1B}[2m"))
            #expect(C.strippingColor(colored) == plain)
        }
    }

    @Test(
        arguments: [
            (0.0, nil), (-1.0, nil), (0.01, 1), (0.33, 1), (1.0 / 3, 2), (0.5, 2), (2.0 / 3, 3),
            (0.99, 3), (1.0, 4), (2.5, 4),
        ] as [(Double, Int?)])
    func shadesByShareOfTheTarget(_ share: Double, _ shade: Int?) {
        #expect(HeatmapRenderer.shade(forShare: share) == shade)
    }

    @Test func oneColourPolicy() {
        let renderer = HeatmapRenderer(style: CalendarStyle(useColor: true))
        func day(
            _ state: PeriodState, value: Decimal? = nil, share: Double? = nil, today: Bool = false
        )
            -> HeatmapGrid.Day
        {
            HeatmapGrid.Day(
                date: F.day("2026-03-02"), state: state, value: value, share: share, isToday: today)
        }
        let greens = HeatmapRenderer.greens
        #expect(renderer.sgr(for: day(.success, value: 4, share: 1)) == greens[3])
        // A missed day is shaded by what was logged, red only when nothing was.
        #expect(renderer.sgr(for: day(.failed, value: 1, share: 0.25)) == greens[0])
        #expect(renderer.sgr(for: day(.failed, share: 0)) == "31")
        #expect(renderer.sgr(for: day(.pending, value: 3, share: 0.75)) == greens[2])
        #expect(renderer.sgr(for: day(.pending, share: 0)) == "36")
        #expect(renderer.sgr(for: day(.skipped, value: 0)) == "2")
        #expect(renderer.sgr(for: day(.rest, value: 2)) == "34")
        #expect(renderer.sgr(for: day(.rest)) == nil)
        #expect(renderer.sgr(for: day(.future)) == nil)
        #expect(
            renderer.sgr(for: day(.pending, value: 2, share: 0.5, today: true)) == "1;\(greens[1])")
        #expect(renderer.sgr(for: day(.rest, today: true)) == "1")
    }
}
