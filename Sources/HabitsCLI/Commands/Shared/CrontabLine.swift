import Foundation

/// A crontab(5) line that runs `habits remind --quiet` daily, carrying the
/// environment the command needs under cron's minimal one.
///
/// Cron runs with HOME but without the XDG variables, HABITS_SERVER or TZ, so
/// those set now are written into the line; values are single-quoted for the
/// shell, and `%` (a newline to cron) is escaped.
struct CrontabLine: Hashable, Sendable {
    static let carriedVariables = [
        "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "HABITS_SERVER", "TZ",
    ]

    var hour: Int
    var minute: Int
    var executable: String
    var variables: [String: String]
    /// A `--server` given to `remind --install`, carried into the line.
    var serverFlag: String?

    var text: String {
        var words: [String] = ["\(minute)", "\(hour)", "*", "*", "*"]
        for name in Self.carriedVariables {
            if let value = variables[name], !value.isEmpty {
                words.append("\(name)=\(Self.quoted(value))")
            }
        }
        words.append(Self.quoted(executable))
        words.append(contentsOf: ["remind", "--quiet"])
        if let serverFlag { words.append(contentsOf: ["--server", Self.quoted(serverFlag)]) }
        return words.joined(separator: " ")
    }

    /// `text` in single quotes for sh, with `%` escaped for cron.
    static func quoted(_ text: String) -> String {
        let safe = text.allSatisfy {
            $0.isASCII && ($0.isLetter || $0.isNumber || "/._-:+@,=".contains($0))
        }
        let quoted = safe ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        return quoted.replacingOccurrences(of: "%", with: "\\%")
    }
}
