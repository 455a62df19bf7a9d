import HabitClient
import HabitCore

/// `habits auth email <address>`: asks the server to email a sign-in code.
struct AuthCommand: HabitsCommand {
    static let method = Positional("method", values: ["email"], help: "How to sign in: email.")
    static let address = Positional("address", help: "Your email address.")

    static let spec = CommandSpec(
        name: "auth",
        summary:
            "Sign in to the server: auth email <address> sends a code for 'habits verify'.",
        discussion: """
            Asks the configured server to email a six-digit sign-in code to <address>, \
            and remembers the address for 'habits verify'. On a terminal it offers to \
            read the code right away. Needs a server: set one with 'habits config set \
            server <url>', HABITS_SERVER or --server.
            """,
        positionals: [method.spec, address.spec],
        examples: [
            "habits auth email you@example.com",
            "habits --server http://127.0.0.1:8000/api/ auth email you@example.com",
        ])

    let address: String

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        let method = arguments.value(of: Self.method) ?? ""
        guard method == "email" else {
            throw UsageError(
                .invalidValue(argument: "<method>", value: method, expected: "email"),
                command: "auth")
        }
        address = arguments.value(of: Self.address) ?? ""
    }

    /// How many codes the prompt sends before leaving it to 'habits verify':
    /// the server burns a code after five wrong ones.
    static let promptAttempts = 5

    /// Asks for the code until one is accepted, the person presses Return,
    /// or the attempts run out; a code of the wrong form is asked again
    /// without being sent. Returns whether signing in succeeded.
    private func askForCode(_ prompter: Prompter, session: SessionCommands)
        async throws(CommandError) -> Bool
    {
        var sent = 0
        var question = "Enter the code from the email (or press Return to enter it later)"
        while sent < Self.promptAttempts {
            guard let text = prompter.ask(question), !text.isEmpty else { return false }
            guard let code = SessionCommands.normalisedCode(text) else {
                question = "A code is six digits; enter it again (or press Return to stop)"
                continue
            }
            sent += 1
            do throws(CommandError) {
                try await session.signIn(email: address, code: code)
                return true
            } catch  where error.exitCode == .failure && sent < Self.promptAttempts {
                session.context.errorOutput.line("habits: \(error.message)")
                question = "Enter the code again (or press Return to stop)"
            }
        }
        return false
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let session = try SessionCommands(context: context)
        try await session.call("Requesting a code") { client async throws(APIError) in
            try await client.requestCode(email: address)
        }
        if context.style.json {
            try context.writeJSON(
                ["email": .string(address), "code_sent": .bool(true)] as [String: JSONScalar])
            return
        }
        context.output.line("A sign-in code is on its way to \(address) from \(session.server).")
        if let prompter = context.prompter {
            if try await askForCode(prompter, session: session) { return }
        }
        context.output.line("Check your email, then run: habits verify <code>")
    }
}
