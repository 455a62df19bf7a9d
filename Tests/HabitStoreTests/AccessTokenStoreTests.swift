import Foundation
import HabitCore
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// Personal access tokens on both stores.
@Suite struct AccessTokenStoreTests {
    let database: TestDatabase
    var store: any TestStore { database.store }

    init(_ kind: StoreKind) throws {
        database = try kind.open()
    }

    func token(
        _ name: String, scope: AccessScope = .read, habit: Int64? = nil, hash: String? = nil,
        at instant: Date = referenceTime, expires: Date? = nil
    ) -> NewAccessToken {
        NewAccessToken(
            name: name, scope: scope, habitID: habit, hash: hash ?? "hash-of-\(name)",
            createdAt: instant, expiresAt: expires)
    }

    func created(_ creation: AccessTokenCreation) throws -> AccessTokenRecord {
        guard case .created(let record) = creation else {
            throw StoreTestFailure("not created: \(creation)")
        }
        return record
    }

    @Test(arguments: StoreKind.allCases) static func aTokenIsFoundByItsHashAndListed(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aTokenIsFoundByItsHashAndListed()
    }
    func aTokenIsFoundByItsHashAndListed() throws {
        let user = try store.makeUser("tokens@example.com")
        let habit = try store.createHabit(fields(), owner: user.id, now: referenceTime)
        let expiry = referenceTime.addingTimeInterval(86_400)
        let record = try created(
            store.createAccessToken(
                token("button", scope: .checkIn, habit: habit.id, hash: "abc", expires: expiry),
                owner: user.id, maximum: 20))
        #expect(record.owner == user.id)
        #expect(record.name == "button")
        #expect(record.scope == .checkIn)
        #expect(record.habitID == habit.id)
        #expect(record.createdAt == referenceTime)
        #expect(record.expiresAt == expiry)
        #expect(record.lastUsedAt == nil && record.revokedAt == nil)
        #expect(try store.accessToken(hash: "abc") == record)
        #expect(try store.accessToken(hash: "abd") == nil)
        #expect(try store.accessTokens(owner: user.id) == [record])
        let other = try store.makeUser("other@example.com")
        #expect(try store.accessTokens(owner: other.id).isEmpty)
    }

    @Test(arguments: StoreKind.allCases) static func namesAreUniqueAmongLiveTokens(
        _ kind: StoreKind
    ) throws {
        try Self(kind).namesAreUniqueAmongLiveTokens()
    }
    func namesAreUniqueAmongLiveTokens() throws {
        let ana = try store.makeUser("ana@example.com")
        let bob = try store.makeUser("bob@example.com")
        let first = try created(store.createAccessToken(token("cal"), owner: ana.id, maximum: 20))
        #expect(
            try store.createAccessToken(token("cal", hash: "2"), owner: ana.id, maximum: 20)
                == .nameTaken)
        // Another account may use the name.
        _ = try created(
            store.createAccessToken(token("cal", hash: "3"), owner: bob.id, maximum: 20))
        // Once revoked, the name is free again.
        #expect(try store.revokeAccessToken(id: first.id, owner: ana.id, now: referenceTime))
        _ = try created(
            store.createAccessToken(token("cal", hash: "4"), owner: ana.id, maximum: 20))
    }

    @Test(arguments: StoreKind.allCases) static func theLimitCountsTokensNotRevoked(
        _ kind: StoreKind
    ) throws {
        try Self(kind).theLimitCountsTokensNotRevoked()
    }
    func theLimitCountsTokensNotRevoked() throws {
        let user = try store.makeUser("limit@example.com")
        var records: [AccessTokenRecord] = []
        for index in 0..<3 {
            records.append(
                try created(
                    store.createAccessToken(
                        token("t\(index)", expires: referenceTime.addingTimeInterval(1)),
                        owner: user.id, maximum: 3)))
        }
        // Expired ones still count until revoked.
        let later = referenceTime.addingTimeInterval(3600)
        #expect(
            try store.createAccessToken(token("t3", at: later), owner: user.id, maximum: 3)
                == .limitReached(maximum: 3))
        #expect(try store.revokeAccessToken(id: records[0].id, owner: user.id, now: later))
        _ = try created(store.createAccessToken(token("t3", at: later), owner: user.id, maximum: 3))
    }

    @Test(arguments: StoreKind.allCases) static func aCheckInTokenNamesOnlyTheOwnersHabit(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aCheckInTokenNamesOnlyTheOwnersHabit()
    }
    func aCheckInTokenNamesOnlyTheOwnersHabit() throws {
        let ana = try store.makeUser("ana@example.com")
        let bob = try store.makeUser("bob@example.com")
        let bobs = try store.createHabit(fields(), owner: bob.id, now: referenceTime)
        #expect(
            try store.createAccessToken(
                token("x", scope: .checkIn, habit: bobs.id), owner: ana.id, maximum: 20)
                == .habitNotFound)
        #expect(try store.accessTokens(owner: ana.id).isEmpty)
        // Deleting the habit deletes its check-in tokens.
        let record = try created(
            store.createAccessToken(
                token("y", scope: .checkIn, habit: bobs.id), owner: bob.id, maximum: 20))
        #expect(try store.deleteHabit(id: bobs.id, owner: bob.id))
        #expect(try store.accessToken(hash: "hash-of-y") == nil)
        #expect(try store.accessTokens(owner: bob.id).contains(record) == false)
    }

    @Test(arguments: StoreKind.allCases) static func revokingKeepsTheRowOutOfTheList(
        _ kind: StoreKind
    ) throws {
        try Self(kind).revokingKeepsTheRowOutOfTheList()
    }
    func revokingKeepsTheRowOutOfTheList() throws {
        let ana = try store.makeUser("ana@example.com")
        let bob = try store.makeUser("bob@example.com")
        let record = try created(store.createAccessToken(token("cal"), owner: ana.id, maximum: 20))
        // Another account cannot revoke it.
        #expect(
            try store.revokeAccessToken(id: record.id, owner: bob.id, now: referenceTime) == false)
        let at = referenceTime.addingTimeInterval(10)
        #expect(try store.revokeAccessToken(id: record.id, owner: ana.id, now: at))
        #expect(try store.revokeAccessToken(id: record.id, owner: ana.id, now: at) == false)
        #expect(try store.accessTokens(owner: ana.id).isEmpty)
        let revoked = try #require(try store.accessToken(hash: "hash-of-cal"))
        #expect(revoked.revokedAt == at)
        #expect(revoked.isUsable(at: at) == false)
        // Thirty days on, the next creation forgets it.
        let month = at.addingTimeInterval(AccessTokenRecord.revokedRetention + 1)
        _ = try created(
            store.createAccessToken(token("new", at: month), owner: ana.id, maximum: 20))
        #expect(try store.accessToken(hash: "hash-of-cal") == nil)
    }

    @Test(arguments: StoreKind.allCases) static func aUseIsWrittenAtMostOncePerInterval(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aUseIsWrittenAtMostOncePerInterval()
    }
    func aUseIsWrittenAtMostOncePerInterval() throws {
        let user = try store.makeUser("use@example.com")
        let record = try created(store.createAccessToken(token("cal"), owner: user.id, maximum: 20))
        let first = referenceTime.addingTimeInterval(100)
        try store.recordAccessTokenUse(id: record.id, now: first, interval: 60)
        try store.recordAccessTokenUse(
            id: record.id, now: first.addingTimeInterval(30), interval: 60)
        #expect(try store.accessToken(hash: "hash-of-cal")?.lastUsedAt == first)
        let later = first.addingTimeInterval(61)
        try store.recordAccessTokenUse(id: record.id, now: later, interval: 60)
        #expect(try store.accessToken(hash: "hash-of-cal")?.lastUsedAt == later)
    }

    @Test static func usabilityFollowsExpiryAndRevocation() {
        let base = AccessTokenRecord(
            id: 1, owner: 1, name: "n", scope: .read, habitID: nil, createdAt: referenceTime,
            expiresAt: referenceTime.addingTimeInterval(60), lastUsedAt: nil, revokedAt: nil)
        #expect(base.isUsable(at: referenceTime.addingTimeInterval(59)))
        #expect(base.isUsable(at: referenceTime.addingTimeInterval(60)) == false)
        var forever = base
        forever.expiresAt = nil
        #expect(forever.isUsable(at: .distantFuture))
        forever.revokedAt = referenceTime
        #expect(forever.isUsable(at: referenceTime) == false)
    }
}

struct StoreTestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
