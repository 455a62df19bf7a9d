import HabitClient
import HabitCore

/// `habits logout`: ends the session here and, when it can, on the server.
struct LogoutCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "logout",
        summary: "Sign out: remove the saved session and ask the server to revoke it.",
        discussion: """
            Always removes the saved credentials and the cached habit list from this \
            device; the server is asked to revoke the session when it can be reached.
            """,
        examples: ["habits logout"])

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {}

    func run(in context: CommandContext) async throws(CommandError) {
        guard try context.serverSelection() != nil else {
            if context.style.json {
                try context.writeJSON(["signed_out": true])
            } else {
                context.output.line("Local mode has no sign-in; there is nothing to sign out of.")
            }
            return
        }
        let session = try SessionCommands(context: context)
        let outcome = try await session.call("Signing out") { client async throws(APIError) in
            try await client.signOut()
        }
        HabitListCache(path: try context.paths().listCacheFile).remove()
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
                    + "(\(error.description)); it lapses on its own."
            )
        case .wasSignedOut:
            context.output.line("You were not signed in.")
        }
    }
}
