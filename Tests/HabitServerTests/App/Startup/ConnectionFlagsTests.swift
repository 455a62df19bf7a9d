import Foundation
import Testing

@testable import HabitServer

/// The habits-server flags that configure the HTTP layer's connections.
@Suite("habits-server connection flags")
struct ConnectionFlagsTests {
    private let home = ["HOME": "/tmp/habits-flags-test"]

    @Test func defaultsAndFlagsReachTheConfiguration() throws {
        guard case .run(let defaults) = try ServerCommandLine.parse([], environment: home) else {
            Issue.record("expected a run command")
            return
        }
        #expect(defaults.maxConnections == 16_384)
        #expect(defaults.maxConnectionsPerClient == 64)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect(defaults.responderThreads == max(2, cores))
        #expect(defaults.eventLoops == nil)
        #expect(defaults.databaseReaders == max(2, cores))

        guard
            case .run(let configured) = try ServerCommandLine.parse(
                [
                    "--max-connections", "500", "--max-connections-per-client=8",
                    "--responder-threads", "2", "--event-loops", "3",
                ], environment: home)
        else {
            Issue.record("expected a run command")
            return
        }
        #expect(configured.maxConnections == 500)
        #expect(configured.maxConnectionsPerClient == 8)
        #expect(configured.responderThreads == 2)
        #expect(configured.eventLoops == 3)
        #expect(configured.databaseReaders == 2)

        // Requests on the loops' threads: one database reader per loop.
        guard
            case .run(let inline) = try ServerCommandLine.parse(
                ["--responder-threads", "0", "--event-loops", "3"], environment: home)
        else {
            Issue.record("expected a run command")
            return
        }
        #expect(inline.databaseReaders == 3)
    }

    @Test(arguments: [
        ["--max-connections", "0"], ["--max-connections", "many"],
        ["--max-connections-per-client", "-1"], ["--responder-threads", "-1"],
        ["--responder-threads", "1000"], ["--event-loops", "0"],
    ])
    func outOfRangeValuesAreUsageErrors(arguments: [String]) {
        #expect {
            try ServerCommandLine.parse(arguments, environment: home)
        } throws: { error in
            (error as? UsageError)?.description.contains(arguments[0]) == true
        }
    }
}
