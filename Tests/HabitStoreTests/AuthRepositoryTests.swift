import Foundation
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

@Suite struct AuthRepositoryTests {
    let database: TestDatabase
    var store: any TestStore { database.store }

    init(_ kind: StoreKind) throws {
        database = try kind.open()
    }

    // MARK: Users

    @Test(arguments: StoreKind.allCases) static func anAddressHasOneAccount(_ kind: StoreKind)
        throws
    {
        try Self(kind).anAddressHasOneAccount()
    }
    func anAddressHasOneAccount() throws {
        let first = try store.findOrCreateUser(email: "a@example.com", now: referenceTime)
        let again = try store.findOrCreateUser(email: "a@example.com", now: referenceTime)
        let other = try store.findOrCreateUser(email: "b@example.com", now: referenceTime)

        #expect(first == again)
        #expect(first.email == "a@example.com")
        #expect(other.id != first.id)
        #expect(try store.user(id: first.id) == first)
        #expect(try store.user(id: 9999) == nil)
    }

    /// The command line's local mode, which only SQLite serves.
    @Test static func theLocalUserIsCreatedOnceAndReused() throws {
        let store = try SQLiteStore(path: SQLiteStore.inMemoryPath)
        let local = try store.localUser(now: referenceTime)
        #expect(local.email == SQLiteStore.localUserEmail)
        #expect(try store.localUser(now: referenceTime.addingTimeInterval(60)) == local)
    }

    // MARK: Codes

    private func store(_ hash: String, at sent: Date, for email: String = "a@example.com") throws {
        let _: Never? = try store.storeCode(
            email: email, codeHash: hash, sentAt: sent, expiresAt: sent.addingTimeInterval(600),
            sendTimesSince: sent, refusal: { _ in nil })
    }

    /// When codes were sent to `email` at or after `since`, as the guarded
    /// `storeCode` shows them to its refusal (which refuses, so nothing is stored).
    private func sendTimes(_ email: String = "a@example.com", since: Date) throws -> [Date] {
        let seen = try store.storeCode(
            email: email, codeHash: "unused", sentAt: since, expiresAt: since,
            sendTimesSince: since, refusal: { sent in sent })
        return seen ?? []
    }

    private func check(
        _ hash: String, at now: Date = referenceTime, email: String = "a@example.com"
    ) throws -> CodeCheck {
        try store.checkCode(email: email, now: now, maximumAttempts: 5) { $0 == hash }
    }

    @Test(arguments: StoreKind.allCases) static func theRightCodeIsAcceptedOnce(_ kind: StoreKind)
        throws
    {
        try Self(kind).theRightCodeIsAcceptedOnce()
    }
    func theRightCodeIsAcceptedOnce() throws {
        try store("hash-1", at: referenceTime)
        #expect(try check("hash-1") == .accepted)
        #expect(try check("hash-1") == .missing)
    }

    @Test(arguments: StoreKind.allCases) static func noCodeIsMissing(_ kind: StoreKind) throws {
        try Self(kind).noCodeIsMissing()
    }
    func noCodeIsMissing() throws {
        #expect(try check("hash-1", email: "nobody@example.com") == .missing)
    }

    @Test(arguments: StoreKind.allCases) static func wrongCodesBurnTheCodeAfterTheMaximum(
        _ kind: StoreKind
    ) throws {
        try Self(kind).wrongCodesBurnTheCodeAfterTheMaximum()
    }
    func wrongCodesBurnTheCodeAfterTheMaximum() throws {
        try store("right", at: referenceTime)
        for _ in 0..<5 {
            #expect(try check("wrong") == .rejected)
        }
        // The sixth attempt is refused even with the right code.
        #expect(try check("right") == .burned)
        #expect(try check("wrong") == .burned)

        // A new code starts over with no attempts counted.
        try store("new", at: referenceTime.addingTimeInterval(120))
        for _ in 0..<4 {
            #expect(try check("wrong") == .rejected)
        }
        #expect(try check("new") == .accepted)
    }

    @Test(arguments: StoreKind.allCases) static func aCodeExpiresAtItsExpiryTime(_ kind: StoreKind)
        throws
    {
        try Self(kind).aCodeExpiresAtItsExpiryTime()
    }
    func aCodeExpiresAtItsExpiryTime() throws {
        try store("hash", at: referenceTime)
        #expect(try check("wrong", at: referenceTime.addingTimeInterval(599.5)) == .rejected)
        #expect(try check("hash", at: referenceTime.addingTimeInterval(600)) == .expired)
    }

    @Test(arguments: StoreKind.allCases) static func aNewCodeReplacesThePendingOne(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aNewCodeReplacesThePendingOne()
    }
    func aNewCodeReplacesThePendingOne() throws {
        try store("old", at: referenceTime)
        try store("new", at: referenceTime.addingTimeInterval(61))
        #expect(try check("old") == .rejected)
        #expect(try check("new") == .accepted)
    }

    @Test(arguments: StoreKind.allCases) static func codesOfOneAddressDoNotAffectAnother(
        _ kind: StoreKind
    ) throws {
        try Self(kind).codesOfOneAddressDoNotAffectAnother()
    }
    func codesOfOneAddressDoNotAffectAnother() throws {
        try store("alice", at: referenceTime, for: "alice@example.com")
        try store("bob", at: referenceTime, for: "bob@example.com")
        for _ in 0..<6 {
            _ = try check("wrong", email: "alice@example.com")
        }
        #expect(try check("bob", email: "bob@example.com") == .accepted)
    }

    @Test(arguments: StoreKind.allCases) static func concurrentChecksOfTheRightCodeAcceptItOnce(
        _ kind: StoreKind
    ) throws {
        try Self(kind).concurrentChecksOfTheRightCodeAcceptItOnce()
    }
    func concurrentChecksOfTheRightCodeAcceptItOnce() throws {
        try store("right", at: referenceTime)
        let other = try database.another()
        defer { other.close() }
        let stores = [store, other]

        let outcomes = runConcurrently(8) { index in
            try? stores[index % 2].checkCode(
                email: "a@example.com", now: referenceTime, maximumAttempts: 5
            ) { $0 == "right" }
        }

        #expect(outcomes.filter { $0 == .accepted }.count == 1)
        #expect(outcomes.filter { $0 == .missing }.count == 7)
    }

    @Test(arguments: StoreKind.allCases)
    static func sendTimesAreListedFromTheGivenMomentOldestFirst(_ kind: StoreKind) throws {
        try Self(kind).sendTimesAreListedFromTheGivenMomentOldestFirst()
    }
    func sendTimesAreListedFromTheGivenMomentOldestFirst() throws {
        let times = [0.0, 30.5, 90, 3000].map { referenceTime.addingTimeInterval($0) }
        for time in times { try store("hash", at: time) }
        try store("hash", at: referenceTime, for: "other@example.com")

        #expect(
            try sendTimes("a@example.com", since: referenceTime.addingTimeInterval(30.5))
                == Array(times.dropFirst()))
        #expect(try sendTimes("a@example.com", since: referenceTime) == times)
        #expect(try sendTimes("new@example.com", since: referenceTime) == [])
    }

    @Test(arguments: StoreKind.allCases)
    static func aRefusedCodeIsNotStoredAndTheRefusalSeesTheSendTimes(_ kind: StoreKind) throws {
        try Self(kind).aRefusedCodeIsNotStoredAndTheRefusalSeesTheSendTimes()
    }
    func aRefusedCodeIsNotStoredAndTheRefusalSeesTheSendTimes() throws {
        try store("first", at: referenceTime)
        let later = referenceTime.addingTimeInterval(30)
        let refusal = try store.storeCode(
            email: "a@example.com", codeHash: "second", sentAt: later,
            expiresAt: later.addingTimeInterval(600), sendTimesSince: referenceTime
        ) { sent in sent == [referenceTime] ? "too soon" : nil }

        #expect(refusal == "too soon")
        #expect(
            try sendTimes("a@example.com", since: .distantPast) == [referenceTime])
        #expect(try check("second") == .rejected)
        #expect(try check("first") == .accepted)
    }

    @Test(arguments: StoreKind.allCases) static func aSendLimitHoldsAcrossStoresOnOneFile(
        _ kind: StoreKind
    ) throws {
        try Self(kind).aSendLimitHoldsAcrossStoresOnOneFile()
    }
    func aSendLimitHoldsAcrossStoresOnOneFile() throws {
        // Two stores on one file stand for two server processes sharing the database.
        let other = try database.another()
        defer { other.close() }
        let stores = [store, other]

        let outcomes = runConcurrently(8) { index in
            try? stores[index % 2].storeCode(
                email: "a@example.com", codeHash: "hash-\(index)", sentAt: referenceTime,
                expiresAt: referenceTime.addingTimeInterval(600), sendTimesSince: .distantPast
            ) { sent in sent.isEmpty ? nil : "limit reached" }
        }

        #expect(outcomes.filter { $0 == nil }.count == 1)
        #expect(outcomes.filter { $0 == "limit reached" }.count == 7)
        #expect(try sendTimes("a@example.com", since: .distantPast).count == 1)
    }

    @Test(arguments: StoreKind.allCases) static func oldSendRecordsArePruned(_ kind: StoreKind)
        throws
    {
        try Self(kind).oldSendRecordsArePruned()
    }
    func oldSendRecordsArePruned() throws {
        try store("hash", at: referenceTime)
        let nextDay = referenceTime.addingTimeInterval(SQLiteStore.authRecordRetention + 1)
        try store("hash", at: nextDay, for: "other@example.com")
        #expect(try sendTimes("a@example.com", since: .distantPast) == [])
    }

    // MARK: Refresh tokens

    private let ttl: TimeInterval = 7 * 86_400

    private func root(_ jti: String = "r0", user: Int64, at time: Date = referenceTime)
        -> RefreshTokenRecord
    {
        RefreshTokenRecord(
            jti: jti, familyID: "family-\(jti)", parentJTI: nil, userID: user, issuedAt: time,
            expiresAt: time.addingTimeInterval(ttl))
    }

    private func rotate(_ jti: String, at now: Date, child: String) throws -> RefreshRotation {
        try store.rotateRefreshToken(jti: jti, now: now, grace: 30) { parent in
            RefreshTokenRecord(
                jti: child, familyID: parent.familyID, parentJTI: parent.jti,
                userID: parent.userID, issuedAt: now, expiresAt: now.addingTimeInterval(ttl))
        }
    }

    private func makeRoot() throws -> RefreshTokenRecord {
        let user = try store.makeUser("a@example.com")
        let record = root(user: user.id)
        try store.insertRefreshToken(record)
        return record
    }

    @Test(arguments: StoreKind.allCases) static func theNewestTokenRotatesToItsChild(
        _ kind: StoreKind
    ) throws {
        try Self(kind).theNewestTokenRotatesToItsChild()
    }
    func theNewestTokenRotatesToItsChild() throws {
        let root = try makeRoot()
        let later = referenceTime.addingTimeInterval(100)

        let outcome = try rotate(root.jti, at: later, child: "r1")

        let expected = RefreshTokenRecord(
            jti: "r1", familyID: root.familyID, parentJTI: root.jti, userID: root.userID,
            issuedAt: later, expiresAt: later.addingTimeInterval(ttl))
        #expect(outcome == .rotated(new: expected))
        #expect(try rotate("r1", at: later.addingTimeInterval(100), child: "r2") != .invalid)
    }

    @Test(arguments: StoreKind.allCases) static func theParentReplayedWithinGraceGetsTheNewest(
        _ kind: StoreKind
    ) throws {
        try Self(kind).theParentReplayedWithinGraceGetsTheNewest()
    }
    func theParentReplayedWithinGraceGetsTheNewest() throws {
        let root = try makeRoot()
        guard case .rotated(let newest) = try rotate(root.jti, at: referenceTime, child: "r1")
        else {
            Issue.record("the root did not rotate")
            return
        }

        #expect(
            try rotate(root.jti, at: referenceTime.addingTimeInterval(30), child: "x")
                == .replayedWithinGrace(newest: newest))
        // The replay changed nothing: the newest still rotates.
        #expect(
            try rotate("r1", at: referenceTime.addingTimeInterval(31), child: "r2")
                != .reuseDetected)
    }

    @Test(arguments: StoreKind.allCases) static func theParentReplayedAfterGraceRevokesTheFamily(
        _ kind: StoreKind
    ) throws {
        try Self(kind).theParentReplayedAfterGraceRevokesTheFamily()
    }
    func theParentReplayedAfterGraceRevokesTheFamily() throws {
        let root = try makeRoot()
        _ = try rotate(root.jti, at: referenceTime, child: "r1")

        #expect(
            try rotate(root.jti, at: referenceTime.addingTimeInterval(30.5), child: "x")
                == .reuseDetected)
        #expect(try rotate("r1", at: referenceTime.addingTimeInterval(31), child: "r2") == .invalid)
    }

    @Test(arguments: StoreKind.allCases)
    static func anOlderGenerationRevokesTheFamilyEvenWithinGrace(_ kind: StoreKind) throws {
        try Self(kind).anOlderGenerationRevokesTheFamilyEvenWithinGrace()
    }
    func anOlderGenerationRevokesTheFamilyEvenWithinGrace() throws {
        let root = try makeRoot()
        _ = try rotate(root.jti, at: referenceTime, child: "r1")
        _ = try rotate("r1", at: referenceTime.addingTimeInterval(1), child: "r2")

        #expect(
            try rotate(root.jti, at: referenceTime.addingTimeInterval(2), child: "x")
                == .reuseDetected)
        #expect(try rotate("r2", at: referenceTime.addingTimeInterval(3), child: "r3") == .invalid)
        #expect(try rotate("r1", at: referenceTime.addingTimeInterval(3), child: "r3") == .invalid)
    }

    @Test(arguments: StoreKind.allCases) static func unknownExpiredAndRevokedTokensAreInvalid(
        _ kind: StoreKind
    ) throws {
        try Self(kind).unknownExpiredAndRevokedTokensAreInvalid()
    }
    func unknownExpiredAndRevokedTokensAreInvalid() throws {
        let root = try makeRoot()
        #expect(try rotate("unknown", at: referenceTime, child: "x") == .invalid)
        #expect(try rotate(root.jti, at: root.expiresAt, child: "x") == .invalid)

        try store.revokeFamily(ofToken: root.jti)
        #expect(try rotate(root.jti, at: referenceTime, child: "x") == .invalid)
        // Revoking again, or an unknown token, changes nothing and does not fail.
        try store.revokeFamily(ofToken: root.jti)
        try store.revokeFamily(ofToken: "unknown")
    }

    @Test(arguments: StoreKind.allCases) static func revokingOneFamilyLeavesOthersAlone(
        _ kind: StoreKind
    ) throws {
        try Self(kind).revokingOneFamilyLeavesOthersAlone()
    }
    func revokingOneFamilyLeavesOthersAlone() throws {
        let user = try store.makeUser("a@example.com")
        try store.insertRefreshToken(root("laptop", user: user.id))
        try store.insertRefreshToken(root("phone", user: user.id))

        try store.revokeFamily(ofToken: "laptop")

        #expect(try rotate("laptop", at: referenceTime, child: "laptop-1") == .invalid)
        #expect(try rotate("phone", at: referenceTime, child: "phone-1") != .invalid)
    }

    @Test(arguments: StoreKind.allCases) static func theChildKeepsItsParentsFamilyAndUser(
        _ kind: StoreKind
    ) throws {
        try Self(kind).theChildKeepsItsParentsFamilyAndUser()
    }
    func theChildKeepsItsParentsFamilyAndUser() throws {
        let root = try makeRoot()
        let outcome = try store.rotateRefreshToken(jti: root.jti, now: referenceTime, grace: 30) {
            _ in
            RefreshTokenRecord(
                jti: "r1", familyID: "elsewhere", parentJTI: nil, userID: 777,
                issuedAt: referenceTime, expiresAt: referenceTime.addingTimeInterval(60))
        }
        guard case .rotated(let child) = outcome else {
            Issue.record("expected a rotation, got \(outcome)")
            return
        }
        #expect(child.familyID == root.familyID)
        #expect(child.userID == root.userID)
        #expect(child.parentJTI == root.jti)
        // Reuse of the root is now detected in the root's family.
        _ = try rotate("r1", at: referenceTime.addingTimeInterval(1), child: "r2")
        #expect(
            try rotate(root.jti, at: referenceTime.addingTimeInterval(2), child: "x")
                == .reuseDetected)
    }

    @Test(arguments: StoreKind.allCases) static func concurrentRotationsOfOneTokenRotateItOnce(
        _ kind: StoreKind
    ) throws {
        try Self(kind).concurrentRotationsOfOneTokenRotateItOnce()
    }
    func concurrentRotationsOfOneTokenRotateItOnce() throws {
        let root = try makeRoot()
        let other = try database.another()
        defer { other.close() }
        let stores = [store, other]
        let ttl = self.ttl

        let outcomes = runConcurrently(8) { index in
            try? stores[index % 2].rotateRefreshToken(jti: root.jti, now: referenceTime, grace: 30)
            { parent in
                RefreshTokenRecord(
                    jti: "child-\(index)", familyID: parent.familyID, parentJTI: parent.jti,
                    userID: parent.userID, issuedAt: referenceTime,
                    expiresAt: referenceTime.addingTimeInterval(ttl))
            }
        }

        let rotated = outcomes.compactMap { outcome -> RefreshTokenRecord? in
            if case .rotated(let new) = outcome { new } else { nil }
        }
        try #require(rotated.count == 1)
        #expect(
            outcomes.filter { $0 == .replayedWithinGrace(newest: rotated[0]) }.count == 7)
    }

    @Test(arguments: StoreKind.allCases) static func expiredFamiliesArePrunedWhenANewOneStarts(
        _ kind: StoreKind
    ) throws {
        try Self(kind).expiredFamiliesArePrunedWhenANewOneStarts()
    }
    func expiredFamiliesArePrunedWhenANewOneStarts() throws {
        let user = try store.makeUser("a@example.com")
        try store.insertRefreshToken(root("old", user: user.id))
        try store.insertRefreshToken(
            root("new", user: user.id, at: referenceTime.addingTimeInterval(ttl)))

        #expect(try database.count("SELECT count(*) FROM refresh_tokens") == 1)
        #expect(try database.count("SELECT count(*) FROM refresh_families") == 1)
    }
}
