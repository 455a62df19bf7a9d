import Foundation
import HabitCore
import Testing

@testable import HabitServer

/// The pure iCalendar writer: escaping, folding, dates, the document.
@Suite struct ICalendarWriterTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a, b; c\\d", #"a\, b\; c\\d"#),
        ("one\ntwo\r\nthree\rfour", #"one\ntwo\nthree\nfour"#),
        ("tab\there\u{7}bell\u{0}", "tab\there" + "bell"),
        ("Läufe ✓", "Läufe ✓"),
    ])
    func textIsEscaped(_ input: String, _ expected: String) {
        #expect(ICalendarWriter.escaped(input) == expected)
    }

    @Test func shortLinesAreNotFolded() {
        let line = "SUMMARY:" + String(repeating: "x", count: 67)
        #expect(line.utf8.count == 75)
        #expect(ICalendarWriter.folded(line) == line)
    }

    @Test func longLinesFoldAt75OctetsNeverInsideACharacter() {
        // 3-byte characters: a split inside one would be invalid UTF-8.
        let line = "SUMMARY:" + String(repeating: "✓", count: 60)
        let folded = ICalendarWriter.folded(line)
        let pieces = folded.components(separatedBy: "\r\n")
        #expect(pieces.count > 1)
        for (index, piece) in pieces.enumerated() {
            #expect(piece.utf8.count <= 75, "\(index): \(piece.utf8.count)")
            if index > 0 { #expect(piece.hasPrefix(" ")) }
        }
        // Unfolding (RFC 5545 §3.1) gives the line back.
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
    }

    @Test func datesAndTimesAreWrittenAsRFC5545Values() throws {
        #expect(ICalendarWriter.date(try #require(LocalDate("2026-03-29"))) == "20260329")
        #expect(ICalendarWriter.date(try #require(LocalDate("0999-01-02"))) == "09990102")
        let instant = try #require(RFC3339.date(from: "2026-11-30T19:05:09Z"))
        #expect(ICalendarWriter.dateTime(instant) == "20261130T190509Z")
        #expect(ICalendarWriter.dateTime(Date(timeIntervalSince1970: 0)) == "19700101T000000Z")
    }

    @Test func theDocumentHasOneAllDayEventPerDayWithCRLFLines() throws {
        let stamp = try #require(RFC3339.date(from: "2026-11-30T19:00:00Z"))
        let text = ICalendarWriter.document(
            events: [
                ICalendarEvent(
                    uid: "habit-7-20261231@example.com",
                    date: try #require(LocalDate("2026-12-31")),
                    summary: "Read, write; rest: planned")
            ], name: "Habits", stamp: stamp)
        #expect(text.hasSuffix("END:VCALENDAR\r\n"))
        #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(
            Array(lines) == [
                "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//habits//habits-server//EN",
                "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Habits", "BEGIN:VEVENT",
                "UID:habit-7-20261231@example.com", "DTSTAMP:20261130T190000Z",
                "DTSTART;VALUE=DATE:20261231", "DTEND;VALUE=DATE:20270101",
                #"SUMMARY:Read\, write\; rest: planned"#, "TRANSP:TRANSPARENT", "END:VEVENT",
                "END:VCALENDAR",
            ])
    }
}

/// The feed's events: states by HabitCore's rules, the range, the UIDs.
@Suite struct CalendarFeedTests {
    func day(_ text: String) -> LocalDate { LocalDate(text)! }

    @Test func eachPlannedDayOfTheRangeIsAnEventTitledWithItsState() {
        // Mondays, Wednesdays and Fridays from 2026-11-02; today Wednesday 2026-12-02.
        let habit = Habit(
            id: 7, name: "Run", frequency: .daily, measurementType: "km",
            startDate: day("2026-11-02"), actionDays: ActionDays([.monday, .wednesday, .friday]),
            targetValue: 5)
        let entries: [Int64: [ProgressEntry]] = [
            7: [
                ProgressEntry(date: day("2026-11-27"), value: 5),
                ProgressEntry(date: day("2026-11-30"), value: 0, skipped: true),
            ]
        ]
        let feed = CalendarFeed(host: "habits.example.com")
        let today = day("2026-12-02")
        let events = feed.events(habits: [habit], entries: entries, today: today)
        let byDate = Dictionary(uniqueKeysWithValues: events.map { ($0.date, $0.summary) })
        #expect(byDate[day("2026-11-27")] == "Run: done ✓")
        #expect(byDate[day("2026-11-30")] == "Run: skipped")
        #expect(byDate[day("2026-11-25")] == "Run: missed")
        #expect(byDate[day("2026-12-02")] == "Run: planned")
        #expect(byDate[day("2026-12-04")] == "Run: planned")
        // Rest days and days before the start have none.
        #expect(byDate[day("2026-12-01")] == nil)
        #expect(byDate[day("2026-10-30")] == nil)
        #expect(events.first?.date == day("2026-11-02"))
        #expect(events.last?.date == day("2027-01-01"))
        #expect(events.allSatisfy { CalendarFeed.range(today: today).contains($0.date) })
        #expect(
            events.first { $0.date == day("2026-11-27") }?.uid
                == "habit-7-20261127@habits.example.com")
        #expect(Set(events.map(\.uid)).count == events.count)
    }

    @Test func theRangeIs60DaysBackAnd30Ahead() {
        let range = CalendarFeed.range(today: day("2026-03-29"))
        #expect(range.lowerBound == day("2026-01-28"))
        #expect(range.upperBound == day("2026-04-28"))
        let weekly = Habit(
            id: 1, name: "Swim", frequency: .weekly, measurementType: "times",
            startDate: day("2025-01-01"), actionDays: .everyDay, targetValue: 1)
        let entries = CalendarFeed.entryRange(today: day("2026-03-29"), habits: [weekly])
        #expect(entries.lowerBound == day("2026-01-26"))
        #expect(entries.upperBound == day("2026-05-03"))
        // A month, or a block of N days, read whole at either end.
        var monthly = weekly
        monthly.frequency = .monthly
        let months = CalendarFeed.entryRange(today: day("2026-03-29"), habits: [weekly, monthly])
        #expect(months == day("2026-01-01")...day("2026-05-03"))
        var everyTen = weekly
        everyTen.frequency = .everyNDays
        everyTen.periodDays = 10
        everyTen.startDate = day("2026-01-25")
        // Blocks 25 January–3 February … 25 April–4 May.
        let blocks = CalendarFeed.entryRange(today: day("2026-03-29"), habits: [everyTen])
        #expect(blocks == day("2026-01-25")...day("2026-05-04"))
    }

    /// Every kind's planned days show their period's state (a month, a
    /// block of 3 days), an at-most habit's as a limit kept or gone over;
    /// days that are not planned get no event. Today Wednesday 2 December 2026.
    @Test func eachKindsPlannedDaysShowTheirPeriodsState() {
        let today = day("2026-12-02")
        func habit(
            _ id: Int64, _ frequency: Frequency, target: Decimal = 1, goal: Goal = .atLeast,
            periodDays: Int? = nil, days: ActionDays = .everyDay
        ) -> Habit {
            Habit(
                id: id, name: "h\(id)", frequency: frequency, measurementType: "cups",
                startDate: day("2026-11-02"), actionDays: days, targetValue: target, goal: goal,
                periodDays: periodDays)
        }
        let habits = [
            // Rent, Mondays: November paid on the 9th, December not yet.
            habit(1, .monthly, days: ActionDays([.monday])),
            // Plants every 3 days (blocks from 2 November: … 26–28 Nov, 29 Nov–1 Dec, 2–4 Dec).
            habit(2, .everyNDays, periodDays: 3),
            // At most 2 cups a day.
            habit(3, .daily, target: 2, goal: .atMost),
            // At most 1 a month.
            habit(4, .monthly, target: 1, goal: .atMost),
        ]
        let entry = { (date: String, value: Decimal) in ProgressEntry(date: day(date), value: value)
        }
        let entries: [Int64: [ProgressEntry]] = [
            1: [entry("2026-11-09", 1)],
            2: [entry("2026-11-27", 1)],
            3: [entry("2026-11-30", 3), entry("2026-12-01", 1)],
            4: [entry("2026-11-10", 1), entry("2026-11-11", 1)],
        ]
        let events = CalendarFeed(host: "h").events(habits: habits, entries: entries, today: today)
        let summary = { (id: Int64, date: String) -> String? in
            events.first {
                $0.uid == "habit-\(id)-\(date.replacingOccurrences(of: "-", with: ""))@h"
            }?
            .summary
        }
        // Every Monday of November shows the month done; December's are planned.
        #expect(summary(1, "2026-11-02") == "h1: done ✓")
        #expect(summary(1, "2026-11-30") == "h1: done ✓")
        #expect(summary(1, "2026-11-03") == nil)
        #expect(summary(1, "2026-12-07") == "h1: planned")
        #expect(summary(1, "2026-12-28") == "h1: planned")
        // Each day of a block shows the block's state.
        for date in ["2026-11-26", "2026-11-27", "2026-11-28"] {
            #expect(summary(2, date) == "h2: done ✓", "\(date)")
        }
        for date in ["2026-11-29", "2026-11-30", "2026-12-01"] {
            #expect(summary(2, date) == "h2: missed", "\(date)")
        }
        #expect(summary(2, "2026-12-02") == "h2: planned")
        #expect(summary(2, "2026-12-05") == "h2: planned")
        // A day over the limit, a day within it, today within it so far.
        #expect(summary(3, "2026-11-30") == "h3: over the limit")
        #expect(summary(3, "2026-12-01") == "h3: within the limit ✓")
        #expect(summary(3, "2026-11-29") == "h3: within the limit ✓")
        #expect(summary(3, "2026-12-02") == "h3: planned")
        // November went over 1; December is within it so far.
        #expect(summary(4, "2026-11-02") == "h4: over the limit")
        #expect(summary(4, "2026-12-02") == "h4: planned")
        // Before the start, nothing.
        #expect(summary(3, "2026-11-01") == nil)
    }

    @Test(
        arguments: [
            ("habits.example.com", "habits.example.com"),
            ("Habits.Example.com:8443", "habits.example.com"),
            ("127.0.0.1:8000", "127.0.0.1"), ("[::1]:8000", "::1"), (nil, "localhost"),
            ("evil\r\nX-Injected: 1", "evilx-injected"), ("", "localhost"),
        ] as [(String?, String)])
    func theUIDHostIsCleanedFromTheHostHeader(_ header: String?, _ expected: String) {
        #expect(CalendarFeed.host(fromHeader: header) == expected)
    }
}
