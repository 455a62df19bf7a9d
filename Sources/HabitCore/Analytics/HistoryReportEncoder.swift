import Foundation

/// Writes a `HistoryReport` as JSON, byte for byte as `JSONEncoder` writes
/// it with sorted keys (`.sortedKeys`, `.withoutEscapingSlashes`): the
/// history endpoint's answer and `habits show --trend --json`.
///
/// `JSONEncoder` took some 45 ms a habit for `habits-bench`'s ten-year
/// histories (release; 687 ms for its 15 habits against 21 ms with this
/// writer, histories and reports built included), nearly the endpoint's
/// whole budget of 50 ms. The report holds only dates, state words,
/// integers, decimals and strengths, none of which JSON escapes, so the
/// members are written here in their sorted order, each kind of number by
/// `JSONEncoder`'s own rule (a `Decimal` as its `description`, through
/// `DecimalNotation.plain`; a `Double` as its `description` without a
/// trailing `.0`). A test holds the two byte for byte on random reports.
public enum HistoryReportEncoder {
    /// The report's JSON.
    public static func encode(_ report: HistoryReport) -> Data {
        var writer = Writer()
        writer.bytes.reserveCapacity(
            report.periods.count * 110 + report.streaks.count * 60
                + (report.totals.weeks.count + report.totals.months.count) * 75 + 512)
        writer.write(report)
        return Data(writer.bytes)
    }

    private struct Writer {
        var bytes: [UInt8] = []
        /// Decimals written and their text, by their bytes: every period
        /// has the habit's target, and values repeat a few amounts.
        private var known: [(bits: DecimalBits, text: String)] = []

        mutating func write(_ report: HistoryReport) {
            raw(#"{"from":"#)
            date(report.from)
            raw(#","habit_id":"#)
            raw(String(report.habitID))
            raw(#","periods":["#)
            for (index, period) in report.periods.enumerated() {
                if index > 0 { byte(",") }
                raw(#"{"end":"#)
                date(period.end)
                raw(#","start":"#)
                date(period.start)
                raw(#","state":""#)
                raw(period.state.rawValue)
                raw(#"","strength":"#)
                double(period.strength)
                raw(#","target":"#)
                decimal(period.target)
                raw(#","value":"#)
                decimal(period.value)
                byte("}")
            }
            raw(#"],"streaks":["#)
            for (index, streak) in report.streaks.enumerated() {
                if index > 0 { byte(",") }
                raw(#"{"end":"#)
                date(streak.end)
                raw(#","length":"#)
                integer(streak.length)
                raw(#","start":"#)
                date(streak.start)
                byte("}")
            }
            raw(#"],"to":"#)
            date(report.to)
            raw(#","today":"#)
            date(report.today)
            raw(#","totals":{"months":"#)
            totals(report.totals.months)
            raw(#","weeks":"#)
            totals(report.totals.weeks)
            raw(#"},"weekdays":["#)
            for (index, count) in report.weekdays.enumerated() {
                if index > 0 { byte(",") }
                raw(#"{"days":"#)
                integer(count.days)
                raw(#","logged":"#)
                integer(count.logged)
                raw(#","planned":"#)
                integer(count.planned)
                raw(#","weekday":"#)
                integer(count.weekday)
                byte("}")
            }
            raw("]}")
        }

        private mutating func totals(_ totals: [HistoryReport.Total]) {
            byte("[")
            for (index, total) in totals.enumerated() {
                if index > 0 { byte(",") }
                raw(#"{"end":"#)
                date(total.end)
                raw(#","start":"#)
                date(total.start)
                raw(#","target":"#)
                decimal(total.target)
                raw(#","value":"#)
                decimal(total.value)
                byte("}")
            }
            byte("]")
        }

        private mutating func raw(_ text: String) {
            bytes.append(contentsOf: text.utf8)
        }

        private mutating func byte(_ character: Unicode.Scalar) {
            bytes.append(UInt8(ascii: character))
        }

        /// `"YYYY-MM-DD"`, as `LocalDate`'s `Codable` writes it.
        private mutating func date(_ date: LocalDate) {
            let (year, month, day) = date.components
            guard (0...9999).contains(year) else {
                byte("\"")
                raw(date.description)
                byte("\"")
                return
            }
            let zero = UInt8(ascii: "0")
            bytes.append(UInt8(ascii: "\""))
            bytes.append(zero &+ UInt8(year / 1000))
            bytes.append(zero &+ UInt8(year / 100 % 10))
            bytes.append(zero &+ UInt8(year / 10 % 10))
            bytes.append(zero &+ UInt8(year % 10))
            bytes.append(UInt8(ascii: "-"))
            bytes.append(zero &+ UInt8(month / 10))
            bytes.append(zero &+ UInt8(month % 10))
            bytes.append(UInt8(ascii: "-"))
            bytes.append(zero &+ UInt8(day / 10))
            bytes.append(zero &+ UInt8(day % 10))
            bytes.append(UInt8(ascii: "\""))
        }

        /// As `JSONEncoder` writes a `Decimal`: its `description`.
        private mutating func decimal(_ value: Decimal) {
            let bits = DecimalBits(value)
            if let bits, let found = known.first(where: { $0.bits == bits }) {
                raw(found.text)
                return
            }
            let text = DecimalNotation.plain(value)
            if let bits, known.count < 16 { known.append((bits, text)) }
            raw(text)
        }

        /// A non-negative integer's digits.
        private mutating func integer(_ value: Int) {
            guard value > 0 else {
                if value == 0 { byte("0") } else { raw(String(value)) }
                return
            }
            var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
            var count = 0
            var rest = value
            withUnsafeMutableBytes(of: &digits) { buffer in
                while rest > 0 {
                    buffer[23 - count] = UInt8(ascii: "0") &+ UInt8(rest % 10)
                    rest /= 10
                    count += 1
                }
                bytes.append(contentsOf: buffer[(24 - count)...])
            }
        }

        /// As `JSONEncoder` writes a finite `Double`: its `description`
        /// without a trailing `.0`. A strength from 0 to 1 on the grid of 4
        /// decimal places (as the report rounds it) is written from its
        /// ten-thousandths, which are that description's digits.
        private mutating func double(_ value: Double) {
            if value >= 0 && value <= 1 {
                let units = Int((value * 10_000).rounded())
                if Double(units) / 10_000 == value {
                    integer(units / 10_000)
                    var fraction = units % 10_000
                    guard fraction > 0 else { return }
                    byte(".")
                    var divisor = 1_000
                    while fraction > 0 {
                        bytes.append(UInt8(ascii: "0") &+ UInt8(fraction / divisor))
                        fraction %= divisor
                        divisor /= 10
                    }
                    return
                }
            }
            var text = value.isFinite ? value.description : "0"
            if text.hasSuffix(".0") { text.removeLast(2) }
            raw(text)
        }
    }

    /// The bytes of a `Decimal`, as a cheap cache key: equal bytes are the
    /// same value written the same way (equal values with other bytes, such
    /// as 1 and 1.0, merely take two entries). `Decimal`'s own `==`
    /// normalises, which is far slower.
    private struct DecimalBits: Equatable {
        var low: UInt64 = 0
        var middle: UInt64 = 0
        var high: UInt64 = 0

        /// `nil` if a `Decimal` is larger than 24 bytes (it is 20 on every
        /// platform today), so such a layout is only slower, never wrong.
        init?(_ value: Decimal) {
            guard MemoryLayout<Decimal>.size <= MemoryLayout<DecimalBits>.size else { return nil }
            withUnsafeBytes(of: value) { source in
                withUnsafeMutableBytes(of: &self) { $0.copyMemory(from: source) }
            }
        }
    }
}
