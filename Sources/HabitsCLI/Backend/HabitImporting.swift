import HabitCore

/// What `habits import` and `habits export` need of a backend beyond
/// `HabitBackend`: every backend conforms (LocalBackend, RemoteBackend,
/// ReplicaBackend), and `CommandContext.backend()` returns one.
protocol HabitImporting: HabitBackend {
    /// Plans the import of `habits` against the backend's habits
    /// (`ImportPlan`) and, unless `dryRun`, carries it out; returns the
    /// report (created habits with their ids). Local mode does it all in one
    /// transaction, so on any error nothing is written; server mode goes
    /// through the API. Throws the plan's refusal (a name clash, the habit
    /// limit) with nothing written.
    func importHabits(
        _ habits: [MappedHabit], options: ImportOptions, report: ImportReport, dryRun: Bool,
        progress: ImportProgress
    ) async throws(CommandError) -> ImportReport

    /// Every entry of `habit`, sorted by date, for an export.
    func allEntries(of habit: Habit) async throws(CommandError) -> [ProgressEntry]
}
