import Foundation

/// Reads many decimal texts (see `DecimalText`), remembering short ones.
///
/// A history repeats a handful of values ("1", "2.5", "10") thousands of
/// times. Texts of up to 7 bytes are keyed by their bytes and length packed
/// in one integer, so a repeat costs a comparison or two instead of building
/// a `Decimal`. Longer texts, and any beyond the first few distinct ones, are
/// parsed every time.
package struct DecimalTextReader {
    /// How many distinct short texts are remembered.
    private static let capacity = 8

    private var keys: [UInt64] = []
    private var values: [Decimal] = []

    package init() {}

    /// The decimal `bytes` spell, as `DecimalText.parse` reads it.
    package mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Decimal? {
        guard bytes.count <= 7 else { return DecimalText.parse(bytes) }
        var key: UInt64 = 0
        for byte in bytes { key = key << 8 | UInt64(byte) }
        key |= UInt64(bytes.count) << 56
        if let index = keys.firstIndex(of: key) { return values[index] }
        guard let value = DecimalText.parse(bytes) else { return nil }
        if keys.count < Self.capacity {
            keys.append(key)
            values.append(value)
        }
        return value
    }
}
