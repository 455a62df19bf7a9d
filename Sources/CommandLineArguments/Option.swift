/// An option that takes a value (`--date <date>`) as a typed key, with the
/// reader that turns its text into `Value`.
///
/// `arguments.value(of: Self.target)` is the value read, or `nil` when the
/// option was not given; a text that does not read is a `UsageError` naming
/// the option. A value whose reading needs more than the text (a date word
/// needs today) is an `Option<String>` read with
/// `value(of:reading:)`.
package struct Option<Value>: OptionKey {
    package let spec: OptionSpec
    /// Reads the text given, with the option's display name (`--target`)
    /// for the error.
    let read: @Sendable (_ text: String, _ argument: String) throws(UsageError) -> Value

    package init(
        _ name: String, short: Character? = nil, valueName: String,
        values: [String] = [], listValues: [String] = [], help: String,
        read: @escaping @Sendable (String, String) throws(UsageError) -> Value
    ) {
        spec = .value(
            name, short: short, valueName: valueName, values: values, listValues: listValues,
            help: help)
        self.read = read
    }

    /// The long name without dashes: `target`.
    package var name: String { spec.name }
}

extension Option where Value == String {
    /// An option whose value is its text, as given.
    package init(
        _ name: String, short: Character? = nil, valueName: String,
        values: [String] = [], listValues: [String] = [], help: String
    ) {
        self.init(
            name, short: short, valueName: valueName, values: values, listValues: listValues,
            help: help, read: { text, _ in text })
    }
}
