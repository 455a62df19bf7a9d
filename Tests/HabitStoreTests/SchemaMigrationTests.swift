import Foundation
import TestSupport
import Testing

@testable import HabitStore

/// Databases written by earlier versions are brought up to date on opening.
@Suite struct SchemaMigrationTests {
    @Test func aVersionOneDatabaseGainsIdempotencyKeysAndKeepsItsData() throws {
        let directory = try TemporaryDirectory()
        let path = directory.appending("version1.sqlite")
        let old = try SQLiteConnection(path: path, create: true)
        try old.execute(Schema.migrations[0])
        try old.execute("PRAGMA user_version = 1")
        try old.execute("INSERT INTO users (email, created_at) VALUES ('a@b.co', 0)")
        old.close()

        let store = try SQLiteStore(path: path)
        defer { store.close() }

        #expect(try rawCount("PRAGMA user_version", path: path) == Int64(Schema.version))
        #expect(try store.user(id: 1)?.email == "a@b.co")
        let request = IdempotencyRequest(scope: "user:1", key: "k", fingerprint: "f")
        let answer = IdempotentAnswer(status: 400, body: Data("{}".utf8))
        _ = try store.recordAnswer(answer, for: request, now: referenceTime)
        let again = try store.recordAnswer(answer, for: request, now: referenceTime)
        guard case .replayed(let replayed) = again else {
            Issue.record("expected the stored answer again, got \(again)")
            return
        }
        #expect(replayed == answer)
    }
}
