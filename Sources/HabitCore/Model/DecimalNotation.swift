import Foundation

/// A decimal's plain text, exactly as `Decimal.description` writes it
/// ("8", "0.8", "1000000", "2.50", "-0.25"), made directly for common values.
///
/// `description` costs about ten thousand instructions a value, and its first
/// use in a process several hundred thousand more (the runtime sets up the
/// generic collections it uses); a list writes dozens of values (progress,
/// targets, checkpoint rules). A significand that fits 64 bits, as every
/// amount habits accepts does, is written here from its digits and the
/// exponent; any other value, and NaN, is left to `description`.
public enum DecimalNotation {
    /// The text `value.description` gives.
    public static func plain(_ value: Decimal) -> String {
        guard !value.isNaN, !value.isZero else { return value.description }
        let significand = value.significand
        // Checked against the significand itself, so a value NSDecimalNumber
        // rounds or clamps is written by `description` instead.
        let magnitude = NSDecimalNumber(decimal: significand).uint64Value
        guard Decimal(magnitude) == significand else { return value.description }
        let digits = String(magnitude)
        let exponent = value.exponent
        // Appends of concrete types only: generic concatenation would have
        // the runtime look up conformances on first use.
        var text = value.isSignMinus ? "-" : ""
        if exponent >= 0 {
            text += digits
            text += String(repeating: "0", count: exponent)
            return text
        }
        let scale = -exponent
        let count = digits.utf8.count
        if scale < count {
            let point = digits.index(digits.startIndex, offsetBy: count - scale)
            text.append(contentsOf: digits[..<point])
            text += "."
            text.append(contentsOf: digits[point...])
        } else {
            text += "0."
            text += String(repeating: "0", count: scale - count)
            text += digits
        }
        return text
    }
}
