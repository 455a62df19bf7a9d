import Foundation
import TestSupport
import Testing

@testable import HabitPostgres
@testable import HabitStore

/// Opening a PostgreSQL database: migrations under the advisory lock, and
/// refusals that name the database without its password.
@Suite struct PostgresStoreOpeningTests {
    /// The shared server, or the case is cancelled (fails under CI) as the
    /// store cases are.
    static func server() throws -> PostgresTestServer {
        switch PostgresTestServer.shared {
        case .success(let server): return server
        case .failure(let unavailable):
            if PostgresTestServer.isRequired { throw unavailable }
            try Test.cancel("PostgreSQL case not run: \(unavailable)")
        }
    }

    /// A new empty schema; returns the URL that uses it.
    static func schema(on server: PostgresTestServer) throws -> String {
        let name = "o_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try server.psql("CREATE SCHEMA \(name)")
        return server.url() + "?options=-csearch_path%3D" + name
    }

    @Test func storesOpeningAtOnceMigrateOnce() throws {
        let url = try #require(PostgresURL(try Self.schema(on: try Self.server())))
        let outcomes = runConcurrently(6) { _ in
            Result { () throws(StoreError) in
                try PostgresStore(url: url, poolSize: 1, environment: [:])
            }
        }
        for outcome in outcomes { #expect((try? outcome.get()) != nil, "\(outcome)") }
        let store = try #require(try outcomes.first?.get())
        let versions = try store.read { connection throws(StoreError) in
            try connection.query("SELECT count(*), max(version) FROM schema_version")
        }
        #expect(versions.int64(0, 0) == 1)
        #expect(versions.int64(0, 1) == Int64(PostgresStore.schemaVersion))
    }

    @Test func aNewerSchemaIsRefused() throws {
        let url = try #require(PostgresURL(try Self.schema(on: try Self.server())))
        let store = try PostgresStore(url: url, poolSize: 1, environment: [:])
        _ = try store.read { connection throws(StoreError) in
            try connection.run("UPDATE schema_version SET version = version + 1")
        }
        store.close()
        let supported = PostgresStore.schemaVersion
        #expect(throws: StoreError.newerSchema(found: supported + 1, supported: supported)) {
            try PostgresStore(url: url, poolSize: 1, environment: [:])
        }
    }

    @Test func anotherProgramsHabitsTableIsLeftAlone() throws {
        let server = try Self.server()
        let text = try Self.schema(on: server)
        let schema = text.components(separatedBy: "%3D").last ?? ""
        try server.psql("CREATE TABLE \(schema).habits (id integer)")
        let error = #expect(throws: StoreError.self) {
            try PostgresStore(url: try #require(PostgresURL(text)), poolSize: 1, environment: [:])
        }
        guard case .cannotOpen(_, let reason) = error else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("habits did not create"))
    }

    @Test func aWrongPasswordNamesTheDatabaseWithoutIt() throws {
        let server = try Self.server()
        let url = try #require(PostgresURL(server.url(password: "Wrong-pass-123")))
        let error = #expect(throws: StoreError.self) {
            try PostgresStore(url: url, poolSize: 1, environment: [:])
        }
        let text = error?.description ?? ""
        #expect(text.contains("postgres://habits@127.0.0.1"), "\(text)")
        #expect(text.contains("password authentication failed"), "\(text)")
        #expect(!text.contains("Wrong-pass-123"), "\(text)")
    }

    @Test func aClosedStoreIsUnavailableNotAnError() throws {
        let url = try #require(PostgresURL(try Self.schema(on: try Self.server())))
        let store = try PostgresStore(url: url, poolSize: 2, environment: [:])
        store.close()
        #expect {
            _ = try store.habits(owner: 1, status: .all)
        } throws: { error in
            if case .unavailable = error as? StoreError { return true }
            return false
        }
    }
}
