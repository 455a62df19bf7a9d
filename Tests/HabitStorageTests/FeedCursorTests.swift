import Foundation
import HabitCore
import StorageTestSupport
import Testing

@testable import HabitStorage

/// The cursor's text and when the feed still answers from it.
@Suite struct FeedCursorTests {
    @Test func aCursorReadsBackFromItsText() {
        for cursor in [
            FeedCursor(owner: 7, position: 0), FeedCursor(owner: 7, position: 42),
            FeedCursor(owner: 7, position: 3, tombstonesAfter: 90),
        ] {
            #expect(FeedCursor(text: cursor.text) == cursor)
        }
    }

    @Test(arguments: [
        "", "c1", "c1.7", "c2.7.1", "c1.7.x", "c1.7.-1", "c1.7.1.", "c1..1", "c1.7.1.0",
        "c1.7.1.1", "c1.7.99999999999999999999", " c1.7.1", "c1.7.1.2.3", "c1.7.１",
    ])
    func textThatIsNoCursorIsRefused(text: String) {
        #expect(FeedCursor(text: text) == nil)
    }

    @Test func aCursorIsValidForItsOwnerUpToTheHeadAndAboveThePurge() {
        let cursor = FeedCursor(owner: 7, position: 10)
        #expect(cursor.isValid(owner: 7, head: 10, purgedThrough: 10))
        #expect(!cursor.isValid(owner: 8, head: 10, purgedThrough: 0))
        #expect(!cursor.isValid(owner: 7, head: 9, purgedThrough: 0))
        #expect(!cursor.isValid(owner: 7, head: 20, purgedThrough: 11))
        // A full read in progress needs tombstones only above its start.
        let full = FeedCursor(owner: 7, position: 3, tombstonesAfter: 15)
        #expect(full.isValid(owner: 7, head: 20, purgedThrough: 15))
        #expect(!full.isValid(owner: 7, head: 20, purgedThrough: 16))
    }

    @Test func aHabitChangeMovesBeforeItsEntriesInOnePage() {
        let habit = Habit(
            id: 1, fields: fields(), status: .active, createdAt: referenceTime,
            updatedAt: referenceTime)
        let day = date("2026-01-02")
        let entry = Change.entry(
            habitID: 1, Versioned(ProgressEntry(date: day, value: 1, skipped: false), version: 2))
        let other = Change.habitDeleted(habitID: 9, version: 3)
        let edited = Change.habit(Versioned(habit, version: 4))
        #expect(ChangeAssembly.habitsFirst([entry, other, edited]) == [edited, entry, other])
        #expect(ChangeAssembly.habitsFirst([edited, entry]) == [edited, entry])
    }
}
