/// An option declared once, as a typed key: its `spec` goes into the
/// command's `CommandSpec` (and so into help, completion and the manual),
/// and the command reads the option from `BoundArguments` by the same key.
package protocol OptionKey: Sendable {
    var spec: OptionSpec { get }
}
