import Foundation

/// Makes text from a server safe to show in one line of a terminal.
///
/// Server text is untrusted: it may hold control characters (terminal escape
/// sequences), be very long, or echo something that looks like a token. The
/// result is one line, at most `limit` characters, with anything shaped like a
/// JSON Web Token replaced by `[token]`.
enum PrintableText {
    /// `bytes` read as UTF-8 (invalid sequences replaced), made printable.
    static func snippet(of bytes: Data, limit: Int = 80) -> String {
        line(String(decoding: bytes.prefix(limit * 4), as: UTF8.self), limit: limit)
    }

    /// `text` with escape sequences removed (`TerminalSafeText`), other
    /// control and format characters turned into spaces, runs of white space
    /// collapsed, tokens masked and the length capped at `limit` characters.
    static func line(_ text: String, limit: Int = 300) -> String {
        var result = ""
        var lastWasSpace = true
        for scalar in TerminalSafeText.clean(text).unicodeScalars {
            let category = scalar.properties.generalCategory
            let isSpace =
                category == .control || category == .lineSeparator
                || category == .paragraphSeparator || category == .format
                || scalar.properties.isWhitespace
            if isSpace {
                if !lastWasSpace { result.unicodeScalars.append(" ") }
                lastWasSpace = true
            } else {
                result.unicodeScalars.append(scalar)
                lastWasSpace = false
            }
        }
        if result.hasSuffix(" ") { result.removeLast() }
        result = maskingTokens(in: result)
        if result.count > limit { result = String(result.prefix(limit - 1)) + "…" }
        return result
    }

    /// Replaces every run that looks like a compact JWT (three base64url parts
    /// joined by dots, 20 characters or more) with `[token]`.
    static func maskingTokens(in text: String) -> String {
        var output = ""
        var word = ""
        func flush() {
            output += looksLikeToken(word) ? "[token]" : word
            word = ""
        }
        for character in text {
            if character.isASCII
                && (character.isLetter || character.isNumber || "-_.=".contains(character))
            {
                word.append(character)
            } else {
                flush()
                output.append(character)
            }
        }
        flush()
        return output
    }

    private static func looksLikeToken(_ word: String) -> Bool {
        let parts = word.split(separator: ".", omittingEmptySubsequences: false)
        return word.count >= 20 && parts.count == 3 && parts.allSatisfy { $0.count >= 4 }
    }
}
