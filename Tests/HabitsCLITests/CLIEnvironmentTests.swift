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

    /// A variable read by name (`getenv`) is the dictionary's, before the
    /// dictionary is read and after, for every variable and for one unset.
    @Test func aVariableByNameIsTheDictionarys() {
        let environment = CLIEnvironment.process()
        let expected = ProcessInfo.processInfo.environment
        #expect(!expected.isEmpty)
        for (name, value) in expected { #expect(environment.variable(name) == value, "\(name)") }
        let unset = "HABITS_TEST_UNSET_\(UInt64.random(in: 0...UInt64.max))"
        #expect(environment.variable(unset) == nil)
        #expect(environment.variables == expected)
        for (name, value) in expected { #expect(environment.variable(name) == value, "\(name)") }
        #expect(environment.variable(unset) == nil)
        var given = environment
        given.variables = ["HOME": "/home/given"]
        #expect(given.variable("HOME") == "/home/given")
        #expect(given.variable("PATH") == nil)
    }
}
