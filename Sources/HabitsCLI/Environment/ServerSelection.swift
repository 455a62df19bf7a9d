/// The server a command talks to, and where that choice came from.
///
/// Precedence: the `--server` flag, then HABITS_SERVER (when not empty),
/// then `server` in the config file; with none of them, local mode.
struct ServerSelection: Hashable, Sendable {
    enum Source: String, Hashable, Sendable {
        case flag = "the --server option"
        case environment = "HABITS_SERVER"
        case configFile = "the config file"
    }

    var url: String
    var source: Source

    /// The selection for a command line, or `nil` for local mode. The config
    /// file is read only when neither the flag nor the variable decides.
    static func resolve(
        flag: String?, variable: (String) -> String?,
        config: () throws(CommandError) -> [String: String]
    ) throws(CommandError) -> ServerSelection? {
        if let flag { return ServerSelection(url: flag, source: .flag) }
        if let variable = variable("HABITS_SERVER"), !variable.isEmpty {
            return ServerSelection(url: variable, source: .environment)
        }
        if let configured = try config()["server"], !configured.isEmpty {
            return ServerSelection(url: configured, source: .configFile)
        }
        return nil
    }
}
