import HabitClient
import HabitCore

/// `habits verify <code>`: signs in with the code from the email.
struct VerifyCommand: HabitsCommand {
    static let spec = CommandSpec(
        name: "verify",
        summary: "Finish signing in with the code from the email.",
        discussion: """
            Signs in with the code sent by 'habits auth email', using the address given \
            there (--email overrides it). The session is kept in the credentials file \
            (0600) and renewed automatically.
            """,
        positionals: [code.spec],
        options: [email.spec],
        examples: ["habits verify 123456", "habits verify 123456 --email you@example.com"])

    static let code = Positional("code", help: "The six-digit code from the email.")
    static let email = Option(
        "email", valueName: "address", help: "The address the code was sent to.")

    let code: String
    let email: String?

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        let text = arguments.value(of: Self.code) ?? ""
        guard let code = SessionCommands.normalisedCode(text) else {
            throw UsageError(
                .invalidValue(
                    argument: "<code>", value: text, expected: "the six digits from the email"),
                command: "verify")
        }
        self.code = code
        email = arguments.value(of: Self.email)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let session = try SessionCommands(context: context)
        let pending: String?
        if let email {
            pending = email
        } else {
            pending = try await session.call("") { client async throws(APIError) in
                try client.pendingEmail()
            }
        }
        guard let address = pending else {
            throw CommandError.api(.noPendingSignIn)
        }
        try await session.signIn(email: address, code: code)
    }
}
