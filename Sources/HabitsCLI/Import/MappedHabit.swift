import HabitCore

/// A source habit in this tracker's model: valid fields, a status, one entry
/// per day, and every approximation the mapping made, one line each.
struct MappedHabit: Hashable, Sendable {
    var fields: HabitFields
    var status: HabitStatus
    /// Sorted by date, one per day.
    var entries: [ProgressEntry]
    /// Each a sentence naming the habit: "Run: a rolling 7-day window became the ISO week."
    var approximations: [String] = []
    /// Comments and notes on days the import leaves without an entry.
    var notesNotImported: Int = 0
    /// The habit as our own export gave it (id and times to keep), if it came from one.
    var original: Habit?
}
