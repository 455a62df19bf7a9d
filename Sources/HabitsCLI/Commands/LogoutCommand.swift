import HabitClient
import HabitCore

/// `habits logout`: ends the session here and, when it can, on the server.
struct LogoutCommand: HabitsCommand {
    static let discardPending = Flag(
        "discard-pending", help: "Sign out even though changes wait; they are lost.")

    static let spec = CommandSpec(
        name: "logout",
        summary: "Sign out: remove the saved session and ask the server to revoke it.",
        discussion: """
            Always removes the saved credentials, the cached habit list and this \
            device's copy of the account; the server is asked to revoke the session \
            when it can be reached. While changes made on this device wait to be sent, \
            logout first tries to send them and refuses if some still wait, unless \
            --discard-pending says to drop them. When the saved sign-in is damaged or \
            gone, so the changes cannot be sent, logout removes what is left of it but \
            keeps the copy with its waiting changes and says so: signing in again as the \
            same account sends them (--discard-pending drops them instead). A saved \
            sign-in that is a directory is not removed: logout says so and changes \
            nothing.
            """,
        options: [discardPending.spec],
        examples: ["habits logout", "habits logout --discard-pending"])

    let discardPending: Bool

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        discardPending = arguments[Self.discardPending]
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
        let paths = try context.paths()
        // A saved sign-in that cannot be read is named as such, never as
        // "not signed in"; what is left of it is removed below.
        var unusable: TokenStoreError?
        do throws(APIError) {
            _ = try session.client.signInStatus()
        } catch {
            guard case .storage(let storage) = error else { throw .api(error) }
            unusable = storage
        }
        let replica = try ReplicaBackend.open(
            remote: try RemoteBackend.open(selection: selection, context: context),
            context: context, creating: false)
        if let replica, !discardPending {
            if try replica.pendingSummary().count > 0 { try await replica.syncOnce() }
            let waiting = try replica.pendingSummary().count + replica.rejected().count
            if waiting > 0 { throw CommandError.logoutRefused(waiting: waiting) }
        }
        // Without a session to open it by, the copy kept for this server
        // holds changes that cannot be sent now: they are kept, with the
        // copy and its name, for the next sign-in as the same account.
        let kept = replica == nil ? KeptReplica.find(client: session.client, paths: paths) : nil
        // A copy that cannot be read may hold changes: said, unless dropped.
        let keptWaiting =
            discardPending
            ? 0 : try kept?.waiting(paths: paths, clock: context.environment.clock) ?? 0
        if let unusable, case .notRegularFile = unusable {
            // unlink cannot remove a directory: nothing is changed.
            throw CommandError.tokenStore(unusable).keepingChanges(keptWaiting)
        }
        let outcome = try await session.call("Signing out") { client async throws(APIError) in
            try await client.signOut()
        }
        HabitListCache(path: paths.listCacheFile).remove()
        if keptWaiting == 0 {
            replica?.removeReplica()
            kept?.remove()
            ReplicaName(path: paths.replicaNameFile).remove()
        }
        if context.style.json {
            try context.writeJSON(Outcome(changesKept: keptWaiting))
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
            if let unusable {
                context.output.line(CommandError.removedUnusableSignIn(unusable))
            } else {
                context.output.line("You were not signed in.")
            }
        }
        if keptWaiting > 0 {
            context.output.line(
                CommandError.changesKept(keptWaiting)
                    + " Sign in with 'habits auth email <address>'; 'habits logout "
                    + "--discard-pending' drops them instead.")
        }
    }

    /// `{"signed_out": true, "changes_kept": n}`: what server mode's --json prints.
    struct Outcome: Encodable {
        var signedOut = true
        var changesKept: Int

        enum CodingKeys: String, CodingKey {
            case signedOut = "signed_out"
            case changesKept = "changes_kept"
        }
    }
}
