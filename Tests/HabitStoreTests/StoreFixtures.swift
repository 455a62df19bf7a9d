import Foundation
import HabitConcurrency
import HabitCore
import ServerTestSupport
// The storage tests' values (a reference time, days, a habit's fields),
// shared with HabitStorageTests, for every file of these tests.
@_exported import StorageTestSupport
import TestSupport
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// Runs `body(0)`, `body(1)`, … on `count` threads started together, and
/// returns the results in index order.
func runConcurrently<Result: Sendable>(
    _ count: Int, _ body: @escaping @Sendable (Int) -> Result
) -> [Result] {
    let results = ResultsByIndex<Result>()
    let ready = DispatchGroup()
    let done = DispatchGroup()
    let start = DispatchSemaphore(value: 0)
    for index in 0..<count {
        ready.enter()
        done.enter()
        let thread = Thread {
            ready.leave()
            start.wait()
            let result = body(index)
            results.store(result, at: index)
            done.leave()
        }
        thread.start()
    }
    ready.wait()
    for _ in 0..<count { start.signal() }
    done.wait()
    return results.inOrder(count)
}

private final class ResultsByIndex<Result: Sendable>: Sendable {
    private let results = Locked<[Int: Result]>([:])

    func store(_ result: Result, at index: Int) {
        results.withLock { $0[index] = result }
    }

    func inOrder(_ count: Int) -> [Result] {
        results.withLock { results in (0..<count).compactMap { results[$0] } }
    }
}

extension AuthRepository {
    /// A fresh account for a test.
    func makeUser(_ email: String) throws -> User {
        try findOrCreateUser(email: email, now: referenceTime)
    }
}

/// Writes at `path` a database as version `version` of habits left it (the
/// server's steps through it: every database had the server's tables
/// before version 15), then runs `sql` on it.
func writeOldDatabase(at path: String, version: Int, _ sql: String) throws {
    let old = try SQLiteConnection(path: path, create: true)
    defer { old.close() }
    for migration in Schema.migrations.prefix(version) { try old.execute(migration.server) }
    try old.execute("PRAGMA user_version = \(version)")
    try old.execute(sql)
}

/// A raw connection to a store's file, to look under the repository API.
func rawCount(_ sql: String, path: String) throws -> Int64 {
    let connection = try SQLiteConnection(path: path, create: false)
    defer { connection.close() }
    return try connection.firstRow(sql) { row in row.int64(0) } ?? -1
}

/// What the store cases run against: every repository, and closing.
protocol TestStore: HabitRepository, AuthRepository, IdempotencyRepository, ChangeFeedRepository,
    AccessTokenRepository
{
    func close()
    func allProgress(habitID: Int64, owner: Int64) throws(StoreError) -> [ProgressEntry]?
}

extension SQLiteStore: TestStore {}
extension PostgresStore: TestStore {}

/// The stores every case of the suite runs against, as the arguments of
/// each test: the same cases, one run per store.
///
/// Each suite's cases are plain methods on a suite made for one store
/// (`init(_ kind:)`); a static `@Test` over `StoreKind.allCases` makes the
/// suite for each kind and runs the case on it.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    /// A new empty database of this kind.
    ///
    /// Without PostgreSQL installed, the PostgreSQL case is cancelled (shown
    /// as not run, with the reason); under CI (`CI=true`) it fails instead,
    /// as CI always installs it.
    func open() throws -> TestDatabase {
        switch self {
        case .sqlite:
            return try TestDatabase(sqlite: TemporaryDirectory())
        case .postgres:
            return try TestDatabase(postgres: PostgresTestServer.sharedOrCancel())
        }
    }
}

/// One empty database for one test: its store, more stores on the same
/// database (as other processes would have), and counts under the API.
final class TestDatabase {
    let store: any TestStore
    private let openAnother: () throws -> any TestStore
    private let countRows: (String) throws -> Int64
    private let directory: TemporaryDirectory?

    init(sqlite directory: TemporaryDirectory) throws {
        let path = directory.appending("habits.sqlite")
        self.directory = directory
        store = try SQLiteStore(path: path)
        openAnother = { try SQLiteStore(path: path) }
        countRows = { sql in try rawCount(sql, path: path) }
    }

    /// A schema of its own in the shared test server's database, so tests
    /// run side by side without seeing each other's rows.
    init(postgres server: PostgresTestServer) throws {
        let url = try #require(PostgresURL(try server.newSchema(prefix: "t_")))
        directory = nil
        let first = try PostgresStore(url: url, poolSize: 4, environment: [:])
        store = first
        openAnother = { try PostgresStore(url: url, poolSize: 4, environment: [:]) }
        countRows = { sql in
            try first.read { connection throws(StoreError) in
                try connection.query(sql).int64(0, 0) ?? -1
            }
        }
    }

    /// Another store on the same database.
    func another() throws -> any TestStore {
        try openAnother()
    }

    /// The single number `sql` (a `SELECT count(*) …`) returns.
    func count(_ sql: String) throws -> Int64 {
        try countRows(sql)
    }
}
