import HabitClient
import HabitCore

/// `habits remind add|list|remove|digest`: reminders the server sends
/// (server mode only; local mode keeps cron through `habits remind --install`).
struct ServerReminders {
    enum Action: String, CaseIterable, Sendable {
        case add, list, remove, digest
    }

    /// Where `add --via` sends the reminder.
    enum Via: Hashable, Sendable {
        case mail
        case ntfy(url: String)
        case webhook(id: Int64)
    }

    let action: Action
    let habit: String?
    let time: String?
    let via: Via?
    /// With `digest --off`: turn the daily digest off.
    let off: Bool

    init(action: Action, arguments: BoundArguments) throws(UsageError) {
        self.action = action
        off = arguments[RemindCommand.off]
        if off && action != .digest {
            throw UsageError(.conflictingOptions(["--off", action.rawValue]), command: "remind")
        }
        if action == .digest {
            // `habits remind digest 08:00`: the time is the first word after the action.
            habit = nil
            time = arguments.value(of: RemindCommand.habit)
            if let extra = arguments.value(of: RemindCommand.time)
                ?? arguments.value(of: RemindCommand.target)
            {
                throw UsageError(.unexpectedArgument(extra), command: "remind")
            }
            if let time {
                guard !off else {
                    throw UsageError(.conflictingOptions([time, "--off"]), command: "remind")
                }
                _ = try RemindCommand.readTime(time, argument: "time")
            } else if !off {
                throw UsageError(.missingArgument("time"), command: "remind")
            }
            guard arguments.value(of: RemindCommand.via) == nil else {
                throw UsageError(.conflictingOptions(["--via", "digest"]), command: "remind")
            }
            via = nil
            return
        }
        habit = arguments.value(of: RemindCommand.habit)
        time = arguments.value(of: RemindCommand.time)
        let target = arguments.value(of: RemindCommand.target)
        if action != .list {
            guard habit != nil else {
                throw UsageError(.missingArgument("habit"), command: "remind")
            }
            guard let time else { throw UsageError(.missingArgument("time"), command: "remind") }
            _ = try RemindCommand.readTime(time, argument: "time")
        } else if habit != nil {
            throw UsageError(.unexpectedArgument(habit ?? ""), command: "remind")
        }
        switch arguments.value(of: RemindCommand.via) {
        case nil:
            guard target == nil else {
                throw UsageError(.unexpectedArgument(target ?? ""), command: "remind")
            }
            via = nil
        case "mail":
            via = .mail
        case "ntfy":
            guard let target else {
                throw UsageError(
                    .invalidValue(
                        argument: "--via", value: "ntfy",
                        expected:
                            "ntfy followed by the topic URL: --via ntfy https://ntfy.sh/mytopic"))
            }
            via = .ntfy(url: target)
        case "webhook":
            guard let target, let id = Int64(target), id > 0 else {
                throw UsageError(
                    .invalidValue(
                        argument: "--via", value: "webhook",
                        expected: "webhook followed by its id: --via webhook 3"))
            }
            via = .webhook(id: id)
        case let other?:
            throw UsageError(
                .invalidValue(
                    argument: "--via", value: other, expected: "mail, ntfy URL or webhook ID"))
        }
        if via != nil && action != .add {
            throw UsageError(.conflictingOptions(["--via", action.rawValue]), command: "remind")
        }
    }

    func run(in context: CommandContext) async throws(CommandError) {
        guard let selection = try context.serverSelection() else {
            throw .needsServerMode(
                "Reminders the server sends",
                instead: "In local mode, 'habits remind --install' prints a crontab line instead.")
        }
        let backend = try RemoteBackend.open(selection: selection, context: context)
        let client = backend.client
        switch action {
        case .list:
            try await list(client: client, backend: backend, context: context)
        case .digest:
            try await digest(client: client, context: context)
        case .add:
            let habit = try await context.resolveHabit(self.habit ?? "", in: backend)
            var channelID: Int64?
            var webhookID: Int64?
            switch via {
            case .mail?:
                channelID = try await Self.call { () async throws(APIError) in
                    try await client.addChannel(kind: "mail", url: nil).id
                }
            case .ntfy(let url)?:
                channelID = try await Self.call { () async throws(APIError) in
                    try await client.addChannel(kind: "ntfy", url: url).id
                }
            case .webhook(let id)?:
                webhookID = id
            case nil:
                break
            }
            let time = self.time ?? ""
            let reminder = try await Self.call { () async throws(APIError) in
                try await client.addReminder(
                    habitID: habit.id, time: time, channelID: channelID, webhookID: webhookID)
            }
            context.output.line(
                "The server will remind you of \(HabitText.name(habit.name)) at \(reminder.time) "
                    + "on its planned days when it is not done yet.")
        case .remove:
            let habit = try await context.resolveHabit(self.habit ?? "", in: backend)
            let all = try await Self.call { () async throws(APIError) in
                try await client.reminders()
            }
            let matching = all.filter { $0.habitID == habit.id && $0.time == time }
            guard !matching.isEmpty else {
                throw CommandError.noReminder(habitName: habit.name, time: time ?? "")
            }
            for reminder in matching {
                try await Self.call { () async throws(APIError) in
                    try await client.deleteReminder(habitID: habit.id, id: reminder.id)
                }
            }
            context.output.line(
                "Removed the reminder of \(HabitText.name(habit.name)) at \(time ?? "").")
        }
    }

    private func list(client: HabitAPIClient, backend: RemoteBackend, context: CommandContext)
        async throws(CommandError)
    {
        let reminders = try await Self.call { () async throws(APIError) in
            try await client.reminders()
        }
        let channels = try await Self.call { () async throws(APIError) in
            try await client.channels()
        }
        let digest = try await Self.call { () async throws(APIError) in
            try await client.digestTime()
        }
        let habits = try await backend.habits(status: .all)
        let names = Dictionary(
            habits.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        if let digest {
            context.output.line(
                "Daily digest at \(TerminalSafeText.clean(digest)) (your account's time zone).")
        }
        guard !reminders.isEmpty else {
            context.output.line("No reminders. Add one with: habits remind add <habit> 20:00")
            return
        }
        let channelsByID = Dictionary(channels.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let rows = reminders.map { reminder -> [TextTable.Cell] in
            let via: String
            if let id = reminder.channelID, let channel = channelsByID[id] {
                via = Self.describe(channel)
            } else if let id = reminder.webhookID {
                via = "webhook \(id)"
            } else {
                via = "all channels"
            }
            return [
                TextTable.Cell("#\(reminder.habitID)", alignRight: true),
                TextTable.Cell(HabitText.name(names[reminder.habitID] ?? "?")),
                TextTable.Cell(reminder.time), TextTable.Cell(via),
            ]
        }
        context.output.line("Reminders the server sends (times in your account's time zone):")
        for line in TextTable(rows: rows).lines(widths: TextTable.widths(of: rows)) {
            context.output.line("  " + line)
        }
        let failing = channels.filter { $0.lastError != nil }
        for channel in failing {
            context.output.line(
                "Last error of \(Self.describe(channel)): "
                    + TerminalSafeText.clean(channel.lastError ?? ""))
        }
    }

    /// `habits remind digest HH:MM` or `--off`.
    private func digest(client: HabitAPIClient, context: CommandContext) async throws(CommandError)
    {
        guard let time, !off else {
            try await Self.call { () async throws(APIError) in try await client.deleteDigest() }
            context.output.line("The daily digest is off.")
            return
        }
        let set = try await Self.call { () async throws(APIError) in
            try await client.setDigestTime(time)
        }
        context.output.line(
            "The server will send you a daily digest at \(TerminalSafeText.clean(set ?? time)) "
                + "of the habits not done yet, through all your channels.")
    }

    private static func describe(_ channel: ServerChannel) -> String {
        channel.kind == "ntfy"
            ? "ntfy " + TerminalSafeText.clean(channel.url ?? "")
            : TerminalSafeText.clean(channel.kind)
    }

    /// A server call; its failure in the CLI's words.
    private static func call<T: Sendable>(_ body: () async throws(APIError) -> T)
        async throws(CommandError) -> T
    {
        do {
            return try await body()
        } catch {
            throw CommandError.api(error)
        }
    }
}
