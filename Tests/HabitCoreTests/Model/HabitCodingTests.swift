import Foundation
import HabitCore
import Testing

@Suite struct HabitCodingTests {
    /// The fields of a habit as JSON text, in wire order.
    private static let fields: [(key: String, value: String)] = [
        ("id", "7"), ("name", #""Walk""#), ("frequency", #""WEEKLY""#),
        ("measurement_type", #""km""#), ("start_date", #""2026-11-04""#),
        ("action_days", "[2,4]"), ("target_value", "0.8"), ("status", #""ARCHIVED""#),
        ("created_at", #""2026-11-04T08:00:00Z""#),
        ("updated_at", #""2026-11-05T09:30:00.250Z""#),
    ]

    /// The habit's JSON with `key` given `value` instead.
    private static func json(replacing key: String = "", with value: String = "") -> String {
        let members = fields.map { "\"\($0.key)\":\($0.key == key ? value : $0.value)" }
        return "{" + members.joined(separator: ",") + "}"
    }

    private let json = Self.json()

    @Test func decodesTheWireNames() throws {
        let habit = try JSONDecoder().decode(Habit.self, from: Data(json.utf8))
        #expect(habit.id == 7)
        #expect(habit.name == "Walk")
        #expect(habit.frequency == .weekly)
        #expect(habit.measurementType == "km")
        #expect(habit.startDate == HistoryFixture.day("2026-11-04"))
        #expect(habit.actionDays == ActionDays([.tuesday, .thursday]))
        #expect(habit.targetValue == HistoryFixture.amount("0.8"))
        #expect(habit.status == .archived)
        #expect(habit.createdAt == RFC3339.date(from: "2026-11-04T08:00:00Z"))
        #expect(habit.updatedAt == RFC3339.date(from: "2026-11-05T09:30:00.250Z"))
    }

    @Test func roundTripsThroughJSON() throws {
        let habit = try JSONDecoder().decode(Habit.self, from: Data(json.utf8))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let encoded = try encoder.encode(habit)
        let object = try #require(
            try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "id", "name", "frequency", "measurement_type", "start_date", "action_days",
                "target_value", "goal", "status", "created_at", "updated_at",
            ])
        // Answers always carry the goal, the first model's habits included.
        #expect(object["goal"] as? String == "AT_LEAST")
        #expect(object["start_date"] as? String == "2026-11-04")
        #expect(object["created_at"] as? String == "2026-11-04T08:00:00Z")
        let text = String(decoding: encoded, as: UTF8.self)
        #expect(text.contains(#""target_value":0.8"#))
        #expect(text.contains(#""action_days":[2,4]"#))
        var expected = habit
        // Output timestamps have whole seconds.
        expected.updatedAt = RFC3339.date(from: "2026-11-05T09:30:00Z")
        #expect(try JSONDecoder().decode(Habit.self, from: encoded) == expected)
    }

    @Test func statusDefaultsToActiveAndTimestampsAreOptional() throws {
        let minimal = """
            {"id":1,"name":"Read","frequency":"DAILY","measurement_type":"pages",\
            "start_date":"2026-01-01","action_days":[1,2,3,4,5],"target_value":20}
            """
        let habit = try JSONDecoder().decode(Habit.self, from: Data(minimal.utf8))
        #expect(habit.status == .active)
        #expect(habit.createdAt == nil)
        let encoded = String(decoding: try JSONEncoder().encode(habit), as: UTF8.self)
        #expect(!encoded.contains("created_at"))
    }

    @Test(arguments: [
        ("start_date", #""2026-02-30""#), ("frequency", #""HOURLY""#), ("action_days", "[9]"),
        ("status", #""DELETED""#), ("target_value", #""eight""#), ("target_value", #""1e3""#),
        ("target_value", #"" 0.8""#), ("id", #""7""#),
    ])
    func rejectsBadFields(_ key: String, _ value: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                Habit.self, from: Data(Self.json(replacing: key, with: value).utf8))
        }
    }

    /// Servers of the Django REST framework family send decimals as strings and
    /// may send timestamps without a zone: the first is read, the second dropped.
    @Test func decimalTextIsReadAndUnknownTimestampsAreLeftOut() throws {
        let text = try JSONDecoder().decode(
            Habit.self, from: Data(Self.json(replacing: "target_value", with: #""0.80""#).utf8))
        #expect(text.targetValue == HistoryFixture.amount("0.8"))
        let naive = try JSONDecoder().decode(
            Habit.self,
            from: Data(
                Self.json(replacing: "created_at", with: #""2026-11-30T19:00:00.123456""#).utf8))
        #expect(naive.createdAt == nil)
        #expect(naive.updatedAt != nil)
        let entry = try JSONDecoder().decode(
            ProgressEntry.self,
            from: Data(#"{"date":"2026-11-05","value":"2.50","skipped":true}"#.utf8))
        #expect(entry.value == HistoryFixture.amount("2.5"))
    }

    @Test func progressEntryAndCompletionWireForms() throws {
        let entry = try JSONDecoder().decode(
            ProgressEntry.self,
            from: Data(#"{"date":"2026-11-05","value":0.1,"skipped":false}"#.utf8))
        #expect(
            entry
                == ProgressEntry(
                    date: HistoryFixture.day("2026-11-05"), value: HistoryFixture.amount("0.1")))
        let completion = CompletionData(
            target: HistoryFixture.amount("0.8"), current: HistoryFixture.amount("0.3"),
            state: .pending)
        let object = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(completion))
                as? [String: Any])
        #expect(object["state"] as? String == "pending")
        #expect(completion.remaining == HistoryFixture.amount("0.5"))
        #expect(PeriodState.success.rawValue == "done")
        #expect(PeriodState.beforeStart.rawValue == "before_start")
    }
}
