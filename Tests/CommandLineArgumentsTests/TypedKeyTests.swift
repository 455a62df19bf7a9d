import Testing

@testable import CommandLineArguments

/// Options and positionals declared once as typed keys: the spec binds them
/// and the command reads them by the same key.
@Suite struct TypedKeyTests {
    static let all = Flag("all", short: "a", help: "All.")
    static let count = Option(
        "count", valueName: "n", help: "A count.",
        read: { text, argument throws(UsageError) in
            guard let number = Int(text) else {
                throw UsageError(
                    .invalidValue(argument: argument, value: text, expected: "a whole number"))
            }
            return number
        })
    static let name = Option("name", short: "n", valueName: "name", help: "A name.")
    static let habit = Positional("habit", help: "A habit.")
    static let amount = Positional(
        "amount", optional: true, help: "An amount.", read: { text, _ in text.count })

    let spec = CommandSpec(
        name: "demo", summary: "A command for tests.",
        positionals: [habit.spec, amount.spec],
        options: [all.spec, count.spec, name.spec])

    func bind(_ words: String...) throws(UsageError) -> BoundArguments {
        try ArgumentBinder.bind(ArgumentTokenizer.tokenize(words), to: spec)
    }

    @Test func theSpecIsTheKeys() {
        #expect(spec.options.map(\.usage) == ["-a, --all", "--count <n>", "-n, --name <name>"])
        #expect(spec.positionals.map(\.usage) == ["<habit>", "[<amount>]"])
    }

    @Test func keysReadWhatWasBound() throws {
        let bound = try bind("water", "-a", "--count=3", "-n", "Bob", "four")
        #expect(bound[Self.all])
        #expect(try bound.value(of: Self.count) == 3)
        #expect(bound.value(of: Self.name) == "Bob")
        #expect(bound.value(of: Self.habit) == "water")
        #expect(try bound.value(of: Self.amount) == 4)
    }

    @Test func aRepeatedOptionKeepsEveryValueInOrderAndTheLastWins() throws {
        let bound = try bind("water", "--count", "1", "--name", "A", "--count=2", "-nB")
        #expect(try bound.value(of: Self.count) == 2)
        #expect(try bound.values(of: Self.count) == [1, 2])
        #expect(bound.value(of: Self.name) == "B")
        #expect(bound.values(of: Self.name) == ["A", "B"])
        #expect(try bind("water").values(of: Self.count).isEmpty)
    }

    @Test func absentKeysAreFalseOrNil() throws {
        let bound = try bind("water")
        #expect(!bound[Self.all])
        #expect(try bound.value(of: Self.count) == nil)
        #expect(bound.value(of: Self.name) == nil)
        #expect(try bound.value(of: Self.amount) == nil)
        #expect(!bound.isGiven(Self.all) && !bound.isGiven(Self.name))
    }

    @Test func aValueThatDoesNotReadNamesTheOptionAndTheCommand() throws {
        let bound = try bind("water", "--count", "many")
        #expect(
            throws: UsageError(
                .invalidValue(argument: "--count", value: "many", expected: "a whole number"),
                command: "demo")
        ) { try bound.value(of: Self.count) }
    }

    @Test func aReaderGivenAtTheReadGetsTheDisplayName() throws {
        let bound = try bind("water", "--name", "Bob")
        #expect(
            try bound.value(of: Self.name) { text, argument in "\(argument)=\(text)" }
                == "--name=Bob")
    }

    @Test func conflictingKeysAreNamedInTheirOrder() throws {
        let bound = try bind("water", "--name", "Bob", "--all")
        #expect(throws: UsageError(.conflictingOptions(["--all", "--name"]), command: "demo")) {
            try bound.requireAtMostOne(of: [Self.all, Self.count, Self.name])
        }
        try bound.requireAtMostOne(of: [Self.all, Self.count])
    }
}
