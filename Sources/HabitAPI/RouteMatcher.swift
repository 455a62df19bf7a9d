/// Finds the route of a request path among a list of templates, built once
/// from them: a tree of segments, as Hummingbird's router builds its trie
/// from the routes registered.
///
/// A template is a path of `/`-separated segments, each a word or a
/// parameter in braces. `{id}` and names ending in `_id` are ids: they
/// match a plain decimal number of ASCII digits that fits Int64; any other
/// parameter matches any non-empty segment. A word is matched before a
/// parameter at the same place.
///
/// Paths are matched byte by byte, without making a string of each
/// segment. A trailing slash is optional, so `/api/me` and `/api/me/` are
/// one route. Empty segments (`//`), a word in another case or spelling,
/// and an id that is not one match nothing: those paths are 404, never an
/// error of the server.
package struct RouteMatcher: Sendable {
    /// One place in the tree: the words that may follow, the parameter
    /// that may follow, and the template that ends here.
    private struct Node: Sendable {
        var words: [(bytes: [UInt8], next: Int)] = []
        var parameter: (name: String, isID: Bool, next: Int)?
        var template: Int?
    }

    /// The templates, in the order given: a route's `index` is its place here.
    package let templates: [String]
    private let names: [[String]]
    private var nodes = [Node()]

    /// The matcher of `templates`. Each must start with `/`, differ from the
    /// others (ignoring a trailing slash) and have at most two parameters;
    /// two parameters of other names may not share a place. Templates are
    /// the program's own, so a broken one stops it at startup.
    package init(templates: [String]) {
        self.templates = templates
        var names: [[String]] = []
        for (index, template) in templates.enumerated() {
            precondition(template.hasPrefix("/"), "a template starts with /: \(template)")
            var node = 0
            var parameters: [String] = []
            for segment in template.dropFirst().split(separator: "/") {
                if segment.hasPrefix("{") && segment.hasSuffix("}") {
                    let name = String(segment.dropFirst().dropLast())
                    let isID = name == "id" || name.hasSuffix("_id")
                    if let existing = nodes[node].parameter {
                        precondition(existing.name == name, "{\(name)} and {\(existing.name)}")
                        node = existing.next
                    } else {
                        nodes.append(Node())
                        nodes[node].parameter = (name, isID, nodes.count - 1)
                        node = nodes.count - 1
                    }
                    parameters.append(name)
                } else {
                    let bytes = Array(segment.utf8)
                    if let existing = nodes[node].words.first(where: { $0.bytes == bytes }) {
                        node = existing.next
                    } else {
                        nodes.append(Node())
                        nodes[node].words.append((bytes, nodes.count - 1))
                        node = nodes.count - 1
                    }
                }
            }
            precondition(parameters.count <= 2, "at most two parameters: \(template)")
            precondition(nodes[node].template == nil, "declared twice: \(template)")
            nodes[node].template = index
            names.append(parameters)
        }
        self.names = names
    }

    /// The route at `path`, or `nil` when no template matches it.
    package func match(_ path: String) -> Route? {
        let slash = UInt8(ascii: "/")
        let bytes = path.utf8
        var start = bytes.startIndex
        guard start < bytes.endIndex, bytes[start] == slash else { return nil }
        start = bytes.index(after: start)
        var node = 0
        var values: (Substring?, Substring?) = (nil, nil)
        while start < bytes.endIndex {
            var end = start
            while end < bytes.endIndex && bytes[end] != slash { end = bytes.index(after: end) }
            let segment = bytes[start..<end]
            guard !segment.isEmpty else { return nil }
            if let word = nodes[node].words.first(where: { segment.elementsEqual($0.bytes) }) {
                node = word.next
            } else if let parameter = nodes[node].parameter {
                guard !parameter.isID || Self.isID(segment) else { return nil }
                if values.0 == nil {
                    values.0 = Substring(segment)
                } else {
                    values.1 = Substring(segment)
                }
                node = parameter.next
            } else {
                return nil
            }
            guard end < bytes.endIndex else { break }
            start = bytes.index(after: end)
        }
        guard let index = nodes[node].template else { return nil }
        return Route(
            index: index, template: templates[index], names: names[index], first: values.0,
            second: values.1)
    }

    /// Whether a segment is a decimal id of ASCII digits that fits Int64.
    private static func isID(_ text: Substring.UTF8View) -> Bool {
        guard text.count <= 19,
            text.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return false }
        // Int64's own parsing: nil past Int64.max.
        return Int64(Substring(text)) != nil
    }
}
