import Foundation
import Testing

@testable import CommandLineArguments

@Suite struct ArgumentBinderTests {
    let spec = CommandSpec(
        name: "demo", summary: "A command for tests.",
        positionals: [
            PositionalSpec("habit", help: "A habit."),
            PositionalSpec("amount", optional: true, help: "An amount."),
        ],
        options: [
            .value("date", short: "d", valueName: "date", help: "A date."),
            .flag("all", short: "a", help: "All."),
            .flag("yes", short: "y", help: "Yes."),
            .value("target", valueName: "number", help: "A target."),
        ])

    /// A program's options every command takes.
    let global: [OptionSpec] = [.flag("json", help: "JSON.")]

    func bind(_ words: String...) throws(UsageError) -> BoundArguments {
        try ArgumentBinder.bind(ArgumentTokenizer.tokenize(words), to: spec, global: global)
    }

    func problem(_ words: String...) -> UsageError.Problem? {
        do {
            _ = try ArgumentBinder.bind(
                ArgumentTokenizer.tokenize(words), to: spec, global: global)
            return nil
        } catch {
            #expect(error.command == "demo")
            return error.problem
        }
    }

    @Test func bindsOptionsAnywhereAndPositionalsInOrder() throws {
        let bound = try bind("--all", "water", "-d", "yesterday", "2.5", "--json")
        #expect(bound.positionals["habit"] == "water")
        #expect(bound.positionals["amount"] == "2.5")
        #expect(bound.values["date"] == "yesterday")
        #expect(bound.flags.contains("all"))
        #expect(bound.flags.contains("json"))
        #expect(!bound.flags.contains("yes"))
    }

    @Test func shortClusterSetsEachFlagAndTakesAnAttachedValue() throws {
        let bound = try bind("-ayd2026-03-01", "water")
        #expect(bound.flags.contains("all") && bound.flags.contains("yes"))
        #expect(bound.values["date"] == "2026-03-01")
    }

    @Test func valueMayLookLikeANegativeNumber() throws {
        let bound = try bind("water", "--target", "-5")
        #expect(bound.values["target"] == "-5")
        #expect(try bind("water", "-1").positionals["amount"] == "-1")
    }

    @Test func repeatedOptionKeepsTheLastValue() throws {
        #expect(try bind("w", "--date", "monday", "--date=tuesday").values["date"] == "tuesday")
    }

    @Test func unknownOptionIsNamedWithASuggestion() {
        #expect(problem("w", "--dat", "x") == .unknownOption("--dat", suggestion: "--date"))
        #expect(problem("w", "--frobnicate") == .unknownOption("--frobnicate", suggestion: nil))
        #expect(problem("w", "-z") == .unknownOption("-z", suggestion: nil))
    }

    @Test func missingValueNamesTheOption() {
        #expect(problem("w", "--date") == .missingValue(option: "--date", valueName: "date"))
        #expect(
            problem("w", "--date", "--all") == .missingValue(option: "--date", valueName: "date"))
        #expect(problem("w", "-d") == .missingValue(option: "-d", valueName: "date"))
    }

    @Test func flagGivenAValueIsRefused() {
        #expect(problem("w", "--all=yes") == .flagWithValue(option: "--all"))
    }

    @Test func positionalCountIsChecked() {
        #expect(problem() == .missingArgument("habit"))
        #expect(problem("a", "b", "c") == .unexpectedArgument("c"))
    }

    @Test func everyProblemIsOneSentenceNamingTheArgument() {
        let cases: [(UsageError.Problem, String)] = [
            (.unknownOption("--dat", suggestion: "--date"), "--dat"),
            (.missingValue(option: "--date", valueName: "date"), "--date"),
            (.flagWithValue(option: "--all"), "--all"),
            (.unexpectedArgument("extra"), "extra"),
            (.missingArgument("habit"), "<habit>"),
            (.invalidValue(argument: "--target", value: "abc", expected: "a number"), "--target"),
            (.conflictingOptions(["--daily", "--weekly"]), "--weekly"),
        ]
        for (problem, argument) in cases {
            let text = UsageError(problem).description
            #expect(text.contains(argument), "\(text)")
            #expect(text.hasSuffix(".") || text.hasSuffix("?"), "\(text)")
            #expect(!text.contains("\n"))
        }
    }

    @Test func suggestionsAreOnlyForCloseTypos() {
        #expect(Suggestion.closest(to: "lst", among: ["list", "show"]) == "list")
        #expect(Suggestion.closest(to: "shwo", among: ["list", "show"]) == "show")
        #expect(Suggestion.closest(to: "banana", among: ["list", "show"]) == nil)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
    }
}
