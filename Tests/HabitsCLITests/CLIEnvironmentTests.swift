import Foundation
import Testing

@testable import HabitsCLI

/// The environment the executable reads for itself, without Foundation's
/// ProcessInfo on Linux.
@Suite struct CLIEnvironmentTests {
    @Test func processVariablesAreProcessInfosEnvironment() {
        #expect(CLIEnvironment.processVariables() == ProcessInfo.processInfo.environment)
        #expect(CLIEnvironment.processVariables()["PATH"] != nil)
    }
}
