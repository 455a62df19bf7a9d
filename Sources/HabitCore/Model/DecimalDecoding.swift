import Foundation

extension KeyedDecodingContainer {
    /// A decimal sent as a JSON number (`10`, `10.0`) or as a string of one
    /// (`"10.00"`), as Django REST framework's DecimalField sends it by default.
    /// Any other string is a type error naming the key.
    func decodeDecimal(forKey key: Key) throws -> Decimal {
        if let number = try? decode(Decimal.self, forKey: key) { return number }
        // A JSON number beyond Decimal's range (1e308) is a number all the
        // same: the largest Decimal of its sign (0 for a tiny one), so the
        // value's own rules report it as out of range, not as a wrong type.
        if let number = try? decode(Double.self, forKey: key), number.isFinite {
            guard number.magnitude >= 1 else { return 0 }
            return number < 0 ? -Decimal.greatestFiniteMagnitude : .greatestFiniteMagnitude
        }
        let text = try decode(String.self, forKey: key)
        guard let number = Decimal(exactText: text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "expected a number, got \"\(text)\"")
        }
        return number
    }
}

extension Decimal {
    /// Parses plain decimal text such as `12`, `-0.5` or `10.00`; `nil` for
    /// anything else (spaces, exponents, `nan`, trailing characters).
    init?(exactText text: String) {
        let bytes = Array(text.utf8)
        var digits = 0
        var dots = 0
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "."): dots += 1
            case UInt8(ascii: "-") where index == 0: break
            default: return nil
            }
        }
        guard digits > 0, dots <= 1, digits <= 38,
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        self = value
    }
}
