import HabitClient
import HabitCore

/// `habits logout`: ends the session here and, when it can, on the server.
struct LogoutCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "logout",
        summary: "Sign out: remove the saved session and ask the server to revoke it.",
        discussion: """
            Always removes the saved credentials, the cached habit list and this \
            device's copy of the account; the server is asked to revoke the session \
            when it can be reached. While changes made on this device wait to be sent, \
            logout first tries to send them and refuses if some still wait, unless \
            --discard-pending says to drop them.
            """,
        options: [
            .flag("discard-pending", help: "Sign out even though changes wait; they are lost.")
        ],
        examples: ["habits logout", "habits logout --discard-pending"])

    let discardPending: Bool

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        discardPending = arguments.flag("discard-pending")
    }

    func run(in context: CommandContext) async throws(CommandError) {
        guard let selection = try context.serverSelection() else {
            if context.style.json {
                try context.writeJSON(["signed_out": true])
            } else {
                context.output.line("Local mode has no sign-in; there is nothing to sign out of.")
            }
            return
        }
        let session = try SessionCommands(context: context)
        let replica = try ReplicaBackend.open(
            remote: try RemoteBackend.open(selection: selection, context: context),
            context: context, creating: false)
        if let replica, !discardPending {
            if try replica.pendingSummary().count > 0 { try await replica.syncOnce() }
            let waiting = try replica.pendingSummary().count + replica.rejected().count
            if waiting > 0 { throw SyncWords.logoutRefused(count: waiting) }
        }
        let outcome = try await session.call("Signing out") { client async throws(APIError) in
            try await client.signOut()
        }
        HabitListCache(path: try context.paths().listCacheFile).remove()
        replica?.removeReplica()
        ReplicaName(path: try context.paths().replicaNameFile).remove()
        if context.style.json {
            try context.writeJSON(["signed_out": true])
            return
        }
        switch outcome {
        case .revoked:
            context.output.line("Signed out of \(session.server).")
        case .removedLocally(let error):
            context.output.line(
                "Signed out on this device. The server could not revoke the session "
                    + "(\(CommandError.api(error).message)); it lapses on its own."
            )
        case .wasSignedOut:
            context.output.line("You were not signed in.")
        }
    }
}
