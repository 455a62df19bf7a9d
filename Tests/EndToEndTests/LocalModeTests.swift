import Foundation
import ServerTestSupport
import TestSupport
import Testing

/// The built `habits` in local mode, with a private HOME and XDG directories.
@Suite struct LocalModeTests {
    @Test func freshMachineAddThenList() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let add = try await sandbox.habits(
            "add", "Drink water", "--daily", "--unit", "glasses", "--target", "8", "--days",
            "daily",
            "--start", "2025-01-06")
        #expect(add.status == 0, "\(add)")
        #expect(add.output == "Added #1 Drink water: 8 glasses a day, daily, from 2025-01-06.\n")
        #expect(add.error.isEmpty)
        let database = sandbox.dataHome.appendingPathComponent("habits/habits.sqlite3")
        #expect(FileManager.default.fileExists(atPath: database.path))
        // The schema check that passed is remembered in the cache, owner only.
        let stamp = sandbox.cacheHome.appendingPathComponent("habits/habits.sqlite3.schema-checked")
        let attributes = try FileManager.default.attributesOfItem(atPath: stamp.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let line = try String(contentsOf: stamp, encoding: .utf8)
        #expect(line.split(separator: " ").count == 4 && line.hasSuffix("\n"), "\(line)")
        let list = try await sandbox.habits("list")
        #expect(list.status == 0, "\(list)")
        #expect(list.output.contains("  .   1  Drink water  0/8 glasses  daily"), "\(list)")
        let json = try await sandbox.habits("list", "--json")
        let object =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect((object?["habits"] as? [[String: Any]])?.first?["name"] as? String == "Drink water")
    }

    /// `habits` exits with its store open (`HeldUntilExit`): each command's
    /// write is in the file when it exits, for the next process to read,
    /// and no journal or WAL file is left beside the database.
    @Test func eachWriteIsInTheFileWhenTheCommandExits() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let directory = sandbox.dataHome.appendingPathComponent("habits")
        func leftBeside() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        }
        let add = try await sandbox.habits(
            "add", "Drink water", "--daily", "--unit", "glasses", "--target", "8", "--days",
            "daily", "--start", "2025-01-06")
        #expect(add.status == 0, "\(add)")
        #expect(try leftBeside() == ["habits.sqlite3"])
        let done = try await sandbox.habits("done", "1")
        #expect(done.status == 0, "\(done)")
        #expect(try leftBeside() == ["habits.sqlite3"])
        let list = try await sandbox.habits("list")
        #expect(list.output.contains("Drink water  8/8 glasses"), "\(list)")
        let undo = try await sandbox.habits("undo", "1")
        #expect(undo.status == 0, "\(undo)")
        #expect(try leftBeside() == ["habits.sqlite3"])
        let again = try await sandbox.habits("list")
        #expect(again.output.contains("Drink water  0/8 glasses"), "\(again)")
    }

    /// "Today" is the day in the zone TZ names, read through the C library
    /// (`WallClock.system`), as Foundation's `TimeZone` reads it: zones 25
    /// hours apart, one with a half-hour offset.
    @Test(arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago", "America/St_Johns", "UTC"])
    func todayIsTheDayInTheZoneTZNames(zone: String) async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        func day() -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: zone)
            formatter.dateFormat = "yyyy-MM-dd"
            return formatter.string(from: Date())
        }
        let before = day()
        let add = try await sandbox.habits(
            [
                "add", "Walk", "--daily", "--unit", "km", "--target", "1", "--days", "daily",
                "--start", "today",
            ], extra: ["TZ": zone])
        let after = day()
        #expect(add.status == 0, "\(add)")
        let json = try await sandbox.habits(["list", "--json"], extra: ["TZ": zone])
        let object =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        let start = (object?["habits"] as? [[String: Any]])?.first?["start_date"] as? String
        #expect(start == before || start == after, "\(json)")
    }

    @Test func exitCodesAndOneSentenceErrors() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let version = try await sandbox.habits("--version")
        #expect(version.status == 0 && version.output.hasPrefix("habits "))
        // --version neither opens nor creates the database.
        #expect(!FileManager.default.fileExists(atPath: sandbox.dataHome.path))
        let usage = try await sandbox.habits("lsit")
        #expect(usage.status == 64)
        #expect(usage.output.isEmpty)
        #expect(
            usage.error
                == "habits: Unknown command 'lsit'; did you mean 'list'?\nRun 'habits help'.\n")
        let badValue = try await sandbox.habits("add", "x", "--target", "abc")
        #expect(badValue.status == 64)
        #expect(badValue.error.hasPrefix("habits: Invalid value 'abc' for --target"))
        let invalid = try await sandbox.habits(
            "add", "x", "--daily", "--unit", "km", "--target", "0", "--days", "daily", "--start",
            "today")
        #expect(invalid.status == 1)
        #expect(
            invalid.error
                == "habits: The habit was not added:\n  --target: Ensure this value is greater than 0.\n"
        )
        let missing = try await sandbox.habits("show", "42")
        #expect(missing.status == 1)
        #expect(
            missing.error
                == "habits: No habit matches '42'.\nSee the ids and names with 'habits list --all'.\n"
        )
        for result in [usage, badValue, invalid, missing] {
            #expect(!result.error.contains("Fatal error"))
            #expect(!result.error.contains("{"))
        }
    }

    /// A weekly habit, 10 km on Mon, Wed, Fri from Wednesday 2025-02-05, shown
    /// as of Wednesday 2025-02-26. Week of 3 Feb: 4 + 6 = 10, done (it counts
    /// from the 5th). Week of 10 Feb: 3 + 2, missed. Week of 17 Feb: every
    /// planned day skipped. Week of 24 Feb: 7 so far, to do. So 1 done, 1
    /// missed, 1 skipped; current streak 0, longest 1, rate 1 / 2 = 50%;
    /// strength with m = 0.5^(√7/13): done, then 5/10, then (skipped) from 0
    /// gives 0.1800 → 18%.
    @Test func goldenShowAtAFixedDate() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let add = try await sandbox.habits(
            "add", "Run", "--weekly", "--unit", "km", "--target", "10", "--days", "mon,wed,fri",
            "--start", "2025-02-05")
        try #require(add.status == 0, "\(add)")
        for (date, value) in [("05", "4"), ("07", "6"), ("10", "3"), ("12", "2"), ("24", "7")] {
            let set = try await sandbox.habits("set", "Run", value, "--date", "2025-02-\(date)")
            try #require(set.status == 0, "\(set)")
        }
        for date in ["17", "19", "21"] {
            let skip = try await sandbox.habits("skip", "Run", "--date", "2025-02-\(date)")
            try #require(skip.status == 0, "\(skip)")
        }
        let show = try await sandbox.habits("show", "run", "--date", "2025-02-26")
        #expect(show.status == 0)
        #expect(
            show.output == """
                #1 Run
                  10 km a week, weekly: Mon, Wed, Fri, since 2025-02-05

                  Week of 2025-02-24  7/10 km (to do)
                  Current streak      0 weeks
                  Longest streak      1 week
                  Done                1 week
                  Failed              1 week
                  Skipped             1 week
                  Completion rate     50%
                  Strength            18%

                    February 2025
                Mo Tu We Th Fr Sa Su
                                1  2
                 3  4  5+ 6  7+ 8  9
                10x11 12x13 14x15 16
                17~18 19~20 21~22 23
                24.25 26<27 28.

                + done  x missed  ~ skipped  . to do  < today: to do

                """, "\(show)")
    }

    @Test func withoutATerminalNothingIsAsked() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let add = try await sandbox.habits("add", input: "Stretch\ndaily\n")
        #expect(add.status == 64)
        #expect(
            add.error
                == "habits: Missing <name> (there is no terminal to ask on).\nRun 'habits help add'.\n"
        )
        // The rest takes the prompt's defaults, said in the output.
        let created = try await sandbox.habits(
            "add", "Stretch", "--daily", "--start", "2026-11-01", input: "")
        try #require(created.status == 0, "\(created)")
        #expect(
            created.output.hasSuffix(
                "Not given, so the defaults: --unit times, --target 1, --days daily (change "
                    + "them with 'habits edit 1').\n"), "\(created.output)")
        let delete = try await sandbox.habits("delete", "Stretch", input: "y\n")
        #expect(delete.status == 64)
        #expect(delete.error.contains("add --yes"))
        #expect(try await sandbox.habits("list").output.contains("Stretch"))
        #expect(try await sandbox.habits("delete", "Stretch", "--yes").status == 0)
    }

    @Test func remindInstallNamesThisBinary() async throws {
        let sandbox = try Sandbox()
        defer { sandbox.remove() }
        let run = try await sandbox.habits("remind", "--install")
        #expect(run.status == 0)
        let line = try #require(run.output.split(separator: "\n").last)
        #expect(line.hasPrefix("0 20 * * * XDG_DATA_HOME="))
        #expect(line.hasSuffix("\(Binaries.habits.resolvingSymlinksInPath().path) remind --quiet"))
        #expect(try await sandbox.habits("remind", "--quiet").output.isEmpty)
    }
}
