import Foundation

/// The flags of `backup` and `restore`: `--name VALUE` or `--name=VALUE`,
/// each at most once, and `--help`.
enum SubcommandArguments {
    enum Problem: Error, Equatable, CustomStringConvertible {
        case help
        case usage(String)

        var description: String {
            switch self {
            case .help: return "help"
            case .usage(let sentence): return sentence
            }
        }
    }

    static func parse(_ arguments: [String], command: String, names: Set<String>)
        throws(Problem) -> [String: String]
    {
        var values: [String: String] = [:]
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--help" || argument == "-h" { throw .help }
            var name = argument
            var value: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard names.contains(name) else {
                throw .usage(
                    "habits-server \(command): unknown argument \(name); "
                        + "see habits-server \(command) --help.")
            }
            guard let given = value ?? remaining.popFirst(), !given.isEmpty else {
                throw .usage("habits-server \(command): the option \(name) needs a value.")
            }
            values[name] = given
        }
        return values
    }

    /// What reading a command line of `backup` or `restore` came to.
    enum Reading {
        /// The file the command's one required flag names, and the database
        /// to work on.
        case parsed(file: String, database: String)
        /// `--help` was answered or a usage error reported: exit with this.
        case finished(Int32)
    }

    /// Reads the required flag `file` and the database (`--database`, else
    /// the server's default); answers `--help` with `usage` and reports usage
    /// errors itself, `missing` when `file` is not given.
    static func read(
        _ arguments: [String], command: String, file: String, missing: String, usage: String,
        environment: [String: String], output: (String) -> Void, errors: (String) -> Void
    ) -> Reading {
        let values: [String: String]
        do {
            values = try parse(arguments, command: command, names: [file, "--database"])
        } catch {
            if error == .help {
                output(usage)
                return .finished(0)
            }
            errors(error.description)
            return .finished(64)
        }
        guard let path = values[file] else {
            errors("habits-server \(command): \(missing)")
            return .finished(64)
        }
        do {
            return .parsed(file: path, database: try database(values["--database"], environment))
        } catch {
            errors("habits-server \(command): \(error.description)")
            return .finished(64)
        }
    }

    /// The database a command works on: `--database`, else the server's default.
    static func database(_ given: String?, _ environment: [String: String])
        throws(UsageError) -> String
    {
        if let given { return given }
        if let url = environment["HABITS_DATABASE_URL"], !url.isEmpty { return url }
        return try ServerCommandLine.defaultDataDirectory(environment) + "/habits.sqlite3"
    }
}
