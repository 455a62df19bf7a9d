import Testing

@testable import HabitStorage

/// The readiness rule both stores apply to the schema version they read.
@Suite struct SchemaVersionCheckTests {
    @Test func theSupportedVersionIsReady() throws {
        try SchemaVersionCheck.check(found: 12, supported: 12)
    }

    @Test func aNewerVersionNamesBoth() {
        let error = #expect(throws: StoreError.self) {
            try SchemaVersionCheck.check(found: 13, supported: 12)
        }
        guard case .newerSchema(found: 13, supported: 12)? = error else {
            Issue.record("expected newerSchema(13, 12), got \(String(describing: error))")
            return
        }
    }

    @Test(arguments: [Int64(0), 11])
    func anOlderOrMissingVersionIsUnavailable(found: Int64) {
        let error = #expect(throws: StoreError.self) {
            try SchemaVersionCheck.check(found: found, supported: 12)
        }
        guard case .unavailable(let reason)? = error else {
            Issue.record("expected unavailable, got \(String(describing: error))")
            return
        }
        #expect(reason == "the database has schema version \(found), not 12")
    }
}
