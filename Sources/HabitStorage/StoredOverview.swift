import HabitCore

/// The overview of a day as a store builds it (`HabitRepository.overview`):
/// each habit with its completion, current streak and strength, and the
/// entries read to work them out.
package struct StoredOverview: Hashable, Sendable {
    /// The habits in id order, each with its completion for the period
    /// containing the date and its streak and strength as of
    /// `OverviewWindow.asOf`.
    package var items: [HabitWithCompletion]
    /// Every entry of each habit from `OverviewWindow.from(for:)` through
    /// `OverviewWindow.through(for:)` of the habits listed (the week, or a
    /// month or block of N days reaching past it), sorted by date; a habit
    /// without any has none.
    package var entries: [Int64: [ProgressEntry]]

    package init(items: [HabitWithCompletion], entries: [Int64: [ProgressEntry]]) {
        self.items = items
        self.entries = entries
    }
}
