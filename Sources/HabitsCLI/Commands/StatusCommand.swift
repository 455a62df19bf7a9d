import Foundation
import HabitClient
import HabitCore

/// `habits status`: which mode, which server and account, and whether the
/// session is still valid.
struct StatusCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "status",
        summary: "Show the mode, the server, the account and whether the session is valid.",
        discussion: """
            In server mode, asks the server whether the session is still valid. Exit \
            status: 0 in local mode or with a valid session; 77 when not signed in or \
            the session has expired; 69 when the server cannot be reached.
            """,
        examples: ["habits status", "habits status --json"])

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {}

    struct Report: Encodable {
        var mode: String
        var database: String?
        var server: String?
        var serverSource: String?
        var account: String?
        var session: String?
        var credentials: String?
        /// Routes this server was seen to lack (`ServerFeatureNotes`).
        var missingFeatures: [String] = []
        /// This device's copy and its outbox, when it keeps one.
        var sync: SyncStatus?
        /// When the day ends (`HH:MM`): the config key in local mode, the
        /// account's as last read in server mode.
        var dayStartsAt = DayBoundary.midnight

        struct SyncStatus: Encodable {
            /// Whether the server has the change feed (`nil`: not known yet).
            var feed: Bool?
            var pending: Int
            var pendingSince: Date?
            var rejected: Int
            var syncedAt: Date?

            enum CodingKeys: String, CodingKey {
                case feed, pending, rejected
                case pendingSince = "pending_since"
                case syncedAt = "synced_at"
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(feed, forKey: .feed)
                try container.encode(pending, forKey: .pending)
                try container.encode(pendingSince.map(RFC3339.string(from:)), forKey: .pendingSince)
                try container.encode(rejected, forKey: .rejected)
                try container.encode(syncedAt.map(RFC3339.string(from:)), forKey: .syncedAt)
            }
        }

        enum CodingKeys: String, CodingKey {
            case mode, database, server, account, session, credentials, sync
            case serverSource = "server_source"
            case missingFeatures = "missing_features"
            case dayStartsAt = "day_starts_at"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mode, forKey: .mode)
            try container.encode(database, forKey: .database)
            try container.encode(server, forKey: .server)
            try container.encode(serverSource, forKey: .serverSource)
            try container.encode(account, forKey: .account)
            try container.encode(session, forKey: .session)
            try container.encode(credentials, forKey: .credentials)
            try container.encode(dayStartsAt, forKey: .dayStartsAt)
            if mode == "server" {
                try container.encode(missingFeatures, forKey: .missingFeatures)
                try container.encode(sync, forKey: .sync)
            }
        }
    }

    func run(in context: CommandContext) async throws(CommandError) {
        guard let selection = try context.serverSelection() else {
            return try Self.showLocalMode(in: context)
        }
        let session = try SessionCommands(context: context)
        let saved = try Self.savedSignIn(of: session, in: context)
        var report = try Self.serverReport(
            selection: selection, server: session.server, saved: saved, in: context)
        let check = try await Self.checkSession(saved, with: session)
        report.account = check.account
        report.session = check.session
        if context.style.json {
            try context.writeJSON(report)
        } else {
            Self.show(report, from: selection.source, note: check.note, in: context)
        }
        if check.exit != .success { throw CommandError.silent(check.exit) }
    }

    /// What checking the saved session found: the account and the
    /// session's state for the report, a line saying what to do, and the
    /// exit status.
    private struct SessionCheck {
        var account: String?
        /// `valid`, `expired`, `signed_out`, or `nil` when the server cannot be reached.
        var session: String?
        var note: String?
        var exit = ExitCode.success
    }

    /// Local mode: the mode and the database, nothing to check.
    private static func showLocalMode(in context: CommandContext) throws(CommandError) {
        let database = try context.paths().databasePath
        if context.style.json {
            try context.writeJSON(
                Report(
                    mode: "local", database: database,
                    dayStartsAt: context.environment.clock.dayStartsAt))
        } else {
            context.output.line("Mode:      local (no server configured; no sign-in needed)")
            context.output.line("Database:  \(database)")
            context.output.line("Day start: \(dayText(context.environment.clock.dayStartsAt))")
        }
    }

    /// The saved sign-in; one that cannot be read is said with what
    /// happens to the changes waiting on this device.
    private static func savedSignIn(of session: SessionCommands, in context: CommandContext)
        throws(CommandError) -> SignInStatus
    {
        do throws(APIError) {
            return try session.client.signInStatus()
        } catch {
            throw ReplicaBackend.sessionProblem(
                client: session.client, paths: try context.paths(),
                clock: context.environment.clock) ?? .api(error)
        }
    }

    /// The report of server mode as known without the network.
    private static func serverReport(
        selection: ServerSelection, server: String, saved: SignInStatus,
        in context: CommandContext
    ) throws(CommandError) -> Report {
        var report = Report(
            mode: "server", server: server, serverSource: sourceName(selection.source),
            credentials: saved.storage)
        report.missingFeatures = ServerFeatureNotes(path: try context.paths().serverFeaturesFile)
            .missing(on: server).map(\.rawValue).sorted()
        report.sync = try syncStatus(selection: selection, context: context, server: server)
        report.dayStartsAt = context.environment.clock.dayStartsAt
        return report
    }

    /// Asks the server whether a session saved for it is still valid;
    /// without one, says how to sign in.
    private static func checkSession(_ saved: SignInStatus, with session: SessionCommands)
        async throws(CommandError) -> SessionCheck
    {
        guard let summary = saved.session, summary.isForConfiguredServer else {
            return SessionCheck(
                session: "signed_out", note: signInNote(saved), exit: .notSignedIn)
        }
        var check = SessionCheck(account: summary.email)
        do {
            _ = try await session.call("Checking the session") { client async throws(APIError) in
                try await client.me()
            }
            check.session = "valid"
        } catch {
            switch error.exitCode {
            case .notSignedIn:
                check.session = "expired"
                check.note = "Sign in again with: habits auth email \(summary.email)"
                check.exit = .notSignedIn
            case .unavailable:
                check.note = error.message
                check.exit = .unavailable
            default:
                throw error
            }
        }
        return check
    }

    /// How to sign in when no session is saved for this server.
    private static func signInNote(_ saved: SignInStatus) -> String {
        if let summary = saved.session {
            return "The saved session is for \(summary.server); "
                + "sign in to this server with: habits auth email <address>"
        }
        if let pending = saved.pendingEmail {
            return "A code was sent to \(pending); finish with: habits verify <code>"
        }
        return "Sign in with: habits auth email <address>"
    }

    /// The report of server mode as text, then `note`.
    private static func show(
        _ report: Report, from source: ServerSelection.Source, note: String?,
        in context: CommandContext
    ) {
        let server = report.server ?? ""
        context.output.line("Mode:         server")
        context.output.line(
            "Server:       \(server) (from \(source.rawValue)"
                + (isUnencryptedRemote(server)
                    ? "; plain http to another machine, not encrypted)" : ")"))
        context.output.line("Account:      \(report.account ?? "none")")
        context.output.line("Session:      \(sessionText(report.session))")
        context.output.line("Credentials:  \(report.credentials ?? "")")
        if report.missingFeatures.contains(ServerFeatureNotes.Feature.increment.rawValue) {
            context.output.line(
                "Increments:   not offered by this server: 'done' reads the day's value and "
                    + "writes the sum, so additions made at the same moment can be lost")
        }
        if let sync = report.sync {
            let now = context.environment.clock.now()
            context.output.line("Sync:         \(feedText(sync, now: now))")
            context.output.line(
                "Waiting:      "
                    + SyncWords.pending(count: sync.pending, since: sync.pendingSince, now: now)
                    + (sync.rejected > 0
                        ? "; \(sync.rejected) refused (see 'habits sync --rejected')" : ""))
        }
        context.output.line("Day start:    \(dayText(report.dayStartsAt))")
        if let note { context.output.line(note) }
    }

    /// "00:00 (midnight)", or "03:00 (before it, today is still the previous date)".
    private static func dayText(_ boundary: DayBoundary) -> String {
        boundary == .midnight
            ? "00:00 (midnight)"
            : "\(boundary.text) (before it, today is still the previous date)"
    }

    /// The session's state as the text form says it.
    private static func sessionText(_ session: String?) -> String {
        switch session {
        case "valid": return "valid"
        case "expired": return "expired"
        case "signed_out": return "not signed in"
        default: return "unknown (the server cannot be reached)"
        }
    }

    /// Whether this device keeps a copy of the account, and when it last synced.
    private static func feedText(_ sync: Report.SyncStatus, now: Date) -> String {
        switch sync.feed {
        case true?:
            return "a copy on this device, "
                + (sync.syncedAt.map { "last synced \(HabitText.age(from: $0, to: now)) ago" }
                    ?? "not synced yet")
        case false?:
            return "this server has no change feed: online only, nothing kept on this device"
        case nil:
            return "not known yet (the next command that reaches the server finds out)"
        }
    }

    /// The state of this device's copy, read without the network.
    static func syncStatus(selection: ServerSelection, context: CommandContext, server: String)
        throws(CommandError) -> Report.SyncStatus
    {
        let features = ServerFeatureNotes(path: try context.paths().serverFeaturesFile)
        let feedKnownMissing = features.missing(on: server).contains(.changeFeed)
        let remote = try RemoteBackend.open(selection: selection, context: context)
        guard
            let replica = try ReplicaBackend.open(remote: remote, context: context, creating: false)
        else {
            // Signed out with changes kept (`logout` keeps them when they
            // could not be sent): they wait still.
            let paths = try context.paths()
            let kept = try KeptReplica.find(client: remote.client, paths: paths)?.waiting(
                paths: paths, clock: context.environment.clock)
            return Report.SyncStatus(
                feed: feedKnownMissing ? false : nil, pending: kept ?? 0, rejected: 0)
        }
        let (pending, since) = try replica.pendingSummary()
        let syncedAt = replica.syncedAt()
        return Report.SyncStatus(
            feed: feedKnownMissing ? false : (syncedAt == nil ? nil : true), pending: pending,
            pendingSince: since, rejected: try replica.rejected().count, syncedAt: syncedAt)
    }

    /// Whether `server` is plain http:// to a machine other than this one.
    static func isUnencryptedRemote(_ server: String) -> Bool {
        guard let url = URL(string: server), url.scheme?.lowercased() == "http" else {
            return false
        }
        return !APIConfiguration.isLoopback(host: url.host ?? "")
    }

    static func sourceName(_ source: ServerSelection.Source) -> String {
        switch source {
        case .flag: return "flag"
        case .environment: return "environment"
        case .configFile: return "config"
        }
    }
}
