import HabitCore

/// The `--group` option of `list`, `log`, `remind` and `prompt`: only the
/// habits of one group (rule 8 of the StatusRules article), the group
/// compared without case; a group is only an arrangement, so the filter
/// changes what is shown, never how a habit is judged.
enum GroupFilter {
    static let option = Option(
        "group", short: "g", valueName: "group",
        help: "Only the habits of this group (case does not matter).")

    /// The group asked for, trimmed, or `nil` for every habit.
    static func read(_ arguments: BoundArguments) -> String? {
        arguments.value(of: option).map(HabitFields.trimmed)
    }

    /// `items` of the group `name` (all of them when `name` is nil), in
    /// their order.
    static func filter<Element>(
        _ items: [Element], group name: String?, _ group: (Element) -> String?
    ) -> [Element] {
        guard let name else { return items }
        return items.filter { HabitGroups<Element>.group(group($0), matches: name) }
    }
}
