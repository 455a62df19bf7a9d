import Foundation
import HabitCore
import Testing

@Suite struct CalendarRendererTests {
    typealias C = CalendarFixture

    private static let styles = [
        CalendarStyle(symbols: .ascii, useColor: false),
        CalendarStyle(symbols: .unicode, useColor: false),
        CalendarStyle(symbols: .ascii, useColor: true),
        CalendarStyle(symbols: .unicode, useColor: true),
    ]

    private func threeMonths() -> [MonthGrid] {
        C.months(C.daily, from: 2026, 10, count: 3, today: C.dailyToday)
    }

    @Test(arguments: [
        (3, 80, 3), (3, 69, 3), (3, 68, 2), (3, 45, 2), (3, 44, 1), (1, 10, 1),
        (12, 200, 3), (2, 200, 2), (0, 80, 1),
    ])
    func monthsAcross(_ count: Int, _ width: Int, _ expected: Int) {
        #expect(CalendarRenderer().monthsAcross(count: count, width: width) == expected)
    }

    @Test func wideOutputMayHoldMoreThanThreeWhenAllowed() {
        let renderer = CalendarRenderer(maximumMonthsAcross: 6)
        #expect(renderer.monthsAcross(count: 12, width: 200) == 6)
        #expect(renderer.monthsAcross(count: 12, width: 100) == 4)
    }

    @Test(arguments: styles)
    func noLineEndsInASpaceAndNoneIsWiderThanAsked(_ style: CalendarStyle) {
        let renderer = CalendarRenderer(style: style)
        for width in [21, 30, 44, 45, 60, 69, 80, 120] {
            let outputs = [
                renderer.render(threeMonths(), width: width),
                renderer.renderYear(2026, history: C.daily, today: C.dailyToday, width: width),
                renderer.render(
                    C.months(C.weekly, from: 2026, 11, count: 2, today: C.weeklyToday),
                    width: width),
            ]
            for output in outputs {
                #expect(output.hasSuffix("\n"))
                for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
                    #expect(!line.hasSuffix(" "), "width \(width): \(line.debugDescription)")
                    #expect(
                        C.strippingColor(String(line)).count <= width,
                        "width \(width): \(line.debugDescription)")
                }
            }
        }
    }

    @Test func monthsSideBySideStayInTheirColumns() {
        let output = CalendarRenderer(style: CalendarStyle(symbols: .unicode))
            .render(threeMonths(), width: 80)
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map {
            Array($0)
        }
        #expect(
            String(lines[1])
                == "Mo Tu We Th Fr Sa Su    Mo Tu We Th Fr Sa Su    Mo Tu We Th Fr Sa Su")
        // Every month row: seven cells of three columns, then a three-column gap.
        for line in lines.dropFirst(2).prefix(6) {
            for gap in [21..<24, 45..<48] where line.count > gap.lowerBound {
                #expect(line[gap].allSatisfy { $0 == " " }, "\(String(line).debugDescription)")
            }
        }
        // 1 October 2026 is a Thursday: column 3 of the first block.
        #expect(String(lines[2].prefix(12)) == "          1 ")
    }

    @Test func colourOnlyAddsEscapes() {
        for symbols in [CalendarSymbols.ascii, .unicode] {
            let plain = CalendarRenderer(style: CalendarStyle(symbols: symbols, useColor: false))
            let colored = CalendarRenderer(style: CalendarStyle(symbols: symbols, useColor: true))
            let plainText = plain.render(threeMonths(), width: 80)
            let coloredText = colored.render(threeMonths(), width: 80)
            #expect(!plainText.contains("\u{1B}"))
            #expect(coloredText.contains("\u{1B}[32m"))
            #expect(coloredText.contains("\u{1B}[7m13\u{1B}[0m"))  // today in reverse video
            #expect(C.strippingColor(coloredText) == plainText)
        }
    }

    @Test func todayIsMarkedWithoutColour() {
        let ascii = CalendarRenderer().render(threeMonths(), width: 80)
        #expect(ascii.contains("13<"))
        #expect(ascii.components(separatedBy: "<").count == 2 + 1)  // the cell and the legend
        let unicode = CalendarRenderer(style: CalendarStyle(symbols: .unicode))
            .render(threeMonths(), width: 80)
        #expect(unicode.contains("13\u{25C2}"))
    }

    @Test func legendNamesTheMarksThatAppear() {
        let november = C.months(C.daily, from: 2026, 11, count: 1, today: C.dailyToday)
        let legend = CalendarRenderer().render(november, width: 80)
            .split(separator: "\n").last.map(String.init)
        #expect(legend == "+ done  x missed  ~ skipped  o logged  < today: to do")
        let weekly = C.months(C.weekly, from: 2026, 11, count: 1, today: C.weeklyToday)
        #expect(
            CalendarRenderer().render(weekly, width: 80).split(separator: "\n").last
                == "+ done  x missed  ~ skipped  . to do  o logged  < today: rest day")
        // A month with no marks at all has no legend.
        let empty = C.months(C.daily, from: 2025, 1, count: 1, today: C.dailyToday)
        let text = CalendarRenderer().render(empty, width: 80)
        #expect(text.split(separator: "\n").count == 2 + 5)
    }

    @Test func afterTodayOnlyPlannedSkipsHaveAMark() {
        // Tue/Thu weekly, today Wednesday 2026-11-25. The week of 11-30 is
        // skipped in advance (both planned days); in the week of 12-07 the
        // target is logged ahead on Tuesday, which leaves it future: logged only.
        typealias F = HistoryFixture
        let history = HabitHistory(
            habit: C.weekly.habit,
            entries: [F.skipped("2026-12-01"), F.skipped("2026-12-03"), F.done("2026-12-08", "1")])
        let december = C.months(history, from: 2026, 12, count: 1, today: C.weeklyToday)
        let lines = CalendarRenderer().render(december, width: 80).split(separator: "\n")
        #expect(lines[2] == "    1~ 2  3~ 4  5  6")
        #expect(lines[3] == " 7  8o 9 10 11 12 13")
        #expect(lines.last == "~ skipped  o logged")
    }

    @Test func legendWrapsWhenTooNarrow() {
        let november = C.months(C.daily, from: 2026, 11, count: 1, today: C.dailyToday)
        let lines = CalendarRenderer().render(november, width: 24).split(separator: "\n")
        #expect(lines.suffix(3) == ["+ done  x missed", "~ skipped  o logged", "< today: to do"])
    }

    @Test func narrowOutputStacksMonths() {
        let output = CalendarRenderer().render(threeMonths(), width: 40)
        let titles = output.split(separator: "\n").filter { $0.contains("2026") }
        #expect(
            titles.map { $0.trimmingCharacters(in: .whitespaces) } == [
                "October 2026", "November 2026", "December 2026",
            ])
        #expect(output.contains("\n\n    November 2026\n"))
    }

    @Test func writesToAnyTextOutputStream() {
        struct Lines: TextOutputStream {
            var chunks: [String] = []
            mutating func write(_ string: String) { chunks.append(string) }
        }
        let renderer = CalendarRenderer(style: CalendarStyle(symbols: .unicode, useColor: true))
        var stream = Lines()
        renderer.write(threeMonths(), width: 80, to: &stream)
        #expect(stream.chunks.joined() == renderer.render(threeMonths(), width: 80))
        var year = Lines()
        renderer.writeYear(2026, history: C.daily, today: C.dailyToday, width: 80, to: &year)
        #expect(
            year.chunks.joined()
                == renderer.renderYear(2026, history: C.daily, today: C.dailyToday, width: 80))
        #expect(renderer.render([], width: 80).isEmpty)
    }
}
