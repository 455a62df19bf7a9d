import Foundation
import HabitCore
import HabitStorage

/// Which users' daily digests are due at an instant, and what each lists.
///
/// A digest's instant on a local date follows `ReminderSchedule` (a time in
/// the spring-forward gap fires at the first valid instant after it; a time
/// repeated in autumn fires once), and it is sent only while within the
/// grace window, never for a date at or before the last one claimed.
package enum DigestPlan {
    /// A digest to claim: the owner's local date and its instant.
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
                if let last = digest.lastDate, occurrence.date <= last { continue }
                result.append(
                    Due(
                        owner: digest.owner, date: occurrence.date, instant: occurrence.instant,
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
}
