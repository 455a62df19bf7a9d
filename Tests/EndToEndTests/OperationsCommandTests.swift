import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// `habits-server check`, `backup` and `restore`, run as an operator would,
/// beside a real server.
@Suite struct OperationsCommandTests {
    func run(_ arguments: [String], in directory: TemporaryDirectory) async throws -> ProcessResult
    {
        try await Subprocess.run(
            Binaries.server, arguments,
            environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path],
            scratch: directory.url)
    }

    @Test func checkTellsReadyFromUnreachable() async throws {
        let directory = try TemporaryDirectory()
        let server = try await ServerProcess(directory: directory.url)
        let ready = try await run(
            ["check", "--url", "http://127.0.0.1:\(server.port)/readyz"], in: directory)
        #expect(ready.status == 0, "\(ready)")
        let alive = try await run(
            ["check", "--url=http://127.0.0.1:\(server.port)/healthz"], in: directory)
        #expect(alive.status == 0, "\(alive)")
        await server.stop()
        let gone = try await run(
            ["check", "--url", "http://127.0.0.1:\(server.port)/readyz", "--timeout", "2"],
            in: directory)
        #expect(gone.status == 69, "\(gone)")
        #expect(gone.error.hasPrefix("habits-server check: cannot reach"))
        let usage = try await run(["check", "--url", "not a url"], in: directory)
        #expect(usage.status == 64, "\(usage)")
    }

    @Test func aBackupTakenWhileServingRestoresIntoAServerWithTheSameData() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.appending("habits.sqlite3")
        let server = try await ServerProcess(directory: directory.url, database: database)
        let client = APITestClient(port: UInt16(server.port))
        let token = try GracefulShutdownTests.signIn(client, server, "backup@example.com")
        let created = try client.request(
            "POST", "/api/me/habits/",
            body: #"{"name": "Read", "frequency": "DAILY", "measurement_type": "pages", "#
                + #""start_date": "2026-01-01", "action_days": [1,2,3,4,5,6,7], "target_value": 5}"#,
            token: token)
        let habit = try #require(try created.object()["id"] as? Int, "\(created)")
        for day in 1...9 {
            let put = try client.request(
                "PUT", "/api/me/habits/\(habit)/progress/2026-01-0\(day)/",
                body: #"{"value": \#(day)}"#,
                token: token)
            try #require(put.status == 200, "\(put)")
        }
        let path = "/api/me/habits/\(habit)/progress/?from=2026-01-01&to=2026-01-31"
        let before = try client.request("GET", path, token: token)

        let backup = directory.appending("backup.sqlite3")
        let taken = try await run(
            ["backup", "--database", database, "--to", backup], in: directory)
        #expect(taken.status == 0, "\(taken)")
        #expect(TemporaryDirectory.mode(of: backup) == 0o600)
        let again = try await run(
            ["backup", "--database", database, "--to", backup], in: directory)
        #expect(again.status == 1)
        #expect(again.error.contains("exists already"))

        await server.stop()
        let refused = try await run(
            ["restore", "--from", backup, "--database", database], in: directory)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.error.contains("is not empty (1 accounts)"))

        // The secret file sits beside the database: same directory, same
        // secret, so the token still signs in on the restored copy.
        let restored = directory.appending("restored.sqlite3")
        let restore = try await run(
            ["restore", "--from", backup, "--database", restored], in: directory)
        #expect(restore.status == 0, "\(restore)")
        #expect(restore.output.hasPrefix("Restored 1 accounts, 1 habits and 9 progress entries"))
        let second = try await ServerProcess(
            directory: directory.url, database: restored, name: "restored")
        let after = try APITestClient(port: UInt16(second.port)).request("GET", path, token: token)
        #expect(after.status == 200)
        #expect(after.body == before.body)
        await second.stop()
    }

    @Test func aRestoreRefusesADatabaseAServerHasOpenAndCarriesNoSignInLimits() async throws {
        let directory = try TemporaryDirectory()
        let source = directory.appending("source.sqlite3")
        let first = try await ServerProcess(directory: directory.url, database: source)
        let token = try GracefulShutdownTests.signIn(
            APITestClient(port: UInt16(first.port)), first, "member@example.com")
        let created = try APITestClient(port: UInt16(first.port)).request(
            "POST", "/api/me/habits/",
            body: #"{"name": "Kept", "frequency": "DAILY", "measurement_type": "pages", "#
                + #""start_date": "2026-01-01", "action_days": [1,2,3,4,5,6,7], "target_value": 5}"#,
            token: token)
        #expect(created.status == 201, "\(created)")
        let backup = directory.appending("backup.sqlite3")
        let taken = try await run(["backup", "--database", source, "--to", backup], in: directory)
        #expect(taken.status == 0, "\(taken)")
        await first.stop()

        let target = directory.appending("served.sqlite3")
        let serving = try await ServerProcess(
            directory: directory.url, database: target, name: "serving")
        let refused = try await run(
            ["restore", "--from", backup, "--database", target], in: directory)
        #expect(refused.status == 1, "\(refused)")
        #expect(
            refused.error
                == "habits-server restore: \(target) is open in a running habits-server; "
                + "stop the servers using it, then restore again.\n")
        #expect(refused.output.isEmpty)
        // Nothing was restored under the running server.
        let client = APITestClient(port: UInt16(serving.port))
        let during = try client.request("GET", "/api/me/habits/", token: token)
        #expect(!during.text.contains("Kept"), "\(during)")
        await serving.stop()

        let restore = try await run(
            ["restore", "--from", backup, "--database", target], in: directory)
        #expect(restore.status == 0, "\(restore)")
        let restored = try await ServerProcess(
            directory: directory.url, database: target, name: "restored")
        let after = APITestClient(port: UInt16(restored.port))
        #expect(try after.request("GET", "/api/me/habits/", token: token).text.contains("Kept"))
        // The source's code went out seconds ago; the new server has no
        // memory of it and sends the next at once.
        let code = try after.request(
            "POST", "/api/auth/email/", body: #"{"email": "member@example.com"}"#)
        #expect(code.status == 202, "\(code)")
        await restored.stop()
    }

    @Test func printConfigReadsTheEnvironmentAndMasksSecrets() async throws {
        let directory = try TemporaryDirectory()
        let result = try await Subprocess.run(
            Binaries.server, ["--print-config", "--port", "8081"],
            environment: [
                "HOME": directory.path, "HABITS_SECRET": "do-not-print-me",
                "HABITS_SIGNUP": "closed", "HABITS_PORT": "7000",
            ], scratch: directory.url)
        #expect(result.status == 0, "\(result)")
        #expect(result.output.contains("port = 8081\n"))
        #expect(result.output.contains("signup = closed\n"))
        #expect(result.output.contains("secret = HABITS_SECRET (hidden)\n"))
        #expect(!result.output.contains("do-not-print-me"))
        let bad = try await Subprocess.run(
            Binaries.server, ["--print-config"],
            environment: ["HOME": directory.path, "HABITS_BACKUP_EVERY": "1h"],
            scratch: directory.url)
        #expect(bad.status == 64)
        #expect(
            bad.error == "habits-server: --backup-every and --backup-keep need --backup-dir DIR.\n")
    }

    @Test func postgresBackupsArePgDumpsJob() async throws {
        let directory = try TemporaryDirectory()
        let result = try await run(
            [
                "backup", "--database", "postgres://app:hunter2@db.internal/habits", "--to",
                "h.dump",
            ],
            in: directory)
        #expect(result.status == 1)
        #expect(
            result.output
                == "pg_dump --format=custom --exclude-table-data=login_codes "
                + "--exclude-table-data=code_sends --exclude-table-data=code_requests "
                + "--file='h.dump' --dbname='postgres://app@db.internal/habits'\n"
        )
        #expect(!result.output.contains("hunter2") && !result.error.contains("hunter2"))
    }
}
