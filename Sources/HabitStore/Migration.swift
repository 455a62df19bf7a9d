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
    /// Whether the step makes a table again (SQLite cannot change a
    /// column's constraint in place): its migration runs with foreign keys
    /// off, so dropping the old table deletes no row that references it,
    /// and checks every reference before it commits (`SQLiteStore.migrate`).
    let rebuildsTables: Bool

    /// A step both kinds of database take alike.
    init(_ sql: String, rebuildsTables: Bool = false) {
        self.init(server: sql, client: sql, rebuildsTables: rebuildsTables)
    }

    init(server: String, client: String, rebuildsTables: Bool = false) {
        self.server = server
        self.client = client
        self.rebuildsTables = rebuildsTables
    }

    /// The SQL for a database of `role`.
    func sql(for role: SQLiteStore.Role) -> String {
        switch role {
        case .server: server
        case .client: client
        }
    }
}
