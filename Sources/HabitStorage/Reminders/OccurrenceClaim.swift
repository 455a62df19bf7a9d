import Foundation
import HabitCore

/// The set-based claim of a run's due reminder occurrences: what a runner
/// gives the store (`Slot`) and what it answers (`Outcome`). An occurrence
/// is claimed at most once per (habit, instant) across every process on the
/// database.
public enum OccurrenceClaim {}

extension OccurrenceClaim {
    /// One local time of day that is due in one time zone at a run: the
    /// reminders at `time` of the accounts in `zone` have an occurrence on
    /// `date` at `instant`. A runner works these out per zone (daylight-saving
    /// and grace rules included) so that the store can find the due
    /// occurrences with set-based statements instead of reminder by reminder.
    public struct Slot: Hashable, Sendable {
        /// An IANA identifier as accounts store it (`UTC` for none).
        public var zone: String
        public var date: LocalDate
        /// `HH:MM`, as reminders store it.
        public var time: String
        /// The UTC instant, whole seconds.
        public var instant: Int64

        public init(zone: String, date: LocalDate, time: String, instant: Int64) {
            self.zone = zone
            self.date = date
            self.time = time
            self.instant = instant
        }

        /// The action-days bit of `date` (Monday 1, … Sunday 64).
        public var weekdayBit: Int { 1 << (date.weekday.rawValue - 1) }
    }

    /// What one set-based claim did.
    public struct Outcome: Hashable, Sendable {
        /// Occurrences of active habits in the slots not claimed before (due or not).
        public var considered: Int
        /// Occurrences this call claimed (their deliveries are queued later,
        /// by `claimDeliveries`).
        public var claimed: Int

        public init(considered: Int, claimed: Int) {
            self.considered = considered
            self.claimed = claimed
        }
    }
}
