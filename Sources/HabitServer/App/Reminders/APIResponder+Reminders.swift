import Foundation
import HabitAPI
import HabitCore
import HabitHTTP
import HabitStorage

/// The reminder, channel and webhook routes.
extension APIResponder {
    /// `GET /api/me/reminders/`: every reminder of the account.
    func listAllReminders(owner: Int64) throws(APIError) -> HTTPResponse {
        let reminders = try stored { () throws(StoreError) in try store.reminders(owner: owner) }
        return JSONBody.response(status: 200, DataList(data: reminders.map(ReminderBody.init)))
    }

    /// `DELETE /api/me/channels/{id}/`: 204, or 404 for no channel of the owner's.
    func deleteChannel(owner: Int64, id: Int64) throws(APIError) -> HTTPResponse {
        let deleted = try stored { () throws(StoreError) in
            try store.deleteChannel(id: id, owner: owner)
        }
        guard deleted else { throw .channelNotFound }
        return JSONBody.noContent
    }

    /// `DELETE /api/me/webhooks/{id}/`: 204, or 404 for no webhook of the owner's.
    func deleteWebhook(owner: Int64, id: Int64) throws(APIError) -> HTTPResponse {
        let deleted = try stored { () throws(StoreError) in
            try store.deleteWebhook(id: id, owner: owner)
        }
        guard deleted else { throw .webhookNotFound }
        return JSONBody.noContent
    }

    /// `GET /api/me/webhooks/{id}/deliveries/`: the webhook's recent deliveries.
    func listDeliveries(owner: Int64, webhookID: Int64) throws(APIError) -> HTTPResponse {
        let deliveries = try stored { () throws(StoreError) in
            try store.deliveries(webhookID: webhookID, owner: owner)
        }
        guard let deliveries else { throw .webhookNotFound }
        return JSONBody.response(status: 200, DataList(data: deliveries.map(DeliveryBody.init)))
    }

    /// `GET /api/me/habits/{id}/reminders/`.
    func listReminders(owner: Int64, habitID: Int64) throws(APIError) -> HTTPResponse {
        let reminders = try stored { () throws(StoreError) in
            try store.reminders(habitID: habitID, owner: owner)
        }
        guard let reminders else { throw .habitNotFound }
        return JSONBody.response(status: 200, DataList(data: reminders.map(ReminderBody.init)))
    }

    /// `POST /api/me/habits/{id}/reminders/` with `{"time": "HH:MM",
    /// "channel_id"?, "webhook_id"?}` (at most one of the two): 201, or 200
    /// with the existing reminder when the habit already has this one.
    func addReminder(_ request: HTTPRequest, owner: Int64, habitID: Int64) throws(APIError)
        -> HTTPResponse
    {
        var fields = BodyFields(try bodyObject(request))
        let time = fields.string("time", required: true)
        let channelID = fields.decimal("channel_id", required: false)
        let webhookID = fields.decimal("webhook_id", required: false)
        if let time, ReminderTime(time) == nil {
            fields.report(["Enter a time of day as HH:MM, from 00:00 to 23:59."], for: "time")
        }
        let channel = try Self.id(channelID, "channel_id", in: &fields)
        let webhook = try Self.id(webhookID, "webhook_id", in: &fields)
        if channel != nil && webhook != nil {
            fields.report(["Give channel_id or webhook_id, not both."], for: "webhook_id")
        }
        guard fields.errors.isEmpty, let time else { throw .invalid(fields.errors) }
        let before = try stored { () throws(StoreError) in
            try store.reminders(habitID: habitID, owner: owner)
        }
        guard let before else { throw .habitNotFound }
        let outcome = try stored { () throws(StoreError) in
            try store.addReminder(
                habitID: habitID, owner: owner, time: time, channelID: channel, webhookID: webhook,
                now: now())
        }
        switch outcome {
        case .added(let reminder):
            let existed = before.contains { $0.id == reminder.id }
            return JSONBody.response(status: existed ? 200 : 201, ReminderBody(reminder))
        case .notFound:
            // The habit was there a moment ago: the channel or webhook is not.
            throw .invalid(
                channel != nil ? "channel_id" : "webhook_id",
                "No such channel or webhook of yours.")
        case .limitReached(let maximum):
            throw .reminderLimit("reminder times per habit", maximum: maximum)
        }
    }

    func deleteReminder(owner: Int64, habitID: Int64, id: Int64) throws(APIError) -> HTTPResponse {
        let deleted = try stored { () throws(StoreError) in
            try store.deleteReminder(id: id, habitID: habitID, owner: owner)
        }
        guard deleted else { throw .reminderNotFound }
        return JSONBody.noContent
    }

    func listChannels(owner: Int64) throws(APIError) -> HTTPResponse {
        let channels = try stored { () throws(StoreError) in try store.channels(owner: owner) }
        return JSONBody.response(status: 200, DataList(data: channels.map(ChannelBody.init)))
    }

    /// `POST /api/me/channels/` with `{"kind": "mail"}` or
    /// `{"kind": "ntfy", "url": "https://…/topic"}`.
    func addChannel(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        var fields = BodyFields(try bodyObject(request))
        let kind = fields.choice("kind", as: ReminderChannel.Kind.self, required: true)
        var url = fields.string("url", required: kind == .ntfy)
        if kind == .mail { url = nil }
        if kind == .ntfy, let text = url, let problem = targetProblem(text) {
            fields.report([problem], for: "url")
        }
        guard fields.errors.isEmpty, let kind else { throw .invalid(fields.errors) }
        let before = try stored { () throws(StoreError) in try store.channels(owner: owner) }
        let outcome = try stored { () throws(StoreError) in
            try store.addChannel(kind: kind, url: url, owner: owner, now: now())
        }
        switch outcome {
        case .added(let channel):
            let existed = before.contains { $0.id == channel.id }
            return JSONBody.response(status: existed ? 200 : 201, ChannelBody(channel))
        case .notFound: throw .notFound
        case .limitReached(let maximum): throw .reminderLimit("channels", maximum: maximum)
        }
    }

    func listWebhooks(owner: Int64) throws(APIError) -> HTTPResponse {
        let hooks = try stored { () throws(StoreError) in try store.webhooks(owner: owner) }
        return JSONBody.response(
            status: 200, DataList(data: hooks.map { WebhookBody($0, showingSecret: false) }))
    }

    /// `POST /api/me/webhooks/` with `{"url", "events": [...]}`: 201 with the
    /// signing secret, shown this once.
    func addWebhook(_ request: HTTPRequest, owner: Int64) throws(APIError) -> HTTPResponse {
        var fields = BodyFields(try bodyObject(request))
        let url = fields.string("url", required: true)
        if let url, let problem = targetProblem(url) { fields.report([problem], for: "url") }
        var events: [String] = []
        switch fields.object["events"] {
        case nil:
            events = WebhookEndpoint.eventTypes
        case .array(let values):
            var wanted: Set<String> = []
            for value in values {
                guard case .string(let name) = value, WebhookEndpoint.eventTypes.contains(name)
                else {
                    fields.report(
                        [
                            "Each event must be one of "
                                + WebhookEndpoint.eventTypes.joined(separator: ", ") + "."
                        ], for: "events")
                    break
                }
                wanted.insert(name)
            }
            events = WebhookEndpoint.eventTypes.filter(wanted.contains)
            if values.isEmpty { fields.report(["Name at least one event."], for: "events") }
        default:
            fields.report(["Send a list of event names."], for: "events")
        }
        guard fields.errors.isEmpty, let url else { throw .invalid(fields.errors) }
        let secret = "whsec_" + random.identifier(byteCount: 24)
        let outcome = try stored { () throws(StoreError) in
            try store.addWebhook(url: url, events: events, secret: secret, owner: owner, now: now())
        }
        switch outcome {
        case .added(let hook):
            return JSONBody.response(status: 201, WebhookBody(hook, showingSecret: true))
        case .notFound: throw .notFound
        case .limitReached(let maximum): throw .reminderLimit("webhooks", maximum: maximum)
        }
    }

    /// Why `url` cannot be a target (`TargetPolicy`, its name resolved
    /// now; it is checked again at each send), or `nil`.
    func targetProblem(_ url: String) -> String? {
        do throws(TargetPolicy.Refusal) {
            let endpoint = try targets.endpoint(url)
            if IPAddress(endpoint.host) == nil {
                _ = try targets.check(resolver.addresses(of: endpoint.host), endpoint: endpoint)
            }
            return nil
        } catch {
            return error.description
        }
    }

    /// A positive whole id, or `nil` when absent (problems reported).
    private static func id(_ value: Decimal?, _ name: String, in fields: inout BodyFields)
        throws(APIError) -> Int64?
    {
        guard let value else { return nil }
        guard value > 0, value <= Decimal(Int64.max), value == value.rounded(),
            let id = Int64(exactly: NSDecimalNumber(decimal: value).int64Value), id > 0
        else {
            fields.report(["Give the id as a positive whole number."], for: name)
            return nil
        }
        return id
    }
}

extension Decimal {
    fileprivate func rounded() -> Decimal {
        var value = self
        var result = Decimal()
        NSDecimalRound(&result, &value, 0, .plain)
        return result
    }
}

extension APIError {
    static let reminderNotFound = APIError(
        status: 404, code: APIErrorCode.notFound, message: "No such reminder.")
    static let channelNotFound = APIError(
        status: 404, code: APIErrorCode.notFound, message: "No such channel.")
    static let webhookNotFound = APIError(
        status: 404, code: APIErrorCode.notFound, message: "No such webhook.")

    static func reminderLimit(_ what: String, maximum: Int) -> APIError {
        APIError(
            status: 409, code: APIErrorCode.limitReached,
            message: "You already have \(maximum) \(what), the most allowed; remove one first.")
    }
}

/// A reminder as the API shows it.
struct ReminderBody: Encodable {
    var id: Int64
    var habitID: Int64
    var time: String
    var channelID: Int64?
    var webhookID: Int64?
    var createdAt: String

    init(_ reminder: Reminder) {
        id = reminder.id
        habitID = reminder.habitID
        time = reminder.time
        channelID = reminder.channelID
        webhookID = reminder.webhookID
        createdAt = RFC3339.string(from: reminder.createdAt)
    }

    enum CodingKeys: String, CodingKey {
        case id, time
        case habitID = "habit_id"
        case channelID = "channel_id"
        case webhookID = "webhook_id"
        case createdAt = "created_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(habitID, forKey: .habitID)
        try container.encode(time, forKey: .time)
        try container.encode(channelID, forKey: .channelID)
        try container.encode(webhookID, forKey: .webhookID)
        try container.encode(createdAt, forKey: .createdAt)
    }
}

/// A channel as the API shows it, with its last error.
struct ChannelBody: Encodable {
    var channel: ReminderChannel

    init(_ channel: ReminderChannel) {
        self.channel = channel
    }

    enum CodingKeys: String, CodingKey {
        case id, kind, url
        case lastError = "last_error"
        case lastErrorAt = "last_error_at"
        case createdAt = "created_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(channel.id, forKey: .id)
        try container.encode(channel.kind.rawValue, forKey: .kind)
        try container.encode(channel.url, forKey: .url)
        try container.encode(channel.lastError, forKey: .lastError)
        try container.encode(channel.lastErrorAt.map(RFC3339.string(from:)), forKey: .lastErrorAt)
        try container.encode(RFC3339.string(from: channel.createdAt), forKey: .createdAt)
    }
}

/// A webhook endpoint as the API shows it: the secret only when created.
struct WebhookBody: Encodable {
    var hook: WebhookEndpoint
    var showingSecret: Bool

    init(_ hook: WebhookEndpoint, showingSecret: Bool) {
        self.hook = hook
        self.showingSecret = showingSecret
    }

    enum CodingKeys: String, CodingKey {
        case id, url, events, secret
        case lastError = "last_error"
        case lastErrorAt = "last_error_at"
        case createdAt = "created_at"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(hook.id, forKey: .id)
        try container.encode(hook.url, forKey: .url)
        try container.encode(hook.events, forKey: .events)
        if showingSecret { try container.encode(hook.secret, forKey: .secret) }
        try container.encode(hook.lastError, forKey: .lastError)
        try container.encode(hook.lastErrorAt.map(RFC3339.string(from:)), forKey: .lastErrorAt)
        try container.encode(RFC3339.string(from: hook.createdAt), forKey: .createdAt)
    }
}

/// A delivery as a webhook's listing shows it.
struct DeliveryBody: Encodable {
    var delivery: Delivery

    init(_ delivery: Delivery) {
        self.delivery = delivery
    }

    enum CodingKeys: String, CodingKey {
        case id, event, attempts, state
        case eventID = "event_id"
        case createdAt = "created_at"
        case nextAttemptAt = "next_attempt_at"
        case lastAttemptAt = "last_attempt_at"
        case lastError = "last_error"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(delivery.id, forKey: .id)
        try container.encode(delivery.eventID, forKey: .eventID)
        try container.encode(delivery.event, forKey: .event)
        try container.encode(delivery.attempts, forKey: .attempts)
        try container.encode(delivery.state.rawValue, forKey: .state)
        try container.encode(RFC3339.string(from: delivery.createdAt), forKey: .createdAt)
        try container.encode(
            delivery.state == .pending ? RFC3339.string(from: delivery.nextAttemptAt) : nil,
            forKey: .nextAttemptAt)
        try container.encode(
            delivery.lastAttemptAt.map(RFC3339.string(from:)), forKey: .lastAttemptAt)
        try container.encode(delivery.lastError, forKey: .lastError)
    }
}
