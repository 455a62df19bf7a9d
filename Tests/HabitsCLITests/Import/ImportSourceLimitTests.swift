import Foundation
import HabitCore
import TestSupport
import Testing

@testable import HabitsCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Hostile sources (issue 41) end in bounded time, memory and disk with one
/// sentence; the limits are made small here so the fixtures stay small.
@Suite(.timeLimit(.minutes(1))) struct ImportSourceLimitTests {
    let directory: TemporaryDirectory
    var root: URL { directory.url }
    static let variables = ["PATH": "/usr/bin:/bin"]

    init() throws {
        directory = try TemporaryDirectory(prefix: "habits-import-limits")
    }

    /// The sentence `source` fails with on `path`, or "" when it reads.
    func failure(_ source: ImportSource, _ path: String, limits: ImportLimits = .standard)
        -> String
    {
        do {
            _ = try source.read(path: path, variables: Self.variables, limits: limits)
            return ""
        } catch {
            return error.message
        }
    }

    func write(_ text: String, _ path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// A Loop CSV export of two habits in `folder`, one with `checkmarkRows` days.
    func loopExport(_ folder: String, checkmarkRows: Int = 2) throws {
        try write(
            """
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            001,Meditate,YES_NO,,,1,1,#FF0000,,AT_LEAST,0,false
            002,Water [x],YES_NO,,,1,1,#FF0000,,AT_LEAST,0,false

            """, folder + "/Habits.csv")
        var rows = "Date,Value,Notes\n"
        let start = LocalDate(year: 2000, month: 1, day: 1)!
        for offset in 0..<checkmarkRows { rows += "\(start.adding(days: offset)),YES_MANUAL,\n" }
        try write(rows, folder + "/001 Meditate/Checkmarks.csv")
        try write("Date,Value,Notes\n2026-03-01,SKIP,\n", folder + "/002 Water [x]/Checkmarks.csv")
    }

    /// `zip` run in `root` with `arguments`.
    func zip(_ arguments: String...) async throws {
        let zip = try RequiredTool.locate("zip")
        let result = try await Subprocess.run(zip, ["-q"] + arguments, directory: root)
        try #require(result.status == 0, "\(result)")
    }

    func sqlite(_ database: String, _ sql: String) async throws -> String {
        let sqlite = try RequiredTool.locate("sqlite3")
        let path = root.appendingPathComponent(database).path
        let result = try await Subprocess.run(sqlite, [path], input: sql)
        try #require(result.status == 0, "\(result)")
        return path
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let fifo = root.appendingPathComponent("backup.db").path
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(
            failure(.loopDB, fifo) == "\(fifo) is not a regular file (a pipe, device or socket).")
        #expect(failure(.habits, fifo).contains("is not a regular file"))
        try write("Run: 1\n", "harsh/habits")
        try #require(mkfifo(root.appendingPathComponent("harsh/log").path, 0o600) == 0)
        #expect(
            failure(.harsh, root.appendingPathComponent("harsh").path).contains(
                "log is not a regular file"))
    }

    @Test func aFileLargerThanTheLimitIsRefusedBeforeReading() throws {
        try loopExport("export", checkmarkRows: 200)
        var limits = ImportLimits()
        limits.fileBytes = 2_000
        let folder = root.appendingPathComponent("export").path
        #expect(
            failure(.loopCSV, folder, limits: limits)
                == "\(folder)/001 Meditate/Checkmarks.csv is larger than 2000 bytes, the most "
                + "habits imports from one file.")
        limits.fileBytes = 10_000
        #expect(failure(.loopCSV, folder, limits: limits) == "")
        limits.totalBytes = 2_000
        #expect(
            failure(.loopCSV, folder, limits: limits).contains("add up to more than 2000 bytes"))
        try String(repeating: "x", count: 3_000).write(
            to: root.appendingPathComponent("export.json"), atomically: true, encoding: .utf8)
        limits.fileBytes = 2_000
        #expect(
            failure(.habits, root.appendingPathComponent("export.json").path, limits: limits)
                .contains("is larger than 2000 bytes"))
    }

    /// Only Habits.csv and the Checkmarks.csv files are unpacked: a large
    /// entry nothing reads costs nothing, a large one that is read is
    /// refused from the listing.
    @Test func aZipIsListedBeforeAnythingIsUnpacked() async throws {
        try loopExport("Loop Habits CSV", checkmarkRows: 40)
        try write(
            String(repeating: "0", count: 200_000), "Loop Habits CSV/001 Meditate/Scores.csv")
        try await zip("-r", "loop.zip", "Loop Habits CSV")
        let archive = root.appendingPathComponent("loop.zip").path
        var limits = ImportLimits()
        limits.fileBytes = 10_000
        let document = try ImportSource.loopCSV.read(
            path: archive, variables: Self.variables, limits: limits)
        #expect(document.habits.map(\.name) == ["Meditate", "Water [x]"])
        #expect(document.habits.map(\.entries.count) == [40, 1])

        limits.fileBytes = 500
        #expect(
            failure(.loopCSV, archive, limits: limits)
                == "\(archive) (Loop Habits CSV/001 Meditate/Checkmarks.csv) is larger than 500 "
                + "bytes, the most habits imports from one file; nothing was unpacked.")
    }

    /// unzip would ask for the password on the terminal; the entry is named.
    @Test func anEncryptedZipIsRefusedByName() async throws {
        try loopExport("export")
        try await zip("-P", "secret", "-r", "locked.zip", "export")
        let archive = root.appendingPathComponent("locked.zip").path
        #expect(
            failure(.loopCSV, archive)
                == "\(archive) holds an encrypted file, 'export/Habits.csv', which habits does "
                + "not read.")
    }

    @Test func aLinkInAZipIsReportedAsALink() async throws {
        try loopExport("export")
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent("export/passwd").path,
            withDestinationPath: "/etc/passwd")
        try await zip("-y", "-r", "linked.zip", "export")
        let message = failure(.loopCSV, root.appendingPathComponent("linked.zip").path)
        #expect(message.contains("holds a symbolic link, 'export/passwd'"), "\(message)")
        #expect(!message.contains("not a zip archive"))
    }

    /// A view runs the file's own SQL: a recursive one never ended.
    @Test func aLoopHabitsViewIsNotRead() async throws {
        let path = try await sqlite(
            "view.db",
            """
            PRAGMA user_version = 25;
            CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER, notes TEXT);
            CREATE VIEW Habits AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c)
              SELECT x AS id, 'n' AS name, 1 AS freq_num, 1 AS freq_den FROM c WHERE x < 0 LIMIT 1;
            """)
        #expect(
            failure(.loopDB, path)
                == "\(path) is not a Loop Habit Tracker backup (no Habits and Repetitions tables).")
    }

    static let loopTables = """
        PRAGMA user_version = 25;
        CREATE TABLE Habits (id INTEGER PRIMARY KEY, freq_num INTEGER, freq_den INTEGER, name TEXT);
        CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER, notes TEXT);
        """

    @Test func aLoopValueLongerThanTheLimitStopsTheRead() async throws {
        let path = try await sqlite(
            "long.db",
            Self.loopTables + "INSERT INTO Habits VALUES (1, 1, 1, hex(zeroblob(3000)));")
        var limits = ImportLimits()
        limits.valueBytes = 2_000
        #expect(
            failure(.loopDB, path, limits: limits)
                == "\(path) holds a value longer than 2000 bytes, which no Loop backup does; "
                + "nothing was imported.")
        limits.valueBytes = 10_000
        #expect(failure(.loopDB, path, limits: limits) == "")
    }

    /// With no time at all, the first check of the progress handler (every
    /// 10,000 SQLite instructions) stops the query over 5,000 rows.
    @Test func aLoopQueryPastTheTimeLimitStops() async throws {
        let path = try await sqlite(
            "slow.db",
            Self.loopTables
                + """
                INSERT INTO Habits VALUES (1, 1, 1, 'Run');
                WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c LIMIT 5000)
                  INSERT INTO Repetitions (habit, timestamp, value) SELECT 1, x * 86400000, 2 FROM c;
                """)
        var limits = ImportLimits()
        limits.queryTime = .zero
        #expect(
            failure(.loopDB, path, limits: limits)
                == "Reading \(path) took longer than 0 seconds, the most one query of a Loop "
                + "backup may take; nothing was imported.")
        #expect(failure(.loopDB, path) == "")
    }

    /// Opened immutable: nothing is written beside the file, whatever its
    /// journal mode (a WAL file used to gain -wal and -shm files).
    @Test func aWALDatabaseIsReadWithoutWritingBesideIt() async throws {
        let path = try await sqlite(
            "wal.db",
            "PRAGMA journal_mode = WAL;\n" + Self.loopTables
                + "INSERT INTO Habits VALUES (1, 1, 1, 'Run');")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["wal.db"])
        let document = try ImportSource.loopDB.read(path: path, variables: Self.variables)
        #expect(document.habits.map(\.name) == ["Run"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["wal.db"])
    }
}
