/// A flag (`--all`, `-a`) as a typed key: `arguments[Self.all]` is whether it
/// was given.
public struct Flag: OptionKey {
    public let spec: OptionSpec

    public init(_ name: String, short: Character? = nil, help: String) {
        spec = .flag(name, short: short, help: help)
    }

    /// The long name without dashes: `all`.
    public var name: String { spec.name }
}
