import Foundation
import HabitCore
import Testing

/// The fields of issue 38 on a habit: `goal` and `period_days`, their rules
/// in `HabitFields`, their wire form, and a bare `done`'s amount.
@Suite struct PeriodAndGoalFieldsTests {
    typealias F = HistoryFixture

    private func fields(
        _ frequency: Frequency, periodDays: Int? = nil, target: String = "1",
        goal: Goal = .atLeast
    ) -> HabitFields {
        HabitFields(
            name: "Rent", frequency: frequency, measurementType: "times",
            startDate: F.day("2026-11-01"), actionDays: .everyDay, targetValue: F.amount(target),
            goal: goal, periodDays: periodDays)
    }

    private func problems(_ fields: HabitFields) -> [String: [String]] {
        do {
            _ = try fields.validated()
            return [:]
        } catch {
            return error.fields
        }
    }

    @Test(arguments: [2, 3, 30, 365])
    func everyNDaysTakesTwoToThreeHundredSixtyFiveDays(_ days: Int) {
        #expect(problems(fields(.everyNDays, periodDays: days)).isEmpty)
    }

    @Test(arguments: [nil, 0, 1, 366, -3] as [Int?])
    func everyNDaysRefusesAnyOtherLength(_ days: Int?) {
        #expect(Array(problems(fields(.everyNDays, periodDays: days)).keys) == ["period_days"])
    }

    @Test(arguments: [Frequency.daily, .weekly, .monthly])
    func onlyEveryNDaysHasPeriodDays(_ frequency: Frequency) {
        #expect(problems(fields(frequency)).isEmpty)
        #expect(
            problems(fields(frequency, periodDays: 3))
                == ["period_days": ["Only an EVERY_N_DAYS habit has period_days."]])
    }

    @Test func aTargetOfZeroIsALimitOnly() {
        #expect(problems(fields(.daily, target: "0", goal: .atMost)).isEmpty)
        #expect(
            problems(fields(.daily, target: "0"))
                == ["target_value": ["Ensure this value is greater than 0."]])
        #expect(
            Array(problems(fields(.weekly, target: "-1", goal: .atMost)).keys) == ["target_value"])
        #expect(
            Array(problems(fields(.daily, target: "1000001", goal: .atMost)).keys) == [
                "target_value"
            ])
        #expect(problems(fields(.monthly, target: "2", goal: .atMost)).isEmpty)
        #expect(
            HabitFields.problems(targetValue: 0)
                == HabitFields.problems(targetValue: 0, goal: .atLeast))
    }

    @Test func changesCarryTheGoalAndPeriodDays() throws {
        let daily = try fields(.daily).validated()
        let every = try HabitChanges(frequency: .everyNDays, periodDays: .some(4)).applied(
            to: daily)
        #expect(every.frequency == .everyNDays && every.periodDays == 4)
        // Leaving every N days leaves its N.
        let monthly = try HabitChanges(frequency: .monthly).applied(to: every)
        #expect(monthly.periodDays == nil)
        // Kept while the frequency stays.
        let renamed = try HabitChanges(name: "Plants").applied(to: every)
        #expect(renamed.periodDays == 4)
        let limit = try HabitChanges(targetValue: 0, goal: .atMost).applied(to: daily)
        #expect(limit.goal == .atMost && limit.targetValue == 0)
        #expect(throws: ValidationError.self) {
            try HabitChanges(goal: .atLeast).applied(to: limit)
        }
        #expect(throws: ValidationError.self) {
            try HabitChanges(frequency: .everyNDays).applied(to: daily)
        }
    }

    @Test func habitCarriesItsFields() {
        var habit = Habit(
            id: 7, fields: fields(.everyNDays, periodDays: 3, target: "2", goal: .atMost))
        #expect(habit.goal == .atMost && habit.periodDays == 3)
        #expect(habit.fields == fields(.everyNDays, periodDays: 3, target: "2", goal: .atMost))
        habit.fields = fields(.daily)
        #expect(habit.goal == .atLeast && habit.periodDays == nil)
    }

    @Test func dataOfTheFirstModelDecodesAsAtLeast() throws {
        let json = """
            {"id": 3, "name": "Read", "frequency": "WEEKLY", "measurement_type": "pages",
             "start_date": "2026-01-05", "action_days": [1, 3], "target_value": 20}
            """
        let habit = try JSONDecoder().decode(Habit.self, from: Data(json.utf8))
        #expect(habit.goal == .atLeast && habit.periodDays == nil)
        // And is written back with its goal (answers always carry one) and
        // without the keys it has no value for.
        let written = String(decoding: try JSONEncoder().encode(habit), as: UTF8.self)
        #expect(written.contains(#""goal":"AT_LEAST""#))
        #expect(!written.contains("period_days") && !written.contains("group"))
    }

    @Test(arguments: [("goal", #""NONE""#), ("goal", "1"), ("period_days", #""3""#)])
    func rejectsBadNewFields(_ key: String, _ value: String) {
        let json = """
            {"id": 3, "name": "Read", "frequency": "EVERY_N_DAYS", "measurement_type": "pages",
             "start_date": "2026-01-05", "action_days": [1, 3], "target_value": 20,
             "\(key)": \(value)}
            """
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Habit.self, from: Data(json.utf8))
        }
    }

    @Test func newKindsRoundTrip() throws {
        let habit = Habit(
            id: 4, fields: fields(.everyNDays, periodDays: 3, target: "0", goal: .atMost))
        let data = try JSONEncoder().encode(habit)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["goal"] as? String == "AT_MOST")
        #expect(object["period_days"] as? Int == 3)
        #expect(object["frequency"] as? String == "EVERY_N_DAYS")
        #expect(try JSONDecoder().decode(Habit.self, from: data) == habit)
        let monthly = Habit(id: 5, fields: fields(.monthly))
        let decoded = try JSONDecoder().decode(Habit.self, from: JSONEncoder().encode(monthly))
        #expect(decoded.frequency == .monthly && decoded.goal == .atLeast)
    }

    @Test func theFirstModelsFrequenciesAreListed() {
        #expect(Frequency.firstModel == [.daily, .weekly])
        #expect(
            Frequency.allCases.map(\.rawValue) == ["DAILY", "WEEKLY", "MONTHLY", "EVERY_N_DAYS"])
        #expect(Goal.allCases.map(\.rawValue) == ["AT_LEAST", "AT_MOST"])
    }

    /// Rule 6: one unit for the new kinds and any limit, never past an
    /// at-least target; the first model's rule otherwise.
    @Test func aBareDoneAddsOneUnitToTheNewKinds() {
        func completion(_ current: String, target: String) -> CompletionData {
            CompletionData(target: F.amount(target), current: F.amount(current), state: .pending)
        }
        let every = Habit(id: 1, fields: fields(.everyNDays, periodDays: 3, target: "5"))
        #expect(every.bareDoneAmount(toward: completion("0", target: "5")) == 1)
        #expect(every.bareDoneAmount(toward: completion("4.25", target: "5")) == F.amount("0.75"))
        #expect(every.bareDoneAmount(toward: completion("6", target: "5")) == 0)
        let limit = Habit(id: 1, fields: fields(.daily, target: "0", goal: .atMost))
        #expect(limit.bareDoneAmount(toward: completion("3", target: "0")) == 1)
        let daily = Habit(id: 1, fields: fields(.daily, target: "8"))
        #expect(daily.bareDoneAmount(toward: completion("3", target: "8")) == 5)
        var weekly = Habit(id: 1, fields: fields(.weekly, target: "20"))
        weekly.actionDays = ActionDays([.monday, .wednesday, .friday])
        #expect(weekly.bareDoneAmount(toward: completion("0", target: "20")) == weekly.sessionShare)
        #expect(weekly.bareDoneAmount(toward: completion("18", target: "20")) == 2)
    }
}
