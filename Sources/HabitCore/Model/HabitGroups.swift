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
    public init(_ elements: some Sequence<Element>, group: (Element) -> String?) {
        var ungrouped: [Element] = []
        for element in elements {
            guard let name = group(element).map(HabitFields.trimmed), !name.isEmpty else {
                ungrouped.append(element)
                continue
            }
            if let index = sections.firstIndex(where: {
                HabitFields.sameGroup($0.name ?? "", name)
            }) {
                sections[index].elements.append(element)
            } else {
                sections.append(Section(name: name, elements: [element]))
            }
        }
        if !ungrouped.isEmpty { sections.append(Section(name: nil, elements: ungrouped)) }
    }

    /// Whether any element has a group (when none has, a list shows no headings).
    public var hasGroups: Bool { sections.contains { $0.name != nil } }

    /// Whether `group` is `filter` (`HabitFields.sameGroup`); the ungrouped
    /// match no filter.
    public static func group(_ group: String?, matches filter: String) -> Bool {
        guard let group else { return false }
        return HabitFields.sameGroup(group, filter)
    }
}

extension HabitGroups: Sendable where Element: Sendable {}
extension HabitGroups.Section: Sendable where Element: Sendable {}
