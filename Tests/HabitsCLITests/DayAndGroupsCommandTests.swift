import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

/// Issue 38's rules 7 and 8 on the command line: the day boundary moves
/// every command's today, groups arrange `list`, `log` and `remind` and
/// filter with `--group`, and a limit (at-most habit) is never to do.
@Suite struct DayAndGroupsCommandTests {
    /// A local harness whose clock reads `time` UTC on 2026-03-11.
    func harness(at time: String) throws -> CLIHarness {
        var cli = try CLIHarness()
        let instant = try #require(RFC3339.date(from: "2026-03-11T\(time):00Z"))
        cli.clock = .fixed(instant, timeZone: try #require(TimeZone(identifier: "UTC")))
        return cli
    }

    func fields(
        _ name: String, target: Decimal = 1, goal: Goal = .atLeast, group: String? = nil,
        unit: String = "times"
    ) -> HabitFields {
        HabitFields(
            name: name, frequency: .daily, measurementType: unit,
            startDate: LocalDate("2026-03-01")!, actionDays: .everyDay, targetValue: target,
            goal: goal, group: group)
    }

    /// The day's `completion_data.current` of the first habit `list --json` shows.
    func current(_ cli: CLIHarness, on date: String) async throws -> Double? {
        let run = await cli.run("list", "--json", "--date", date)
        try #require(run.status == .success, "\(run.error)")
        let object = try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any]
        let habit = (object?["habits"] as? [[String: Any]])?.first
        return (habit?["completion_data"] as? [String: Any])?["current"] as? Double
    }

    @Test func atHalfPastOneWithTheDayStartingAtThreeDoneRecordsThePreviousDate() async throws {
        let cli = try harness(at: "01:30")
        defer { cli.cleanUp() }
        try await cli.add("Walk", unit: "times", target: "1")
        let set = await cli.run("config", "day-starts-at", "03:00")
        #expect(set.status == .success, "\(set.error)")
        #expect(set.output == "day-starts-at = 03:00\n")
        #expect(await cli.run("config", "day-starts-at").output == "day-starts-at = 03:00\n")
        #expect(await cli.run("config", "get", "day-starts-at").output == "03:00\n")

        let done = await cli.run("done", "Walk")
        #expect(done.status == .success, "\(done.error)")
        #expect(try await current(cli, on: "2026-03-10") == 1)
        #expect(try await current(cli, on: "2026-03-11") == 0)
        // The prompt's day is the shifted one too: the walk is done.
        let prompt = await cli.run("prompt")
        #expect(prompt.output == "1/1 + 1d\n", "\(prompt)")
        // The calendar's 2026-03-11 is still ahead; date words count from
        // the shifted today.
        #expect(await cli.run("done", "Walk", "--date", "2026-03-11").status != .success)
        #expect(await cli.run("done", "Walk", "--date", "yesterday").status == .success)
        #expect(try await current(cli, on: "2026-03-09") == 1)
        // status says when the day starts.
        let status = await cli.run("status")
        #expect(
            status.output.contains(
                "\nDay start: 03:00 (before it, today is still the previous date)\n"),
            "\(status.output)")
        let json = await cli.run("status", "--json")
        let report =
            try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
        #expect(report?["day_starts_at"] as? String == "03:00", "\(json.output)")
    }

    @Test func withoutTheSettingTheDayEndsAtMidnight() async throws {
        let cli = try harness(at: "01:30")
        defer { cli.cleanUp() }
        try await cli.add("Walk", unit: "times", target: "1")
        #expect(await cli.run("config", "day-starts-at").output == "day-starts-at = 00:00\n")
        #expect(await cli.run("done", "Walk").status == .success)
        #expect(try await current(cli, on: "2026-03-11") == 1)
        #expect(try await current(cli, on: "2026-03-10") == 0)
    }

    @Test func aBoundaryOutsideMidnightToNoonIsAUsageErrorWithAHint() async throws {
        let cli = try harness(at: "01:30")
        defer { cli.cleanUp() }
        for value in ["13:00", "3:00", "03:60", "3am"] {
            let run = await cli.run("config", "day-starts-at", value)
            #expect(run.status == .usage, "\(value)")
            #expect(run.error.contains("The day cannot start at '\(value)'"), "\(run.error)")
            #expect(run.error.contains("habits config day-starts-at 03:00"), "\(run.error)")
            #expect(await cli.run("config", "set", "day-starts-at", value).status == .usage)
        }
        #expect(await cli.run("config", "set", "day-starts-at", "12:00").status == .success)
        #expect(await cli.run("config", "get", "day-starts-at").output == "12:00\n")
    }

    @Test func theAccountsBoundaryIsRememberedForItsServerOnly() throws {
        let cli = try harness(at: "01:30")
        defer { cli.cleanUp() }
        let variables = cli.variables
        let paths = try CLIPaths { variables[$0] }
        DaySetting.remember(
            DayBoundary("03:00")!, server: "http://127.0.0.1:8000/api/", paths: paths)
        let read = { (server: String?) in
            DaySetting.boundary(flag: server) { variables[$0] }
        }
        #expect(read("http://127.0.0.1:8000/api") == DayBoundary("03:00"))
        #expect(read("http://127.0.0.1:9000/api/") == .midnight)
        // Local mode reads the config key, not the account's.
        #expect(read(nil) == .midnight)
    }

    @Test func theServerIsResolvedOnceWithTheBoundaryAndHandedToTheCommand() throws {
        let cli = try harness(at: "01:30")
        defer { cli.cleanUp() }
        let variables = cli.variables
        let paths = try CLIPaths { variables[$0] }
        try FileManager.default.createDirectory(
            atPath: (paths.configFile as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try Data(#"{"server": "http://127.0.0.1:8000/api/"}"#.utf8)
            .write(to: URL(fileURLWithPath: paths.configFile))
        let reading = DaySetting.read(flag: nil) { variables[$0] }
        let selection = try #require(try reading.selection?.get())
        #expect(selection.url == "http://127.0.0.1:8000/api/")
        #expect(selection.source == .configFile)
        // A config file the command would refuse is refused as it starts,
        // with the error kept for the command to report when it asks.
        try Data("{".utf8).write(to: URL(fileURLWithPath: paths.configFile))
        let broken = DaySetting.read(flag: nil) { variables[$0] }
        #expect(broken.boundary == .midnight)
        #expect(throws: CommandError.self) { try broken.selection?.get() }
    }

    @Test func aLimitWithinItIsOnTrackWithWhatIsLeftAndOverItFailedAtOnce() throws {
        let today = LocalDate("2026-03-11")!
        let window = OverviewWindow(date: today, today: today)
        // States as HabitCore judges them from the day's entries.
        func item(_ id: Int64, _ fields: HabitFields, logged: Decimal?) -> HabitOverview.Item {
            let habit = Habit(id: id, fields: fields)
            let entries = logged.map { [ProgressEntry(date: today, value: $0)] } ?? []
            return HabitOverview.Item(
                habit: habit, completion: window.completion(of: habit, entries: entries),
                currentStreak: 0, strength: 0)
        }
        let items = [
            item(1, fields("Coffee", target: 2, goal: .atMost, unit: "cups"), logged: 1),
            item(2, fields("Sweets", target: 0, goal: .atMost), logged: 1),
            item(3, fields("Read"), logged: nil),
        ]
        #expect(items.map(\.standing) == [.onTrack, .overLimit, .toDo])
        let text = HabitListView(
            overview: HabitOverview(date: today, items: items), today: today,
            style: OutputStyle(), now: Date()
        ).render()
        let toDo = try #require(text.range(of: "To do\n"))
        let onTrack = try #require(text.range(of: "On track\n"))
        let over = try #require(text.range(of: "Over the limit\n"))
        #expect(text[toDo.upperBound..<onTrack.lowerBound].contains("Read"), "\(text)")
        #expect(text[onTrack.upperBound..<over.lowerBound].contains("1/2 cups, 1 left"))
        #expect(text[over.upperBound...].contains("Sweets"))
        #expect(text[over.upperBound...].contains("1/0 times"))

        // The prompt counts the kept limit as done, and only Read as to do.
        let prompt = PromptLine(overview: HabitOverview(date: today, items: items))
        #expect(prompt.text(format: "{done}/{total} {todo} {next}", unicode: false) == "1/3 1 Read")
        // Reminders never name a limit.
        let reminders = RemindCommand.reminders(items, group: nil, on: today)
        #expect(reminders.sections.flatMap(\.elements).map(\.habit.name) == ["Read"])
    }

    /// Read (no group), Run (Health), Journal (Mind), Stretch ("health"),
    /// none done on 2026-03-11.
    func groupedItems() -> [HabitOverview.Item] {
        [("Read", nil), ("Run", "Health"), ("Journal", "Mind"), ("Stretch", "health")]
            .enumerated().map { index, habit in
                HabitOverview.Item(
                    habit: Habit(id: Int64(index + 1), fields: fields(habit.0, group: habit.1)),
                    completion: CompletionData(target: 1, current: 0, state: .pending),
                    currentStreak: 0, strength: 0)
            }
    }

    /// Whether `names` come in `text` in this order.
    func inOrder(_ names: [String], in text: String) throws -> Bool {
        let positions = try names.map { try #require(text.range(of: $0), "\($0) in \(text)") }
        return zip(positions, positions.dropFirst()).allSatisfy { $0.lowerBound < $1.lowerBound }
    }

    @Test func groupsHeadTheListLogAndRemindersUngroupedLast() throws {
        let today = LocalDate("2026-03-11")!
        let items = groupedItems()
        let order = ["Health\n", "Run", "Stretch", "Mind\n", "Journal", "No group\n", "Read"]
        let list = HabitListView(
            overview: HabitOverview(date: today, items: items), today: today,
            style: OutputStyle(), now: Date()
        ).render()
        #expect(try inOrder(order, in: list))
        #expect(!list.contains("health\n"), "a group shows as first written")

        let rows = items.map { HabitLogView.Row(item: $0, states: [.pending], logged: [false]) }
        let log = HabitLogView(
            rows: rows, from: today, count: 1, today: today, style: OutputStyle()
        )
        .render()
        #expect(try inOrder(order, in: log))

        let reminders = RemindCommand.reminders(items, group: nil, on: today)
        #expect(reminders.sections.map(\.name) == ["Health", "Mind", nil])
        #expect(
            reminders.sections.map { $0.elements.map(\.habit.name) } == [
                ["Run", "Stretch"], ["Journal"], ["Read"],
            ])
    }

    @Test func groupFiltersIgnoreCase() {
        let items = groupedItems()
        let health = GroupFilter.filter(items, group: "HEALTH") { $0.habit.group }
        #expect(health.map(\.habit.name) == ["Run", "Stretch"])
        #expect(GroupFilter.filter(items, group: nil) { $0.habit.group }.count == 4)
        #expect(GroupFilter.filter(items, group: "Sleep") { $0.habit.group }.isEmpty)
        let reminders = RemindCommand.reminders(items, group: "mind", on: LocalDate("2026-03-11")!)
        #expect(reminders.sections.flatMap(\.elements).map(\.habit.name) == ["Journal"])
        let prompt = PromptLine(
            overview: HabitOverview(
                date: LocalDate("2026-03-11")!,
                items: GroupFilter.filter(items, group: "health") { $0.habit.group }))
        #expect(prompt.total == 2)
    }

    @Test func anEmptyGroupSaysSo() async throws {
        let cli = try harness(at: "12:00")
        defer { cli.cleanUp() }
        try await cli.add("Read", unit: "times", target: "1")
        let none = await cli.run("list", "--group", "Sleep")
        #expect(none.status == .success)
        #expect(none.output.hasPrefix("No habits in the group 'Sleep'."), "\(none.output)")
        #expect(await cli.run("log", "--group", "sleep").output.hasPrefix("No habits in the group"))
        #expect(await cli.run("prompt", "--group", "Sleep").output == "")
    }

    @Test func noHeadingsWhenNoHabitHasAGroup() async throws {
        let cli = try harness(at: "12:00")
        defer { cli.cleanUp() }
        try await cli.add("Read", unit: "times", target: "1")
        let list = await cli.run("list").output
        #expect(!list.contains("No group"))
        #expect(list.contains("To do\n"))
    }

    @Test func aMonthlyOrEveryNDaysHabitIsRemindedOnItsPlannedDaysWhilePending() throws {
        func item(_ frequency: Frequency, periodDays: Int? = nil, state: PeriodState)
            -> HabitOverview.Item
        {
            let habit = Habit(
                id: 1, name: "Rent", frequency: frequency, measurementType: "times",
                startDate: LocalDate("2026-03-01")!, actionDays: .weekdays, targetValue: 1,
                periodDays: periodDays)
            return HabitOverview.Item(
                habit: habit, completion: CompletionData(target: 1, current: 0, state: state),
                currentStreak: 0)
        }
        let wednesday = LocalDate("2026-03-11")!
        let saturday = LocalDate("2026-03-14")!
        for frequency in [Frequency.monthly, .everyNDays] {
            let days = frequency == .everyNDays ? 10 : nil
            #expect(
                RemindCommand.reminds(
                    item(frequency, periodDays: days, state: .pending), on: wednesday))
            #expect(
                !RemindCommand.reminds(
                    item(frequency, periodDays: days, state: .pending), on: saturday))
            #expect(
                !RemindCommand.reminds(
                    item(frequency, periodDays: days, state: .success), on: wednesday))
        }
        // A weekly habit is reminded on any day of its pending week, as before.
        #expect(RemindCommand.reminds(item(.weekly, state: .pending), on: saturday))
        var limit = item(.daily, state: .pending)
        limit.habit.goal = .atMost
        #expect(!RemindCommand.reminds(limit, on: wednesday))
    }
}
