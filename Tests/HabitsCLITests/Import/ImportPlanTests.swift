import Foundation
import HabitCore
import HabitStorage
import HabitStore
import Testing

@testable import HabitsCLI

@Suite struct ImportPlanTests {
    let mapping = HabitMapping(today: LocalDate("2026-03-11")!)
    static let template = ImportReport(format: "harsh", source: "x", mode: "local", dryRun: false)

    func source(
        _ name: String, _ schedule: SourceHabit.Schedule, days: [String: SourceEntry.Mark] = [:]
    )
        -> SourceHabit
    {
        SourceHabit(
            name: name, schedule: schedule,
            entries: days.sorted { $0.key < $1.key }.map {
                SourceEntry(date: LocalDate($0.key)!, mark: $0.value)
            })
    }

    @Test func mappingFollowsTheRules() throws {
        let daily = try mapping.map(source("A", .times(1, perDays: 1), days: ["2026-01-05": .done]))
        #expect(daily.fields.frequency == .daily)
        #expect(daily.fields.targetValue == 1)
        #expect(daily.fields.actionDays == .everyDay)
        #expect(daily.fields.startDate == LocalDate("2026-01-05"))
        #expect(daily.approximations.isEmpty)

        let weekly = try mapping.map(
            source("B", .times(3, perDays: 7), days: ["2026-01-05": .done]))
        #expect(weekly.fields.frequency == .weekly)
        #expect(weekly.fields.targetValue == 3)
        #expect(weekly.entries.map(\.value) == [1])
        #expect(weekly.approximations.count == 1)

        let odd = try mapping.map(source("C", .times(2, perDays: 3)))
        #expect(odd.fields.frequency == .everyNDays)
        #expect(odd.fields.periodDays == 3)
        #expect(odd.fields.targetValue == 2)
        #expect(odd.fields.startDate == LocalDate("2026-03-11"))
        #expect(
            odd.approximations == [
                "C: 2 per rolling 3 days became every 3 days, target 2 per block of 3 days "
                    + "from the start date."
            ])

        let far = try mapping.map(source("E", .times(2, perDays: 400)))
        #expect(far.fields.frequency == .weekly)
        #expect(far.fields.targetValue == 1)  // ⌈7 × 2 / 400⌉
        #expect(
            far.approximations == [
                "E: 2 per rolling 400 days has no equivalent (a period is at most 365 days): "
                    + "became weekly, target 1 per ISO week."
            ])

        var loop = source("D", .times(1, perDays: 1), days: ["2026-01-01": .amount(6.5)])
        loop.amounts = SourceHabit.Amounts(unit: "km", target: 5, atMost: true)
        let numeric = try mapping.map(loop)
        #expect(numeric.fields.measurementType == "km")
        #expect(numeric.fields.goal == .atMost)
        #expect(numeric.status == .active)
        #expect(numeric.approximations.isEmpty)
        #expect(numeric.entries.map(\.value) == [6.5])
    }

    @Test func fifteenActiveLimitArchivesTheRest() throws {
        let existing = (1...10).map { id in
            Habit(
                id: Int64(id), name: "E\(id)", frequency: .daily, measurementType: "times",
                startDate: LocalDate("2026-01-01")!, actionDays: .everyDay, targetValue: 1)
        }
        let mapped = try (1...8).map { try mapping.map(source("N\($0)", .times(1, perDays: 1))) }
        let plan = ImportPlan.make(
            mapped, existing: existing, options: ImportOptions(), report: Self.template
        ) { _ in [] }
        #expect(
            plan.creates.map(\.status) == Array(repeating: .active, count: 5)
                + Array(repeating: .archived, count: 3))
        #expect(plan.report.approximations.filter { $0.contains("imported archived") }.count == 3)
        #expect(plan.refusal == nil)
    }

    @Test func matchedHabitsMergePerDay() throws {
        let habit = Habit(
            id: 7, name: "A", frequency: .daily, measurementType: "times",
            startDate: LocalDate("2026-01-01")!, actionDays: .everyDay, targetValue: 1)
        let mapped = try mapping.map(
            source(
                "A", .times(1, perDays: 1),
                days: ["2026-01-01": .done, "2026-01-02": .done, "2026-01-03": .skipped]))
        let stored = [
            ProgressEntry(date: LocalDate("2026-01-01")!, value: 1),
            ProgressEntry(date: LocalDate("2026-01-03")!, value: 2),
        ]
        for overwrite in [false, true] {
            var options = ImportOptions()
            options.overwrite = overwrite
            let plan = ImportPlan.make(
                [mapped], existing: [habit], options: options, report: Self.template
            ) { _ in stored }
            #expect(plan.creates.isEmpty)
            #expect(
                plan.merges.first?.entries.map(\.date.description)
                    == (overwrite ? ["2026-01-02", "2026-01-03"] : ["2026-01-02"]))
            #expect(plan.report.conflicts.count == 1)
            #expect(plan.report.matched.first?.unchanged == 1)
        }
    }

    @Test func notesAreFittedToOneLineAndCountedWhenTheDayIsLeftEmpty() throws {
        let habit = SourceHabit(
            name: "A", schedule: .times(1, perDays: 1),
            entries: [
                SourceEntry(date: LocalDate("2026-01-01")!, mark: .done, note: " felt\ngood "),
                SourceEntry(date: LocalDate("2026-01-02")!, mark: .skipped, note: "sick"),
                SourceEntry(
                    date: LocalDate("2026-01-03")!, mark: .done,
                    note: String(repeating: "x", count: 600)),
                SourceEntry(date: LocalDate("2026-01-04")!, mark: .none, note: "lost"),
                SourceEntry(date: LocalDate("2026-01-05")!, mark: .done, note: " \t "),
            ])
        let mapped = try mapping.map(habit)
        #expect(
            mapped.entries.map(\.note) == [
                "felt good", "sick", String(repeating: "x", count: 500), nil,
            ])
        #expect(mapped.notesNotImported == 1)
        #expect(
            mapped.approximations.contains(
                "A: 2 notes were made one line (line breaks became spaces) or cut to 500 characters."
            ))
    }

    @Test func notesMergeWithoutLosingTheStoredOnes() throws {
        let habit = Habit(
            id: 7, name: "A", frequency: .daily, measurementType: "times",
            startDate: LocalDate("2026-01-01")!, actionDays: .everyDay, targetValue: 1)
        let day = { (text: String) in LocalDate(text)! }
        let mapped = try mapping.map(
            SourceHabit(
                name: "A", schedule: .times(1, perDays: 1),
                entries: [
                    SourceEntry(date: day("2026-01-01"), mark: .done),
                    SourceEntry(date: day("2026-01-02"), mark: .done, note: "new"),
                    SourceEntry(date: day("2026-01-03"), mark: .done, note: "other"),
                    SourceEntry(date: day("2026-01-04"), mark: .done, note: "same"),
                ]))
        let stored = [
            ProgressEntry(date: day("2026-01-01"), value: 1, note: "kept"),
            ProgressEntry(date: day("2026-01-02"), value: 1),
            ProgressEntry(date: day("2026-01-03"), value: 1, note: "mine"),
            ProgressEntry(date: day("2026-01-04"), value: 1, note: "same"),
        ]
        for overwrite in [false, true] {
            var options = ImportOptions()
            options.overwrite = overwrite
            let plan = ImportPlan.make(
                [mapped], existing: [habit], options: options, report: Self.template
            ) { _ in stored }
            let written = plan.merges.first?.entries ?? []
            #expect(
                written
                    == [ProgressEntry(date: day("2026-01-02"), value: 1, note: "new")]
                    + (overwrite
                        ? [ProgressEntry(date: day("2026-01-03"), value: 1, note: "other")] : []))
            #expect(plan.report.conflicts.map(\.date) == [day("2026-01-03")])
            #expect(plan.report.matched.first?.unchanged == 3)
        }
    }

    /// Blocks of 3 days are not blocks of 4: a habit of another N is a
    /// clash, not a match; the goal may differ (an "at most" habit imported
    /// archived before goals existed still matches).
    @Test func everyNDaysMatchesOnlyTheSameN() throws {
        let existing = [
            Habit(
                id: 1, name: "Water", frequency: .everyNDays, measurementType: "times",
                startDate: LocalDate("2026-01-01")!, actionDays: .everyDay, targetValue: 1,
                periodDays: 4),
            Habit(
                id: 2, name: "Coffee", frequency: .daily, measurementType: "cups",
                startDate: LocalDate("2026-01-01")!, actionDays: .everyDay, targetValue: 2,
                status: .archived),
        ]
        var coffee = source("Coffee", .times(1, perDays: 1))
        coffee.amounts = SourceHabit.Amounts(unit: "cups", target: 2, atMost: true)
        let mapped = try [mapping.map(source("Water", .times(1, perDays: 3))), mapping.map(coffee)]
        let plan = ImportPlan.make(
            mapped, existing: existing, options: ImportOptions(), report: Self.template
        ) { _ in [] }
        #expect(plan.refusal == .nameClashes(["Water"]))
        #expect(plan.merges.map(\.habit.id) == [2])
        var rename = ImportOptions()
        rename.nameClash = .rename
        let renamed = ImportPlan.make(
            mapped, existing: existing, options: rename, report: Self.template
        ) { _ in [] }
        #expect(renamed.creates.map(\.mapped.fields.name) == ["Water (imported)"])
        #expect(renamed.creates.first?.mapped.fields.periodDays == 3)
    }

    @Test func duplicateSourceNamesAreNumbered() throws {
        let mapped = try [1, 2].map { _ in try mapping.map(source("Same", .times(1, perDays: 1))) }
        let plan = ImportPlan.make(
            mapped, existing: [], options: ImportOptions(), report: Self.template
        ) { _ in [] }
        #expect(plan.creates.map(\.mapped.fields.name) == ["Same", "Same (2)"])
    }

    /// Past the 200-habit limit the rest are only counted, not named and
    /// planned (which took quadratic time: 100,000 rows ran over two minutes).
    @Test func habitsPastTheTotalLimitAreCountedNotPlanned() throws {
        let mapped = try (1...250).map { try mapping.map(source("H\($0)", .times(1, perDays: 1))) }
        let plan = ImportPlan.make(
            mapped, existing: [], options: ImportOptions(), report: Self.template
        ) { _ in [] }
        #expect(plan.creates.count == Habit.maximumTotalCount)
        #expect(plan.refusal == .tooManyHabits(total: 250))
        let refusal = CommandError.importRefused(try #require(plan.refusal))
        #expect(refusal.message.contains("it would make 250 habits"), "\(refusal.message)")
    }

    /// A new habit may not take an active habit's name ignoring case, nor
    /// be only digits: renamed and reported, as the stores would refuse it.
    @Test func namesThatCannotBeLookedUpAreRenamed() throws {
        let existing = [
            Habit(
                id: 1, name: "Read", frequency: .daily, measurementType: "times",
                startDate: LocalDate("2026-01-01")!, actionDays: .everyDay, targetValue: 1),
            Habit(
                id: 2, name: "Old", frequency: .daily, measurementType: "times",
                startDate: LocalDate("2026-01-01")!, actionDays: .everyDay, targetValue: 1,
                status: .archived),
        ]
        let mapped = try ["READ", "read", "42", "old"].map {
            try mapping.map(source($0, .times(1, perDays: 7)))
        }
        let plan = ImportPlan.make(
            mapped, existing: existing, options: ImportOptions(), report: Self.template
        ) { _ in [] }
        #expect(
            plan.creates.map(\.mapped.fields.name) == ["READ (2)", "read (3)", "Habit 42", "old"])
        #expect(
            plan.report.renamed.map(\.to) == ["READ (2)", "read (3)", "Habit 42"])
        #expect(plan.refusal == nil)
    }

    @Test func progressBarFitsItsWidth() {
        let line = ImportProgressBar.line(done: 500, total: 1000, width: 80, unicode: false)
        #expect(line == "Importing [####################--------------------] 500/1000 entries")
        #expect(
            ImportProgressBar.line(done: 0, total: nil, width: 60, unicode: false)
                == "Importing: reading…")
    }
}
