import Foundation

/// The settings `habits config` reads and writes: a JSON object of strings in
/// $XDG_CONFIG_HOME/habits/config.json, written atomically.
///
/// Keys: `server`, the base URL of a habits server (set it to use server
/// mode). Keys this version does not know are kept as they are.
public struct ConfigFile: Sendable {
    /// The keys `habits config` accepts, with what each means.
    public static let keys: [(name: String, help: String)] = [
        ("server", "Base URL of a habits server, e.g. https://habits.example.com/api/")
    ]

    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// The settings, empty when the file does not exist.
    public func load() throws(CommandError) -> [String: String] {
        let data: Data?
        do {
            data = try AtomicFile.read(path)
        } catch {
            throw CommandError(.failure, "Cannot read the config file \(path): \(error.reason).")
        }
        guard let data else { return [:] }
        guard
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
        else {
            throw CommandError(
                .failure, "The config file \(path) is not a JSON object.",
                hint: "Fix it, or delete it and set the values again with 'habits config set'.")
        }
        return object.compactMapValues { $0 as? String }
    }

    /// Writes `settings` in place of the file's content.
    public func save(_ settings: [String: String]) throws(CommandError) {
        let data: Data
        do {
            data = try JSONSerialization.data(
                withJSONObject: settings, options: [.prettyPrinted, .sortedKeys])
        } catch {
            throw CommandError(.failure, "Cannot encode the settings.")
        }
        do {
            try AtomicFile.write(data + Data("\n".utf8), to: path)
        } catch {
            throw CommandError(.failure, "Cannot write the config file \(path): \(error.reason).")
        }
    }
}
