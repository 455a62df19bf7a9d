import Foundation

/// A normalised email address: trimmed and lower-cased, checked for a
/// plausible form.
///
/// The check is deliberately modest — one `@`, a non-empty local part, a
/// domain with a dot and no empty labels, no spaces or control characters,
/// none of the characters that would need quoting in a mail header, at most
/// 254 characters — because the only real test of an address is the code
/// that reaches it.
struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    static let maximumLength = 254
    static let invalidMessage = "Enter a valid email address."

    let value: String

    /// Normalises `text`, or returns `nil` when it is not a plausible address.
    init?(_ text: String) {
        let normalised = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard Self.isPlausible(normalised) else { return nil }
        value = normalised
    }

    var description: String { value }

    private static let forbidden = Set("<>()[]\\,;:\"".unicodeScalars)

    private static func isPlausible(_ address: String) -> Bool {
        guard !address.isEmpty, address.utf8.count <= maximumLength else { return false }
        for scalar in address.unicodeScalars {
            if scalar.properties.isWhitespace || forbidden.contains(scalar) { return false }
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned,
                .surrogate, .privateUse:
                return false
            default:
                continue
            }
        }
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0]
        let domain = parts[1]
        guard !local.isEmpty, local.utf8.count <= 64 else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 63 })
        else { return false }
        return true
    }
}
