import Foundation
import HabitClient
import HabitCore
import HabitFiles

/// When the person's day ends for a command (rule 7 of the StatusRules
/// article): before that local time, "today" is still the previous date.
///
/// In local mode it is the config key `day-starts-at`; in server mode the
/// account's `day_starts_at`, which `habits config day-starts-at` and
/// signing in remember in `account-day.json` beside the session, with the
/// server it came from, so that every command, `prompt` included, knows it
/// without the network. Reading it never fails a command: a missing or
/// unreadable value is midnight, and the command reports a broken config
/// file itself as before.
enum DaySetting {
    /// The config key of local mode.
    static let key = "day-starts-at"

    /// What a command's start reads from the config file: the day
    /// boundary, and the server selection it found on the way (what
    /// `CommandContext.serverSelection()` answers, so the file is read and
    /// the server resolved once per command).
    struct Reading {
        var boundary: DayBoundary
        /// The selection, or the error resolving it met (a config file
        /// the command reports when it asks); `nil` when the directories
        /// could not be worked out, so the command resolves it itself.
        var selection: Result<ServerSelection?, CommandError>?
    }

    /// The boundary for a command run with `--server` `flag` (or none) in
    /// an environment whose variables `variable` reads.
    static func boundary(flag: String?, variable: (String) -> String?) -> DayBoundary {
        read(flag: flag, variable: variable).boundary
    }

    /// The boundary and the server selection for a command run with
    /// `--server` `flag` (or none) in an environment whose variables
    /// `variable` reads.
    static func read(flag: String?, variable: (String) -> String?) -> Reading {
        guard let paths = try? CLIPaths(variable) else {
            return Reading(boundary: .midnight, selection: nil)
        }
        let file = ConfigFile(path: paths.configFile)
        var settings: [String: String]?
        let resolved = Result(catching: { () throws(CommandError) -> ServerSelection? in
            try ServerSelection.resolve(
                flag: flag, variable: variable,
                config: { () throws(CommandError) in
                    let loaded = try file.load()
                    settings = loaded
                    return loaded
                })
        })
        guard case .success(let found) = resolved, let selection = found else {
            // Local mode, or a config file the command will complain about.
            // Without a flag or variable the file was read just now.
            guard let settings = settings ?? (try? file.load()) else {
                return Reading(boundary: .midnight, selection: resolved)
            }
            return Reading(
                boundary: settings[key].flatMap(DayBoundary.init) ?? .midnight,
                selection: resolved)
        }
        guard let remembered = AccountDay.read(paths.accountDayFile),
            remembered.server == normalised(selection.url)
        else { return Reading(boundary: .midnight, selection: resolved) }
        return Reading(boundary: remembered.dayStartsAt, selection: resolved)
    }

    /// Keeps `boundary` as the account's on `server` (a base URL as the
    /// client holds it); a file that cannot be written is left as it is,
    /// since the server keeps the setting.
    static func remember(_ boundary: DayBoundary, server: String, paths: CLIPaths) {
        let record = AccountDay(server: normalised(server), dayStartsAt: boundary)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(record) else { return }
        try? AtomicFile.write(data + Data("\n".utf8), to: paths.accountDayFile)
    }

    /// `url` as the client holds a base URL, so that `--server`, the
    /// variable and the config file name one server alike.
    private static func normalised(_ url: String) -> String {
        (try? APIConfiguration(baseURL: url, allowInsecure: true).baseURLString) ?? url
    }

    /// `account-day.json`: the server and its account's boundary.
    private struct AccountDay: Codable {
        var server: String
        var dayStartsAt: DayBoundary

        enum CodingKeys: String, CodingKey {
            case server
            case dayStartsAt = "day_starts_at"
        }

        static func read(_ path: String) -> AccountDay? {
            guard let data = try? AtomicFile.read(path) else { return nil }
            return try? JSONDecoder().decode(AccountDay.self, from: data)
        }
    }
}
