import HabitCore
import Testing

@Suite struct HabitGroupsTests {
    @Test func groupsCompareWithoutCaseShowAsFirstWrittenAndTheUngroupedComeLast() {
        let habits: [(String, String?)] = [
            ("Run", "Morning"), ("Read", nil), ("Floss", "evening"), ("Stretch", "morning "),
            ("Tea", "Evening"), ("Walk", nil),
        ]
        let groups = HabitGroups(habits) { $0.1 }
        #expect(groups.sections.map(\.name) == ["Morning", "evening", nil])
        #expect(
            groups.sections.map { $0.elements.map(\.0) } == [
                ["Run", "Stretch"], ["Floss", "Tea"], ["Read", "Walk"],
            ])
        #expect(groups.hasGroups)
        #expect(HabitGroups<Int>.group("Morning", matches: " MORNING"))
        #expect(!HabitGroups<Int>.group(nil, matches: "Morning"))
    }

    @Test func withoutGroupsThereIsOneSectionWithoutAName() {
        let groups = HabitGroups(["a", "b"]) { _ in nil }
        #expect(!groups.hasGroups)
        #expect(groups.sections.map(\.name) == [nil])
    }

    @Test func aGroupFollowsTheUnitsTextRules() {
        #expect(HabitFields.problems(group: "Morning").isEmpty)
        #expect(!HabitFields.problems(group: "  ").isEmpty)
        #expect(!HabitFields.problems(group: String(repeating: "a", count: 33)).isEmpty)
        #expect(!HabitFields.problems(group: "a\u{7}b").isEmpty)
    }
}
