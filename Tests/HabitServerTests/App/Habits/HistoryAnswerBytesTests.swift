import Foundation
import HabitCore
import Testing

@testable import HabitServer

/// The history answer (HabitCore's `HistoryReportEncoder`) has the same bytes as `JSONEncoder` with the
/// API's options, for reports made up at random and for reports HabitCore
/// works out from random entries.
@Suite struct HistoryAnswerBytesTests {
    /// SplitMix64: the same cases on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static func json(_ report: HistoryReport) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(report), as: UTF8.self)
    }

    /// A decimal as the API holds them: 0, whole, or up to 6 places, up to
    /// a billion; sometimes one of the totals' 2-place roundings.
    static func decimal(_ random: inout Generator) -> Decimal {
        switch Int.random(in: 0..<5, using: &random) {
        case 0: return 0
        case 1: return Decimal(Int.random(in: 1...1_000_000_000, using: &random))
        case 2:
            return Decimal(
                sign: .plus, exponent: -Int.random(in: 1...6, using: &random),
                significand: Decimal(Int.random(in: 1...999_999_999, using: &random)))
        case 3:
            return Decimal(
                sign: .plus, exponent: -2,
                significand: Decimal(Int.random(in: 0...100_000, using: &random)))
        default: return Decimal(Int.random(in: 1...10, using: &random))
        }
    }

    /// A strength as the report rounds it, with 0 and 1 among them.
    static func strength(_ random: inout Generator) -> Double {
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return 0
        case 1: return 1
        case 2: return 0.0001
        // Not a rounded one: written by `description`.
        case 3: return Double.random(in: 0...1, using: &random)
        default: return (Double.random(in: 0...1, using: &random) * 10_000).rounded() / 10_000
        }
    }

    static func date(_ random: inout Generator) -> LocalDate {
        LocalDate(
            dayNumber: Int.random(
                in: LocalDate.earliest.dayNumber...LocalDate.latest.dayNumber, using: &random))
    }

    static func report(_ random: inout Generator) -> HistoryReport {
        let periods = (0..<Int.random(in: 0...40, using: &random)).map { _ in
            HistoryReport.Period(
                start: date(&random), end: date(&random),
                state: PeriodState.allCases.randomElement(using: &random)!,
                value: decimal(&random), target: decimal(&random), strength: strength(&random))
        }
        let streaks = (0..<Int.random(in: 0...5, using: &random)).map { _ in
            HistoryReport.Streak(
                start: date(&random), end: date(&random),
                length: Int.random(in: 1...5_000, using: &random))
        }
        func totals() -> [HistoryReport.Total] {
            (0..<Int.random(in: 0...12, using: &random)).map { _ in
                HistoryReport.Total(
                    start: date(&random), end: date(&random), value: decimal(&random),
                    target: decimal(&random))
            }
        }
        let weeks = totals()
        let months = totals()
        return HistoryReport(
            habitID: Int64.random(in: 1...Int64.max, using: &random), from: date(&random),
            to: date(&random), today: date(&random), periods: periods, streaks: streaks,
            totals: HistoryReport.Totals(weeks: weeks, months: months),
            weekdays: (1...7).map {
                HistoryReport.WeekdayCount(
                    weekday: $0, days: Int.random(in: 0...6_000, using: &random),
                    planned: Int.random(in: 0...6_000, using: &random),
                    logged: Int.random(in: 0...6_000, using: &random))
            })
    }

    @Test func randomReportsAreWrittenAsJSONEncoderWritesThem() throws {
        var random = Generator(state: 40)
        for _ in 0..<500 {
            let report = Self.report(&random)
            let written = String(decoding: HistoryReportEncoder.encode(report), as: UTF8.self)
            #expect(written == (try Self.json(report)))
        }
    }

    /// The empty report, as a range before the start answers it.
    @Test func anEmptyReportIsWrittenAsJSONEncoderWritesIt() throws {
        let day = LocalDate(dayNumber: 20_000)
        let report = HistoryReport(
            habitID: 1, from: day, to: day, today: day, periods: [], streaks: [],
            totals: HistoryReport.Totals(weeks: [], months: []),
            weekdays: (1...7).map {
                HistoryReport.WeekdayCount(weekday: $0, days: 0, planned: 0, logged: 0)
            })
        let written = String(decoding: HistoryReportEncoder.encode(report), as: UTF8.self)
        #expect(written == (try Self.json(report)))
        #expect(written.hasPrefix(#"{"from":"2024-10-04","habit_id":1,"periods":[],"streaks":[]"#))
    }

    /// Reports of every frequency and goal over two years of random entries.
    @Test(arguments: [
        (Frequency.daily, Goal.atLeast), (.weekly, .atLeast), (.monthly, .atMost),
        (.everyNDays, .atLeast), (.daily, .atMost),
    ])
    func coreReportsAreWrittenAsJSONEncoderWritesThem(frequency: Frequency, goal: Goal) throws {
        var random = Generator(
            state: UInt64(frequency.rawValue.utf8.count * 31 + goal.rawValue.utf8.count))
        let start = try #require(LocalDate("2025-01-06"))
        let habit = Habit(
            id: 7, name: "Read", frequency: frequency, measurementType: "pages",
            startDate: start, actionDays: ActionDays([.monday, .wednesday, .friday, .saturday]),
            targetValue: Decimal(string: "2.5")!, goal: goal,
            periodDays: frequency == .everyNDays ? 3 : nil)
        let entries = (0..<730).compactMap { offset -> ProgressEntry? in
            let date = start.adding(days: offset)
            switch Int.random(in: 0..<6, using: &random) {
            case 0: return nil
            case 1: return ProgressEntry(date: date, value: 0, skipped: true)
            default:
                return ProgressEntry(date: date, value: Self.decimal(&random) / 100_000_000)
            }
        }
        let history = HabitHistory(habit: habit, entries: entries)
        let report = HistoryReport(
            history: history, from: start, to: start.adding(days: 800),
            today: start.adding(days: 700))
        #expect(report.periods.count > 20, "every month of two years, at least")
        let written = String(decoding: HistoryReportEncoder.encode(report), as: UTF8.self)
        #expect(written == (try Self.json(report)))
    }
}
