import Foundation
import HabitCore

/// What a guarded write of one day's entry does, decided from the entry
/// stored (read under the write's lock) alone, the same on every store.
package enum EntryWritePlan: Sendable, Equatable {
    /// Nothing to write: answer this.
    case answer(GuardedWrite<ProgressEntry>)
    /// Write this entry with a new change number, replacing the stored one.
    case write(ProgressEntry)

    /// A day's PUT: the entry with its note as `note` says; a mismatch
    /// when `expecting` is not met; nothing to write when the entry is
    /// already what is stored (its version stays).
    package static func put(
        _ entry: ProgressEntry, note: NoteChange, stored: Versioned<ProgressEntry>?,
        expecting: VersionCondition?
    ) -> EntryWritePlan {
        guard expecting.isMet(by: stored?.version) else {
            return .answer(.mismatch(current: stored))
        }
        var saved = entry
        saved.note = note.applied(to: stored?.value.note)
        if let stored, stored.value == saved {
            return .answer(.written(stored: stored, replaced: stored))
        }
        return .write(saved)
    }

    /// Checks entries a batch write or an import gives whole, before any
    /// is written: `.valueLimit` unless every value is one a day's entry
    /// holds, 0 through `ProgressEntry.maximumValue`.
    package static func checkValues(_ entries: [ProgressEntry]) throws(StoreError) {
        guard entries.allSatisfy({ $0.value >= 0 && $0.value <= ProgressEntry.maximumValue })
        else { throw .valueLimit(maximum: ProgressEntry.maximumValue) }
    }

    /// An increment: the stored value (0 without an entry) plus `amount`,
    /// un-skipped, the note as `note` says. Throws `.valueLimit` past
    /// `ProgressEntry.maximumValue`.
    package static func increment(
        date: LocalDate, amount: Decimal, note: NoteChange, stored: Versioned<ProgressEntry>?,
        expecting: VersionCondition?
    ) throws(StoreError) -> EntryWritePlan {
        guard expecting.isMet(by: stored?.version) else {
            return .answer(.mismatch(current: stored))
        }
        let value = (stored?.value.value ?? 0) + amount
        guard value <= ProgressEntry.maximumValue else {
            throw .valueLimit(maximum: ProgressEntry.maximumValue)
        }
        return .write(
            ProgressEntry(
                date: date, value: value, skipped: false, note: note.applied(to: stored?.value.note)
            ))
    }
}
