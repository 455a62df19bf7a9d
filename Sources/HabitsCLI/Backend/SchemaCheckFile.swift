import Foundation
import HabitFiles
import HabitStore

/// A database's schema-check memo kept in a file of the cache directory
/// (`XDG_CACHE_HOME`): one line, the stamp of the last check that passed.
/// Losing the file costs one check; a damaged one is read as none.
struct SchemaCheckFile: SchemaCheckMemo {
    let path: String

    func recalled() -> SchemaCheckStamp? {
        guard let data = try? AtomicFile.read(path), let line = data.split(separator: 10).first
        else { return nil }
        return SchemaCheckStamp(line: String(decoding: line, as: UTF8.self))
    }

    func remember(_ stamp: SchemaCheckStamp) {
        try? AtomicFile.write(Data((stamp.line + "\n").utf8), to: path)
    }
}
