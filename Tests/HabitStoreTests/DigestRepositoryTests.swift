import Foundation
import HabitCore
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// The daily digest's time, schedule and once-only claim, on both stores.
@Suite struct DigestRepositoryTests {
    typealias Store = HabitRepository & AuthRepository & ReminderRepository & DigestRepository
    let database: TestDatabase
    let store: any Store

    init(_ kind: StoreKind) throws {
        database = try kind.open()
        store = try #require(database.store as? any Store)
    }

    @Test(arguments: StoreKind.allCases) static func theTimeIsKeptPerAccountAndTurnsOff(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let ana = try store.makeUser("ana@example.com").id
        let bob = try store.makeUser("bob@example.com").id
        #expect(try store.digestTime(owner: ana) == nil)
        try store.setDigestTime("08:00", owner: ana, now: referenceTime)
        #expect(try store.digestTime(owner: ana) == "08:00")
        #expect(try store.digestTime(owner: bob) == nil)
        try store.setDigestTime("07:30", owner: ana, now: referenceTime)
        #expect(try store.digestTime(owner: ana) == "07:30")
        // The first time set brought one mail channel, as a first reminder does.
        #expect(try store.channels(owner: ana).map(\.kind) == [.mail])
        #expect(try store.channels(owner: bob).isEmpty)
        try store.setDigestTime(nil, owner: ana, now: referenceTime)
        #expect(try store.digestTime(owner: ana) == nil)
        #expect(try store.scheduledDigests().isEmpty)
    }

    /// Only accounts with a time are scheduled, with their zone and day
    /// boundary, their active habits (not archived ones, not other owners')
    /// and the last date claimed.
    @Test(arguments: StoreKind.allCases) static func theScheduleHasZoneHabitsAndLastDate(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let ana = try store.makeUser("ana@example.com").id
        let bob = try store.makeUser("bob@example.com").id
        _ = try store.setTimeZone("Europe/Berlin", userID: ana)
        let read = try store.createHabit(fields("Read"), owner: ana, now: referenceTime)
        let old = try store.createHabit(fields("Old"), owner: ana, now: referenceTime)
        _ = try store.updateHabit(
            id: old.id, owner: ana, fields: fields("Old"), status: .archived, now: referenceTime)
        _ = try store.createHabit(fields("Bob's"), owner: bob, now: referenceTime)
        try store.setDigestTime("08:00", owner: ana, now: referenceTime)

        var scheduled = try store.scheduledDigests()
        #expect(scheduled.count == 1)
        #expect(scheduled.first?.owner == ana)
        #expect(scheduled.first?.time == "08:00")
        #expect(scheduled.first?.timeZone == "Europe/Berlin")
        #expect(scheduled.first?.lastDate == nil)
        #expect(scheduled.first?.habits.map(\.id) == [read.id])

        #expect(
            try store.claimDigest(
                DigestClaim(owner: ana, date: date("2026-06-01"), payload: nil),
                now: referenceTime))
        #expect(
            try store.claimDigest(
                DigestClaim(owner: ana, date: date("2026-06-02"), payload: nil),
                now: referenceTime))
        scheduled = try store.scheduledDigests()
        #expect(scheduled.first?.lastDate == date("2026-06-02"))
        // Bob, with no time, is not scheduled; with a zone-less account UTC.
        try store.setDigestTime("21:15", owner: bob, now: referenceTime)
        scheduled = try store.scheduledDigests()
        #expect(scheduled.first { $0.owner == bob }?.timeZone == "UTC")
        // Each with its day boundary: 00:00 until set.
        #expect(scheduled.first { $0.owner == bob }?.dayStartsAt == .midnight)
        _ = try store.setDayStartsAt(try #require(DayBoundary("03:00")), userID: bob)
        scheduled = try store.scheduledDigests()
        #expect(scheduled.first { $0.owner == bob }?.dayStartsAt == DayBoundary("03:00"))
        #expect(scheduled.first { $0.owner == ana }?.dayStartsAt == .midnight)
    }

    /// Two stores on one database (two server processes) claim the same
    /// digest at once: it is won exactly once, queued for each channel and
    /// each webhook asking for reminders, and not for other webhooks.
    @Test(arguments: StoreKind.allCases) static func aDigestIsClaimedOnceAcrossStores(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let second = try #require(try test.database.another() as? any Store)
        let owner = try store.makeUser("a@example.com").id
        _ = try store.addChannel(kind: .mail, url: nil, owner: owner, now: referenceTime)
        _ = try store.addWebhook(
            url: "https://hooks.example.com/due", events: ["reminder.due"], secret: "s",
            owner: owner, now: referenceTime)
        _ = try store.addWebhook(
            url: "https://hooks.example.com/entries", events: ["entry.changed"], secret: "s",
            owner: owner, now: referenceTime)
        try store.setDigestTime("08:00", owner: owner, now: referenceTime)
        let claim = DigestClaim(
            owner: owner, date: date("2026-06-01"), payload: #"{"type":"digest.due"}"#)
        let stores: [any Store] = [store, second, store, second]
        let won = runConcurrently(stores.count) { index in
            (try? stores[index].claimDigest(claim, now: referenceTime)).map { $0 ? 1 : 0 } ?? -1
        }
        #expect(won.reduce(0, +) == 1)
        #expect(!won.contains(-1))
        #expect(try test.database.count("SELECT count(*) FROM deliveries") == 2)
        #expect(
            try test.database.count("SELECT count(*) FROM deliveries WHERE event = 'digest.due'")
                == 2)
        let deliveries = try store.claimDeliveries(now: referenceTime, limit: 10, lease: 60)
        #expect(Set(deliveries.map(\.eventID)) == [claim.eventID])
        #expect(deliveries.allSatisfy { $0.payload == claim.payload })
        // The next day is a new digest.
        #expect(
            try second.claimDigest(
                DigestClaim(owner: owner, date: date("2026-06-02"), payload: nil),
                now: referenceTime))
    }

    /// A day claimed with nothing to send queues nothing and stays claimed.
    @Test(arguments: StoreKind.allCases) static func aDayWithNothingPendingIsClaimedSilently(
        _ kind: StoreKind
    ) throws {
        let test = try Self(kind)
        let store = test.store
        let owner = try store.makeUser("a@example.com").id
        _ = try store.addChannel(kind: .mail, url: nil, owner: owner, now: referenceTime)
        let quiet = DigestClaim(owner: owner, date: date("2026-06-01"), payload: nil)
        #expect(try store.claimDigest(quiet, now: referenceTime))
        #expect(try test.database.count("SELECT count(*) FROM deliveries") == 0)
        var late = quiet
        late.payload = #"{"type":"digest.due"}"#
        #expect(try store.claimDigest(late, now: referenceTime) == false)
        #expect(try test.database.count("SELECT count(*) FROM deliveries") == 0)
    }
}
