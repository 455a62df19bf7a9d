import Foundation
import HabitCore
import StorageTestSupport
import Testing

@testable import HabitStorage

/// The decisions of a guarded write of one day, which both stores share.
@Suite struct EntryWritePlanTests {
    let day = date("2026-03-01")
    var stored: Versioned<ProgressEntry> {
        Versioned(ProgressEntry(date: day, value: 2, skipped: false, note: "hills"), version: 5)
    }

    @Test func aPutKeepsOrReplacesTheNoteAndWritesOnlyWhatChanges() {
        let entry = ProgressEntry(date: day, value: 3, skipped: false)
        #expect(
            EntryWritePlan.put(entry, note: .keep, stored: stored, expecting: nil)
                == .write(ProgressEntry(date: day, value: 3, skipped: false, note: "hills")))
        #expect(
            EntryWritePlan.put(entry, note: .replace(nil), stored: stored, expecting: nil)
                == .write(entry))
        let same = ProgressEntry(date: day, value: 2, skipped: false)
        #expect(
            EntryWritePlan.put(same, note: .keep, stored: stored, expecting: .oneOf([5]))
                == .answer(.written(stored: stored, replaced: stored)))
    }

    @Test func aConditionNotMetAnswersTheStoredEntry() throws {
        let entry = ProgressEntry(date: day, value: 3, skipped: false)
        #expect(
            EntryWritePlan.put(entry, note: .keep, stored: stored, expecting: .oneOf([4]))
                == .answer(.mismatch(current: stored)))
        #expect(
            EntryWritePlan.put(entry, note: .keep, stored: nil, expecting: .exists)
                == .answer(.mismatch(current: nil)))
        #expect(
            try EntryWritePlan.increment(
                date: day, amount: 1, note: .keep, stored: stored, expecting: .oneOf([])
            ) == .answer(.mismatch(current: stored)))
    }

    @Test func anIncrementAddsUnskipsAndStopsAtTheMaximum() throws {
        var skipped = stored
        skipped.value.skipped = true
        #expect(
            try EntryWritePlan.increment(
                date: day, amount: decimal("0.5"), note: .keep, stored: skipped, expecting: nil)
                == .write(
                    ProgressEntry(date: day, value: decimal("2.5"), skipped: false, note: "hills")))
        #expect(
            try EntryWritePlan.increment(
                date: day, amount: 1, note: .keep, stored: nil, expecting: nil)
                == .write(ProgressEntry(date: day, value: 1, skipped: false)))
        #expect(throws: StoreError.valueLimit(maximum: ProgressEntry.maximumValue)) {
            try EntryWritePlan.increment(
                date: self.day, amount: ProgressEntry.maximumValue, note: .keep,
                stored: self.stored, expecting: nil)
        }
    }

    @Test func aBatchHoldsOnlyValuesADayHolds() throws {
        try EntryWritePlan.checkValues([
            ProgressEntry(date: day, value: 0),
            ProgressEntry(date: day, value: ProgressEntry.maximumValue),
        ])
        for value in [Decimal(-1), ProgressEntry.maximumValue + 1] {
            #expect(throws: StoreError.valueLimit(maximum: ProgressEntry.maximumValue)) {
                try EntryWritePlan.checkValues([
                    ProgressEntry(date: self.day, value: 1),
                    ProgressEntry(date: self.day, value: value),
                ])
            }
        }
    }
}
