/// One command-line word, classified before any command looks at it.
///
/// Classification is purely lexical: whether a word is an option's value or a
/// positional argument is decided later, by `ArgumentBinder`, which knows the
/// command's options.
package enum ArgumentToken: Hashable, Sendable {
    /// `--name`, or `--name=value` with the value attached.
    case long(name: String, value: String?)
    /// `-abc`: the letters after one dash. A letter that takes a value uses the
    /// rest of the cluster (`-d2026-03-01`) or else the next word.
    case short(letters: String)
    /// A plain word: a positional argument or an option's value. Also `-`
    /// alone and negative numbers such as `-1` or `-0.5`.
    case word(String)
    /// A word after `--`: always positional, whatever it looks like.
    case literal(String)

    /// The token as the person typed it, for error messages.
    package var text: String {
        switch self {
        case .long(let name, let value): return value.map { "--\(name)=\($0)" } ?? "--\(name)"
        case .short(let letters): return "-\(letters)"
        case .word(let word), .literal(let word): return word
        }
    }
}
