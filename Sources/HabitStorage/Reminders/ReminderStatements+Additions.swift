import Foundation

/// The bounded additions of `ReminderRepository`, written once for both
/// stores.
///
/// Each runs in one write transaction with the owner locked first
/// (`lockOwner`), so two additions of one user take turns, in one process
/// or several, and the limit holds; `AdditionDecision` decides from what
/// was read.
extension ReminderStatements {
    package func addReminder(
        habitID: Int64, owner: Int64, time: String, channelID: Int64?, webhookID: Int64?,
        now: Date
    ) throws(StoreError) -> Addition<Reminder> {
        try writeTransaction { connection throws(StoreError) -> Addition<Reminder> in
            try Self.lockOwner(connection, owner: owner)
            let owned = try Self.remindersTargetsOwned(
                connection, habitID: habitID, owner: owner, channelID: channelID,
                webhookID: webhookID)
            // Read even when not owned: a refusal is rare, and one
            // decision keeps the order of the checks.
            let decision = AdditionDecision.decide(
                owned: owned,
                same: try Self.sameReminder(
                    connection, habitID: habitID, time: time, channelID: channelID,
                    webhookID: webhookID),
                count: try Self.count(connection, .reminders(habitID: habitID)),
                maximum: ReminderLimits.remindersPerHabit)
            if case .answer(let answer) = decision { return answer }
            if ReminderLimits.addsDefaultChannel(
                channelCount: try Self.count(connection, .channels(owner: owner)))
            {
                _ = try Self.insertChannel(
                    connection, .new(kind: .mail, url: nil, at: now), owner: owner)
            }
            var reminder = Reminder(
                id: 0, habitID: habitID, time: time, channelID: channelID, webhookID: webhookID,
                createdAt: now)
            reminder.id = try Self.insertReminder(connection, reminder, owner: owner)
            return .added(reminder)
        }
    }

    package func addChannel(kind: ReminderChannel.Kind, url: String?, owner: Int64, now: Date)
        throws(StoreError) -> Addition<ReminderChannel>
    {
        try writeTransaction { connection throws(StoreError) -> Addition<ReminderChannel> in
            try Self.lockOwner(connection, owner: owner)
            let decision = AdditionDecision.decide(
                owned: true,
                same: try Self.sameChannel(connection, owner: owner, kind: kind, url: url),
                count: try Self.count(connection, .channels(owner: owner)),
                maximum: ReminderLimits.channelsPerUser)
            if case .answer(let answer) = decision { return answer }
            var channel = ReminderChannel.new(kind: kind, url: url, at: now)
            channel.id = try Self.insertChannel(connection, channel, owner: owner)
            return .added(channel)
        }
    }

    package func addWebhook(
        url: String, events: [String], secret: String, owner: Int64, now: Date
    ) throws(StoreError) -> Addition<WebhookEndpoint> {
        try writeTransaction { connection throws(StoreError) -> Addition<WebhookEndpoint> in
            try Self.lockOwner(connection, owner: owner)
            let decision = AdditionDecision<WebhookEndpoint>.decide(
                owned: true, same: nil, count: try Self.count(connection, .webhooks(owner: owner)),
                maximum: ReminderLimits.webhooksPerUser)
            if case .answer(let answer) = decision { return answer }
            var webhook = WebhookEndpoint(
                id: 0, url: url, events: events, secret: secret, lastError: nil,
                lastErrorAt: nil, createdAt: now)
            webhook.id = try Self.insertWebhook(connection, webhook, owner: owner)
            return .added(webhook)
        }
    }

    /// Whether the habit and the targets the reminder names are all the
    /// owner's; stops at the first that is not.
    private static func remindersTargetsOwned(
        _ connection: Connection, habitID: Int64, owner: Int64, channelID: Int64?,
        webhookID: Int64?
    ) throws(StoreError) -> Bool {
        guard try owns(connection, habitID: habitID, owner: owner) else { return false }
        if let channelID, try !ownsChannel(connection, id: channelID, owner: owner) {
            return false
        }
        if let webhookID, try !ownsWebhook(connection, id: webhookID, owner: owner) {
            return false
        }
        return true
    }
}

extension ReminderChannel {
    /// A channel not stored yet (id 0), with no error.
    fileprivate static func new(kind: Kind, url: String?, at now: Date) -> Self {
        ReminderChannel(
            id: 0, kind: kind, url: url, lastError: nil, lastErrorAt: nil, createdAt: now)
    }
}
