import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

@Suite struct OutputStyleTests {
    func style(
        _ flags: Set<String> = [], variables: [String: String], terminal: Bool
    ) -> OutputStyle {
        let environment = CLIEnvironment(
            arguments: [], variables: variables, input: ScriptedInput([]),
            output: TextOutput(CapturedText()), errorOutput: TextOutput(CapturedText()),
            terminal: TerminalTraits(outputIsTerminal: terminal, width: 120),
            clock: .fixed(Date(timeIntervalSince1970: 0), timeZone: .gmt))
        return OutputStyle(
            arguments: BoundArguments(command: "list", flags: flags), environment: environment)
    }

    @Test func colourAndUnicodeOnlyOnAUTF8Terminal() {
        let utf8 = ["LANG": "en_GB.UTF-8"]
        let onTerminal = style(variables: utf8, terminal: true)
        #expect(onTerminal.color && onTerminal.unicode && onTerminal.width == 120)
        let piped = style(variables: utf8, terminal: false)
        #expect(!piped.color && !piped.unicode)
    }

    @Test func noColorAndFlagsTurnThingsOff() {
        #expect(!style(variables: ["NO_COLOR": "1", "LANG": "C.UTF-8"], terminal: true).color)
        #expect(style(variables: ["NO_COLOR": "", "LANG": "C.UTF-8"], terminal: true).color)
        #expect(!style(variables: ["TERM": "dumb"], terminal: true).color)
        #expect(!style(["no-color"], variables: [:], terminal: true).color)
        #expect(!style(["ascii"], variables: ["LANG": "C.UTF-8"], terminal: true).unicode)
        #expect(style(["json"], variables: [:], terminal: false).json)
    }

    @Test func localeIsTheFirstSetOfLCAllLCCtypeLang() {
        func isUTF8(_ variables: [String: String]) -> Bool {
            OutputStyle.localeIsUTF8 { variables[$0] }
        }
        #expect(isUTF8(["LC_ALL": "C", "LANG": "en_US.UTF-8"]) == false)
        #expect(isUTF8(["LC_ALL": "", "LC_CTYPE": "de_DE.utf8"]))
        #expect(isUTF8(["LANG": "POSIX"]) == false)
        #expect(isUTF8([:]) == false)
    }

    @Test func paletteIsANoOpWithoutColour() {
        #expect(Palette(enabled: false).green("done") == "done")
        #expect(Palette(enabled: true).green("done") == "\u{1B}[32mdone\u{1B}[0m")
    }

    @Test func textWidthCountsTerminalColumns() {
        #expect(TextWidth.of("Drink water") == 11)
        #expect(TextWidth.of("水を飲む") == 8)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("🏃") == 2)
        // The ASCII shortcut must agree with the per-character rule: controls take none.
        #expect(TextWidth.of("a\tb") == 2)
        #expect(TextWidth.of("#1 *") == 4)
        #expect(TextWidth.truncate("Drink water daily", to: 8, ellipsis: "...") == "Drink...")
        #expect(TextWidth.truncate("short", to: 8, ellipsis: "...") == "short")
    }

    @Test func trailingSpacesAreTrimmedAsWholeCharacters() {
        #expect(TextWidth.trimmingTrailingSpaces("Walk   ") == "Walk")
        #expect(TextWidth.trimmingTrailingSpaces("   ") == "")
        #expect(TextWidth.trimmingTrailingSpaces("") == "")
        #expect(TextWidth.trimmingTrailingSpaces(" a b") == " a b")
        // A space carrying a combining mark is one character, and not a space.
        #expect(TextWidth.trimmingTrailingSpaces("a \u{301} ") == "a \u{301}")
        #expect(TextWidth.trimmingTrailingSpaces("水 ") == "水")
    }

    @Test func tableColumnsAlignWithoutTrailingSpaces() {
        let rows: [[TextTable.Cell]] = [
            [TextTable.Cell("1", alignRight: true), TextTable.Cell("Water"), TextTable.Cell("")],
            [TextTable.Cell("12", alignRight: true), TextTable.Cell("Run"), TextTable.Cell("x")],
        ]
        let lines = TextTable(rows: rows).lines(widths: TextTable.widths(of: rows))
        #expect(lines == ["   1  Water", "  12  Run    x"])
    }

    @Test func crontabLineCarriesTheEnvironmentAndQuotes() {
        let line = CrontabLine(
            hour: 20, minute: 5, executable: "/opt/my habits/habits",
            variables: [
                "XDG_DATA_HOME": "/data", "HABITS_SERVER": "https://h.example/api/",
                "TZ": "Europe/Berlin", "PATH": "/usr/bin",
            ],
            serverFlag: nil)
        #expect(
            line.text
                == "5 20 * * * XDG_DATA_HOME=/data HABITS_SERVER=https://h.example/api/ TZ=Europe/Berlin '/opt/my habits/habits' remind --quiet"
        )
        #expect(CrontabLine.quoted("50%") == "'50\\%'")
        #expect(CrontabLine.quoted("it's") == "'it'\\''s'")
    }

    @Test func habitReferencePrefersIdsThenExactNames() throws {
        let start = try #require(LocalDate("2026-03-01"))
        func habit(_ id: Int64, _ name: String, _ status: HabitStatus = .active) -> Habit {
            Habit(
                id: id, name: name, frequency: .daily, measurementType: "times", startDate: start,
                actionDays: .everyDay, targetValue: 1, status: status)
        }
        let habits = [
            habit(1, "Run"), habit(2, "Drink water"), habit(3, "run", .archived), habit(4, "1"),
        ]
        #expect(HabitReference("2").match(among: habits) == .found(habits[1]))
        #expect(HabitReference("#1").match(among: habits) == .found(habits[0]))
        #expect(HabitReference("DRINK WATER").match(among: habits) == .found(habits[1]))
        #expect(HabitReference(" drink water ").match(among: habits) == .found(habits[1]))
        #expect(HabitReference("Run").match(among: habits) == .ambiguous([habits[0], habits[2]]))
        #expect(HabitReference("Drink").match(among: habits) == .none)
        #expect(HabitReference("99").match(among: habits) == .none)
    }
}
