import Foundation
import HabitClient
import HabitCore
import HabitFiles
import HabitStore

/// `habits export`: every habit and entry, as our JSON document or as CSV.
struct ExportCommand: HabitsCommand {
    enum Format: String, CaseIterable, Sendable {
        case habits
        case csv
    }

    static let format = Option(
        "format", short: "f", valueName: "habits|csv", help: "What to write.")
    static let output = Option("output", short: "o", valueName: "file", help: "Write to this file.")

    static let spec = CommandSpec(
        name: "export",
        summary: "Export every habit and entry (JSON for 'habits import', or CSV).",
        discussion: """
            --format habits (the default) writes one JSON document with every habit (all \
            properties, status, created and updated times) and every entry; 'habits import \
            habits FILE' reads it back. --format csv writes one row per entry \
            (habit_id,habit_name,date,value,skipped,note,goal,period_days,group) for \
            spreadsheets: a cell a \
            spreadsheet would run as a formula gets a ' in front, and names and notes \
            carry no control characters (removed as on a terminal; the JSON keeps \
            them). Without --output the \
            export goes to standard output; with it, the file is replaced atomically, so it \
            is never left half-written.
            """,
        options: [format.spec, output.spec],
        examples: [
            "habits export --output habits-export.json",
            "habits export --format csv > entries.csv",
        ])

    let format: Format
    let output: String?

    init(_ arguments: BoundArguments, today: LocalDate) throws(UsageError) {
        format =
            try arguments.value(of: Self.format) { text, name throws(UsageError) in
                guard let format = Format(rawValue: text) else {
                    throw UsageError(
                        .invalidValue(argument: name, value: text, expected: "habits or csv"))
                }
                return format
            } ?? .habits
        output = arguments.value(of: Self.output)
    }

    func run(in context: CommandContext) async throws(CommandError) {
        if let output { try Self.requireDirectory(of: output) }
        var items: [HabitsExportDocument.Item] = []
        if try context.serverSelection() == nil {
            // Local mode saves what still reads, even of a database that
            // fails its check: the way out that check's message offers.
            let local = try LocalBackend.open(
                paths: try context.paths(), clock: context.environment.clock, salvaging: true)
            let salvage = try local.salvage()
            items = salvage.items.map {
                HabitsExportDocument.Item(habit: $0.habit, entries: $0.entries)
            }
            for part in salvage.leftOut {
                context.errorOutput.line(
                    "habits: left out of the export: \(CommandError.leftOut(part)).")
            }
        } else {
            let exporter = try context.backend()
            for habit in try await exporter.habits(status: .all) {
                items.append(
                    HabitsExportDocument.Item(
                        habit: habit, entries: try await exporter.allEntries(of: habit)))
            }
        }
        let data: Data
        switch format {
        case .habits:
            do {
                data = try HabitsExportDocument(
                    exportedAt: context.environment.clock.now(), items: items
                ).encoded()
            } catch {
                throw CommandError.cannotEncodeExport
            }
        case .csv:
            data = Data(Self.csv(items).utf8)
        }
        guard let output else {
            // Data for a pipe or a file, exact; filtered only when shown on a terminal.
            let text = String(decoding: data, as: UTF8.self)
            if context.environment.terminal.outputIsTerminal {
                context.output.send(text)
            } else {
                context.output.sendUnfiltered(text)
            }
            return
        }
        do {
            // Into an existing directory only: a mistyped path is refused, not created.
            let file = try PendingFile(replacing: output, permissions: 0o644)
            try file.write(data)
            try file.install()
        } catch {
            throw CommandError.cannotWriteExport(error)
        }
        let entries = items.reduce(0) { $0 + $1.entries.count }
        if context.style.json {
            try context.writeJSON(
                Summary(
                    path: output, format: format.rawValue, habits: items.count, entries: entries))
        } else {
            context.output.line(
                "Exported \(items.count) habit\(items.count == 1 ? "" : "s") and \(entries) "
                    + "entr\(entries == 1 ? "y" : "ies") to \(output).")
        }
    }

    /// Refuses an `--output` path whose directory does not exist (or is not
    /// a directory), before anything is read: the export creates no
    /// directories.
    static func requireDirectory(of path: String) throws(CommandError) {
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            throw CommandError.exportDirectoryMissing(path: path, directory: directory)
        }
    }

    /// `habit_id,habit_name,date,value,skipped,note,goal,period_days,group`,
    /// one row per entry (`note`, `period_days` and `group` empty when there
    /// is none; `goal` AT_LEAST or AT_MOST), RFC 4180 quoting; a name, note
    /// or group a spreadsheet would run as a formula is neutralised
    /// (`CSVTable.textField`). The habit's columns come after the entry's, so
    /// a sheet reading the first six columns by position reads them still.
    ///
    /// A name, note or group carries no control character: CSV is read on terminals
    /// and in spreadsheets, so the text is cleaned as for a terminal first
    /// (`TerminalSafeText.clean`: escape sequences and bidirectional controls
    /// go, a tab or line break becomes a space), then checked for a formula.
    /// The JSON export keeps the text exactly, escaped.
    static func csv(_ items: [HabitsExportDocument.Item]) -> String {
        var text = CSVTable.line([
            "habit_id", "habit_name", "date", "value", "skipped", "note", "goal", "period_days",
            "group",
        ])
        for item in items {
            let habit = item.habit
            let id = String(habit.id)
            let name = CSVTable.textField(TerminalSafeText.clean(habit.name))
            let properties =
                "\(habit.goal.rawValue),\(habit.periodDays.map(String.init) ?? ""),"
                + CSVTable.textField(TerminalSafeText.clean(habit.group ?? ""))
            for entry in item.entries {
                let note = CSVTable.textField(TerminalSafeText.clean(entry.note ?? ""))
                text +=
                    "\(id),\(name),\(entry.date),\(HabitText.number(entry.value)),"
                    + "\(entry.skipped),\(note),\(properties)\r\n"
            }
        }
        return text
    }

    /// `{"path", "format", "habits", "entries"}`: what `--output` with `--json` prints.
    struct Summary: Encodable {
        var path: String
        var format: String
        var habits: Int
        var entries: Int
    }
}
