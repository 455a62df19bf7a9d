extension ReminderMessage {
    /// A digest's words: how many habits are left (or, when none is, how
    /// many are over their limit), then one line each: the habits to do,
    /// then those over their limit with their period's value and target
    /// ("3/2 cups").
    init(_ data: DigestDueData) {
        let count = data.habits.count
        let over = data.overLimit ?? []
        let when = "(\(data.date), \(data.time) \(data.timeZone))"
        var sections: [String] = []
        if count > 0 || over.isEmpty {
            title =
                count == 1 ? "Today: 1 habit not done yet" : "Today: \(count) habits not done yet"
            sections.append(
                "Not done yet today \(when):\n"
                    + data.habits.map { "- " + Self.oneLine($0.habitName) }.joined(
                        separator: "\n"))
        } else {
            title =
                over.count == 1
                ? "Today: 1 habit over its limit" : "Today: \(over.count) habits over their limit"
        }
        if !over.isEmpty {
            sections.append(
                (count > 0 ? "Over the limit:\n" : "Over the limit today \(when):\n")
                    + over.map { item in
                        "- " + Self.oneLine(item.habitName) + ": " + (item.current ?? "") + "/"
                            + (item.target ?? "") + " " + Self.oneLine(item.unit ?? "")
                    }.joined(separator: "\n"))
        }
        body = sections.joined(separator: "\n\n")
    }
}
