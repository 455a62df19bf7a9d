import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// `habits import` and `habits export` run as the built binary, in local mode
/// and against a real `habits-server` (with the batch route, and through a
/// proxy that hides it).
@Suite struct ImportExportTests {
    /// A harsh pair: a daily, a weekly 3/7 and an every-3-days habit, 60 days of log.
    static func writeHarsh(in directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try "# habits\n! Health\nMeditate: 1\nGym: 3/7\nWater plants: 3\n".write(
            to: directory.appendingPathComponent("habits"), atomically: true, encoding: .utf8)
        var log = ""
        let start = LocalDate(year: 2026, month: 9, day: 1)!
        for offset in 0..<60 {
            let date = start.adding(days: offset)
            log += "\(date) : Meditate : \(offset % 4 == 0 ? "n" : offset % 9 == 0 ? "s" : "y")\n"
            if offset % 2 == 0 { log += "\(date) : Gym : y : felt good\n" }
            if offset % 3 == 0 { log += "\(date) : Water plants : y\n" }
        }
        try log.write(
            to: directory.appendingPathComponent("log"), atomically: true, encoding: .utf8)
    }

    /// `show --json` of every habit as of a fixed date, by id.
    static func shows(_ sandbox: Sandbox, ids: [Int]) async throws -> [String] {
        var result: [String] = []
        for id in ids {
            let show = try await sandbox.habits(
                "show", String(id), "--date", "2026-11-30", "--months", "4", "--json")
            try #require(show.status == 0, "\(show)")
            result.append(show.output)
        }
        return result
    }

    static func ids(_ sandbox: Sandbox) async throws -> [Int] {
        let list = try await sandbox.habits("list", "--all", "--json")
        let object =
            try JSONSerialization.jsonObject(with: Data(list.output.utf8)) as? [String: Any]
        return ((object?["habits"] as? [[String: Any]]) ?? []).compactMap { $0["id"] as? Int }
    }

    @Test func localImportIsIdempotentAndExportRoundTrips() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let harsh = sandbox.root.appendingPathComponent("harsh")
        try Self.writeHarsh(in: harsh)

        let dry = try await sandbox.habits("import", "harsh", harsh.path, "--dry-run")
        #expect(dry.status == 0, "\(dry)")
        #expect(dry.output.contains("Would import from harsh"))
        #expect(try await Self.ids(sandbox).isEmpty, "a dry run wrote something")

        let first = try await sandbox.habits("import", "harsh", harsh.path, "--json")
        #expect(first.status == 0, "\(first)")
        let report =
            try JSONSerialization.jsonObject(with: Data(first.output.utf8)) as? [String: Any]
        #expect((report?["created"] as? [Any])?.count == 3)
        let written = report?["entries_written"] as? Int ?? 0
        #expect(written > 60)
        // harsh's comments ("felt good") become the days' notes.
        #expect(report?["notes_not_imported"] as? Int == 0)
        let gym = try await sandbox.habits("show", "Gym", "--date", "2026-09-01", "--json")
        #expect(gym.output.contains(#""note" : "felt good""#), "\(gym)")
        let approximations = report?["approximations"] as? [String] ?? []
        #expect(approximations.contains { $0.hasPrefix("Gym: 3 per rolling 7 days") })
        #expect(
            approximations.contains {
                $0.hasPrefix("Water plants: 1 per rolling 3 days became every 3 days")
            })

        let again = try await sandbox.habits("import", "harsh", harsh.path, "--json")
        let second =
            try JSONSerialization.jsonObject(with: Data(again.output.utf8)) as? [String: Any]
        #expect((second?["created"] as? [Any])?.isEmpty == true, "\(again)")
        #expect(second?["entries_written"] as? Int == 0)
        #expect(try await Self.ids(sandbox) == [1, 2, 3])

        // A day changed here is a conflict: kept, then replaced with --overwrite.
        #expect(
            try await sandbox.habits("set", "Meditate", "0.5", "--date", "2026-09-02").status == 0)
        let conflict = try await sandbox.habits("import", "harsh", harsh.path)
        #expect(conflict.output.contains("Meditate 2026-09-02: existing 0.5, imported 1: kept"))
        let overwrite = try await sandbox.habits("import", "harsh", harsh.path, "--overwrite")
        #expect(overwrite.output.contains("overwritten"), "\(overwrite)")

        // Export, then import into an empty store: identical `show --json`,
        // notes included.
        #expect(try await sandbox.habits("archive", "Gym").status == 0)
        let exportFile = sandbox.root.appendingPathComponent("export.json")
        let export = try await sandbox.habits("export", "--output", exportFile.path)
        #expect(export.status == 0, "\(export)")
        let before = try await Self.shows(sandbox, ids: try await Self.ids(sandbox))

        let fresh = try Sandbox()
        defer { fresh.remove() }
        let load = try await fresh.habits("import", "habits", exportFile.path)
        #expect(load.status == 0, "\(load)")
        #expect(try await Self.shows(fresh, ids: try await Self.ids(fresh)) == before)

        let csv = try await sandbox.habits("export", "--format", "csv")
        #expect(csv.output.hasPrefix("habit_id,habit_name,date,value,skipped,note,goal,"))
        #expect(csv.output.contains("\r\n1,Meditate,2026-09-02,1,false,,AT_LEAST,,Health\r\n"))
        #expect(csv.output.contains("\r\n2,Gym,2026-09-01,1,false,felt good,AT_LEAST,,Health\r\n"))
    }

    @Test func anErrorWritesNothing() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        #expect(
            try await sandbox.habits(
                "add", "Gym", "--daily", "--unit", "times", "--target", "1", "--days", "daily",
                "--start", "2026-01-01"
            ).status == 0)
        let harsh = sandbox.root.appendingPathComponent("harsh")
        try Self.writeHarsh(in: harsh)
        // "Gym" exists as a daily habit; the import's is weekly: refused as a whole.
        let refused = try await sandbox.habits("import", "harsh", harsh.path)
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.error.contains("--rename-existing"))
        #expect(try await Self.ids(sandbox) == [1])
        let renamed = try await sandbox.habits("import", "harsh", harsh.path, "--rename-existing")
        #expect(renamed.status == 0, "\(renamed)")
        #expect(renamed.output.contains("renamed  Gym → Gym (imported)"))
        let skipped = try await sandbox.habits("import", "harsh", harsh.path, "--skip-existing")
        #expect(skipped.output.contains("0 new habits"), "\(skipped)")
        let missing = try await sandbox.habits("import", "loop-db", "/nonexistent.db")
        #expect(missing.status == 1)
        #expect(missing.error.contains("/nonexistent.db does not exist."))
    }

    @Test func loopDatabasesOfOldAndNewSchemas() async throws {
        let sqlite = "/usr/bin/sqlite3"
        try #require(FileManager.default.isExecutableFile(atPath: sqlite), "needs Debian's sqlite3")
        for version in [12, 25] {
            let sandbox = try Sandbox()
            defer { sandbox.remove() }
            let database = sandbox.root.appendingPathComponent("loop-\(version).db")
            let modern = version >= 17
            let habitsTable =
                modern
                ? "CREATE TABLE Habits (id INTEGER PRIMARY KEY, archived INTEGER, color INTEGER, description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER, reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127, type INTEGER NOT NULL DEFAULT 0, target_type INTEGER NOT NULL DEFAULT 0, target_value REAL NOT NULL DEFAULT 0, unit TEXT NOT NULL DEFAULT '', question TEXT, uuid TEXT);"
                : "CREATE TABLE Habits (id INTEGER PRIMARY KEY, archived INTEGER, color INTEGER, description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER, reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127);"
            let repetitionsTable =
                modern
                ? "CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER, notes TEXT);"
                : "CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER);"
            var sql = "PRAGMA user_version = \(version);\n\(habitsTable)\n\(repetitionsTable)\n"
            sql +=
                "INSERT INTO Habits (id, archived, description, freq_den, freq_num, name, position) VALUES (1, 0, '', 1, 1, 'Meditate', 0), (2, 0, 'legs', 7, 3, 'Run', 1);\n"
            let day = 86_400_000
            let base = 1_772_323_200_000  // 2026-03-01 UTC
            for offset in 0..<10 {
                // 2 yes, 3 skip, 0 no, 1 auto-filled.
                sql +=
                    "INSERT INTO Repetitions (habit, timestamp, value) VALUES (1, \(base + offset * day), \([2, 3, 0, 1, 2][offset % 5]));\n"
            }
            if modern {
                sql +=
                    "INSERT INTO Habits (id, archived, description, freq_den, freq_num, name, position, type, target_type, target_value, unit) VALUES (3, 0, '', 1, 1, 'Water', 2, 1, 0, 8.0, 'glasses'), (4, 0, '', 1, 1, 'Sugar', 3, 1, 1, 30.0, 'g');\n"
                sql +=
                    "INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (3, \(base), 6500, 'hot day');\n"
            }
            let created = try await Subprocess.run(
                URL(fileURLWithPath: sqlite), [database.path], environment: sandbox.environment,
                input: sql, scratch: sandbox.root)
            try #require(created.status == 0, "\(created)")

            let result = try await sandbox.habits("import", "loop-db", database.path, "--json")
            try #require(result.status == 0, "\(result)")
            let report =
                try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
            let names = (report?["created"] as? [[String: Any]])?.compactMap {
                $0["name"] as? String
            }
            #expect(
                names == (modern ? ["Meditate", "Run", "Water", "Sugar"] : ["Meditate", "Run"]))
            // Meditate: 4 yes and 2 skips in 10 days.
            #expect(report?["entries_written"] as? Int == (modern ? 7 : 6))
            let show = try await sandbox.habits(
                "show", "Meditate", "--date", "2026-03-10", "--json")
            #expect(show.output.contains("\"success_count\" : 4"), "\(show)")
            #expect(show.output.contains("\"skipped_count\" : 2"), "\(show)")
            if modern {
                let approximations = report?["approximations"] as? [String] ?? []
                #expect(!approximations.contains { $0.hasPrefix("Sugar:") })  // at most, kept
                let water = try await sandbox.habits(
                    "show", "Water", "--date", "2026-03-01", "--json")
                #expect(water.output.contains("\"current\" : 6.5"), "\(water)")
                #expect(water.output.contains(#""note" : "hot day""#), "\(water)")
                #expect(report?["notes_not_imported"] as? Int == 0)
            }
        }
    }

    /// Every schema version Loop wrote from 12 to 25, built by Loop's own
    /// migrations (`LoopMigrations`), read as Loop's import test expects:
    /// the habits in Loop's order with their frequencies, a row before
    /// version 16 (no `value` column) a day done, a "no" (value 0) no entry.
    @Test(arguments: Array(12...25))
    func loopDatabaseOfEverySchemaVersion(_ version: Int) async throws {
        let sqlite = "/usr/bin/sqlite3"
        try #require(FileManager.default.isExecutableFile(atPath: sqlite), "needs Debian's sqlite3")
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let database = sandbox.root.appendingPathComponent("loop-\(version).db")
        func stamp(_ day: Int) -> Int {
            LocalDate(year: 2016, month: 3, day: day)!.dayNumber * 86_400_000
        }
        var sql = LoopMigrations.schema(version: version)
        sql += """
            INSERT INTO Habits (Id, archived, color, description, freq_den, freq_num, highlight,
                name, position, reminder_days)
            VALUES (1, 0, 0, '', 7, 3, 0, 'Wake up early', 0, 127),
                (2, 0, 0, '', 1, 1, 0, 'Meditate', 2, 127),
                (3, 1, 0, '', 1, 1, 0, 'Old habit', 1, 127);

            """
        let withValue = version >= 16
        func repetition(_ habit: Int, _ day: Int, _ value: Int) -> String {
            withValue
                ? "INSERT INTO Repetitions (habit, timestamp, value) VALUES (\(habit), \(stamp(day)), \(value));\n"
                : "INSERT INTO Repetitions (habit, timestamp) VALUES (\(habit), \(stamp(day)));\n"
        }
        sql += repetition(1, 14, 2) + repetition(1, 16, 2) + repetition(2, 15, 2)
        if withValue { sql += repetition(1, 17, 0) + repetition(3, 15, 3) }
        if version >= 18 {
            sql += """
                INSERT INTO Habits (Id, archived, description, freq_den, freq_num, name, position,
                    type, target_type, target_value, unit)
                VALUES (4, 0, '', 1, 1, 'Water', 3, 1, 0, 8.0, 'glasses');

                """
            sql += repetition(4, 15, 6500)
        }
        if version >= 25 { sql += "UPDATE Repetitions SET notes = 'calm' WHERE habit = 2;\n" }
        let created = try await Subprocess.run(
            URL(fileURLWithPath: sqlite), [database.path], environment: sandbox.environment,
            input: sql, scratch: sandbox.root)
        try #require(created.status == 0 && created.error.isEmpty, "\(created)")

        let result = try await sandbox.habits("import", "loop-db", database.path, "--json")
        try #require(result.status == 0, "\(result)")
        let export = try await sandbox.habits("export")
        try #require(export.status == 0, "\(export)")
        let document = try JSONSerialization.jsonObject(with: Data(export.output.utf8))
        let habits = try #require((document as? [String: Any])?["habits"] as? [[String: Any]])
        #expect(
            habits.map { $0["name"] as? String }
                == ["Wake up early", "Old habit", "Meditate"] + (version >= 18 ? ["Water"] : []))
        func dates(_ index: Int) -> [String] {
            (habits[index]["entries"] as? [[String: Any]] ?? []).compactMap {
                $0["date"] as? String
            }
        }
        // Loop's own test: 3 times in 7 days, checked on the 14th and 16th, not the 17th.
        #expect(habits[0]["frequency"] as? String == "WEEKLY")
        #expect(habits[0]["target_value"] as? Double == 3)
        #expect(dates(0) == ["2016-03-14", "2016-03-16"])
        #expect(habits[1]["status"] as? String == "ARCHIVED")
        #expect(dates(1) == (withValue ? ["2016-03-15"] : []))
        #expect(habits[2]["frequency"] as? String == "DAILY")
        #expect(dates(2) == ["2016-03-15"])
        let meditate = habits[2]["entries"] as? [[String: Any]]
        #expect(meditate?.first?["note"] as? String == (version >= 25 ? "calm" : nil))
        if version >= 18 {
            #expect(habits[3]["target_value"] as? Double == 8)
            let water = habits[3]["entries"] as? [[String: Any]]
            #expect(water?.first?["value"] as? Double == 6.5)
        }
    }

    @Test func loopDatabaseOfAnUnknownSchemaIsRefused() async throws {
        let sqlite = "/usr/bin/sqlite3"
        try #require(FileManager.default.isExecutableFile(atPath: sqlite), "needs Debian's sqlite3")
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let database = sandbox.root.appendingPathComponent("future.db")
        let created = try await Subprocess.run(
            URL(fileURLWithPath: sqlite), [database.path], environment: sandbox.environment,
            input: "PRAGMA user_version = 30; CREATE TABLE Habits (id INTEGER);",
            scratch: sandbox.root)
        try #require(created.status == 0, "\(created)")
        let result = try await sandbox.habits("import", "loop-db", database.path)
        #expect(result.status == 1)
        #expect(result.error.contains("schema version 30"), "\(result)")
        #expect(result.error.contains("12 through 25"), "\(result)")
    }

    @Test func loopCSVExportAsZipAndAsFolder() async throws {
        let zip = "/usr/bin/zip"
        try #require(FileManager.default.isExecutableFile(atPath: zip), "needs Debian's zip")
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = sandbox.root.appendingPathComponent("Loop Habits CSV 2026-03-10")
        let meditate = folder.appendingPathComponent("001 Meditate")
        let water = folder.appendingPathComponent("002 Water")
        for directory in [meditate, water] {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        }
        try """
        Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
        001,Meditate,YES_NO,,,1,1,#FF0000,,AT_LEAST,0,false
        002,Water,NUMERICAL,,,1,1,#0000FF,glasses,AT_LEAST,8,false

        """.write(
            to: folder.appendingPathComponent("Habits.csv"), atomically: true, encoding: .utf8)
        try "Date,Value,Notes\n2026-03-03,YES_MANUAL,\n2026-03-02,SKIP,calm\n2026-03-01,YES_AUTO,\n"
            .write(
                to: meditate.appendingPathComponent("Checkmarks.csv"), atomically: true,
                encoding: .utf8)
        try "Date,Value,Notes\n2026-03-01,8000,\n".write(
            to: water.appendingPathComponent("Checkmarks.csv"), atomically: true, encoding: .utf8)
        try "Date,Score\n".write(
            to: water.appendingPathComponent("Scores.csv"), atomically: true, encoding: .utf8)
        let archive = sandbox.root.appendingPathComponent("loop.zip")
        // Loop's archive holds the export's folder at its top, as zip -r from its parent makes.
        let zipped = try await Subprocess.run(
            URL(fileURLWithPath: "/bin/sh"),
            [
                "-c", "cd \"$1\" && \"$2\" -q -r \"$3\" \"$4\"", "sh", sandbox.root.path, zip,
                archive.path, folder.lastPathComponent,
            ], environment: sandbox.environment, scratch: sandbox.root)
        try #require(zipped.status == 0, "\(zipped)")

        let fromZip = try await sandbox.habits("import", "loop-csv", archive.path, "--json")
        #expect(fromZip.status == 0, "\(fromZip)")
        let report =
            try JSONSerialization.jsonObject(with: Data(fromZip.output.utf8)) as? [String: Any]
        #expect(report?["entries_written"] as? Int == 3)
        #expect(report?["notes_not_imported"] as? Int == 0)
        let calm = try await sandbox.habits("show", "Meditate", "--date", "2026-03-02", "--json")
        #expect(calm.output.contains(#""note" : "calm""#), "\(calm)")
        let show = try await sandbox.habits("show", "Water", "--date", "2026-03-01", "--json")
        #expect(show.output.contains("\"state\" : \"done\""), "\(show)")
        // The folder is the same export: nothing new.
        let fromFolder = try await sandbox.habits("import", "loop-csv", folder.path)
        #expect(fromFolder.output.contains("0 new habits, 0 entries written"), "\(fromFolder)")
        let notZip = try await sandbox.habits(
            "import", "loop-csv", folder.appendingPathComponent("Habits.csv").path)
        #expect(notZip.status == 1)
        #expect(notZip.error.contains("is not a zip archive"), "\(notZip)")
    }

    /// A Loop CSV export of one habit in `folder`; `checkmarks` its days file.
    static func writeLoopExport(in folder: URL, checkmarks: String) throws {
        let meditate = folder.appendingPathComponent("001 Meditate")
        try FileManager.default.createDirectory(at: meditate, withIntermediateDirectories: true)
        try """
        Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
        001,Meditate,YES_NO,,,1,1,#FF0000,,AT_LEAST,0,false

        """.write(
            to: folder.appendingPathComponent("Habits.csv"), atomically: true, encoding: .utf8)
        try checkmarks.write(
            to: meditate.appendingPathComponent("Checkmarks.csv"), atomically: true,
            encoding: .utf8)
    }

    /// `zip -q -r archive folder`, run in `folder`'s parent.
    static func zip(_ folder: URL, into archive: URL, _ sandbox: Sandbox) async throws {
        let zip = try RequiredTool.locate("zip")
        let zipped = try await Subprocess.run(
            zip, ["-q", "-r", archive.path, folder.lastPathComponent],
            environment: sandbox.environment, scratch: sandbox.root,
            directory: folder.deletingLastPathComponent())
        try #require(zipped.status == 0, "\(zipped)")
    }

    /// Entries of zeros that unpack to far more than the limit (the probe's
    /// five 1,000 MB entries filled TMPDIR) are refused from the listing:
    /// quickly, and with nothing written to TMPDIR.
    @Test func aZipOfHugeEntriesIsRefusedBeforeUnpacking() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = sandbox.root.appendingPathComponent("Loop Habits CSV")
        try Self.writeLoopExport(in: folder, checkmarks: "Date,Value,Notes\n")
        // 40 MB of zeros each, sparse on disk: zip reads them as zeros.
        for name in ["001 Meditate/Checkmarks.csv", "001 Meditate/Scores.csv"] {
            let file = folder.appendingPathComponent(name)
            _ = FileManager.default.createFile(atPath: file.path, contents: nil)
            let handle = try FileHandle(forWritingTo: file)
            try handle.truncate(atOffset: 40 * 1_048_576)
            try handle.close()
        }
        let archive = sandbox.root.appendingPathComponent("zeros.zip")
        try await Self.zip(folder, into: archive, sandbox)
        let temporary = sandbox.root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)

        let result = try await sandbox.habits(
            ["import", "loop-csv", archive.path], extra: ["TMPDIR": temporary.path])
        #expect(result.status == 1)
        #expect(
            result.error.contains(
                "(Loop Habits CSV/001 Meditate/Checkmarks.csv) is larger than 32 MB, the most "
                    + "habits imports from one file; nothing was unpacked."), "\(result)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    /// Starts `process` from a thread that blocks no signal. A child
    /// inherits the mask of the thread that starts it, and the test's
    /// threads (Dispatch's) block SIGTERM: `habits` would then never see
    /// it, as it would from no shell.
    static func runWithNoSignalBlocked(_ process: Process) throws {
        /// Written by the thread before it signals `done`, read after `wait()`.
        final class Outcome: @unchecked Sendable {
            var error: (any Error)?
        }
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do { try process.run() } catch { outcome.error = error }
            done.signal()
        }
        thread.start()
        done.wait()
        if let error = outcome.error { throw error }
    }

    /// SIGTERM during an import ends unzip with the command, and leaves no
    /// temporary files. The stand-in unzip lists as unzip does, then says
    /// its pid through a FIFO and waits: the test signals only once the
    /// extraction is under way.
    @Test(.timeLimit(.minutes(1)))
    func anInterruptedImportLeavesNoUnzipBehind() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let folder = sandbox.root.appendingPathComponent("export")
        try Self.writeLoopExport(in: folder, checkmarks: "Date,Value,Notes\n")
        let archive = sandbox.root.appendingPathComponent("loop.zip")
        try await Self.zip(folder, into: archive, sandbox)
        let unzip = try RequiredTool.locate("unzip")
        let bin = sandbox.root.appendingPathComponent("bin")
        let temporary = sandbox.root.appendingPathComponent("tmp")
        for directory in [bin, temporary] {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true)
        }
        let ready = sandbox.root.appendingPathComponent("ready").path
        try #require(mkfifo(ready, 0o600) == 0)
        let script = bin.appendingPathComponent("unzip")
        try """
        #!/bin/sh
        if [ "$1" = "-Z" ]; then exec "\(unzip.path)" "$@"; fi
        echo $$ > "\(ready)"
        exec sleep 600

        """.write(to: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        // Open before habits starts, so the stand-in's write never waits for a reader.
        let reader = open(ready, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }

        let process = Process()
        process.executableURL = Binaries.habits
        process.arguments = ["import", "loop-csv", archive.path]
        var environment = sandbox.environment
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        environment["TMPDIR"] = temporary.path
        process.environment = ChildEnvironment.with(environment)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try Self.runWithNoSignalBlocked(process)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

        // The stand-in's pid, once it is extracting (bounded: 30 s at most).
        var text = ""
        for _ in 0..<300 where !text.hasSuffix("\n") && process.isRunning {
            var event = pollfd(fd: reader, events: Int16(POLLIN), revents: 0)
            guard poll(&event, 1, 100) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 64)
            let count = read(reader, &buffer, buffer.count)
            if count > 0 { text += String(decoding: buffer[0..<count], as: UTF8.self) }
        }
        let child = try #require(pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)))
        defer { kill(child, SIGKILL) }

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == SIGTERM)
        // Gone, not merely signalled: the command reaped it before ending.
        #expect(kill(child, 0) == -1 && errno == ESRCH, "unzip \(child) outlived the command")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    // MARK: - Server mode

    func signIn(_ sandbox: Sandbox, url: String, server: ServerProcess, as address: String)
        async throws
    {
        try #require(try await sandbox.habits("config", "set", "server", url).status == 0)
        try #require(try await sandbox.habits("auth", "email", address).status == 0)
        let verify = try await sandbox.habits("verify", try server.code(for: address))
        try #require(verify.status == 0, "\(verify)")
    }

    /// `show --json` without what a server assigns (id and times).
    static func portable(_ show: String) throws -> NSDictionary {
        var object =
            try JSONSerialization.jsonObject(with: Data(show.utf8)) as? [String: Any] ?? [:]
        var habit = object["habit"] as? [String: Any] ?? [:]
        for key in ["id", "created_at", "updated_at"] { habit[key] = nil }
        object["habit"] = habit
        return object as NSDictionary
    }

    @Test func serverImportUsesTheBatchRouteAndRoundTrips() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        let proxy = try FaultProxy(upstreamPort: server.port) { _ in .forward }
        try await signIn(sandbox, url: proxy.url, server: server, as: "imp@example.com")
        let harsh = sandbox.root.appendingPathComponent("harsh")
        try Self.writeHarsh(in: harsh)
        let result = try await sandbox.habits("import", "harsh", harsh.path)
        #expect(result.status == 0, "\(result)")
        let batches = proxy.requests.filter {
            $0.method == "PUT" && $0.target.hasSuffix("/progress/")
        }
        #expect(batches.count == 3, "one batch per habit")
        let gym = try await sandbox.habits("show", "Gym", "--date", "2026-09-01", "--json")
        #expect(gym.output.contains(#""note" : "felt good""#), "\(gym)")
        #expect(
            !proxy.requests.contains { $0.method == "PUT" && !$0.target.hasSuffix("/progress/") })
        let again = try await sandbox.habits("import", "harsh", harsh.path)
        #expect(again.output.contains("0 new habits, 0 entries written"), "\(again)")

        // Export from the server, import into a second account: the same habits.
        let exportFile = sandbox.root.appendingPathComponent("server-export.json")
        #expect(try await sandbox.habits("export", "--output", exportFile.path).status == 0)
        let before = try await Self.shows(sandbox, ids: try await Self.ids(sandbox)).map(
            Self.portable)
        let other = try Sandbox()
        defer { other.remove() }
        try await signIn(other, url: proxy.url, server: server, as: "two@example.com")
        let load = try await other.habits("import", "habits", exportFile.path)
        #expect(load.status == 0, "\(load)")
        let after = try await Self.shows(other, ids: try await Self.ids(other)).map(Self.portable)
        #expect(after == before)
        await server.stop()
    }

    @Test func serverWithoutTheBatchRouteGetsOnePutPerEntry() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        let proxy = try FaultProxy(upstreamPort: server.port) { request in
            request.method == "PUT" && request.target.hasSuffix("/progress/")
                ? .answer(status: 405, body: #"{"detail":"Method not allowed."}"#) : .forward
        }
        try await signIn(sandbox, url: proxy.url, server: server, as: "old@example.com")
        let harsh = sandbox.root.appendingPathComponent("harsh")
        try Self.writeHarsh(in: harsh)
        let result = try await sandbox.habits("import", "harsh", harsh.path, "--json")
        #expect(result.status == 0, "\(result)")
        #expect(result.error.contains("no batch progress route"), "\(result)")
        let report =
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
        let written = report?["entries_written"] as? Int ?? -1
        let singles = proxy.requests.filter {
            $0.method == "PUT" && !$0.target.hasSuffix("/progress/")
        }
        #expect(singles.count == written)
        let show = try await sandbox.habits("show", "Meditate", "--date", "2026-10-30", "--json")
        #expect(show.output.contains("\"success_count\" : 40"), "\(show)")
        let gym = try await sandbox.habits("show", "Gym", "--date", "2026-09-01", "--json")
        #expect(gym.output.contains(#""note" : "felt good""#), "\(gym)")
        await server.stop()
    }
}
