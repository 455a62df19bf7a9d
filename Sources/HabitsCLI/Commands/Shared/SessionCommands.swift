import HabitClient
import HabitCore

/// What the sign-in commands share: the API client for the selected server
/// (refusing local mode), calls under the spinner, and signing in.
struct SessionCommands: Sendable {
    let context: CommandContext
    let client: HabitAPIClient
    let indicator: ActivityIndicator

    init(context: CommandContext) throws(CommandError) {
        guard let selection = try context.serverSelection() else {
            throw CommandError.signInNeedsServer
        }
        self.context = context
        client = try RemoteBackend.makeClient(selection: selection, context: context)
        indicator = ActivityIndicator(
            output: context.errorOutput,
            enabled: context.environment.terminal.errorIsTerminal, unicode: context.style.unicode,
            delay: context.environment.statusLineDelay ?? ActivityIndicator.delay)
    }

    /// The server's base URL.
    var server: String { client.configuration.baseURLString }

    /// Runs `body` with the client under the spinner, mapping its errors.
    func call<T: Sendable>(
        _ label: String, _ body: @Sendable (HabitAPIClient) async throws(APIError) -> T
    ) async throws(CommandError) -> T {
        let client = client
        return try await indicator.during(label) { () async throws(CommandError) -> T in
            do throws(APIError) {
                return try await body(client)
            } catch {
                throw CommandError.api(error)
            }
        }
    }

    /// The code as the server takes it (spaces and dashes between digits
    /// dropped), or `nil` when it is not six digits: checked before sending,
    /// so a typo does not use up one of the code's five attempts.
    static func normalisedCode(_ text: String) -> String? {
        let code = text.filter { $0 != " " && $0 != "-" }
        guard code.count == 6, code.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return code
    }

    /// Signs in and says so.
    func signIn(email: String, code: String) async throws(CommandError) {
        let summary = try await call("Signing in") { client async throws(APIError) in
            try await client.signIn(email: email, code: code)
        }
        await AccountTimeZone.sendDeviceZone(context.environment.clock.timeZone, with: client)
        if let paths = try? context.paths() {
            await DayStartSetting.fetchAfterSignIn(with: client, paths: paths)
        }
        if context.style.json {
            try context.writeJSON([
                "email": JSONScalar.string(summary.email), "signed_in": .bool(true),
            ])
            return
        }
        context.output.line("Signed in as \(summary.email) at \(summary.server).")
    }
}
