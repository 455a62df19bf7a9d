import Foundation
import HabitHTTP
import HabitStorage

/// The `If-Match` header of a write (RFC 9110 §13.1.1), as the store's
/// `VersionCondition`.
///
/// `*` asks that the habit or entry exist. Otherwise the header is a list of
/// entity tags, and the stored version must be one of them: `"1234"`. The
/// comparison is strong, so a weak tag (`W/"1234"`) never matches, and
/// neither does a tag that is no version of ours; a header that is not a
/// list of entity tags at all matches nothing either (412, never a write
/// made on a condition misread). An empty header is no condition.
enum IfMatch {
    static let headerName = "If-Match"

    /// The condition of the request's `If-Match` fields; `nil` without any.
    static func condition(_ request: HTTPRequest) -> VersionCondition? {
        let values = request.headers.fields.filter {
            $0.name.caseInsensitiveCompare(headerName) == .orderedSame
        }.map(\.value)
        // An empty field lists no entity tags: it asks nothing.
        guard values.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
            return nil
        }
        return condition(values)
    }

    /// The condition of the given field values (several fields are one list).
    static func condition(_ values: [String]) -> VersionCondition {
        var versions: Set<Int64> = []
        for value in values {
            for member in value.split(separator: ",") {
                let tag = member.trimmingCharacters(in: .whitespaces)
                if tag == "*" { return .exists }
                if let version = strongVersion(tag) { versions.insert(version) }
            }
        }
        return .oneOf(versions)
    }

    /// The version a strong entity tag `"digits"` names.
    private static func strongVersion(_ tag: String) -> Int64? {
        guard tag.count >= 3, tag.first == "\"", tag.last == "\"" else { return nil }
        let inner = tag.dropFirst().dropLast()
        guard inner.count <= 19, inner.allSatisfy({ $0 >= "0" && $0 <= "9" }) else { return nil }
        return Int64(inner)
    }
}
