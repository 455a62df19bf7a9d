import Foundation
import TestSupport
import Testing

/// `habits heatmap` and `habits show --heatmap` from the built binary, on a
/// fixed past year (2025), so the output does not depend on today.
@Suite struct HeatmapTests {
    /// Read, 10 pages on weekdays from Monday 2025-06-02 (column 22 of 2025,
    /// whose first column is the week of Monday 2024-12-30): 10 on the 2nd,
    /// 4 on the 3rd (missed), skipped on the 4th, 12 on the 6th, 5 on
    /// Saturday the 7th (not a planned day: logged), 10 on the 9th to 11th,
    /// skipped on 24 and 25 December, 10 on the 31st; every other weekday
    /// missed.
    func seeded() async throws -> Sandbox {
        let sandbox = try Sandbox()
        let add = try await sandbox.habits(
            "add", "Read", "--daily", "--unit", "pages", "--target", "10", "--days", "weekdays",
            "--start", "2025-06-02")
        try #require(add.status == 0, "\(add)")
        let values = [
            ("06-02", "10"), ("06-03", "4"), ("06-06", "12"), ("06-07", "5"), ("06-09", "10"),
            ("06-10", "10"), ("06-11", "10"), ("12-31", "10"),
        ]
        for (date, value) in values {
            let set = try await sandbox.habits("set", "Read", value, "--date", "2025-\(date)")
            try #require(set.status == 0, "\(set)")
        }
        for date in ["06-04", "12-24", "12-25"] {
            let skip = try await sandbox.habits("skip", "Read", "--date", "2025-\(date)")
            try #require(skip.status == 0, "\(skip)")
        }
        return sandbox
    }

    private static let misses = String(repeating: "x", count: 27)

    @Test func goldenYearAt80And40Columns() async throws {
        let sandbox = try await seeded()
        defer { sandbox.remove() }
        let x = Self.misses
        let pad = String(repeating: " ", count: 23)
        let wide = try await sandbox.habits("heatmap", "Read", "--year", "2025")
        #expect(wide.status == 0, "\(wide)")
        #expect(
            wide.output == """
                #1 Read

                2025
                   Jan Feb Mar  Apr May Jun  Jul Aug  Sep Oct Nov  Dec
                Mo\(pad)++\(x)xx
                Tu\(pad)x+\(x)xx
                We\(pad)~+\(x)~+
                Th\(pad)\(x)xx~
                Fr\(pad)+\(x)xx
                Sa\(pad)o
                Su

                + done  x missed  ~ skipped  o logged

                """, "\(wide)")
        // The same through show, which draws it instead of the months.
        let show = try await sandbox.habits("show", "Read", "--heatmap", "--year", "2025")
        #expect(show.output == wide.output)
        // 40 columns: the 37 most recent weeks, from Monday 21 April (column 16).
        let narrow = try await sandbox.habits(
            ["heatmap", "Read", "--year", "2025"], extra: ["COLUMNS": "40"])
        #expect(narrow.status == 0)
        let short = String(repeating: " ", count: 7)
        #expect(
            narrow.output == """
                #1 Read

                2025-04-21 to 2025-12-31
                Last 37 of 53 weeks (too narrow for all)
                    May Jun  Jul Aug  Sep Oct Nov  Dec
                Mo\(short)++\(x)xx
                Tu\(short)x+\(x)xx
                We\(short)~+\(x)~+
                Th\(short)\(x)xx~
                Fr\(short)+\(x)xx
                Sa\(short)o
                Su

                + done  x missed  ~ skipped  o logged

                """, "\(narrow)")
    }

    @Test func wideOutputSpacesTheWeeks() async throws {
        let sandbox = try await seeded()
        defer { sandbox.remove() }
        let run = try await sandbox.habits(
            ["heatmap", "Read", "--year", "2025"], extra: ["COLUMNS": "200"])
        #expect(run.status == 0)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(
            lines[2]
                == "   Jan     Feb     Mar       Apr     May     Jun       Jul     Aug       Sep     Oct     Nov       Dec"
        )
        // Column 22 at 3 + 2 × 22: Monday 2 June, then 9 June.
        #expect(lines[3].hasPrefix("Mo" + String(repeating: " ", count: 45) + "+ + x x"))
        #expect(lines.allSatisfy { $0.count <= 200 && !$0.hasSuffix(" ") })
    }

    @Test func jsonOfAPastYear() async throws {
        let sandbox = try await seeded()
        defer { sandbox.remove() }
        let run = try await sandbox.habits("heatmap", "Read", "--year", "2025", "--json")
        #expect(run.status == 0, "\(run)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        #expect(object["from"] as? String == "2025-01-01")
        #expect(object["to"] as? String == "2025-12-31")
        let days = try #require(object["days"] as? [[String: Any]])
        #expect(days.count == 365)
        let byDate = Dictionary(
            uniqueKeysWithValues: days.compactMap { day in
                (day["date"] as? String).map { ($0, day) }
            })
        #expect(byDate["2025-06-01"]?["state"] as? String == "before_start")
        #expect(byDate["2025-06-02"]?["state"] as? String == "done")
        #expect(byDate["2025-06-03"]?["state"] as? String == "failed")
        #expect(byDate["2025-06-03"]?["value"] as? Int == 4)
        #expect(byDate["2025-06-04"]?["state"] as? String == "skipped")
        #expect(byDate["2025-06-05"]?["value"] is NSNull)
        #expect(byDate["2025-06-07"]?["state"] as? String == "rest")
        #expect(byDate["2025-06-07"]?["value"] as? Int == 5)
        #expect(byDate["2025-12-31"]?["state"] as? String == "done")
        let bad = try await sandbox.habits("show", "Read", "--heatmap", "--month", "2025-06")
        #expect(bad.status == 64)
        #expect(bad.error.hasPrefix("habits: The options '--heatmap' and '--month' cannot be used"))
    }
}
