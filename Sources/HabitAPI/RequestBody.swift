import Foundation

/// Reads a request body as the JSON object every API route expects.
///
/// An empty body counts as `{}`, so a missing field is reported as required
/// rather than the body as malformed. Anything that is not a JSON object
/// (invalid JSON, invalid UTF-8, an array, a bare number) is a `BodyProblem`.
package enum RequestBody {
    /// Why a body could not be read as a JSON object.
    package enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The bytes are not JSON (or not UTF-8).
        case malformed
        /// Valid JSON, but not an object.
        case notAnObject(found: String)

        package var description: String {
            switch self {
            case .malformed:
                return "The request body is not valid JSON."
            case .notAnObject(let found):
                return "The request body must be a JSON object, not \(articled(found))."
            }
        }
    }

    /// The body's top-level object.
    package static func object(from data: Data) throws(Problem) -> [String: JSONValue] {
        if data.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            return [:]
        }
        // The object's members read straight from a keyed container: the
        // generic path through `JSONValue` first tries the five other kinds
        // of value, and `Dictionary`'s own decoding costs more than the body.
        // Anything else (not an object, a member that throws) takes the
        // general path, which decides the answer exactly as before.
        if let object = try? JSONDecoder().decode(JSONObjectMembers.self, from: data) {
            return object.members
        }
        let value: JSONValue
        do {
            value = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch {
            throw .malformed
        }
        guard case .object(let object) = value else {
            throw .notAnObject(found: value.typeName)
        }
        return object
    }
}

/// A JSON object's members, each decoded as a `JSONValue`, as
/// `[String: JSONValue]`'s own decoding would give them.
private struct JSONObjectMembers: Decodable {
    var members: [String: JSONValue] = [:]

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        for key in container.allKeys {
            members[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
        }
    }
}

private func articled(_ word: String) -> String {
    if word == "null" { return "null" }
    return (word.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + word
}
