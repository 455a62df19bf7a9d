import Foundation
import HabitHTTP

/// `Prefer: return=representation` (RFC 7240) on a DELETE.
enum PreferHeader {
    /// Whether the request prefers the deleted representation in the answer.
    static func wantsRepresentation(_ request: HTTPRequest) -> Bool {
        request.headers.fields.contains { field in
            field.name.caseInsensitiveCompare("Prefer") == .orderedSame
                && field.value.split(separator: ",").contains { preference in
                    let token = preference.split(separator: ";").first ?? ""
                    return token.trimmingCharacters(in: .whitespaces).lowercased()
                        == "return=representation"
                }
        }
    }
}
