import Foundation
import HabitClient
import HabitCore

/// `habits prompt`: one short line about the day for a shell prompt or a bar.
///
/// It runs on every prompt, so it reads only what is on this machine: the
/// local database, or in server mode this device's copy of the account
/// (`ReplicaBackend`), else the habit list last fetched (the cache `list`
/// keeps); never the network. It never asks, never writes and never
/// prints an error into a prompt: any failure, a usage mistake included,
/// prints nothing and exits non-zero, with the reason on standard error only
/// under --verbose.
struct PromptCommand: HabitsCommand {
    static let format = Option(
        "format", valueName: "text",
        help: "The line, with {done} {total} {todo} {next} {streak} {strength}.")
    static let exitStatus = Flag(
        "exit-status",
        help: "Exit 0 when everything planned is done, 1 otherwise (for scripts).")
    static let verbose = Flag(
        "verbose", short: "v", help: "Say on standard error why nothing was printed.")

    static let spec = CommandSpec(
        name: "prompt",
        summary: "Print one short status line for a shell prompt or a status bar.",
        discussion: """
            By default: how many of the day's planned habits are done, and the best \
            current streak (3/5 ✓ 12d); nothing when no habit is planned. --format takes \
            the placeholders {done}, {total}, {todo}, {next} (the first habit still to do), \
            {streak} (the best current streak, in days or weeks) and {strength} (the mean \
            strength of the planned habits, in percent). --json prints the object a waybar \
            custom module reads (text, tooltip, class, percentage). It reads only local \
            data: in server mode this device's copy of the account (on a server without \
            the change feed, the list last fetched by 'habits list'), never the network. \
            On any failure it prints nothing and exits non-zero; --verbose says why on \
            standard error. The README shows snippets for bash, zsh, fish, starship, tmux \
            and waybar. --group counts only the habits of one group. A habit with a limit \
            (--at-most) counts as done while within it and is never still to do.
            """,
        options: [
            DateOption.spec, format.spec, exitStatus.spec, verbose.spec, GroupFilter.option.spec,
        ],
        examples: [
            "habits prompt", "habits prompt --format '{todo} left, next: {next}'",
            "habits prompt --json", "habits prompt --exit-status && echo all done",
        ])

    let date: LocalDate
    let format: String?
    let exitStatus: Bool
    /// Only this group's habits, when given.
    let group: String?

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        date = try DateOption.read(arguments, today: today)
        format = arguments.value(of: Self.format)
        exitStatus = arguments[Self.exitStatus]
        group = GroupFilter.read(arguments)
        if let format, let unknown = PromptLine.unknownPlaceholder(in: format) {
            throw UsageError(
                .invalidValue(
                    argument: "--format", value: unknown,
                    expected: "one of "
                        + PromptLine.placeholders.map { "{\($0)}" }.joined(separator: " ")))
        }
    }

    /// Binds and runs the command, every failure silent unless `--verbose`
    /// is among `tokens`.
    static func bindAndRunQuietly(_ tokens: [ArgumentToken], environment: CLIEnvironment)
        async throws(CommandError)
    {
        do {
            try await bindAndRun(tokens, environment: environment)
        } catch {
            let verbose = tokens.contains {
                switch $0 {
                case .long(let name, nil): return name == Self.verbose.name
                case .short(let letters): return letters.contains { $0 == Self.verbose.spec.short }
                default: return false
                }
            }
            throw verbose ? error : .silent(error.exitCode)
        }
    }

    func run(in context: CommandContext) async throws(CommandError) {
        var overview = try await overview(context)
        overview.items = GroupFilter.filter(overview.items, group: group) { $0.habit.group }
        let line = PromptLine(overview: overview)
        // The line ends up on a terminal although standard output is a pipe.
        let unicode =
            !context.arguments[GlobalOptions.ascii]
            && OutputStyle.localeIsUTF8(context.environment.variable)
        if context.style.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            guard let data = try? encoder.encode(line.waybar(format: format, unicode: unicode))
            else { throw CommandError.cannotEncodeJSON }
            context.output.line(String(decoding: data, as: UTF8.self))
        } else {
            let text = line.text(format: format, unicode: unicode)
            if !text.isEmpty { context.output.line(text) }
        }
        if exitStatus && !line.open.isEmpty { throw .silent(.failure) }
    }

    /// The day's overview from local data only.
    private func overview(_ context: CommandContext) async throws(CommandError) -> HabitOverview {
        let paths = try context.paths()
        guard let selection = try context.serverSelection() else {
            // No database yet is no habit yet; opening would create it.
            guard FileManager.default.fileExists(atPath: paths.databasePath) else {
                return HabitOverview(date: date, items: [])
            }
            let backend = try context.localBackend(paths: paths)
            return try await backend.overview(status: .active, on: date)
        }
        return try await ServerModeReader.offline(selection: selection, on: date, context: context)
    }
}
