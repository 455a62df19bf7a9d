import Foundation
import HabitStorage
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// With `--signup closed` or `allowlist`, a code request tells nothing about
/// the address: one with an account (or on the list) and one refused get the
/// same answers under the same per-address limit, in the same time.
@Suite(.serialized) struct SignupPrivacyTests {
    /// A server with `mode`, no per-client limit (the timing runs ask often
    /// from one client) and accounts for `accounts`.
    func server(_ mode: SignupPolicy.Mode, databasePath: String = ":memory:", accounts: [String])
        throws -> APITestServer
    {
        var settings = APISettings(codeRequestsPerClientHour: 0)
        settings.signup = SignupPolicy(
            mode: mode, allowed: AllowedEmails(addresses: ["listed@example.org"], domains: []))
        let server = try APITestServer(settings: settings, databasePath: databasePath)
        for email in accounts {
            _ = try server.app.store.findOrCreateUser(email: email, now: server.clock.now)
        }
        return server
    }

    func requestCode(_ server: APITestServer, _ email: String) throws -> APITestResponse {
        try server.request("POST", "/api/auth/email/", body: #"{"email": "\#(email)"}"#)
    }

    @Test(arguments: [SignupPolicy.Mode.closed, .allowlist])
    func aRefusedAddressIsLimitedLikeOneThatMaySignIn(mode: SignupPolicy.Mode) throws {
        let server = try server(mode, accounts: ["member@example.com"])
        defer { server.stop() }
        var admitted = ["member@example.com"]
        if mode == .allowlist { admitted.append("listed@example.org") }
        var answers: [String: [APITestResponse]] = [:]
        for email in admitted + ["stranger@example.com"] {
            answers[email] = [try requestCode(server, email), try requestCode(server, email)]
        }
        let refused = try #require(answers["stranger@example.com"])
        #expect(refused.map(\.status) == [202, 429])
        for email in admitted {
            let answer = try #require(answers[email])
            #expect(answer.map(\.status) == [202, 429], "\(email)")
            for (theirs, refusedOne) in zip(answer, refused) {
                #expect(
                    theirs.text.replacingOccurrences(of: email, with: "X")
                        == refusedOne.text.replacingOccurrences(
                            of: "stranger@example.com", with: "X"))
                #expect(Set(theirs.headers.keys) == Set(refusedOne.headers.keys))
                #expect(theirs.headers["retry-after"] == refusedOne.headers["retry-after"])
            }
        }
        // Only the addresses that may sign in were mailed.
        let messages = try server.messages()
        #expect(messages.count == admitted.count)
        #expect(!messages.contains { $0.contains("stranger@example.com") })
    }

    @Test func aRefusedAddressIsAnsweredInTheTimeOfAnAccountOnSQLite() throws {
        let directory = try TemporaryDirectory()
        try expectSameTiming(databasePath: directory.appending("habits.sqlite3"))
    }

    @Test func aRefusedAddressIsAnsweredInTheTimeOfAnAccountOnPostgreSQL() throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        try expectSameTiming(databasePath: try postgres.newDatabase(prefix: "signup_timing_"))
    }

    /// Interleaves code requests for accounts and for refused addresses
    /// (each address asked once, so no limit answers) and compares the
    /// times: the pairs' median ratio within 20% of 1 and neither range
    /// wholly above the other. Up to three rounds, as a loaded machine may
    /// disturb one; before the fix every round separated them severalfold.
    func expectSameTiming(databasePath: String) throws {
        let pairs = 41
        let accounts = (0..<(3 * pairs + 4)).map { "member\($0)@example.com" }
        let server = try server(.closed, databasePath: databasePath, accounts: accounts)
        defer { server.stop() }
        var next = 0
        func timed(_ email: String) throws -> Double {
            let start = ContinuousClock.now
            let answer = try requestCode(server, email)
            let elapsed = ContinuousClock.now - start
            #expect(answer.status == 202, "\(answer)")
            return Double(elapsed.components.attoseconds) / 1e15
                + Double(elapsed.components.seconds) * 1e3
        }
        // Warm-up: the first requests pay for caches and prepared statements.
        for _ in 0..<2 {
            _ = try timed(accounts[next])
            _ = try timed("warm\(next)@example.net")
            next += 1
        }
        var rounds: [String] = []
        for _ in 0..<3 {
            var known: [Double] = []
            var unknown: [Double] = []
            for pair in 0..<pairs {
                // ABBA order, so a drift of the machine's load falls on both.
                if pair % 2 == 0 {
                    known.append(try timed(accounts[next]))
                    unknown.append(try timed("nobody\(next)@example.net"))
                } else {
                    unknown.append(try timed("nobody\(next)@example.net"))
                    known.append(try timed(accounts[next]))
                }
                next += 1
            }
            let timing = TimingComparison(known: known, unknown: unknown)
            if timing.indistinguishable { return }
            rounds.append(timing.description)
        }
        Issue.record("The answers' times tell the addresses apart: \(rounds)")
    }
}

/// Two sets of times in milliseconds, taken in pairs (`known[i]` beside
/// `unknown[i]`), and whether they look alike.
struct TimingComparison: CustomStringConvertible {
    var known: [Double]
    var unknown: [Double]

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// The median of each pair's ratio: a pair shares the machine's load of
    /// its moment, so this is steadier than the ratio of the two medians
    /// when the load comes and goes.
    var pairedRatio: Double {
        Self.median(zip(known, unknown).map { $0 / max($1, 1e-9) })
    }

    /// The paired ratio within 20% of 1, and neither range wholly above the other.
    var indistinguishable: Bool {
        let overlap =
            (known.min() ?? 0) <= (unknown.max() ?? 0) && (unknown.min() ?? 0) <= (known.max() ?? 0)
        return pairedRatio >= 1 / 1.2 && pairedRatio <= 1.2 && overlap
    }

    var description: String {
        func summary(_ values: [Double]) -> String {
            String(
                format: "median %.2f ms, %.2f–%.2f", Self.median(values), values.min() ?? 0,
                values.max() ?? 0)
        }
        return String(
            format: "accounts %@; refused %@; paired ratio %.2f", summary(known),
            summary(unknown), pairedRatio)
    }
}
