import Foundation
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// The account's time zone on both stores.
@Suite struct AccountTimeZoneStoreTests {
    let database: TestDatabase
    var store: any TestStore { database.store }

    init(_ kind: StoreKind) throws {
        database = try kind.open()
    }

    @Test(arguments: StoreKind.allCases) static func aNewAccountHasNoZoneAndReadsAsUTC(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aNewAccountHasNoZoneAndReadsAsUTC()
    }
    func aNewAccountHasNoZoneAndReadsAsUTC() throws {
        let user = try store.makeUser("zone@example.com")
        #expect(user.timeZone == nil)
        #expect(user.zone.secondsFromGMT(for: referenceTime) == 0)
        #expect(try store.user(id: user.id)?.timeZone == nil)
    }

    @Test(arguments: StoreKind.allCases) static func theZoneIsStoredPerAccount(_ kind: StoreKind)
        throws
    {
        try Self(kind).theZoneIsStoredPerAccount()
    }
    func theZoneIsStoredPerAccount() throws {
        let ana = try store.makeUser("ana@example.com")
        let bob = try store.makeUser("bob@example.com")
        let changed = try store.setTimeZone("Europe/Berlin", userID: ana.id)
        #expect(changed == User(id: ana.id, email: ana.email, timeZone: "Europe/Berlin"))
        #expect(try store.user(id: ana.id)?.zone.identifier == "Europe/Berlin")
        // Found again by address (sign-in) with its zone.
        #expect(
            try store.findOrCreateUser(email: ana.email, now: referenceTime).timeZone
                == "Europe/Berlin")
        #expect(try store.user(id: bob.id)?.timeZone == nil)
        _ = try store.setTimeZone("America/New_York", userID: ana.id)
        #expect(try store.user(id: ana.id)?.timeZone == "America/New_York")
    }

    @Test(arguments: StoreKind.allCases) static func noAccountNoZone(_ kind: StoreKind) throws {
        try Self(kind).noAccountNoZone()
    }
    func noAccountNoZone() throws {
        #expect(try store.setTimeZone("Europe/Berlin", userID: 424_242) == nil)
    }

    /// A name this system no longer knows (tzdata dropped it) reads as UTC
    /// rather than failing every request of the account.
    @Test static func anUnknownStoredNameReadsAsUTC() {
        let zone = User(id: 1, email: "a@b.c", timeZone: "Mars/Olympus_Mons").zone
        #expect(zone == User.defaultZone)
        #expect(zone.secondsFromGMT(for: referenceTime) == 0)
    }
}
