import Foundation
import HabitCore
import HabitStorage
import HabitStore

extension LocalBackend: HabitImporting {
    /// The plan is made inside the store's `BEGIN IMMEDIATE` transaction,
    /// on the habits and entries it sees under the write lock, so nothing
    /// can change between the decision and the writes; a refusal or a dry
    /// run writes nothing.
    func importHabits(
        _ habits: [MappedHabit], options: ImportOptions, report: ImportReport, dryRun: Bool,
        progress: ImportProgress
    ) async throws(CommandError) -> ImportReport {
        let result: (created: [Habit], outcome: ImportPlan)
        do {
            result = try store.importHabits(owner: owner, now: clock.now()) {
                snapshot throws(StoreError) -> (HabitImportWrite, ImportPlan) in
                let plan = try ImportPlan.make(
                    habits, existing: snapshot.habits, options: options, report: report
                ) { habit throws(StoreError) in
                    try snapshot.entries(habitID: habit.id)
                }
                progress.start(total: plan.report.entriesWritten)
                if dryRun || plan.refusal != nil { return (HabitImportWrite(), plan) }
                var write = plan.write
                write.progress = { count in progress.advance(by: count) }
                return (write, plan)
            }
        } catch {
            throw CommandError.store(error)
        }
        var plan = result.outcome
        if let refusal = plan.refusal { throw CommandError.importRefused(refusal) }
        for (index, habit) in result.created.enumerated() where index < plan.report.created.count {
            plan.report.created[index].id = habit.id
        }
        return plan.report
    }

    func allEntries(of habit: Habit) async throws(CommandError) -> [ProgressEntry] {
        let entries: [ProgressEntry]?
        do {
            entries = try store.allProgress(habitID: habit.id, owner: owner)
        } catch {
            throw CommandError.store(error)
        }
        guard let entries else { throw CommandError.habitNotFound(String(habit.id)) }
        return entries
    }
}
