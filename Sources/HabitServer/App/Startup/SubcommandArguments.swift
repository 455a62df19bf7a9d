import CommandLineArguments
import Foundation

/// The flags of `backup`, `restore`, `check` and `migrate`: `--name VALUE`
/// or `--name=VALUE` (the last one given wins), and `--help` or `-h`
/// anywhere. Read by the shared `ArgumentBinder`, its problems said the
/// server's way.
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

    /// The values of the options `names` (`--to`) given in `arguments`, by
    /// name; `.help` when `--help` or `-h` is among them.
    static func parse(_ arguments: [String], command: String, names: Set<String>)
        throws(Problem) -> [String: String]
    {
        let tokens = ArgumentTokenizer.tokenize(arguments)
        if tokens.contains(where: \.asksServerForHelp) { throw .help }
        let options = names.sorted().map {
            Option(String($0.dropFirst(2)), valueName: "VALUE", help: "")
        }
        let spec = CommandSpec(
            name: command, summary: "", options: options.map(\.spec))
        let bound: BoundArguments
        do {
            bound = try ArgumentBinder.bind(tokens, to: spec)
        } catch {
            throw .usage(
                "habits-server \(command): \(ServerCommandLine.sentence(for: error, command: command))"
            )
        }
        var values: [String: String] = [:]
        for option in options {
            guard let value = bound.value(of: option) else { continue }
            guard !value.isEmpty else {
                throw .usage("habits-server \(command): the option --\(option.name) needs a value.")
            }
            values["--\(option.name)"] = value
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
