import Foundation

extension KeyedDecodingContainer {
    /// A decimal sent as a JSON number (`10`, `10.0`) or as a string of one
    /// (`"10.00"`), as Django REST framework's DecimalField sends it by default.
    /// Any other string is a type error naming the key.
    func decodeDecimal(forKey key: Key) throws -> Decimal {
        if let number = try? decode(Decimal.self, forKey: key) { return number }
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
