import HabitClient
import HabitCore

/// `habits sync`: sends this device's waiting changes and pulls the others'
/// now; lists, retries or drops the changes the server refused.
struct SyncCommand: HabitsCommand {
    static let rejected = Flag("rejected", help: "List the changes the server refused.")
    static let retry = Flag("retry", help: "Send the refused changes again.")
    static let discardRejected = Flag(
        "discard-rejected", help: "Drop the refused changes for good.")

    static let spec = CommandSpec(
        name: "sync",
        summary: "Send this device's changes to the server and fetch the others' now.",
        discussion: """
            In server mode every device keeps a copy of the account's habits; changes \
            are saved on the device first and sent in order, each once, at the next \
            command that reaches the server. sync does it now and reports how many \
            changes it sent, received and reconciled (this device's changes applied \
            again over changes made elsewhere meanwhile). 'done' adds to the day, so \
            additions from several devices add up; set, skip, undo, notes, edits, \
            archive and delete apply in the order the server receives them. A change \
            the server refuses (the 15 habits limit, a name taken meanwhile) is kept: \
            --rejected lists those changes, --retry sends them again, \
            --discard-rejected drops them. Exit status: 0 when synced; 69 when the \
            server cannot be reached (the changes keep waiting).
            """,
        options: [rejected.spec, retry.spec, discardRejected.spec],
        examples: [
            "habits sync", "habits sync --rejected", "habits sync --retry",
            "habits sync --discard-rejected",
        ])

    enum Action: Hashable, Sendable {
        case sync, listRejected, retry, discardRejected
    }

    let action: Action

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        let chosen: [Action] = [
            arguments[Self.rejected] ? .listRejected : nil,
            arguments[Self.retry] ? .retry : nil,
            arguments[Self.discardRejected] ? .discardRejected : nil,
        ].compactMap { $0 }
        guard chosen.count <= 1 else {
            throw UsageError(.conflictingOptions(["--rejected", "--retry", "--discard-rejected"]))
        }
        action = chosen.first ?? .sync
    }

    struct Report: Encodable {
        /// `local` or `server`, as `list --json` says.
        var mode: String
        var sent: Int
        var received: Int
        var reconciled: Int
        var pending: Int
        var rejected: Int
        var syncedAt: String?

        enum CodingKeys: String, CodingKey {
            case mode, sent, received, reconciled, pending, rejected
            case syncedAt = "synced_at"
        }

        /// `synced_at` is written as `null` when there is none.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(mode, forKey: .mode)
            try container.encode(sent, forKey: .sent)
            try container.encode(received, forKey: .received)
            try container.encode(reconciled, forKey: .reconciled)
            try container.encode(pending, forKey: .pending)
            try container.encode(rejected, forKey: .rejected)
            try container.encode(syncedAt, forKey: .syncedAt)
        }
    }

    struct RejectedChange: Encodable {
        var habit: String
        var change: String
        var reason: String?
        var savedAt: String

        enum CodingKeys: String, CodingKey {
            case habit, change, reason
            case savedAt = "saved_at"
        }
    }

    func run(in context: CommandContext) async throws(CommandError) {
        guard try context.serverSelection() != nil else {
            if context.style.json {
                try context.writeJSON(
                    Report(
                        mode: "local", sent: 0, received: 0, reconciled: 0, pending: 0,
                        rejected: 0, syncedAt: nil))
            } else {
                context.output.line(
                    "Local mode keeps everything on this device; there is nothing to sync.")
            }
            return
        }
        guard let backend = try context.backend() as? ReplicaBackend else {
            throw try Self.whyNoCopy(context)
        }
        switch action {
        case .listRejected:
            try listRejected(backend, in: context)
            return
        case .discardRejected:
            let dropped = try backend.changeRejected(retrying: false)
            if context.style.json {
                try context.writeJSON(["discarded": dropped])
            } else {
                context.output.line(
                    "Dropped \(dropped) refused change\(dropped == 1 ? "" : "s").")
            }
            return
        case .retry:
            try backend.changeRejected(retrying: true)
        case .sync:
            break
        }
        let report = try await backend.syncOnce(waiting: .infinity)
        guard let report else { throw CommandError.syncUnfinished }
        if report.busy {
            throw CommandError.syncBusy
        }
        if report.feedAbsent { throw .noChangeFeed }
        let (pending, _) = try backend.pendingSummary()
        if let failure = report.failure {
            throw CommandError.syncFailed(failure, waiting: pending)
        }
        let rejected = try backend.rejected().count
        // Waiting changes this version cannot read were not sent: the sync
        // says what it did, then fails for them.
        let unreadable = try backend.unreadable().count
        if context.style.json {
            try context.writeJSON(
                Report(
                    mode: "server", sent: report.sent, received: report.received,
                    reconciled: report.reconciled, pending: pending, rejected: rejected,
                    syncedAt: backend.syncedAt().map(RFC3339.string(from:))))
        } else {
            context.output.line(
                SyncWords.summary(
                    sent: report.sent, received: report.received, reconciled: report.reconciled))
            if rejected > 0 {
                context.output.line(
                    "\(rejected) refused change\(rejected == 1 ? "" : "s") kept: see 'habits sync --rejected'."
                )
            }
        }
        if unreadable > 0 { throw .unreadableChanges(unreadable) }
    }

    /// Why server mode has no copy to sync: the server was seen without the
    /// change feed, the session is missing or another server's, or no copy
    /// can be named. Only the first is said as the server's.
    private static func whyNoCopy(_ context: CommandContext) throws(CommandError) -> CommandError {
        guard let selection = try context.serverSelection() else { return .noCopyToSync }
        let client = try RemoteBackend.makeClient(selection: selection, context: context)
        let features = ServerFeatureNotes(path: try context.paths().serverFeaturesFile)
        guard
            features.worthTrying(
                .changeFeed, on: client.configuration.baseURLString,
                now: context.environment.clock.now())
        else { return .noChangeFeed }
        let status: SignInStatus
        do throws(APIError) {
            status = try client.signInStatus()
        } catch {
            return .api(error)
        }
        guard let session = status.session else { return .api(.signedOut) }
        guard session.isForConfiguredServer else {
            return .api(.signedInElsewhere(server: session.server))
        }
        return .noCopyToSync
    }

    private func listRejected(_ backend: ReplicaBackend, in context: CommandContext)
        throws(CommandError)
    {
        let rejected = try backend.rejected()
        let names = backend.habitNames()
        let listed = rejected.map { operation in
            let name = names[operation.habitID] ?? "habit \(operation.habitID)"
            return RejectedChange(
                habit: name, change: SyncWords.describe(operation.change),
                reason: operation.lastError?.sentence,
                savedAt: RFC3339.string(from: operation.createdAt))
        }
        if context.style.json {
            try context.writeJSON(listed)
            return
        }
        if listed.isEmpty {
            context.output.line("No refused changes.")
            return
        }
        for change in listed {
            context.output.line(
                "\(HabitText.name(change.habit)): \(change.change)"
                    + (change.reason.map { ": \($0)" } ?? ""))
        }
        context.output.line(SyncWords.rejectedHint)
    }
}
