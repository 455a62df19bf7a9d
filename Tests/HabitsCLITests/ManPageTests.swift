import Foundation
import TestSupport
import Testing

@testable import HabitsCLI

/// The man page lists everything the specs declare, and stays valid roff.
@Suite struct ManPageTests {
    /// The page as groff renders it, overstriking removed.
    private func rendered() throws -> String {
        let temporary = try TemporaryDirectory(prefix: "habits-man")
        let directory = temporary.url
        let page = directory.appendingPathComponent("habits.1")
        let text = directory.appendingPathComponent("habits.txt")
        let warnings = directory.appendingPathComponent("warnings.txt")
        try Data(ManPage(commands: HabitsCommandLine.documentedCommands).render().utf8).write(
            to: page)
        _ = FileManager.default.createFile(atPath: text.path, contents: nil)
        _ = FileManager.default.createFile(atPath: warnings.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["groff", "-ww", "-man", "-Tutf8", page.path]
        process.standardOutput = try FileHandle(forWritingTo: text)
        process.standardError = try FileHandle(forWritingTo: warnings)
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "groff failed (install it: apt-get install groff)")
        let warned = try String(contentsOf: warnings, encoding: .utf8)
        #expect(warned.isEmpty, "\(warned)")
        return try String(contentsOf: text, encoding: .utf8).replacingOccurrences(
            of: ".\u{8}", with: "", options: .regularExpression)
    }

    @Test func everyCommandOptionAndArgumentAppears() throws {
        let text = try rendered()
        for spec in HabitsCommandLine.documentedCommands {
            #expect(text.contains("habits \(spec.name)"), "\(spec.name)")
            for option in spec.options + OptionSpec.global {
                var form = "--\(option.name)"
                if let short = option.short { form = "-\(short), " + form }
                if let valueName = option.valueName { form += " \(valueName)" }
                #expect(text.contains(form), "\(spec.name): \(form)")
            }
            for positional in spec.positionals {
                #expect(text.contains(positional.name), "\(spec.name): \(positional.name)")
            }
            for example in spec.examples {
                #expect(text.contains(example), "\(spec.name): \(example)")
            }
        }
        #expect(text.contains("--version"))
    }

    @Test func escapesRoff() {
        #expect(ManPage.escaped(#"--a\b 'c' 1–2"#) == #"\-\-a\eb \(aqc\(aq 1\[u2013]2"#)
        #expect(ManPage.line(".x") == #"\&.x"#)
        #expect(ManPage.line("x.") == "x.")
    }
}
