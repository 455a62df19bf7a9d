import Foundation
import HabitCore
import HabitStorage

/// Which users' daily digests are due at an instant, and what each lists.
///
/// A digest's instant on a local date follows `ReminderSchedule` (a time in
/// the spring-forward gap fires at the first valid instant after it; a time
/// repeated in autumn fires once), and it is sent only while within the
/// grace window, never for a date at or before the last one claimed. The
/// date a digest is for is the account's at its instant (rule 7): a digest
/// at 01:30 with days starting at 03:00 is for the previous date.
package enum DigestPlan {
    /// A digest to claim: the owner's date (day boundary applied) and its instant.
    package struct Due: Hashable, Sendable {
        package var owner: Int64
        package var date: LocalDate
        package var instant: Date
        package var time: ReminderTime
        package var timeZone: String
    }

    /// The digests of `scheduled` whose instant is in `grace`'s window at
    /// `now` and whose date is after the last one claimed, oldest first per owner.
    package static func due(
        _ scheduled: [ScheduledDigest], at now: Date, grace: ReminderGrace = .default
    ) -> [Due] {
        let window = grace.window(at: now)
        var zones: [String: TimeZone] = [:]
        var result: [Due] = []
        for digest in scheduled {
            guard let time = ReminderTime(digest.time) else { continue }
            let zone =
                zones[digest.timeZone] ?? TimeZone(identifier: digest.timeZone)
                ?? TimeZone(identifier: "UTC")!
            zones[digest.timeZone] = zone
            for occurrence in ReminderSchedule.occurrences(of: time, in: zone, within: window) {
                let date = digest.dayStartsAt.date(at: occurrence.instant, in: zone)
                if let last = digest.lastDate, date <= last { continue }
                result.append(
                    Due(
                        owner: digest.owner, date: date, instant: occurrence.instant,
                        time: time, timeZone: digest.timeZone))
            }
        }
        return result
    }

    /// The habits a digest on `date` lists: those `ReminderDue` finds due
    /// there, in the order given. Empty means nothing is sent.
    package static func pending(_ histories: [HabitHistory], on date: LocalDate) -> [Habit] {
        histories.filter { ReminderDue.isDue($0, on: date) }.map(\.habit)
    }

    /// The at-most habits a digest on `date` lists as over their limit:
    /// those whose period holding `date` is failed on a planned day (rule 3:
    /// failed as soon as the value is over the target), with that period's
    /// completion, in the order given. An at-most habit within its limit is
    /// never listed: there is nothing to do.
    package static func overLimit(_ histories: [HabitHistory], on date: LocalDate)
        -> [(habit: Habit, completion: CompletionData)]
    {
        histories.filter {
            $0.habit.status == .active && $0.habit.goal == .atMost
                && $0.calendarState(of: date, today: date) == .failed
        }.map { ($0.habit, $0.completion(on: date, today: date)) }
    }
}
