import Foundation
import HabitCore

/// Reminders, channels, webhook endpoints and the delivery outbox.
///
/// The user-facing methods are scoped to one owner, as `HabitRepository`'s
/// are: another owner's rows behave as missing. The runner's methods work
/// across owners and make the exactly-once decisions in the database, so
/// several server processes on one PostgreSQL never send one occurrence twice.
package protocol ReminderRepository: Sendable {
    /// The habit's reminders, by time; `nil` when the habit is not the owner's.
    func reminders(habitID: Int64, owner: Int64) throws(StoreError) -> [Reminder]?

    /// Every reminder of the owner, by habit and time.
    func reminders(owner: Int64) throws(StoreError) -> [Reminder]

    /// Adds a reminder time; the same time twice on one habit is one reminder
    /// (the existing one is answered). When the owner has no channel yet, a
    /// mail channel is made with it, so a first reminder reaches them.
    /// `.notFound` when the habit, channel or webhook is not the owner's.
    func addReminder(
        habitID: Int64, owner: Int64, time: String, channelID: Int64?, webhookID: Int64?,
        now: Date
    ) throws(StoreError) -> Addition<Reminder>

    /// Removes one reminder of the owner's habit; whether it was there.
    func deleteReminder(id: Int64, habitID: Int64, owner: Int64) throws(StoreError) -> Bool

    func channels(owner: Int64) throws(StoreError) -> [ReminderChannel]

    /// Adds a channel (an ntfy URL already added is answered as it is).
    func addChannel(kind: ReminderChannel.Kind, url: String?, owner: Int64, now: Date)
        throws(StoreError) -> Addition<ReminderChannel>

    /// Removes a channel and the reminders sent only through it.
    func deleteChannel(id: Int64, owner: Int64) throws(StoreError) -> Bool

    func webhooks(owner: Int64) throws(StoreError) -> [WebhookEndpoint]

    func addWebhook(url: String, events: [String], secret: String, owner: Int64, now: Date)
        throws(StoreError) -> Addition<WebhookEndpoint>

    /// Removes an endpoint with its deliveries and the reminders sent only through it.
    func deleteWebhook(id: Int64, owner: Int64) throws(StoreError) -> Bool

    /// The endpoint's latest deliveries, newest first (at most
    /// `ReminderLimits.deliveriesListed`); `nil` when it is not the owner's.
    func deliveries(webhookID: Int64, owner: Int64) throws(StoreError) -> [Delivery]?

    /// Queues `payload` for each of the owner's endpoints that asked for
    /// `event`, under `eventID`; returns how many. Cheap when there are none.
    func enqueueEvent(owner: Int64, event: String, eventID: String, payload: String, now: Date)
        throws(StoreError) -> Int

    // MARK: The runner

    /// Entries of any owners' habits from `from` through `to`, by habit id: the
    /// daily digest's histories.
    func entries(habitIDs: [Int64], from: LocalDate, to: LocalDate) throws(StoreError)
        -> [Int64: [ProgressEntry]]

    /// The time zones of the accounts that have reminders (`UTC` for an
    /// account without one), each with a day boundary they keep (00:00 for
    /// none), each pair once: what a runner works slots out for.
    func reminderZones() throws(StoreError) -> [OccurrenceClaim.Zone]

    /// Claims, in one transaction and with set-based statements, every due
    /// occurrence in `slots`: the reminders at a slot's time of active
    /// habits of accounts in its zone, not claimed before (one per habit and
    /// instant, the reminder with the lowest id), whose day is due. The
    /// store decides in SQL the days it can decide exactly (not a planned
    /// day, or an at-most habit's: not due; a planned day with no entry in
    /// its period, the day for a daily habit, the ISO week for a weekly one:
    /// due) and asks `isDue`, with the habit's entries of the period holding
    /// the slot's date (`UndecidedOccurrences`), about the others only.
    /// A claimed occurrence keeps its reminder's targets and its local day,
    /// time and zone, and waits for `claimDeliveries` to turn it into
    /// deliveries: a burst of due reminders costs one row each here, and
    /// the fan-out to every target is spread over the runs that send them.
    func claimDueOccurrences(
        in slots: [OccurrenceClaim.Slot], now: Date,
        isDue: (HabitHistory, LocalDate) -> Bool
    ) throws(StoreError) -> OccurrenceClaim.Outcome

    /// Takes up to `limit` pending deliveries whose attempt is due, for
    /// `lease` seconds: their next attempt moves to `now + lease` and their
    /// attempt count up by one in the claiming transaction, so no other
    /// process takes them meanwhile, and a process that dies mid-send leaves
    /// them to be tried again after the lease. First, in the same
    /// transaction, up to `limit` claimed occurrences not yet queued (the
    /// oldest claims first) become their deliveries, with the `reminder.due`
    /// event as their payload: to the reminder's channel or webhook, or,
    /// naming neither, to every channel of the owner and every webhook
    /// asking for `reminder.due`. Processes running at once queue
    /// different occurrences.
    func claimDeliveries(now: Date, limit: Int, lease: TimeInterval) throws(StoreError)
        -> [Delivery]

    /// Records an attempt's outcome on the delivery and on its target's last error.
    func finishDelivery(id: Int64, outcome: DeliveryOutcome, now: Date) throws(StoreError)

    /// Forgets occurrence claims and finished deliveries older than `before`.
    func purgeReminderRecords(before: Date) throws(StoreError)
}
