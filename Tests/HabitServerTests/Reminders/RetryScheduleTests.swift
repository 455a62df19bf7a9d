import Foundation
import Testing

@testable import HabitServer

@Suite struct RetryScheduleTests {
    @Test func delaysDoubleWithinTheirJitterBandUpToTheCap() {
        let schedule = RetrySchedule(base: 30, cap: 600, maximumAge: 86_400)
        for failures in 1...12 {
            let full = min(600, 30 * pow(2, Double(failures - 1)))
            #expect(schedule.delay(afterFailures: failures, jitter: 0) == full / 2)
            #expect(schedule.delay(afterFailures: failures, jitter: 1) == full)
            let middle = schedule.delay(afterFailures: failures, jitter: 0.5)
            #expect(middle > full / 2 && middle < full)
        }
    }

    @Test func webhooksAreRetriedForAboutADayAndThenGivenUp() {
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        for jitter in [0.0, 0.5, 1.0] {
            var now = created
            var failures = 0
            while let next = RetrySchedule.webhook.nextAttempt(
                created: created, failures: failures + 1, now: now, jitter: jitter)
            {
                failures += 1
                now = next
                #expect(failures < 300)
            }
            let age = now.timeIntervalSince(created)
            #expect(age <= 24 * 3600)
            // The last attempt came within one capped delay of the bound.
            #expect(age > 24 * 3600 - RetrySchedule.webhook.cap)
        }
    }

    /// What RemindersAndWebhooks.md promises: at most 15 minutes between
    /// two attempts, for webhooks as for channels.
    @Test func noTwoAttemptsAreMoreThanFifteenMinutesApart() {
        for schedule in [RetrySchedule.webhook, .channel] {
            let fifteenMinutes: TimeInterval = 15 * 60
            #expect(schedule.cap == fifteenMinutes)
            let longest = (1...300).map { schedule.delay(afterFailures: $0, jitter: 1) }.max()
            #expect(longest == fifteenMinutes)
        }
    }

    @Test func channelsGiveUpAfterAnHour() {
        let created = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(
            RetrySchedule.channel.nextAttempt(
                created: created, failures: 3, now: created.addingTimeInterval(3_500), jitter: 1)
                == nil)
        #expect(
            RetrySchedule.channel.nextAttempt(
                created: created, failures: 1, now: created, jitter: 1)
                == created.addingTimeInterval(30))
    }
}
