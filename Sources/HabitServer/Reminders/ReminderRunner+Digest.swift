import Foundation
import HabitCore
import HabitStorage

extension ReminderRunner {
    /// Claims the daily digests due at `now` (`DigestPlan`), each with a
    /// `digest.due` payload listing the habits still pending and those over
    /// their limit, or with none when there are neither (the day is
    /// claimed, nothing is sent); returns how many this process claimed
    /// with something to send. The deliveries go out with the reminders'
    /// on this tick or the next.
    func claimDigests(at now: Date) throws(StoreError) -> Int {
        let scheduled = try digests.scheduledDigests()
        let due = DigestPlan.due(scheduled, at: now, grace: grace)
        guard !due.isEmpty else { return 0 }
        let habits = Dictionary(
            scheduled.map { ($0.owner, $0.habits) }, uniquingKeysWith: { first, _ in first })
        let dates = due.map(\.date)
        guard let earliest = dates.min(), let latest = dates.max() else { return 0 }
        let listed = due.flatMap { habits[$0.owner] ?? [] }
        // A period's state needs the whole period: a week, a month, N days.
        let entries = try store.entries(
            habitIDs: Array(Set(listed.map(\.id))),
            from: OverviewWindow(date: earliest, today: earliest).from(for: listed),
            to: OverviewWindow(date: latest, today: latest).through(for: listed))
        var sent = 0
        for digest in due {
            let histories = (habits[digest.owner] ?? []).map {
                HabitHistory(habit: $0, entries: entries[$0.id] ?? [])
            }
            let pending = DigestPlan.pending(histories, on: digest.date)
            let over = DigestPlan.overLimit(histories, on: digest.date)
            var claim = DigestClaim(owner: digest.owner, date: digest.date, payload: nil)
            if !pending.isEmpty || !over.isEmpty {
                claim.payload =
                    WebhookEvent(
                        id: claim.eventID, type: "digest.due", created: digest.instant,
                        data: DigestDueData(
                            date: digest.date.description, time: digest.time.description,
                            timeZone: digest.timeZone,
                            habits: pending.map { .init(habitID: $0.id, habitName: $0.name) },
                            overLimit: over.isEmpty
                                ? nil
                                : over.map {
                                    .init(
                                        habitID: $0.habit.id, habitName: $0.habit.name,
                                        current: "\($0.completion.current)",
                                        target: "\($0.completion.target)",
                                        unit: $0.habit.measurementType)
                                })
                    ).json
            }
            if try digests.claimDigest(claim, now: now), claim.payload != nil { sent += 1 }
        }
        return sent
    }
}
