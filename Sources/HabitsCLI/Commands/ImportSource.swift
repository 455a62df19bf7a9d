import Foundation
import HabitCore
import HabitStorage
import HabitStore

/// The formats `habits import` reads, and how each is read from disk.
///
/// This is the command's I/O edge: it reads the files and hands their
/// contents to the pure parsers (`HarshParser`, `HabitctlParser`,
/// `LoopDatabaseReader`, `LoopCSVReader`, `HabitsExportDocument`).
enum ImportSource: String, CaseIterable, Sendable {
    case harsh
    case habitctl
    case loopDB = "loop-db"
    case loopCSV = "loop-csv"
    case habits

    /// Reads the source at `path`; every problem is one sentence with a hint.
    func read(path: String, variables: [String: String]) throws(CommandError) -> SourceDocument {
        do throws(ImportFormatError) {
            switch self {
            case .harsh, .habitctl:
                let directory = try Self.directory(path, holding: "habits and log files")
                let habits = try Self.text(directory + "/habits", required: true)
                let log = try Self.text(directory + "/log", required: false)
                return self == .harsh
                    ? HarshParser.parse(habits: habits, log: log)
                    : HabitctlParser.parse(habits: habits, log: log)
            case .loopDB:
                try Self.requireFile(path)
                let file: SQLiteReadOnlyFile
                do {
                    file = try SQLiteReadOnlyFile(path: path)
                } catch {
                    var why = CommandError.storeSentence(error)
                    if case .cannotOpen = error { why = "it is not a SQLite database." }
                    throw ImportFormatError(
                        "Cannot read \(path) as a Loop backup: " + why,
                        hint: "Choose the .db file of Loop's 'Export full backup'.")
                }
                defer { file.close() }
                return try LoopDatabaseReader.read(file, name: path)
            case .loopCSV:
                return try Self.readLoopCSV(path, variables: variables)
            case .habits:
                try Self.requireFile(path)
                let data = try Self.data(path)
                return try HabitsExportDocument(data: data, name: path).source
            }
        } catch {
            throw CommandError(.failure, error.message, hint: error.hint)
        }
    }

    private static func requireFile(_ path: String) throws(ImportFormatError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportFormatError("\(path) does not exist.", hint: "Check the path.")
        }
        if isDirectory.boolValue {
            throw ImportFormatError("\(path) is a directory, not a file.", hint: "Check the path.")
        }
    }

    private static func directory(_ path: String, holding what: String) throws(ImportFormatError)
        -> String
    {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportFormatError("\(path) does not exist.", hint: "Check the path.")
        }
        guard isDirectory.boolValue else {
            throw ImportFormatError(
                "\(path) is a file; give the directory holding the \(what).",
                hint: "For harsh that is usually ~/.config/harsh.")
        }
        return path
    }

    private static func data(_ path: String) throws(ImportFormatError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw ImportFormatError("Cannot read \(path).", hint: "Check its permissions.")
        }
    }

    private static func text(_ path: String, required: Bool) throws(ImportFormatError) -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            if !required { return "" }
            throw ImportFormatError(
                "\(path) does not exist.",
                hint: "Give the directory that holds the 'habits' and 'log' files.")
        }
        return try ImportText.utf8(try data(path), file: path)
    }

    /// A Loop CSV export: its folder, or the .zip unpacked by unzip(1) into
    /// a temporary directory removed afterwards.
    private static func readLoopCSV(_ path: String, variables: [String: String])
        throws(ImportFormatError) -> SourceDocument
    {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ImportFormatError("\(path) does not exist.", hint: "Check the path.")
        }
        if isDirectory.boolValue { return try readLoopFolder(path, name: path) }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
            "habits-import-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: temporary) }
        try unzip(path, into: temporary, variables: variables)
        return try readLoopFolder(temporary, name: path)
    }

    private static func readLoopFolder(_ root: String, name: String) throws(ImportFormatError)
        -> SourceDocument
    {
        let manager = FileManager.default
        var base = root
        if !manager.fileExists(atPath: root + "/Habits.csv") {
            // Some archives hold one folder with everything inside.
            let children = (try? manager.contentsOfDirectory(atPath: root)) ?? []
            guard
                let inner = children.first(where: {
                    manager.fileExists(atPath: root + "/" + $0 + "/Habits.csv")
                })
            else {
                throw ImportFormatError(
                    "\(name) has no Habits.csv: it is not a Loop CSV export.",
                    hint: LoopCSVReader.loopHint)
            }
            base = root + "/" + inner
        }
        let habits = try ImportText.utf8(try data(base + "/Habits.csv"), file: "Habits.csv")
        var checkmarks: [String: String] = [:]
        for child in (try? manager.contentsOfDirectory(atPath: base)) ?? [] {
            let file = base + "/" + child + "/Checkmarks.csv"
            guard manager.fileExists(atPath: file) else { continue }
            checkmarks[child] = try ImportText.utf8(try data(file), file: child + "/Checkmarks.csv")
        }
        return try LoopCSVReader.read(habitsCSV: habits, checkmarks: checkmarks)
    }

    /// Runs `unzip -q` on `archive`; a clear error when unzip is not installed.
    private static func unzip(
        _ archive: String, into directory: String, variables: [String: String]
    )
        throws(ImportFormatError)
    {
        let searchPath = (variables["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(
            String.init)
        guard
            let unzip = (searchPath + ["/usr/bin"]).map({ $0 + "/unzip" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else {
            throw ImportFormatError(
                "Reading a .zip needs the unzip program, which is not installed.",
                hint: "Install it (Debian: apt-get install unzip), or unzip the export yourself "
                    + "and import the folder.")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: unzip)
        process.arguments = ["-q", "-o", archive, "-d", directory]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ImportFormatError("Cannot run \(unzip).", hint: "Check that it is executable.")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ImportFormatError(
                "\(archive) is not a zip archive unzip can read (status "
                    + "\(process.terminationStatus)).",
                hint: "Import the unzipped folder instead, or export again from Loop.")
        }
    }
}
