/// Binds tokens to one command's options and positional arguments.
///
/// Rules: options may come before, between or after positionals; a long
/// option with a value takes `--name=value` or the next word; a short cluster
/// `-ay` sets each flag, and a letter that takes a value takes the rest of the
/// cluster or the next word; a repeated option keeps its last value. A word
/// that is taken as a value may look like a negative number (`--target -1`).
/// `global` are the options every command of the program accepts (`--json`),
/// bound like the command's own.
package enum ArgumentBinder {
    package static func bind(
        _ tokens: [ArgumentToken], to spec: CommandSpec, global: [OptionSpec] = []
    ) throws(UsageError) -> BoundArguments {
        let options = spec.options + global
        var bound = BoundArguments(command: spec.name)
        var words: [String] = []
        var index = 0

        func fail(_ problem: UsageError.Problem) -> UsageError {
            UsageError(problem, command: spec.name)
        }

        /// The next token as an option's value, if it is a plain word.
        func nextValue() -> String? {
            guard index + 1 < tokens.count, case .word(let word) = tokens[index + 1] else {
                return nil
            }
            index += 1
            return word
        }

        while index < tokens.count {
            switch tokens[index] {
            case .long(let name, let attached):
                guard let option = options.first(where: { $0.name == name }) else {
                    throw fail(
                        .unknownOption(
                            "--\(name)",
                            suggestion: Suggestion.closest(
                                to: name, among: options.map(\.name)
                            ).map { "--\($0)" }))
                }
                if let valueName = option.valueName {
                    guard let value = attached ?? nextValue() else {
                        throw fail(.missingValue(option: "--\(name)", valueName: valueName))
                    }
                    bound.values[name] = value
                    bound.everyValue[name, default: []].append(value)
                } else {
                    if attached != nil { throw fail(.flagWithValue(option: "--\(name)")) }
                    bound.flags.insert(name)
                }
            case .short(let letters):
                var rest = Substring(letters)
                while let letter = rest.first {
                    rest = rest.dropFirst()
                    guard let option = options.first(where: { $0.short == letter }) else {
                        throw fail(.unknownOption("-\(letter)", suggestion: nil))
                    }
                    if let valueName = option.valueName {
                        let value = rest.isEmpty ? nextValue() : String(rest)
                        guard let value else {
                            throw fail(.missingValue(option: "-\(letter)", valueName: valueName))
                        }
                        bound.values[option.name] = value
                        bound.everyValue[option.name, default: []].append(value)
                        rest = ""
                    } else {
                        bound.flags.insert(option.name)
                    }
                }
            case .word(let word), .literal(let word):
                words.append(word)
            }
            index += 1
        }

        var remaining = words[...]
        for positional in spec.positionals {
            if let word = remaining.popFirst() {
                bound.positionals[positional.name] = word
            } else if !positional.isOptional {
                throw fail(.missingArgument(positional.name))
            }
        }
        if let extra = remaining.first {
            throw fail(.unexpectedArgument(extra))
        }
        return bound
    }
}
