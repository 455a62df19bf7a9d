import HabitStorage

extension SQLiteStore: OperationsRepository {
    package func checkReadiness() throws(StoreError) {
        let version = try read { connection throws(StoreError) in
            try connection.firstRow("PRAGMA user_version") { $0.int64(0) } ?? 0
        }
        try SchemaVersionCheck.check(found: version, supported: Schema.version)
    }

    package func accountExists(email: String) throws(StoreError) -> Bool {
        try read { connection throws(StoreError) in
            try connection.firstRow(
                "SELECT 1 FROM users WHERE email = ?1", [.text(email)], { _ in true }) ?? false
        }
    }

    package func accountCount() throws(StoreError) -> Int {
        try read { connection throws(StoreError) in
            Int(try connection.firstRow("SELECT count(*) FROM users") { $0.int64(0) } ?? 0)
        }
    }
}
