import HabitStorage

extension PostgresStore: OperationsRepository {
    package func checkReadiness() throws(StoreError) {
        let version = try read { connection throws(StoreError) in
            let rows = try connection.query("SELECT version FROM schema_version")
            return rows.count == 0 ? 0 : rows.int64(0, 0) ?? 0
        }
        try SchemaVersionCheck.check(found: version, supported: PostgresSchema.version)
    }

    package func accountExists(email: String) throws(StoreError) -> Bool {
        try read { connection throws(StoreError) in
            try connection.query("SELECT 1 FROM users WHERE email = $1", [email]).count > 0
        }
    }

    package func accountCount() throws(StoreError) -> Int {
        try read { connection throws(StoreError) in
            Int(try connection.query("SELECT count(*) FROM users").int64(0, 0) ?? 0)
        }
    }

    package func poolStatistics() -> DatabasePoolStatistics? { pool.statistics }
}
