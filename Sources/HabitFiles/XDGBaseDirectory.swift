/// Where the XDG Base Directory rules put one kind of a program's files.
///
/// The directory is `$XDG_DATA_HOME` (or `_CONFIG_`, `_CACHE_`) when that
/// holds an absolute path, else the kind's place under `$HOME`
/// (`.local/share`, `.config`, `.cache`). As the rules say, a variable that is
/// empty or holds a relative path is ignored; a `HOME` that is not absolute
/// counts as missing. The command line and the server both follow this one rule.
package enum XDGBaseDirectory: String, Sendable, CaseIterable {
    case data, config, cache

    /// The environment variable that names the directory.
    package var variable: String {
        switch self {
        case .data: "XDG_DATA_HOME"
        case .config: "XDG_CONFIG_HOME"
        case .cache: "XDG_CACHE_HOME"
        }
    }

    /// The directory under `$HOME` when the variable is not set.
    package var fallback: String {
        switch self {
        case .data: ".local/share"
        case .config: ".config"
        case .cache: ".cache"
        }
    }

    /// The base directory for `environment`, or nil when neither the
    /// variable nor `HOME` gives an absolute path.
    package func path(in environment: [String: String]) -> String? {
        path { environment[$0] }
    }

    /// The base directory for the environment `variable` reads by name.
    package func path(_ variable: (String) -> String?) -> String? {
        if let value = variable(self.variable), value.hasPrefix("/") { return value }
        guard let home = variable("HOME"), home.hasPrefix("/") else { return nil }
        return AtomicFile.join(home, fallback)
    }
}
