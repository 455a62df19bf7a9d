import Foundation

/// Reads many decimal texts (see `DecimalText`), remembering short ones,
/// and keeps only values within a range.
///
/// A history repeats a handful of values ("1", "2.5", "10") thousands of
/// times. Texts of up to 7 bytes are keyed by their bytes and length packed
/// in one integer, so a repeat costs a comparison or two instead of building
/// a `Decimal` and comparing it with the range's bounds (a `Decimal`
/// comparison costs about a thousand instructions). Longer texts, and any
/// beyond the first few distinct ones, are parsed and checked every time.
package struct DecimalTextReader {
    /// How many distinct short texts are remembered.
    private static let capacity = 8

    /// The values read; any other reads as `nil`, like a text that is no number.
    package let range: ClosedRange<Decimal>?
    private var keys: [UInt64] = []
    private var values: [Decimal] = []

    /// A reader of the values in `range`, or of every value when it is `nil`.
    package init(within range: ClosedRange<Decimal>? = nil) {
        self.range = range
    }

    /// The decimal `bytes` spell, as `DecimalText.parse` reads it, when it
    /// lies within `range`.
    package mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Decimal? {
        guard bytes.count <= 7 else { return accepted(DecimalText.parse(bytes)) }
        var key: UInt64 = 0
        for byte in bytes { key = key << 8 | UInt64(byte) }
        key |= UInt64(bytes.count) << 56
        // Only accepted values are remembered, so a remembered one needs no check.
        if let index = keys.firstIndex(of: key) { return values[index] }
        guard let value = accepted(DecimalText.parse(bytes)) else { return nil }
        if keys.count < Self.capacity {
            keys.append(key)
            values.append(value)
        }
        return value
    }

    private func accepted(_ value: Decimal?) -> Decimal? {
        guard let value, range?.contains(value) ?? true else { return nil }
        return value
    }
}
