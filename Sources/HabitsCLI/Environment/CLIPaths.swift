import HabitFiles

/// Where habits keeps its files, following the XDG Base Directory rules.
///
/// Data (the local database): $XDG_DATA_HOME/habits, else ~/.local/share/habits.
/// Configuration (config.json, and the credentials the API client keeps):
/// $XDG_CONFIG_HOME/habits, else ~/.config/habits. Cache (the last habit list
/// from the server): $XDG_CACHE_HOME/habits, else ~/.cache/habits. As the XDG
/// rules say, a variable that is empty or holds a relative path is ignored.
struct CLIPaths: Hashable, Sendable {
    let dataDirectory: String
    let configDirectory: String
    let cacheDirectory: String

    /// The paths for the environment `variable` reads by name, or an error
    /// when neither HOME nor the XDG variable needed is set.
    init(_ variable: (String) -> String?) throws(CommandError) {
        func base(_ kind: XDGBaseDirectory) throws(CommandError) -> String {
            guard let path = kind.path(variable) else {
                throw CommandError.noHomeDirectory(variable: kind.variable)
            }
            return AtomicFile.join(path, "habits")
        }
        dataDirectory = try base(.data)
        configDirectory = try base(.config)
        cacheDirectory = try base(.cache)
    }

    /// The local-mode SQLite database.
    var databasePath: String { AtomicFile.join(dataDirectory, "habits.sqlite3") }
    /// The settings written by `habits config set`.
    var configFile: String { AtomicFile.join(configDirectory, "config.json") }
    /// The last habit list fetched from the server.
    var listCacheFile: String { AtomicFile.join(cacheDirectory, "habit-list.json") }
    /// The schema-check memo of the database at `databasePath`, named after its file.
    func schemaCheckFile(for databasePath: String) -> String {
        let name = databasePath.split(separator: "/").last.map(String.init) ?? "habits.sqlite3"
        return AtomicFile.join(cacheDirectory, name + ".schema-checked")
    }
    /// What the configured server was seen to lack (`ServerFeatureNotes`).
    var serverFeaturesFile: String { AtomicFile.join(cacheDirectory, "server-features.json") }
    /// When the signed-in account's day ends, as its server last said
    /// (`DaySetting`), kept for commands that do not ask the server.
    var accountDayFile: String { AtomicFile.join(configDirectory, "account-day.json") }
    /// The server-mode replica's file name, kept beside the session (`ReplicaName`).
    var replicaNameFile: String { AtomicFile.join(configDirectory, "replica-name.json") }
}
