import Foundation

/// One JSON value as a request body holds it, with numbers kept exact.
///
/// Decoded with `JSONDecoder`, which reads a number's own text into a
/// `Decimal` (so 0.1 stays 0.1) and keeps `true`/`false` apart from 1/0.
/// A value that is in the document but cannot be read — a number beyond
/// `Decimal`'s range (1e400), or a string holding a raw control character,
/// which the decoder checks only when the string is read — becomes
/// `.unreadable`, so the field it sits in is reported instead of the body.
///
/// `Decimal` holds 38 significant digits (the decoder drops any beyond) with
/// a decimal exponent from -128 to 127. A number outside that range but
/// within a `Double`'s (5e-324, 1e300) is `.unrepresentable`, so its field
/// can be refused for the bound it passes rather than as "not a number".
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    case number(Decimal)
    /// A finite number too small or too large for `Decimal`.
    case unrepresentable(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])
    case unreadable

    /// The wire name of this value's type, as error messages show it.
    package var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number, .unrepresentable: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        case .unreadable: return "unreadable value"
        }
    }
}

extension JSONValue: Decodable {
    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Decimal.self) {
            self = .number(value)
        } else if let value = try? container.decode(Double.self), value.isFinite {
            self = .unrepresentable(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: JSONValue].self) {
            self = .object(value)
        } else {
            self = .unreadable
        }
    }
}
