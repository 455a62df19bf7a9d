import Foundation
import HabitCore

/// What a sync says to people (on standard error): each change the server
/// refused, each value it replaced that another device wrote, each note a
/// server without notes dropped, with the hint for each kind once.
struct SyncReportNotes {
    /// Where the notes go.
    let notes: TextOutput

    /// Says each refused change and each conflict of `report`, naming
    /// habits with `habitNames` (called only when there is one to name).
    func tell(_ report: ReplicaSync.Report, habitNames: () -> [Int64: String]) {
        // The names are read (the outbox and every habit, under the write
        // lock) only for something to say: most syncs have nothing.
        let names =
            report.rejected.isEmpty && report.conflicts.isEmpty ? [:] : habitNames()
        for operation in report.rejected {
            let name = names[operation.habitID] ?? "habit \(operation.habitID)"
            notes.line(
                SyncWords.rejected(
                    habit: name, change: operation.change, reason: operation.lastError?.sentence))
        }
        if !report.rejected.isEmpty { notes.line(SyncWords.rejectedHint) }
        for conflict in report.conflicts where !conflict.fields.isEmpty {
            let habit = names[conflict.habitID] ?? "habit \(conflict.habitID)"
            for field in conflict.fields {
                notes.line(SyncWords.conflict(habit: habit, field: field))
            }
        }
        for conflict in report.conflicts where conflict.fields.isEmpty {
            notes.line(
                SyncWords.conflict(
                    habit: names[conflict.habitID] ?? "habit \(conflict.habitID)",
                    date: conflict.date,
                    ours: conflict.ours, theirs: conflict.theirs))
        }
        if report.conflicts.contains(where: { $0.fields.isEmpty }) {
            notes.line(SyncWords.conflictHint)
        }
        if report.conflicts.contains(where: { !$0.fields.isEmpty }) {
            notes.line(SyncWords.habitConflictHint)
        }
        for day in report.droppedNotes {
            notes.line(SyncWords.noteDropped(date: day.date))
        }
    }
}
