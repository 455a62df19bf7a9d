import Foundation
import TestSupport
import Testing

@testable import HabitsCLI

/// The man page lists everything the specs declare, and stays valid roff.
@Suite struct ManPageTests {
    /// The page as groff renders it, overstriking removed.
    private func rendered() async throws -> String {
        let temporary = try TemporaryDirectory(prefix: "habits-man")
        let directory = temporary.url
        let page = directory.appendingPathComponent("habits.1")
        try Data(ManPage(commands: HabitsCommandLine.documentedCommands).render().utf8).write(
            to: page)
        let result = try await Subprocess.run(
            URL(fileURLWithPath: "/usr/bin/env"), ["groff", "-ww", "-man", "-Tutf8", page.path])
        #expect(result.status == 0, "groff failed (install it: apt-get install groff)")
        #expect(result.error.isEmpty, "\(result.error)")
        return result.output.replacingOccurrences(
            of: ".\u{8}", with: "", options: .regularExpression)
    }

    @Test func everyCommandOptionAndArgumentAppears() async throws {
        let text = try await rendered()
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

    /// The periods, goals and groups of issue 38: the options of `add` and
    /// `edit`, and what they mean in the description.
    @Test func documentsPeriodsGoalsAndGroups() async throws {
        let text = try await rendered()
        for form in ["--monthly", "--every days", "--at-least", "--at-most", "-g, --group group"] {
            #expect(text.contains(form), "\(form)")
        }
        #expect(text.contains("at most 2 cups a day"))
        #expect(text.contains("every 3 days"))
        #expect(text.contains("habits add Coffee --at-most --unit cups --target 2"))
    }

    /// The completion scripts offer the new options, and `none` for --group.
    @Test func completionsOfferPeriodsGoalsAndGroups() {
        let scripts = CompletionScript(commands: HabitsCommandLine.documentedCommands)
        for (shell, script) in [
            ("bash", scripts.bash()), ("zsh", scripts.zsh()), ("fish", scripts.fish()),
        ] {
            for option in ["--monthly", "--every", "--at-least", "--at-most", "--group"] {
                #expect(script.contains(option.dropFirst(2)), "\(shell): \(option)")
            }
        }
        #expect(scripts.fish().contains("-l group -x -a 'none'"))
    }

    @Test func escapesRoff() {
        #expect(ManPage.escaped(#"--a\b 'c' 1–2"#) == #"\-\-a\eb \(aqc\(aq 1\[u2013]2"#)
        #expect(ManPage.line(".x") == #"\&.x"#)
        #expect(ManPage.line("x.") == "x.")
    }
}

/// Every command's help and the man page read as written: no stray
/// backslash (a `\\` where a line continuation was meant) and no paragraph
/// broken by an empty line.
@Suite struct HelpTextTests {
    /// A paragraph ends a sentence; one that does not was cut in two.
    static func endsASentence(_ paragraph: some StringProtocol) -> Bool {
        guard let last = paragraph.trimmingCharacters(in: .whitespaces).last else { return false }
        return ".:)?!".contains(last)
    }

    @Test func helpHasNoStrayBackslashOrBrokenParagraph() {
        let renderer = HelpRenderer(width: 80)
        let pages =
            HabitsCommandLine.documentedCommands.map { ($0.name, renderer.command($0)) }
            + [("overview", renderer.overview(commands: HabitsCommandLine.commands.map(\.spec)))]
        for (name, page) in pages {
            #expect(!page.contains("\\"), "\(name): \(page)")
            #expect(!page.contains("\n\n\n"), "\(name): \(page)")
            for line in page.split(separator: "\n", omittingEmptySubsequences: false)
            where !line.isEmpty {
                let blank = line.allSatisfy { $0.isWhitespace }
                #expect(!blank, "\(name): a blank line of spaces")
            }
        }
        for spec in HabitsCommandLine.documentedCommands {
            for paragraph in spec.discussion.split(separator: "\n") {
                #expect(Self.endsASentence(paragraph), "\(spec.name): '\(paragraph)'")
            }
            #expect(!spec.summary.contains("\\"), "\(spec.name)")
            for option in spec.options { #expect(!option.help.contains("\\"), "\(spec.name)") }
        }
    }

    @Test func manPageHasNoStrayBackslashOrBrokenParagraph() async throws {
        let page = ManPage(commands: HabitsCommandLine.documentedCommands).render()
        // In roff, `\e` prints a backslash and an empty line breaks a paragraph.
        #expect(!page.contains(#"\e"#))
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.dropLast().contains { $0.isEmpty }, "an empty line in the page")
        #expect(!lines.contains { $0.hasSuffix("\\") }, "a line ending in a backslash")
        // Every text paragraph after `.PP` ends a sentence.
        for (index, line) in lines.enumerated() where line == ".PP" && index + 1 < lines.count {
            let text = lines[index + 1]
            guard !text.hasPrefix("."), !text.hasPrefix(#"\fB"#) else { continue }
            #expect(Self.endsASentence(text), "\(text)")
        }
    }
}
