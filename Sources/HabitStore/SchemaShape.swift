import HabitStorage

/// The tables (with their columns), indexes and triggers of a habits
/// database: what opening compares with this version's own, the part of the
/// consistency check whose cost does not grow with the data.
///
/// This version's shape comes from running the migrations on an empty
/// database in memory, so it never drifts from `Schema`; a record of it in
/// the source (`recordedObjects`) stands in while the migrations are the
/// ones it was made from, since building it costs more than the rest of a
/// local command's start.
/// A file's shape must hold every object of it, tables with the same columns
/// in the same order; objects of its own (an index someone added) are
/// allowed.
struct SchemaShape: Hashable, Sendable {
    /// Each object as one line: `table habits(id,owner_id,…)`,
    /// `index habits_by_owner`, `trigger progress_inserted`.
    var objects: Set<String>

    /// Every table, index and trigger; SQLite's own objects left out.
    private static let query = """
        SELECT type, name FROM sqlite_master
        WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND type IN ('table', 'index', 'trigger')
        """

    /// The shape of the database `connection` has open. A table's columns
    /// are those `SELECT *` names, read from the prepared statement, which
    /// costs less than `pragma_table_info` (Tests/Load/README.md).
    static func read(_ connection: SQLiteConnection) throws(StoreError) -> SchemaShape {
        var objects: Set<String> = []
        let found = try connection.rows(query) { row in (type: row.text(0), name: row.text(1)) }
        for (type, name) in found {
            guard type == "table" else {
                objects.insert("\(type) \(name)")
                continue
            }
            let quoted = "\"" + name.map { $0 == "\"" ? "\"\"" : String($0) }.joined() + "\""
            let columns = try connection.columnNames(of: "SELECT * FROM " + quoted)
            objects.insert("table \(name)(\(columns.joined(separator: ",")))")
        }
        return SchemaShape(objects: objects)
    }

    /// This version's shape: the record when it is this build's, else built.
    static var current: SchemaShape {
        get throws(StoreError) {
            if let recorded = recordedIfCurrent { return recorded }
            return try built.get()
        }
    }

    private static let recordedIfCurrent = recorded(for: Schema.migrations)

    /// This version's shape from its migrations, run once per process.
    static let built: Result<SchemaShape, StoreError> = {
        do throws(StoreError) {
            let connection = try SQLiteConnection(path: SQLiteStore.inMemoryPath, create: true)
            defer { connection.close() }
            for step in Schema.migrations { try connection.execute(step) }
            return .success(try read(connection))
        } catch {
            return .failure(error)
        }
    }()

    /// What this shape lacks of `expected`, as a phrase naming the first
    /// object missing or changed (by name, tables before the rest); `nil`
    /// when it has all of it.
    func problem(expected: SchemaShape) -> String? {
        // The usual answer, without the names' table below.
        if expected.objects.isSubset(of: objects) { return nil }
        let names = Dictionary(
            objects.map { (Self.name(of: $0), $0) }, uniquingKeysWith: { first, _ in first })
        // Tables first: a missing table takes its indexes and triggers along.
        let missing = expected.objects.subtracting(objects).sorted {
            ($0.hasPrefix("table ") ? 0 : 1, $0) < ($1.hasPrefix("table ") ? 0 : 1, $1)
        }
        for object in missing {
            let name = Self.name(of: object)
            return names[name] == nil
                ? "its \(name) is missing"
                : "its \(name) does not have the columns this version of habits made"
        }
        return nil
    }

    /// "table habits" of "table habits(id,…)"; an index or trigger line as it is.
    private static func name(of object: String) -> String {
        String(object.prefix { $0 != "(" })
    }
}
