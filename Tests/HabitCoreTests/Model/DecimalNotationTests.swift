import Foundation
import HabitCore
import Testing

/// `DecimalNotation.plain` must write exactly what `Decimal.description`
/// writes, for values as typed, as computed, and at the edges of its shortcut.
@Suite struct DecimalNotationTests {
    @Test(arguments: [
        "0", "1", "8", "10", "0.8", "2.5", "2.50", "1.0", "0.000001", "1000000", "123.456",
        "-3", "-0.25", "-120", "18446744073709551615", "18446744073709551616", "0.5e3",
        "1e-20", "99999999999999999999.9", "3.14159265358979323846264338327950288",
    ])
    func writesWhatDescriptionWrites(_ text: String) throws {
        let value = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        #expect(DecimalNotation.plain(value) == value.description, "\(text)")
    }

    @Test func computedAndSpecialValuesToo() {
        var values: [Decimal] = [.nan, .zero, Decimal(0.1) + Decimal(0.2), Decimal(1) / Decimal(3)]
        values.append(Decimal(sign: .minus, exponent: 0, significand: 0))
        // Significands from one digit to the 64-bit limit, at many exponents.
        var significand: UInt64 = 7
        while significand < UInt64.max / 10 {
            for exponent in -25...6 {
                for sign in [FloatingPointSign.plus, .minus] {
                    values.append(
                        Decimal(sign: sign, exponent: exponent, significand: Decimal(significand)))
                }
            }
            significand = significand * 10 + 3
        }
        for value in values {
            #expect(DecimalNotation.plain(value) == value.description, "\(value)")
        }
    }
}
