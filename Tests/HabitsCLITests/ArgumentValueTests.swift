import Foundation
import Testing

@testable import HabitsCLI

/// The CLI's readers of argument values, and the hint its usage errors carry.
@Suite struct ArgumentValueTests {
    static let target = Option(
        "target", valueName: "number", help: "A target.", read: ArgumentValue.decimal)
    static let amount = Positional(
        "amount", optional: true, help: "An amount.", read: ArgumentValue.decimal)

    let spec = CommandSpec(
        name: "demo", summary: "A command for tests.", positionals: [amount.spec],
        options: [target.spec])

    @Test func typedReadersNameTheArgument() throws {
        let bound = try ArgumentBinder.bind(
            ArgumentTokenizer.tokenize(["abc", "--target", "1e3"]), to: spec)
        #expect(throws: UsageError.self) { try bound.value(of: Self.amount) }
        do {
            _ = try bound.value(of: Self.target)
            Issue.record("1e3 was accepted")
        } catch {
            #expect(
                error.problem
                    == .invalidValue(
                        argument: "--target", value: "1e3", expected: "a number such as 8 or 0.5"))
            #expect(error.command == "demo")
        }
    }

    @Test func strictDecimalsAreExact() {
        #expect(ArgumentValue.strictDecimal("0.1")?.description == "0.1")
        #expect(ArgumentValue.strictDecimal(".5")?.description == "0.5")
        #expect(ArgumentValue.strictDecimal("-2")?.description == "-2")
        for bad in ["", ".", "5abc", "1e3", "1,5", "1.2.3", "--1", " 1", "NaN"] {
            #expect(ArgumentValue.strictDecimal(bad) == nil, "\(bad)")
        }
    }

    @Test func theHintPointsAtTheCommandsHelp() {
        #expect(
            UsageError(.missingArgument("habit"), command: "demo").hint
                == "Run 'habits help demo'.")
        #expect(UsageError(.unknownCommand("x", suggestion: nil)).hint == "Run 'habits help'.")
    }

    @Test func globalOptionsBindOnEveryCommand() throws {
        let bound = try ArgumentBinder.bind(
            ArgumentTokenizer.tokenize(["--json", "--server", "http://h"]), to: spec,
            global: OptionSpec.global)
        #expect(bound[GlobalOptions.json])
        #expect(bound.value(of: GlobalOptions.server) == "http://h")
    }
}
