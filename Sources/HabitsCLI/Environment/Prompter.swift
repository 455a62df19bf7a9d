import Foundation

/// Asks questions on a terminal: the question on standard error (so standard
/// output stays clean for pipes), the answer from standard input.
struct Prompter: Sendable {
    let input: any LineInput
    let output: TextOutput

    /// Asks `question`, showing `defaultAnswer` in brackets; an empty answer
    /// takes the default. `nil` at end of input.
    func ask(_ question: String, default defaultAnswer: String? = nil) -> String? {
        let shown = defaultAnswer.map { " [\($0)]" } ?? ""
        output.send("\(question)\(shown): ")
        guard let line = input.readLine() else {
            output.line()
            return nil
        }
        let answer = line.trimmingCharacters(in: .whitespaces)
        return answer.isEmpty ? (defaultAnswer ?? "") : answer
    }

    /// Asks until `read` accepts the answer (it returns a problem to show, or
    /// the value). `nil` at end of input.
    func ask<T>(
        _ question: String, default defaultAnswer: String? = nil,
        read: (String) -> Result<T, PromptProblem>
    ) -> T? {
        while let answer = ask(question, default: defaultAnswer) {
            switch read(answer) {
            case .success(let value): return value
            case .failure(let problem): output.line("  \(problem.message)")
            }
        }
        return nil
    }

    /// A yes/no question; an empty answer is `defaultAnswer`. `nil` at end of input.
    func confirm(_ question: String, default defaultAnswer: Bool) -> Bool? {
        let choices = defaultAnswer ? "Y/n" : "y/N"
        while true {
            output.send("\(question) [\(choices)] ")
            guard let line = input.readLine() else {
                output.line()
                return nil
            }
            switch line.trimmingCharacters(in: .whitespaces).lowercased() {
            case "": return defaultAnswer
            case "y", "yes": return true
            case "n", "no": return false
            default: output.line("  Answer y or n.")
            }
        }
    }
}

/// Why a prompt's answer was not accepted, shown before asking again.
struct PromptProblem: Error, Hashable, Sendable {
    var message: String

    init(_ message: String) {
        self.message = message
    }
}
