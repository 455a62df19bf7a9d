/// The most an import reads, so a hostile or mistaken source ends in
/// bounded time, memory and disk with one sentence instead of exhausting
/// them (issue 41). Each is far above what the formats' own programs
/// write: a Loop CSV export of 200 habits with ten years of days is
/// about 25 MB in all, its backup .db about as much.
///
/// Documented in ImportAndExport.md; tests pass smaller ones.
struct ImportLimits: Sendable {
    /// The most bytes read from one file (`Habits.csv`, a `Checkmarks.csv`,
    /// harsh's `log`, an export of ours): refused above this before reading.
    var fileBytes = 32 * 1_048_576
    /// The most bytes read from a Loop CSV export in all (its folder or the
    /// entries of its .zip that are read), checked before unpacking.
    var totalBytes = 128 * 1_048_576
    /// The most entries a .zip may list.
    var archiveEntries = 100_000
    /// The largest Loop backup .db.
    var databaseBytes = 256 * 1_048_576
    /// The longest one query of a Loop backup may run.
    var queryTime: Duration = .seconds(10)
    /// The longest text or blob a Loop backup may hold (`SQLITE_LIMIT_LENGTH`).
    var valueBytes = 1_048_576

    static let standard = ImportLimits()
}
