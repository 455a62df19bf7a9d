import Foundation
import HabitClient
import HabitCore

/// `habits token create|list|revoke`: personal access tokens on the server,
/// for automation (a button, a shortcut) and the calendar feed.
struct TokenCommand: HabitsCommand {
    static let scopes = ["read", "check-in", "write"]

    static let action = Positional(
        "action", values: ["create", "list", "revoke"],
        help: "create, list or revoke.")
    static let name = Positional(
        "name", optional: true, help: "The token's name, for create and revoke.")
    static let scope = Option(
        "scope", valueName: "scope", values: scopes,
        help: "With create: read, check-in or write.")
    static let habit = Option(
        "habit", valueName: "habit",
        help: "With create --scope check-in: the one habit (id or name) it may change.")
    static let expires = Option(
        "expires", valueName: "date", values: DateWords.words,
        help: "With create: the last day it works (YYYY-MM-DD or a date word).")

    static let spec = CommandSpec(
        name: "token",
        summary: "Manage access tokens for automation: token create|list|revoke (server mode).",
        discussion: """
            Personal access tokens let your own tools use the server without signing \
            in: a check-in button, a shortcut, a calendar app. 'token create <name> \
            --scope S' prints the new token once (the server keeps only its hash): read \
            may read everything (and with it comes the calendar feed's URL), check-in may \
            only record progress (with --habit, of that habit alone, and then it comes \
            with a check-in URL that adds one to today's value with a bare POST), write \
            may do everything but manage tokens. --expires D: the token works through \
            that day (at most 100 years ahead; without --expires it never expires). 'token list' shows each token's scope, habit, creation, last use \
            and expiry; 'token revoke <name>' stops it at once. An account holds at most \
            20 tokens. Tokens are a server's: local mode has none.
            """,
        positionals: [action.spec, name.spec],
        options: [scope.spec, habit.spec, expires.spec],
        examples: [
            "habits token create calendar --scope read",
            "habits token create kitchen-button --scope check-in --habit Water",
            "habits token create ci --scope write --expires 2027-06-30",
            "habits token list", "habits token revoke kitchen-button",
        ])

    enum Action: Hashable, Sendable {
        case create(name: String, scope: String, habit: String?, expires: LocalDate?)
        case list
        case revoke(name: String)
    }

    let action: Action

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        let name = arguments.value(of: Self.name)
        let createOnly = [Self.scope, Self.habit, Self.expires].filter(arguments.isGiven)
        func named() throws(UsageError) -> String {
            guard let name, !name.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw UsageError(.missingArgument("name"), command: "token")
            }
            return name.trimmingCharacters(in: .whitespaces)
        }
        switch arguments.value(of: Self.action) {
        case "create":
            let name = try named()
            guard let scope = arguments.value(of: Self.scope) else {
                throw UsageError(.missingArgument("--scope"), command: "token")
            }
            guard Self.scopes.contains(scope) else {
                throw UsageError(
                    .invalidValue(
                        argument: "--scope", value: scope, expected: "read, check-in or write"),
                    command: "token")
            }
            let habit = arguments.value(of: Self.habit)
            if habit != nil && scope != "check-in" {
                throw UsageError(
                    .conflictingOptions(["--habit", "--scope \(scope)"]), command: "token")
            }
            let expires = try arguments.value(of: Self.expires) { text, option throws(UsageError) in
                try ArgumentValue.date(text, argument: option, today: today)
            }
            if let expires, expires < today {
                throw UsageError(
                    .invalidValue(
                        argument: "--expires", value: expires.description,
                        expected: "today or a later day"),
                    command: "token")
            }
            if let expires, expires > Self.latestExpiry(today: today) {
                throw UsageError(
                    .invalidValue(
                        argument: "--expires", value: expires.description,
                        expected: "a day at most \(Self.longestLifeInYears) years ahead "
                            + "(leave out --expires for a token that never expires)"),
                    command: "token")
            }
            action = .create(name: name, scope: scope, habit: habit, expires: expires)
        case "list":
            if let name { throw UsageError(.unexpectedArgument(name), command: "token") }
            if let option = createOnly.first {
                throw UsageError(.unexpectedArgument("--\(option.spec.name)"), command: "token")
            }
            action = .list
        case "revoke":
            if let option = createOnly.first {
                throw UsageError(.unexpectedArgument("--\(option.spec.name)"), command: "token")
            }
            action = .revoke(name: try named())
        case let other?:
            throw UsageError(
                .unknownAction(other, actions: ["create", "list", "revoke"]), command: "token")
        case nil:
            throw UsageError(.missingArgument("action"), command: "token")
        }
    }

    func run(in context: CommandContext) async throws(CommandError) {
        guard try context.serverSelection() != nil else {
            throw .needsServerMode("Access tokens")
        }
        let session = try SessionCommands(context: context)
        switch action {
        case .create(let name, let scope, let habit, let expires):
            try await create(
                name: name, scope: scope, habit: habit, expires: expires, session: session)
        case .list:
            try await list(session)
        case .revoke(let name):
            let tokens = try await session.call("Reading tokens") { client async throws(APIError) in
                try await client.accessTokens()
            }
            guard let token = tokens.first(where: { $0.name == name }) else {
                throw .accessTokenNotFound(name)
            }
            try await session.call("Revoking") { client async throws(APIError) in
                try await client.revokeAccessToken(id: token.id)
            }
            if context.style.json {
                try context.writeJSON(["name": JSONScalar.string(name), "revoked": .bool(true)])
            } else {
                context.output.line("Revoked the access token '\(name)': it no longer works.")
            }
        }
    }

    private func create(
        name: String, scope: String, habit: String?, expires: LocalDate?,
        session: SessionCommands
    ) async throws(CommandError) {
        let context = session.context
        let existing = try await session.call("Reading tokens") { client async throws(APIError) in
            try await client.accessTokens()
        }
        if existing.contains(where: { $0.name == name }) { throw .accessTokenNameTaken(name) }
        if existing.count >= Self.maximumTokens { throw .accessTokenLimit(Self.maximumTokens) }
        var target: Habit?
        if let habit {
            target = try await context.backend().habit(for: HabitReference(habit))
        }
        let zone = context.environment.clock.timeZone
        let expiry = expires.map { Self.startOfDay($0.adding(days: 1), in: zone) }
        let habitID = target?.id
        let created = try await session.call("Creating") { client async throws(APIError) in
            try await client.createAccessToken(
                name: name, scope: scope, habitID: habitID, expiresAt: expiry)
        }
        guard let text = created.token else {
            throw .api(.unexpectedResponse(status: 201, path: "me/tokens/"))
        }
        let checkIn = target != nil ? session.client.checkInURL(token: text) : nil
        let calendar = scope == "read" ? session.client.calendarURL(token: text) : nil
        if context.style.json {
            try context.writeJSON(
                CreatedToken(
                    id: created.id, name: created.name, scope: created.scope,
                    habitID: created.habitID, expiresAt: created.expiresAt.map(RFC3339.string),
                    token: text, checkInURL: checkIn?.absoluteString,
                    calendarURL: calendar?.absoluteString))
            return
        }
        var what = "\(created.scope)"
        if let target { what += ", habit \(HabitText.name(target.name))" }
        if let expires { what += ", works through \(expires)" }
        context.output.line("Created the access token '\(created.name)' (\(what)).")
        context.output.line("Token (shown this once; keep it secret): \(text)")
        if let checkIn {
            context.output.line("Check-in URL: \(checkIn.absoluteString)")
            context.output.line(
                "  Each POST adds 1 to today's value: curl -X POST '\(checkIn.absoluteString)'")
        }
        if let calendar {
            context.output.line("Calendar URL (subscribe to it): \(calendar.absoluteString)")
        }
    }

    private func list(_ session: SessionCommands) async throws(CommandError) {
        let context = session.context
        let tokens = try await session.call("Reading tokens") { client async throws(APIError) in
            try await client.accessTokens()
        }
        var names: [Int64: String] = [:]
        if tokens.contains(where: { $0.habitID != nil }) {
            for habit in try await context.backend().habits(status: .all) {
                names[habit.id] = habit.name
            }
        }
        if context.style.json {
            try context.writeJSON(
                tokens.map {
                    ListedToken(
                        id: $0.id, name: $0.name, scope: $0.scope, habitID: $0.habitID,
                        createdAt: $0.createdAt.map(RFC3339.string),
                        lastUsedAt: $0.lastUsedAt.map(RFC3339.string),
                        expiresAt: $0.expiresAt.map(RFC3339.string))
                })
            return
        }
        guard !tokens.isEmpty else {
            context.output.line(
                "No access tokens. Create one with: habits token create <name> --scope read")
            return
        }
        let zone = context.environment.clock.timeZone
        let now = context.environment.clock.now()
        let header = ["NAME", "SCOPE", "HABIT", "CREATED", "LAST USED", "EXPIRES"].map {
            TextTable.Cell($0)
        }
        let rows = tokens.map { token -> [TextTable.Cell] in
            let habit = token.habitID.map { id in
                names[id].map { "#\(id) \(HabitText.name($0))" } ?? "#\(id)"
            }
            let expiry: String
            if let expiresAt = token.expiresAt {
                expiry =
                    (expiresAt <= now ? "expired " : "")
                    + Self.time(expiresAt, in: zone)
            } else {
                expiry = "never"
            }
            return [
                TextTable.Cell(HabitText.name(token.name)), TextTable.Cell(token.scope),
                TextTable.Cell(habit ?? (token.scope == "check-in" ? "any" : "-")),
                TextTable.Cell(token.createdAt.map { Self.time($0, in: zone) } ?? "-"),
                TextTable.Cell(token.lastUsedAt.map { Self.time($0, in: zone) } ?? "never"),
                TextTable.Cell(expiry),
            ]
        }
        let all = [header] + rows
        for line in TextTable(rows: all, indent: "").lines(widths: TextTable.widths(of: all)) {
            context.output.line(line)
        }
    }

    /// How far ahead `--expires` may be: a token meant to outlive that is
    /// one that never expires. The bound also keeps the day after the last
    /// (when the token stops) a four-digit year: 9999-12-31 would stop at
    /// 10000-01-01, which neither RFC 3339 nor the listing writes.
    static let longestLifeInYears = 100

    /// The latest day `--expires` takes on `today`.
    static func latestExpiry(today: LocalDate) -> LocalDate {
        let (year, month, day) = today.components
        // 29 February, when that year has none: the 28th.
        return LocalDate(year: year + longestLifeInYears, month: month, day: day)
            ?? LocalDate(year: year + longestLifeInYears, month: month, day: day - 1)
            ?? today.adding(days: 36_524)
    }

    /// The most tokens the server keeps for an account (its limit, checked
    /// here first for a clearer sentence).
    static let maximumTokens = 20

    /// Midnight starting `date` in `zone`.
    static func startOfDay(_ date: LocalDate, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let (year, month, day) = date.components
        return calendar.date(from: DateComponents(year: year, month: month, day: day))
            ?? Date(timeIntervalSince1970: Double(date.dayNumber) * 86_400)
    }

    /// `2026-11-30 19:05` in `zone`.
    static func time(_ instant: Date, in zone: TimeZone) -> String {
        let day = LocalDate.on(instant, in: zone)
        let seconds =
            Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
        let minutes = ((seconds % 86_400) + 86_400) % 86_400 / 60
        let hour = minutes / 60
        let minute = minutes % 60
        return "\(day) \(hour < 10 ? "0" : "")\(hour):\(minute < 10 ? "0" : "")\(minute)"
    }

    private struct CreatedToken: Encodable {
        var id: Int64
        var name: String
        var scope: String
        var habitID: Int64?
        var expiresAt: String?
        var token: String
        var checkInURL: String?
        var calendarURL: String?

        enum CodingKeys: String, CodingKey {
            case id, name, scope, token
            case habitID = "habit_id"
            case expiresAt = "expires_at"
            case checkInURL = "checkin_url"
            case calendarURL = "calendar_url"
        }
    }

    private struct ListedToken: Encodable {
        var id: Int64
        var name: String
        var scope: String
        var habitID: Int64?
        var createdAt: String?
        var lastUsedAt: String?
        var expiresAt: String?

        enum CodingKeys: String, CodingKey {
            case id, name, scope
            case habitID = "habit_id"
            case createdAt = "created_at"
            case lastUsedAt = "last_used_at"
            case expiresAt = "expires_at"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(scope, forKey: .scope)
            try container.encode(habitID, forKey: .habitID)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(lastUsedAt, forKey: .lastUsedAt)
            try container.encode(expiresAt, forKey: .expiresAt)
        }
    }
}
