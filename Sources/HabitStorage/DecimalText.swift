import Foundation
import HabitCore

/// The exact text form in which the store keeps decimals (targets, values).
///
/// Decimals are stored as text, never as floating point, so 0.1 stays 0.1 and
/// 0.7 + 0.1 reads back as 0.8. The text is `Decimal.description`, which is
/// plain notation without exponent ("0.000001", "1000000").
package enum DecimalText {
    private static let posix = Locale(identifier: "en_US_POSIX")

    package static func text(_ value: Decimal) -> String {
        DecimalNotation.plain(value)
    }

    /// Reads text written by `text(_:)`; `nil` when it is not a finite number.
    ///
    /// Plain digits with at most one point and up to 18 digits (every value
    /// habits accepts) take a direct path about 25 times faster than
    /// `Decimal(string:)`, which a habit list with a week of progress would
    /// otherwise call a hundred times per request.
    package static func parse(_ text: String) -> Decimal? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    /// Reads the UTF-8 bytes of text written by `text(_:)`.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Decimal? {
        var significand: UInt64 = 0
        var exponent = 0
        var digits = 0
        var seenPoint = false
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                if seenPoint { return parseSlowly(bytes) }
                seenPoint = true
                continue
            }
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 18 else {
                return parseSlowly(bytes)
            }
            digits += 1
            significand = significand * 10 + UInt64(byte - UInt8(ascii: "0"))
            if seenPoint { exponent -= 1 }
        }
        guard digits > 0 else { return nil }
        return Decimal(sign: .plus, exponent: exponent, significand: Decimal(significand))
    }

    /// Long or negative numbers, after checking the whole text is one: `Decimal(string:)`
    /// alone would read "1..2" as 1.
    private static func parseSlowly(_ all: UnsafeBufferPointer<UInt8>) -> Decimal? {
        var bytes = all[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        let isDigit = { (byte: UInt8) in byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(isDigit) }),
            parts.contains(where: { !$0.isEmpty }),
            let value = Decimal(string: String(decoding: all, as: UTF8.self), locale: posix),
            !value.isNaN
        else { return nil }
        return value
    }
}
