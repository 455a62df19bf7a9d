import Foundation

/// A PostgreSQL connection URL (`postgres://` or `postgresql://`) with the
/// forms of it that may be shown: the password never is.
///
/// The URL goes to libpq unchanged, so everything libpq reads from it (and
/// from `PG*` variables and `~/.pgpass` for what it leaves out) works as
/// libpq documents. libpq's own messages can quote the connection string, so
/// every message shown passes through `redacting(_:)` first.
package struct PostgresURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as given, password included: for libpq only.
    let text: String
    /// Password forms to hide in messages: as written, and percent-decoded.
    private let secrets: [String]

    /// Whether `text` names a PostgreSQL database rather than a SQLite file.
    package static func isPostgres(_ text: String) -> Bool {
        let lowered = text.lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// `nil` when `text` is not a `postgres://` or `postgresql://` URL.
    package init?(_ text: String) {
        guard Self.isPostgres(text) else { return nil }
        self.text = text
        var secrets: [String] = []
        if let password = Self.userInfoPassword(text), !password.isEmpty {
            secrets.append(password)
            if let decoded = password.removingPercentEncoding, decoded != password {
                secrets.append(decoded)
            }
        }
        for (name, value) in Self.queryItems(text) where name == "password" && !value.isEmpty {
            secrets.append(value)
            if let decoded = value.removingPercentEncoding, decoded != value {
                secrets.append(decoded)
            }
        }
        // Longest first, so a password containing another is hidden whole.
        self.secrets = secrets.sorted { $0.count > $1.count }
    }

    /// The URL without its password (`postgres://user@host:5432/db`), for
    /// logs and messages.
    package var description: String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let scheme = text[..<schemeEnd.upperBound]
        var rest = text[schemeEnd.upperBound...]
        var query: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            query = rest[mark...]
            rest = rest[..<mark]
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        let path = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") {
            let userInfo = authority[..<at]
            let user = userInfo.split(separator: ":", maxSplits: 1).first ?? ""
            authority = user + authority[at...]
        }
        var shownQuery = ""
        if !query.isEmpty {
            let items = query.dropFirst().split(separator: "&").map { item -> String in
                let name = item.split(separator: "=", maxSplits: 1).first ?? ""
                return name == "password" ? "password=***" : String(item)
            }
            shownQuery = "?" + items.joined(separator: "&")
        }
        return String(scheme) + authority + path + shownQuery
    }

    /// `message` with the URL replaced by its shown form and every form of
    /// the password by `***`.
    package func redacting(_ message: String) -> String {
        var message = message.replacingOccurrences(of: text, with: description)
        for secret in secrets {
            message = message.replacingOccurrences(of: secret, with: "***")
        }
        return message
    }

    /// The password between `user:` and `@`, as written.
    private static func userInfoPassword(_ text: String) -> String? {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        guard let at = authority.lastIndex(of: "@") else { return nil }
        let userInfo = authority[..<at]
        guard let colon = userInfo.firstIndex(of: ":") else { return nil }
        return String(userInfo[userInfo.index(after: colon)...])
    }

    private static func queryItems(_ text: String) -> [(String, String)] {
        guard let mark = text.firstIndex(of: "?") else { return [] }
        return text[text.index(after: mark)...].split(separator: "&").map { item in
            let parts = item.split(separator: "=", maxSplits: 1)
            return (String(parts.first ?? ""), parts.count > 1 ? String(parts[1]) : "")
        }
    }
}
