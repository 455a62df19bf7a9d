/// Why a source could not be read, as facts; `CommandError.importSource`
/// words them.
enum ImportSourceError: Error, Sendable {
    /// A problem the format's reader words itself.
    case format(ImportFormatError)
    /// A pipe, device or socket given where a file is read.
    case notRegularFile(path: String)
    /// A file larger than `ImportLimits.fileBytes` (`limit`).
    case fileTooLarge(file: String, limit: Int)
    /// An entry of `archive` to read, larger than `ImportLimits.fileBytes` (`limit`).
    case entryTooLarge(archive: String, entry: String, limit: Int)
    /// The files to read from `source` add up to more than `limit` bytes.
    case sourceTooLarge(source: String, limit: Int)
    /// An archive listing more than `limit` entries.
    case tooManyEntries(archive: String, limit: Int)
    /// An entry the import needs is encrypted.
    case encryptedEntry(archive: String, entry: String)
    /// An entry that is a symbolic link.
    case linkEntry(archive: String, entry: String)
    /// An entry whose path is absolute or climbs out with `..`.
    case outsideEntry(archive: String, entry: String)
    /// An entry that unpacked to more than the size its archive gives it.
    case entryLargerThanListed(archive: String, entry: String)
    /// unzip(1) could not read the archive; its exit status.
    case unreadableArchive(archive: String, status: Int32)
    /// No unzip(1) on the search path.
    case unzipMissing
    /// unzip(1) found at `path` but could not be started.
    case unzipNotRunnable(path: String)
    /// A query of a Loop backup ran past `ImportLimits.queryTime`.
    case slowDatabase(path: String, limit: Duration)
    /// A value of a Loop backup longer than `ImportLimits.valueBytes`.
    case longDatabaseValue(path: String, limit: Int)
}
