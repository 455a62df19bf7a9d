/// One step of the schema (`Schema.migrations`): the SQL it runs on a
/// server's database and on a client's.
///
/// Most steps are alike for both. A step that only makes or changes the
/// server's tables (`Schema.serverTables`) runs nothing on a client's, and
/// a step never touches those tables in the SQL it runs on a client's.
struct Migration: Sendable {
    /// What the step runs on a server's database.
    let server: String
    /// What the step runs on a client's database.
    let client: String

    /// A step both kinds of database take alike.
    init(_ sql: String) {
        self.init(server: sql, client: sql)
    }

    init(server: String, client: String) {
        self.server = server
        self.client = client
    }

    /// The SQL for a database of `role`.
    func sql(for role: SQLiteStore.Role) -> String {
        switch role {
        case .server: server
        case .client: client
        }
    }
}
