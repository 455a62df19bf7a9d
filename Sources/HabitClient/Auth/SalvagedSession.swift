import Foundation

/// What signing out can still use of saved credentials that are refused for
/// use: the refresh token to revoke, and the server that issued it.
///
/// A too-open or damaged credentials file is never used to make requests,
/// but signing out removes it anyway; revoking whatever token it holds first
/// keeps the session from staying valid on the server.
package struct SalvagedSession: Hashable, Sendable, CustomStringConvertible {
    /// The server the token belongs to, when the file still names it.
    package var server: String?
    package var refreshToken: String

    init(server: String?, refreshToken: String) {
        self.server = server
        self.refreshToken = refreshToken
    }

    package var description: String { "salvaged session at \(server ?? "an unnamed server")" }

    /// The session in `data`: read as credentials when they parse, else the
    /// `"server"` and `"refresh"` strings found in what is left of the JSON.
    static func read(_ data: Data) -> SalvagedSession? {
        if let credentials = try? JSONDecoder().decode(StoredCredentials.self, from: data) {
            return credentials.session.map {
                SalvagedSession(server: $0.server, refreshToken: $0.refreshToken)
            }
        }
        let text = String(decoding: data, as: UTF8.self)
        guard let refresh = string(named: "refresh", in: text), refresh.count >= 20 else {
            return nil
        }
        return SalvagedSession(server: string(named: "server", in: text), refreshToken: refresh)
    }

    /// The JSON string value after the key `"name"`, found without parsing the
    /// whole (damaged) document.
    private static func string(named name: String, in text: String) -> String? {
        let pattern = "\"\(name)\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\""
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(
                in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        // Decoded as a JSON string, so escapes read as JSON writes them.
        let literal = "\"" + text[range] + "\""
        return try? JSONDecoder().decode(String.self, from: Data(literal.utf8))
    }
}
