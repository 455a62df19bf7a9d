import Foundation

/// One event on its way to one target (a channel or a webhook endpoint):
/// the outbox row the runner claims, sends, and retries with backoff.
package struct Delivery: Hashable, Sendable {
    package enum State: String, Hashable, Sendable {
        /// Waiting for its next attempt (`nextAttemptAt`).
        case pending
        /// The target accepted it.
        case delivered
        /// Retried for as long as its target's bound allows; given up.
        case failed
    }

    /// Where a claimed delivery goes, read with the claim so that sending
    /// needs no further read.
    package enum Target: Hashable, Sendable {
        case mail(channelID: Int64, address: String)
        case ntfy(channelID: Int64, url: String)
        case webhook(webhookID: Int64, url: String, secret: String)
    }

    package var id: Int64
    /// Unique per target; the id a webhook receiver deduplicates by.
    package var eventID: String
    package var event: String
    /// The JSON body (for mail and ntfy, what the message is made from);
    /// for a `reminder.due` queued by `claimDueOccurrences`, the lines it
    /// is built from when sent (`dueLines`).
    package var payload: String
    package var attempts: Int
    package var state: State
    package var createdAt: Date
    package var nextAttemptAt: Date
    package var lastAttemptAt: Date?
    package var lastError: String?
    /// Set on claimed deliveries only.
    package var target: Target?

    package init(
        id: Int64, eventID: String, event: String, payload: String, attempts: Int, state: State,
        createdAt: Date, nextAttemptAt: Date, lastAttemptAt: Date?, lastError: String?,
        target: Target? = nil
    ) {
        self.id = id
        self.eventID = eventID
        self.event = event
        self.payload = payload
        self.attempts = attempts
        self.state = state
        self.createdAt = createdAt
        self.nextAttemptAt = nextAttemptAt
        self.lastAttemptAt = lastAttemptAt
        self.lastError = lastError
        self.target = target
    }
}

extension Delivery {
    /// What a `reminder.due` event is built from, as `claimDueOccurrences`
    /// queues it: lines `due`, habit id, instant, local date, time, zone,
    /// and the habit's name (the rest of the text, so any name reads back).
    package struct DueLines: Hashable, Sendable {
        package var habitID: Int64
        package var instant: Int64
        package var date: String
        package var time: String
        package var timeZone: String
        package var habitName: String
    }

    /// The payload's `DueLines`; `nil` for a payload that is the event's JSON.
    package var dueLines: DueLines? {
        guard payload.hasPrefix("due\n") else { return nil }
        let lines = payload.split(
            separator: "\n", maxSplits: 6, omittingEmptySubsequences: false)
        guard lines.count == 7, let habitID = Int64(lines[1]), let instant = Int64(lines[2])
        else { return nil }
        return DueLines(
            habitID: habitID, instant: instant, date: String(lines[3]), time: String(lines[4]),
            timeZone: String(lines[5]), habitName: String(lines[6]))
    }
}
