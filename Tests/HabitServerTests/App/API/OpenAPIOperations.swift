import Foundation

/// The operations of an OpenAPI document's `paths:`, read line by line: the
/// few lines of YAML the contract writes them with, not YAML at large (the
/// package takes no dependency for a test).
///
/// A path is a key indented by two spaces that starts with `/`; its methods
/// are the keys indented by four that name an HTTP method. The paths are
/// prefixed with the path of the first `servers` URL (`/api`).
enum OpenAPIOperations {
    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    static let methods: Set<String> = ["get", "put", "post", "delete", "patch", "head", "options"]

    /// `METHOD /prefix/path` for each operation.
    static func read(_ yaml: String) throws -> Set<String> {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard let url = lines.first(where: { $0.hasPrefix("  - url: ") }),
            let prefix = URL(string: String(url.dropFirst("  - url: ".count)))?.path
        else { throw Problem(description: "no servers URL") }
        guard let start = lines.firstIndex(of: "paths:") else {
            throw Problem(description: "no paths section")
        }
        var operations: Set<String> = []
        var path: String?
        for line in lines[(start + 1)...] {
            // The next top-level key ends the section.
            if let first = line.first, first != " ", first != "#" { break }
            if line.hasPrefix("  /"), !line.hasPrefix("   "), line.hasSuffix(":") {
                path = String(line.dropFirst(2).dropLast())
            } else if let path, line.hasPrefix("    "), !line.hasPrefix("     "),
                let colon = line.firstIndex(of: ":")
            {
                let key = line[line.index(line.startIndex, offsetBy: 4)..<colon]
                if methods.contains(String(key)) {
                    operations.insert("\(key.uppercased()) \(prefix)\(path)")
                }
            }
        }
        return operations
    }
}
