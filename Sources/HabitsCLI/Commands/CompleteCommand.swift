import Foundation
import HabitCore

/// `habits __complete habit [prefix]`: the habit names the completion
/// scripts offer, one per line.
///
/// Hidden: left out of help, the man page and completion, since only the
/// scripts call it. It must answer at once and offline, so it reads the local
/// database when there is one (never creating it), and in server mode this
/// device's copy of the account, else the cached habit list of the selected
/// server (`ServerModeReader.names`), never the network. Names match the
/// prefix ignoring case, as `HabitReference` matches them.
struct CompleteCommand: HabitsCommand {
    /// What can be completed.
    enum Kind: String, CaseIterable, Sendable {
        /// Habit names, archived ones included (`unarchive` needs them).
        case habit
    }

    static let kind = Positional(
        "kind", values: Kind.allCases.map(\.rawValue), help: "What to complete: habit.")
    static let prefix = Positional("prefix", optional: true, help: "The text typed so far.")

    static let spec = CommandSpec(
        name: "__complete",
        summary: "Print completion candidates, one per line (for the completion scripts).",
        positionals: [kind.spec, prefix.spec],
        examples: ["habits __complete habit Dri"])

    let kind: Kind
    let prefix: String

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        let name = arguments.value(of: Self.kind) ?? ""
        guard let kind = Kind(rawValue: name) else {
            throw UsageError(
                .invalidValue(argument: "<kind>", value: name, expected: "habit"),
                command: Self.spec.name)
        }
        self.kind = kind
        prefix = arguments.value(of: Self.prefix) ?? ""
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let names: [String]
        let paths = try context.paths()
        if let selection = try context.serverSelection() {
            // This device's copy of the account, else the saved list: no network.
            names = try await ServerModeReader.names(selection: selection, context: context)
        } else {
            guard FileManager.default.fileExists(atPath: paths.databasePath) else { return }
            let backend = try context.localBackend(paths: paths)
            names = try await backend.habits(status: .all).map(\.name)
        }
        for name in Self.candidates(names, prefix: prefix) { context.output.line(name) }
    }

    /// The names that start with `prefix` (ignoring case), each once, in
    /// order; a name that could not be one line is left out.
    static func candidates(_ names: [String], prefix: String) -> [String] {
        var seen = Set<String>()
        return names.filter { name in
            !name.isEmpty && !name.contains(where: \.isNewline)
                && (prefix.isEmpty
                    || name.range(of: prefix, options: [.anchored, .caseInsensitive]) != nil)
                && seen.insert(name).inserted
        }
    }
}
