import Foundation
import HabitStore

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

    /// The database a command works on: `--database`, else the server's default.
    static func database(_ given: String?, _ environment: [String: String])
        throws(UsageError) -> String
    {
        if let given { return given }
        if let url = environment["HABITS_DATABASE_URL"], !url.isEmpty { return url }
        return try ServerCommandLine.defaultDataDirectory(environment) + "/habits.sqlite3"
    }
}
