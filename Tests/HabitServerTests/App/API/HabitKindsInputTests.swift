import Foundation
import HabitAPI
import HabitCore
import Testing

@testable import HabitServer

/// `HabitInput` with the fields of issue 38: every frequency, `goal`,
/// `period_days` and `group`, without a server.
@Suite struct HabitKindsInputTests {
    private func object(_ text: String) throws -> [String: JSONValue] {
        try RequestBody.object(from: Data(text.utf8))
    }

    /// A new habit's body with `extra` members added (raw JSON text).
    private func body(frequency: String = "DAILY", target: String = "1", _ extra: String = "")
        throws -> [String: JSONValue]
    {
        try object(
            """
            {"name": "Rent", "frequency": "\(frequency)", "measurement_type": "times",
             "start_date": "2026-11-30", "action_days": [1, 2, 3, 4, 5, 6, 7],
             "target_value": \(target)\(extra.isEmpty ? "" : ", " + extra)}
            """)
    }

    private func problems(_ body: [String: JSONValue]) -> [String: [String]]? {
        let error = #expect(throws: ValidationError.self) { try HabitInput.fields(from: body) }
        return error?.fields
    }

    @Test func everyFrequencyIsTakenAndTheGoalIsAtLeastWhenLeftOut() throws {
        for frequency in Frequency.allCases {
            let extra = frequency == .everyNDays ? #""period_days": 3"# : ""
            let fields = try HabitInput.fields(from: body(frequency: frequency.rawValue, extra))
            #expect(fields.frequency == frequency)
            #expect(fields.goal == .atLeast)
            #expect(fields.periodDays == (frequency == .everyNDays ? 3 : nil))
            #expect(fields.group == nil)
        }
    }

    @Test func anAtMostHabitMayHaveATargetOf0() throws {
        let fields = try HabitInput.fields(from: body(target: "0", #""goal": "AT_MOST""#))
        #expect(fields.goal == .atMost && fields.targetValue == 0)
        let limit = try HabitInput.fields(
            from: body(frequency: "MONTHLY", target: "2", #""goal": "AT_MOST""#))
        #expect(limit.goal == .atMost && limit.frequency == .monthly)
    }

    @Test func aGroupIsTrimmedAndNullIsNone() throws {
        let grouped = try HabitInput.fields(from: body(#""group": "  Morning ""#))
        #expect(grouped.group == "Morning")
        #expect(try HabitInput.fields(from: body(#""group": null"#)).group == nil)
        #expect(try HabitInput.fields(from: body(#""period_days": null"#)).periodDays == nil)
    }

    @Test(arguments: [
        // (frequency, target, extra members, the field named)
        ("DAILY", "1", #""period_days": 3"#, "period_days"),
        ("MONTHLY", "1", #""period_days": 30"#, "period_days"),
        ("EVERY_N_DAYS", "1", "", "period_days"),
        ("EVERY_N_DAYS", "1", #""period_days": null"#, "period_days"),
        ("EVERY_N_DAYS", "1", #""period_days": 1"#, "period_days"),
        ("EVERY_N_DAYS", "1", #""period_days": 366"#, "period_days"),
        ("EVERY_N_DAYS", "1", #""period_days": 1e30"#, "period_days"),
        ("EVERY_N_DAYS", "1", #""period_days": 2.5"#, "period_days"),
        ("EVERY_N_DAYS", "1", #""period_days": "3""#, "period_days"),
        ("DAILY", "0", "", "target_value"),
        ("DAILY", "0", #""goal": "AT_LEAST""#, "target_value"),
        ("DAILY", "-1", #""goal": "AT_MOST""#, "target_value"),
        ("DAILY", "1", #""goal": "at_most""#, "goal"),
        ("DAILY", "1", #""goal": null"#, "goal"),
        ("DAILY", "1", #""group": """#, "group"),
        ("DAILY", "1", #""group": "   ""#, "group"),
        ("DAILY", "1", #""group": "\#(String(repeating: "g", count: 33))""#, "group"),
        ("DAILY", "1", #""group": "Mor\u0007ning""#, "group"),
        ("DAILY", "1", #""group": 7"#, "group"),
        ("FORTNIGHTLY", "1", "", "frequency"),
    ])
    func aWrongFieldIsNamedAlone(
        frequency: String, target: String, extra: String, field: String
    ) throws {
        let fields = problems(try body(frequency: frequency, target: target, extra))
        #expect(fields?.keys.sorted() == [field], "\(fields ?? [:])")
    }

    @Test func theRulesAreReportedBesideATypeProblem() throws {
        // `name` does not read; the rule problems of the fields that did
        // are in the same answer.
        let fields = problems(
            try object(
                """
                {"name": 5, "frequency": "EVERY_N_DAYS", "measurement_type": "times",
                 "start_date": "2026-11-30", "action_days": [1], "target_value": 0,
                 "group": ""}
                """))
        #expect(
            fields?.keys.sorted() == ["group", "name", "period_days", "target_value"],
            "\(fields ?? [:])")
        // A goal that does not read leaves 0 unjudged: it is a limit's target.
        let unread = problems(
            try body(target: "0", #""goal": "NONE", "period_days": 2.5"#))
        #expect(unread?.keys.sorted() == ["goal", "period_days"], "\(unread ?? [:])")
        #expect(unread?["period_days"] == [BodyFields.integerMessage])
    }

    @Test func aChangeKeepsWhatItLeavesOutAndNullRemoves() throws {
        let kept = try HabitInput.changes(from: object(#"{"name": "Rent"}"#))
        #expect(kept.goal == nil && kept.periodDays == nil && kept.group == nil)
        let removed = try HabitInput.changes(
            from: object(#"{"period_days": null, "group": null}"#))
        #expect(removed.periodDays == .some(nil) && removed.group == .some(nil))
        let set = try HabitInput.changes(
            from: object(
                #"{"frequency": "EVERY_N_DAYS", "period_days": 3, "goal": "AT_MOST", "group": "Home"}"#
            ))
        #expect(
            set
                == HabitChanges(
                    frequency: .everyNDays, goal: .atMost, periodDays: 3, group: "Home"))
    }

    @Test func aChangeIsJudgedWithTheFieldsItKeeps() throws {
        let monthly = HabitFields(
            name: "Rent", frequency: .monthly, measurementType: "times",
            startDate: try #require(LocalDate(year: 2026, month: 11, day: 1)),
            actionDays: .everyDay,
            targetValue: 1, group: "Home")
        // To every N days without N, then with one; back to DAILY drops it.
        let missing = #expect(throws: ValidationError.self) {
            try HabitInput.changes(from: object(#"{"frequency": "EVERY_N_DAYS"}"#))
                .applied(to: monthly)
        }
        #expect(missing?.fields.keys.sorted() == ["period_days"])
        let every = try HabitInput.changes(
            from: object(#"{"frequency": "EVERY_N_DAYS", "period_days": 3}"#)
        ).applied(to: monthly)
        #expect(every.periodDays == 3 && every.group == "Home")
        let daily = try HabitInput.changes(from: object(#"{"frequency": "DAILY"}"#))
            .applied(to: every)
        #expect(daily.periodDays == nil)
        // A limit of 0 stays one only while the goal is AT_MOST.
        let limit = try HabitInput.changes(from: object(#"{"goal": "AT_MOST", "target_value": 0}"#))
            .applied(to: monthly)
        #expect(limit.targetValue == 0)
        let back = #expect(throws: ValidationError.self) {
            try HabitInput.changes(from: object(#"{"goal": "AT_LEAST"}"#)).applied(to: limit)
        }
        #expect(back?.fields.keys.sorted() == ["target_value"])
        #expect(
            try HabitInput.changes(from: object(#"{"group": null}"#)).applied(to: monthly).group
                == nil)
    }

    @Test func aChangeOfTheWrongTypeIsReportedWithTheRulesThatHoldAnyway() throws {
        let error = #expect(throws: ValidationError.self) {
            try HabitInput.changes(
                from: object(#"{"period_days": "3", "group": "", "target_value": 0}"#))
        }
        // A target of 0 may be a limit's: the stored goal decides, later.
        #expect(error?.fields.keys.sorted() == ["group", "period_days"])
    }
}
