import Foundation

/// The files of a Loop CSV export read out of its .zip by unzip(1), in
/// memory: nothing is written to disk.
///
/// The archive is listed first (`unzip -Z -T`) and refused before anything
/// is unpacked when it lists more than `ImportLimits.archiveEntries`
/// entries, holds a link or a path leading outside it, when an entry to
/// read is encrypted or larger than `ImportLimits.fileBytes`, or when those
/// add up to more than `ImportLimits.totalBytes`. Then only `Habits.csv`
/// and each habit folder's `Checkmarks.csv` are unpacked, one `unzip -p`
/// each, cut off one byte past the size the listing gave.
struct LoopCSVArchive: Sendable {
    /// Where the export's files are: `Habits.csv` and `<folder>/Checkmarks.csv`
    /// under `base` ("" or "Loop Habits CSV 2026-03-10/").
    struct Selection: Sendable, Hashable {
        var habits: ZipListing.Entry
        /// Each habit folder's `Checkmarks.csv`, by folder name.
        var checkmarks: [String: ZipListing.Entry]
    }

    /// The archive's absolute path, as unzip is given it.
    var archive: String
    /// The archive as the person named it, for messages.
    var name: String
    var unzip: String
    var limits: ImportLimits

    /// `Habits.csv` and each folder's `Checkmarks.csv`, as bytes.
    func read() throws(ImportSourceError) -> (habits: Data, checkmarks: [String: Data]) {
        let listing = try run(
            ["-Z", "-T", archive], limit: limits.archiveEntries * 1_100, entry: nil)
        let entries = ZipListing(zipinfo: String(decoding: listing, as: UTF8.self)).entries
        let selection = try Self.select(entries, archive: name, limits: limits)
        let habits = try contents(of: selection.habits)
        var checkmarks: [String: Data] = [:]
        for (folder, entry) in selection.checkmarks {
            checkmarks[folder] = try contents(of: entry)
        }
        return (habits, checkmarks)
    }

    /// The entries to read, or why the archive is refused before unpacking.
    static func select(_ entries: [ZipListing.Entry], archive: String, limits: ImportLimits)
        throws(ImportSourceError) -> Selection
    {
        if entries.count > limits.archiveEntries {
            throw .tooManyEntries(archive: archive, limit: limits.archiveEntries)
        }
        for entry in entries {
            if entry.leadsOutside { throw .outsideEntry(archive: archive, entry: entry.name) }
            if entry.isLink { throw .linkEntry(archive: archive, entry: entry.name) }
        }
        let byName = Dictionary(
            entries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        // Some archives hold one folder with everything inside.
        let base: String
        if byName["Habits.csv"] != nil {
            base = ""
        } else if let inner = entries.first(where: {
            $0.name.hasSuffix("/Habits.csv") && $0.name.split(separator: "/").count == 2
        }) {
            base = String(inner.name.dropLast("Habits.csv".count))
        } else {
            throw .format(.noHabitsCSV(source: archive))
        }
        guard let habits = byName[base + "Habits.csv"] else {
            throw .format(.noHabitsCSV(source: archive))
        }
        var checkmarks: [String: ZipListing.Entry] = [:]
        for entry in entries where entry.name.hasPrefix(base) {
            let parts = entry.name.dropFirst(base.count).split(
                separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1] == "Checkmarks.csv", !parts[0].isEmpty else {
                continue
            }
            checkmarks[String(parts[0])] = entry
        }
        var total = 0
        for entry in [habits] + checkmarks.values.sorted(by: { $0.name < $1.name }) {
            if entry.encrypted { throw .encryptedEntry(archive: archive, entry: entry.name) }
            if entry.size > limits.fileBytes {
                throw .entryTooLarge(archive: archive, entry: entry.name, limit: limits.fileBytes)
            }
            total += entry.size
            if total > limits.totalBytes {
                throw .sourceTooLarge(source: archive, limit: limits.totalBytes)
            }
        }
        return Selection(habits: habits, checkmarks: checkmarks)
    }

    /// unzip(1) reads its names as patterns; these make each character literal.
    static func pattern(_ name: String) -> String {
        var result = ""
        for character in name {
            if "\\*?[]".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    private func contents(of entry: ZipListing.Entry) throws(ImportSourceError) -> Data {
        Data(try run(["-p", archive, Self.pattern(entry.name)], limit: entry.size, entry: entry))
    }

    /// unzip's output, at most `limit` bytes.
    private func run(_ arguments: [String], limit: Int, entry: ZipListing.Entry?)
        throws(ImportSourceError) -> [UInt8]
    {
        guard let result = ChildProgram.run(unzip, arguments, limit: limit) else {
            throw .unzipNotRunnable(path: unzip)
        }
        if result.overflowed {
            guard let entry else {
                throw .tooManyEntries(archive: name, limit: limits.archiveEntries)
            }
            throw .entryLargerThanListed(archive: name, entry: entry.name)
        }
        guard result.status == 0 else {
            throw .unreadableArchive(archive: name, status: result.status)
        }
        return result.output
    }
}
