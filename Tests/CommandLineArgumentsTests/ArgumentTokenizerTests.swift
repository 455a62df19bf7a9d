import Testing

@testable import CommandLineArguments

@Suite struct ArgumentTokenizerTests {
    @Test func classifiesLongShortAndPlainWords() {
        let tokens = ArgumentTokenizer.tokenize(["list", "--all", "--date=2026-03-01", "-ay", "3"])
        #expect(
            tokens == [
                .word("list"), .long(name: "all", value: nil),
                .long(name: "date", value: "2026-03-01"), .short(letters: "ay"), .word("3"),
            ])
    }

    @Test func doubleDashEndsOptions() {
        let tokens = ArgumentTokenizer.tokenize(["add", "--", "--weird name", "-x"])
        #expect(tokens == [.word("add"), .literal("--weird name"), .literal("-x")])
    }

    @Test func negativeNumbersAndLoneDashAreWords() {
        let tokens = ArgumentTokenizer.tokenize(["-1", "-0.5", "-.5", "-", "-a1"])
        #expect(
            tokens == [.word("-1"), .word("-0.5"), .word("-.5"), .word("-"), .short(letters: "a1")])
    }

    @Test func emptyValueAfterEqualsIsKept() {
        #expect(ArgumentTokenizer.tokenize(["--unit="]) == [.long(name: "unit", value: "")])
    }

    @Test func tokensRememberHowTheyWereTyped() {
        let words = ["--date=today", "-ay", "--all", "x"]
        #expect(ArgumentTokenizer.tokenize(words).map(\.text) == words)
    }
}
