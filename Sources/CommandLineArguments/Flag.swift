/// A flag (`--all`, `-a`) as a typed key: `arguments[Self.all]` is whether it
/// was given.
package struct Flag: OptionKey {
    package let spec: OptionSpec

    package init(_ name: String, short: Character? = nil, help: String) {
        spec = .flag(name, short: short, help: help)
    }

    /// The long name without dashes: `all`.
    package var name: String { spec.name }
}
