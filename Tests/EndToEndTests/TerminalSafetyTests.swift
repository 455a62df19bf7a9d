import Foundation
import HabitCore
import ServerTestSupport
import TestSupport
import Testing

/// Text that did not come from `habits` itself (the local database, every
/// import format, a server) holding escape sequences, C1 controls and
/// bidirectional overrides: no command's output, on either stream, passes
/// any of them on, echoed data is cut short, and `--json` keeps the data.
@Suite struct TerminalSafetyTests {
    /// An OSC title, a CSI clear screen, a colour, an 8-bit CSI, a C1 OSC,
    /// a balanced isolate around a balanced embedding, and an unclosed
    /// right-to-left override.
    static let hostile =
        "\u{1B}]0;PWNED\u{07}\u{1B}[2J\u{1B}[31mEvil\u{9B}1m\u{9D}x\u{07}"
        + "\u{2067}\u{202A}y\u{202C}\u{2069}\u{202E}"
    static let forbidden: [Unicode.Scalar] = [
        "\u{1B}", "\u{07}", "\u{9B}", "\u{9D}", "\u{202E}", "\u{2067}", "\u{2069}", "\u{202A}",
        "\u{202C}",
    ]

    /// Fails for any forbidden character in either stream of `result`.
    static func expectClean(_ result: ProcessResult, _ label: String) {
        for stream in [result.output, result.error] {
            let found = stream.unicodeScalars.filter { forbidden.contains($0) }
            #expect(found.isEmpty, "\(label): \(stream.debugDescription)")
        }
    }

    static var sqlite: String { "/usr/bin/sqlite3" }

    static func sqlite(_ sandbox: Sandbox, _ sql: String) async throws {
        let database = sandbox.dataHome.appendingPathComponent("habits/habits.sqlite3")
        let result = try await Subprocess.run(
            URL(fileURLWithPath: sqlite), [database.path], environment: sandbox.environment,
            input: sql, scratch: sandbox.root)
        try #require(result.status == 0, "\(result)")
    }

    /// Every reading command, in text, on a database whose name, unit and
    /// note hold hostile text.
    @Test func namesUnitsAndNotesFromTheDatabase() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.sqlite), "needs sqlite3")
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let add = try await sandbox.habits(
            "add", "Plain", "--daily", "--unit", "times", "--target", "2", "--days", "daily",
            "--start", "2026-01-05")
        try #require(add.status == 0, "\(add)")
        let yesterday = LocalDate.on(Date(), in: TimeZone(identifier: "UTC")!).adding(days: -1)
        let done = try await sandbox.habits("done", "Plain", "1", "--date", "\(yesterday)")
        try #require(done.status == 0, "\(done)")
        let quoted = Self.hostile.replacingOccurrences(of: "'", with: "''")
        try await Self.sqlite(
            sandbox,
            "UPDATE habits SET name = 'Plain\(quoted)', measurement_type = 'ti\(quoted)mes';"
                + "UPDATE progress SET note = 'note\(quoted)';")
        let runs: [[String]] = [
            ["list"], ["list", "--all"], ["show", "1"], ["show", "1", "--date", "\(yesterday)"],
            ["log"], ["heatmap", "1"], ["check"], ["remind"], ["status"],
            ["done", "1", "--date", "\(yesterday)"], ["undo", "1", "--date", "\(yesterday)"],
            ["done", "1", "--note", "x\u{1B}[2J"],
            ["show", "Nope\u{1B}[2J"],
        ]
        for arguments in runs {
            let run = try await sandbox.habits(arguments)
            Self.expectClean(run, "\(arguments)")
        }
        let list = try await sandbox.habits("list")
        #expect(list.output.contains("PlainEvily"), "\(list)")
        // --json keeps the data exactly, escaped.
        let json = try await sandbox.habits("list", "--json")
        Self.expectClean(json, "list --json")
        let object =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let habit = (object?["habits"] as? [[String: Any]])?.first
        #expect(habit?["name"] as? String == "Plain" + Self.hostile)
    }

    /// Each import format with a hostile habit name, unknown-habit log lines,
    /// bad results, and a 100,000-character name: nothing hostile and no
    /// more than a bounded echo reaches either stream.
    @Test func everyImportFormat() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let long = String(repeating: "n", count: 100_000)
        let hostile = Self.hostile

        let harsh = sandbox.root.appendingPathComponent("harsh")
        try FileManager.default.createDirectory(at: harsh, withIntermediateDirectories: true)
        try "Run\(hostile): 1\nGym: 9\(hostile)\n\(long): 1\n".write(
            to: harsh.appendingPathComponent("habits"), atomically: true, encoding: .utf8)
        try """
        2026-03-01 : Run\(hostile) : y : a note\(hostile)
        2026-03-01 : Nope\(hostile) : y
        2026-03-02 : Run\(hostile) : q\(hostile)
        2026-03-0\(hostile) : Run\(hostile) : y
        2026-03-03 : \(long) : y

        """.write(to: harsh.appendingPathComponent("log"), atomically: true, encoding: .utf8)

        let habitctl = sandbox.root.appendingPathComponent("habitctl")
        try FileManager.default.createDirectory(at: habitctl, withIntermediateDirectories: true)
        try "1 Read\(hostile)\n1 \(long)\n".write(
            to: habitctl.appendingPathComponent("habits"), atomically: true, encoding: .utf8)
        try "2026-03-01\tRead\(hostile)\ty\n2026-03-01\tNope\(hostile)\ty\n"
            .appending("2026-03-02\tRead\(hostile)\tq\(hostile)\n2026-03-03\t\(long)\tq\n")
            .write(to: habitctl.appendingPathComponent("log"), atomically: true, encoding: .utf8)

        let export = sandbox.root.appendingPathComponent("export.json")
        let escapedHostile = String(
            String(data: try JSONEncoder().encode(hostile), encoding: .utf8)!.dropFirst().dropLast()
        )
        func exportHabit(_ id: Int, _ name: String) -> String {
            """
            {"id": \(id), "name": "\(name)", "frequency": "DAILY", "measurement_type": "times",
             "start_date": "2026-03-01", "action_days": [1,2,3,4,5,6,7], "target_value": 1,
             "status": "ACTIVE", "entries": [{"date": "2026-03-01", "value": 1, "skipped": false,
             "note": "n\(escapedHostile)"}]}
            """
        }
        try """
        {"format": "habits-export", "version": 1, "exported_at": "2026-03-05T10:00:00Z",
         "habits": [\(exportHabit(1, "Swim" + escapedHostile))]}
        """.write(to: export, atomically: true, encoding: .utf8)
        let longExport = sandbox.root.appendingPathComponent("long.json")
        try """
        {"format": "habits-export", "version": 1, "exported_at": "2026-03-05T10:00:00Z",
         "habits": [\(exportHabit(1, long + escapedHostile))]}
        """.write(to: longExport, atomically: true, encoding: .utf8)

        let loop = sandbox.root.appendingPathComponent("loop")
        let loopHabit = loop.appendingPathComponent("001 Walk")
        try FileManager.default.createDirectory(at: loopHabit, withIntermediateDirectories: true)
        try """
        Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
        001,"Walk\(hostile)",YES_NO,,,1,1,#FF0000,,AT_LEAST,0,false
        002,"Bad\(hostile)",YES_NO,,,x,1,#FF0000,,AT_LEAST,0,false

        """.write(
            to: loop.appendingPathComponent("Habits.csv"), atomically: true, encoding: .utf8)
        try "Date,Value,Notes\n2026-03-03,YES_MANUAL,\"calm\(hostile)\"\n".write(
            to: loopHabit.appendingPathComponent("Checkmarks.csv"), atomically: true,
            encoding: .utf8)

        var imports: [[String]] = [
            ["harsh", harsh.path], ["habitctl", habitctl.path], ["habits", export.path],
            ["habits", longExport.path], ["loop-csv", loop.path],
        ]
        if FileManager.default.isExecutableFile(atPath: Self.sqlite) {
            let database = sandbox.root.appendingPathComponent("loop.db")
            let quoted = hostile.replacingOccurrences(of: "'", with: "''")
            let created = try await Subprocess.run(
                URL(fileURLWithPath: Self.sqlite), [database.path],
                environment: sandbox.environment,
                input: """
                    PRAGMA user_version = 24;
                    CREATE TABLE Habits (id INTEGER PRIMARY KEY, archived INTEGER, color INTEGER, description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER, reminder_hour INTEGER, reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127, type INTEGER NOT NULL DEFAULT 0, target_type INTEGER NOT NULL DEFAULT 0, target_value REAL NOT NULL DEFAULT 0, unit TEXT NOT NULL DEFAULT '', question TEXT, uuid TEXT);
                    CREATE TABLE Repetitions (id INTEGER PRIMARY KEY, habit INTEGER, timestamp INTEGER, value INTEGER, notes TEXT);
                    INSERT INTO Habits (id, archived, description, freq_den, freq_num, name, position, type, target_type, target_value, unit) VALUES (1, 0, '', 1, 1, 'Loop\(quoted)', 0, 1, 0, 8.0, 'gl\(quoted)');
                    INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (1, 1772323200000, 6500, 'hot\(quoted)');
                    """, scratch: sandbox.root)
            try #require(created.status == 0, "\(created)")
            imports.append(["loop-db", database.path])
        }
        for source in imports {
            for extra in [["--dry-run"], ["--dry-run", "--json"], []] {
                let run = try await sandbox.habits(["import"] + source + extra)
                Self.expectClean(run, "import \(source[0]) \(extra)")
                let echoed = run.error.count + (extra.contains("--json") ? 0 : run.output.count)
                #expect(echoed < 4_000, "import \(source[0]) \(extra) echoed \(echoed) characters")
            }
        }
        for arguments in [["list", "--all"], ["show", "1"], ["show", "2"], ["log"]] {
            Self.expectClean(try await sandbox.habits(arguments), "\(arguments)")
        }
    }

    /// A configuration file whose settings hold hostile text: `config`,
    /// `status` and the commands that read the server setting show none of
    /// it; `config list --json` keeps it.
    @Test func settingsFromTheConfigurationFile() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let directory = sandbox.configHome.appendingPathComponent("habits")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let value = "http://127.0.0.1:9/" + Self.hostile
        let object = ["server": value, "future_key": "x" + Self.hostile]
        try JSONSerialization.data(withJSONObject: object).write(
            to: directory.appendingPathComponent("config.json"))
        for arguments in [
            ["config", "list"], ["config", "get", "server"], ["status"], ["list"], ["remind"],
        ] {
            Self.expectClean(try await sandbox.habits(arguments), "\(arguments)")
        }
        let json = try await sandbox.habits("config", "list", "--json")
        Self.expectClean(json, "config list --json")
        let settings =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(settings?["server"] as? String == value, "\(json)")
    }

    /// A server whose names, units and notes hold hostile text: clean text
    /// on every reading command, the exact text in `--json`.
    @Test func textFromAServer() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let server = try await ServerProcess(directory: sandbox.root)
        let jsonHostile =
            #"\u001b]0;PWNED\u0007\u001b[2J\u001b[31mEvil\u009b1m\u009dx\u0007"#
            + #"\u2067\u202ay\u202c\u2069\u202e"#
        let proxy = try FaultProxy(upstreamPort: server.port) { request in
            // Lists, details and the change feed a replica is filled from.
            guard
                request.method == "GET",
                request.target.contains("/me/habits") || request.target.contains("/me/changes/")
            else {
                return .forward
            }
            return .rewriteBody { body in
                let text = String(decoding: body, as: UTF8.self)
                    .replacingOccurrences(of: #""Plain""#, with: "\"Plain\(jsonHostile)\"")
                    .replacingOccurrences(of: #""times""#, with: "\"ti\(jsonHostile)mes\"")
                    .replacingOccurrences(of: #""hello""#, with: "\"hello\(jsonHostile)\"")
                return Data(text.utf8)
            }
        }
        let config = try await sandbox.habits("config", "set", "server", proxy.url)
        try #require(config.status == 0, "\(config)")
        try #require(try await sandbox.habits("auth", "email", "tess@example.com").status == 0)
        let verify = try await sandbox.habits(
            "verify", try server.code(for: "tess@example.com"))
        try #require(verify.status == 0, "\(verify)")
        let add = try await sandbox.habits(
            "add", "Plain", "--daily", "--unit", "times", "--target", "2", "--days", "daily",
            "--start", "2026-01-05")
        try #require(add.status == 0, "\(add)")
        let yesterday = LocalDate.on(Date(), in: TimeZone(identifier: "UTC")!).adding(days: -1)
        let done = try await sandbox.habits(
            "done", "1", "1", "--date", "\(yesterday)", "--note", "hello")
        try #require(done.status == 0, "\(done)")
        for arguments in [
            ["list"], ["show", "1"], ["show", "1", "--date", "\(yesterday)"], ["log"],
            ["heatmap", "1"], ["check"], ["remind"], ["status"],
            ["done", "1", "--date", "\(yesterday)"],
        ] {
            Self.expectClean(try await sandbox.habits(arguments), "\(arguments)")
        }
        let json = try await sandbox.habits("list", "--json")
        Self.expectClean(json, "list --json")
        let object =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let habit = (object?["habits"] as? [[String: Any]])?.first
        #expect(habit?["name"] as? String == "Plain" + Self.hostile, "\(json)")
        await server.stop()
    }
}
