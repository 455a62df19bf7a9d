import Foundation
import Testing

@testable import HabitPostgres
@testable import HabitStorage
@testable import HabitStore

/// Code requests counted per client in the database, so a per-client limit
/// holds across server processes sharing it (SQLite and PostgreSQL).
@Suite struct CodeRequestStoreTests {
    let database: TestDatabase
    var store: any TestStore { database.store }

    init(_ kind: StoreKind) throws {
        database = try kind.open()
    }

    /// Stores a code for `email` asked by `clients` at `time`; the history
    /// the store read is what the refusal saw.
    @discardableResult
    private func request(
        _ email: String, clients: [String], at time: Date,
        refuse: @escaping (CodeSendHistory) -> Bool = { _ in false }
    ) throws -> (history: CodeSendHistory?, refused: Bool) {
        var seen: CodeSendHistory?
        let refused = try store.storeCode(
            email: email, clients: clients, codeHash: "hash", sentAt: time,
            expiresAt: time.addingTimeInterval(600), sendTimesSince: time.addingTimeInterval(-3600)
        ) { history in
            seen = history
            return refuse(history) ? "refused" : nil
        }
        return (seen, refused != nil)
    }

    @Test(arguments: StoreKind.allCases)
    static func requestsAreCountedPerClientAndOnlyWhenStored(_ kind: StoreKind) throws {
        try Self(kind).requestsAreCountedPerClientAndOnlyWhenStored()
    }
    func requestsAreCountedPerClientAndOnlyWhenStored() throws {
        let times = [0.0, 10, 20].map { referenceTime.addingTimeInterval($0) }
        try request("a@example.com", clients: ["ip:192.0.2.1"], at: times[0])
        try request("b@example.com", clients: ["ip:192.0.2.1"], at: times[1])
        try request("c@example.com", clients: ["ip:192.0.2.2"], at: times[2])
        // Refused: nothing is recorded for the client (or the address).
        try request("d@example.com", clients: ["ip:192.0.2.1"], at: times[2]) { _ in true }

        let later = referenceTime.addingTimeInterval(30)
        let seen = try request(
            "a@example.com", clients: ["ip:192.0.2.1", "ip:192.0.2.2", "ip:2001:db8::/64"],
            at: later
        ) { _ in true }.history
        #expect(seen?.email == [times[0]])
        #expect(seen?.clients == [[times[0], times[1]], [times[2]], []])
        // Only the last hour is read.
        let nextHour = referenceTime.addingTimeInterval(3625)
        let afterAnHour = try request("e@example.com", clients: ["ip:192.0.2.1"], at: nextHour) {
            _ in true
        }.history
        #expect(afterAnHour?.clients == [[]])
    }

    @Test(arguments: StoreKind.allCases)
    static func aClientLimitHoldsAcrossStoresOnOneDatabase(_ kind: StoreKind) throws {
        try Self(kind).aClientLimitHoldsAcrossStoresOnOneDatabase()
    }
    func aClientLimitHoldsAcrossStoresOnOneDatabase() throws {
        // Two stores on one database stand for two server processes sharing it.
        let other = try database.another()
        defer { other.close() }
        let stores: [any TestStore] = [store, other]
        let outcomes = runConcurrently(12) { index in
            try? stores[index % 2].storeCode(
                email: "user\(index)@example.com", clients: ["ip:198.51.100.7"],
                codeHash: "hash", sentAt: referenceTime,
                expiresAt: referenceTime.addingTimeInterval(600), sendTimesSince: .distantPast
            ) { history in history.clients[0].count >= 3 ? "limit reached" : nil }
        }
        #expect(outcomes.filter { $0 == nil }.count == 3)
        #expect(outcomes.filter { $0 == "limit reached" }.count == 9)
        let seen = try request("x@example.com", clients: ["ip:198.51.100.7"], at: referenceTime) {
            _ in true
        }.history
        #expect(seen?.clients.first?.count == 3)
    }

    @Test(arguments: StoreKind.allCases)
    static func oldClientRecordsArePruned(_ kind: StoreKind) throws {
        try Self(kind).oldClientRecordsArePruned()
    }
    func oldClientRecordsArePruned() throws {
        try request("a@example.com", clients: ["ip:192.0.2.1"], at: referenceTime)
        let nextDay = referenceTime.addingTimeInterval(SQLiteStore.authRecordRetention + 1)
        try request("b@example.com", clients: ["ip:192.0.2.9"], at: nextDay)
        var all: CodeSendHistory?
        _ = try store.storeCode(
            email: "c@example.com", clients: ["ip:192.0.2.1"], codeHash: "h", sentAt: nextDay,
            expiresAt: nextDay, sendTimesSince: .distantPast
        ) { history -> String? in
            all = history
            return "refused"
        }
        #expect(all?.clients == [[]])
    }
}
