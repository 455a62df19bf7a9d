import HabitConcurrency
import HabitCore

extension ReplicaBackend: HabitImporting {
    /// Imports go straight to the server (its batches and its checks, as
    /// without a replica), once the outbox is sent; the replica then pulls
    /// them. An import needs the server: it is not queued.
    func importHabits(
        _ habits: [MappedHabit], options: ImportOptions, report: ImportReport, dryRun: Bool,
        progress: ImportProgress
    ) async throws(CommandError) -> ImportReport {
        try await syncOnce(waiting: .infinity)
        let result = try await remote.importHabits(
            habits, options: options, report: report, dryRun: dryRun, progress: progress)
        if !dryRun {
            session.state.withLock { $0.tried = false }
            try await syncOnce(waiting: .infinity)
        }
        return result
    }

    /// From the replica after a sync (the server's when it has no feed).
    func allEntries(of habit: Habit) async throws(CommandError) -> [ProgressEntry] {
        try await read { (local) async throws(CommandError) in
            try await local.entries(habitID: habit.id, from: .earliest, to: .latest)
        } server: { (remote) async throws(CommandError) in
            try await remote.allEntries(of: habit)
        }
    }
}
