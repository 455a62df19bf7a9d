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
enum HistoryReportEncoder {
    static func encode(_ report: HistoryReport) -> Data {
        var writer = Writer()
        writer.output.reserveCapacity(
            160 + report.periods.count * 110 + report.streaks.count * 60
                + (report.totals.weeks.count + report.totals.months.count) * 80)
        writer.append(#"{"from":"#)
        writer.append(report.from)
        writer.append(#","habit_id":"#)
        writer.append(String(report.habitID))
        writer.append(#","periods":["#)
        for (index, period) in report.periods.enumerated() {
            if index > 0 { writer.append(",") }
            writer.append(#"{"end":"#)
            writer.append(period.end)
            writer.append(#","start":"#)
            writer.append(period.start)
            writer.append(#","state":""#)
            writer.append(period.state.rawValue)
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
            writer.append(String(streak.length))
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
            writer.append(String(count.days))
            writer.append(#","logged":"#)
            writer.append(String(count.logged))
            writer.append(#","planned":"#)
            writer.append(String(count.planned))
            writer.append(#","weekday":"#)
            writer.append(String(count.weekday))
            writer.append("}")
        }
        writer.append("]}")
        return Data(writer.output)
    }

    /// The bytes written so far and the text of each `Decimal` met.
    private struct Writer {
        var output: [UInt8] = []
        var decimals: [Decimal: [UInt8]] = [:]

        mutating func append(_ text: String) {
            output += text.utf8
        }

        /// A date as a JSON string.
        mutating func append(_ date: LocalDate) {
            output.append(UInt8(ascii: "\""))
            output += date.description.utf8
            output.append(UInt8(ascii: "\""))
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

        /// A finite `Double` (a strength, 0 to 1) as `JSONEncoder` writes it.
        mutating func append(_ value: Double) {
            let text = value.description
            output += text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...]
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
