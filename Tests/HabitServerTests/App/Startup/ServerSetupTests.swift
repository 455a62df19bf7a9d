import Foundation
import HabitAPI
import HabitHTTP
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// Flags, the secret file and the mailers.
@Suite struct ServerSetupTests {
    let home = ["HOME": "/home/someone"]

    private func configuration(_ arguments: [String], environment: [String: String]? = nil)
        throws -> ServerConfiguration
    {
        guard
            case .run(let configuration) = try ServerCommandLine.parse(
                arguments, environment: environment ?? home)
        else { throw APITestFailure("expected a run command") }
        return configuration
    }

    @Test func defaults() throws {
        let configuration = try configuration([])
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8000)
        #expect(
            configuration.databasePath == "/home/someone/.local/share/habits-server/habits.sqlite3")
        #expect(configuration.secretFile == "/home/someone/.local/share/habits-server/secret")
        #expect(
            configuration.mail
                == .outbox(directory: "/home/someone/.local/share/habits-server/outbox"))
        #expect(configuration.settings == APISettings())
        #expect(configuration.logLevel == .info)
        let xdg = try self.configuration([], environment: ["XDG_DATA_HOME": "/data", "HOME": "/h"])
        #expect(xdg.databasePath == "/data/habits-server/habits.sqlite3")
    }

    @Test func everyFlag() throws {
        let configuration = try configuration([
            "--host", "::1", "--port=0", "--database", "/tmp/x/h.db", "--secret-file", "/s",
            "--mail-command", "sendmail -t", "--access-ttl", "5", "--refresh-ttl=60",
            "--refresh-grace", "0", "--log-level", "debug",
        ])
        #expect(configuration.host == "::1")
        #expect(configuration.port == 0)
        #expect(configuration.databasePath == "/tmp/x/h.db")
        #expect(configuration.secretFile == "/s")
        #expect(configuration.mail == .command("sendmail -t"))
        #expect(configuration.settings.accessTokenLifetime == 5)
        #expect(configuration.settings.refreshTokenLifetime == 60)
        #expect(configuration.settings.refreshGrace == 0)
        #expect(configuration.logLevel == .debug)
        let beside = try self.configuration(["--database", "/srv/habits/h.db"])
        #expect(beside.secretFile == "/srv/habits/secret")
        #expect(beside.mail == .outbox(directory: "/srv/habits/outbox"))
        let memory = try self.configuration(["--database", ":memory:", "--outbox", "/tmp/o"])
        #expect(memory.secretFile == nil)
        #expect(memory.mail == .outbox(directory: "/tmp/o"))
    }

    @Test func helpAndVersion() throws {
        guard
            case .help = try ServerCommandLine.parse(["--port", "1", "--help"], environment: home)
        else { throw APITestFailure("expected help") }
        guard case .version = try ServerCommandLine.parse(["--version"], environment: home)
        else { throw APITestFailure("expected version") }
        #expect(ServerCommandLine.usage.contains("--mail-command"))
    }

    /// Every flag the server takes, with a value it accepts.
    static let everyFlag: [(flag: String, value: String?)] = [
        ("--host", "::1"), ("--port", "0"), ("--database", ":memory:"),
        ("--database-pool", "3"), ("--secret-file", "/tmp/s"), ("--outbox", "/tmp/o"),
        ("--mail-command", "cat"), ("--access-ttl", "60"), ("--refresh-ttl", "600"),
        ("--refresh-grace", "0"), ("--log-level", "debug"), ("--max-connections", "10"),
        ("--max-connections-per-client", "2"), ("--responder-threads", "0"),
        ("--event-loops", "1"), ("--help", nil), ("--version", nil),
        ("--code-requests-per-client-hour", "0"), ("--trusted-proxy", "10.0.0.0/8, ::1"),
        ("--log-format", "json"), ("--no-web", nil), ("--allow-private-targets", nil),
        ("--reminder-interval", "0"), ("--public-url", "https://habits.example.com/"),
    ]

    @Test func helpListsEveryFlagTheParserTakes() throws {
        let lines = ServerCommandLine.usage.split(separator: "\n", omittingEmptySubsequences: false)
        for (flag, value) in Self.everyFlag {
            let listed = lines.filter { $0.hasPrefix("  \(flag) ") || $0 == "  \(flag)" }
            #expect(listed.count == 1, "\(flag) is listed once in --help")
            guard let value else { continue }
            let placeholder = listed.first?.dropFirst(flag.count + 3).first
            #expect(placeholder?.isUppercase == true, "\(flag) names its value")
            #expect(throws: Never.self, "\(flag) is parsed") {
                try ServerCommandLine.parse([flag, value], environment: home)
            }
        }
        let listedFlags = lines.filter { $0.hasPrefix("  --") }.count
        #expect(
            listedFlags == Self.everyFlag.count + OperationsFlagsTests.everyFlag.count,
            "--help lists no flag the parser lacks")
        #expect(lines.allSatisfy { $0.count <= 80 && !$0.hasSuffix(" ") })
    }

    @Test(arguments: [
        ["--bogus"], ["--port"], ["--port", "65536"], ["--port", "-1"], ["--port", "http"],
        ["--access-ttl", "0"], ["--refresh-grace", "-1"], ["--log-level", "loud"],
        ["--outbox", "/a", "--mail-command", "cat"], ["stray"], ["--database", ""],
    ])
    func badFlagsAreOneSentence(arguments: [String]) {
        let error = #expect(throws: UsageError.self) {
            try ServerCommandLine.parse(arguments, environment: home)
        }
        let text = error?.description ?? ""
        #expect(text.hasSuffix("."))
        #expect(!text.contains("\n"))
    }

    @Test func missingHomeNeedsADatabaseFlag() throws {
        #expect(throws: UsageError.self) { try ServerCommandLine.parse([], environment: [:]) }
        let configuration = try configuration(
            ["--database", ":memory:", "--outbox", "/tmp/o"], environment: [:])
        #expect(configuration.databasePath == ":memory:")
    }

    @Test func secretFileIsCreatedPrivatelyOnceAndReused() throws {
        let temporary = try TemporaryDirectory(prefix: "habits-secret")
        let directory = temporary.url
        let path = directory.appendingPathComponent("nested/secret").path
        let first = try ServerSecret.load(file: path, environment: [:], random: .system)
        #expect(first.count == 64)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(try ServerSecret.load(file: path, environment: [:], random: .system) == first)
        let overridden = try ServerSecret.load(
            file: path, environment: ["HABITS_SECRET": "from env"], random: .system)
        #expect(overridden == Array("from env".utf8))
        let leftovers = try FileManager.default.contentsOfDirectory(
            atPath: directory.appendingPathComponent("nested").path)
        #expect(leftovers == ["secret"])

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
        let error = #expect(throws: ServerStartupError.self) {
            try ServerSecret.load(file: path, environment: [:], random: .system)
        }
        #expect(error?.description.contains("chmod 600") == true)
    }

    @Test func commandMailerPipesTheMessage() throws {
        let temporary = try TemporaryDirectory(prefix: "habits-mail")
        let directory = temporary.url
        let file = directory.appendingPathComponent("message").path
        let address = try #require(EmailAddress("a@b.co"))
        let message = MailMessage.signInCode(
            "123456", to: address, from: "x <x@localhost>", date: Date(timeIntervalSince1970: 0),
            lifetime: 600)
        let mailer = CommandMailer(command: "cat > '\(file)'")
        #expect(try mailer.send(message) == "command cat > '\(file)'")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written == message.rendered)
        #expect(written.contains("To: a@b.co\n"))
        #expect(written.contains("\nYour habits sign-in code: 123456\n"))
        #expect(written.contains("Date: Thu, 01 Jan 1970 00:00:00 +0000\n"))

        #expect(throws: MailError.self) { try CommandMailer(command: "exit 3").send(message) }
        // A command that never reads its input must not take the server down.
        #expect(throws: MailError.self) {
            try CommandMailer(command: "exec 0<&-; exit 1").send(message)
        }
    }

    @Test func failingMailCommandAnswers503() throws {
        let clock = TestClock(APITestServer.defaultStart)
        let configuration = ServerConfiguration(
            port: 0, databasePath: ":memory:", secretFile: nil, mail: .command("exit 1"))
        let app = try HabitServerApp(
            configuration: configuration, environment: [:], now: { clock.now }, log: .disabled)
        let client = APITestClient(port: try app.start())
        defer { app.shutdown() }
        let answer = try client.request("POST", "/api/auth/email/", body: #"{"email": "a@b.co"}"#)
        #expect(answer.status == 503)
        #expect(answer.code == "mail_failed")
    }
}
