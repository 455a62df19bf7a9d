import Testing

@testable import HabitStore

/// The shape recorded in the source (`SchemaShape+Recorded.swift`) is the one
/// the migrations build, and stands in for it only while they are unchanged.
@Suite struct SchemaShapeRecordTests {
    @Test func theRecordIsWhatTheMigrationsBuild() throws {
        let built = try SchemaShape.built.get()
        let recorded = SchemaShape.recorded(for: Schema.migrations)
        let bytes = Schema.migrations.reduce(0) { $0 + $1.utf8.count }
        let objects = built.objects.sorted()
        let tables = objects.filter { $0.hasPrefix("table ") }.map { line in
            let name = line.dropFirst("table ".count).prefix { $0 != "(" }
            let columns = line.drop { $0 != "(" }.dropFirst().dropLast().split(separator: ",")
            return "(\"\(name)\", [\(columns.map { "\"\($0)\"" }.joined(separator: ", "))]),"
        }
        let others = objects.filter { !$0.hasPrefix("table ") }.map { "\"\($0)\"," }
        #expect(
            recorded == built,
            """
            Schema.migrations changed: in SchemaShape+Recorded.swift set recordedFrom to \
            (count: \(Schema.migrations.count), bytes: \(bytes)), recordedTables to
            \(tables.joined(separator: "\n"))
            and recordedIndexesAndTriggers to
            \(others.joined(separator: "\n"))
            """)
        #expect(try SchemaShape.current == built)
    }

    @Test func aChangedMigrationSetsTheRecordAside() {
        var migrations = Schema.migrations
        #expect(SchemaShape.recorded(for: migrations) != nil)
        migrations[migrations.count - 1] += " "
        #expect(SchemaShape.recorded(for: migrations) == nil)
        migrations = Schema.migrations + ["CREATE TABLE later (id INTEGER)"]
        #expect(SchemaShape.recorded(for: migrations) == nil)
    }
}
