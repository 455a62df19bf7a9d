import HabitCore

/// The set-based claim of a run's due reminder occurrences: what a runner
/// gives the store (`Slot`) and what it answers (`Outcome`). An occurrence
/// is claimed at most once per (habit, instant) across every process on the
/// database.
package enum OccurrenceClaim {}

extension OccurrenceClaim {
    /// A time zone and a day boundary that accounts with reminders keep:
    /// a runner works slots out for each pair, since both decide the date
    /// an occurrence is for.
    package struct Zone: Hashable, Sendable {
        /// An IANA identifier as accounts store it (`UTC` for none).
        package var identifier: String
        /// The accounts' `day_starts_at` (00:00 for none).
        package var dayStartsAt: DayBoundary

        package init(_ identifier: String, dayStartsAt: DayBoundary = .midnight) {
            self.identifier = identifier
            self.dayStartsAt = dayStartsAt
        }
    }

    /// One local time of day that is due in one time zone at a run: the
    /// reminders at `time` of the accounts in `zone` whose day starts at
    /// `dayStartsAt` have an occurrence for `date` at `instant`. A runner
    /// works these out per zone and boundary (daylight-saving and grace
    /// rules included) so that the store can find the due occurrences with
    /// set-based statements instead of reminder by reminder.
    package struct Slot: Hashable, Sendable {
        /// An IANA identifier as accounts store it (`UTC` for none).
        package var zone: String
        /// The account's date at `instant` (rule 7): the local date, or the
        /// one before while the time is before `dayStartsAt`. The day the
        /// habit is judged for, and the date the occurrence keeps.
        package var date: LocalDate
        /// `HH:MM`, as reminders store it.
        package var time: String
        /// The UTC instant, whole seconds.
        package var instant: Int64
        /// The day boundary of the accounts the slot is for.
        package var dayStartsAt: DayBoundary

        package init(
            zone: String, date: LocalDate, time: String, instant: Int64,
            dayStartsAt: DayBoundary = .midnight
        ) {
            self.zone = zone
            self.date = date
            self.time = time
            self.instant = instant
            self.dayStartsAt = dayStartsAt
        }

        /// The action-days bit of `date` (Monday 1, … Sunday 64).
        package var weekdayBit: Int { 1 << (date.weekday.rawValue - 1) }
    }

    /// What one set-based claim did.
    package struct Outcome: Hashable, Sendable {
        /// Occurrences of active habits in the slots not claimed before (due or not).
        package var considered: Int
        /// Occurrences this call claimed (their deliveries are queued later,
        /// by `claimDeliveries`).
        package var claimed: Int

        package init(considered: Int, claimed: Int) {
            self.considered = considered
            self.claimed = claimed
        }
    }
}

extension OccurrenceClaim {
    /// An occurrence's state, as an SQL expression both stores' claims run
    /// (the same text in SQLite and PostgreSQL): 2 when the habit is not
    /// planned that day (before its start, or not an action day) or is a
    /// limit (an at-most habit is never nagged), 1 when it is due for sure
    /// (no entry in its period: the day, or the ISO week of a weekly
    /// habit), 0 when its entries must be weighed (`HabitHistory`'s rules,
    /// in Swift): always for a monthly or every-N-days habit, whose period
    /// SQL would have to work out in each store's own date arithmetic. It
    /// reads `h` (the habit), `s` (the slot, with its `date`, weekday
    /// `bit`, and week's `monday` and `sunday`) and the `progress` table.
    package static let stateSQL = """
        CASE WHEN h.start_date > s.date OR (h.action_days & s.bit) = 0 THEN 2
            WHEN h.goal = 'AT_MOST' THEN 2
            WHEN h.frequency NOT IN ('DAILY', 'WEEKLY') THEN 0
            WHEN NOT EXISTS (
                SELECT 1 FROM progress p WHERE p.habit_id = h.id AND p.date
                    BETWEEN (CASE h.frequency WHEN 'DAILY' THEN s.date ELSE s.monday END)
                    AND (CASE h.frequency WHEN 'DAILY' THEN s.date ELSE s.sunday END)
            ) THEN 1
            ELSE 0 END
        """
}
