import Foundation
import HabitCore
import Testing

@testable import HabitsCLI

@Suite struct LoopCSVReaderTests {
    @Test func readsAModernExport() throws {
        let habits = #"""
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            001,Meditate,YES_NO,Did you meditate?,,1,1,#FF0000,,AT_LEAST,0,false
            002,"Run, far",YES_NO,,"likes ""hills""",2,3,#00FF00,,AT_LEAST,0,true
            003,Water,NUMERICAL,,,1,1,#0000FF,glasses,AT_LEAST,8,false

            """#
        let checkmarks = [
            "001 Meditate":
                "Date,Value,Notes\n2026-03-03,YES_MANUAL,\n2026-03-02,SKIP,\n2026-03-01,YES_AUTO,\n2026-02-28,NO,\n",
            "002 Run, far": "Date,Value,Notes\r\n2026-03-01,YES_MANUAL,\"went, finally\"\r\n",
            "003 Water": "Date,Value,Notes\n2026-03-01,6500,\n2026-03-02,0,\n",
        ]
        let document = try LoopCSVReader.read(habitsCSV: habits, checkmarks: checkmarks)
        #expect(document.habits.map(\.name) == ["Meditate", "Run, far", "Water"])
        #expect(document.habits[0].entries.map(\.mark) == [.done, .skipped, .none, .none])
        #expect(document.habits[1].schedule == .times(2, perDays: 3))
        #expect(document.habits[1].archived)
        #expect(document.habits[1].description == "likes \"hills\"")
        #expect(document.habits[1].entries.first?.note == "went, finally")
        #expect(document.habits[2].amounts?.unit == "glasses")
        #expect(document.habits[2].amounts?.target == 8)
        #expect(
            document.habits[2].entries.map(\.mark) == [.amount(Decimal(string: "6.5")!), .none])
        #expect(document.skipped.isEmpty)
    }

    /// The CSV export's windows are Loop's, months included, and its "at
    /// most" target type a limit.
    @Test func readsMonthsAndLimits() throws {
        let habits = """
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            001,Read,YES_NO,,,10,30,#FF0000,,AT_LEAST,0,false
            002,Coffee,NUMERICAL,,,1,1,#00FF00,cups,AT_MOST,2,false

            """
        let document = try LoopCSVReader.read(
            habitsCSV: habits,
            checkmarks: ["001 Read": "Date,Value,Notes\n", "002 Coffee": "Date,Value,Notes\n"])
        #expect(document.habits.map(\.windowOfAMonth) == [true, true])
        let mapping = HabitMapping(today: try #require(LocalDate("2026-03-11")))
        let read = try mapping.map(document.habits[0])
        #expect(read.fields.frequency == .monthly)
        #expect(read.fields.targetValue == 10)
        let coffee = try mapping.map(document.habits[1])
        #expect(coffee.fields.goal == .atMost)
        #expect(coffee.fields.targetValue == 2)
        #expect(coffee.fields.measurementType == "cups")
        #expect(coffee.status == .active)
    }

    @Test func readsAnOldExportWithoutHeaders() throws {
        let habits =
            "Position,Name,Question,Description,NumRepetitions,Interval,Color\n0,Floss,,,1,1,#fff\n"
        let document = try LoopCSVReader.read(
            habitsCSV: habits,
            checkmarks: ["001 Floss": "2026-01-02,2\n2026-01-01,3\n2025-12-31,0\n"])
        #expect(document.habits.first?.entries.map(\.mark) == [.done, .skipped, .none])
    }

    @Test func refusesAFileThatIsNotLoops() {
        #expect(throws: ImportFormatError.self) {
            try LoopCSVReader.read(habitsCSV: "a,b\n1,2\n", checkmarks: [:])
        }
    }

    @Test func csvQuotingRoundTrips() {
        let fields = ["plain", "with, comma", "with \"quotes\"", "two\nlines", " padded "]
        #expect(CSVTable.rows(CSVTable.line(fields)) == [fields])
    }
}
