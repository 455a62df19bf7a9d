/// Splits command-line words into `ArgumentToken`s.
///
/// The rules, in the manner of getopt_long: `--` ends options, and every word
/// after it is `.literal`; `--name[=value]` is a long option; `-` followed by
/// letters is a cluster of short options; `-` alone and a dash followed by a
/// digit or a dot (`-1`, `-0.5`) are plain words, since no option is a digit.
package enum ArgumentTokenizer {
    /// The tokens of `arguments`. An array, not any sequence: a generic
    /// sequence made every command's start look its iterator up in the
    /// runtime's table of conformances (about 0.25 M instructions, growing
    /// with every type the program has; Tests/Load/README.md).
    package static func tokenize(_ arguments: [String]) -> [ArgumentToken] {
        var tokens: [ArgumentToken] = []
        var optionsEnded = false
        for argument in arguments {
            if optionsEnded {
                tokens.append(.literal(argument))
            } else if argument == "--" {
                optionsEnded = true
            } else if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                if let equals = body.firstIndex(of: "=") {
                    tokens.append(
                        .long(
                            name: String(body[..<equals]),
                            value: String(body[body.index(after: equals)...])))
                } else {
                    tokens.append(.long(name: String(body), value: nil))
                }
            } else if argument.hasPrefix("-"), argument.count > 1, !looksNumeric(argument) {
                tokens.append(.short(letters: String(argument.dropFirst())))
            } else {
                tokens.append(.word(argument))
            }
        }
        return tokens
    }

    /// `-1`, `-0.5`, `-.5`: a dash and then a digit, or a dot and a digit.
    private static func looksNumeric(_ argument: String) -> Bool {
        let rest = argument.utf8.dropFirst()
        guard let first = rest.first else { return false }
        if isDigit(first) { return true }
        return first == UInt8(ascii: ".") && (rest.dropFirst().first.map(isDigit) ?? false)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
