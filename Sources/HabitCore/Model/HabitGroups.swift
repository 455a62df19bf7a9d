/// Habits arranged under their groups (rule 8 of the StatusRules article).
///
/// Groups compare without case and with white space around them trimmed
/// (`HabitFields.sameGroup`); each shows as first written in the given
/// order. Groups come in the order their first habit does, each keeping
/// its habits' order, and the ungrouped habits come last. A group is only
/// an arrangement: nothing here counts or judges.
public struct HabitGroups<Element> {
    /// One group's habits: `name` as first written, `nil` for the ungrouped.
    public struct Section {
        public var name: String?
        public var elements: [Element]
    }

    public private(set) var sections: [Section] = []

    /// Arranges `elements`, whose group `group` reads (`nil`: none).
    ///
    /// An array, not any sequence: this runs unspecialised in the command
    /// line's start, where a generic sequence's iterator was looked up in
    /// the runtime's conformance table (about 0.3 M instructions a `list`;
    /// Tests/Load/README.md).
    public init(_ elements: [Element], group: (Element) -> String?) {
        var ungrouped: [Element] = []
        for element in elements {
            guard let name = group(element).map(HabitFields.trimmed), !name.isEmpty else {
                ungrouped.append(element)
                continue
            }
            if let index = section(named: name) {
                sections[index].elements.append(element)
            } else {
                sections.append(Section(name: name, elements: [element]))
            }
        }
        if !ungrouped.isEmpty { sections.append(Section(name: nil, elements: ungrouped)) }
    }

    /// Whether any element has a group (when none has, a list shows no headings).
    public var hasGroups: Bool {
        // Counted loops, not `contains(where:)`: this code runs unspecialised
        // (generic, in another module), and each protocol a generic call
        // asks the runtime for costs a scan of its conformance table, about
        // 0.25 M instructions of a command's start.
        for index in 0..<sections.count where sections[index].name != nil { return true }
        return false
    }

    /// The index of the section of group `name`, compared as groups are.
    private func section(named name: String) -> Int? {
        for index in 0..<sections.count
        where HabitFields.sameGroup(sections[index].name ?? "", name) {
            return index
        }
        return nil
    }

    /// Whether `group` is `filter` (`HabitFields.sameGroup`); the ungrouped
    /// match no filter.
    public static func group(_ group: String?, matches filter: String) -> Bool {
        guard let group else { return false }
        return HabitFields.sameGroup(group, filter)
    }
}

extension HabitGroups: Sendable where Element: Sendable {}
extension HabitGroups.Section: Sendable where Element: Sendable {}
