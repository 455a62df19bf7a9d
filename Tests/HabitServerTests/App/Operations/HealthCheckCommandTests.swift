import Foundation
import ServerTestSupport
import Testing

@testable import HabitServer

/// `habits-server check`: the exit statuses a health check acts on.
@Suite struct HealthCheckCommandTests {
    func run(_ arguments: [String]) -> (status: Int32, output: [String], errors: [String]) {
        var output: [String] = []
        var errors: [String] = []
        let status = HealthCheckCommand.run(
            arguments, output: { output.append($0) }, errors: { errors.append($0) })
        return (status, output, errors)
    }

    @Test func aReadyServerExits0() throws {
        try withAPIServer { server throws in
            let result = run(["--url", "http://127.0.0.1:\(server.port)/readyz"])
            #expect(result.status == 0, "\(result)")
        }
    }

    @Test func aServerWhoseDatabaseIsGoneExits1WithTheReason() throws {
        try withAPIServer { server throws in
            server.app.store.close()
            let result = run(["--url=http://127.0.0.1:\(server.port)/readyz"])
            #expect(result.status == 1)
            #expect(
                result.errors == [
                    "habits-server check: http://127.0.0.1:\(server.port)/readyz answered 503: "
                        + "the database does not answer."
                ])
        }
    }

    @Test func nobodyListeningExits69() throws {
        // A port that was just free: bind, read it, close.
        let port = try withAPIServer { $0.port }
        let result = run(["--url", "http://127.0.0.1:\(port)/healthz", "--timeout", "2"])
        #expect(result.status == 69)
        #expect(result.errors.first?.contains("cannot reach") == true)
    }

    @Test func badArgumentsExit64() {
        #expect(run(["--url", "ftp://x/"]).status == 64)
        #expect(run(["--url"]).status == 64)
        #expect(run(["--timeout", "0"]).status == 64)
        #expect(run(["--what"]).status == 64)
        #expect(run(["--help"]).status == 0)
    }

    @Test func aReasonFromTheNetworkIsMadeSafeForATerminal() {
        let body = Data(#"{"reason": "bad\u001b[31m red"}"#.utf8)
        #expect(HealthCheckCommand.reason(in: body) == "bad?[31m red")
    }
}
