import Foundation
import HabitCore
import ServerTestSupport
import Testing

@testable import HabitsCLI

/// `habits show`, with hand-worked expectations. Today is Wednesday 2026-03-11.
@Suite struct ShowCommandTests {
    /// Drink water, 8 a day from Sunday 2026-03-01: done on the 1st, 2nd,
    /// 5th–7th, 9th and 10th; 3 on the 3rd (missed); skipped on the 4th;
    /// nothing on the 8th (missed); 2 so far today. So: 7 done, 2 missed,
    /// 1 skipped; current streak 2 (9th–10th; today is pending), longest 3
    /// (5th–7th); completion rate 7/9 = 77.7… → 77%. Strength, with m =
    /// 0.5^(1/13): done, done, 3/8, (skipped), done ×3, 0, done, done from 0
    /// gives 0.3109 → 31%.
    func seeded() async throws -> CLIHarness {
        let cli = try CLIHarness()
        try await cli.add("Drink water")
        let values = [
            "01": "8", "02": "8", "03": "3", "05": "8", "06": "8", "07": "10", "09": "8", "10": "8",
            "11": "2",
        ]
        for (day, value) in values {
            let run = await cli.run("set", "1", value, "--date", "2026-03-\(day)")
            try #require(run.status == .success, "\(run.error)")
        }
        try #require(await cli.run("skip", "1", "--date", "2026-03-04").status == .success)
        return cli
    }

    @Test func goldenTextAtAFixedDate() async throws {
        let cli = try await seeded()
        defer { cli.cleanUp() }
        let run = await cli.run("show", "Drink water")
        #expect(run.status == .success)
        #expect(
            run.output == """
                #1 Drink water
                  8 glasses a day, daily, since 2026-03-01

                  Today            2/8 glasses (to do)
                  Current streak   2 days
                  Longest streak   3 days
                  Done             7 days
                  Failed           2 days
                  Skipped          1 day
                  Completion rate  78%
                  Strength         31%

                     March 2026
                Mo Tu We Th Fr Sa Su
                                   1+
                 2+ 3x 4~ 5+ 6+ 7+ 8x
                 9+10+11<12 13 14 15
                16 17 18 19 20 21 22
                23 24 25 26 27 28 29
                30 31

                + done  x missed  ~ skipped  < today: to do

                """)
    }

    /// The notes of the month shown follow the calendar, by date.
    @Test func goldenTextWithNotes() async throws {
        let cli = try await seeded()
        defer { cli.cleanUp() }
        let skip = await cli.run("skip", "1", "--date", "2026-03-04", "--note", "sick")
        try #require(skip.status == .success, "\(skip.error)")
        let set = await cli.run("set", "1", "8", "--date", "2026-03-10", "--note", "party")
        try #require(set.status == .success, "\(set.error)")
        // A control character is refused here; the display cleans any anyway.
        let escape = await cli.run("set", "1", "8", "--date", "2026-03-01", "--note", "a\u{1B}[31m")
        #expect(escape.status == .usage)
        let run = await cli.run("show", "Drink water")
        #expect(
            run.output.hasSuffix(
                """
                 2+ 3x 4~ 5+ 6+ 7+ 8x
                 9+10+11<12 13 14 15
                16 17 18 19 20 21 22
                23 24 25 26 27 28 29
                30 31

                + done  x missed  ~ skipped  < today: to do

                Notes:
                  2026-03-04  sick
                  2026-03-10  party

                """), "\(run.output)")
    }

    /// A note from a server may hold what a terminal acts on: the text
    /// output cleans it, the JSON keeps it as stored (escaped by JSON).
    @Test func aServersNoteIsCleanedBeforeTheTerminal() throws {
        let habit = Habit(
            id: 1, name: "Read", frequency: .daily, measurementType: "pages",
            startDate: LocalDate("2026-03-01")!, actionDays: .everyDay, targetValue: 10)
        let day = LocalDate("2026-03-02")!
        let history = HabitHistory(
            habit: habit, entries: [ProgressEntry(date: day, value: 1, note: "a\u{1B}[2Jb")])
        let view = HabitDetailView(
            history: history, date: LocalDate("2026-03-11")!, months: [day.startOfMonth],
            year: nil, style: OutputStyle(), today: LocalDate("2026-03-11")!)
        #expect(view.render().hasSuffix("Notes:\n  2026-03-02  ab\n"), "\(view.render())")
        #expect(view.document().months.first?.days[1].note == "a\u{1B}[2Jb")
    }

    @Test func asOfAnEarlierDate() async throws {
        let cli = try await seeded()
        defer { cli.cleanUp() }
        let run = await cli.run("show", "1", "--date", "2026-03-07")
        #expect(run.status == .success)
        // As of the 7th: done 1, 2, 5, 6, 7; missed 3; skipped 4; streak 3 (5th–7th).
        #expect(run.output.contains("  Sat 2026-03-07   10/8 glasses (done)\n"))
        #expect(
            run.output.contains(
                "  Current streak   3 days\n  Longest streak   3 days\n  Done             5 days\n  Failed           1 day\n"
            ))
        #expect(run.output.contains("Completion rate  83%"))
    }

    @Test func severalMonthsSideBySideOrStacked() async throws {
        var cli = try await seeded()
        defer { cli.cleanUp() }
        cli.variables["COLUMNS"] = "80"
        let wide = await cli.run("show", "1", "--months", "3")
        #expect(
            wide.output.contains(
                "    January 2026            February 2026            March 2026\n"))
        cli.variables["COLUMNS"] = "30"
        let narrow = await cli.run("show", "1", "--months", "2", "--month", "2026-03")
        #expect(narrow.output.contains("   February 2026\n"))
        #expect(narrow.output.contains("\n     March 2026\n"))
        let year = await cli.run("show", "1", "--year", "2026")
        #expect(year.status == .success)
        #expect(year.output.contains("December"))
        #expect(await cli.run("show", "1", "--year", "2026", "--month", "2026-01").status == .usage)
    }

    @Test func jsonShape() async throws {
        let cli = try await seeded()
        defer { cli.cleanUp() }
        let run = await cli.run("show", "1", "--json")
        #expect(run.status == .success)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["habit", "date", "completion_data", "stats", "months"])
        #expect(object["date"] as? String == "2026-03-11")
        let stats = try #require(object["stats"] as? [String: Any])
        #expect(stats["current_streak"] as? Int == 2)
        #expect(stats["longest_streak"] as? Int == 3)
        #expect(stats["success_count"] as? Int == 7)
        #expect(stats["failed_count"] as? Int == 2)
        #expect(stats["skipped_count"] as? Int == 1)
        #expect(abs((stats["completion_rate"] as? Double ?? 0) - 7.0 / 9.0) < 1e-9)
        let completion = try #require(object["completion_data"] as? [String: Any])
        #expect(completion["current"] as? Int == 2)
        #expect(completion["remaining"] as? Int == 6)
        #expect(completion["state"] as? String == "pending")
        let months = try #require(object["months"] as? [[String: Any]])
        #expect(months.count == 1 && months[0]["month"] as? String == "2026-03")
        let days = try #require(months[0]["days"] as? [[String: Any]])
        #expect(days.count == 31)
        #expect(days[3]["date"] as? String == "2026-03-04")
        #expect(days[3]["state"] as? String == "skipped")
        #expect(days[3]["skipped"] as? Bool == true)
        #expect(days[6]["value"] as? Int == 10)
        #expect(days[7]["value"] is NSNull)
        let habit = try #require(object["habit"] as? [String: Any])
        #expect(habit["action_days"] as? [Int] == [1, 2, 3, 4, 5, 6, 7])
        #expect(habit["frequency"] as? String == "DAILY")
    }

    /// A weekly habit's mark on a month's last days is its week's, so the
    /// days of that week in the next month count: here a holiday entered in
    /// advance for the whole week of Mon 30 March to Sun 5 April.
    @Test(arguments: CLIHarness.Mode.allCases)
    func aMonthsLastWeekIncludesTheNextMonthsDays(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        try await cli.add("Swim", "--weekly", unit: "times", target: "2", days: "daily")
        let skip = await cli.run("skip", "1", "--from", "2026-03-30", "--to", "2026-04-05")
        try #require(skip.status == .success, "\(skip.error)")
        let run = await cli.run("show", "1", "--month", "2026-03", "--json")
        #expect(run.status == .success, "\(run.error)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let months = try #require(object["months"] as? [[String: Any]])
        let days = try #require(months.first?["days"] as? [[String: Any]])
        #expect(days.suffix(2).map { $0["date"] as? String } == ["2026-03-30", "2026-03-31"])
        #expect(days.suffix(2).map { $0["state"] as? String } == ["skipped", "skipped"])
    }

    /// Months of history, a checkpoint made by `list` and moved on by `show`:
    /// the stats of `show` (today, and on dates before the checkpoint) are
    /// those of the whole history, in local and server mode.
    @Test(arguments: CLIHarness.Mode.allCases)
    func statsFromTheCheckpointEqualTheWholeHistory(mode: CLIHarness.Mode) async throws {
        let cli = try await CLIHarness.make(mode)
        defer { cli.cleanUp() }
        for (frequency, days) in [("--daily", "daily"), ("--weekly", "mon,wed,fri")] {
            try await cli.add(
                "Run \(frequency)", frequency, unit: "km",
                target: frequency == "--daily" ? "2" : "5",
                days: days, start: "2025-12-01")
        }
        let start = LocalDate("2025-12-01")!
        var entries: [ProgressEntry] = []
        for offset in 0..<101 where offset % 9 != 4 {
            let date = start.adding(days: offset)
            let entry =
                offset % 17 == 3
                ? ProgressEntry(date: date, value: 0, skipped: true)
                : ProgressEntry(date: date, value: offset % 7 == 0 ? 1 : 2)
            entries.append(entry)
            for id in ["1", "2"] {
                let run = await cli.run(
                    entry.skipped
                        ? ["skip", id, "--date", date.description]
                        : ["set", id, entry.value.description, "--date", date.description])
                try #require(run.status == .success, "\(run.error)")
            }
        }
        try #require(await cli.run("list").status == .success)
        for (id, frequency, days) in [
            (1, Frequency.daily, ActionDays.everyDay),
            (2, .weekly, ActionDays([.monday, .wednesday, .friday])),
        ] {
            let habit = Habit(
                id: Int64(id), name: "x", frequency: frequency, measurementType: "km",
                startDate: start, actionDays: days, targetValue: frequency == .daily ? 2 : 5)
            let full = HabitHistory(habit: habit, entries: entries)
            // Twice today (making, then resuming), then earlier dates.
            for date in ["2026-03-11", "2026-03-11", "2026-02-02", "2025-12-10", "2026-03-11"] {
                let run = await cli.run("show", "\(id)", "--date", date, "--json")
                try #require(run.status == .success, "\(run.error)")
                let document = try #require(
                    try JSONSerialization.jsonObject(with: Data(run.output.utf8))
                        as? [String: Any])
                let stats = try #require(document["stats"] as? [String: Any])
                let expected = full.stats(today: LocalDate(date)!)
                let comment: Comment = "\(mode) #\(id) \(date): \(stats)"
                #expect(stats["current_streak"] as? Int == expected.currentStreak, comment)
                #expect(stats["longest_streak"] as? Int == expected.longestStreak, comment)
                #expect(stats["success_count"] as? Int == expected.successCount, comment)
                #expect(stats["failed_count"] as? Int == expected.failedCount, comment)
                #expect(stats["skipped_count"] as? Int == expected.skippedCount, comment)
                let strength = try #require(stats["strength"] as? Double, comment)
                // The JSON rounds the score to four decimals.
                #expect(abs(strength - expected.strength) <= 0.00005, comment)
            }
        }
    }
    /// In server mode the stats come from this device's replica (which
    /// resumes from its checkpoints, as local mode does): eleven years of
    /// history cost one request, the feed's, and no progress read.
    @Test func serverModeReadsTheReplicaAfterOneFeedRequest() async throws {
        let cli = try await CLIHarness.make(.server)
        defer { cli.cleanUp() }
        try await cli.add("Stretch", target: "1", start: "2015-01-01")
        for date in ["2015-01-01", "2015-01-02", "2026-03-09", "2026-03-10"] {
            let run = await cli.run("done", "1", "--date", date)
            try #require(run.status == .success, "\(run.error)")
        }
        let server = try #require(cli.server)
        let before = server.logs.all.count
        let run = await cli.run("show", "1", "--json")
        try #require(run.status == .success, "\(run.error)")
        let progressReads = server.logs.all.dropFirst(before).filter {
            // The log shows the route's template, not the id.
            $0.contains("GET /api/me/habits/{id}/progress/")
        }
        #expect(progressReads.isEmpty, "\(progressReads)")
        let requests = server.logs.all.dropFirst(before).filter { $0.contains(" /api/") }
        #expect(requests.count == 1 && requests[0].contains("GET /api/me/changes/"), "\(requests)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let stats = try #require(document["stats"] as? [String: Any])
        #expect(stats["current_streak"] as? Int == 2)
        #expect(stats["longest_streak"] as? Int == 2)
        #expect(stats["success_count"] as? Int == 4)
    }
}
