import Foundation
import Testing

@testable import HabitsCLI

/// Not being signed in reads like every other error: one sentence, then a hint
/// quoted the way the other hints are.
@Suite struct SignInErrorTests {
    @Test func notSignedInIsOneSentenceAndAHint() async throws {
        let cli = try CLIHarness()
        defer { cli.cleanUp() }
        let run = await cli.run("--server", "http://127.0.0.1:9/api/", "list")
        #expect(run.status == .notSignedIn)
        #expect(
            run.error
                == "habits: You are not signed in.\n"
                + "Sign in with 'habits auth email <address>', then 'habits verify <code>'.\n")
    }
}
