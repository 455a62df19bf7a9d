import Foundation
import HabitPostgres
import HabitStorage
import ServerTestSupport
import TestSupport
import Testing

@testable import HabitServer

/// The pg_dump command `habits-server backup` prints, run for real: its dump
/// restores with pg_restore and carries no sign-in state, so the restored
/// servers answer the first code request as new ones.
@Suite struct PostgresBackupCommandTests {
    /// Debian's directory of PostgreSQL's programs, the newest version first.
    static func binaries() throws -> String {
        let debian = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: debian)) ?? []
        for version in versions.compactMap(Int.init).sorted(by: >)
        where FileManager.default.isExecutableFile(atPath: "\(debian)/\(version)/bin/pg_dump") {
            return "\(debian)/\(version)/bin"
        }
        throw TestSupportFailure("pg_dump was not found in \(debian)")
    }

    func requestCode(_ server: APITestServer, _ email: String) throws -> Int {
        try server.request("POST", "/api/auth/email/", body: #"{"email": "\#(email)"}"#).status
    }

    @Test func theDumpRestoresWithoutTheSourcesSignInState() async throws {
        let postgres = try PostgresTestServer.sharedOrCancel()
        let bin = try Self.binaries()
        let source = try postgres.newDatabase(prefix: "dump_source_")
        let first = try APITestServer(databasePath: source)
        _ = try first.signIn("member@example.com")
        #expect(try requestCode(first, "member@example.com") == 429)
        first.stop()

        let directory = try TemporaryDirectory()
        let dump = directory.appending("habits.dump")
        let command = BackupCommand.pgDumpCommand(
            url: try #require(PostgresURL(source)), file: dump)
        let environment = [
            "PATH": "\(bin):/usr/bin:/bin", "PGPASSWORD": PostgresTestServer.password,
        ]
        let dumped = try await Subprocess.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", command], adding: environment)
        try #require(dumped.status == 0, "\(dumped)")
        let target = try postgres.newDatabase(prefix: "dump_target_")
        let restored = try await Subprocess.run(
            URL(fileURLWithPath: "\(bin)/pg_restore"), ["--dbname=\(target)", dump],
            adding: environment)
        try #require(restored.status == 0, "\(restored)")

        let second = try APITestServer(databasePath: target)
        defer { second.stop() }
        #expect(try second.app.store.accountExists(email: "member@example.com"))
        #expect(try requestCode(second, "member@example.com") == 202)
    }
}
