import Foundation

/// A normalised email address: trimmed and lower-cased, checked for a
/// plausible form.
///
/// The check is deliberately modest, because the only real test of an
/// address is the code that reaches it, and it is exactly the `pattern` and
/// `maxLength` of `email` in openapi.yaml: at most 254 Unicode scalars as
/// sent; once white space around it is trimmed, one `@` between a local
/// part of 1 to 64 scalars and a domain of at least two dot-separated labels
/// of 1 to 63 scalars each; no white space, control characters, invisible
/// format characters (zero-width and bidirectional controls), or the
/// characters that would need quoting in a mail header (`<>()[]\,;:"`).
package struct EmailAddress: Hashable, Sendable, CustomStringConvertible {
    package static let maximumLength = 254
    package static let maximumLocalLength = 64
    package static let maximumLabelLength = 63
    package static let invalidMessage = "Enter a valid email address."

    package let value: String

    /// Normalises `text`, or returns `nil` when it is not a plausible address.
    package init?(_ text: String) {
        guard text.unicodeScalars.count <= Self.maximumLength else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = trimmed.lowercased()
        // Lower-casing can lengthen text ("İ" is two scalars in lower case):
        // the stored form must pass the same check, so it normalises to itself.
        guard Self.isPlausible(trimmed), Self.isPlausible(lowered) else { return nil }
        value = lowered
    }

    package var description: String { value }

    private static let forbidden = Set("<>()[]\\,;:\"@".unicodeScalars)

    /// Zero-width and bidirectional formatting characters: invisible in a
    /// header, and able to reorder what a person reads.
    private static let invisible: [ClosedRange<UInt32>] = [
        0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x206F, 0xFEFF...0xFEFF,
    ]

    private static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.properties.isWhitespace || forbidden.contains(scalar) { return false }
        if scalar.properties.generalCategory == .control { return false }
        return !invisible.contains { $0.contains(scalar.value) }
    }

    private static func isPlausible(_ address: String) -> Bool {
        let parts = address.unicodeScalars.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return false }
        let local = parts[0]
        guard (1...maximumLocalLength).contains(local.count), local.allSatisfy(isAllowed)
        else { return false }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy {
                (1...maximumLabelLength).contains($0.count) && $0.allSatisfy(isAllowed)
            }
    }
}
