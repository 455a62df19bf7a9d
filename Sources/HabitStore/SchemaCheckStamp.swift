import HabitStorage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a database file's schema check found whole: the file (device and
/// inode), its schema cookie and this build's migrations.
///
/// SQLite adds one to the schema cookie (`PRAGMA schema_version`) with every
/// change of the schema (a table, column, index or trigger made, altered or
/// dropped), so a file with the stamp of an earlier check that passed still
/// has the shape that check saw, and opening it can skip the check
/// (`SchemaCheckMemo`). Another file, another schema or another version of
/// habits makes another stamp.
package struct SchemaCheckStamp: Hashable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var schemaCookie: Int64
    /// This build's migrations, as `count/bytes`.
    package var migrations: String

    package init(device: UInt64, inode: UInt64, schemaCookie: Int64, migrations: String) {
        self.device = device
        self.inode = inode
        self.schemaCookie = schemaCookie
        self.migrations = migrations
    }

    /// The stamp as one line: `device inode cookie migrations`.
    package var line: String {
        "\(device) \(inode) \(schemaCookie) \(migrations)"
    }

    /// The stamp `line` wrote, or `nil` for any other text.
    package init?(line: String) {
        // Split over the bytes, not the characters: every command that opens
        // a database reads its stamp, and a split by `Character` cost it
        // 25 K instructions.
        let fields = line.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            .map(Substring.init)
        guard fields.count == 4, let device = UInt64(fields[0]), let inode = UInt64(fields[1]),
            let cookie = Int64(fields[2]), !fields[3].isEmpty
        else { return nil }
        self.init(device: device, inode: inode, schemaCookie: cookie, migrations: String(fields[3]))
    }

    /// The stamp of the file at `path` that `connection` has open, or `nil`
    /// when it cannot be told (a database in memory, a file `stat` cannot
    /// read).
    static func of(_ connection: SQLiteConnection, path: String) throws(StoreError)
        -> SchemaCheckStamp?
    {
        var status = stat()
        guard path != SQLiteStore.inMemoryPath, stat(path, &status) == 0 else { return nil }
        let cookie = try connection.firstRow("PRAGMA schema_version") { row in row.int64(0) }
        guard let cookie else { return nil }
        let migrations = Schema.signature(of: Schema.migrations)
        return SchemaCheckStamp(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), schemaCookie: cookie,
            migrations: "\(migrations.count)/\(migrations.bytes)")
    }
}
