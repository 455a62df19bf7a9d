import Testing

@testable import HabitServer

@Suite struct DeliveryLanesTests {
    private func target(_ host: String, _ port: Int = 443) -> DeliveryLanes.Target {
        DeliveryLanes.Target(host: host, authority: "\(host):\(port)")
    }

    @Test func startsInClaimOrderWhileThePoolHasRoom() {
        var lanes = DeliveryLanes(
            [target("a"), target("b"), target("c")], width: 2, perTarget: 2)
        #expect(lanes.next() == .start(0))
        #expect(lanes.next() == .start(1))
        #expect(lanes.next() == .wait)
        lanes.finished(target("b"), answered: true)
        #expect(lanes.next() == .start(2))
        #expect(lanes.next() == .wait)
        lanes.finished(target("a"), answered: true)
        lanes.finished(target("c"), answered: true)
        #expect(lanes.next() == .done)
    }

    /// A target with many deliveries takes two places; the others go past it.
    @Test func oneTargetHasAtMostPerTargetSendsUnderWay() {
        let busy = target("busy")
        var lanes = DeliveryLanes(
            [busy, busy, busy, busy, target("other")], width: 8, perTarget: 2)
        #expect(lanes.next() == .start(0))
        #expect(lanes.next() == .start(1))
        #expect(lanes.next() == .start(4))
        #expect(lanes.next() == .wait)
        lanes.finished(busy, answered: true)
        #expect(lanes.next() == .start(2))
        #expect(lanes.next() == .wait)
        // Another port of the host is another target.
        var ports = DeliveryLanes(
            [target("h", 1), target("h", 1), target("h", 2)], width: 8, perTarget: 1)
        #expect(ports.next() == .start(0))
        #expect(ports.next() == .start(2))
        #expect(ports.next() == .wait)
    }

    /// A host that gave no answer is not tried again in the run, on any
    /// port; its waiting deliveries are skipped before anything starts.
    @Test func aHostThatDidNotAnswerIsSkippedForTheRestOfTheRun() {
        let slow = target("slow")
        var lanes = DeliveryLanes(
            [slow, slow, slow, target("slow", 8443), target("fine")], width: 8, perTarget: 2)
        #expect(lanes.next() == .start(0))
        #expect(lanes.next() == .start(1))
        #expect(lanes.next() == .start(3))
        #expect(lanes.next() == .start(4))
        lanes.finished(slow, answered: false)
        #expect(lanes.next() == .skip(2))
        #expect(lanes.next() == .wait)
        #expect(lanes.stalledHosts == ["slow"])
        // An answer, even an error status, stalls nothing.
        lanes.finished(target("fine"), answered: true)
        #expect(lanes.stalledHosts == ["slow"])

        // The run's next batch starts from the stalled hosts.
        var next = DeliveryLanes(
            [target("fine"), slow], width: 8, perTarget: 2, stalledHosts: lanes.stalledHosts)
        #expect(next.next() == .skip(1))
        #expect(next.next() == .start(0))
    }

    @Test func mailIsOneLaneThatNeverStalls() {
        let mail = DeliveryLanes.Target(host: "", authority: "mail")
        var lanes = DeliveryLanes([mail, mail, mail], width: 8, perTarget: 2)
        #expect(lanes.next() == .start(0))
        #expect(lanes.next() == .start(1))
        #expect(lanes.next() == .wait)
        lanes.finished(mail, answered: false)
        #expect(lanes.next() == .start(2))
        #expect(lanes.stalledHosts.isEmpty)
    }
}
