import Testing

@testable import HabitStorage

/// The order of a new access token's checks, which both stores apply to
/// what they read under the owner's lock.
@Suite struct AccessTokenCheckTests {
    private func refusal(
        _ name: String = "new", habitOwned: Bool? = nil, live: [String] = [], maximum: Int = 2
    ) -> AccessTokenCreation? {
        AccessTokenCheck.refusal(
            name: name, habitOwned: habitOwned, liveNames: live, maximum: maximum)
    }

    @Test func aFreeNameWithRoomIsStored() {
        #expect(refusal() == nil)
        #expect(refusal(habitOwned: true, live: ["old"]) == nil)
    }

    @Test func aHabitNotTheOwnersIsRefusedFirst() {
        #expect(refusal(habitOwned: false) == .habitNotFound)
        #expect(refusal("old", habitOwned: false, live: ["old", "other"]) == .habitNotFound)
    }

    @Test func aLiveTokensNameIsTakenEvenAtTheLimit() {
        #expect(refusal("old", live: ["old"]) == .nameTaken)
        #expect(refusal("old", live: ["old", "other"]) == .nameTaken)
    }

    @Test func theLimitCountsEveryLiveToken() {
        #expect(refusal(live: ["a"]) == nil)
        #expect(refusal(live: ["a", "b"]) == .limitReached(maximum: 2))
        #expect(refusal(live: ["a", "b", "c"]) == .limitReached(maximum: 2))
    }
}
