extension ReminderMessage {
    /// A digest's words: how many habits are left, then one line each.
    init(_ data: DigestDueData) {
        let count = data.habits.count
        title = count == 1 ? "Today: 1 habit not done yet" : "Today: \(count) habits not done yet"
        body =
            "Not done yet today (\(data.date), \(data.time) \(data.timeZone)):\n"
            + data.habits.map { "- " + Self.oneLine($0.habitName) }.joined(separator: "\n")
    }
}
