import Foundation
import Testing

@testable import HabitStorage

/// The reader remembers repeats, but must read every text exactly as
/// `DecimalText.parse` does, including texts that differ only in length or
/// in bytes a packed key could confuse.
@Suite struct DecimalTextReaderTests {
    @Test func readsLikeDecimalText() {
        let texts = [
            "4", "4", "1", "0", "2.5", "2.5", "10", "01", "1", "1.0", "0.000001", "1234567",
            "12345678", "123456789012.5", "", "1..2", "x", "-3", "4", "\u{0}1", "7", "8", "9",
            "11", "12", "13", "4", "2.5",
        ]
        var reader = DecimalTextReader()
        for text in texts {
            let bytes = Array(text.utf8)
            let expected = DecimalText.parse(text)
            let read = bytes.withUnsafeBufferPointer { reader.parse($0) }
            #expect(read == expected, "\(text.debugDescription)")
            #expect(read?.description == expected?.description, "\(text.debugDescription)")
        }
    }

    /// Within a range, a value outside it reads as no value every time it
    /// comes, short (remembered) or long, however often the values inside it
    /// repeat around it.
    @Test func readsOnlyValuesWithinItsRange() {
        let texts = [
            "4", "150", "4", "150", "0", "100", "100.5", "2.5", "100.5", "4", "1000000001",
            "0.000001", "99.9999999", "100.0000001", "100.0000001", "0", "2.5", "150",
        ]
        let range: ClosedRange<Decimal> = 0...100
        var reader = DecimalTextReader(within: range)
        for text in texts {
            let bytes = Array(text.utf8)
            let expected = DecimalText.parse(text).flatMap { range.contains($0) ? $0 : nil }
            let read = bytes.withUnsafeBufferPointer { reader.parse($0) }
            #expect(read == expected, "\(text.debugDescription)")
        }
        #expect(reader.range == range)
    }
}
