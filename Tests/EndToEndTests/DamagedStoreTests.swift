import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `habits` on a local database that is damaged or whose disk is
/// full: reads and writes are refused with the file's path, what is wrong
/// and how to recover, and the file is left as it was.
@Suite struct DamagedStoreTests {
    static let sqlite = URL(fileURLWithPath: "/usr/bin/sqlite3")

    /// A sandbox whose database holds one daily habit done once (today).
    static func populated() async throws -> (Sandbox, URL) {
        try #require(
            FileManager.default.isExecutableFile(atPath: sqlite.path), "needs Debian's sqlite3")
        let sandbox = try Sandbox()
        let add = try await sandbox.habits(
            "add", "Read", "--daily", "--unit", "pages", "--target", "10", "--days", "daily",
            "--start", "2026-01-05")
        try #require(add.status == 0, "\(add)")
        try #require(try await sandbox.habits("done", "Read", "4").status == 0)
        return (sandbox, sandbox.dataHome.appendingPathComponent("habits/habits.sqlite3"))
    }

    /// Runs `sql` on `database` with Debian's sqlite3, as another program would.
    static func tamper(_ database: URL, _ sql: String, in sandbox: Sandbox) async throws {
        let result = try await Subprocess.run(
            sqlite, [database.path], environment: sandbox.environment, input: sql,
            scratch: sandbox.root)
        try #require(result.status == 0 && result.error.isEmpty, "\(result)")
    }

    /// The file's bytes with its WAL's (none when it is empty: a failed
    /// opening may leave an empty one), to show nothing was written.
    static func contents(_ database: URL) -> [Data?] {
        ["", "-wal"].map {
            (try? Data(contentsOf: URL(fileURLWithPath: database.path + $0))).flatMap {
                $0.isEmpty ? nil : $0
            }
        }
    }

    /// A damage, the reason given for it, and what an export still saves:
    /// the habit with how many entries, or nothing (`nil`).
    static let damages: [(sql: String, reason: String, saved: Int?)] = [
        ("UPDATE habits SET target_value = 'abc';", "habit 1's target is not a number", nil),
        ("UPDATE habits SET target_value = 1e999;", "habit 1's target is not a number", nil),
        ("UPDATE habits SET target_value = '0';", "habit 1's target is not a number", nil),
        ("UPDATE habits SET target_value = '1000000.5';", "habit 1's target is not a number", nil),
        (
            "UPDATE habits SET start_date = '2026-02-30';", "habit 1's start date is not a date",
            nil
        ),
        ("UPDATE habits SET action_days = 0;", "habit 1's action days are not", nil),
        ("DROP TABLE progress;", "its table progress is missing", 0),
        (
            "ALTER TABLE history_checkpoints DROP COLUMN skipped_count;",
            "its table history_checkpoints does not have the columns", 1
        ),
    ]

    @Test(arguments: damages.indices)
    func aDamagedStoreRefusesReadsAndWritesAndSaysHowToRecover(_ index: Int) async throws {
        let (sandbox, database) = try await Self.populated()
        defer { sandbox.remove() }
        let damage = Self.damages[index]
        try await Self.tamper(database, damage.sql, in: sandbox)
        let before = Self.contents(database)
        let commands = [
            ["list"], ["show", "Read"], ["done", "Read"],
            [
                "add", "Walk", "--daily", "--unit", "steps", "--target", "1000", "--days",
                "daily", "--start", "2026-01-05",
            ],
        ]
        for command in commands {
            let result = try await sandbox.habits(command)
            #expect(result.status == 1, "\(command): \(result)")
            #expect(
                result.error.hasPrefix(
                    "habits: The database \(database.path) is damaged: \(damage.reason)"),
                "\(command): \(result)")
            #expect(result.error.contains("Restore the file from a backup"), "\(result)")
            #expect(result.error.contains("'habits export --output FILE'"), "\(result)")
            #expect(result.error.contains("move \(database.path) aside"), "\(result)")
            #expect(!result.error.contains("writable"), "\(result)")
            #expect(result.output.isEmpty, "\(command): \(result)")
        }
        #expect(Self.contents(database) == before)

        // The way out the message gives: export what reads, move the file
        // aside, import the export into the new database.
        let saved = sandbox.root.appendingPathComponent("saved.json")
        let export = try await sandbox.habits("export", "--output", saved.path)
        #expect(export.status == 0, "\(export)")
        #expect(
            export.error.contains("habits: left out of the export: ") == (damage.saved != 1),
            "\(export)")
        #expect(Self.contents(database) == before)
        try FileManager.default.moveItem(
            at: database, to: database.appendingPathExtension("damaged"))
        let restored = try await sandbox.habits("import", "habits", saved.path)
        #expect(restored.status == 0, "\(restored)")
        let list = try await sandbox.habits("list", "--all", "--json")
        #expect(list.status == 0, "\(list)")
        #expect(list.output.contains("\"Read\"") == (damage.saved != nil), "\(list)")
        if let entries = damage.saved {
            let show = try await sandbox.habits("show", "Read", "--json")
            #expect(show.output.contains("\"current\" : 4") == (entries == 1), "\(show)")
        }
    }

    /// An entry is checked when a command reads it, not at every start: a
    /// value that is no number, below 0 or above the largest amount.
    @Test(arguments: ["1e999", "-1", "1000000001"])
    func aDamagedEntryIsReportedWhenRead(value: String) async throws {
        let (sandbox, database) = try await Self.populated()
        defer { sandbox.remove() }
        try await Self.tamper(database, "UPDATE progress SET value = '\(value)';", in: sandbox)
        for command in [["list"], ["done", "Read"]] {
            let result = try await sandbox.habits(command)
            #expect(result.status == 1, "\(result)")
            #expect(
                result.error.contains(
                    "The database \(database.path) is damaged: the entry of "),
                "\(result)")
            #expect(result.error.contains("is not an amount habits records"), "\(result)")
        }
    }

    @Test func aMalformedFileGetsTheDamageMessageWithItsPath() async throws {
        let (sandbox, database) = try await Self.populated()
        defer { sandbox.remove() }
        // Page 2 on (the tables' rows) overwritten: SQLite finds the
        // b-tree pages malformed.
        let handle = try FileHandle(forUpdating: database)
        let size = try handle.seekToEnd()
        try #require(size > 4096)
        try handle.seek(toOffset: 4096)
        try handle.write(contentsOf: Data(repeating: 0x5A, count: Int(size) - 4096))
        try handle.close()
        let before = Self.contents(database)
        for command in [["list"], ["done", "Read"]] {
            let result = try await sandbox.habits(command)
            #expect(result.status == 1, "\(result)")
            #expect(
                result.error.hasPrefix("habits: The database \(database.path) is damaged: "),
                "\(result)")
            #expect(result.error.contains("Restore the file from a backup"), "\(result)")
        }
        #expect(Self.contents(database) == before)
    }

    /// A real full file system: a small tmpfs, which needs root (as CI runs).
    @Test(.enabled(if: getuid() == 0, "mounting a tmpfs needs root"))
    func onAFullDiskReadsAnswerAndWritesSaySoAndChangeNothing() async throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/bin/mount"), "needs mount")
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let disk = sandbox.root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mount = try await Subprocess.run(
            URL(fileURLWithPath: "/bin/mount"),
            ["-t", "tmpfs", "-o", "size=1m", "tmpfs", disk.path],
            environment: sandbox.environment, input: "", scratch: sandbox.root)
        try #require(mount.status == 0, "\(mount)")
        defer { _ = umount2(disk.path, Int32(MNT_DETACH)) }
        let data = ["XDG_DATA_HOME": disk.path]
        let add = try await sandbox.habits(
            "add", "Read", "--daily", "--unit", "pages", "--target", "10", "--days", "daily",
            "--start", "2026-01-05", extra: data)
        try #require(add.status == 0, "\(add)")
        try #require(try await sandbox.habits("done", "Read", "4", extra: data).status == 0)
        let database = disk.appendingPathComponent("habits/habits.sqlite3")

        // Fill the file system to its last page.
        let filler = disk.appendingPathComponent("filler")
        let descriptor = open(filler.path, O_WRONLY | O_CREAT, 0o600)
        try #require(descriptor >= 0)
        let chunk = [UInt8](repeating: 0, count: 4096)
        while chunk.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        _ = close(descriptor)
        let before = Self.contents(database)

        let list = try await sandbox.habits("list", extra: data)
        #expect(list.status == 0, "\(list)")
        #expect(list.output.contains("Read"), "\(list)")
        let show = try await sandbox.habits("show", "Read", "--json", extra: data)
        #expect(show.status == 0, "\(show)")
        let writes = [
            ["done", "Read", "2"], ["set", "Read", "7", "--note", "a note"],
            [
                "add", "Walk", "--daily", "--unit", "steps", "--target", "1000", "--days",
                "daily", "--start", "2026-01-05",
            ],
        ]
        for command in writes {
            let write = try await sandbox.habits(command, extra: data)
            #expect(write.status == 1, "\(command): \(write)")
            #expect(
                write.error.hasPrefix(
                    "habits: The disk holding the database \(database.path) is full: nothing "
                        + "was changed."),
                "\(command): \(write)")
            #expect(write.error.contains("Free some space"), "\(write)")
        }
        #expect(Self.contents(database) == before)

        // With space again, the day holds what it held before.
        try FileManager.default.removeItem(at: filler)
        let after = try await sandbox.habits("show", "Read", "--json", extra: data)
        #expect(after.status == 0, "\(after)")
        #expect(after.output == show.output)
    }
}
