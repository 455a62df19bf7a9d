/// Problems with input, grouped by the field they concern (wire names such as
/// `target_value`), each worded for a person.
public struct ValidationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Field name → its problems, in the order found.
    public var fields: [String: [String]]

    public init(fields: [String: [String]] = [:]) {
        self.fields = fields
    }

    public var isEmpty: Bool { fields.isEmpty }

    /// Records `problems` (if any) under `field`.
    public mutating func add(_ problems: [String], to field: String) {
        guard !problems.isEmpty else { return }
        fields[field, default: []].append(contentsOf: problems)
    }

    /// One line per field, sorted by field name: "target_value: Ensure …".
    public var description: String {
        fields.keys.sorted().map { "\($0): \(fields[$0]!.joined(separator: " "))" }
            .joined(separator: "\n")
    }
}
