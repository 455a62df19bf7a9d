import Foundation
import HabitFiles

/// The settings `habits config` reads and writes: a JSON object of strings in
/// $XDG_CONFIG_HOME/habits/config.json, written atomically.
///
/// Keys: `server`, the base URL of a habits server (set it to use server
/// mode), and `allow-insecure-http`, "true" to allow plain http:// to another
/// machine. Keys this version does not know are kept as they are.
struct ConfigFile: Sendable {
    /// The keys `habits config` accepts, with what each means.
    static let keys: [(name: String, help: String)] = [
        ("server", "Base URL of a habits server, e.g. https://habits.example.com/api/"),
        (
            insecureHTTPKey,
            "true to allow plain http:// to another machine (tokens then cross the network unencrypted); default false"
        ),
        (
            syncTimeoutKey,
            "seconds a read in server mode waits for the sync before answering from this device's copy; default 1.5"
        ),
        (
            DaySetting.key,
            "local mode: the time (HH:MM, 00:00 to 12:00) before which today is still the previous date; default 00:00"
        ),
    ]

    /// How long reads wait for the sync (seconds, a decimal).
    static let syncTimeoutKey = "sync-timeout"
    static let defaultSyncTimeout = 1.5

    /// The sync timeout `settings` give, the default when unset or unreadable.
    static func syncTimeout(_ settings: [String: String]) -> Double {
        guard let text = settings[syncTimeoutKey], let seconds = seconds(text) else {
            return defaultSyncTimeout
        }
        return min(seconds, 600)
    }

    /// The seconds `text` writes, read by the one rule of the setting:
    /// decimal digits, then optionally a point and more digits (`2`, `1.5`).
    /// No sign, exponent, hexadecimal or spaces, which `Double` would take
    /// (`0x10` as 16, `-0` as -0.0): what is saved reads as what was typed.
    static func seconds(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard
            parts.allSatisfy({ part in !part.isEmpty && part.allSatisfy { ("0"..."9").contains($0) }
            })
        else { return nil }
        return Double(text)
    }

    /// The key that allows plain http:// to hosts other than this machine.
    static let insecureHTTPKey = "allow-insecure-http"

    /// Whether `settings` allow plain http:// to another machine.
    static func allowsInsecureHTTP(_ settings: [String: String]) -> Bool {
        settings[insecureHTTPKey] == "true"
    }

    let path: String

    /// The settings, empty when the file does not exist or holds only blanks.
    ///
    /// A known key whose value is not a string is an error rather than
    /// ignored: a `server` silently dropped would send commands to the local
    /// database instead. `repairing` skips that check, for `config set` and
    /// `config unset`, which replace the value.
    func load(repairing: Bool = false) throws(CommandError) -> [String: String] {
        let object = try loadObject()
        for (name, _) in Self.keys
        where !repairing && object[name] != nil && !(object[name] is String) {
            throw CommandError.configValueNotString(name: name, path: path)
        }
        return object.compactMapValues { $0 as? String }
    }

    /// Writes `settings` in place of the file's content, keeping the keys this
    /// version does not know even when their values are not strings.
    func save(_ settings: [String: String]) throws(CommandError) {
        let known = Set(Self.keys.map(\.name))
        var object: [String: Any] = (try? loadObject())?.filter { !known.contains($0.key) } ?? [:]
        for (key, value) in settings { object[key] = value }
        let data: Data
        do {
            data =
                object.isEmpty
                ? Data("{}".utf8)
                : try JSONSerialization.data(
                    withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        } catch {
            throw CommandError.cannotEncodeSettings
        }
        do {
            try AtomicFile.write(data + Data("\n".utf8), to: path)
        } catch {
            throw CommandError.cannotWriteConfig(error, path: path)
        }
    }

    /// The file's JSON object, empty when the file is missing or blank.
    private func loadObject() throws(CommandError) -> [String: Any] {
        let data: Data?
        do {
            data = try AtomicFile.read(path)
        } catch {
            throw CommandError.cannotReadConfig(error, path: path)
        }
        guard let data else { return [:] }
        if data.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) { return [:] }
        guard
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw CommandError.configNotJSONObject(path: path)
        }
        return object
    }
}
