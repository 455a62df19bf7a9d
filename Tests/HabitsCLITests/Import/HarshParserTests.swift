import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

@Suite struct HarshParserTests {
    static let habits = """
        # comment
        ! Health

        Méditer 🧘: 1
        Gym: 3/7   
        Read: 1w
        Swim: 2/2w
        Journal: 0
        Old: 1: 2020-01-31
        Broken: x/7
        """

    @Test func readsHabitsWithFrequenciesHeadingsAndEndDates() {
        let document = HarshParser.parse(habits: Self.habits, log: "")
        #expect(
            document.habits.map(\.name) == ["Méditer 🧘", "Gym", "Read", "Swim", "Journal", "Old"])
        #expect(
            document.habits.map(\.schedule) == [
                .times(1, perDays: 1), .times(3, perDays: 7), .times(1, perDays: 7),
                .times(2, perDays: 14), .trackedOnly, .times(1, perDays: 1),
            ])
        #expect(document.habits[5].endDate == LocalDate("2020-01-31"))
        #expect(document.habits[5].archived)
        #expect(document.skipped == ["habits line 10: 'x/7' is not a harsh frequency."])
    }

    /// `!` headings group the habits under them (a bare `!` ends the
    /// group); `T/I` windows become periods of I days, none of them months.
    @Test func headingsBecomeGroupsAndWindowsPeriods() throws {
        let habits = """
            Wake up: 1
            ! Health
            Water plants: 15
            Budget: 2/30
            !  Weekly chores\u{20}
            Gym: 3/7
            Stretch: 2/3
            ! A heading far too long to be a group's name
            Floss: 1/1
            !
            Call mum: 1/10
            """
        let document = HarshParser.parse(habits: habits, log: "2026-03-01 : Gym : y\n")
        #expect(document.skipped.isEmpty)
        #expect(
            document.habits.map(\.group) == [
                nil, " Health", " Health", "  Weekly chores ", "  Weekly chores ",
                " A heading far too long to be a group's name", "",
            ])
        let mapping = HabitMapping(today: LocalDate("2026-03-11")!)
        let mapped = try document.habits.map { try mapping.map($0) }
        #expect(
            mapped.map(\.fields.group) == [
                nil, "Health", "Health", "Weekly chores", "Weekly chores",
                "A heading far too long to be a g", nil,
            ])
        #expect(
            mapped.map(\.fields.frequency) == [
                .daily, .everyNDays, .everyNDays, .weekly, .everyNDays, .daily, .everyNDays,
            ])
        #expect(mapped.map(\.fields.periodDays) == [nil, 15, 30, nil, 3, nil, 10])
        #expect(mapped.map(\.fields.targetValue) == [1, 1, 2, 3, 2, 1, 1])
        #expect(
            mapped.flatMap(\.approximations) == [
                "Water plants: 1 per rolling 15 days became every 15 days, target 1 per block of "
                    + "15 days from the start date.",
                "Budget: 2 per rolling 30 days became every 30 days, target 2 per block of 30 "
                    + "days from the start date.",
                "Gym: 3 per rolling 7 days became weekly, target 3 per ISO week (Monday to Sunday).",
                "Stretch: 2 per rolling 3 days became every 3 days, target 2 per block of 3 days "
                    + "from the start date.",
                "Floss: the heading 'A heading far too long to be a group's name' was cut to 32 "
                    + "characters for its group: 'A heading far too long to be a g'.",
                "Call mum: 1 per rolling 10 days became every 10 days, target 1 per block of 10 "
                    + "days from the start date.",
            ])
    }

    @Test func logEdgeCases() {
        let log =
            [
                "2026-01-01 : Gym : y",
                "2026-01-02 : Gym : y : a comment : with colons",
                "2026-01-03 : Gym : y : note : with : too : many",
                "2026-01-04 : Gym : n",
                "2026-01-04 : Gym : s",  // duplicate day: the last wins
                "2026-01-05 : Gym  : y",  // names are not trimmed: unknown
                "2026-01-06 : Nobody : y",
                "2026-01-07 : Gym : y :  : 12.5",  // harsh writes an empty comment so
                "2026-01-08 : Méditer 🧘 : y   ",
                "not a date : Gym : y",
                "# 2026-01-09 : Gym : y",
            ].joined(separator: "\r\n") + "\r\n"
        let document = HarshParser.parse(habits: Self.habits, log: log)
        let gym = document.habits[1]
        #expect(
            gym.entries.map(\.date.description) == [
                "2026-01-01", "2026-01-02", "2026-01-04", "2026-01-07",
            ])
        #expect(gym.entries[1].note == "a comment : with colons")
        #expect(gym.entries[2].mark == .skipped)
        #expect(gym.entries[3].amount == Decimal(string: "12.5"))
        #expect(document.habits[0].entries.map(\.mark) == [.done])
        #expect(
            document.skipped == [
                "habits line 10: 'x/7' is not a harsh frequency.",
                "log line 3: 7 fields, harsh writes at most 5.",
                "log line 10: 'not a date' is not a YYYY-MM-DD date.",
                "log: 1 line for 'Gym ', which the habits file does not list.",
                "log: 1 line for 'Nobody', which the habits file does not list.",
            ])
    }
}

@Suite struct HabitctlParserTests {
    @Test func readsHabitsAndTabSeparatedLog() {
        let habits = "# every n days, name\n1 Meditate\n7 Clean the house\n0 Mood\nnonsense\n"
        let log =
            "2026-01-01\tMeditate\ty\n2026-01-01\tClean the house\tn\n\n2026-01-02\tMeditate\ts\n2026-01-02\tGhost\ty\n2026-01-03\tMeditate\tmaybe\n"
        let document = HabitctlParser.parse(habits: habits, log: log)
        #expect(document.habits.map(\.name) == ["Meditate", "Clean the house", "Mood"])
        #expect(
            document.habits.map(\.schedule) == [
                .times(1, perDays: 1), .times(1, perDays: 7), .trackedOnly,
            ])
        #expect(document.habits[0].entries.map(\.mark) == [.done, .skipped])
        #expect(
            document.skipped == [
                "habits line 5: not '<every_n_days> <name>'.",
                "log line 6: result 'maybe' is not y, n or s.",
                "log: 1 line for 'Ghost', which the habits file does not list.",
            ])
    }
}
