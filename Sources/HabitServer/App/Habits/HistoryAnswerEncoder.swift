import Foundation
import HabitCore

/// Encodes a `HistoryReport`, the history route's answer, byte for byte as
/// `JSONBody` would: keys sorted, dates `YYYY-MM-DD`, each `Decimal` as
/// `JSONEncoder` writes it (its `description`, which `DecimalNotation.plain`
/// writes for less) and the strength as `JSONEncoder` writes a `Double`
/// (its `description`, a trailing `.0` dropped).
///
/// Ten years of a daily habit are about 3,650 periods, 520 weeks and 120
/// months: some 25,000 values, which `JSONEncoder` walks through its
/// container machinery one by one. The report holds no text, so nothing
/// here is ever escaped, and its values repeat (the target in every
/// period, a handful of amounts), so each distinct `Decimal` is written
/// once per answer.
enum HistoryAnswerEncoder {
    static func encode(_ report: HistoryReport) -> Data {
        var writer = Writer()
        writer.output.reserveCapacity(
            160 + report.periods.count * 110 + report.streaks.count * 60
                + (report.totals.weeks.count + report.totals.months.count) * 80)
        writer.append(#"{"from":"#)
        writer.append(report.from)
        writer.append(#","habit_id":"#)
        writer.append(Int(report.habitID))
        writer.append(#","periods":["#)
        for (index, period) in report.periods.enumerated() {
            if index > 0 { writer.append(",") }
            writer.append(#"{"end":"#)
            writer.append(period.end)
            writer.append(#","start":"#)
            writer.append(period.start)
            writer.append(#","state":""#)
            writer.append(Self.name(of: period.state))
            writer.append(#"","strength":"#)
            writer.append(period.strength)
            writer.append(#","target":"#)
            writer.append(period.target)
            writer.append(#","value":"#)
            writer.append(period.value)
            writer.append("}")
        }
        writer.append(#"],"streaks":["#)
        for (index, streak) in report.streaks.enumerated() {
            if index > 0 { writer.append(",") }
            writer.append(#"{"end":"#)
            writer.append(streak.end)
            writer.append(#","length":"#)
            writer.append(streak.length)
            writer.append(#","start":"#)
            writer.append(streak.start)
            writer.append("}")
        }
        writer.append(#"],"to":"#)
        writer.append(report.to)
        writer.append(#","today":"#)
        writer.append(report.today)
        writer.append(#","totals":{"months":"#)
        writer.append(report.totals.months)
        writer.append(#","weeks":"#)
        writer.append(report.totals.weeks)
        writer.append(#"},"weekdays":["#)
        for (index, count) in report.weekdays.enumerated() {
            if index > 0 { writer.append(",") }
            writer.append(#"{"days":"#)
            writer.append(count.days)
            writer.append(#","logged":"#)
            writer.append(count.logged)
            writer.append(#","planned":"#)
            writer.append(count.planned)
            writer.append(#","weekday":"#)
            writer.append(count.weekday)
            writer.append("}")
        }
        writer.append("]}")
        return Data(writer.output)
    }

    /// `PeriodState`'s raw value, as a constant.
    private static func name(of state: PeriodState) -> StaticString {
        switch state {
        case .success: return "done"
        case .pending: return "pending"
        case .skipped: return "skipped"
        case .failed: return "failed"
        case .future: return "future"
        case .rest: return "rest"
        case .beforeStart: return "before_start"
        }
    }

    /// The bytes written so far and the text of each `Decimal` met.
    private struct Writer {
        var output: [UInt8] = []
        var decimals: [Decimal: [UInt8]] = [:]

        mutating func append(_ text: StaticString) {
            output.append(
                contentsOf: UnsafeBufferPointer(
                    start: text.utf8Start, count: text.utf8CodeUnitCount))
        }

        /// A date as a JSON string: `YYYY-MM-DD` written digit by digit for
        /// years 0 to 9999 (a `String` per date cost more than the rest of
        /// the answer), `description` beyond.
        mutating func append(_ date: LocalDate) {
            let (year, month, day) = date.components
            guard (0...9999).contains(year) else {
                output.append(UInt8(ascii: "\""))
                output += date.description.utf8
                output.append(UInt8(ascii: "\""))
                return
            }
            let zero = UInt8(ascii: "0")
            let dash = UInt8(ascii: "-")
            let quote = UInt8(ascii: "\"")
            output.append(quote)
            output.append(zero &+ UInt8(truncatingIfNeeded: year / 1000))
            output.append(zero &+ UInt8(truncatingIfNeeded: year / 100 % 10))
            output.append(zero &+ UInt8(truncatingIfNeeded: year / 10 % 10))
            output.append(zero &+ UInt8(truncatingIfNeeded: year % 10))
            output.append(dash)
            output.append(zero &+ UInt8(truncatingIfNeeded: month / 10))
            output.append(zero &+ UInt8(truncatingIfNeeded: month % 10))
            output.append(dash)
            output.append(zero &+ UInt8(truncatingIfNeeded: day / 10))
            output.append(zero &+ UInt8(truncatingIfNeeded: day % 10))
            output.append(quote)
        }

        /// A whole number, 0 or more, digit by digit; `String` for others.
        mutating func append(_ number: Int) {
            guard number >= 0 else {
                output += String(number).utf8
                return
            }
            if number >= 10 { append(number / 10) }
            output.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number % 10))
        }

        mutating func append(_ value: Decimal) {
            if let known = decimals[value] {
                output += known
                return
            }
            let text = Array(DecimalNotation.plain(value).utf8)
            decimals[value] = text
            output += text
        }

        /// A finite `Double` (a strength, 0 to 1) as `JSONEncoder` writes it:
        /// its shortest digits, no trailing `.0`. A value of 0 to 1 that is a
        /// whole number of ten-thousandths, as the report rounds strengths,
        /// has those digits without the trailing zeros, written here; any
        /// other is left to `description`.
        mutating func append(_ value: Double) {
            let tenThousandths = (value * 10_000).rounded()
            guard value >= 0, value <= 1, tenThousandths / 10_000 == value else {
                let text = value.description
                output += text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...]
                return
            }
            var fraction = Int(tenThousandths)
            guard fraction != 10_000 else {
                output.append(UInt8(ascii: "1"))
                return
            }
            output.append(UInt8(ascii: "0"))
            guard fraction != 0 else { return }
            output.append(UInt8(ascii: "."))
            var width = 4
            while fraction % 10 == 0 {
                fraction /= 10
                width -= 1
            }
            var divisor = 1
            for _ in 1..<width { divisor *= 10 }
            while divisor > 0 {
                output.append(
                    UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: fraction / divisor % 10))
                divisor /= 10
            }
        }

        mutating func append(_ totals: [HistoryReport.Total]) {
            output.append(UInt8(ascii: "["))
            for (index, total) in totals.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                append(#"{"end":"#)
                append(total.end)
                append(#","start":"#)
                append(total.start)
                append(#","target":"#)
                append(total.target)
                append(#","value":"#)
                append(total.value)
                output.append(UInt8(ascii: "}"))
            }
            output.append(UInt8(ascii: "]"))
        }
    }
}
