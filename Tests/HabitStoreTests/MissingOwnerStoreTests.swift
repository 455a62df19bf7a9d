import Foundation
import HabitCore
import Testing

@testable import HabitStorage

/// A write for an account the database does not hold (reset under the
/// same signing secret) fails alike on both stores, so the server answers
/// it alike (401, the token's fault).
@Suite struct MissingOwnerStoreTests {
    @Test(arguments: StoreKind.allCases)
    func aNewHabitOfAMissingOwnerSaysSoOnEitherStore(kind: StoreKind) throws {
        let database = try kind.open()
        let store = database.store
        let owner = try store.makeUser("ann@example.com").id
        let missing = owner + 100
        let error = #expect(throws: StoreError.self) {
            try store.createVersionedHabit(
                fields(), owner: missing, now: referenceTime, idempotency: nil)
        }
        #expect(error == .ownerMissing(owner: missing))
        #expect(try store.habits(owner: owner, status: .all).isEmpty)
    }
}
