/// A command line bound to a `CommandSpec`: which flags were given, option
/// values by long name, and positional arguments by name.
struct BoundArguments: Hashable, Sendable {
    /// The command the arguments were bound to, for error hints.
    var command: String
    var flags: Set<String>
    /// Option values by long name; when an option is repeated the last one wins.
    var values: [String: String]
    /// Positional arguments by their spec's name.
    var positionals: [String: String]

    init(
        command: String, flags: Set<String> = [], values: [String: String] = [:],
        positionals: [String: String] = [:]
    ) {
        self.command = command
        self.flags = flags
        self.values = values
        self.positionals = positionals
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }

    func value(_ name: String) -> String? { values[name] }

    func positional(_ name: String) -> String? { positionals[name] }

    /// The value of `--name` read by `parse`, or `nil` when the option is absent.
    /// `parse` gets the text and the argument's display name (`--name`) and
    /// throws a `UsageError` naming it when the text does not read.
    func value<T>(
        _ name: String, _ parse: (String, String) throws(UsageError) -> T
    ) throws(UsageError) -> T? {
        guard let text = values[name] else { return nil }
        do {
            return try parse(text, "--\(name)")
        } catch {
            throw error.for(command: command)
        }
    }

    /// Positional `<name>` read by `parse`, or `nil` when it was not given.
    func positional<T>(
        _ name: String, _ parse: (String, String) throws(UsageError) -> T
    ) throws(UsageError) -> T? {
        guard let text = positionals[name] else { return nil }
        do {
            return try parse(text, "<\(name)>")
        } catch {
            throw error.for(command: command)
        }
    }

    /// Fails when more than one of `names` was given as a flag or option.
    func requireAtMostOne(of names: [String]) throws(UsageError) {
        let given = names.filter { flags.contains($0) || values[$0] != nil }
        if given.count > 1 {
            throw UsageError(.conflictingOptions(given.map { "--\($0)" }), command: command)
        }
    }
}

extension UsageError {
    /// This error with its hint pointing at `command`'s help.
    func `for`(command: String) -> UsageError {
        var copy = self
        copy.command = copy.command ?? command
        return copy
    }
}
