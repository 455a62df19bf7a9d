import Foundation
import HabitCore
import HabitStorage
import Testing

@testable import HabitServer

/// The feed's own encoder writes what `JSONEncoder` writes.
@Suite struct ChangeFeedEncoderTests {
    @Test(arguments: [nil, "plain", "ünï ✓", #"with "quotes""#, "back\\slash"])
    func aPageIsEncodedAsJSONEncoderEncodesIt(note: String?) throws {
        let day = try #require(LocalDate("2026-03-01"))
        let habit = Habit(
            id: 3, name: "Read", frequency: .daily, measurementType: "pages", startDate: day,
            actionDays: .everyDay, targetValue: 1, status: .active,
            createdAt: Date(timeIntervalSince1970: 1_780_000_000),
            updatedAt: Date(timeIntervalSince1970: 1_780_000_000))
        let page = ChangePage(
            changes: [
                .habit(Versioned(habit, version: 1)),
                .entry(
                    habitID: 3,
                    Versioned(
                        ProgressEntry(date: day, value: Decimal(7) / 10, skipped: true, note: note),
                        version: 12)),
                .entryDeleted(habitID: 3, date: day, version: 13),
                .habitDeleted(habitID: 4, version: 14),
            ],
            cursor: FeedCursor(owner: 9, position: 14), more: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(ChangeFeedJSON(page))
        #expect(
            String(decoding: ChangeFeedEncoder.encode(page), as: UTF8.self)
                == String(decoding: expected, as: UTF8.self))
    }
}
