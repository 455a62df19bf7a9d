import Foundation
import HabitClient
import HabitCore

/// `habits webhook add|list|remove`: signed webhook endpoints on the server
/// (server mode only; local mode has no server to send them).
struct WebhookCommand: HabitsCommand {
    static let events = ["entry.changed", "habit.changed", "reminder.due"]

    static let action = Positional(
        "action", values: ["add", "list", "remove"], help: "add, list or remove.")
    static let target = Positional(
        "target", optional: true,
        help: "With add: the endpoint's URL; with remove: its id (see 'webhook list').")
    static let eventsOption = Option(
        "events", valueName: "events", listValues: events,
        help: "With add: the events to send, comma-separated (default: all).")

    static let spec = CommandSpec(
        name: "webhook",
        summary: "Manage signed webhooks: webhook add|list|remove (server mode).",
        discussion: """
            The server POSTs a JSON event to each of your webhook endpoints when a \
            habit changes (habit.changed), when progress is recorded (entry.changed) and \
            when a reminder is due (reminder.due), signed with HMAC-SHA256 in the \
            Habits-Signature header. 'webhook add <url>' registers an endpoint for every \
            event, or for those --events names (comma-separated), and prints its signing \
            secret once: keep it to verify the signatures. Only https:// URLs are taken \
            unless the server's administrator allows private targets. A delivery that \
            fails is retried with backoff for up to 24 hours; 'webhook list' shows each \
            endpoint's events, its last error and its last attempts. 'webhook remove <id>' \
            removes an endpoint with its deliveries. Webhooks are a server's: local mode \
            has none.
            """,
        positionals: [action.spec, target.spec],
        options: [eventsOption.spec],
        examples: [
            "habits webhook add https://example.com/habits",
            "habits webhook add https://example.com/done --events entry.changed",
            "habits webhook list", "habits webhook remove 3",
        ])

    enum Action: Hashable, Sendable {
        case add(url: String, events: [String]?)
        case list
        case remove(id: Int64)
    }

    /// Attempts `list` shows per endpoint, newest first.
    static let attemptsShown = 3

    let action: Action

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        let target = arguments.value(of: Self.target)
        let events = arguments.value(of: Self.eventsOption)
        switch arguments.value(of: Self.action) {
        case "add":
            guard let url = target?.trimmingCharacters(in: .whitespaces), !url.isEmpty else {
                throw UsageError(.missingArgument("url"), command: "webhook")
            }
            guard let scheme = URLComponents(string: url)?.scheme?.lowercased(),
                scheme == "https" || scheme == "http", URLComponents(string: url)?.host != nil
            else {
                throw UsageError(
                    .invalidValue(
                        argument: "url", value: url,
                        expected: "an https:// URL, such as https://example.com/habits"),
                    command: "webhook")
            }
            action = .add(url: url, events: try events.map(Self.readEvents))
        case "list":
            if let target { throw UsageError(.unexpectedArgument(target), command: "webhook") }
            if events != nil {
                throw UsageError(.unexpectedArgument("--events"), command: "webhook")
            }
            action = .list
        case "remove":
            if events != nil {
                throw UsageError(.unexpectedArgument("--events"), command: "webhook")
            }
            guard let target else { throw UsageError(.missingArgument("id"), command: "webhook") }
            let digits = target.hasPrefix("#") ? String(target.dropFirst()) : target
            guard let id = Int64(digits), id > 0 else {
                throw UsageError(
                    .invalidValue(
                        argument: "id", value: target,
                        expected: "a webhook's id as 'habits webhook list' shows it, such as 3"),
                    command: "webhook")
            }
            action = .remove(id: id)
        case let other?:
            throw UsageError(
                .unknownAction(other, actions: ["add", "list", "remove"]), command: "webhook")
        case nil:
            throw UsageError(.missingArgument("action"), command: "webhook")
        }
    }

    /// `entry.changed,habit.changed`: known names, each once, in the server's order.
    static func readEvents(_ text: String) throws(UsageError) -> [String] {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, names.allSatisfy(events.contains) else {
            throw UsageError(
                .invalidValue(
                    argument: "--events", value: text,
                    expected: "event names joined by commas: " + events.joined(separator: ", ")),
                command: "webhook")
        }
        return events.filter(names.contains)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        guard try context.serverSelection() != nil else {
            throw .needsServerMode("Webhooks")
        }
        let session = try SessionCommands(context: context)
        switch action {
        case .add(let url, let events):
            let hook = try await session.call("Adding") { client async throws(APIError) in
                try await client.addWebhook(url: url, events: events)
            }
            guard let secret = hook.secret else {
                throw .api(.unexpectedResponse(status: 201, path: "me/webhooks/"))
            }
            if context.style.json {
                try context.writeJSON(
                    Listed(hook, deliveries: nil, secret: secret, zone: context.zone))
                return
            }
            context.output.line(
                "Added webhook #\(hook.id) for \(TerminalSafeText.clean(hook.url)) "
                    + "(\(hook.events.joined(separator: ", "))).")
            context.output.line("Signing secret (shown this once; keep it secret): \(secret)")
            context.output.line(
                "Verify each delivery's Habits-Signature header with it; see them with: "
                    + "habits webhook list")
        case .list:
            try await list(session)
        case .remove(let id):
            let hooks = try await session.call("Reading webhooks") {
                client async throws(APIError) in try await client.webhooks()
            }
            guard hooks.contains(where: { $0.id == id }) else {
                throw CommandError.noWebhook(id: id)
            }
            try await session.call("Removing") { client async throws(APIError) in
                try await client.deleteWebhook(id: id)
            }
            if context.style.json {
                try context.writeJSON(Removed(id: id, removed: true))
            } else {
                context.output.line("Removed webhook #\(id) and its deliveries.")
            }
        }
    }

    private func list(_ session: SessionCommands) async throws(CommandError) {
        let context = session.context
        let hooks = try await session.call("Reading webhooks") { client async throws(APIError) in
            try await client.webhooks()
        }
        var deliveries: [Int64: [ServerDelivery]] = [:]
        for hook in hooks {
            let id = hook.id
            deliveries[id] = try await session.call("Reading deliveries") {
                client async throws(APIError) in try await client.webhookDeliveries(id: id)
            }
        }
        let zone = context.zone
        if context.style.json {
            try context.writeJSON(
                hooks.map {
                    Listed(
                        $0, deliveries: Array((deliveries[$0.id] ?? []).prefix(Self.attemptsShown)),
                        secret: nil, zone: zone)
                })
            return
        }
        guard !hooks.isEmpty else {
            context.output.line("No webhooks. Add one with: habits webhook add <https-url>")
            return
        }
        for hook in hooks {
            context.output.line(
                "#\(hook.id) \(TerminalSafeText.clean(hook.url)) "
                    + "(\(hook.events.map(TerminalSafeText.clean).joined(separator: ", ")))")
            if let error = hook.lastError {
                let when = hook.lastErrorAt.map { " at " + TokenCommand.time($0, in: zone) } ?? ""
                context.output.line("  Last error\(when): \(TerminalSafeText.clean(error))")
            }
            let recent = (deliveries[hook.id] ?? []).prefix(Self.attemptsShown)
            guard !recent.isEmpty else {
                context.output.line("  No deliveries yet.")
                continue
            }
            context.output.line("  Last attempts:")
            for delivery in recent {
                context.output.line("    " + Self.describe(delivery, in: zone))
            }
        }
    }

    /// `2026-12-03 17:05 entry.changed: retrying at 17:06 (1 attempt): …`.
    static func describe(_ delivery: ServerDelivery, in zone: TimeZone) -> String {
        let at = delivery.lastAttemptAt.map { TokenCommand.time($0, in: zone) } ?? "not tried yet"
        var state: String
        switch delivery.state {
        case "pending":
            state =
                delivery.attempts == 0
                ? "waiting"
                : "retrying"
                    + (delivery.nextAttemptAt.map { " at " + TokenCommand.time($0, in: zone) }
                        ?? "")
        default:
            state = TerminalSafeText.clean(delivery.state)
        }
        state += " (\(delivery.attempts) attempt\(delivery.attempts == 1 ? "" : "s"))"
        if delivery.state != "delivered", let error = delivery.lastError {
            state += ": " + TerminalSafeText.clean(error)
        }
        return "\(at) \(TerminalSafeText.clean(delivery.event)) \(state)"
    }

    /// What `remove --json` prints.
    private struct Removed: Encodable {
        var id: Int64
        var removed: Bool
    }

    /// An endpoint as `--json` shows it.
    private struct Listed: Encodable {
        var id: Int64
        var url: String
        var events: [String]
        var secret: String?
        var lastError: String?
        var lastErrorAt: String?
        var deliveries: [Attempt]?

        struct Attempt: Encodable {
            var eventID: String
            var event: String
            var state: String
            var attempts: Int
            var lastAttemptAt: String?
            var nextAttemptAt: String?
            var lastError: String?

            enum CodingKeys: String, CodingKey {
                case event, state, attempts
                case eventID = "event_id"
                case lastAttemptAt = "last_attempt_at"
                case nextAttemptAt = "next_attempt_at"
                case lastError = "last_error"
            }
        }

        init(_ hook: ServerWebhook, deliveries: [ServerDelivery]?, secret: String?, zone: TimeZone)
        {
            id = hook.id
            url = hook.url
            events = hook.events
            self.secret = secret
            lastError = hook.lastError
            lastErrorAt = hook.lastErrorAt.map(RFC3339.string(from:))
            self.deliveries = deliveries?.map {
                Attempt(
                    eventID: $0.eventID, event: $0.event, state: $0.state, attempts: $0.attempts,
                    lastAttemptAt: $0.lastAttemptAt.map(RFC3339.string(from:)),
                    nextAttemptAt: $0.nextAttemptAt.map(RFC3339.string(from:)),
                    lastError: $0.lastError)
            }
        }

        enum CodingKeys: String, CodingKey {
            case id, url, events, secret, deliveries
            case lastError = "last_error"
            case lastErrorAt = "last_error_at"
        }
    }
}

extension CommandContext {
    /// The zone the command's times are shown in.
    fileprivate var zone: TimeZone { environment.clock.timeZone }
}
