import Foundation
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

    /// Reads the source at `path`, no more than `limits` allow; every
    /// problem is one sentence with a hint.
    func read(path: String, variables: [String: String], limits: ImportLimits = .standard)
        throws(CommandError) -> SourceDocument
    {
        do throws(ImportSourceError) {
            return try document(path: path, variables: variables, limits: limits)
        } catch {
            throw CommandError.importSource(error)
        }
    }

    private func document(path: String, variables: [String: String], limits: ImportLimits)
        throws(ImportSourceError) -> SourceDocument
    {
        func format<T>(_ body: () throws(ImportFormatError) -> T) throws(ImportSourceError) -> T {
            do { return try body() } catch { throw .format(error) }
        }
        switch self {
        case .harsh, .habitctl:
            let directory = try format { () throws(ImportFormatError) in
                try Self.directory(path)
            }
            let habits = try Self.text(directory + "/habits", required: true, limits: limits)
            let log = try Self.text(directory + "/log", required: false, limits: limits)
            return self == .harsh
                ? HarshParser.parse(habits: habits, log: log)
                : HabitctlParser.parse(habits: habits, log: log)
        case .loopDB:
            try ImportFile.check(path, limit: limits.databaseBytes)
            let file: SQLiteReadOnlyFile
            do {
                file = try SQLiteReadOnlyFile(
                    path: path,
                    limits: SQLiteReadOnlyFile.Limits(
                        statementTime: limits.queryTime, valueBytes: limits.valueBytes))
            } catch {
                throw .format(.unreadableLoopBackup(path: path, error))
            }
            defer { file.close() }
            return try LoopDatabaseReader.read(file, name: path, limits: limits)
        case .loopCSV:
            return try Self.readLoopCSV(path, variables: variables, limits: limits)
        case .habits:
            let data = try ImportFile.contents(path, limit: limits.fileBytes)
            return try format { () throws(ImportFormatError) in
                try HabitsExportDocument(data: data, name: path).source
            }
        }
    }

    private static func directory(_ path: String) throws(ImportFormatError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missing(path: path)
        }
        guard isDirectory.boolValue else {
            throw .notADirectory(path: path)
        }
        return path
    }

    private static func text(_ path: String, required: Bool, limits: ImportLimits)
        throws(ImportSourceError) -> String
    {
        guard FileManager.default.fileExists(atPath: path) else {
            if !required { return "" }
            throw .format(.missingHabitsFile(path: path))
        }
        return try utf8(try ImportFile.contents(path, limit: limits.fileBytes), file: path)
    }

    private static func utf8(_ data: Data, file: String) throws(ImportSourceError) -> String {
        do { return try ImportText.utf8(data, file: file) } catch { throw .format(error) }
    }

    /// A Loop CSV export: its folder, or its .zip read by unzip(1) in memory.
    private static func readLoopCSV(
        _ path: String, variables: [String: String], limits: ImportLimits
    ) throws(ImportSourceError) -> SourceDocument {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .format(.missing(path: path))
        }
        let files: (habits: Data, checkmarks: [String: Data])
        if isDirectory.boolValue {
            files = try readLoopFolder(path, limits: limits)
        } else {
            try ImportFile.check(path, limit: .max)
            let archive = LoopCSVArchive(
                archive: URL(fileURLWithPath: path).standardizedFileURL.path, name: path,
                unzip: try unzip(variables: variables), limits: limits)
            files = try archive.read()
        }
        let habits = try utf8(files.habits, file: "Habits.csv")
        var checkmarks: [String: String] = [:]
        for (folder, data) in files.checkmarks {
            checkmarks[folder] = try utf8(data, file: folder + "/Checkmarks.csv")
        }
        do {
            return try LoopCSVReader.read(habitsCSV: habits, checkmarks: checkmarks)
        } catch {
            throw .format(error)
        }
    }

    private static func readLoopFolder(_ root: String, limits: ImportLimits)
        throws(ImportSourceError) -> (habits: Data, checkmarks: [String: Data])
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
                throw .format(.noHabitsCSV(source: root))
            }
            base = root + "/" + inner
        }
        var total = 0
        func read(_ file: String) throws(ImportSourceError) -> Data {
            let data = try ImportFile.contents(file, limit: limits.fileBytes)
            total += data.count
            if total > limits.totalBytes {
                throw .sourceTooLarge(source: root, limit: limits.totalBytes)
            }
            return data
        }
        let habits = try read(base + "/Habits.csv")
        var checkmarks: [String: Data] = [:]
        for child in (try? manager.contentsOfDirectory(atPath: base)) ?? [] {
            let file = base + "/" + child + "/Checkmarks.csv"
            guard manager.fileExists(atPath: file) else { continue }
            checkmarks[child] = try read(file)
        }
        return (habits, checkmarks)
    }

    /// unzip(1) on `variables`' PATH (else /usr/bin).
    private static func unzip(variables: [String: String]) throws(ImportSourceError) -> String {
        let searchPath = (variables["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(
            String.init)
        guard
            let unzip = (searchPath + ["/usr/bin"]).map({ $0 + "/unzip" }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw .unzipMissing }
        return unzip
    }
}
