import Foundation
import HabitCore

extension RemoteBackend: HabitImporting {
    func importHabits(
        _ habits: [MappedHabit], options: ImportOptions, report: ImportReport, dryRun: Bool,
        progress: ImportProgress
    ) async throws(CommandError) -> ImportReport {
        throw CommandError(.failure, "Import in server mode is not available yet.")
    }

    func allEntries(of habit: Habit) async throws(CommandError) -> [ProgressEntry] {
        throw CommandError(.failure, "Export in server mode is not available yet.")
    }
}
