import Foundation
import TestSupport
import Testing

@testable import HabitsCLI

/// The CSV cell rule the CLI's export and the web app's share: each case of
/// `Tests/Web/csv-cells.json` against `CSVTable.field` and `textField` here,
/// and against the web app's `csv.js` through `node --test` (cancelled when
/// node is missing, failed under CI).
@Suite struct CSVCellRuleTests {
    private struct Cases: Decodable {
        var cases: [Case]
    }

    private struct Case: Decodable {
        var kind: String
        var value: String
        var cell: String
    }

    private static let web = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../Web").standardized

    @Test func theCLIWritesEveryCaseAsItsCell() throws {
        let data = try Data(contentsOf: Self.web.appendingPathComponent("csv-cells.json"))
        let cases = try JSONDecoder().decode(Cases.self, from: data).cases
        #expect(cases.count > 20)
        for item in cases {
            let cell =
                item.kind == "text" ? CSVTable.textField(item.value) : CSVTable.field(item.value)
            #expect(cell == item.cell, "\(item.kind) \(item.value.debugDescription)")
            // The cell reads back as the value, with the `'` of a neutralised one.
            let read = CSVTable.rows(cell + "\r\n").first ?? []
            let neutralised = cell.hasPrefix("\"'")
            #expect(read == [(neutralised ? "'" : "") + item.value] || item.value.isEmpty)
        }
    }

    @Test func theWebAppWritesEveryCaseAsItsCell() throws {
        let node = try RequiredTool.locate("node", package: "nodejs")
        let process = Process()
        process.executableURL = node
        // TAP, whose summary says how many passed, on every Node since 18.
        process.arguments = [
            "--test", "--test-reporter=tap", Self.web.appendingPathComponent("csv.test.mjs").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("# pass 2"), "\(text)")
    }
}
