import Foundation
import HabitCore
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// A write route's webhook event is queued inside the write's transaction,
/// on both stores: a committed write always has its event, a write that
/// fails or changes nothing has none.
@Suite struct PendingEventStoreTests {
    typealias Store = HabitRepository & AuthRepository & ReminderRepository
    let database: TestDatabase
    let store: any Store
    let owner: Int64

    init(_ kind: StoreKind) throws {
        database = try kind.open()
        store = try #require(database.store as? any Store)
        owner = try store.makeUser("a@example.com").id
        guard
            case .added = try store.addWebhook(
                url: "https://example.com/hook", events: ["entry.changed", "habit.changed"],
                secret: "whsec_x", owner: owner, now: referenceTime)
        else { throw PendingEventTestError.webhookNotAdded }
    }

    /// The event `id`, whose payload names the habit a write created.
    private func event(_ id: String, _ type: String = "entry.changed") -> PendingEvent {
        PendingEvent(owner: owner, event: type, eventID: id, now: referenceTime) { created in
            #"{"id":"\#(id)","created":\#(created.map(String.init) ?? "null")}"#
        }
    }

    private func queued(_ id: String) throws -> [Delivery] {
        try store.claimDeliveries(now: referenceTime, limit: 50, lease: 60).filter {
            $0.eventID == id
        }
    }

    @Test(arguments: StoreKind.allCases) static func aCommittedWriteHasItsEvent(_ kind: StoreKind)
        throws
    {
        let test = try Self(kind)
        let habit = try test.store.createHabit(fields(), owner: test.owner, now: referenceTime)
        let pending = test.event("evt_put")
        let stored = try PendingEvent.$current.withValue(pending) {
            try test.store.setProgress(
                ProgressEntry(date: date("2026-03-02"), value: 3), habitID: habit.id,
                owner: test.owner)
        }
        #expect(stored != nil)
        #expect(pending.isQueued)
        let deliveries = try test.queued("evt_put")
        #expect(deliveries.map(\.event) == ["entry.changed"])
        #expect(deliveries.first?.payload == #"{"id":"evt_put","created":null}"#)
    }

    @Test(arguments: StoreKind.allCases) static func aCreatedHabitIsNamedInItsEvent(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let habit = try PendingEvent.$current.withValue(test.event("evt_new", "habit.changed")) {
            try test.store.createHabit(fields(), owner: test.owner, now: referenceTime)
        }
        #expect(
            try test.queued("evt_new").map(\.payload) == [
                #"{"id":"evt_new","created":\#(habit.id)}"#
            ])
    }

    @Test(arguments: StoreKind.allCases) static func aFailingWriteQueuesNoEvent(_ kind: StoreKind)
        throws
    {
        let test = try Self(kind)
        _ = try test.store.createHabit(fields("Read"), owner: test.owner, now: referenceTime)
        let pending = test.event("evt_taken", "habit.changed")
        // The name is taken: the write throws and rolls back.
        #expect(throws: StoreError.self) {
            try PendingEvent.$current.withValue(pending) {
                try test.store.createHabit(fields("Read"), owner: test.owner, now: referenceTime)
            }
        }
        #expect(!pending.isQueued)
        #expect(try test.queued("evt_taken").isEmpty)
    }

    @Test(arguments: StoreKind.allCases) static func aWriteThatChangesNothingQueuesNoEvent(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let other = try test.store.makeUser("b@example.com").id
        let theirs = try test.store.createHabit(fields(), owner: other, now: referenceTime)
        // Another owner's habit is not there for this one.
        let stored = try PendingEvent.$current.withValue(test.event("evt_none")) {
            try test.store.setProgress(
                ProgressEntry(date: date("2026-03-02"), value: 3), habitID: theirs.id,
                owner: test.owner)
        }
        #expect(stored == nil)
        #expect(try test.queued("evt_none").isEmpty)
    }

    @Test(arguments: StoreKind.allCases) static func oneRequestQueuesItsEventOnce(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let habit = try test.store.createHabit(fields(), owner: test.owner, now: referenceTime)
        try PendingEvent.$current.withValue(test.event("evt_twice")) {
            for day in ["2026-03-02", "2026-03-03"] {
                _ = try test.store.setProgress(
                    ProgressEntry(date: date(day), value: 1), habitID: habit.id, owner: test.owner)
            }
        }
        #expect(try test.queued("evt_twice").count == 1)
        // The same entry again changes nothing: no event.
        try PendingEvent.$current.withValue(test.event("evt_same")) {
            _ = try test.store.setProgress(
                ProgressEntry(date: date("2026-03-03"), value: 1), habitID: habit.id,
                owner: test.owner)
        }
        #expect(try test.queued("evt_same").isEmpty)
        // Without an event bound, a write queues nothing.
        _ = try test.store.setProgress(
            ProgressEntry(date: date("2026-03-04"), value: 1), habitID: habit.id,
            owner: test.owner)
        #expect(try test.database.count("SELECT count(*) FROM deliveries") == 1)
    }
}

private enum PendingEventTestError: Error {
    case webhookNotAdded
}
