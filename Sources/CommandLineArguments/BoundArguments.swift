/// A command line bound to a `CommandSpec`: which flags were given, option
/// values by long name, and positional arguments by name.
///
/// A command reads it by the typed keys it declared its spec with
/// (`arguments[Self.all]`, `arguments.value(of: Self.date)`), never by a
/// name spelt a second time.
package struct BoundArguments: Hashable, Sendable {
    /// The command the arguments were bound to, for error hints.
    package var command: String
    /// The long names of the flags given.
    var flags: Set<String>
    /// Option values by long name; when an option is repeated the last one wins.
    var values: [String: String]
    /// Every value of each option, in the order given, for an option that
    /// may be repeated (`--trusted-proxy A --trusted-proxy B`).
    var everyValue: [String: [String]] = [:]
    /// Positional arguments by their spec's name.
    var positionals: [String: String]

    /// Arguments as given: `flags` by long name, `values` by option name and
    /// `positionals` by their spec's name.
    package init(
        command: String, flags: Set<String> = [], values: [String: String] = [:],
        positionals: [String: String] = [:]
    ) {
        self.command = command
        self.flags = flags
        self.values = values
        self.positionals = positionals
    }

    /// Whether the flag was given.
    package subscript(flag: Flag) -> Bool { flags.contains(flag.name) }

    /// The option's text as given, or `nil` when it was not.
    package func value(of option: Option<String>) -> String? { values[option.name] }

    /// The option's value, read by its reader, or `nil` when it was not given.
    package func value<Value>(of option: Option<Value>) throws(UsageError) -> Value? {
        try read(values[option.name], as: "--\(option.name)", option.read)
    }

    /// The option's text read by `read`, for a value whose reading needs
    /// more than the text (a date word needs today); `read` gets the text and
    /// the display name (`--date`) and throws a `UsageError` naming it.
    package func value<Value>(
        of option: Option<String>, reading read: (String, String) throws(UsageError) -> Value
    ) throws(UsageError) -> Value? {
        try self.read(values[option.name], as: "--\(option.name)", read)
    }

    /// Every text the option was given, in order: for an option that adds up
    /// when repeated rather than taking the last value.
    package func values(of option: Option<String>) -> [String] { everyValue[option.name] ?? [] }

    /// Every value the option was given, in order, read by its reader: for an
    /// option that adds up when repeated rather than taking the last value.
    package func values<Value>(of option: Option<Value>) throws(UsageError) -> [Value] {
        var read: [Value] = []
        for text in everyValue[option.name] ?? [] {
            if let value = try self.read(text, as: "--\(option.name)", option.read) {
                read.append(value)
            }
        }
        return read
    }

    /// The positional argument's text as given, or `nil` when it was not.
    package func value(of positional: Positional<String>) -> String? {
        positionals[positional.name]
    }

    /// The positional argument read by its reader, or `nil` when it was not given.
    package func value<Value>(of positional: Positional<Value>) throws(UsageError) -> Value? {
        try read(positionals[positional.name], as: "<\(positional.name)>", positional.read)
    }

    /// Whether the flag or option was given.
    package func isGiven(_ option: any OptionKey) -> Bool {
        flags.contains(option.spec.name) || values[option.spec.name] != nil
    }

    /// Fails when more than one of `options` was given.
    package func requireAtMostOne(of options: [any OptionKey]) throws(UsageError) {
        let given = options.filter(isGiven).map { "--\($0.spec.name)" }
        if given.count > 1 {
            throw UsageError(.conflictingOptions(given), command: command)
        }
    }

    /// `text` read by `read`, with errors pointing at this command's help.
    private func read<Value>(
        _ text: String?, as argument: String,
        _ read: (String, String) throws(UsageError) -> Value
    ) throws(UsageError) -> Value? {
        guard let text else { return nil }
        do {
            return try read(text, argument)
        } catch {
            throw error.for(command: command)
        }
    }
}

extension UsageError {
    /// This error with its hint pointing at `command`'s help.
    package func `for`(command: String) -> UsageError {
        var copy = self
        copy.command = copy.command ?? command
        return copy
    }
}
