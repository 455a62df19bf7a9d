import Testing

@testable import HabitStorage

/// The order of the checks of a reminder's, a channel's or a webhook's
/// addition, which both stores apply to what they read under the owner's
/// lock.
@Suite struct AdditionDecisionTests {
    private func decide(owned: Bool = true, same: String? = nil, count: Int = 0, maximum: Int = 3)
        -> String
    {
        switch AdditionDecision<String>.decide(
            owned: owned, same: same, count: count, maximum: maximum)
        {
        case .insert: "insert"
        case .answer(.added(let value)): "added \(value)"
        case .answer(.notFound): "not found"
        case .answer(.limitReached(let maximum)): "limit \(maximum)"
        }
    }

    @Test func aTargetNotTheOwnersIsNotFoundBeforeAnythingElse() {
        #expect(decide(owned: false) == "not found")
        #expect(decide(owned: false, same: "copy", count: 3) == "not found")
    }

    @Test func theSameThingStoredAlreadyIsAnsweredEvenAtTheLimit() {
        #expect(decide(same: "copy") == "added copy")
        #expect(decide(same: "copy", count: 3) == "added copy")
        #expect(decide(same: "copy", count: 9) == "added copy")
    }

    @Test func theLimitRefusesOnlyAtTheMaximum() {
        #expect(decide(count: 0) == "insert")
        #expect(decide(count: 2) == "insert")
        #expect(decide(count: 3) == "limit 3")
        #expect(decide(count: 4) == "limit 3")
    }

    @Test func onlyAnOwnerWithoutChannelsGetsTheDefaultOne() {
        #expect(ReminderLimits.addsDefaultChannel(channelCount: 0))
        #expect(!ReminderLimits.addsDefaultChannel(channelCount: 1))
        #expect(!ReminderLimits.addsDefaultChannel(channelCount: ReminderLimits.channelsPerUser))
    }

    @Test func eachCountBindsItsOwnStatementAndID() {
        func statement(_ counted: AdditionCount) -> String {
            let (sql, id) = counted.statement(reminders: "r", channels: "c", webhooks: "w")
            return "\(sql) \(id)"
        }
        #expect(statement(.reminders(habitID: 4)) == "r 4")
        #expect(statement(.channels(owner: 5)) == "c 5")
        #expect(statement(.webhooks(owner: 6)) == "w 6")
    }
}
