import Foundation
import HabitStorage

/// The tables (with their columns), indexes and triggers of a habits
/// database: what opening compares with this version's own, the part of the
/// consistency check whose cost does not grow with the data.
///
/// This version's shape comes from running the migrations on an empty
/// database in memory, so it never drifts from `Schema`; a record of it in
/// the source (`recordedTables`) stands in while the migrations are the
/// ones it was made from, since building it costs more than the rest of a
/// local command's start. A client's shape is a server's without the
/// server's tables (`Schema.serverTables`) and what is on them.
/// A file's shape must hold every object of it, tables with the same columns
/// in the same order; objects of its own (an index someone added) are
/// allowed.
struct SchemaShape: Hashable, Sendable {
    /// Each object as one line: `table habits(id,owner_id,…)`,
    /// `index habits_by_owner ON habits`, `trigger progress_inserted ON progress`.
    var objects: Set<String>

    /// Every table, index and trigger; SQLite's own objects left out.
    private static let query = """
        SELECT type, name, tbl_name FROM sqlite_master
        WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND type IN ('table', 'index', 'trigger')
        """

    /// The shape of the database `connection` has open. A table's columns
    /// are those `SELECT *` names, read from the prepared statement, which
    /// costs less than `pragma_table_info` (Tests/Load/README.md).
    static func read(_ connection: SQLiteConnection) throws(StoreError) -> SchemaShape {
        var objects: Set<String> = []
        let found = try connection.rows(query) { row in
            (type: row.text(0), name: row.text(1), table: row.text(2))
        }
        for (type, name, table) in found {
            guard type == "table" else {
                objects.insert("\(type) \(name) ON \(table)")
                continue
            }
            let quoted = "\"" + name.map { $0 == "\"" ? "\"\"" : String($0) }.joined() + "\""
            let columns = try connection.columnNames(of: "SELECT * FROM " + quoted)
            objects.insert("table \(name)(\(columns.joined(separator: ",")))")
        }
        return SchemaShape(objects: objects)
    }

    /// This version's shape for a database of `role`: the record when it
    /// is this build's, else built.
    static func current(for role: SQLiteStore.Role) throws(StoreError) -> SchemaShape {
        if let recorded = role == .server ? recordedIfCurrent : recordedForClient {
            return recorded
        }
        return try (role == .server ? builtForServer : builtForClient).get()
    }

    private static let recordedIfCurrent = recorded(for: Schema.migrations)
    private static let recordedForClient = recordedIfCurrent?.withoutServerTables

    /// This version's shapes from its migrations, each run once per process.
    static let builtForServer = built(for: .server)
    static let builtForClient = built(for: .client)

    private static func built(for role: SQLiteStore.Role) -> Result<SchemaShape, StoreError> {
        do throws(StoreError) {
            let connection = try SQLiteConnection(path: SQLiteStore.inMemoryPath, create: true)
            defer { connection.close() }
            for step in Schema.migrations { try connection.execute(step.sql(for: role)) }
            return .success(try read(connection))
        } catch {
            return .failure(error)
        }
    }

    /// This shape without the server's tables and the indexes and triggers
    /// on them: a client's, of a server's.
    var withoutServerTables: SchemaShape {
        SchemaShape(objects: objects.filter { !Schema.serverTables.contains(Self.table(of: $0)) })
    }

    /// Whether this shape has none of the server's tables, as a client's
    /// database from version 15 on.
    var lacksServerTables: Bool {
        !objects.contains {
            $0.hasPrefix("table ") && Schema.serverTables.contains(Self.table(of: $0))
        }
    }

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

    /// The table an object line is, or is on: "habits" of "table
    /// habits(id,…)" and of "index habits_by_owner ON habits".
    private static func table(of object: String) -> String {
        guard object.hasPrefix("table ") else {
            return object.components(separatedBy: " ON ").last ?? ""
        }
        return String(name(of: object).dropFirst("table ".count))
    }

    /// "table habits" of "table habits(id,…)", "index habits_by_owner" of
    /// "index habits_by_owner ON habits".
    private static func name(of object: String) -> String {
        guard object.hasPrefix("table ") else {
            return object.split(separator: " ").prefix(2).joined(separator: " ")
        }
        return String(object.prefix { $0 != "(" })
    }
}
