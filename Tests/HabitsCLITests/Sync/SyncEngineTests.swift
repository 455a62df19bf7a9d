import Foundation
import HabitCore
import HabitStorage
import HabitStore
import Testing

@testable import HabitClient
@testable import HabitsCLI

/// The sync rules as pure decisions: what a push does after each answer,
/// which pending changes go again over the feed, and the outbox's payload.
@Suite struct SyncEngineTests {
    static let day = LocalDate(year: 2026, month: 12, day: 1)!
    static let now = Date(timeIntervalSince1970: 1_780_000_000)
    static let fields = HabitFields(
        name: "Read", frequency: .daily, measurementType: "pages", startDate: day,
        actionDays: .everyDay, targetValue: 10)

    static func operation(
        _ sequence: Int64, habit: Int64, _ change: SyncWrite.Action, base: String? = nil
    ) -> SyncOperation {
        var operation = SyncOperation(
            habitID: habit, change: change, idempotencyKey: "\"k\(sequence)\"",
            baseVersion: base, createdAt: now)
        operation.sequence = sequence
        return operation
    }

    @Test func aStoredCreationRenumbersTheProvisionalHabitAndGoesOn() {
        let create = Self.operation(1, habit: -1, .createHabit(Self.fields))
        let answer = SyncWriteAnswer(
            habit: Habit(id: 42, fields: Self.fields, status: .active), version: "7")
        let (actions, proceed) = SyncEngine.decide(create, .stored(answer), outbox: [create])
        #expect(proceed)
        #expect(actions.contains(.complete(sequence: 1)))
        #expect(actions.contains(.renumber(provisional: -1, server: 42)))
        #expect(actions.contains(.rebase(habitID: 42, date: nil, after: 1, version: "7")))
        #expect(!actions.contains { if case .conflict = $0 { true } else { false } })
    }

    @Test func anUndeliveredChangeStopsThePushAndCountsTheAttempt() {
        var set = Self.operation(
            3, habit: 5, .setEntry(ProgressEntry(date: Self.day, value: 2), note: .keep))
        set.attempts = 2
        let (actions, proceed) = SyncEngine.decide(
            set, .undelivered(reason: .words("offline")), outbox: [set])
        #expect(!proceed)
        #expect(actions == [.defer_(sequence: 3, attempts: 3, reason: .words("offline"))])
    }

    @Test func aRefusedCreationRejectsEveryLaterChangeOfThatHabitOnly() {
        let create = Self.operation(1, habit: -2, .createHabit(Self.fields))
        let other = Self.operation(2, habit: 7, .increment(date: Self.day, amount: 1, note: .keep))
        let done = Self.operation(3, habit: -2, .increment(date: Self.day, amount: 1, note: .keep))
        let (actions, proceed) = SyncEngine.decide(
            create, .refused(reason: .words("limit")), outbox: [create, other, done])
        #expect(proceed)
        #expect(actions.contains(.reject(sequences: [1], reason: .words("limit"))))
        #expect(actions.contains(.reject(sequences: [3], reason: .habitNotAdded)))
        #expect(actions.contains(.resync))
    }

    @Test func aRefusedEditRejectsItAlone() {
        let edit = Self.operation(4, habit: 9, .updateHabit(HabitChanges(name: "Taken")))
        let later = Self.operation(5, habit: 9, .deleteEntry(date: Self.day))
        let (actions, _) = SyncEngine.decide(
            edit, .refused(reason: .words("taken")), outbox: [edit, later])
        #expect(actions.contains(.reject(sequences: [4], reason: .words("taken"))))
    }

    @Test func deletingAHabitAlreadyGoneIsDoneButChangingItIsRejected() {
        let delete = Self.operation(1, habit: 3, .deleteHabit)
        #expect(
            SyncEngine.decide(delete, .habitGone, outbox: [delete]).actions == [
                .complete(sequence: 1)
            ])
        let set = Self.operation(2, habit: 3, .deleteEntry(date: Self.day))
        let actions = SyncEngine.decide(set, .habitGone, outbox: [set]).actions
        #expect(actions.contains(.reject(sequences: [2], reason: .habitGone)))
    }

    @Test func aSetThatReplacedAnotherDevicesValueIsAConflict() {
        let set = Self.operation(
            1, habit: 3, .setEntry(ProgressEntry(date: Self.day, value: 5), note: .keep), base: "v1"
        )
        let theirs = ProgressEntry(date: Self.day, value: 8)
        let answer = SyncWriteAnswer(
            entry: ProgressEntry(date: Self.day, value: 5), version: "v3",
            replaced: .init(entry: theirs, version: "v2"))
        let actions = SyncEngine.decide(set, .stored(answer), outbox: [set]).actions
        #expect(
            actions.contains(
                .conflict(.init(habitID: 3, date: Self.day, ours: set.change, theirs: theirs))))
        #expect(actions.contains(.rebase(habitID: 3, date: Self.day, after: 1, version: "v3")))
    }

    @Test func noConflictWhenTheReplacedVersionIsTheOneSeenOrForIncrements() {
        let set = Self.operation(
            1, habit: 3, .setEntry(ProgressEntry(date: Self.day, value: 5), note: .keep), base: "v1"
        )
        let same = SyncWriteAnswer(
            version: "v2",
            replaced: .init(entry: ProgressEntry(date: Self.day, value: 1), version: "v1"))
        #expect(SyncEngine.conflict(set, answer: same) == nil)
        let increment = Self.operation(
            2, habit: 3, .increment(date: Self.day, amount: 1, note: .keep))
        let other = SyncWriteAnswer(
            version: "v9",
            replaced: .init(entry: ProgressEntry(date: Self.day, value: 4), version: "v8"))
        #expect(SyncEngine.conflict(increment, answer: other) == nil)
        // A day this device never saw, written elsewhere meanwhile.
        let fresh = Self.operation(
            3, habit: 3, .setEntry(ProgressEntry(date: Self.day, value: 5), note: .keep), base: nil)
        #expect(SyncEngine.conflict(fresh, answer: other) != nil)
        // A server without versions cannot tell.
        let unversioned = SyncWriteAnswer(
            replaced: .init(entry: ProgressEntry(date: Self.day, value: 4), version: nil))
        #expect(SyncEngine.conflict(fresh, answer: unversioned) == nil)
    }

    static func habit(_ name: String, target: Decimal = 10, status: HabitStatus = .active)
        -> Habit
    {
        var fields = Self.fields
        fields.name = name
        fields.targetValue = target
        return Habit(id: 3, fields: fields, status: status)
    }

    @Test func anEditOverAFieldAnotherDeviceChangedIsAConflictNamingBothValues() {
        // This device saw "Read" (target 10) and renames it to "Reading";
        // another device renamed it "Books" meanwhile.
        var edit = Self.operation(
            1, habit: 3, .updateHabit(HabitChanges(name: "Reading")), base: "v1")
        edit.baseHabit = Self.habit("Read")
        let answer = SyncWriteAnswer(
            habit: Self.habit("Reading"), version: "v3",
            replaced: .init(habit: Self.habit("Books"), version: "v2"))
        let actions = SyncEngine.decide(edit, .stored(answer), outbox: [edit]).actions
        let expected = SyncEngine.Conflict(
            habitID: 3, date: nil, ours: edit.change, theirs: nil,
            fields: [
                HabitFieldConflict(field: .name, ours: .text("Reading"), theirs: .text("Books"))
            ])
        #expect(actions.contains(.conflict(expected)))
        #expect(actions.contains(.rebase(habitID: 3, date: nil, after: 1, version: "v3")))
    }

    @Test func anEditConflictsOnlyInTheFieldsItSetThatTheOtherDeviceChanged() {
        var edit = Self.operation(
            1, habit: 3, .updateHabit(HabitChanges(name: "Reading", targetValue: 20)), base: "v1")
        edit.baseHabit = Self.habit("Read", target: 10)
        // The other device archived it and set the target to 20: the status
        // was not edited here, the target agrees, the name was not changed there.
        let theirs = Self.habit("Read", target: 20, status: .archived)
        let answer = SyncWriteAnswer(version: "v3", replaced: .init(habit: theirs, version: "v2"))
        #expect(SyncEngine.conflict(edit, answer: answer) == nil)
        // The target differs from both: that field alone.
        let other = Self.habit("Read", target: 15, status: .archived)
        let conflict = SyncEngine.conflict(
            edit,
            answer: SyncWriteAnswer(version: "v3", replaced: .init(habit: other, version: "v2")))
        #expect(
            conflict?.fields == [
                HabitFieldConflict(field: .target, ours: .number(20), theirs: .number(15))
            ])
    }

    @Test func anEditOverTheVersionSeenOrWithoutVersionsIsNoConflict() {
        var archive = Self.operation(
            1, habit: 3, .updateHabit(HabitChanges(status: .archived)), base: "v1")
        archive.baseHabit = Self.habit("Read")
        let seen = SyncWriteAnswer(
            version: "v2", replaced: .init(habit: Self.habit("Read"), version: "v1"))
        #expect(SyncEngine.conflict(archive, answer: seen) == nil)
        let unversioned = SyncWriteAnswer(
            replaced: .init(habit: Self.habit("Read", status: .archived), version: nil))
        #expect(SyncEngine.conflict(archive, answer: unversioned) == nil)
        // Unarchived elsewhere after this device archived, then archived here again:
        // told, as the other device's status is replaced.
        let unarchived = SyncWriteAnswer(
            version: "v4", replaced: .init(habit: Self.habit("Read"), version: "v3"))
        archive.baseHabit = Self.habit("Read", status: .archived)
        #expect(
            SyncEngine.conflict(archive, answer: unarchived)?.fields == [
                HabitFieldConflict(
                    field: .status, ours: .status(.archived), theirs: .status(.active))
            ])
    }

    @Test func anEditQueuedWithoutItsBaseTellsEveryFieldTheServerHeldDifferently() {
        let edit = Self.operation(
            1, habit: 3, .updateHabit(HabitChanges(name: "Reading")), base: "v1")
        let answer = SyncWriteAnswer(
            version: "v3", replaced: .init(habit: Self.habit("Books"), version: "v2"))
        #expect(SyncEngine.conflict(edit, answer: answer)?.fields.map(\.field) == [.name])
    }

    @Test func theEditConflictSaysTheHabitTheFieldAndBothValues() {
        let line = SyncWords.conflict(
            habit: "Read",
            field: HabitFieldConflict(field: .name, ours: .text("Reading"), theirs: .text("Books")))
        #expect(
            line
                == "habits: Read: this device's edit set the name to \"Reading\", replacing \"Books\", "
                + "written on another device since this one last synced.")
        // The other device's value came from the server: nothing of it acts on a terminal.
        let hostile = SyncWords.conflict(
            habit: "Read",
            field: HabitFieldConflict(
                field: .unit, ours: .text("km"), theirs: .text("mi\u{1B}]0;owned\u{07}")))
        #expect(!hostile.unicodeScalars.contains { $0.value < 0x20 })
        #expect(
            SyncWords.conflict(
                habit: "Run",
                field: HabitFieldConflict(field: .target, ours: .number(20), theirs: .number(2.5))
            )
            .contains("set the target to 20, replacing 2.5,"))
    }

    /// A habit of the second model (issue 38): `fields` with a goal, a
    /// period length and a group.
    static func limited(
        goal: Goal = .atMost, periodDays: Int? = 3, group: String? = "Health"
    ) -> Habit {
        var fields = Self.fields
        fields.frequency = periodDays == nil ? .monthly : .everyNDays
        fields.goal = goal
        fields.periodDays = periodDays
        fields.group = group
        return Habit(id: 3, fields: fields, status: .active)
    }

    @Test func anEditOverTheGoalPeriodOrGroupAnotherDeviceChangedNamesThem() {
        // This device saw at most, every 3 days, in Health, and set at
        // least, every 5 days, in Morning; another device meanwhile set
        // every 4 days, in Evening, and left the goal.
        var edit = Self.operation(
            1, habit: 3,
            .updateHabit(
                HabitChanges(goal: .atLeast, periodDays: .some(5), group: .some("Morning"))),
            base: "v1")
        edit.baseHabit = Self.limited()
        let theirs = Self.limited(periodDays: 4, group: "Evening")
        let answer = SyncWriteAnswer(version: "v3", replaced: .init(habit: theirs, version: "v2"))
        #expect(
            SyncEngine.conflict(edit, answer: answer)?.fields == [
                HabitFieldConflict(field: .period, ours: .periodDays(5), theirs: .periodDays(4)),
                HabitFieldConflict(
                    field: .group, ours: .group("Morning"), theirs: .group("Evening")),
            ])
        // The other device chose the same goal: nothing was lost, not named.
        let goal = SyncEngine.conflict(
            edit,
            answer: SyncWriteAnswer(
                version: "v3",
                replaced: .init(
                    habit: Self.limited(goal: .atLeast, group: "Evening"), version: "v2")))
        #expect(goal?.fields.map(\.field) == [.group])
        // An edit that sets at most (with a new target) over a habit another
        // device turned to at least: the goal is named.
        var limit = Self.operation(
            1, habit: 3, .updateHabit(HabitChanges(targetValue: 1, goal: .atMost)), base: "v1")
        limit.baseHabit = Self.limited(goal: .atMost)
        let unlimited = SyncEngine.conflict(
            limit,
            answer: SyncWriteAnswer(
                version: "v3", replaced: .init(habit: Self.limited(goal: .atLeast), version: "v2")))
        #expect(
            unlimited?.fields == [
                HabitFieldConflict(field: .goal, ours: .goal(.atMost), theirs: .goal(.atLeast))
            ])
        // Removing the group another device set is a conflict with none.
        var ungroup = Self.operation(
            1, habit: 3, .updateHabit(HabitChanges(group: .some(nil))), base: "v1")
        ungroup.baseHabit = Self.limited(group: "Health")
        let regrouped = SyncEngine.conflict(
            ungroup,
            answer: SyncWriteAnswer(
                version: "v3", replaced: .init(habit: Self.limited(group: "Evening"), version: "v2")
            ))
        #expect(
            regrouped?.fields == [
                HabitFieldConflict(field: .group, ours: .group(nil), theirs: .group("Evening"))
            ])
    }

    @Test func aGroupWrittenInAnotherCaseIsNoConflict() {
        var edit = Self.operation(
            1, habit: 3, .updateHabit(HabitChanges(group: .some("Morning"))), base: "v1")
        edit.baseHabit = Self.limited(group: "Health")
        let answer = SyncWriteAnswer(
            version: "v3", replaced: .init(habit: Self.limited(group: "morning "), version: "v2"))
        #expect(SyncEngine.conflict(edit, answer: answer) == nil)
    }

    @Test func theGoalPeriodAndGroupConflictsAreSaidInWords() {
        #expect(
            SyncWords.conflict(
                habit: "Coffee",
                field: HabitFieldConflict(
                    field: .goal, ours: .goal(.atMost), theirs: .goal(.atLeast)))
                == "habits: Coffee: this device's edit set the goal to at most, replacing at least, "
                + "written on another device since this one last synced.")
        #expect(
            SyncWords.conflict(
                habit: "Water",
                field: HabitFieldConflict(
                    field: .period, ours: .periodDays(5), theirs: .periodDays(3))
            ).contains("set the period length to 5 days, replacing 3 days,"))
        #expect(
            SyncWords.conflict(
                habit: "Water",
                field: HabitFieldConflict(
                    field: .group, ours: .group(nil), theirs: .group("Health"))
            ).contains("set the group to none, replacing \"Health\","))
        #expect(
            SyncWords.conflict(
                habit: "Rent",
                field: HabitFieldConflict(
                    field: .frequency, ours: .frequency(.monthly), theirs: .frequency(.everyNDays))
            ).contains("set the frequency to monthly, replacing every N days,"))
    }

    @Test func onlyChangesOfWhatTheFeedOverwroteGoAgain() {
        let other = LocalDate(year: 2026, month: 12, day: 2)!
        let pending = [
            Self.operation(1, habit: 3, .increment(date: Self.day, amount: 1, note: .keep)),
            Self.operation(2, habit: 3, .increment(date: other, amount: 1, note: .keep)),
            Self.operation(3, habit: 3, .updateHabit(HabitChanges(name: "New"))),
            Self.operation(4, habit: 4, .deleteEntry(date: Self.day)),
        ]
        let touched: Set<SyncEngine.Key> = [
            SyncEngine.key(
                of: .entry(habitID: 3, ProgressEntry(date: Self.day, value: 2), version: "x")),
            SyncEngine.key(
                of: .habit(Habit(id: 3, fields: Self.fields, status: .active), version: "y")),
        ]
        #expect(SyncEngine.reapplied(pending: pending, touched: touched).map(\.sequence) == [1, 3])
    }

    @Test func everyKindOfChangeSurvivesTheOutbox() throws {
        let changes: [SyncWrite.Action] = [
            .createHabit(Self.fields),
            .updateHabit(HabitChanges(name: "Ríding", targetValue: Decimal(string: "2.25"))),
            .updateHabit(HabitChanges(status: .archived)),
            .createHabit(
                HabitFields(
                    name: "Swim", frequency: .daily, measurementType: "laps",
                    startDate: Self.day, actionDays: .everyDay, targetValue: 4, icon: "🏊",
                    color: "#1e90ff")),
            .updateHabit(HabitChanges(icon: .some("🚴"), color: .some(nil))),
            .updateHabit(HabitChanges(icon: .some(nil))),
            .createHabit(
                HabitFields(
                    name: "Coffee", frequency: .monthly, measurementType: "cups",
                    startDate: Self.day, actionDays: .everyDay, targetValue: 0, goal: .atMost,
                    group: "Health")),
            .updateHabit(
                HabitChanges(
                    frequency: .everyNDays, goal: .atLeast, periodDays: .some(3),
                    group: .some(nil))),
            .deleteHabit,
            .increment(date: Self.day, amount: Decimal(string: "0.1")!, note: .replace("tired")),
            .setEntry(ProgressEntry(date: Self.day, value: 0, skipped: true), note: .replace(nil)),
            .setEntry(ProgressEntry(date: Self.day, value: 3), note: .keep),
            .deleteEntry(date: Self.day),
        ]
        for (index, change) in changes.enumerated() {
            var operation = Self.operation(Int64(index + 1), habit: -4, change, base: "b")
            if case .updateHabit = change {
                // Read back with the record's habit id.
                operation.baseHabit = Self.habit("Ríding")
                operation.baseHabit?.id = -4
            }
            operation.attempts = 2
            operation.lastError = .words("why")
            let read = try #require(SyncOperation(record: operation.record))
            #expect(read == operation)
        }
    }

    @Test func anUnknownKindStaysUnread() {
        var record = Self.operation(1, habit: 1, .deleteHabit).record
        record.kind = "teleport"
        #expect(SyncOperation(record: record) == nil)
    }

    @Test func refusalsAreToldApartFromOutages() {
        #expect(
            ReplicaSync.outcome(of: .habitLimit(message: "")) != .undelivered(reason: .words("")))
        if case .refused = ReplicaSync.outcome(of: .habitNameTaken) {
        } else {
            Issue.record("name taken")
        }
        if case .refused = ReplicaSync.outcome(of: .rejected(status: 422, message: "bad")) {
        } else {
            Issue.record("422")
        }
        #expect(ReplicaSync.outcome(of: .notFound) == .habitGone)
        for outage: APIError in [
            .unreachable(host: "h"), .timeout(host: "h"), .server(status: 503),
            .outcomeUnknown(host: "h"), .rateLimited(retryAfter: 3), .sessionExpired,
        ] {
            if case .undelivered = ReplicaSync.outcome(of: outage) {
            } else {
                Issue.record("\(outage) should wait for the next sync")
            }
        }
    }
}
