import Foundation
import Testing

@testable import HabitStorage
@testable import HabitStore

/// The shape recorded in the source (`SchemaShape+Recorded.swift`) is the one
/// the migrations build for a server's database, and stands in for it only
/// while they are unchanged; a client's is that shape without the server's
/// tables, as its migrations build it too.
///
/// After a migration is added, `SNAPSHOT_RECORD=1 swift test --filter
/// SchemaShapeRecordTests` writes the new record into the source; then
/// `swift format --in-place Sources/HabitStore/SchemaShape+Recorded.swift`.
@Suite struct SchemaShapeRecordTests {
    @Test func theRecordIsWhatTheMigrationsBuild() throws {
        let built = try SchemaShape.builtForServer.get()
        let recorded = SchemaShape.recorded(for: Schema.migrations)
        let bytes = Schema.signature(of: Schema.migrations).bytes
        let objects = built.objects.sorted()
        let tables = objects.filter { $0.hasPrefix("table ") }.map { line in
            let name = line.dropFirst("table ".count).prefix { $0 != "(" }
            let columns = line.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ",")
            return "(\"\(name)\", [\(columns.map { "\"\($0)\"" }.joined(separator: ", "))]),"
        }
        let others = objects.filter { !$0.hasPrefix("table ") }.map { "\"\($0)\"," }
        if ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] == "1", recorded != built {
            try rewriteRecord(
                from:
                    "    static let recordedFrom = (count: \(Schema.migrations.count), bytes: \(bytes))\n\n"
                    + "    /// Each table with its columns in order.\n"
                    + "    static let recordedTables: [(name: String, columns: [String])] = [\n"
                    + tables.map { "        \($0)\n" }.joined() + "    ]\n\n"
                    + "    /// Each index and trigger, as `read` writes them.\n"
                    + "    static let recordedIndexesAndTriggers: [String] = [\n"
                    + others.map { "        \($0)\n" }.joined() + "    ]\n")
            return
        }
        #expect(
            recorded == built,
            """
            Schema.migrations changed: in SchemaShape+Recorded.swift set recordedFrom to \
            (count: \(Schema.migrations.count), bytes: \(bytes)), recordedTables to
            \(tables.joined(separator: "\n"))
            and recordedIndexesAndTriggers to
            \(others.joined(separator: "\n"))
            """)
        #expect(try SchemaShape.current(for: .server) == built)
        let client = try SchemaShape.builtForClient.get()
        #expect(try SchemaShape.current(for: .client) == client)
        #expect(built.withoutServerTables == client)
        #expect(!client.objects.contains { $0.hasPrefix("table login_codes(") })
        #expect(client.objects.contains { $0.hasPrefix("table habits(") })
        #expect(client.objects.contains("trigger progress_inserted ON progress"))
    }

    @Test func aChangedMigrationSetsTheRecordAside() {
        var migrations = Schema.migrations
        #expect(SchemaShape.recorded(for: migrations) != nil)
        let last = migrations[migrations.count - 1]
        migrations[migrations.count - 1] = Migration(server: last.server, client: last.client + " ")
        #expect(SchemaShape.recorded(for: migrations) == nil)
        migrations = Schema.migrations + [Migration("CREATE TABLE later (id INTEGER)")]
        #expect(SchemaShape.recorded(for: migrations) == nil)
    }

    /// Replaces the record's declarations in `SchemaShape+Recorded.swift`.
    private func rewriteRecord(from declarations: String) throws {
        let source = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/HabitStore/SchemaShape+Recorded.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        guard let start = text.range(of: "    static let recordedFrom"),
            let end = text.range(of: "\n    /// The recorded shape when it is this build's")
        else {
            Issue.record("SchemaShape+Recorded.swift lost its record's markers")
            return
        }
        let rewritten = text.replacingCharacters(
            in: start.lowerBound..<end.lowerBound, with: declarations)
        try rewritten.write(to: source, atomically: true, encoding: .utf8)
        Issue.record(
            "Recorded the schema's shape in \(source.path); run again without SNAPSHOT_RECORD.")
    }
}
