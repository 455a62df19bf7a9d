import Foundation
import HabitCore
import Testing

@Suite struct HabitFieldsTests {
    private func fields(
        name: String = "Run", unit: String = "km", days: ActionDays = .everyDay,
        target: String = "2.5"
    ) -> HabitFields {
        HabitFields(
            name: name, frequency: .daily, measurementType: unit,
            startDate: HistoryFixture.day("2026-11-02"), actionDays: days,
            targetValue: HistoryFixture.amount(target))
    }

    @Test func reportsEveryProblemAtOnceByField() throws {
        let wrong = fields(
            name: "   ", unit: String(repeating: "m", count: 33), days: ActionDays([]), target: "0")
        let error = try #require(#expect(throws: ValidationError.self) { try wrong.validated() })
        #expect(
            Set(error.fields.keys) == ["name", "measurement_type", "action_days", "target_value"])
        #expect(error.fields.values.allSatisfy { $0.count == 1 })
        #expect(error.description.split(separator: "\n").count == 4)
        #expect(error.description.hasPrefix("action_days: "))
    }

    @Test func trimsNameAndUnit() throws {
        let valid = try fields(name: "  Morning run \n", unit: " km ").validated()
        #expect(valid.name == "Morning run")
        #expect(valid.measurementType == "km")
    }

    /// The contract's trim set is Unicode White_Space; U+200B and U+FEFF are not in it.
    @Test func trimsWhiteSpaceOnlyNotZeroWidthCharacters() throws {
        let spaces =
            "\t\n\u{0B}\u{0C}\r \u{85}\u{A0}\u{1680}\u{2000}\u{200A}\u{2028}\u{2029}\u{202F}\u{205F}\u{3000}"
        #expect(HabitFields.trimmed(spaces + "a b" + spaces) == "a b")
        #expect(HabitFields.trimmed("\u{200B}Read\u{FEFF}") == "\u{200B}Read\u{FEFF}")
        #expect(HabitFields.trimmed(spaces) == "")
        let valid = try fields(name: " \u{200B}Run\u{200B} ", unit: "km").validated()
        #expect(valid.name == "\u{200B}Run\u{200B}")
    }

    @Test(arguments: [
        (String(repeating: "n", count: 100), true), (String(repeating: "n", count: 101), false),
        ("a", true), ("tab\there", false), ("🏃 Run", true),
    ])
    func nameLength(_ name: String, _ valid: Bool) {
        #expect(HabitFields.problems(name: name).isEmpty == valid)
    }

    @Test(arguments: [
        ("0.000001", true), ("1000000", true), ("1000000.1", false), ("0", false), ("-1", false),
    ])
    func targetRange(_ target: String, _ valid: Bool) {
        #expect(HabitFields.problems(targetValue: HistoryFixture.amount(target)).isEmpty == valid)
    }

    @Test func nanTargetAndValueAreRefused() {
        #expect(HabitFields.problems(targetValue: .nan) == ["Enter a number."])
        #expect(ProgressEntry.problems(value: .nan) == ["Enter a number."])
        #expect(ProgressEntry.problems(value: -1).count == 1)
        #expect(ProgressEntry.problems(value: 0).isEmpty)
    }

    @Test func changesApplyAndValidateTogether() throws {
        let changed = try HabitChanges(name: " Swim ", targetValue: 1500).applied(to: fields())
        #expect(changed.name == "Swim")
        #expect(changed.targetValue == 1500)
        #expect(changed.measurementType == "km")
        #expect(HabitChanges().isEmpty)
        #expect(throws: ValidationError.self) {
            try HabitChanges(name: "", targetValue: 0).applied(to: fields())
        }
    }
}
