import Foundation
import HabitCore

/// `habits import <format> <path>`: habits and history from harsh,
/// habitctl, Loop Habit Tracker or an export of ours.
struct ImportCommand: HabitsCommand {
    private static let limits = ImportLimits.standard
    static let format = Positional("format", help: "harsh, habitctl, loop-db, loop-csv or habits.")
    static let path = Positional("path", help: "The file or directory to import.")
    static let dryRun = Flag(
        "dry-run", short: "n", help: "Show what would be imported; write nothing.")
    static let overwrite = Flag("overwrite", help: "Replace existing entries whose value differs.")
    static let renameExisting = Flag(
        "rename-existing",
        help: "Import a habit whose name an existing habit of another frequency has "
            + "as '<name> (imported)'.")
    static let skipExisting = Flag("skip-existing", help: "Leave out such habits instead.")

    static let spec = CommandSpec(
        name: "import",
        summary: "Import habits and their history from harsh, habitctl, Loop or a habits export.",
        discussion: """
            <format> is harsh or habitctl (a directory holding 'habits' and 'log'), loop-db \
            (a Loop backup .db), loop-csv (a Loop CSV export .zip or its folder) or habits \
            (a file from 'habits export'). Prints what it did: habits created, entries \
            written, and every approximation, one line each. Importing again creates nothing \
            twice: habits are matched by name and frequency and entries merge per day; a day \
            whose existing value differs is a conflict, kept unless --overwrite. In local mode \
            the import is one transaction: on any error nothing is written. A .zip is read \
            through unzip(1) in memory, only Habits.csv and the Checkmarks.csv files, after \
            checking its listing: links, paths leading outside it, encrypted files and sizes \
            past the limits are refused before anything is unpacked. One file may hold at \
            most \(limits.fileBytes / 1_048_576) MB, a Loop CSV export \
            \(limits.totalBytes / 1_048_576) MB in all, a Loop backup \
            \(limits.databaseBytes / 1_048_576) MB (read-only and immutable, only its tables, \
            each query at most \(limits.queryTime.components.seconds) seconds); what is not a \
            regular file is refused.
            """,
        positionals: [format.spec, path.spec],
        options: [dryRun.spec, overwrite.spec, renameExisting.spec, skipExisting.spec],
        examples: [
            "habits import harsh ~/.config/harsh --dry-run",
            "habits import habitctl ~/.habitctl",
            "habits import loop-db ~/Downloads/Loop-Backup.db",
            "habits import loop-csv ~/Downloads/Loop-CSV.zip --json",
            "habits import habits habits-export.json",
        ])

    let source: ImportSource
    let path: String
    let dryRun: Bool
    let options: ImportOptions

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        let format = arguments.value(of: Self.format) ?? ""
        guard let source = ImportSource(rawValue: format) else {
            let names = ImportSource.allCases.map(\.rawValue)
            throw UsageError(
                .invalidValue(
                    argument: "<format>", value: format,
                    expected: names.joined(separator: ", ")),
                command: Self.spec.name)
        }
        self.source = source
        path = arguments.value(of: Self.path) ?? ""
        dryRun = arguments[Self.dryRun]
        try arguments.requireAtMostOne(of: [Self.renameExisting, Self.skipExisting])
        var options = ImportOptions()
        if arguments[Self.renameExisting] { options.nameClash = .rename }
        if arguments[Self.skipExisting] { options.nameClash = .skip }
        options.overwrite = arguments[Self.overwrite]
        self.options = options
    }

    func run(in context: CommandContext) async throws(CommandError) {
        let progress = ImportProgress()
        let bar = ImportProgressBar(
            output: context.errorOutput, enabled: context.environment.terminal.errorIsTerminal,
            unicode: context.style.unicode, width: context.environment.width,
            delay: context.environment.statusLineDelay ?? ImportProgressBar.delay)
        let report = try await bar.during(progress) { () async throws(CommandError) in
            try await perform(in: context, progress: progress)
        }
        if context.style.json {
            try context.writeJSON(report)
        } else {
            context.output.send(report.render())
        }
    }

    private func perform(in context: CommandContext, progress: ImportProgress)
        async throws(CommandError) -> ImportReport
    {
        let document = try source.read(path: path, variables: context.environment.variables)
        let mapping = HabitMapping(today: context.today)
        var mapped: [MappedHabit] = []
        for habit in document.habits {
            do throws(ImportFormatError) {
                mapped.append(try mapping.map(habit))
            } catch {
                throw CommandError.importFormat(error)
            }
        }
        let importer = try context.backend()
        var report = ImportReport(
            format: source.rawValue, source: path, mode: importer.mode.name, dryRun: dryRun)
        report.skippedLines = document.skipped
        return try await importer.importHabits(
            mapped, options: options, report: report, dryRun: dryRun, progress: progress)
    }
}
