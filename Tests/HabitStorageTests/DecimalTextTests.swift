import Foundation
import Testing

@testable import HabitStorage

@Suite struct DecimalTextTests {
    @Test(arguments: [
        "0", "0.1", "0.7", "1", "12.5", "1000000", "0.000001", "999999999999999999",
        "123456789.123456789", "0.30000000000000004", "-2.5", "12345678901234567890.5",
    ])
    func textReadsBackAsTheSameDecimal(_ text: String) throws {
        let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        let stored = DecimalText.text(value)
        #expect(DecimalText.parse(stored) == value)
        #expect(DecimalText.parse(stored)?.description == value.description)
    }

    @Test(arguments: ["", ".", "-", "abc", "NaN", "1..2", "1.2.3", "12345678901234567890x", "1e5"])
    func nonNumbersAreRejected(_ text: String) {
        #expect(DecimalText.parse(text) == nil)
    }
}
