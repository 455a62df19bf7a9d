import Foundation
import Testing

@testable import HabitCore

/// The server's changes (numbered) are written as the client reads them
/// (versions as opaque text): one type on both ends of the feed.
@Suite struct FeedChangeTests {
    static let day = LocalDate(year: 2026, month: 3, day: 1)!
    static let habit = Habit(
        id: 3,
        fields: HabitFields(
            name: "Read", frequency: .daily, measurementType: "pages", startDate: day,
            actionDays: .everyDay, targetValue: 10),
        status: .active)

    /// Reads one change as the client does.
    struct Read: Decodable {
        var change: FeedChange<String?>?
        init(from decoder: any Decoder) throws {
            change = try FeedChange<String?>.decoded(from: decoder)
        }
    }

    static func sent(_ change: FeedChange<Int64>) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(change), as: UTF8.self)
    }

    static func read(_ text: String) throws -> FeedChange<String?>? {
        try JSONDecoder().decode(Read.self, from: Data(text.utf8)).change
    }

    @Test func eachKindReadsBackWithItsNumberAsTheVersion() throws {
        let entry = ProgressEntry(date: Self.day, value: Decimal(string: "2.5")!)
        let pairs: [(FeedChange<Int64>, FeedChange<String?>)] = [
            (.habit(Self.habit, version: 7), .habit(Self.habit, version: "7")),
            (.entry(habitID: 3, entry, version: 8), .entry(habitID: 3, entry, version: "8")),
            (.habitDeleted(habitID: 3, version: 9), .habitDeleted(habitID: 3, version: nil)),
            (
                .entryDeleted(habitID: 3, date: Self.day, version: 10),
                .entryDeleted(habitID: 3, date: Self.day, version: nil)
            ),
        ]
        for (sent, read) in pairs {
            #expect(try Self.read(Self.sent(sent)) == read)
            #expect(sent.habitID == read.habitID)
        }
    }

    @Test func aDeletionIsSentAsTheWireHasIt() throws {
        #expect(
            try Self.sent(.entryDeleted(habitID: 3, date: Self.day, version: 10))
                == #"{"date":"2026-03-01","habit_id":3,"kind":"entry_deleted"}"#)
        #expect(
            try Self.sent(.habitDeleted(habitID: 4, version: 11))
                == #"{"habit_id":4,"kind":"habit_deleted"}"#)
    }

    @Test func aKindOfALaterContractIsSkipped() throws {
        #expect(try Self.read(#"{"kind":"reminder","habit_id":3}"#) == nil)
    }

    @Test func aHabitIsSentAsItsOwnObjectWithItsVersion() throws {
        // As the server's ChangeJSON wrote it: the habit's members and "version".
        let sent =
            try JSONSerialization.jsonObject(
                with: Data(Self.sent(.habit(Self.habit, version: 7)).utf8)) as? [String: Any]
        let own = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Self.habit))
        var expected = try #require(own as? [String: Any])
        expected["version"] = "7"
        #expect(sent?["kind"] as? String == "habit")
        #expect(sent?.count == 2)
        #expect(
            (sent?["habit"] as? NSDictionary).map { $0.isEqual(to: expected) } == true)
    }

    /// Issue 38: a habit's goal, period length and group travel in the
    /// feed; a habit from a server before them (no `goal`) reads as at least.
    @Test func theSecondModelsFieldsTravelInTheFeed() throws {
        let water = Habit(
            id: 5,
            fields: HabitFields(
                name: "Water", frequency: .everyNDays, measurementType: "glasses",
                startDate: Self.day, actionDays: .everyDay, targetValue: 0, goal: .atMost,
                periodDays: 3, group: "Health"),
            status: .active)
        let text = try Self.sent(.habit(water, version: 12))
        #expect(text.contains(#""goal":"AT_MOST""#))
        #expect(text.contains(#""period_days":3"#))
        #expect(text.contains(#""group":"Health""#))
        #expect(try Self.read(text) == .habit(water, version: "12"))
        let older = try Self.read(
            #"{"kind":"habit","habit":{"id":3,"name":"Read","frequency":"DAILY","measurement_type":"pages","start_date":"2026-03-01","action_days":[1,2,3,4,5,6,7],"target_value":10,"status":"ACTIVE","version":"4"}}"#
        )
        #expect(older == .habit(Self.habit, version: "4"))
    }
}
