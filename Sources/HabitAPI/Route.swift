/// A route a request path matched (`RouteMatcher`): which template, and
/// the values the path gave its parameters.
///
/// Made only by the matcher, which checked each value: an id parameter
/// holds a plain decimal number that fits Int64, any other a non-empty
/// segment. The values are slices of the request's path, so a match copies
/// no text; there are two at most (no template has more), kept inline so a
/// match allocates nothing.
package struct Route: Hashable, Sendable {
    /// Where the template is in the list the matcher was built from.
    package let index: Int
    /// The path as the contract writes it, parameters as placeholders
    /// (`/api/me/habits/{id}/`): what the request log and metrics show, so
    /// no segment a client sent reaches them.
    package let template: String
    /// The template's parameter names, in order (`id`, `date`).
    let names: [String]
    let first: Substring?
    let second: Substring?

    /// The value of the parameter `{name}` as the path gave it; `nil` when
    /// the template has none of that name.
    package func parameter(_ name: String) -> Substring? {
        guard let position = names.firstIndex(of: name) else { return nil }
        return position == 0 ? first : second
    }

    /// The id parameter `{name}` (`{id}`, `{reminder_id}`); 0, which no
    /// row has, when the template has none of that name.
    package func id(_ name: String) -> Int64 {
        parameter(name).flatMap { Int64($0) } ?? 0
    }

    /// The text parameter `{name}` (`{date}`, `{token}`), as sent: its
    /// handler checks it, so a bad date is a 400 naming it. Empty when the
    /// template has none of that name.
    package func text(_ name: String) -> String {
        parameter(name).map(String.init) ?? ""
    }
}
