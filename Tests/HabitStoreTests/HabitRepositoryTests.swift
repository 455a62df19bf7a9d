import Foundation
import HabitCore
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

@Suite struct HabitRepositoryTests {
    let database: TestDatabase
    var store: any TestStore { database.store }

    init(_ kind: StoreKind) throws {
        database = try kind.open()
    }

    @Test(arguments: StoreKind.allCases) static func createdHabitReadsBackWithItsFields(
        _ kind: StoreKind
    ) throws {
        try Self(kind).createdHabitReadsBackWithItsFields()
    }
    func createdHabitReadsBackWithItsFields() throws {
        let owner = try store.makeUser("a@example.com").id
        let input = fields(
            "Run", frequency: .weekly, unit: "km", start: "2026-03-02",
            days: ActionDays([.monday, .wednesday, .friday]), target: "12.5")
        let created = try store.createHabit(input, owner: owner, now: referenceTime)

        #expect(created.fields == input)
        #expect(created.status == .active)
        #expect(created.createdAt == referenceTime)
        #expect(created.updatedAt == referenceTime)
        let read = try #require(try store.habit(id: created.id, owner: owner))
        #expect(read == created)
        #expect(try store.habits(owner: owner, status: .active) == [created])
    }

    @Test(arguments: StoreKind.allCases) static func listingsFilterByStatusAndKeepIDOrder(
        _ kind: StoreKind
    ) throws {
        try Self(kind).listingsFilterByStatusAndKeepIDOrder()
    }
    func listingsFilterByStatusAndKeepIDOrder() throws {
        let owner = try store.makeUser("a@example.com").id
        let first = try store.createHabit(fields("First"), owner: owner, now: referenceTime)
        let second = try store.createHabit(fields("Second"), owner: owner, now: referenceTime)
        let third = try store.createHabit(fields("Third"), owner: owner, now: referenceTime)
        let archived = try #require(
            try store.updateHabit(
                id: second.id, owner: owner, fields: second.fields, status: .archived,
                now: referenceTime))

        #expect(try store.habits(owner: owner, status: .active).map(\.id) == [first.id, third.id])
        #expect(try store.habits(owner: owner, status: .archived) == [archived])
        #expect(
            try store.habits(owner: owner, status: .all).map(\.id) == [
                first.id, second.id, third.id,
            ])
    }

    @Test(arguments: StoreKind.allCases) static func updateReplacesFieldsAndKeepsCreationTime(
        _ kind: StoreKind
    ) throws {
        try Self(kind).updateReplacesFieldsAndKeepsCreationTime()
    }
    func updateReplacesFieldsAndKeepsCreationTime() throws {
        let owner = try store.makeUser("a@example.com").id
        let created = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let later = referenceTime.addingTimeInterval(90.25)
        let changed = fields("Read more", unit: "chapters", days: .weekends, target: "3")

        let updated = try #require(
            try store.updateHabit(
                id: created.id, owner: owner, fields: changed, status: .active, now: later))

        #expect(updated.fields == changed)
        #expect(updated.createdAt == referenceTime)
        #expect(updated.updatedAt == later)
        #expect(try store.habit(id: created.id, owner: owner) == updated)
    }

    @Test(arguments: StoreKind.allCases) static func deleteRemovesTheHabitAndItsProgress(
        _ kind: StoreKind
    ) throws {
        try Self(kind).deleteRemovesTheHabitAndItsProgress()
    }
    func deleteRemovesTheHabitAndItsProgress() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        for day in ["2026-01-05", "2026-01-06", "2026-01-07"] {
            _ = try store.setProgress(
                ProgressEntry(date: date(day), value: 1), habitID: habit.id, owner: owner)
        }
        let countProgress = "SELECT count(*) FROM progress WHERE habit_id = \(habit.id)"
        #expect(try database.count(countProgress) == 3)

        #expect(try store.deleteHabit(id: habit.id, owner: owner))

        #expect(try store.habit(id: habit.id, owner: owner) == nil)
        #expect(try database.count(countProgress) == 0)
        #expect(try store.deleteHabit(id: habit.id, owner: owner) == false)
    }

    @Test(arguments: StoreKind.allCases) static func deletedIDsAreNeverReused(_ kind: StoreKind)
        throws
    {
        try Self(kind).deletedIDsAreNeverReused()
    }
    func deletedIDsAreNeverReused() throws {
        let owner = try store.makeUser("a@example.com").id
        let first = try store.createHabit(fields(), owner: owner, now: referenceTime)
        #expect(try store.deleteHabit(id: first.id, owner: owner))
        let second = try store.createHabit(fields(), owner: owner, now: referenceTime)
        #expect(second.id > first.id)
    }

    @Test(arguments: StoreKind.allCases) static func anotherOwnerCanNeitherSeeNorChangeAHabit(
        _ kind: StoreKind
    ) throws {
        try Self(kind).anotherOwnerCanNeitherSeeNorChangeAHabit()
    }
    func anotherOwnerCanNeitherSeeNorChangeAHabit() throws {
        let alice = try store.makeUser("alice@example.com").id
        let bob = try store.makeUser("bob@example.com").id
        let habit = try store.createHabit(fields(), owner: alice, now: referenceTime)
        let entry = ProgressEntry(date: date("2026-01-05"), value: 4)
        _ = try store.setProgress(entry, habitID: habit.id, owner: alice)
        let range = (from: date("2026-01-01"), to: date("2026-01-31"))

        #expect(try store.habits(owner: bob, status: .all).isEmpty)
        #expect(try store.habit(id: habit.id, owner: bob) == nil)
        #expect(
            try store.updateHabit(
                id: habit.id, owner: bob, fields: fields("Mine now"), status: .archived,
                now: referenceTime) == nil)
        #expect(try store.deleteHabit(id: habit.id, owner: bob) == false)
        #expect(
            try store.progress(habitID: habit.id, owner: bob, from: range.from, to: range.to)
                == nil)
        #expect(
            try store.progress(habitIDs: [habit.id], owner: bob, from: range.from, to: range.to)
                .isEmpty)
        #expect(try store.allProgress(habitID: habit.id, owner: bob) == nil)
        #expect(
            try store.setProgress(
                ProgressEntry(date: date("2026-01-05"), value: 99), habitID: habit.id, owner: bob)
                == nil)
        #expect(
            try store.setProgress(
                ProgressEntry(date: date("2026-01-06"), value: 99), habitID: habit.id, owner: bob)
                == nil)
        #expect(try store.deleteProgress(habitID: habit.id, owner: bob, date: entry.date) == nil)

        #expect(try store.habit(id: habit.id, owner: alice) == habit)
        #expect(try store.allProgress(habitID: habit.id, owner: alice) == [entry])
    }

    @Test(arguments: StoreKind.allCases) static func entriesOfSeveralHabitsComeForTheIDsAsked(
        _ kind: StoreKind
    ) throws {
        try Self(kind).entriesOfSeveralHabitsComeForTheIDsAsked()
    }
    func entriesOfSeveralHabitsComeForTheIDsAsked() throws {
        let owner = try store.makeUser("a@example.com").id
        let habits = try ["First", "Second", "Third", "Fourth"].map { name in
            try store.createHabit(fields(name), owner: owner, now: referenceTime)
        }
        // Written out of date order; the first habit's entries and the
        // third's sit on both sides of the second's, which is not asked for.
        let written: [(habit: Int, date: String, value: Decimal)] = [
            (0, "2026-01-06", 2), (0, "2026-01-05", 1), (1, "2026-01-05", 3),
            (2, "2026-01-07", 4), (2, "2026-02-01", 5),
        ]
        for (habit, day, value) in written {
            _ = try store.setProgress(
                ProgressEntry(date: date(day), value: value), habitID: habits[habit].id,
                owner: owner)
        }

        let read = try store.progress(
            habitIDs: [habits[2].id, habits[0].id, habits[3].id], owner: owner,
            from: date("2026-01-01"), to: date("2026-01-31"))

        #expect(
            read == [
                habits[0].id: [
                    ProgressEntry(date: date("2026-01-05"), value: 1),
                    ProgressEntry(date: date("2026-01-06"), value: 2),
                ],
                habits[2].id: [ProgressEntry(date: date("2026-01-07"), value: 4)],
                habits[3].id: [],
            ])
    }

    @Test(arguments: StoreKind.allCases) static func unknownHabitsBehaveLikeOthersHabits(
        _ kind: StoreKind
    ) throws {
        try Self(kind).unknownHabitsBehaveLikeOthersHabits()
    }
    func unknownHabitsBehaveLikeOthersHabits() throws {
        let owner = try store.makeUser("a@example.com").id
        let day = date("2026-01-05")
        #expect(try store.habit(id: 4242, owner: owner) == nil)
        #expect(try store.progress(habitID: 4242, owner: owner, from: day, to: day) == nil)
        #expect(
            try store.setProgress(ProgressEntry(date: day, value: 1), habitID: 4242, owner: owner)
                == nil)
        #expect(try store.deleteProgress(habitID: 4242, owner: owner, date: day) == nil)
        #expect(try store.deleteHabit(id: 4242, owner: owner) == false)
    }

    @Test(arguments: StoreKind.allCases) static func theSixteenthActiveHabitIsRefused(
        _ kind: StoreKind
    ) throws {
        try Self(kind).theSixteenthActiveHabitIsRefused()
    }
    func theSixteenthActiveHabitIsRefused() throws {
        let owner = try store.makeUser("a@example.com").id
        for index in 0..<Habit.maximumActiveCount {
            _ = try store.createHabit(fields("Habit \(index)"), owner: owner, now: referenceTime)
        }

        #expect(throws: StoreError.habitLimit(maximum: Habit.maximumActiveCount)) {
            try store.createHabit(fields("One too many"), owner: owner, now: referenceTime)
        }
        #expect(try store.habits(owner: owner, status: .all).count == Habit.maximumActiveCount)

        // Another owner has a limit of their own.
        let other = try store.makeUser("b@example.com").id
        _ = try store.createHabit(fields(), owner: other, now: referenceTime)
    }

    /// Two active habits may not share a name, ignoring case (Unicode
    /// case, not SQL's ASCII `lower`); archived ones may, and may not come
    /// back while an active habit has it.
    @Test(arguments: StoreKind.allCases) static func anActiveHabitsNameIsNotGivenTwice(
        _ kind: StoreKind
    ) throws {
        try Self(kind).anActiveHabitsNameIsNotGivenTwice()
    }
    func anActiveHabitsNameIsNotGivenTwice() throws {
        let owner = try store.makeUser("a@example.com").id
        let read = try store.createHabit(fields("Übung"), owner: owner, now: referenceTime)
        #expect(throws: StoreError.nameTaken(name: "übung")) {
            try store.createHabit(fields("übung"), owner: owner, now: referenceTime)
        }
        let other = try store.createHabit(fields("Run"), owner: owner, now: referenceTime)
        #expect(throws: StoreError.nameTaken(name: "ÜBUNG")) {
            try store.updateHabit(
                id: other.id, owner: owner, fields: fields("ÜBUNG"), status: .active,
                now: referenceTime)
        }
        // A habit may change the case of its own name.
        let recased = try store.updateHabit(
            id: read.id, owner: owner, fields: fields("ÜBUNG"), status: .active,
            now: referenceTime)
        #expect(recased?.name == "ÜBUNG")
        // Archived, the name is free; the archived habit cannot come back
        // while the new one has it.
        _ = try store.updateHabit(
            id: read.id, owner: owner, fields: fields("ÜBUNG"), status: .archived,
            now: referenceTime)
        _ = try store.createHabit(fields("übung"), owner: owner, now: referenceTime)
        #expect(throws: StoreError.nameTaken(name: "ÜBUNG")) {
            try store.updateHabit(
                id: read.id, owner: owner, fields: fields("ÜBUNG"), status: .active,
                now: referenceTime)
        }
        #expect(try store.habits(owner: owner, status: .all).count == 3)
        // Another owner's names are their own.
        let stranger = try store.makeUser("b@example.com").id
        _ = try store.createHabit(fields("Übung"), owner: stranger, now: referenceTime)
    }

    @Test(arguments: StoreKind.allCases)
    static func archivedHabitsDoNotCountAndReactivationChecksTheLimit(_ kind: StoreKind) throws {
        try Self(kind).archivedHabitsDoNotCountAndReactivationChecksTheLimit()
    }
    func archivedHabitsDoNotCountAndReactivationChecksTheLimit() throws {
        let owner = try store.makeUser("a@example.com").id
        let first = try store.createHabit(fields("First"), owner: owner, now: referenceTime)
        _ = try store.updateHabit(
            id: first.id, owner: owner, fields: first.fields, status: .archived,
            now: referenceTime)
        for index in 1..<Habit.maximumActiveCount {
            _ = try store.createHabit(fields("Habit \(index)"), owner: owner, now: referenceTime)
        }
        // 14 active: one more fits, and it is created while one is archived.
        let last = try store.createHabit(fields("Fifteenth"), owner: owner, now: referenceTime)

        #expect(throws: StoreError.habitLimit(maximum: Habit.maximumActiveCount)) {
            try store.updateHabit(
                id: first.id, owner: owner, fields: first.fields, status: .active,
                now: referenceTime)
        }
        #expect(try store.habit(id: first.id, owner: owner)?.status == .archived)

        // Editing an active habit at the limit is not a re-activation.
        let renamed = try store.updateHabit(
            id: last.id, owner: owner, fields: fields("Renamed"), status: .active,
            now: referenceTime)
        #expect(renamed?.name == "Renamed")

        _ = try store.updateHabit(
            id: last.id, owner: owner, fields: last.fields, status: .archived, now: referenceTime)
        let reactivated = try store.updateHabit(
            id: first.id, owner: owner, fields: first.fields, status: .active, now: referenceTime)
        #expect(reactivated?.status == .active)
    }

    @Test(arguments: StoreKind.allCases)
    static func twoConcurrentCreatesAtFourteenActiveDoNotBothSucceed(_ kind: StoreKind) throws {
        try Self(kind).twoConcurrentCreatesAtFourteenActiveDoNotBothSucceed()
    }
    func twoConcurrentCreatesAtFourteenActiveDoNotBothSucceed() throws {
        let owner = try store.makeUser("a@example.com").id
        for index in 0..<(Habit.maximumActiveCount - 1) {
            _ = try store.createHabit(fields("Habit \(index)"), owner: owner, now: referenceTime)
        }
        // Two stores on one file: two connections, as two processes would have.
        let other = try database.another()
        defer { other.close() }
        let stores = [store, other]

        let outcomes = runConcurrently(2) { index in
            Result { () throws(StoreError) in
                try stores[index].createHabit(
                    fields("Racer \(index)"), owner: owner, now: referenceTime)
            }
        }

        #expect(outcomes.filter { (try? $0.get()) != nil }.count == 1)
        #expect(
            outcomes.contains {
                if case .failure(.habitLimit) = $0 { true } else { false }
            })
        #expect(try store.habits(owner: owner, status: .active).count == Habit.maximumActiveCount)
    }

    @Test(arguments: StoreKind.allCases) static func manyConcurrentCreatesFillExactlyTheRoomLeft(
        _ kind: StoreKind
    ) throws {
        try Self(kind).manyConcurrentCreatesFillExactlyTheRoomLeft()
    }
    func manyConcurrentCreatesFillExactlyTheRoomLeft() throws {
        let owner = try store.makeUser("a@example.com").id
        for index in 0..<10 {
            _ = try store.createHabit(fields("Habit \(index)"), owner: owner, now: referenceTime)
        }
        let other = try database.another()
        defer { other.close() }
        let stores = [store, other]

        let outcomes = runConcurrently(12) { index in
            Result { () throws(StoreError) in
                try stores[index % 2].createHabit(
                    fields("Racer \(index)"), owner: owner, now: referenceTime)
            }
        }

        let created = outcomes.compactMap { try? $0.get() }
        #expect(created.count == Habit.maximumActiveCount - 10)
        for outcome in outcomes {
            if case .failure(let error) = outcome {
                #expect(error == .habitLimit(maximum: Habit.maximumActiveCount))
            }
        }
        #expect(try store.habits(owner: owner, status: .active).count == Habit.maximumActiveCount)
    }

    @Test(arguments: StoreKind.allCases) static func settingProgressTwiceChangesNothing(
        _ kind: StoreKind
    ) throws {
        try Self(kind).settingProgressTwiceChangesNothing()
    }
    func settingProgressTwiceChangesNothing() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let entry = ProgressEntry(date: date("2026-01-06"), value: decimal("2.5"))

        #expect(try store.setProgress(entry, habitID: habit.id, owner: owner) == entry)
        #expect(try store.setProgress(entry, habitID: habit.id, owner: owner) == entry)
        #expect(try store.allProgress(habitID: habit.id, owner: owner) == [entry])

        let replaced = ProgressEntry(date: entry.date, value: 0, skipped: true)
        #expect(try store.setProgress(replaced, habitID: habit.id, owner: owner) == replaced)
        #expect(try store.allProgress(habitID: habit.id, owner: owner) == [replaced])
    }

    @Test(arguments: StoreKind.allCases) static func progressRangesAreInclusiveAndSorted(
        _ kind: StoreKind
    ) throws {
        try Self(kind).progressRangesAreInclusiveAndSorted()
    }
    func progressRangesAreInclusiveAndSorted() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        for day in ["2026-01-09", "2026-01-05", "2026-01-07", "2025-12-31", "2026-02-01"] {
            _ = try store.setProgress(
                ProgressEntry(date: date(day), value: 1), habitID: habit.id, owner: owner)
        }

        let january = try #require(
            try store.progress(
                habitID: habit.id, owner: owner, from: date("2026-01-05"), to: date("2026-01-09")))
        #expect(january.map(\.date.description) == ["2026-01-05", "2026-01-07", "2026-01-09"])
        #expect(
            try store.progress(
                habitID: habit.id, owner: owner, from: date("2026-01-10"), to: date("2026-01-20"))
                == [])
        #expect(try store.allProgress(habitID: habit.id, owner: owner)?.count == 5)
    }

    @Test(arguments: StoreKind.allCases) static func progressOfSeveralHabitsIsGroupedByHabit(
        _ kind: StoreKind
    ) throws {
        try Self(kind).progressOfSeveralHabitsIsGroupedByHabit()
    }
    func progressOfSeveralHabitsIsGroupedByHabit() throws {
        let owner = try store.makeUser("a@example.com").id
        let other = try store.makeUser("b@example.com").id
        let reading = try store.createHabit(fields("Read"), owner: owner, now: referenceTime)
        let running = try store.createHabit(fields("Run"), owner: owner, now: referenceTime)
        let idle = try store.createHabit(fields("Idle"), owner: owner, now: referenceTime)
        let unasked = try store.createHabit(fields("Unasked"), owner: owner, now: referenceTime)
        let foreign = try store.createHabit(fields("Theirs"), owner: other, now: referenceTime)
        let monday = ProgressEntry(date: date("2026-01-05"), value: 3)
        let tuesday = ProgressEntry(date: date("2026-01-06"), value: 1, skipped: true)
        let outside = ProgressEntry(date: date("2026-01-12"), value: 7)
        _ = try store.setProgress(tuesday, habitID: reading.id, owner: owner)
        _ = try store.setProgress(monday, habitID: reading.id, owner: owner)
        _ = try store.setProgress(outside, habitID: reading.id, owner: owner)
        _ = try store.setProgress(monday, habitID: running.id, owner: owner)
        _ = try store.setProgress(monday, habitID: unasked.id, owner: owner)
        _ = try store.setProgress(monday, habitID: foreign.id, owner: other)

        let byHabit = try store.progress(
            habitIDs: [reading.id, running.id, idle.id, foreign.id, 999], owner: owner,
            from: date("2026-01-05"), to: date("2026-01-11"))

        #expect(
            byHabit == [reading.id: [monday, tuesday], running.id: [monday], idle.id: []])
        #expect(
            try store.progress(
                habitIDs: [], owner: owner, from: date("2026-01-05"), to: date("2026-01-11")
            )
            .isEmpty)
    }

    @Test(arguments: StoreKind.allCases) static func deletingProgressTellsWhetherAnEntryWasThere(
        _ kind: StoreKind
    ) throws {
        try Self(kind).deletingProgressTellsWhetherAnEntryWasThere()
    }
    func deletingProgressTellsWhetherAnEntryWasThere() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(), owner: owner, now: referenceTime)
        let day = date("2026-01-05")
        _ = try store.setProgress(
            ProgressEntry(date: day, value: 1), habitID: habit.id, owner: owner)

        #expect(try store.deleteProgress(habitID: habit.id, owner: owner, date: day) == true)
        #expect(try store.deleteProgress(habitID: habit.id, owner: owner, date: day) == false)
        #expect(try store.allProgress(habitID: habit.id, owner: owner) == [])
    }

    @Test(
        arguments: StoreKind.allCases,
        ["0.1", "0.7", "1000000", "0.000001", "12.5", "999999.999999"])
    static func decimalsRoundTripExactly(_ kind: StoreKind, _ text: String) throws {
        try Self(kind).decimalsRoundTripExactly(text)
    }
    func decimalsRoundTripExactly(_ text: String) throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(target: text), owner: owner, now: referenceTime)
        let entry = ProgressEntry(date: date("2026-01-05"), value: decimal(text))
        _ = try store.setProgress(entry, habitID: habit.id, owner: owner)

        let read = try #require(try store.habit(id: habit.id, owner: owner))
        #expect(read.targetValue == decimal(text))
        #expect(read.targetValue.description == text)
        let stored = try #require(try store.allProgress(habitID: habit.id, owner: owner)?.first)
        #expect(stored.value == decimal(text))
        #expect(stored.value.description == text)
    }

    @Test(arguments: StoreKind.allCases) static func storedDecimalsAddUpExactly(_ kind: StoreKind)
        throws
    {
        try Self(kind).storedDecimalsAddUpExactly()
    }
    func storedDecimalsAddUpExactly() throws {
        let owner = try store.makeUser("a@example.com").id
        let habit = try store.createHabit(fields(target: "0.8"), owner: owner, now: referenceTime)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-01-05"), value: decimal("0.7")), habitID: habit.id,
            owner: owner)
        _ = try store.setProgress(
            ProgressEntry(date: date("2026-01-06"), value: decimal("0.1")), habitID: habit.id,
            owner: owner)

        let entries = try #require(try store.allProgress(habitID: habit.id, owner: owner))
        let sum = entries.reduce(Decimal(0)) { $0 + $1.value }
        #expect(sum == decimal("0.8"))
        #expect(try store.habit(id: habit.id, owner: owner)?.targetValue == sum)
    }

    @Test(arguments: StoreKind.allCases) static func textKeepsEveryCharacter(_ kind: StoreKind)
        throws
    {
        try Self(kind).textKeepsEveryCharacter()
    }
    func textKeepsEveryCharacter() throws {
        let owner = try store.makeUser("a@example.com").id
        let name = "Läuft 🏃 'quoted'; DROP TABLE habits; --"
        let habit = try store.createHabit(
            fields(name, unit: "km²"), owner: owner, now: referenceTime)
        let read = try #require(try store.habit(id: habit.id, owner: owner))
        #expect(read.name == name)
        #expect(read.measurementType == "km²")
    }
}
