import Foundation
import HabitCore

@testable import HabitStore

/// A directory of its own for one test, removed when the value goes away.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "habit-store-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// A path inside the directory.
    func file(_ name: String) -> String {
        path + "/" + name
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// A moment in 2026 that the tests count from.
let referenceTime = Date(timeIntervalSince1970: 1_780_000_000)

func date(_ text: String) -> LocalDate {
    guard let date = LocalDate(text) else { preconditionFailure("bad test date \(text)") }
    return date
}

func decimal(_ text: String) -> Decimal {
    guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
        preconditionFailure("bad test decimal \(text)")
    }
    return value
}

func fields(
    _ name: String = "Read", frequency: Frequency = .daily, unit: String = "pages",
    start: String = "2026-01-05", days: ActionDays = .everyDay, target: String = "10"
) -> HabitFields {
    HabitFields(
        name: name, frequency: frequency, measurementType: unit, startDate: date(start),
        actionDays: days, targetValue: decimal(target))
}

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

extension SQLiteStore {
    /// A fresh account for a test.
    func makeUser(_ email: String) throws -> User {
        try findOrCreateUser(email: email, now: referenceTime)
    }
}

/// A raw connection to a store's file, to look under the repository API.
func rawCount(_ sql: String, path: String) throws -> Int64 {
    let connection = try SQLiteConnection(path: path, create: false)
    defer { connection.close() }
    return try connection.firstRow(sql) { row in row.int64(0) } ?? -1
}
