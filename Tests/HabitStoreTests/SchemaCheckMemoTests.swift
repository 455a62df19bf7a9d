import Foundation
import HabitConcurrency
import TestSupport
import Testing

@testable import HabitStorage
@testable import HabitStore

/// Opening with a schema-check memo: a file whose schema has not changed
/// since a check passed is not checked again; any change of the schema,
/// another file or a memo that recalls something else brings the check back.
@Suite struct SchemaCheckMemoTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// A memo in memory that counts what it is told.
    final class Memo: SchemaCheckMemo {
        let state = Locked<(stamp: SchemaCheckStamp?, remembered: Int)>((nil, 0))
        func recalled() -> SchemaCheckStamp? { state.withLock { $0.stamp } }
        func remember(_ stamp: SchemaCheckStamp) {
            state.withLock { state in
                state.stamp = stamp
                state.remembered += 1
            }
        }
        var remembered: Int { state.withLock { $0.remembered } }
        var stamp: SchemaCheckStamp? { state.withLock { $0.stamp } }
    }

    @Test func aPassedCheckIsRememberedAndNotRepeatedUntilTheSchemaChanges() throws {
        let path = directory.appending("memo.sqlite")
        let memo = Memo()
        try SQLiteStore(path: path, readerCount: 0, schemaCheckMemo: memo).close()
        #expect(memo.remembered == 1)
        let first = try #require(memo.stamp)
        let bytes = Schema.migrations.reduce(0) { $0 + $1.server.utf8.count + $1.client.utf8.count }
        #expect(first.migrations == "\(Schema.migrations.count)/\(bytes)")

        // The same file, unchanged: recalled, so not checked (nothing new remembered).
        try SQLiteStore(path: path, readerCount: 0, schemaCheckMemo: memo).close()
        #expect(memo.remembered == 1)

        // A harmless change of the schema (an index of the user's own):
        // checked again, passes, and the new cookie is remembered.
        let store = try SQLiteStore(path: path, readerCount: 0)
        try store.write { connection throws(StoreError) in
            try connection.execute("CREATE INDEX mine ON habits (name)")
        }
        store.close()
        try SQLiteStore(path: path, readerCount: 0, schemaCheckMemo: memo).close()
        #expect(memo.remembered == 2)
        #expect(memo.stamp?.schemaCookie ?? 0 > first.schemaCookie)
        #expect(memo.stamp?.inode == first.inode)
    }

    @Test func damageAfterAPassedCheckIsStillFound() throws {
        let path = directory.appending("damaged.sqlite")
        let memo = Memo()
        try SQLiteStore(path: path, readerCount: 0, schemaCheckMemo: memo).close()
        let store = try SQLiteStore(path: path, readerCount: 0)
        try store.write { connection throws(StoreError) in
            try connection.execute("DROP TABLE code_sends")
        }
        store.close()
        #expect(throws: StoreError.damaged(path: path, reason: "its table code_sends is missing")) {
            try SQLiteStore(path: path, readerCount: 0, schemaCheckMemo: memo)
        }
        #expect(memo.remembered == 1)
    }

    @Test func aStampOfAnotherFileOrBuildIsNotTrusted() throws {
        let path = directory.appending("other.sqlite")
        let memo = Memo()
        try SQLiteStore(path: path, readerCount: 0, schemaCheckMemo: memo).close()
        let stamp = try #require(memo.stamp)
        // Damage the file, then let the memo recall a stamp that differs
        // in one field at a time: each time the check runs and finds it.
        let store = try SQLiteStore(path: path, readerCount: 0)
        try store.write { connection throws(StoreError) in
            try connection.execute("DROP INDEX habits_by_owner")
        }
        store.close()
        let reader = try SQLiteStore(path: path, readerCount: 0, checkingSchema: false)
        let cookie = try #require(
            try reader.write { connection throws(StoreError) in
                try connection.firstRow("PRAGMA schema_version") { $0.int64(0) }
            })
        reader.close()
        for other in [
            SchemaCheckStamp(
                device: stamp.device, inode: stamp.inode + 1, schemaCookie: cookie,
                migrations: stamp.migrations),
            SchemaCheckStamp(
                device: stamp.device, inode: stamp.inode, schemaCookie: cookie,
                migrations: "1/1"),
        ] {
            memo.state.withLock { $0.stamp = other }
            #expect(
                throws: StoreError.damaged(
                    path: path, reason: "its index habits_by_owner is missing")
            ) {
                try SQLiteStore(path: path, readerCount: 0, schemaCheckMemo: memo)
            }
        }
    }

    @Test func aStampReadsBackFromItsLineAndNothingElseReads() {
        let stamp = SchemaCheckStamp(
            device: 65024, inode: 16_498_819, schemaCookie: 80, migrations: "14/13330")
        #expect(stamp.line == "65024 16498819 80 14/13330")
        #expect(SchemaCheckStamp(line: stamp.line) == stamp)
        for text in [
            "", "65024 16498819 80", "a b c d", "65024 16498819 80 ", "1 2 3 4 5", "-1 2 3 x",
        ] {
            #expect(SchemaCheckStamp(line: text) == nil, "\(text)")
        }
    }
}
