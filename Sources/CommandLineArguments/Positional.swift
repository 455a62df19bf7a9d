/// A positional argument (`<habit>`) as a typed key, with the reader that
/// turns its text into `Value`: `arguments.value(of: Self.habit)` is the
/// value, or `nil` when an optional one was not given.
package struct Positional<Value>: Sendable {
    package let spec: PositionalSpec
    /// Reads the text given, with the argument's display name (`<amount>`)
    /// for the error.
    let read: @Sendable (_ text: String, _ argument: String) throws(UsageError) -> Value

    package init(
        _ name: String, optional: Bool = false, values: [String] = [], help: String,
        read: @escaping @Sendable (String, String) throws(UsageError) -> Value
    ) {
        spec = PositionalSpec(name, optional: optional, values: values, help: help)
        self.read = read
    }

    /// The name in usage, without the angle brackets: `habit`.
    package var name: String { spec.name }
}

extension Positional where Value == String {
    /// A positional argument whose value is its text, as given.
    package init(_ name: String, optional: Bool = false, values: [String] = [], help: String) {
        self.init(name, optional: optional, values: values, help: help, read: { text, _ in text })
    }
}
