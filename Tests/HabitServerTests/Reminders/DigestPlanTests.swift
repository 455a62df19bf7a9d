import Foundation
import HabitCore
import HabitStorage
import Testing

@testable import HabitServer

/// Which digests are due at an instant: pure, with the clock as an argument.
@Suite struct DigestPlanTests {
    private func utc(_ text: String) -> Date {
        RFC3339.date(from: text)!
    }

    private func digest(
        _ time: String, zone: String = "Europe/Berlin", last: String? = nil, owner: Int64 = 7
    ) -> ScheduledDigest {
        ScheduledDigest(
            owner: owner, time: time, timeZone: zone, lastDate: last.flatMap(LocalDate.init),
            habits: [])
    }

    @Test func dueAtItsLocalTimeInTheAccountsZone() {
        // 08:00 in Berlin on 1 December is 07:00 UTC (CET).
        #expect(DigestPlan.due([digest("08:00")], at: utc("2026-12-01T06:59:00Z")).isEmpty)
        let due = DigestPlan.due([digest("08:00")], at: utc("2026-12-01T07:00:00Z"))
        #expect(due.map(\.owner) == [7])
        #expect(due.map(\.date) == [LocalDate("2026-12-01")!])
        #expect(due.map(\.instant) == [utc("2026-12-01T07:00:00Z")])
        #expect(due.map(\.time.description) == ["08:00"])
    }

    /// 2026-03-29: Berlin skips 02:00–03:00; 02:30 fires at 03:00 CEST.
    @Test func aTimeSkippedInSpringFiresAtTheFirstValidInstantAfter() {
        #expect(DigestPlan.due([digest("02:30")], at: utc("2026-03-29T00:59:59Z")).isEmpty)
        let due = DigestPlan.due([digest("02:30")], at: utc("2026-03-29T01:00:00Z"))
        #expect(due.map(\.instant) == [utc("2026-03-29T01:00:00Z")])
        #expect(due.map(\.date) == [LocalDate("2026-03-29")!])
    }

    /// 2026-10-25: Berlin repeats 02:00–03:00; 02:30 fires once, at its first.
    @Test func aTimeRepeatedInAutumnFiresOnce() {
        let first = DigestPlan.due([digest("02:30")], at: utc("2026-10-25T00:30:00Z"))
        #expect(first.map(\.instant) == [utc("2026-10-25T00:30:00Z")])
        // At the repeat (01:30 UTC) nothing, claimed before or not.
        #expect(DigestPlan.due([digest("02:30")], at: utc("2026-10-25T01:30:00Z")).isEmpty)
        #expect(
            DigestPlan.due(
                [digest("02:30", last: "2026-10-25")], at: utc("2026-10-25T01:30:00Z")
            ).isEmpty)
    }

    /// A server down at the time sends within the 30-minute grace (its
    /// window excludes the instant exactly 30 minutes old), not after.
    @Test func graceAfterDowntime() {
        let berlin8 = utc("2026-12-01T07:00:00Z")
        #expect(
            DigestPlan.due([digest("08:00")], at: berlin8.addingTimeInterval(29 * 60)).count == 1)
        #expect(
            DigestPlan.due([digest("08:00")], at: berlin8.addingTimeInterval(30 * 60 - 1)).count
                == 1)
        #expect(DigestPlan.due([digest("08:00")], at: berlin8.addingTimeInterval(30 * 60)).isEmpty)
        // The next day's is due again at its own time.
        #expect(
            DigestPlan.due(
                [digest("08:00", last: "2026-12-01")], at: berlin8.addingTimeInterval(86_400)
            ).count == 1)
        // A shorter grace drops it sooner.
        #expect(
            DigestPlan.due(
                [digest("08:00")], at: berlin8.addingTimeInterval(11 * 60),
                grace: ReminderGrace(seconds: 10 * 60)
            ).isEmpty)
    }

    /// A date already claimed (or an earlier one's after it) is not due again.
    @Test func notSentTwice() {
        let now = utc("2026-12-01T07:10:00Z")
        #expect(DigestPlan.due([digest("08:00", last: "2026-12-01")], at: now).isEmpty)
        #expect(DigestPlan.due([digest("08:00", last: "2026-11-30")], at: now).count == 1)
    }

    @Test func eachUserInTheirOwnZoneAndBadTimesAreSkipped() {
        let now = utc("2026-12-01T07:00:00Z")
        let due = DigestPlan.due(
            [
                digest("08:00", owner: 1), digest("07:00", zone: "UTC", owner: 2),
                digest("08:00", zone: "UTC", owner: 3), digest("8:00", owner: 4),
            ], at: now)
        #expect(due.map(\.owner) == [1, 2])
    }
}
